/// What a mark's label says, and the member whose rank it takes.
///
/// A single place is named by its name. A cluster says what it is rather than naming one member
/// "+N" (which reads as one place with friends): a town among its members names it, since at
/// that scale the cluster is the town; places of one category are counted by the style's phrase
/// ("12 places to eat"); a mixed cluster is named by its most important named member, whose
/// ring beside it shows how many places gather there, unless it holds more than the style's
/// `clusters.named_up_to` ("580 places": a city's hundreds are not its cinema).
///
/// A cluster so counted or named has a fallback, for a finished map to draw where its label finds
/// no room: the most important member's name that is shorter (in characters), named as a mixed
/// cluster is. In a crowded core "2 places to eat" or a sculpture's long name often finds no
/// spot where a café's short name does, and a place named at a ring tells more than none.
struct MarkNaming {
    let style: MapStyle
    let language: String?

    func label(_ group: MarkGroup) -> (text: String, rank: LayoutMark, fallback: String?)? {
        let first = group.members[0]
        if group.isCluster, !first.isTown {
            let count = group.members.count, many = style.counted(mixed: count, language: language)
            if group.members.allSatisfy({ $0.category == first.category }), let phrase = style.counted(first.category, count: count, language: language) {
                return (phrase, first, many == nil ? shorterName(in: group, than: phrase) : nil)
            }
            if let many { return (many, first, nil) }
        }
        guard let named = group.members.first(where: { !($0.label ?? "").isEmpty }), let text = named.label else { return nil }
        return (text, named, group.isCluster && !first.isTown ? shorterName(in: group, than: text) : nil)
    }

    /// The most important member's name shorter than `text`.
    private func shorterName(in group: MarkGroup, than text: String) -> String? {
        let length = text.count
        return group.members.lazy.compactMap(\.label).first { !$0.isEmpty && $0.count < length }
    }
}

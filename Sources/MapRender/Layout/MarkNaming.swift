/// What a mark's label says, and the member whose rank it takes.
///
/// A single place is named by its name. A cluster says what it is rather than naming one member
/// "+N" (which reads as one place with friends): a town among its members names it, since at
/// that scale the cluster is the town; places of one category are counted by the style's phrase
/// ("12 places to eat"); a mixed cluster is named by its most important named member, whose
/// ring beside it shows how many places gather there, unless it holds more than the style's
/// `clusters.named_up_to` ("580 places": a city's hundreds are not its cinema).
struct MarkNaming {
    let style: MapStyle
    let language: String?

    func label(_ group: MarkGroup) -> (text: String, rank: LayoutMark)? {
        let first = group.members[0]
        if group.isCluster, !first.isTown {
            let count = group.members.count
            if group.members.allSatisfy({ $0.category == first.category }), let phrase = style.counted(first.category, count: count, language: language) {
                return (phrase, first)
            }
            if let phrase = style.counted(mixed: count, language: language) { return (phrase, first) }
        }
        guard let named = group.members.first(where: { !($0.label ?? "").isEmpty }) else { return nil }
        return (named.label!, named)
    }
}

extension LabelPlacement {
    /// Labels for a finished image, which no neighbouring tile must agree with: each label in
    /// order of importance takes its first free spot that no label placed before it covers, as
    /// Mapnik places them. It names more places than the local rule (which drops a label a more
    /// important one might have displaced, so that a decision never depends on far-away labels),
    /// and keeps the same guarantees: no label covers a mark, an obstacle or another label.
    static func placeGreedily(_ wanted: [Int], in map: Neighbourhood, bounds: PixelRect?, maxSize: (width: Double, height: Double), gap: Double,
                              measure: (String) -> (text: String, width: Double, height: Double)) -> [PlacedLabel] {
        var taken = RectIndex(), placed: [PlacedLabel] = []
        for i in wanted.sorted(by: { precedes(map.request($0), $0, map.request($1), $1) }) {
            let request = map.request(i), m = measure(request.text)
            let spots = request.candidates(width: min(m.width, maxSize.width), height: min(m.height, maxSize.height), gap: gap)
            guard let spot = spots.first(where: { (bounds?.contains($0) ?? true) && !taken.intersectsAny($0) && !map.isBlocked($0) }) else { continue }
            taken.insert(spot)
            placed.append(PlacedLabel(groupID: request.groupID, text: m.text, rect: spot))
        }
        return placed
    }
}

/// What label placement asks of the map around a place: the requests whose spots may reach it
/// (an index always denotes the same request), a request, its text to draw (perhaps shortened)
/// and its box, halo included, and whether a mark or obstacle covers a place.
///
/// A protocol rather than closures: the answers keep state (what was already formed or
/// gathered), and state captured by closures is checked for exclusive access at run time on
/// every question; held in a value the solver owns, it is checked when compiled.
protocol LabelNeighbourhood {
    mutating func requestsNear(_ rect: PixelRect) -> [Int]
    func request(_ i: Int) -> LabelRequest
    func measured(_ i: Int) -> (text: String, width: Double, height: Double)
    mutating func isBlocked(_ rect: PixelRect) -> Bool
}

/// The `count` smallest elements of a sequence, in order, without sorting it all: the candidates
/// are kept until there are twice `count`, then sorted and cut back to `count`, and whatever is not
/// below the last one kept is passed over with one comparison. A page of ten out of thousands of
/// search matches costs a pass over them and a few small sorts.
func smallestFirst<Element: Comparable>(_ count: Int, of elements: some Sequence<Element>) -> [Element] {
    var kept: [Element] = []
    kept.reserveCapacity(2 * count)
    var bound: Element?
    for element in elements where bound.map({ element < $0 }) ?? true {
        kept.append(element)
        if kept.count == 2 * count {
            kept.sort()
            kept.removeLast(count)
            bound = kept.last
        }
    }
    kept.sort()
    return Array(kept.prefix(count))
}

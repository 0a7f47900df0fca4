import GeoCore

/// How the group of each cell of the cluster grid is drawn, so that no two marks ever meet:
///
/// - A cluster is a ring and a lone place in a crowded neighbourhood a dot, each drawn whole
///   inside its own cell, `gap` / 2 in from its edges (moved in from where it stands as little
///   as that needs): two of them never meet, being in different cells.
/// - The places of a cell whose dots, so moved, stay `gap` apart are not merged: each is a dot
///   of its own. A ring stands only for places that would truly collide.
/// - A lone place is a teardrop pin standing exactly on its place when there is room: when its
///   pin, `gap` around, covers no other occupied cell (it is a *candidate*) and no other
///   candidate's pin. A pin then keeps off every dot and ring (they stay in their cells) and
///   every other pin. Where two candidates' pins meet, both are dots.
/// A muted category's places are always dots. Each decision looks at most two pin reaches and a
/// cell away, which bounds the margin a tile needs (`AnnotationLayout.margin`).
final class MarkForms {
    /// The least space between two marks' ink.
    static let gap = 2.0

    /// A mark as drawn, in world pixels: the places it stands for, its look, its anchor (a pin's
    /// tip, a dot's or ring's centre), its ink.
    struct Mark {
        let group: MarkGroup
        let look: PinLook
        let anchor: (x: Double, y: Double)
        let rect: PixelRect
    }

    private let grid: ClusterGrid
    private let style: MapStyle
    /// An item's category: whether a cell may hold a pin is asked of many cells whose groups are
    /// never needed, and forming one makes its marks (their ids and names).
    private let category: (Int) -> String
    private let pinReach: Double
    /// What is known so far, by cell number and by category. Behind a pointer: every access to a
    /// class's stored `var` is checked for exclusivity at run time, and a tile asks these
    /// thousands of times.
    private let known: UnsafeMutablePointer<Known>

    private struct Known {
        var candidates: [PixelRect?]
        var checked: [Bool]
        var decided: [[Mark]?]
        /// Each category's pin and dot, and whether it is muted, made once: a tile forms thousands of
        /// marks. Found by scanning the few categories, which costs less than hashing the name; kept
        /// apart, so that asking for one does not copy the others.
        var categories: [String] = [], pins: [PinLook] = [], dots: [PinLook] = [], muted: [Bool] = []
    }

    init(grid: ClusterGrid, style: MapStyle, category: @escaping (Int) -> String) {
        (self.grid, self.style, self.category) = (grid, style, category)
        let r = Self.pinReach(style)
        pinReach = max(r.left, r.top, r.right, r.bottom)
        known = .allocate(capacity: 1)
        known.initialize(to: Known(candidates: Array(repeating: nil, count: grid.cellCount), checked: Array(repeating: false, count: grid.cellCount),
                                   decided: Array(repeating: nil, count: grid.cellCount)))
    }

    deinit {
        known.deinitialize(count: 1)
        known.deallocate()
    }

    /// The least cell side that holds the largest ring and a dot, each with its outline, shadow
    /// and the gap between marks: what keeps marks in different cells apart.
    static func smallestCell(_ style: MapStyle) -> Double {
        let largest = [PinLook.ring(count: .max, slices: [], style: style), PinLook.dot("", style: style)].map { look in
            let r = look.inkReach
            return max(r.left + r.right, r.top + r.bottom)
        }.max()!
        return largest + gap
    }

    /// How far a pin's ink reaches from its tip on each side.
    static func pinReach(_ style: MapStyle) -> (left: Double, top: Double, right: Double, bottom: Double) {
        PinLook.pin("", style: style).inkReach
    }

    /// How far from its anchor any mark's ink may reach at `zoom`: a pin's reach, or across its cell.
    static func markReach(_ style: MapStyle, zoom: Double) -> Double {
        let r = pinReach(style)
        return max(r.left, r.top, r.right, r.bottom) + style.clusters.span(atZoom: zoom)
    }

    /// How far from its cell any mark's decision looks, in world pixels: the cells its own pin
    /// covers (a pin's reach and the gap), the candidates whose pins may meet it (a pin's reach
    /// farther), and the cells their pins cover (a pin's reach and the gap again), plus a cell.
    static func reach(_ style: MapStyle, zoom: Double) -> Double {
        let r = pinReach(style)
        return 3 * max(r.left, r.top, r.right, r.bottom) + 2 * gap + style.clusters.span(atZoom: zoom)
    }

    /// The marks of cell `number`: a pin, a dot, a ring, or the dots of places that need no ring.
    func marks(inCell number: Int) -> [Mark] {
        if let marks = known.pointee.decided[number] { return marks }
        let placed = grid.group(inCell: number), group = placed.group
        let made: [Mark]
        if let pin = candidate(number), !meetsAnotherCandidate(number, pin) {
            made = [Mark(group: group, look: pinLook(group.category), anchor: placed.position, rect: pin)]
        } else if group.isCluster, let dots = apart(placed, inCell: number) {
            made = dots
        } else {
            let look = group.isCluster ? PinLook.ring(group, style: style) : dotLook(group.category)
            made = [inside(number, look: look, at: placed.position, group: group)]
        }
        known.pointee.decided[number] = made
        return made
    }

    /// Puts `look` at `anchor` for the `index`th mark of cell `number` (already formed): a
    /// finished map's mark stepping aside for a name (`MarkRoom`), a pin as its dot.
    func move(inCell number: Int, at index: Int, look: PinLook, to anchor: (x: Double, y: Double)) {
        let m = known.pointee.decided[number]![index]
        known.pointee.decided[number]![index] = Mark(group: m.group, look: look, anchor: anchor, rect: look.inkRect(at: anchor))
    }

    /// A category's dot.
    func dot(_ category: String) -> PinLook { dotLook(category) }

    /// A mark of `look` whole inside the cell, `gap` / 2 in from its edges, as near `position` as that allows.
    private func inside(_ number: Int, look: PinLook, at position: (x: Double, y: Double), group: MarkGroup) -> Mark {
        let anchor = anchorInside(number, look: look, at: position)
        return Mark(group: group, look: look, anchor: anchor, rect: look.inkRect(at: anchor))
    }

    private func anchorInside(_ number: Int, look: PinLook, at position: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let reach = look.inkReach, cell = grid.rect(ofCell: number), inset = Self.gap / 2
        func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double { low <= high ? min(max(v, low), high) : (low + high) / 2 }
        return (x: clamp(position.x, cell.minX + inset + reach.left, cell.maxX - inset - reach.right),
                y: clamp(position.y, cell.minY + inset + reach.top, cell.maxY - inset - reach.bottom))
    }

    /// The members of a cell's cluster as dots of their own, when every two stay `gap` apart.
    /// Their ink is tried first, and the marks made only then: most clusters are rings.
    private func apart(_ placed: ClusterGrid.Placed, inCell number: Int) -> [Mark]? {
        let members = placed.group.members
        var ink: [PixelRect] = []
        ink.reserveCapacity(members.count)
        for (member, position) in zip(members, placed.memberPositions) {
            let look = dotLook(member.category), dot = look.inkRect(at: anchorInside(number, look: look, at: position))
            if ink.contains(where: { $0.grown(by: Self.gap).intersects(dot) }) { return nil }
            ink.append(dot)
        }
        return zip(members, placed.memberPositions).map { member, position in
            inside(number, look: dotLook(member.category), at: position, group: MarkGroup(members: [member], position: member.position))
        }
    }

    /// The ink of the cell's pin when it may be one: a lone place, not muted, whose pin with
    /// the gap around it covers no other occupied cell.
    private func candidate(_ number: Int) -> PixelRect? {
        if known.pointee.checked[number] { return known.pointee.candidates[number] }
        known.pointee.checked[number] = true
        guard let (item, position) = grid.lone(inCell: number) else { return nil }
        let look = lookIndex(category(item))
        guard !known.pointee.muted[look] else { return nil }
        let ink = known.pointee.pins[look].inkRect(at: position)
        var alone = true
        grid.forEachCell(meeting: ink.grown(by: Self.gap)) { if $0 != number { alone = false } }
        known.pointee.candidates[number] = alone ? ink : nil
        return alone ? ink : nil
    }

    private func pinLook(_ category: String) -> PinLook {
        let k = lookIndex(category)
        return known.pointee.pins[k]
    }

    private func dotLook(_ category: String) -> PinLook {
        let k = lookIndex(category)
        return known.pointee.dots[k]
    }

    /// Where `category`'s looks are in `known`, made the first time.
    private func lookIndex(_ category: String) -> Int {
        if let k = known.pointee.categories.firstIndex(of: category) { return k }
        known.pointee.categories.append(category)
        known.pointee.pins.append(PinLook.pin(category, style: style))
        known.pointee.dots.append(PinLook.dot(category, style: style))
        known.pointee.muted.append(style.category(category).muted)
        return known.pointee.categories.count - 1
    }

    private func meetsAnotherCandidate(_ number: Int, _ ink: PixelRect) -> Bool {
        var meets = false
        grid.forEachCell(meeting: ink.grown(by: Self.gap + pinReach)) { other in
            guard !meets, other != number, let pin = candidate(other) else { return }
            meets = pin.grown(by: Self.gap).intersects(ink)
        }
        return meets
    }
}

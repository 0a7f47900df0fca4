import GeoCore
import Testing
@testable import MapRender

/// Marks stepping aside for names (`MarkRoom`), against the rules written out and checked by
/// brute force over every pair: a name is had only when every mark it met has moved off it;
/// a moved mark stays whole inside its cell, a place's dot within `dotShift` of where it stood
/// (a pin becomes its dot), inside the image if it was, the gap from every other mark and from
/// the marks beyond the image, off the legend, and off every name had before; a name refused
/// moves nothing.
@Suite struct MarkRoomTests {
    let style: MapStyle
    init() throws { style = try MapStyle.named("default") }

    @Test(arguments: [1, 2, 3, 4, 5])
    func movedMarksKeepTheRules(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let cell = 26.0, inset = MarkForms.gap / 2
        // One mark per occupied cell of a 12 × 8 grid: pins, dots and rings where MarkForms would put them.
        var marks: [AnnotationLayout.Mark] = [], cells: [PixelRect] = []
        for row in 0..<8 {
            for column in 0..<12 where Double.random(in: 0...1, using: &rng) < 0.7 {
                let box = PixelRect(x: Double(column) * cell, y: Double(row) * cell, width: cell, height: cell)
                let kind = Int.random(in: 0..<3, using: &rng), category = ["eat", "see", "stay"][kind]
                let member = LayoutMark(id: "p\(row)-\(column)", category: category, position: Coordinate(lat: 0, lon: 0))
                let group = kind == 2 ? MarkGroup(members: [member, LayoutMark(id: "q\(row)-\(column)", category: "eat", position: member.position)],
                                                  position: member.position)
                    : MarkGroup(members: [member], position: member.position)
                let look = group.isCluster ? PinLook.ring(group, style: style) : PinLook.dot(category, style: style)
                let r = look.inkReach
                let anchor = (x: Double.random(in: box.minX + inset + r.left...box.maxX - inset - r.right, using: &rng),
                              y: Double.random(in: box.minY + inset + r.top...box.maxY - inset - r.bottom, using: &rng))
                marks.append(AnnotationLayout.Mark(group: group, look: look, anchor: anchor, rect: look.inkRect(at: anchor)))
                cells.append(box)
            }
        }
        // A pin far from the others, in a cell of its own below the grid.
        let pinCell = PixelRect(x: 5 * cell, y: 10 * cell, width: cell, height: cell), tip = (x: pinCell.midX, y: pinCell.midY)
        let pin = PinLook.pin("see", style: style)
        marks.append(AnnotationLayout.Mark(group: MarkGroup(members: [LayoutMark(id: "pin", category: "see", position: Coordinate(lat: 0, lon: 0))],
                                                            position: Coordinate(lat: 0, lon: 0)),
                                           look: pin, anchor: tip, rect: pin.inkRect(at: tip)))
        cells.append(pinCell)
        // The image cuts the last column of cells; a legend in its corner; a mark beyond the image kept where it is.
        let image = PixelRect(x: 0, y: 0, width: 300, height: 300), legend = PixelRect(x: 0, y: 0, width: 60, height: 30)
        let beyond = PixelRect(x: 140, y: 90, width: 6, height: 6)
        var room = MarkRoom(marks: marks, cells: cells, bounds: image, beyond: [beyond]) { PinLook.dot($0, style: style) }
        room.reserve([legend])
        var had: [PixelRect] = [], refused = 0
        // Names as thin boxes across the grid (a street name's letters), and one on the pin's head.
        let names = (0..<40).map { _ in
            [PixelRect(x: .random(in: 0...300, using: &rng), y: .random(in: 0...200, using: &rng), width: .random(in: 8...40, using: &rng), height: 12)]
        } + [[PixelRect(x: tip.x - 4, y: tip.y - 30, width: 8, height: 12)]]
        for boxes in names where !boxes.contains(where: { b in had.contains { $0.intersects(b) } }) {
            let before = room.marks.map(\.rect)
            if room.clear(boxes) {
                had += boxes
                #expect(!room.marks.contains { m in boxes.contains { $0.intersects(m.rect) } }, "a mark still under a name had")
            } else {
                refused += 1
                #expect(room.marks.map(\.rect) == before, "a refused name moved a mark")
            }
        }
        #expect(had.count >= 10 && refused >= 1, "\(had.count) names had, \(refused) refused")
        #expect(room.marks.last!.look.shape != .teardrop, "the pin gave way to the name on its head, as its dot")
        for (i, m) in room.marks.enumerated() {
            #expect(!had.contains { $0.intersects(m.rect) }, "mark \(i) under a name")
            #expect(cells[i].grown(by: -inset + 1e-9).contains(m.rect), "mark \(i) left its cell")
            if room.moved.contains(i) {
                #expect(!image.contains(marks[i].rect) || image.contains(m.rect), "mark \(i) moved out of the image")
                #expect(!m.rect.intersects(legend) && !m.rect.grown(by: MarkForms.gap - 1e-9).intersects(beyond), "mark \(i) moved onto what is kept")
            }
            if !m.group.isCluster {
                #expect(abs(m.anchor.x - marks[i].anchor.x) <= MarkRoom.dotShift + 1e-9 && abs(m.anchor.y - marks[i].anchor.y) <= MarkRoom.dotShift + 1e-9, "dot \(i) went far: \(marks[i].anchor) → \(m.anchor), \(marks[i].look.shape)")
            }
            for j in room.marks.indices where j > i && (room.moved.contains(i) || room.moved.contains(j)) {
                #expect(!m.rect.grown(by: MarkForms.gap - 1e-9).intersects(room.marks[j].rect), "marks \(i) and \(j) closer than the gap")
            }
        }
        #expect(room.moved.count >= 5)
    }
}

import Foundation
import Testing
@testable import GeoCore

@Suite struct HilbertCurveTests {
    @Test func visitsEveryCellOnceMovingOneCellAtATime() {
        let order = 5, side = UInt32(1 << order)
        var cellAt: [UInt32: (UInt32, UInt32)] = [:]
        for x in 0..<side { for y in 0..<side { cellAt[HilbertCurve.index(x: x, y: y, order: order)] = (x, y) } }
        #expect(cellAt.count == Int(side * side))
        #expect(cellAt.keys.max() == side * side - 1)
        for d in 1..<(side * side) {
            let (a, b) = (cellAt[d - 1]!, cellAt[d]!)
            let step = abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1))
            #expect(step == 1, "cells \(d - 1) and \(d) are not neighbours")
        }
    }
}

import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import Testing
import TestSupport
@testable import Atlas

@Suite struct MemoryBudgetTests {
    final class Load: @unchecked Sendable {
        let lock = NSLock()
        var now = 0, most = 0
    }

    /// Drawings whose shares add up to more than the budget never run at once; one larger than
    /// the budget runs alone.
    @Test func sharesBeyondTheBudgetWait() {
        let budget = MemoryBudget(bytes: 10), load = Load(), shares = [6, 6, 6, 4, 25, 6]
        DispatchQueue.concurrentPerform(iterations: shares.count) { i in
            let share = min(shares[i], 10)
            budget.reserving(shares[i]) {
                load.lock.withLock { load.now += share; load.most = max(load.most, load.now) }
                Thread.sleep(forTimeInterval: 0.05)
                load.lock.withLock { load.now -= share }
            }
        }
        #expect(load.most <= 10 && load.most >= 6 && load.now == 0)
    }
}

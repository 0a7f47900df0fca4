import Foundation
import Synchronization

/// A batch's progress on standard error: on a terminal one line redrawn in place (a bar, the
/// counts, an estimate of the time left); otherwise, for logs, one plain line per map.
public final class AtlasProgress: Sendable {
    private let terminal: Bool
    private let started = ContinuousClock.now
    private struct Counts { var skipped = 0, failed = 0 }
    private let counts = Mutex(Counts())

    public init(terminal: Bool = isatty(STDERR_FILENO) != 0) { self.terminal = terminal }

    public func update(done: Int, total: Int, map: AtlasMap, outcome: AtlasBatch.Outcome) {
        let line: String = counts.withLock { counts in
            switch outcome {
            case .skipped: counts.skipped += 1
            case .failed: counts.failed += 1
            case .rendered: break
            }
            guard terminal else {
                let what = switch outcome {
                case let .rendered(files, objects, crowded, seconds):
                    "wrote \(files.joined(separator: ", ")) (\(objects) objects\(crowded > 0 ? ", \(crowded) markers crowded" : ""), \(String(format: "%.1f", seconds)) s)"
                case .skipped: "up to date, skipped"
                case let .failed(reason): "FAILED: \(reason)"
                }
                return "[\(done)/\(total)] \(map.label): \(what)\n"
            }
            let width = 24, filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            let elapsed = (ContinuousClock.now - started).components.seconds
            // The maps left, at the pace so far (skipped maps cost nothing and are not counted).
            let drawn = done - counts.skipped, left = total - done
            let eta = drawn > 0 && left > 0 ? " · about \(Self.clock(Int(Double(elapsed) / Double(drawn) * Double(left)))) left" : ""
            let extra = (counts.skipped > 0 ? " · \(counts.skipped) skipped" : "") + (counts.failed > 0 ? " · \(counts.failed) failed" : "")
            return "\r\u{1B}[K\(bar) \(done)/\(total) maps\(extra)\(eta)" + (done == total ? "\n" : "")
        }
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Ends the bar's line when the batch stopped before its end.
    public func finish(interrupted: Bool) {
        if terminal, interrupted { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    static func clock(_ seconds: Int) -> String { String(format: "%d:%02d", seconds / 60, seconds % 60) }
}

import BaseData
import Foundation

/// A base import's progress on standard error, on a terminal only (a log gets the summary
/// alone): one line redrawn in place, at most ten times a second, with the features read, the
/// rate, and the time left in the current file where the reader knows how much of it is done:
/// a vector file whose layers count their features, or an extract while GDAL's OSM driver reads
/// through it (afterwards it hands over the features it assembled, whose number no one knows
/// beforehand).
final class BaseProgress {
    private let terminal: Bool
    private let started = ContinuousClock.now
    /// When the current file's first known part was heard, and that part: the time left is
    /// extrapolated from what was read since (a reader reports first after thousands of features).
    private var firstPart: (at: ContinuousClock.Instant, done: Double)?
    private var shown = ContinuousClock.now - .seconds(1)
    private var drawn = false
    /// Features read in the files before the current one.
    private var before = 0, current = 0, file = ""

    init(terminal: Bool = isatty(STDERR_FILENO) != 0) { self.terminal = terminal }

    func update(file: String, _ progress: BaseReader.Progress) {
        guard terminal else { return }
        let now = ContinuousClock.now
        if file != self.file { (before, self.file, firstPart) = (before + current, file, nil) }
        current = progress.read
        if firstPart == nil, let done = progress.done { firstPart = (now, done) }
        guard now - shown >= .milliseconds(100) else { return }
        shown = now
        let total = before + current
        let line = "\(file): \(total) features read · \(Int(Double(total) / Self.seconds(now - started))) /s"
            + (firstPart.flatMap { first in
                Self.timeLeft(elapsed: Self.seconds(now - first.at), from: first.done, to: progress.done)
            }.map { " · \($0) left" } ?? "")
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        drawn = true
    }

    /// The time the rest of a file will take at the rate since its part `from` was done
    /// ("1 min 05 s", "12 s"); nil until a few percent more are done, when the rate says little.
    static func timeLeft(elapsed: Double, from start: Double, to done: Double?) -> String? {
        guard let done, done - start >= 0.02, done < 1 else { return nil }
        let left = Int((elapsed * (1 - done) / (done - start)).rounded(.up))
        return left >= 60 ? "\(left / 60) min \(String(format: "%02d", left % 60)) s" : "\(left) s"
    }

    private static func seconds(_ d: Duration) -> Double {
        max(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18, 1e-3)
    }

    /// Ends the line, if one was drawn.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

import Foundation

/// A base import's progress on standard error, on a terminal only (a log gets the summary
/// alone): one line redrawn in place with the features read and the rate, at most ten times a
/// second. An extract's total is not known before it is read, so there is no time left to show.
final class BaseProgress {
    private let terminal: Bool
    private let started = ContinuousClock.now
    private var shown = ContinuousClock.now - .seconds(1)
    private var drawn = false
    /// Features read in the files before the current one.
    private var before = 0, current = 0, file = ""

    init(terminal: Bool = isatty(STDERR_FILENO) != 0) { self.terminal = terminal }

    func update(file: String, read: Int) {
        guard terminal else { return }
        if file != self.file { (before, self.file) = (before + current, file) }
        current = read
        let now = ContinuousClock.now
        guard now - shown >= .milliseconds(100) else { return }
        shown = now
        let seconds = max(Double((now - started).components.attoseconds) / 1e18 + Double((now - started).components.seconds), 1e-3)
        let total = before + current
        FileHandle.standardError.write(Data("\r\u{1B}[K\(file): \(total) features read · \(Int(Double(total) / seconds)) /s".utf8))
        drawn = true
    }

    /// Ends the line, if one was drawn.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

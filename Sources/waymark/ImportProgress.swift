import Foundation
import GeoStore

/// A streamed import's progress on standard error (`RecordStream`): on a terminal one line
/// redrawn in place, at most ten times a second, with the records and bytes read, the rate and
/// the time left in the current file; elsewhere (a log) nothing, the import's summary line on
/// standard output being the one line. A file's reader calls it from its own thread; the files
/// are read one after another (`RecordStream.readingAhead` ends its thread before the next).
final class ImportProgress: @unchecked Sendable {
    private let terminal: Bool
    private let started = ContinuousClock.now
    private var shown = ContinuousClock.now - .seconds(1)
    private var drawn = false
    /// Records and bytes read in the files before the current one, and in it.
    private var before = (records: 0, bytes: Int64(0)), current = (records: 0, bytes: Int64(0)), file = ""
    private var fileStarted = ContinuousClock.now

    init(terminal: Bool = isatty(STDERR_FILENO) != 0) { self.terminal = terminal }

    /// `files` with each stream reporting here as it is read.
    func watching(_ files: [ParsedFile]) -> [ParsedFile] {
        files.map { file in
            var watched = file
            watched.stream = file.stream.map { stream in
                stream.map { [self] batch, bytesRead in update(file: file.file, size: stream.bytes, batch: batch, bytesRead: bytesRead) }
            }
            return watched
        }
    }

    private func update(file: String, size: Int64?, batch: ParsedFile, bytesRead: Int64) {
        let now = ContinuousClock.now
        if file != self.file {
            (before, current, self.file, fileStarted) = ((before.records + current.records, before.bytes + current.bytes), (0, 0), file, now)
        }
        current = (current.records + batch.records.count + batch.problemCount, bytesRead)
        guard terminal, now - shown >= .milliseconds(100) else { return }
        shown = now
        let done = size.flatMap { $0 > 0 ? Double(bytesRead) / Double($0) : nil }
        let line = "\(URL(fileURLWithPath: file).lastPathComponent): \(before.records + current.records) records · "
            + Self.megabytes(before.bytes + current.bytes) + (size.map { " of " + Self.megabytes($0) } ?? "")
            + " · \(Int(Double(before.records + current.records) / Self.seconds(now - started))) /s"
            + (BaseProgress.timeLeft(elapsed: Self.seconds(now - fileStarted), from: 0, to: done).map { " · \($0) left" } ?? "")
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        drawn = true
    }

    /// Ends the line, if one was drawn.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

    private static func seconds(_ d: Duration) -> Double {
        max(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18, 1e-3)
    }
}

import Foundation

/// A file read a batch of records at a time inside the import (`ParsedFile.stream`), so that a
/// file of any size never sits in memory whole: CSV and GDAL's formats, whose files can hold
/// millions of places. Each batch is a `ParsedFile` of at most `batchSize` records with the
/// problems, notes and warnings of its part of the file; `bytesRead` is how far into the file
/// the reader is, for a progress display.
public struct RecordStream: Sendable {
    public typealias Batch = (_ batch: ParsedFile, _ bytesRead: Int64) throws -> Void

    /// Records per batch: about 20 MB of places, and few enough batches that each one's fixed
    /// costs (a hand-over between threads, a summary merged) do not count.
    public static let batchSize = 16_384

    /// The file's size, when the reader knows it.
    public let bytes: Int64?
    private let reader: @Sendable (Batch) throws -> Void

    public init(bytes: Int64?, reader: @escaping @Sendable (Batch) throws -> Void) {
        self.bytes = bytes
        self.reader = reader
    }

    /// Reads the whole file, handing each batch to `body` in the file's order.
    public func read(_ body: Batch) throws {
        try reader(body)
    }

    /// `read` with the reader on a thread of its own, one batch ahead of `body`, each batch made
    /// ready there by `preparing` (its time zones): the file is parsed while the last batch is
    /// stored. An error on either side ends both; the reader's thread has ended when this returns.
    public func readingAhead<Prepared: Sendable>(preparing: @escaping @Sendable (ParsedFile) throws -> Prepared,
                                                 _ body: (Prepared, _ bytesRead: Int64) throws -> Void) throws {
        let handOver = HandOver<Prepared>()
        let reader = Thread { [self] in
            do {
                try self.reader { batch, bytesRead in try handOver.put((try preparing(batch), bytesRead)) }
                handOver.end(nil)
            } catch {
                handOver.end(error)
            }
        }
        // A deep parse (nested JSON in a field) needs more than a secondary thread's default stack.
        reader.stackSize = 8 << 20
        reader.start()
        defer { handOver.stopAndWait() }
        while let (prepared, bytesRead) = try handOver.take() { try body(prepared, bytesRead) }
    }

    /// One batch at a time from the reader's thread to the import's.
    private final class HandOver<Prepared>: @unchecked Sendable {
        private let condition = NSCondition()
        private var waiting: (Prepared, Int64)?
        private var ended = false, stopped = false, readerDone = false
        private var failure: (any Error)?

        /// Waits until the last batch was taken; throws once the import has stopped.
        func put(_ batch: (Prepared, Int64)) throws {
            condition.lock()
            defer { condition.unlock() }
            while waiting != nil && !stopped { condition.wait() }
            if stopped { throw CancellationError() }
            waiting = batch
            condition.broadcast()
        }

        /// The reader has read the whole file, or failed with `error`.
        func end(_ error: (any Error)?) {
            condition.lock()
            (ended, readerDone, failure) = (true, true, error)
            condition.broadcast()
            condition.unlock()
        }

        /// The next batch; nil at the end of the file; the reader's error.
        func take() throws -> (Prepared, Int64)? {
            condition.lock()
            defer { condition.unlock() }
            while waiting == nil && !ended { condition.wait() }
            if let batch = waiting {
                waiting = nil
                condition.broadcast()
                return batch
            }
            if let failure { throw failure }
            return nil
        }

        /// Tells a reader still going to stop, and waits for its thread to end.
        func stopAndWait() {
            condition.lock()
            stopped = true
            condition.broadcast()
            while !readerDone { condition.wait() }
            condition.unlock()
        }
    }

    /// The same file with `change` applied to each batch (and how far the reader is) before it is handed on.
    public func map(_ change: @escaping @Sendable (inout ParsedFile, _ bytesRead: Int64) throws -> Void) -> RecordStream {
        RecordStream(bytes: bytes) { body in
            try self.read { batch, bytesRead in
                var batch = batch
                try change(&batch, bytesRead)
                try body(batch, bytesRead)
            }
        }
    }
}

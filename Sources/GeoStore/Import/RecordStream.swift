/// A file read a batch of records at a time inside the import (`ParsedFile.stream`), so that a
/// file of any size never sits in memory whole: CSV and GDAL's formats, whose files can hold
/// millions of places. Each batch is a `ParsedFile` of at most `batchSize` records with the
/// problems, notes and warnings of its part of the file; `bytesRead` is how far into the file
/// the reader is, for a progress display.
public struct RecordStream: Sendable {
    public typealias Batch = (_ batch: ParsedFile, _ bytesRead: Int64) throws -> Void

    /// Records per batch: about 20 MB of places, and few enough batches that each one's fixed
    /// costs (a zone index, a statement's reset) do not count.
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

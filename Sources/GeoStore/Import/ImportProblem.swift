/// One record that could not be imported: which file, which record (feature index, line…), why.
public struct ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var record: String
    public var reason: String

    public init(file: String, record: String, reason: String) {
        self.file = file
        self.record = record
        self.reason = reason
    }

    public var description: String { "\(file): \(record): \(reason)" }
}

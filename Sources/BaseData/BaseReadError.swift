/// Why a base-map file was refused: the file and the reason (GDAL's own message where it has one).
public struct BaseReadError: Error, CustomStringConvertible, Sendable {
    public let file: String
    public let reason: String

    public init(file: String, reason: String) { (self.file, self.reason) = (file, reason) }

    public var description: String { "\(file): \(reason)" }
}

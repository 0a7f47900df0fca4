public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public let description: String

    package init(description: String) { self.description = description }
}

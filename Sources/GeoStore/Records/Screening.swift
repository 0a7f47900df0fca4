import Foundation

public struct Screening: Hashable, Sendable, Codable {
    public var title: String
    /// The start instant (stored in UTC); the cinema's zone gives its local day.
    public var start: Date
    public var minutes: Int?
    /// Age rating such as MP, MP-12, MP-15.
    public var rating: String?
    /// Language version such as DAB (dubbed) or ČT (subtitled).
    public var version: String?

    public init(title: String, start: Date, minutes: Int? = nil, rating: String? = nil, version: String? = nil) {
        self.title = title
        self.start = start
        self.minutes = minutes
        self.rating = rating
        self.version = version
    }
}

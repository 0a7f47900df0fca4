public enum CatchGrouping: String, CaseIterable, Sendable {
    case water, species, year
}

public struct CatchStatistic: Sendable, Hashable {
    /// The value of each requested grouping, in the order requested ("(no water)" when unknown).
    public var group: [String]
    public var count: Int
    public var totalWeightKg: Double
    public var maxWeightKg: Double?
    public var maxLengthCm: Double?

    package init(group: [String], count: Int, totalWeightKg: Double, maxWeightKg: Double?, maxLengthCm: Double?) {
        (self.group, self.count, self.totalWeightKg, self.maxWeightKg, self.maxLengthCm) = (group, count, totalWeightKg, maxWeightKg, maxLengthCm)
    }
}

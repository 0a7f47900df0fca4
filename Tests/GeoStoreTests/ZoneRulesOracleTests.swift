import Foundation
import GeoCore
import Testing
import TestSupport

/// A zone's clocks as `ZoneRules` reads them from the system's time zone database agree with
/// Python's `zoneinfo` (the same files, read by another implementation): offset, abbreviation and
/// daylight saving time at random instants around the spring and autumn changes of both
/// hemispheres, from 1970 to 2070, far past the files' last transitions (their footer's rules).
@Suite struct ZoneRulesOracleTests {
    static let zones = ["Europe/Riga", "Europe/London", "Europe/Dublin", "America/New_York", "America/St_Johns", "America/Santiago",
                        "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "Africa/Casablanca", "Etc/GMT-14"]

    static let script = """
        import sys
        from datetime import datetime, timezone
        from zoneinfo import ZoneInfo
        for line in sys.stdin:
            zone, t = line.split()
            d = datetime.fromtimestamp(int(t), timezone.utc).astimezone(ZoneInfo(zone))
            print(int(d.utcoffset().total_seconds()), d.tzname(), int(d.dst().total_seconds() != 0))
        """

    @Test func agreesWithPythonsZoneinfo() async throws {
        // A fixed linear congruential sequence: the same instants on every run.
        var state: UInt64 = 0x5EED_2026
        func random(_ range: ClosedRange<Int64>) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int64((state >> 11) % UInt64(range.upperBound - range.lowerBound + 1))
        }
        var cases: [(zone: String, instant: Int64)] = []
        for zone in Self.zones {
            for i in 0..<50 {
                let year = Int(random(1970...2070))
                // Three weeks either side of 1 April or 1 November, where both hemispheres change their clocks.
                let month = i % 2 == 0 ? 4 : 11
                var components = DateComponents(timeZone: .gmt, year: year, month: month, day: 1)
                components.calendar = Calendar(identifier: .gregorian)
                let centre = Int64(try #require(components.date).timeIntervalSince1970)
                cases.append((zone, centre + random(-21 * 86_400...21 * 86_400)))
            }
        }
        let input = cases.map { "\($0.zone) \($0.instant)\n" }.joined()
        let python = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.script], input: Data(input.utf8))
        try #require(python.exit.status == 0, "python3: \(python.stderr)")
        let lines = python.stdout.split(separator: "\n")
        try #require(lines.count == cases.count)
        var disagreements: [String] = []
        for (c, line) in zip(cases, lines) {
            let fields = line.split(separator: " ").map(String.init)
            let clock = try #require(ZoneRules.named(c.zone), "\(c.zone) not read").clock(at: Date(timeIntervalSince1970: TimeInterval(c.instant)))
            if [String(clock.offset), clock.abbreviation, clock.isDaylightSavingTime ? "1" : "0"] != fields {
                disagreements.append("\(c.zone) at \(c.instant): \(clock) vs zoneinfo \(fields)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(cases.count): \(disagreements.prefix(10))")
        // The next change is an instant where the clock differs from just before it.
        for c in cases.prefix(100) {
            let rules = try #require(ZoneRules.named(c.zone))
            guard let next = rules.clock(at: Date(timeIntervalSince1970: TimeInterval(c.instant))).nextTransition else { continue }
            let before = rules.clock(at: next.addingTimeInterval(-1)), after = rules.clock(at: next)
            #expect(before.offset != after.offset || before.abbreviation != after.abbreviation || before.isDaylightSavingTime != after.isDaylightSavingTime,
                    "\(c.zone): nothing changes at \(next)")
        }
    }

    @Test func aZoneTheSystemDoesNotKnowHasNoRules() {
        #expect(ZoneRules.named("Mars/Olympus_Mons") == nil)
        #expect(ZoneRules.named("../../etc/passwd") == nil)
        #expect(ZoneRules.named("Europe/Riga") != nil)
    }
}

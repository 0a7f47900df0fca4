import Foundation
import GeoCore
import Testing
import TestSupport

/// A zone's clocks as `ZoneRules` reads them from the system's time zone database agree with
/// Python's `zoneinfo` (the same files, read by another implementation): offset, abbreviation and
/// daylight saving time at random instants around both hemispheres' changes (March to May,
/// September to November) from 1970 to 2070, far past the files' last transitions (their footer's
/// rules), and a second either side of each change found; and local times made instants as
/// `zoneinfo` makes them (fold 0), in the hours clocks skip or show twice too.
@Suite struct ZoneRulesOracleTests {
    static let zones = ["Europe/Riga", "Europe/London", "Europe/Dublin", "America/New_York", "America/St_Johns", "America/Santiago",
                        "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "Africa/Casablanca", "Etc/GMT-14",
                        "Europe/Istanbul", "Asia/Tehran"]

    static let script = """
        import sys
        from datetime import datetime, timezone
        from zoneinfo import ZoneInfo
        for line in sys.stdin:
            kind, zone, t = line.split()
            if kind == "c":
                d = datetime.fromtimestamp(int(t), timezone.utc).astimezone(ZoneInfo(zone))
                print(int(d.utcoffset().total_seconds()), d.tzname(), int(d.dst().total_seconds() != 0))
            else:
                wall = datetime.fromtimestamp(int(t), timezone.utc).replace(tzinfo=ZoneInfo(zone))
                print(int(wall.timestamp()))
        """

    static func zoneinfo(_ lines: [String]) async throws -> [String] {
        let python = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script], input: Data(lines.joined().utf8))
        try #require(python.exit.status == 0, "python3: \(python.stderr)")
        let answers = python.stdout.split(separator: "\n").map(String.init)
        try #require(answers.count == lines.count)
        return answers
    }

    static func date(_ t: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(t)) }

    @Test func agreesWithPythonsZoneinfo() async throws {
        // A fixed linear congruential sequence: the same instants on every run.
        var state: UInt64 = 0x5EED_2026
        func random(_ range: ClosedRange<Int64>) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int64((state >> 11) % UInt64(range.upperBound - range.lowerBound + 1))
        }
        var instants: [(zone: String, t: Int64)] = []
        for zone in Self.zones {
            let rules = try #require(ZoneRules.named(zone), "\(zone) not read")
            for _ in 0..<50 {
                var components = DateComponents(timeZone: .gmt, year: Int(random(1970...2070)), month: [3, 4, 9, 10, 11][Int(random(0...4))], day: 1)
                components.calendar = Calendar(identifier: .gregorian)
                let t = Int64(try #require(components.date).timeIntervalSince1970) + random(0...31 * 86_400)
                instants.append((zone, t))
                // The change after it, exactly: a second before and at it.
                if let next = rules.clock(at: Self.date(t)).nextTransition.map({ Int64($0.timeIntervalSince1970) }), next < 3_200_000_000 {
                    instants += [(zone, next - 1), (zone, next)]
                }
            }
        }
        let clocks = try await Self.zoneinfo(instants.map { "c \($0.zone) \($0.t)\n" })
        var disagreements: [String] = []
        for (c, answer) in zip(instants, clocks) {
            let clock = try #require(ZoneRules.named(c.zone)).clock(at: Self.date(c.t))
            if [String(clock.offset), clock.abbreviation, clock.isDaylightSavingTime ? "1" : "0"].joined(separator: " ") != answer {
                disagreements.append("\(c.zone) at \(c.t): \(clock) vs zoneinfo \(answer)")
            }
            // The next change changes the clock.
            if let next = clock.nextTransition {
                let rules = try #require(ZoneRules.named(c.zone))
                let (before, after) = (rules.clock(at: next.addingTimeInterval(-1)), rules.clock(at: next))
                #expect((before.offset, before.abbreviation, before.isDaylightSavingTime) != (after.offset, after.abbreviation, after.isDaylightSavingTime),
                        "\(c.zone): nothing changes at \(next)")
            }
        }
        #expect(instants.count > 1_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(instants.count): \(disagreements.prefix(10))")

        // Local times, around every change found above: half an hour and more either side of it
        // in local time, where clocks skip an hour or show it twice.
        var walls: [(zone: String, t: Int64)] = []
        for c in instants.enumerated() where c.offset % 3 == 2 {
            let offset = Int64(try #require(ZoneRules.named(c.element.zone)).clock(at: Self.date(c.element.t - 1)).offset)
            for shift: Int64 in [-5_400, -1_800, 0, 1_800, 5_400] { walls.append((c.element.zone, c.element.t + offset + shift)) }
        }
        let made = try await Self.zoneinfo(walls.map { "w \($0.zone) \($0.t)\n" })
        var wrong: [String] = []
        for (w, answer) in zip(walls, made) {
            let instant = try #require(ZoneRules.named(w.zone)).instant(wallClock: Self.date(w.t))
            if String(Int64(instant.timeIntervalSince1970)) != answer { wrong.append("\(w.zone) wall \(w.t): \(instant) vs zoneinfo \(answer)") }
        }
        #expect(walls.count > 500)
        #expect(wrong.isEmpty, "\(wrong.count) of \(walls.count): \(wrong.prefix(10))")
    }

    /// Debian's files end a zone without daylight saving time with a transition that changes
    /// nothing (2038-01-19T03:14:07Z): no next change is said for it.
    @Test func aZoneWhoseClocksNoLongerChangeHasNoNextChange() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-28T12:00:00Z"))
        for zone in ["Europe/Istanbul", "Asia/Singapore", "Asia/Kolkata", "Etc/GMT-14"] {
            #expect(try #require(ZoneRules.named(zone)).clock(at: now).nextTransition == nil, "\(zone)")
        }
        #expect(try #require(ZoneRules.named("Europe/Riga")).clock(at: now).nextTransition != nil)
    }

    @Test func aZoneTheSystemDoesNotKnowHasNoRules() {
        #expect(ZoneRules.named("Mars/Olympus_Mons") == nil)
        #expect(ZoneRules.named("../../etc/passwd") == nil)
        #expect(ZoneRules.named("Europe/Riga") != nil)
    }
}

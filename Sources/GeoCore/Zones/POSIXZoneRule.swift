import Foundation

/// The rule a TZif file's footer gives for every instant after its last transition (POSIX's TZ
/// string, RFC 8536 §3.3): `EET-2EEST,M3.5.0/3,M10.5.0/4` is UTC+2 named EET, and from the last
/// Sunday of March at 03:00 local time to the last Sunday of October at 04:00 UTC+3 named EEST.
/// Offsets are written west-positive (POSIX's sign); here they are east-positive seconds.
struct POSIXZoneRule: Sendable {
    struct Time: Equatable, Sendable {
        let offset: Int, abbreviation: String, isDST: Bool
    }
    /// A day of the year: `Mm.w.d` (weekday d of week w of month m, 5 the last), `Jn` (1–365, no
    /// 29 February) or `n` (0–365), and the local time of day the change happens at, in seconds.
    enum Day: Sendable {
        case weekday(month: Int, week: Int, day: Int)
        case julian(Int)
        case zeroBased(Int)
    }

    let standard: Time
    /// Daylight saving time and when it starts and ends; nil for a zone without it.
    let daylight: (time: Time, start: (day: Day, at: Int), end: (day: Day, at: Int))?

    init?(_ text: String) {
        var scanner = Substring(text)
        guard let standardName = Self.name(&scanner), let standardOffset = Self.clock(&scanner) else { return nil }
        standard = Time(offset: -standardOffset, abbreviation: standardName, isDST: false)
        guard !scanner.isEmpty else {
            daylight = nil
            return
        }
        guard let daylightName = Self.name(&scanner) else { return nil }
        var daylightOffset = standard.offset + 3_600
        if let first = scanner.first, first != "," {
            guard let offset = Self.clock(&scanner) else { return nil }
            daylightOffset = -offset
        }
        // Without rules POSIX leaves the dates to the implementation; TZif footers always give them.
        guard scanner.first == ",", let start = Self.change(&scanner), scanner.first == ",", let end = Self.change(&scanner),
              scanner.isEmpty else { return nil }
        daylight = (Time(offset: daylightOffset, abbreviation: daylightName, isDST: true), start, end)
    }

    /// The time in force at `instant` (seconds since the epoch), and the next instant it changes.
    func time(at instant: Int64) -> (time: Time, next: Int64?) {
        guard let daylight else { return (standard, nil) }
        let year = CivilDate(days: Int(instant.floorDivided(by: 86_400))).year
        // Each year's two changes, from the year before to the year after: the last one not after
        // `instant` says what is in force, the first after it is the next.
        let changes = (year - 1...year + 1).flatMap { y in
            [(self.instant(of: daylight.start, in: y, before: standard), daylight.time),
             (self.instant(of: daylight.end, in: y, before: daylight.time), standard)]
        }.sorted { $0.0 < $1.0 }
        let passed = changes.last { $0.0 <= instant }
        let next = changes.first { $0.0 > instant }
        return (passed?.1 ?? standard, next?.0)
    }

    /// The instant of a change in `year`, its time of day being local to the time it ends.
    private func instant(of change: (day: Day, at: Int), in year: Int, before: Time) -> Int64 {
        let day: Int
        switch change.day {
        case let .weekday(month, week, weekday):
            let first = CivilDate(year: year, month: month, day: 1).days
            var date = first + (weekday - CivilDate.weekday(days: first) + 7) % 7 + 7 * (week - 1)
            while date >= first + CivilDate.length(of: month, in: year) { date -= 7 }
            day = date
        case let .julian(n):
            day = CivilDate(year: year, month: 1, day: 1).days + n - 1 + (CivilDate.isLeap(year) && n >= 60 ? 1 : 0)
        case let .zeroBased(n):
            day = CivilDate(year: year, month: 1, day: 1).days + n
        }
        return Int64(day) * 86_400 + Int64(change.at) - Int64(before.offset)
    }

    /// `EET`, or a quoted `<+0530>`.
    private static func name(_ s: inout Substring) -> String? {
        if s.first == "<" {
            guard let close = s.firstIndex(of: ">") else { return nil }
            let name = String(s[s.index(after: s.startIndex)..<close])
            s = s[s.index(after: close)...]
            return name.isEmpty ? nil : name
        }
        let name = s.prefix { $0.isLetter }
        guard name.count >= 3 else { return nil }
        s = s.dropFirst(name.count)
        return String(name)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (hours up to 167, as RFC 8536 allows in rules).
    private static func clock(_ s: inout Substring) -> Int? {
        var sign = 1
        if let first = s.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            s = s.dropFirst()
        }
        var parts: [Int] = []
        repeat {
            if !parts.isEmpty { s = s.dropFirst() } // the colon
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let value = Int(digits) else { return nil }
            parts.append(value)
            s = s.dropFirst(digits.count)
        } while s.first == ":" && parts.count < 3
        guard parts[0] <= 167, parts.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return sign * (parts[0] * 3_600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0))
    }

    /// `,Mm.w.d[/time]`, `,Jn[/time]` or `,n[/time]`; the time 02:00 when not given.
    private static func change(_ s: inout Substring) -> (day: Day, at: Int)? {
        s = s.dropFirst() // the comma
        func number() -> Int? {
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            s = s.dropFirst(digits.count)
            return Int(digits)
        }
        let day: Day
        switch s.first {
        case "M":
            s = s.dropFirst()
            guard let month = number(), s.first == "." else { return nil }
            s = s.dropFirst()
            guard let week = number(), s.first == "." else { return nil }
            s = s.dropFirst()
            guard let weekday = number(), (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
            day = .weekday(month: month, week: week, day: weekday)
        case "J":
            s = s.dropFirst()
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julian(n)
        default:
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        guard s.first == "/" else { return (day, 7_200) }
        s = s.dropFirst()
        guard let at = clock(&s) else { return nil }
        return (day, at)
    }
}

import Foundation
import Synchronization

/// A zone's offsets from UTC, their abbreviations and daylight saving time, as the system's time
/// zone database has them (its TZif files, RFC 8536, under /usr/share/zoneinfo or `$TZDIR`): the
/// data `date`, glibc and Python's `zoneinfo` read, so that an answer agrees with them (Foundation's
/// own ICU data names Riga's summer "GMT+3", not "EEST"). Each zone is read once per process.
public struct ZoneRules: Sendable {
    /// What a zone's clocks show at an instant.
    public struct Clock: Hashable, Sendable {
        /// Seconds east of UTC.
        public let offset: Int
        /// "EEST", "AEDT", "+0530" (tzdata's, as `date +%Z` prints it).
        public let abbreviation: String
        public let isDaylightSavingTime: Bool
        /// The next instant the zone's offset, abbreviation or daylight saving time changes; nil
        /// when its rules change nothing ever again.
        public let nextTransition: Date?
    }

    private let transitions: [Int64]
    /// The local time type after each transition.
    private let types: [POSIXZoneRule.Time], typeAfter: [Int]
    /// What follows the last transition (the file's footer).
    private let rule: POSIXZoneRule?

    /// The rules of `zone` (an IANA identifier), nil when the system has no such file or it is not TZif.
    public static func named(_ zone: String) -> ZoneRules? {
        if let known = cache.withLock({ $0[zone] }) { return known }
        let directory = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        // An identifier is letters, digits and `/_-+`: never a path out of the directory.
        let safe = !zone.contains("..") && zone.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/_-+".contains($0)) }
        let rules = safe ? FileManager.default.contents(atPath: directory + "/" + zone).flatMap { ZoneRules(tzif: [UInt8]($0)) } : nil
        cache.withLock { $0[zone] = .some(rules) }
        return rules
    }

    private static let cache = Mutex<[String: ZoneRules?]>([:])

    /// The clocks of the zone at `instant`.
    public func clock(at instant: Date) -> Clock {
        let t = Int64(instant.timeIntervalSince1970.rounded(.down))
        let index = transitions.lastIndex { $0 <= t }
        if index == transitions.count - 1 || transitions.isEmpty, let rule {
            let (time, next) = rule.time(at: t)
            return Clock(time, next: next)
        }
        // Before the first transition: the first type (RFC 8536 §3.2).
        let time = index.map { types[typeAfter[$0]] } ?? types[0]
        // The next transition that changes something: a file may list some that do not (Debian's
        // end a zone without daylight saving time with one at 2038-01-19, 2³¹ − 1).
        var next = index.map { $0 + 1 } ?? 0
        while next < transitions.count, types[typeAfter[next]] == time { next += 1 }
        if next < transitions.count { return Clock(time, next: transitions[next]) }
        // None: the footer's rule takes over at the last transition.
        guard let rule, let last = transitions.last else { return Clock(time, next: nil) }
        let ruled = rule.time(at: max(t, last))
        return Clock(time, next: ruled.time != time && last > t ? last : ruled.next)
    }

    /// The instant a zone's clocks show `wallClock` (a local date and time, read as if in UTC). In
    /// a gap (clocks put forward) it is read with the offset before the gap, so it falls after the
    /// change (04:30 for 03:30 where 03:00 became 04:00), as Python's `zoneinfo` reads it; where
    /// clocks were put back and show it twice, the earlier.
    public func instant(wallClock: Date) -> Date {
        let day: TimeInterval = 86_400
        let before = clock(at: wallClock.addingTimeInterval(-day)).offset, after = clock(at: wallClock.addingTimeInterval(day)).offset
        let shown = Set([before, after]).map { wallClock.addingTimeInterval(-TimeInterval($0)) }
            .filter { clock(at: $0).offset == Int(wallClock.timeIntervalSince($0)) }
        return shown.min() ?? wallClock.addingTimeInterval(-TimeInterval(before))
    }

    /// Reads a TZif file's version 2+ data (64-bit times) and its footer; nil for anything else.
    init?(tzif bytes: [UInt8]) {
        var at = 0
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func header() -> (isut: Int, isstd: Int, leap: Int, time: Int, type: Int, char: Int)? {
            guard at + 44 <= bytes.count, bytes[at..<at + 4].elementsEqual("TZif".utf8) else { return nil }
            let counts = (0..<6).map { u32(at + 20 + 4 * $0) }
            at += 44
            return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
        }
        guard let first = header(), bytes[4] >= UInt8(ascii: "2") else { return nil }
        at += first.time * 5 + first.type * 6 + first.char + first.leap * 8 + first.isstd + first.isut
        guard let h = header(), h.type > 0,
              at + h.time * 9 + h.type * 6 + h.char + h.leap * 12 + h.isstd + h.isut <= bytes.count else { return nil }
        transitions = (0..<h.time).map { i in
            (0..<8).reduce(Int64(0)) { $0 << 8 | Int64(bytes[at + 8 * i + $1]) }
        }
        at += h.time * 8
        let typeAfter = bytes[at..<at + h.time].map(Int.init)
        at += h.time
        let abbreviations = at + h.type * 6
        let types = (0..<h.type).map { i in
            let offset = Int(Int32(bitPattern: UInt32(u32(at + 6 * i))))
            let start = abbreviations + min(Int(bytes[at + 6 * i + 5]), h.char)
            let end = bytes[start..<abbreviations + h.char].firstIndex(of: 0) ?? abbreviations + h.char
            return POSIXZoneRule.Time(offset: offset, abbreviation: String(decoding: bytes[start..<end], as: UTF8.self),
                                      isDST: bytes[at + 6 * i + 4] != 0)
        }
        guard typeAfter.allSatisfy({ $0 < types.count }) else { return nil }
        (self.types, self.typeAfter) = (types, typeAfter)
        at = abbreviations + h.char + h.leap * 12 + h.isstd + h.isut
        // The footer: "\n" TZ string "\n" (empty when nothing follows the last transition).
        let footer = bytes[min(at + 1, bytes.count)...].prefix { $0 != 0x0A }
        rule = footer.isEmpty ? nil : POSIXZoneRule(String(decoding: footer, as: UTF8.self))
    }
}

extension ZoneRules.Clock {
    init(_ time: POSIXZoneRule.Time, next: Int64?) {
        self.init(offset: time.offset, abbreviation: time.abbreviation, isDaylightSavingTime: time.isDST,
                  nextTransition: next.map { Date(timeIntervalSince1970: TimeInterval($0)) })
    }
}

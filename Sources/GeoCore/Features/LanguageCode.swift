/// A language asked for (`--lang`, `lang=`): the key of a record's names (`name:lv`, GeoNames'
/// `zh-Hant`, `fr_1793`) and of a style's labels. A tag's shape, not a list: any language the
/// data holds can be asked for, but nothing that no data could hold reaches the lookups, the
/// cache keys or the logs.
public enum LanguageCode {
    /// The longest tag (BCP 47's advice for what to keep room for).
    public static let maximumLength = 35
    /// What `parse` takes, as the OpenAPI documents state it (with `maximumLength`).
    public static let pattern = "^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$"

    /// `text` when it is 2 to 8 letters, then any parts of 1 to 8 letters or digits each after a
    /// '-' or '_', at most `maximumLength` characters in all (as the OpenAPI document's `lang`).
    public static func parse(_ text: String) throws(GeoError) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        let isLetter = { (c: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c | 0x20) }
        let isDigit = { (c: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) }
        guard text.utf8.count <= maximumLength, let first = parts.first, (2...8).contains(first.utf8.count), first.utf8.allSatisfy(isLetter),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy { isLetter($0) || isDigit($0) } }) else {
            throw .invalid(field: .language, reason: "'\(text)' is not a language code (lv, en, zh-Hant…)")
        }
        return text
    }
}

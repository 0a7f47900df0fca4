import Foundation
import GeoCore

/// RFC 4180 CSV with a header row. Problems name "line N": the 1-based line a record starts on,
/// the header being line 1 (a quoted field may span lines, so records and lines can differ).
///
/// Columns (case-insensitive): latitude `lat`/`latitude`/`y` and longitude
/// `lon`/`lng`/`long`/`longitude`/`x` are required; `name` too. Other columns are read as in
/// GeoJSON properties (category, description, address, phone, timezone, population or pop_max,
/// name:xx…). Without a `category` value a row is a "city" in a GeoNames-like file (a
/// `geonameid` column, or both `timezone` and `population`), else "other". Empty lat and lon give a place without location.
/// CSV holds points only, so waters and trips (which GeoJSON and GPX bring) cannot come from it.
public enum CSVParser {
    public static func parse(_ data: Data, file: String, kind: FeatureKind?, mapping: FieldMapping = .none) throws(ImportProblem) -> ParsedFile {
        var reader = try Reader(file: file, kind: kind, mapping: mapping)
        var parsed = ParsedFile(file: file)
        // At most one record per line; growing the array instead would copy every record many times.
        parsed.records.reserveCapacity(data.withUnsafeBytes { bytes in bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } } + 1)
        do {
            try reader.read(data) { parsed.absorb($0, records: true) }
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw ImportProblem(file: file, record: "file", reason: "\(error)")
        }
        parsed.absorb(reader.take(), records: true)
        try reader.finish()
        return parsed
    }

    /// The file at `path` as a stream (`RecordStream`): read in chunks of a few megabytes, each cut
    /// after its last whole record, so that memory holds one chunk and one batch of records. The
    /// header is read now, so that a file without one is refused before the import begins.
    public static func stream(path: String, kind: FeatureKind?, mapping: FieldMapping = .none) throws(ImportProblem) -> ParsedFile {
        var probe = try Reader(file: path, kind: kind, mapping: mapping)
        let size: Int64?
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let head = try handle.read(upToCount: 1 << 16) ?? Data()
            size = Int64(try handle.seekToEnd())
            var cut = RecordCut()
            let end = head.count < 1 << 16 ? head.count : cut.end(of: head)
            // A header longer than the probe is checked as the import reads it.
            if end > 0 || head.isEmpty {
                try probe.read(head.prefix(end)) { _ in }
                try probe.finish()
            }
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw ImportProblem(file: path, record: "file", reason: "cannot read: \(error.localizedDescription)")
        }
        var parsed = ParsedFile(file: path)
        parsed.stream = RecordStream(bytes: size) { body in
            let handle: FileHandle
            do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
                throw ImportProblem(file: path, record: "file", reason: "cannot read: \(error.localizedDescription)")
            }
            defer { try? handle.close() }
            var reader = try Reader(file: path, kind: kind, mapping: mapping)
            var carried = Data(), offset: Int64 = 0, atEnd = false, cut = RecordCut()
            while !atEnd {
                let chunk: Data
                do { chunk = try handle.read(upToCount: chunkSize) ?? Data() } catch {
                    throw ImportProblem(file: path, record: "file", reason: "cannot read: \(error.localizedDescription)")
                }
                atEnd = chunk.isEmpty
                carried += chunk
                // Whole records only, unless the file ends: a record may span chunks.
                let end = atEnd ? carried.count : cut.end(of: carried)
                guard end > 0 else { continue }
                offset += Int64(end)
                try reader.read(carried.prefix(end)) { batch in try body(batch, offset) }
                carried = Data(carried.dropFirst(end))
                cut.dropped(end)
            }
            try body(reader.take(), offset)
            try reader.finish()
        }
        return parsed
    }

    /// A stream's chunk: big enough that a call's overhead does not count, small beside a batch.
    static let chunkSize = 4 << 20

    /// Where the whole records of a stream's text end, read as `forEachRecord` reads quotes (one
    /// opens only at a field's start, `""` inside is a quote), and scanned once as the text grows:
    /// the end of the last line feed outside quotes.
    struct RecordCut {
        private var scanned = 0, inQuotes = false, atFieldStart = true, lastEnd = 0, started = false

        /// The length of `data`'s whole records (0: none yet); `data` starts where the text did,
        /// less what `dropped` took.
        mutating func end(of data: Data) -> Int {
            data.withUnsafeBytes { bytes in
                let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n")
                // The byte order mark the parser skips before the header's first field.
                if !started, bytes.count >= 3 {
                    started = true
                    if bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { scanned = 3 }
                }
                var i = scanned
                while i < bytes.count {
                    let b = bytes[i]
                    if inQuotes {
                        if b == quote {
                            // A quote that may be the first of a doubled one waits for the next byte.
                            guard i + 1 < bytes.count else { break }
                            if bytes[i + 1] == quote { i += 1 } else { inQuotes = false }
                        }
                    } else if b == quote && atFieldStart {
                        inQuotes = true
                        atFieldStart = false
                    } else if b == comma {
                        atFieldStart = true
                    } else if b == lf {
                        atFieldStart = true
                        lastEnd = i + 1
                    } else {
                        atFieldStart = false
                    }
                    i += 1
                }
                scanned = i
                return lastEnd
            }
        }

        /// The text lost its first `count` bytes (at most `end(of:)`'s answer).
        mutating func dropped(_ count: Int) {
            scanned -= count
            lastEnd -= count
        }
    }

    /// The reading of one file, fed its text whole or in parts that each end after a record: the
    /// header once read, the line a part starts on, and the records of the batch being made.
    struct Reader {
        let file: String
        let kind: FeatureKind?
        let mapping: FieldMapping
        private var header: Header?
        private var line = 1
        private var batch: ParsedFile

        init(file: String, kind: FeatureKind?, mapping: FieldMapping) throws(ImportProblem) {
            switch kind {
            case .water?: throw ImportProblem(file: file, record: "file", reason: "waters need a line or area geometry, which CSV cannot hold; import them from GeoJSON")
            case .trip?: throw ImportProblem(file: file, record: "file", reason: "trips are imported from GeoJSON or GPX, not CSV")
            default: break
            }
            (self.file, self.kind, self.mapping, batch) = (file, kind, mapping, ParsedFile(file: file))
        }

        private func unreadable(_ reason: String) -> ImportProblem { ImportProblem(file: file, record: "file", reason: reason) }

        /// Reads `part`, handing `full` each batch of `RecordStream.batchSize` records as it fills.
        mutating func read(_ part: Data, full: (ParsedFile) throws -> Void) throws {
            guard part.withUnsafeBytes(isValidUTF8) else {
                throw unreadable(line == 1 ? "not UTF-8 text" : "not UTF-8 text after line \(line)")
            }
            let first = line
            var header = self.header, batch = self.batch
            defer { self.header = header; self.batch = batch }
            let (file, kind, mapping) = (self.file, self.kind, self.mapping)
            try CSVParser.forEachRecord(part, firstLine: first) { (line, fields, closed) throws in
                guard let header else {
                    if let column = fields.textAfterClosingQuote {
                        throw ImportProblem(file: file, record: "file", reason: "malformed quoting in the header: text follows the closing quote of column \(column + 1)")
                    }
                    header = try Header(fields.strings, file: file, mapping: mapping) { ImportProblem(file: file, record: "file", reason: $0) }
                    return
                }
                batch.collect("line \(line)") { () throws(GeoError) in try header.record(fields, closed: closed, kind: kind) }
                if batch.records.count >= RecordStream.batchSize {
                    try full(batch)
                    batch = ParsedFile(file: file)
                }
            }
            line = first + part.withUnsafeBytes { bytes in bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
        }

        /// The batch made so far, the reader starting a new one.
        mutating func take() -> ParsedFile {
            defer { batch = ParsedFile(file: file) }
            return batch
        }

        /// After the last part: a file without a header row is refused.
        func finish() throws(ImportProblem) {
            guard header != nil else { throw unreadable("empty; a header row is required") }
        }
    }

    /// Whether the header names a `WKT` column and no latitude column: the geometry of each row
    /// as text, which GDAL's reader takes for the geometry (lines and areas, which lat/lon columns
    /// cannot give). With a latitude column the file is this reader's, its rules (a GeoNames-like
    /// file's cities) kept.
    public static func namesWKTColumn(_ data: Data) -> Bool {
        let header = data.prefix { $0 != UInt8(ascii: "\n") }
        let names = String(decoding: header, as: UTF8.self).split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" \r\u{FEFF}")).lowercased()
        }
        return names.contains("wkt") && !names.contains { ["lat", "latitude", "y"].contains($0) }
    }

    /// The header row resolved once for all rows: where the position is, what each column is to
    /// a record, and the default category.
    private final class Header {
        let columns: [String]
        let properties: Properties.Columns
        let latColumn: Int, lonColumn: Int
        let defaultCategory: String
        /// `import --category`: every place's.
        let category: String?
        let fileName: String

        /// The columns as `mapping` names them (a column named like a mapped key is not read).
        init(_ fields: [String], file: String, mapping: FieldMapping, unreadable: (String) -> ImportProblem) throws(ImportProblem) {
            let columns = fields.map { mapping.key($0) ?? "" }
            // Of two columns of one name, neither can be taken for the value.
            var first: [String: Int] = [:]
            for (i, name) in columns.enumerated() where !name.isEmpty {
                if let j = first.updateValue(i, forKey: name) {
                    throw unreadable("the header names the column '\(name)' twice (columns \(j + 1) and \(i + 1)); which one holds the value?")
                }
            }
            func column(_ names: [String]) -> Int? { names.lazy.compactMap { columns.firstIndex(of: $0) }.first }
            guard let latColumn = column(["lat", "latitude", "y"]) else {
                throw unreadable("no latitude column (lat, latitude or y)" + Self.hint(fields))
            }
            guard let lonColumn = column(["lon", "lng", "long", "longitude", "x"]) else {
                throw unreadable("no longitude column (lon, lng, long, longitude or x)" + Self.hint(fields))
            }
            guard columns.contains("name") else { throw unreadable("no name column" + Self.hint(fields)) }
            let geoNamesLike = columns.contains("geonameid") || (columns.contains("timezone") && columns.contains("population"))
            self.columns = columns
            self.properties = Properties.Columns(columns)
            self.latColumn = latColumn
            self.lonColumn = lonColumn
            self.defaultCategory = geoNamesLike ? "city" : "other"
            self.category = mapping.category
            self.fileName = Properties.fileName(of: file)
        }

        /// Why a header may lack a column it seems to have: another separator, or lines that end
        /// in CR only (the whole file is then one line); "" when neither.
        private static func hint(_ fields: [String]) -> String {
            if fields.contains(where: { $0.contains("\r") }) {
                return "; the header holds a carriage return: do the lines end in CR only? Lines end in LF or CRLF"
            }
            guard fields.count == 1, let separator = [";", "\t", "|"].first(where: fields[0].contains) else { return "" }
            return "; the header has one column, '\(fields[0])': is the separator \(separator == "\t" ? "a tab" : "'\(separator)'")? Values are separated by commas"
        }

        func record(_ fields: Fields, closed: Bool, kind: FeatureKind?) throws(GeoError) -> ImportRecord {
            guard closed else { throw .invalid(field: .record("quotes"), reason: "a quoted field is not closed before the end of the file") }
            // `"ab"c` is neither ab nor abc: the writer meant a quote that it did not double.
            if let k = fields.textAfterClosingQuote {
                throw .invalid(field: .record("quotes"), reason: "text follows the closing quote of column \(columns.indices.contains(k) ? "'\(columns[k])'" : "\(k + 1)"); "
                               + "a quote inside a quoted value is written twice (\"\")")
            }
            guard fields.count == columns.count else {
                throw .invalid(field: .record("fields"), reason: "\(fields.count) value(s), the header has \(columns.count)")
            }
            let properties = Properties(self.properties, field: fields.string)
            let location = try self.location(fields)
            let category = self.category ?? properties.category ?? defaultCategory
            switch kind ?? properties.kind(category: category) {
            case .cinema:
                return .cinema(try properties.cinema(location: location, fileName: fileName, id: nil))
            case .water:
                throw .invalid(field: .record("category"), reason: "a water needs a line or area geometry, which CSV cannot hold")
            case .trip:
                throw .invalid(field: .record("category"), reason: "trips are imported from GeoJSON or GPX, not CSV")
            default:
                return .place(try properties.place(category: category, location: location, fileName: fileName, id: nil))
            }
        }

        /// `Position.parse` of the row's latitude and longitude; plain numbers are read straight
        /// from the bytes, anything else (blank, padded, an error…) goes the long way.
        private func location(_ fields: Fields) throws(GeoError) -> Coordinate? {
            if let lat = fields.withBytes(latColumn, DecimalNumber.plainDecimal), let lon = fields.withBytes(lonColumn, DecimalNumber.plainDecimal) {
                return try Position.validated(lat: lat, lon: lon, latField: columns[latColumn], lonField: columns[lonColumn])
            }
            return try Position.parse(lat: fields.string(latColumn), lon: fields.string(lonColumn),
                                      latField: columns[latColumn], lonField: columns[lonColumn])
        }
    }

    /// Splits RFC 4180 text into records: fields separated by commas, records by CRLF or LF,
    /// fields in double quotes may hold commas, line breaks and doubled quotes. Blank lines are
    /// skipped. `closed` is false for a last record whose quoted field never ends.
    static func records(_ data: Data) -> [(line: Int, fields: [String], closed: Bool)] {
        var result: [(line: Int, fields: [String], closed: Bool)] = []
        forEachRecord(data) { line, fields, closed in result.append((line, fields.strings, closed)) }
        return result
    }

    /// The fields of one record as `forEachRecord` found them: most are a span of the input,
    /// made into a string only when asked for. Valid only during the call it is passed to.
    struct Fields {
        fileprivate struct Span {
            var start: Int, end: Int
            /// The field's index in `texts` when it is not one span of the input (a doubled quote…), else -1.
            var text: Int
        }
        fileprivate let input: UnsafeBufferPointer<UInt8>
        fileprivate var spans: [Span] = []
        fileprivate var texts: [String] = []
        /// The first field with text after its closing quote (`"ab"c`), if any.
        fileprivate(set) var textAfterClosingQuote: Int?

        var count: Int { spans.count }
        var strings: [String] { spans.indices.map(string) }

        func string(_ i: Int) -> String {
            let span = spans[i]
            if span.text >= 0 { return texts[span.text] }
            return String(decoding: UnsafeBufferPointer(rebasing: input[span.start..<span.end]), as: UTF8.self)
        }

        /// `body` of the field's UTF-8, when it is one span of the input; else nil.
        func withBytes<T>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
            let span = spans[i]
            return span.text < 0 ? body(UnsafeBufferPointer(rebasing: input[span.start..<span.end])) : nil
        }

        fileprivate mutating func append(_ start: Int, _ end: Int) { spans.append(Span(start: start, end: end, text: -1)) }
        fileprivate mutating func append(_ text: String) {
            spans.append(Span(start: 0, end: 0, text: texts.count))
            texts.append(text)
        }
        fileprivate mutating func removeAll() {
            spans.removeAll(keepingCapacity: true)
            if !texts.isEmpty { texts.removeAll(keepingCapacity: true) }
            textAfterClosingQuote = nil
        }
        /// One empty field: a blank line.
        fileprivate var isBlank: Bool { spans.count == 1 && spans[0].text < 0 && spans[0].start == spans[0].end }
    }

    /// `records(_:)` one record at a time, without holding them all: `body` gets the line the
    /// record starts on (1-based), its fields and whether its quotes are closed. Works on the
    /// UTF-8 bytes, so a field that is never asked for is never made a string.
    /// An error from `body` ends the reading.
    static func forEachRecord<E: Error>(_ data: Data, firstLine: Int = 1,
                                        _ body: (_ line: Int, _ fields: Fields, _ closed: Bool) throws(E) -> Void) throws(E) {
        var failure: E?
        data.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
            let n = bytes.count
            var fields = Fields(input: bytes)
            fields.spans.reserveCapacity(16)
            // The field read so far is `buffer` followed by the bytes runStart..<runEnd of the input;
            // `buffer` is only used when a field is not one contiguous run (a doubled quote, text
            // after a closing quote, …).
            var buffer: [UInt8] = []
            var runStart = 0, runEnd = 0
            var line = firstLine, recordLine = firstLine, inQuotes = false, quoteClosed = false
            var i = firstLine == 1 && n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0 // UTF-8 byte order mark

            func fieldIsEmpty() -> Bool { buffer.isEmpty && runStart == runEnd }
            /// Text after the field's closing quote: noted, so that the record is refused.
            func textAfterQuote() {
                if quoteClosed, fields.textAfterClosingQuote == nil { fields.textAfterClosingQuote = fields.count }
            }
            /// Appends the input bytes `from..<to` to the field.
            func append(_ from: Int, _ to: Int) {
                if runStart == runEnd {
                    runStart = from
                } else if runEnd != from {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]))
                    runStart = from
                }
                runEnd = to
            }
            func endField() {
                if buffer.isEmpty {
                    fields.append(runStart, runEnd)
                } else {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]))
                    fields.append(String(decoding: buffer, as: UTF8.self))
                    buffer.removeAll(keepingCapacity: true)
                }
                runStart = 0
                runEnd = 0
                quoteClosed = false
            }
            func endRecord(closed: Bool) -> Bool {
                endField()
                defer { fields.removeAll() }
                if fields.isBlank { return true }
                do {
                    try body(recordLine, fields, closed)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }

            while i < n {
                let b = bytes[i]
                if inQuotes {
                    if b == quote, i + 1 < n, bytes[i + 1] == quote {
                        append(i, i + 1)
                        i += 1
                    } else if b == quote {
                        inQuotes = false
                        quoteClosed = true
                    } else {
                        // Up to the next quote, counting lines.
                        var end = i
                        while end < n, bytes[end] != quote {
                            if bytes[end] == lf { line += 1 }
                            end += 1
                        }
                        append(i, end)
                        i = end
                        continue
                    }
                } else if b != quote && b != comma && b != lf && b != cr {
                    // Plain text, up to the next byte that means something.
                    var end = i + 1
                    while end < n {
                        let c = bytes[end]
                        if c == comma || c == lf || c == quote || c == cr { break }
                        end += 1
                    }
                    textAfterQuote()
                    append(i, end)
                    i = end
                    continue
                } else if b == quote && fieldIsEmpty() && !quoteClosed {
                    inQuotes = true
                } else if b == comma {
                    endField()
                } else if b == lf {
                    guard endRecord(closed: true) else { return }
                    line += 1
                    recordLine = line
                } else if !(b == cr && (i + 1 == n || bytes[i + 1] == lf)) {
                    textAfterQuote()
                    append(i, i + 1) // a quote inside unquoted text, or a lone CR
                }
                i += 1
            }
            if inQuotes || !fieldIsEmpty() || !fields.spans.isEmpty { _ = endRecord(closed: !inQuotes) }
        }
        if let failure { throw failure }
    }
}

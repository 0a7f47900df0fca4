/// One line of the index, placed on its page.
struct IndexLine: Sendable {
    enum Kind: Sendable {
        /// A category's heading: its colour and name.
        case heading(category: String)
        /// The first line of an entry: number, text, grid cell.
        case entry(number: Int, cell: String, category: String)
        /// A further line of an entry's name, or its address.
        case more(address: Bool)
        /// "No objects …"
        case note
    }
    var kind: Kind
    var text: String
    var x: Double, baseline: Double, width: Double
}

extension PrintLayout {
    /// The index's lines in columns: headings and entries in order, an entry never split across
    /// columns and a heading never left at a column's foot (a category that goes on in a new
    /// column starts it with its heading again); text wraps at its column's width. What the first
    /// page cannot hold continues on pages of its own.
    static func flow(_ entries: [IndexEntry], map: PrintedMap, words: PageWords, first: PixelRect, then continuation: PixelRect,
                     fontSize f: Double, on canvas: Canvas) -> [[IndexLine]] {
        let line = f * 1.35, gap = f * 1.5, narrowest = f * 24
        func columns(_ area: PixelRect) -> [PixelRect] {
            let n = max(1, Int((area.width + gap) / (narrowest + gap)))
            let w = (area.width - gap * Double(n - 1)) / Double(n)
            return (0..<n).map { PixelRect(x: area.x + Double($0) * (w + gap), y: area.y, width: w, height: area.height) }
        }
        guard !entries.isEmpty else {
            let column = columns(first)[0]
            return [wrap(words.noObjects, width: column.width, fontSize: f, on: canvas).enumerated().map { i, text in
                IndexLine(kind: .note, text: text, x: column.x, baseline: column.y + f + Double(i) * line, width: column.width)
            }]
        }
        let counts = Dictionary(grouping: entries, by: \.feature.category).mapValues(\.count)
        let numberWidth = f * 2.4, cellWidth = f * 3.2
        // An entry's lines in a column `width` wide, under its category's heading when `heading`.
        func block(_ entry: IndexEntry, width: Double, heading: Bool) -> [(kind: IndexLine.Kind, text: String, indent: Double)] {
            let category = entry.feature.category, textWidth = width - numberWidth - cellWidth
            var lines: [(kind: IndexLine.Kind, text: String, indent: Double)] = []
            if heading { lines.append((.heading(category: category), "\(map.style.label(for: category, language: map.language))  (\(counts[category]!))", 0)) }
            let name = wrap(entry.feature.name(in: map.language) ?? words.unnamed, width: textWidth, fontSize: f, on: canvas)
            lines.append((.entry(number: entry.number, cell: entry.cell, category: category), name[0], numberWidth))
            lines += name.dropFirst().map { (.more(address: false), $0, numberWidth) }
            if let address = entry.feature.address, !address.isEmpty {
                lines += wrap(address, width: textWidth, fontSize: f * 0.9, on: canvas).map { (.more(address: true), $0, numberWidth) }
            }
            return lines
        }
        var pages: [[IndexLine]] = [[]]
        var areas = columns(first)[...], column = areas.removeFirst(), y = column.y + f, category: String?
        for entry in entries {
            let top = y <= column.y + f, starts = entry.feature.category != category
            var lines = block(entry, width: column.width, heading: starts)
            // A heading below other lines keeps a little space above it.
            let height = Double(lines.count) * line + (starts && !top ? line * 0.4 : 0)
            if !top, y + height - f > column.maxY {
                if areas.isEmpty {
                    pages.append([])
                    areas = columns(continuation)[...]
                }
                column = areas.removeFirst()
                y = column.y + f
                lines = block(entry, width: column.width, heading: true)
            }
            if starts, y > column.y + f { y += line * 0.4 }
            for (kind, text, indent) in lines {
                pages[pages.count - 1].append(IndexLine(kind: kind, text: text, x: column.x + indent, baseline: y, width: column.width - indent))
                y += line
            }
            category = entry.feature.category
        }
        return pages
    }

    /// `text` broken into lines no wider than `width` at `fontSize`: at spaces, and inside a word
    /// only when the word alone is wider.
    static func wrap(_ text: String, width: Double, fontSize: Double, on canvas: Canvas) -> [String] {
        canvas.setFont(PrintedMap.labelFont, size: fontSize)
        func fits(_ s: String) -> Bool { canvas.textBox(s).advance <= width }
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if fits(candidate) { current = candidate; continue }
            if !current.isEmpty { lines.append(current) }
            current = ""
            for character in word {
                if !current.isEmpty, !fits(current + String(character)) { lines.append(current); current = "" }
                current.append(character)
            }
        }
        return lines + (current.isEmpty && !lines.isEmpty ? [] : [current])
    }
}

import Foundation
import GeoCore

/// A name of the base map as laid out: its characters with their origins and angles, and the
/// boxes it covers (halo included) that nothing else may cover.
struct BaseLabel {
    /// What a base name names, as a map's layout tells it (`MapLayout`).
    enum Kind: String, Sendable {
        /// A city, town, village or hamlet; a suburb, quarter or neighbourhood; a country.
        case place, district, country
        case street, park, water
    }

    let text: String
    let kind: Kind
    /// The stored rows of the features it names (a street's pieces), as far as they are known.
    let ids: [Int64]
    let fontSize: Double
    let bold: Bool
    let color: RGBA
    /// Each character (a whole horizontal label is one run) with its origin on the baseline and its angle.
    let runs: [(text: String, x: Double, y: Double, angle: Double)]
    let boxes: [PixelRect]
}

/// Where the base's names go: places by importance, then waters and parks at a point inside
/// them, then streets and rivers along their lines, major first. A name goes only where it
/// covers no annotation (`obstacles`: pins, their labels, the furniture) and no name placed
/// before it: base labels give way.
struct BaseLabels {
    let style: MapStyle.BaseStyle
    let fontFamily: String
    let language: String?
    let zoom: Double
    let project: (Coordinate) -> (x: Double, y: Double)
    let drawing: BaseDrawing
    /// Where labels must lie whole: the image. A tile's names stay within it too, since the
    /// pins of the next tile, which a name across the edge might cover, are not known here.
    let bounds: PixelRect
    /// A tile's rule: a place or area is named only by the tile its point lies in (else two tiles
    /// beside it would both name it, each inside itself, a few pixels apart across their seam).
    /// A finished map names one whose point lies just beyond it, or a lake it shows in part.
    let ownPointsOnly: Bool
    let canvas: Canvas
    /// The named lines, found once: a finished map places its names in two calls over the same base.
    private let found = FoundLines()

    private final class FoundLines {
        var lines: [LineCandidate]?
        /// How many features they were found in: a call with another base finds its own.
        var from = -1
    }

    /// The space kept between a street's name and the ends of its line.
    static let lineEndGap = 6.0
    /// The least distance between two labels of one name along a line.
    static let repeatDistance = 320.0
    /// The most spots tried along one line.
    static let spots = 48
    /// A letter's box, in font sizes: this far above its baseline and below it (halo aside)…
    static let ascent = 0.8, descent = 0.25
    /// …so that its middle lies this far above the baseline; a name is set with its baseline
    /// `baselineShift` below its point or line, about its middle.
    static let middleAboveBaseline = (ascent - descent) / 2, baselineShift = 0.35

    init(style: MapStyle.BaseStyle, fontFamily: String, language: String?, drawing: BaseDrawing, width: Double, height: Double,
         ownPointsOnly: Bool = false, canvas: Canvas) {
        self.style = style
        self.fontFamily = fontFamily
        self.language = language
        zoom = drawing.zoom
        project = drawing.project
        self.drawing = drawing
        bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        self.ownPointsOnly = ownPointsOnly
        self.canvas = canvas
    }

    /// The names that fit, in order: places, waters and parks, streets and rivers.
    /// - Parameters:
    ///   - base: the same in every call (its lines are found once).
    ///   - earlier: names placed before (a first call's): kept clear of, and not repeated near.
    ///   - limit: how many names to place at most, each once (a long street's name is repeated
    ///     only without one); a town or capital (at least `townPopulation`) is placed whatever the
    ///     limit, and not counted.
    ///   - clear: asked last whether a name's boxes, off every obstacle, may be had: whether the
    ///     marks they meet can step aside (`MarkRoom.clear`, which then moves them).
    func place(_ base: [BaseFeature], obstacles: RectIndex, after earlier: [BaseLabel] = [], limit: Int = .max,
               townPopulation: Int? = nil, clear: ([PixelRect]) -> Bool = { _ in true }) -> [BaseLabel] {
        var taken = obstacles, placed: [BaseLabel] = [], centres: [String: [(x: Double, y: Double)]] = [:], counted = 0
        func centre(_ label: BaseLabel) -> (x: Double, y: Double) {
            (x: label.boxes.map(\.midX).reduce(0, +) / Double(label.boxes.count), y: label.boxes.map(\.midY).reduce(0, +) / Double(label.boxes.count))
        }
        for label in earlier {
            for box in label.boxes { taken.insert(box) }
            centres[label.text, default: []].append(centre(label))
        }
        func accept(_ label: BaseLabel) -> Bool {
            guard !label.boxes.isEmpty,
                  label.boxes.allSatisfy(bounds.contains),
                  !label.boxes.contains(where: taken.intersectsAny) else { return false }
            let c = centre(label)
            let repeats = limit == .max ? centres[label.text] ?? [] : centres[label.text].map { _ in [c] } ?? []
            guard !repeats.contains(where: { hypot($0.x - c.x, $0.y - c.y) < Self.repeatDistance }), clear(label.boxes) else { return false }
            for box in label.boxes { taken.insert(box) }
            centres[label.text, default: []].append(c)
            placed.append(label)
            return true
        }
        for (spots, town) in pointCandidates(base, townPopulation: townPopulation) where town || counted < limit {
            if spots.first(where: accept) != nil, !town { counted += 1 }
        }
        // Lines projected only when names are still wanted: a first call's limit is often reached by then.
        for candidate in counted < limit ? lines(base) : [] where counted < limit {
            for label in alongLine(candidate) where counted < limit {
                if accept(label) { counted += 1 }
            }
        }
        return placed
    }

    private func name(_ f: BaseFeature) -> String? { LabelText.of(f.name(in: language)) }

    /// Places, then waters and parks by their size on the image: horizontal names at a point,
    /// or a little beside it where that is taken; each with whether it is a town or capital.
    private func pointCandidates(_ base: [BaseFeature], townPopulation: Int?) -> [(spots: [BaseLabel], town: Bool)] {
        let places = base.filter { $0.layer == .place }.compactMap { f -> (BaseFeature, MapStyle.BaseStyle.PlaceStyle)? in
            guard style.shows(f, atZoom: zoom), let s = style.places[f.kind] else { return nil }
            return (f, s)
        }
        .sorted { ($1.1.fontSize, $1.0.rank) < ($0.1.fontSize, $0.0.rank) }
        var labels = places.compactMap { f, s in
            horizontal(f, size: s.fontSize, color: style.labels.color, bold: true, fitting: nil)
                .map { ($0, Self.kind(of: f) == .place && townPopulation.map { f.rank >= $0 } ?? false) }
        }
        // Named ones only, before their boxes are measured: most areas have no name.
        let areas = base.filter { [.water, .park].contains($0.layer) && name($0) != nil }.compactMap { f -> (BaseFeature, PixelRect)? in
            let points = f.geometry.coordinates.map(project)
            guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return nil }
            let box = PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            return box.intersects(bounds) ? (f, box) : nil
        }
        .sorted { $0.1.width * $0.1.height > $1.1.width * $1.1.height }
        labels += areas.compactMap { f, box in
            horizontal(f, size: style.labels.fontSize, color: f.layer == .water ? style.labels.waterColor : style.labels.parkColor, bold: false, fitting: box)
                .map { ($0, false) }
        }
        return labels
    }

    /// A horizontal name centred on the feature's representative point, then above, below and
    /// to either side of it; with `fitting`, only when the area is wider than its name, and only
    /// where it stays over the area's box.
    private func horizontal(_ f: BaseFeature, size: Double, color: RGBA, bold: Bool, fitting box: PixelRect?) -> [BaseLabel]? {
        guard let text = name(f), let at = PlanarGeometry.representativePoint(of: f.geometry) else { return nil }
        let p = project(at)
        let owned = p.x >= bounds.minX && p.x < bounds.maxX && p.y >= bounds.minY && p.y < bounds.maxY
        if ownPointsOnly, !owned { return nil }
        canvas.setFont(fontFamily, size: size, bold: bold)
        let width = canvas.advance(text)
        if let box, box.width < width + 2 * size || box.height < size * 2 { return nil }
        let halo = style.labels.haloWidth, line = size * 1.5
        var shifts = [(0.0, 0.0), (0, -line), (0, line), (-width / 2, 0), (width / 2, 0)]
        if ownPointsOnly {
            // Last, the centred name moved just inside the tile, still over its point: near a
            // corner the others may all cross an edge, and no other tile may name it.
            let top = p.y + size * Self.baselineShift - size * Self.ascent - halo, bottom = p.y + size * Self.baselineShift + size * Self.descent + halo
            let dx = max(0, bounds.minX + halo - (p.x - width / 2)) - max(0, p.x + width / 2 + halo - bounds.maxX)
            let dy = max(0, bounds.minY - top) - max(0, bottom - bounds.maxY)
            if (dx, dy) != (0, 0), abs(dx) < width / 2, abs(dy) < size { shifts.append((dx, dy)) }
        }
        let labels = shifts.compactMap { dx, dy -> BaseLabel? in
            let origin = (x: p.x + dx - width / 2, y: p.y + dy + size * Self.baselineShift)
            let rect = Self.box(x: origin.x, y: origin.y, angle: 0, width: width, above: size * Self.ascent + halo, below: size * Self.descent + halo, side: halo)
            guard rect.intersects(bounds), box.map({ $0.contains(rect) }) ?? true else { return nil }
            return BaseLabel(text: text, kind: Self.kind(of: f), ids: f.id.map { [$0] } ?? [], fontSize: size, bold: bold, color: color,
                             runs: [(text, origin.x, origin.y, 0)], boxes: [rect])
        }
        return labels.isEmpty ? nil : labels
    }

    /// A street's or waterway's name to place along one chain of its pieces.
    private struct LineCandidate {
        let text: String, color: RGBA, kind: BaseLabel.Kind, ids: [Int64], line: TextOnLine
    }

    /// Named streets (major first, then the longer) and waterways, their pieces joined into chains.
    /// `lineCandidates(base)`, found the first time: every call of one `BaseLabels` is handed the same base.
    private func lines(_ base: [BaseFeature]) -> [LineCandidate] {
        if let known = found.lines, found.from == base.count { return known }
        let lines = lineCandidates(base)
        (found.lines, found.from) = (lines, base.count)
        return lines
    }

    private func lineCandidates(_ base: [BaseFeature]) -> [LineCandidate] {
        struct Key: Hashable { let text: String, layer: BaseLayer, kind: String }
        var groups: [Key: [[Coordinate]]] = [:], ids: [Key: [Int64]] = [:]
        for f in base {
            let kind: String
            switch f.layer {
            case .road:
                guard zoom >= style.labels.streetMinZoom, style.shows(f, atZoom: zoom), let road = style.road(f.kind) else { continue }
                kind = road.name
            case .waterway:
                guard style.shows(f, atZoom: zoom) else { continue }
                kind = f.kind
            default: continue
            }
            guard let text = name(f) else { continue }
            let lines: [[Coordinate]] = switch f.geometry {
            case let .lineString(l): [l]
            case let .multiLineString(ls): ls
            default: []
            }
            let key = Key(text: text, layer: f.layer, kind: kind)
            groups[key, default: []] += lines
            if let id = f.id { ids[key, default: []].append(id) }
        }
        func weight(_ k: Key) -> Double { k.layer == .road ? style.roads[k.kind]?.width ?? 0 : style.waterways.kinds[k.kind]?.width ?? 0 }
        var candidates: [(Key, TextOnLine)] = []
        for (key, lines) in groups {
            for chain in LineChains.join(lines) {
                // Wholly outside the image by its extreme coordinates alone: no need to project it.
                if let box = drawing.roughBox([chain]), !box.intersects(bounds) { continue }
                let line = TextOnLine(chain.map(project))
                let xs = line.points.map(\.x), ys = line.points.map(\.y)
                guard PixelRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!).intersects(bounds) else { continue }
                candidates.append((key, line))
            }
        }
        candidates.sort { a, b in
            let (wa, wb) = (weight(a.0), weight(b.0))
            if wa != wb { return wa > wb }
            if a.1.length != b.1.length { return a.1.length > b.1.length }
            return a.0.text < b.0.text
        }
        return candidates.map { key, line in
            LineCandidate(text: key.text, color: key.layer == .road ? style.labels.color : style.labels.waterColor,
                          kind: key.layer == .road ? .street : .water, ids: ids[key] ?? [], line: line)
        }
    }

    /// The name along `line` at every spot tried, best first: from the middle outward, upright
    /// (read left to right), where the line is straight enough.
    private func alongLine(_ candidate: LineCandidate) -> [BaseLabel] {
        let (text, line) = (candidate.text, candidate.line)
        let size = style.labels.fontSize, halo = style.labels.haloWidth
        canvas.setFont(fontFamily, size: size)
        let characters = text.map(String.init), advances = characters.map(canvas.advance)
        let length = advances.reduce(0, +), spare = line.length - length - 2 * Self.lineEndGap
        guard spare >= 0 else { return [] }
        let reversed = line.reversed
        // Spots a few pixels apart, so that a name finds a gap between pins; at most `spots` of them.
        let middle = Self.lineEndGap + spare / 2, step = max(12, spare / Double(Self.spots))
        var starts = [middle]
        for k in 1...Int(spare / 2 / step + 1) { starts += [middle - Double(k) * step, middle + Double(k) * step] }
        return starts.filter { $0 >= Self.lineEndGap && $0 <= Self.lineEndGap + spare }.compactMap { start in
            let a = line.point(at: start), b = line.point(at: start + length)
            let (path, from) = b.x >= a.x ? (line, start) : (reversed, line.length - start - length)
            guard let glyphs = path.glyphs(advances: advances, start: from, baselineShift: size * Self.baselineShift) else { return nil }
            var boxes: [PixelRect] = []
            for (g, a) in zip(glyphs, advances) {
                let box = Self.box(x: g.x, y: g.y, angle: g.angle, width: a, above: size * Self.ascent + halo, below: size * Self.descent + halo, side: halo)
                // Not wholly within the image: `place` would refuse it (most spots along a tile's streets).
                guard bounds.contains(box) else { return nil }
                boxes.append(box)
            }
            return BaseLabel(text: text, kind: candidate.kind, ids: candidate.ids, fontSize: size, bold: false, color: candidate.color,
                             runs: zip(characters, glyphs).map { ($0, $1.x, $1.y, $1.angle) }, boxes: boxes)
        }
    }

    /// What a named point or area is: a settlement, a part of one, a park or a water.
    static func kind(of f: BaseFeature) -> BaseLabel.Kind {
        switch f.layer {
        case .place: f.kind == "country" ? .country : ["suburb", "quarter", "neighbourhood"].contains(f.kind) ? .district : .place
        case .park: .park
        default: .water
        }
    }

    /// The upright box around a character turned by `angle` about its origin.
    static func box(x: Double, y: Double, angle: Double, width: Double, above: Double, below: Double, side: Double) -> PixelRect {
        let (c, s) = (cos(angle), sin(angle))
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (u, v) in [(-side, -above), (width + side, -above), (width + side, below), (-side, below)] {
            let (px, py) = (x + u * c - v * s, y + u * s + v * c)
            (minX, maxX, minY, maxY) = (min(minX, px), max(maxX, px), min(minY, py), max(maxY, py))
        }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The labels, halos first (so that no halo covers a neighbour's letters), then the text, shown as text (PDF keeps it searchable).
    static func draw(_ labels: [BaseLabel], fontFamily: String, style: MapStyle.BaseStyle, on canvas: Canvas) {
        if style.labels.haloWidth > 0 {
            for label in labels {
                canvas.setFont(fontFamily, size: label.fontSize, bold: label.bold)
                canvas.turnedText(label.runs, halo: style.labels.haloColor, haloWidth: style.labels.haloWidth)
            }
        }
        for label in labels {
            canvas.setFont(fontFamily, size: label.fontSize, bold: label.bold)
            canvas.turnedText(label.runs, color: label.color)
        }
    }
}

import Foundation
import GeoCore
import GeoStore
import PixelTesting
import SpatiaLiteStore
import Stores
import Testing
@testable import MapRender

/// Marks that never pile up: on real and synthetic maps, no two drawn marks (pins, dots,
/// clusters) and labels overlap, every place in the image stands in exactly one mark, and
/// crowded maps still name many places.
@Suite struct MarkLayoutTests {
    let style: MapStyle
    init() throws { style = try MapStyle.named("default") }

    static let latvia = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/osm_derived/latvia_named_amenity_leisure.geojson")

    /// Every box pairwise disjoint (brute force over all pairs), and every feature whose
    /// position lies in the image (a cell in from its edges) a member of exactly one drawn mark.
    func expectNothingOverlaps(_ request: MapRequest, minimumMarks: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> AnnotationLayout {
        let layout = try MapRenderer.drawn(request).annotations
        let boxes = layout.marks.map { ("mark \($0.group.id)", $0.rect) } + layout.labels.map { ("label \($0.text)", $0.rect) }
        #expect(layout.marks.count >= minimumMarks, "\(layout.marks.count) marks", sourceLocation: sourceLocation)
        var overlaps: [String] = []
        for i in boxes.indices {
            for j in boxes.indices where j > i && boxes[i].1.intersects(boxes[j].1) { overlaps.append("\(boxes[i].0) and \(boxes[j].0)") }
        }
        #expect(overlaps.isEmpty, "\(overlaps.count) overlaps, e.g. \(overlaps.prefix(5))", sourceLocation: sourceLocation)
        let viewport = try MapRenderer.frame(request, request.features.filter(request.categories.selects))
        var standsIn: [String: Int] = [:]
        for mark in layout.marks { for m in mark.group.members { standsIn[m.id, default: 0] += 1 } }
        // A place within a cell of the edge may have its dot or ring just outside (moved into its
        // cell, which the edge cuts): the places farther in must all be drawn.
        let edge = request.style.clusters.largestSpan
        let inside = request.features.filter(request.categories.selects).filter { f in
            guard let c = MapRenderer.pinPosition(f) else { return false }
            let p = viewport.pixel(c)
            return p.x >= edge && p.y >= edge && p.x < request.width - edge && p.y < request.height - edge
        }
        let misplaced = inside.filter { standsIn[$0.id.description] != 1 }
        #expect(!inside.isEmpty && misplaced.isEmpty, "\(misplaced.count) of \(inside.count) places not in exactly one mark", sourceLocation: sourceLocation)
        return layout
    }

    /// The map: central Helsinki's places to eat, see and stay, cinemas and waters, at
    /// 1024 × 768. Before one clustering across categories it named 21 marks; the issue asks
    /// for 120 (Mapnik names ~135, its labels and dots allowed to overlap the dots); with no mark
    /// or label ever overlapping another, the default style names 120 (a cluster's label counting
    /// once), four in two lines (122 on one line, shortened: two lines need a taller box).
    @Test func centralHelsinkiNamesManyMarks() throws {
        let store = try SpatiaLiteStore(path: GoldenTests.database.get())
        let request = try MapRequest(features: [], categories: ["eat", "see", "stay", "cinema", "water"],
                                     framing: .bbox(BoundingBox(minLon: 24.925, minLat: 60.162, maxLon: 24.96, maxLat: 60.175)),
                                     width: 1024, height: 768, style: style).fetchingFeatures(from: store)
        let layout = try expectNothingOverlaps(request, minimumMarks: 150)
        let named = Set(layout.labels.map(\.groupID))
        #expect(named.count >= 120, "\(named.count) of \(layout.marks.count) marks named")
        // The cinemas come first: every named mark holding a cinema is named after one.
        let labels = Dictionary(layout.labels.map { ($0.groupID, $0.text) }, uniquingKeysWith: { a, _ in a })
        let cinemas = layout.marks.filter { $0.group.members.contains { $0.category == "cinema" } && labels[$0.group.id] != nil }
        #expect(cinemas.count >= 3 && cinemas.allSatisfy { mark in
            mark.group.members.contains { $0.category == "cinema" && labels[mark.group.id]!.hasPrefix($0.label!) }
        }, "\(cinemas.map { labels[$0.group.id] })")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: latvia.path), "../shared/data is absent: the Latvian maps were not checked"))
    func latviaNeverOverlaps() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-marks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SpatiaLiteStore(path: directory.appendingPathComponent("lv.sqlite").path)
        _ = try store.importFiles(FileImport.parse(paths: [Self.latvia.path]), skipInvalid: true)
        // The whole country, and the centre of Riga.
        // The whole country in 60 marks or more (a dense town's block of cells merges into one ring), and Riga's centre.
        for (framing, minimum) in [(Framing.fit(padding: 16, maxZoom: 18), 60),
                                   (.bbox(BoundingBox(minLon: 24.08, minLat: 56.935, maxLon: 24.15, maxLat: 56.965)), 60)] {
            let request = try MapRequest(features: [], framing: framing, width: 1024, height: 768, style: style).fetchingFeatures(from: store)
            _ = try expectNothingOverlaps(request, minimumMarks: minimum)
        }
    }

    /// 5 000 places in a few dense hot spots and a thin scatter, in six categories; one in seven
    /// with a name too long for one line.
    static func synthetic() -> [Feature] {
        var rng = SeededRandom(seed: 77)
        let categories = ["eat", "see", "stay", "do", "cinema", "other"]
        let spots = [(60.170, 24.940), (60.165, 24.955), (60.178, 24.925)]
        return (0..<5_000).map { i in
            let (lat, lon, spread) = i % 5 == 0 ? (60.17, 24.94, 0.03) : (spots[i % 3].0, spots[i % 3].1, 0.004)
            return Feature(id: FeatureID(kind: .poi, row: Int64(i + 1)), category: categories[i % 6], name: i % 7 == 0 ? "Kansallismuseon kokoelmakeskus ja kirjasto \(i)" : "Vieta \(i)",
                           geometry: .point(Coordinate(lat: lat + .random(in: -spread...spread, using: &rng) / 2,
                                                       lon: lon + .random(in: -spread...spread, using: &rng))))
        }
    }

    /// Finished images and tiles' layouts (labels decided locally), both shipped styles, and a
    /// style whose cells are as small as its largest cluster allows.
    @Test(arguments: [(14.0, "default", true), (15.5, "default", false), (17.0, "default", true), (15.5, "print", true), (15.5, "smallest cells", false)])
    func fiveThousandPlacesNeverOverlap(zoom: Double, styleName: String, finished: Bool) throws {
        var style = try MapStyle.named(styleName == "print" ? "print" : "default")
        if styleName == "smallest cells" { style.clusters.cell = MarkForms.smallestCell(style) }
        let request = MapRequest(features: Self.synthetic(), layers: finished ? .complete : .annotations,
                                 framing: .center(Coordinate(lat: 60.17, lon: 24.94), zoom: zoom), width: 1024, height: 768, style: style)
        _ = try expectNothingOverlaps(request, minimumMarks: 100)
    }

    /// A style changed in code is checked as a style file is: a cell too small is refused.
    @Test func aRequestWithCellsTooSmallIsRefused() throws {
        var style = self.style
        style.clusters.cell = MarkForms.smallestCell(style) - 1
        let request = MapRequest(features: Self.synthetic(), framing: .center(Coordinate(lat: 60.17, lon: 24.94), zoom: 15), width: 400, height: 300, style: style)
        #expect(throws: RenderError.self) { try MapRenderer.render(request) }
    }

    /// On the image: every pixel the annotations ink lies in one mark's or label's box (grown by
    /// a pixel of anti-aliasing), so with the boxes apart no two marks' ink meets.
    @Test func onTheImageEveryInkedPixelBelongsToOneBox() throws {
        let request = MapRequest(features: Self.synthetic(), layers: .annotations, framing: .center(Coordinate(lat: 60.17, lon: 24.94), zoom: 15.5),
                                 width: 800, height: 600, style: style)
        let drawn = try MapRenderer.drawn(request)
        let image = try Pixels(png: drawn.image)
        let boxes = drawn.annotations.marks.map(\.rect) + drawn.annotations.labels.map(\.rect)
        var stray = 0, inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.data[y * image.width + x] >> 24 != 0 {
                inked += 1
                let (px, py) = (Double(x), Double(y))
                if !boxes.contains(where: { px + 1 > $0.minX - 1 && px < $0.maxX + 1 && py + 1 > $0.minY - 1 && py < $0.maxY + 1 }) { stray += 1 }
            }
        }
        #expect(inked > 50_000, "a busy map: \(inked) inked pixels")
        #expect(stray == 0, "\(stray) inked pixels outside every mark and label box")
    }

    /// Where two names want the one spot there is, the style's label priority decides, not the
    /// ids: the cinema keeps it over the fuel station (a category the style does not list).
    @Test func aCinemaWinsItsSpotOverAFuelStation() {
        let priority = AnnotationLayout.labelPriority(style)
        #expect(priority("cinema") < priority("fuel") && priority("fuel") < priority("other"))
        // Two pins 160 px apart in a strip 220 × 60 px: each one's only spot is between them.
        func requests(cinemaAt cinema: Double, fuelAt fuel: Double) -> [LabelRequest] {
            [("a-fuel", "Fuel Station Name", fuel, "fuel"), ("b-cinema", "Kino Citadele", cinema, "cinema")].map { id, text, x, category in
                let pin = PinLook.pin(category, style: style), anchor = (x: x, y: 50.0)
                return LabelRequest(groupID: id, text: text, anchor: anchor, mark: pin.inkRect(at: anchor),
                                    middle: anchor.y - pin.height + pin.width / 2, priority: priority(category))
            }
        }
        for (cinema, fuel) in [(30.0, 190.0), (190.0, 30.0)] {
            let r = requests(cinemaAt: cinema, fuelAt: fuel)
            let placed = LabelPlacement.place(r, marks: r.map(\.mark), bounds: PixelRect(x: 0, y: 0, width: 220, height: 60),
                                              maxSize: (200, 19)) { ($0, 120, 19) }
            #expect(placed.map(\.groupID) == ["b-cinema"], "cinema at \(cinema): \(placed)")
        }
        // In one cluster of two categories, the cinema's name stands for the group, without a count.
        let naming = MarkNaming(style: style, language: nil)
        let cluster = MarkGroup(members: [LayoutMark(id: "b", category: "cinema", position: Coordinate(lat: 0, lon: 0), label: "Kino Citadele", priority: priority("cinema")),
                                          LayoutMark(id: "a", category: "fuel", position: Coordinate(lat: 0, lon: 0), label: "Fuel", priority: priority("fuel"))]
            .sorted(by: LayoutMark.precedes), position: Coordinate(lat: 0, lon: 0))
        #expect(naming.label(cluster)?.text == "Kino Citadele")
        // A cluster whose first member has no name is named after the next that has one.
        let unnamedFirst = MarkGroup(members: cluster.members.map { var m = $0; if m.id == "b" { m.label = nil }; return m },
                                     position: cluster.position)
        #expect(naming.label(unnamedFirst)?.text == "Fuel")
    }

    /// A cluster says what it is: places of one category are counted in the style's phrase, in
    /// the map's language; a town among its members names it, whatever else is there.
    @Test func aClusterIsCountedByCategoryOrNamedByItsTown() throws {
        let priority = AnnotationLayout.labelPriority(style), at = Coordinate(lat: 0, lon: 0)
        let cafes = (0..<12).map { LayoutMark(id: "eat/\($0)", category: "eat", position: at, label: "Café \($0)", priority: priority("eat")) }
        #expect(MarkNaming(style: style, language: "en").label(MarkGroup(members: cafes, position: at))?.text == "12 places to eat")
        #expect(MarkNaming(style: style, language: "lv").label(MarkGroup(members: cafes, position: at))?.text == "Kur paēst (12)")
        #expect(MarkNaming(style: style, language: "cs-CZ").label(MarkGroup(members: cafes, position: at))?.text == "Kde se najíst (12)")
        // Mixed: named by its most important place up to the style's named_up_to, counted past it (a city's hundreds are not its cinema).
        let most = try #require(style.clusters.namedUpTo)
        func mixed(_ n: Int) -> MarkGroup {
            let cinema = LayoutMark(id: "cinema/1", category: "cinema", position: at, label: "Kino Engel", priority: priority("cinema"))
            return MarkGroup(members: [cinema] + (1..<n).map { LayoutMark(id: "eat/\($0)", category: "eat", position: at, label: "Café \($0)", priority: priority("eat")) },
                             position: at)
        }
        #expect(MarkNaming(style: style, language: "en").label(mixed(most))?.text == "Kino Engel")
        #expect(MarkNaming(style: style, language: "en").label(mixed(most + 1))?.text == "\(most + 1) places")
        #expect(MarkNaming(style: style, language: "lv").label(mixed(758))?.text == "Vietas (758)")
        // A town of the style's population, drawn as a feature would be, comes first and names the cluster.
        let townPopulation = try #require(style.labels.townPopulation)
        let town = Feature(id: FeatureID(kind: .poi, row: 1), category: "city", name: "Andorra la Vella", geometry: .point(at), population: townPopulation)
        let village = Feature(id: FeatureID(kind: .poi, row: 2), category: "city", name: "Encamp", geometry: .point(at), population: townPopulation - 1)
        let marks = [town, village].map { AnnotationLayout.mark($0, at: at, priority: priority, townPopulation: townPopulation, language: nil) }
        #expect(marks.map(\.isTown) == [true, false])
        let members = (cafes + marks).sorted(by: LayoutMark.precedes)
        #expect(MarkNaming(style: style, language: "en").label(MarkGroup(members: members, position: at))?.text == "Andorra la Vella")
    }

    /// A cluster's fallback, for a finished map where its label finds no room: its most important
    /// member's name shorter than the label; none for a town's cluster or a city's hundreds. On a
    /// strip too narrow for "2 places to eat", the fallback is drawn; given room, the phrase.
    @Test func aClusterWithNoRoomForItsLabelIsNamedByAShorterMember() throws {
        let priority = AnnotationLayout.labelPriority(style), at = Coordinate(lat: 0, lon: 0), naming = MarkNaming(style: style, language: "en")
        func place(_ id: String, _ category: String, _ name: String) -> LayoutMark {
            LayoutMark(id: id, category: category, position: at, label: name, priority: priority(category))
        }
        let cafes = MarkGroup(members: [place("eat/1", "eat", "Ravintola Pääposti"), place("eat/2", "eat", "Mo Cafe")], position: at)
        #expect(naming.label(cafes).map { [$0.text, $0.fallback] } == ["2 places to eat", "Mo Cafe"])
        let mixed = MarkGroup(members: [place("see/1", "see", "Lastensiirrot 1939-1945"), place("eat/3", "eat", "Vltava")], position: at)
        #expect(naming.label(mixed).map { [$0.text, $0.fallback] } == ["Lastensiirrot 1939-1945", "Vltava"])
        #expect(naming.label(MarkGroup(members: [mixed.members[1]], position: at))?.fallback == nil)
        let most = try #require(style.clusters.namedUpTo)
        let city = MarkGroup(members: (0...most).map { place("eat/\($0)", "eat", "Café \($0)") }, position: at)
        #expect(naming.label(city)?.fallback == nil)
        let town = LayoutMark(id: "city/1", category: "city", position: at, label: "Andorra la Vella", priority: LayoutMark.townPriority)
        #expect(naming.label(MarkGroup(members: [town] + cafes.members, position: at))?.fallback == nil)

        let label = try #require(naming.label(cafes))
        let request = LabelRequest(groupID: cafes.id, text: label.text, anchor: (100, 80), mark: PixelRect(x: 90, y: 70, width: 20, height: 20),
                                   middle: 80, priority: 0, fallback: label.fallback)
        let measure = { (text: String) in (text: text, width: 6 * Double(text.count), height: 12.0) }
        let map = LabelPlacement.Neighbourhood(near: { _ in [0] }, requests: [request], measure: { _ in measure(request.text) },
                                               blocked: { $0.intersects(request.mark) })
        func placed(width: Double) -> [String] {
            LabelPlacement.placeGreedily([0], in: map, bounds: PixelRect(x: 0, y: 60, width: width, height: 40), maxSize: (150, 12), gap: 2,
                                         fitted: measure, oneLine: measure).map(\.text)
        }
        #expect(placed(width: 160) == ["Mo Cafe"])
        #expect(placed(width: 400) == ["2 places to eat"])
    }

    /// A river cut into six stretches, as OpenStreetMap and the waters' files have it: no pin per
    /// stretch, one name, along the line (each letter's origin on or beside the river).
    @Test func aRiverCutIntoStretchesIsNamedOnceAlongItsLine() throws {
        let centre = Coordinate(lat: 42.5, lon: 1.52)
        let points = (0...24).map { i in Coordinate(lat: centre.lat + 0.002 * sin(Double(i) / 4), lon: centre.lon - 0.03 + Double(i) * 0.0025) }
        let stretches = stride(from: 0, to: 24, by: 4).map { Array(points[$0...min($0 + 4, 24)]) }
        let river = stretches.enumerated().map { i, line in
            Feature(id: FeatureID(kind: .water, row: Int64(i + 1)), category: "water", name: "Riu Gran Valira", geometry: .lineString(line))
        }
        let lake = Feature(id: FeatureID(kind: .water, row: 7), category: "water", name: "Estany",
                           geometry: .polygon([[Coordinate(lat: 42.503, lon: 1.50), Coordinate(lat: 42.503, lon: 1.5002),
                                                Coordinate(lat: 42.5032, lon: 1.5002), Coordinate(lat: 42.503, lon: 1.50)]]))
        let request = MapRequest(features: river + [lake], framing: .center(centre, zoom: 14), width: 900, height: 300, style: style)
        let drawn = try MapRenderer.drawn(request)
        // The tiny lake keeps its mark; the river has none.
        #expect(drawn.annotations.marks.map { $0.group.members.map(\.id) } == [["water/7"]])
        let names = drawn.baseLabels.filter { $0.text == "Riu Gran Valira" }
        #expect(names.count == 1, "\(names.count) names of the river")
        let viewport = try MapRenderer.frame(request, request.features)
        let line = points.map(viewport.pixel)
        func distance(_ p: (x: Double, y: Double)) -> Double {
            zip(line, line.dropFirst()).map { a, b in
                let (dx, dy) = (b.x - a.x, b.y - a.y)
                let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
                return hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
            }.min()!
        }
        let runs = try #require(names.first).runs
        #expect(runs.count == "Riu Gran Valira".count && runs.allSatisfy { distance(($0.x, $0.y)) < 8 }, "\(runs.map { distance(($0.x, $0.y)) })")
        #expect(Set(runs.map { ($0.angle * 100).rounded() }).count > 1, "the name bends with the river")
    }

    /// At country scale the cities are named by population: a map of Latvia names its three
    /// largest, as GeoNames counts them (read from the demo's file, not from the store).
    @Test func latviaNamesItsLargestCities() throws {
        let csv = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/geonames/geonames_cities500_LV_CZ_tz.csv"), encoding: .utf8)
        let rows: [[Substring]] = csv.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let latvian: [(name: String, population: Int)] = rows.filter { $0[4] == "LV" }.map { (String($0[1]), Int($0[6]) ?? 0) }
        let largest = latvian.sorted { $0.population > $1.population }.prefix(3).map(\.name)
        #expect(largest.count == 3)
        let store = try SpatiaLiteStore(path: GoldenTests.database.get())
        let request = try MapRequest(features: [], categories: ["city"], framing: .bbox(BoundingBox(minLon: 20.6, minLat: 55.6, maxLon: 28.5, maxLat: 58.1)),
                                     width: 1024, height: 768, style: style).fetchingFeatures(from: store)
        let layout = try expectNothingOverlaps(request, minimumMarks: 50)
        let texts = layout.labels.map(\.text)
        for city in largest { #expect(texts.contains { $0 == city || $0.hasPrefix(city + " +") }, "\(city) among \(texts.count) names") }
    }
}

import Foundation
import Testing
@testable import GeoStore
@testable import MapRender

@Suite struct StyleTests {
    /// Every category code the importers produce: the OSM mapping's, the travel guide's, the
    /// GPX importer's (waypoint, trip), the CSV/GeoJSON default (other) and cities.
    static let codes = Set(OSMCategoryMapping.table.map(\.category))
        .union(["do", "see", "stay", "eat", "route", "city", "cinema", "water", "trip", "waypoint", "other"])

    static let shipped = ["default", "print"]

    @Test func shippedStylesLoad() throws {
        #expect(Set(MapStyle.availableNames()).isSuperset(of: Self.shipped))
        let screen = try MapStyle.named("default")
        let print = try MapStyle.named("print")
        #expect(screen.print == nil)
        let page = try #require(print.print)
        #expect(page.marginsMM.left > 0 && page.titleFontSize > page.indexFontSize)
        #expect(screen.labels.fontFamily == "DejaVu Sans" && print.labels.fontFamily == "DejaVu Sans")
        // The same file read by path is the same style.
        let directory = try #require(MapStyle.stylesDirectory())
        #expect(try MapStyle.load(from: directory.appendingPathComponent("default.json")) == screen)
        #expect(try MapStyle.named("print.json") == print)
    }

    @Test(arguments: shipped) func everyCategoryHasAStyleAndThreeNames(_ name: String) throws {
        let style = try MapStyle.named(name)
        for code in Self.codes.sorted() {
            let category = try #require(style.categories[code], "\(name): no style for category \(code)")
            #expect(style.category(code) == category)
            for language in ["lv", "en", "cs"] {
                let label = try #require(category.labels[language], "\(name): \(code) has no \(language) label")
                #expect(!label.isEmpty && label != code)
            }
            #expect(style.legend.order.contains(code), "\(name): \(code) missing from legend.order")
        }
        // The travel guide's own names.
        let guide: [String: [String]] = [
            "do": ["Ko darīt", "What to do", "Co dělat"], "see": ["Ko redzēt", "What to see", "Co vidět"],
            "stay": ["Kur palikt", "Where to stay", "Kde se ubytovat"], "eat": ["Kur paēst", "Where to eat", "Kde se najíst"],
            "route": ["Maršruti", "Routes", "Trasy"],
        ]
        for (code, names) in guide {
            #expect(["lv", "en", "cs"].map { style.label(for: code, language: $0) } == names)
        }
        // Distinct pins: no two categories share a colour and glyph.
        let looks = style.categories.values.map { "\($0.color.hex) \($0.glyph)" }
        #expect(Set(looks).count == looks.count)
    }

    @Test(arguments: shipped) func tripsAreRedAndWatersGreen(_ name: String) throws {
        let style = try MapStyle.named(name)
        for trip in [style.category("trip").color, style.trips.color] {
            let (hue, saturation) = Self.hueAndSaturation(trip)
            #expect(hue >= 345 || hue <= 15, "\(name): trip colour \(trip) has hue \(hue)°, not red")
            #expect(saturation >= 0.5)
        }
        let (hue, saturation) = Self.hueAndSaturation(style.category("water").color)
        #expect((90...170).contains(hue), "\(name): water pin hue \(hue)°, not green")
        #expect(saturation >= 0.5)
    }

    /// The palette stays apart for the common colour vision deficiencies (simulated with Machado,
    /// Oliveira & Fernandes 2009, severity 1), and the white glyph is legible on every pin.
    @Test(arguments: shipped) func paletteIsColourBlindAware(_ name: String) throws {
        let style = try MapStyle.named(name)
        let codes = style.categories.keys.sorted()
        for (vision, matrix) in [("normal", Self.identity), ("deuteranopia", Self.deuteranopia), ("protanopia", Self.protanopia)] {
            let lab = codes.map { Self.lab(Self.simulate(style.categories[$0]!.color, matrix)) }
            let floor = vision == "normal" ? 25.0 : 12.0
            for i in codes.indices { for j in codes.indices where i < j {
                let d = Self.deltaE(lab[i], lab[j])
                #expect(d >= floor, "\(name), \(vision): \(codes[i]) and \(codes[j]) are only ΔE \(Int(d)) apart")
            } }
        }
        for code in codes {
            let ratio = Self.contrast(style.pins.glyphColor, style.categories[code]!.color)
            #expect(ratio >= 3, "\(name): glyph on \(code) has contrast \(ratio):1")
        }
        #expect(Self.contrast(style.clusters.countColor, style.neutral.color) >= 2)
    }

    /// The toy text API does not fall back to other fonts: every glyph, label and digit a style
    /// draws must be in DejaVu Sans itself (read from the font's cmap).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: dejaVu + "DejaVuSans.ttf")), arguments: shipped)
    func everyCharacterIsInDejaVuSans(_ name: String) throws {
        let style = try MapStyle.named(name)
        var text = "0123456789 km m ©+" + style.neutral.glyph
        for category in style.categories.values { text += category.glyph + category.labels.values.joined() }
        text += "āčēģīķļņšūžřěůșț ĀČĒĢĪĶĻŅŠŪŽŘĚŮȘȚ"
        for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            let cmap = try CharacterMap(font: Data(contentsOf: URL(fileURLWithPath: Self.dejaVu + file)))
            let missing = Set(text.unicodeScalars.filter { !cmap.contains($0) }).map { "U+" + String($0.value, radix: 16, uppercase: true) }
            #expect(missing.isEmpty, "\(file) lacks \(missing.sorted())")
        }
        // The oracle can say no: emoji are not in DejaVu Sans.
        let cmap = try CharacterMap(font: Data(contentsOf: URL(fileURLWithPath: Self.dejaVu + "DejaVuSans.ttf")))
        #expect(!cmap.covers("🍴") && !cmap.covers("⛺") && cmap.covers("★♨") && cmap.covers("žș"))
    }

    @Test func unknownCategoryIsNeutral() throws {
        let style = try MapStyle.named("default")
        #expect(style.category("zoo") == style.neutral)
        #expect(style.category("") == style.neutral)
        #expect(style.category("EAT") == style.category("eat"))
        #expect(style.label(for: "zoo", language: "lv") == "zoo")
        #expect(style.label(for: "zoo", language: nil) == "zoo")
        #expect(style.neutral.labels.isEmpty)
    }

    @Test func labelFallsBackToEnglishThenTheCode() throws {
        var style = try MapStyle.named("default")
        #expect(style.label(for: "eat", language: "cs") == "Kde se najíst")
        #expect(style.label(for: "eat", language: "cs-CZ") == "Kde se najíst")
        #expect(style.label(for: "eat", language: "LV") == "Kur paēst")
        #expect(style.label(for: "eat", language: "de") == "Where to eat")
        #expect(style.label(for: "eat", language: nil) == "Where to eat")
        style.categories["spa"] = .init(color: RGBA(r: 0, g: 0.5, b: 0.5), glyph: "♨", labels: ["lv": "Pirts"])
        #expect(style.label(for: "spa", language: "lv") == "Pirts")
        #expect(style.label(for: "spa", language: "cs") == "spa")
        #expect(style.label(for: "spa", language: nil) == "spa")
    }

    @Test func legendOrderAndClusterGrowth() throws {
        let style = try MapStyle.named("default")
        #expect(style.sortedForLegend(["zoo", "trip", "eat", "do", "eat", "abc"]) == ["do", "eat", "trip", "abc", "zoo"])
        let scales = [1, 2, 4, 10, 100, 5000].map { style.clusters.scale(count: $0) }
        #expect(scales.first == 1 && scales == scales.sorted() && scales.last == style.clusters.maxScale)
    }

    @Test func colours() {
        #expect(RGBA(hex: "#FF8000") == RGBA(r: 1, g: 128.0 / 255, b: 0, a: 1))
        #expect(RGBA(hex: "#ff800080") == RGBA(r: 1, g: 128.0 / 255, b: 0, a: 128.0 / 255))
        for bad in ["#12", "FF8000", "#GG0000", "#FF80001", "#FF8000800", "", "#", "#ＦＦ8000", "red"] {
            #expect(RGBA(hex: bad) == nil, "\(bad)")
        }
        #expect(RGBA(hex: "#12ab9C")!.hex == "#12AB9C")
        #expect(RGBA(hex: "#12AB9C40")!.hex == "#12AB9C40")
    }

    // MARK: Bad style files

    /// Writes `text` to a fresh temporary file and returns the error loading it gives.
    private func loadError(_ text: String, file: String = #function) throws -> (StyleError, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-style-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = file.prefix { $0 != "(" } + ".json"
        let url = directory.appendingPathComponent(String(name))
        try Data(text.utf8).write(to: url)
        do {
            _ = try MapStyle.load(from: url)
            Issue.record("\(name) loaded")
            return (StyleError(file: "", reason: ""), url.path)
        } catch {
            #expect(error.description.hasPrefix(url.path + ": "), "\(error) does not name \(url.path)")
            return (error, url.path)
        }
    }

    /// The shipped default style with one edit at a key path: a value set (`.some`), or the key
    /// removed (`nil`). Edits go through the parsed JSON, so they do not depend on its layout.
    private func edited(_ path: [String], _ value: Any?) throws -> String {
        let url = try #require(MapStyle.stylesDirectory()).appendingPathComponent("default.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        func edit(_ object: [String: Any], _ path: ArraySlice<String>) throws -> [String: Any] {
            var object = object
            let key = path.first!
            if path.count == 1 {
                object[key] = value
            } else {
                let inner = try #require(object[key] as? [String: Any], "default.json has no object at \(key)")
                object[key] = try edit(inner, path.dropFirst())
            }
            return object
        }
        let edited = try edit(object, path[...])
        return String(decoding: try JSONSerialization.data(withJSONObject: edited, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
    }

    @Test func brokenHexColour() throws {
        let (error, path) = try loadError(edited(["categories", "eat", "color"], "#12"))
        #expect(error.keyPath == "categories.eat.color")
        #expect(error.description == "\(path): categories.eat.color: '#12' is not a colour #RRGGBB or #RRGGBBAA")
        let (letters, _) = try loadError(edited(["trips", "start_color"], "#GGHHII"))
        #expect(letters.description.hasSuffix("trips.start_color: '#GGHHII' is not a colour #RRGGBB or #RRGGBBAA"))
    }

    @Test func unknownKey() throws {
        let (top, path) = try loadError(edited(["colour_blind"], true))
        #expect(top.keyPath == "colour_blind")
        #expect(top.description.hasPrefix("\(path): colour_blind: unknown key"))
        let (nested, _) = try loadError(edited(["labels", "halo_widht"], 2))
        #expect(nested.keyPath == "labels.halo_widht")
        #expect(nested.reason == "unknown key; did you mean 'halo_width'?")
        // The neutral style has no labels: an unknown code is named by its code.
        let (neutral, _) = try loadError(edited(["neutral", "labels"], ["en": "?"]))
        #expect(neutral.keyPath == "neutral.labels")
    }

    @Test func missingKey() throws {
        let (error, path) = try loadError(edited(["labels", "halo_width"], nil))
        #expect(error.description == "\(path): labels.halo_width: missing (a required key)")
        let (section, _) = try loadError(edited(["scale_bar"], nil))
        #expect(section.keyPath == "scale_bar")
        let (glyph, _) = try loadError(edited(["categories", "eat", "glyph"], nil))
        #expect(glyph.keyPath == "categories.eat.glyph")
        // Optional keys may go.
        for optional in [["description"], ["legend", "order"]] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-style-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try Data(edited(optional, nil).utf8).write(to: url)
            #expect(throws: Never.self) { try MapStyle.load(from: url) }
        }
    }

    @Test func notJSON() throws {
        let (error, path) = try loadError("background = #FFFFFF\n")
        #expect(error.keyPath == "")
        #expect(error.description == "\(path): not valid JSON: invalid value at line 1, column 1")
        let (comma, _) = try loadError("{\n  \"background\": \"#FFFFFF\",\n  \"categories\": }\n")
        #expect(comma.reason == "not valid JSON: invalid value at line 3, column 17")
        let (array, _) = try loadError("[1, 2]")
        #expect(array.reason == "a style is a JSON object")
        let (empty, _) = try loadError("")
        #expect(empty.reason == "not valid JSON: the file is empty")
    }

    @Test func wrongTypesAndRanges() throws {
        let (type, _) = try loadError(edited(["labels", "font_size"], "12"))
        #expect(type.keyPath == "labels.font_size" && type.reason == "expected a number")
        let (negative, _) = try loadError(edited(["pins", "width"], -3))
        #expect(negative.keyPath == "pins.width" && negative.reason == "-3 must be > 0 and at most 10000")
        let (huge, _) = try loadError(edited(["scale_bar", "max_width"], 1e20))
        #expect(huge.keyPath == "scale_bar.max_width" && huge.reason.contains("at most 10000"))
        // A cell too small for the largest cluster would let marks overlap: refused, saying how large it must be.
        let (cramped, _) = try loadError(edited(["clusters", "cell"], 12))
        #expect(cramped.keyPath == "clusters.cell" && cramped.reason.contains("must be at least"), "\(cramped.reason)")
        let (squat, _) = try loadError(edited(["pins", "height"], 10))
        #expect(squat.keyPath == "pins.height" && squat.reason.contains("at least the pin's width"))
        let (offset, _) = try loadError(edited(["pins", "shadow_offset"], [1]))
        #expect(offset.keyPath == "pins.shadow_offset" && offset.reason == "expected 2 numbers, found 1")
        let (offsetType, _) = try loadError(edited(["pins", "shadow_offset"], [1, "x"] as [Any]))
        #expect(offsetType.keyPath == "pins.shadow_offset[1]")
        let (colourType, _) = try loadError(edited(["background"], 255))
        #expect(colourType.keyPath == "background" && colourType.reason.contains("#RRGGBB"))
        let (glyph, _) = try loadError(edited(["categories", "eat", "glyph"], "Kur paēst"))
        #expect(glyph.keyPath == "categories.eat.glyph")
        let (null, _) = try loadError(edited(["labels", "halo_width"], NSNull()))
        #expect(null.keyPath == "labels.halo_width")
        let (section, _) = try loadError(edited(["waters"], "blue"))
        #expect(section.keyPath == "waters" && section.reason == "expected an object")
        let (lines, _) = try loadError(edited(["labels", "max_lines"], 3))
        #expect(lines.keyPath == "labels.max_lines" && lines.reason == "3 must be 1 or 2")
        let (spacing, _) = try loadError(edited(["labels", "line_spacing"], 0.5))
        #expect(spacing.keyPath == "labels.line_spacing" && spacing.reason == "0.5 must be 1–3")
        // The keys of issue 31: a merged block of one place, a phrase without its count, a town of nobody, a share past the whole.
        let (merge, _) = try loadError(edited(["clusters", "merge"], 1))
        #expect(merge.keyPath == "clusters.merge" && merge.reason.contains("must be at least 2"), "\(merge.reason)")
        let (phrase, _) = try loadError(edited(["categories", "eat", "counted"], ["en": "places to eat"]))
        #expect(phrase.keyPath == "categories.eat.counted.en" && phrase.reason.contains("no {n}"), "\(phrase.keyPath): \(phrase.reason)")
        let (town, _) = try loadError(edited(["labels", "town_population"], 0))
        #expect(town.keyPath == "labels.town_population" && town.reason == "0 must be ≥ 1")
        let (most, _) = try loadError(edited(["clusters", "named_up_to"], 0))
        #expect(most.keyPath == "clusters.named_up_to" && most.reason == "0 must be ≥ 1", "\(most.keyPath): \(most.reason)")
        let (share, _) = try loadError(edited(["base", "labels", "share"], 1.5))
        #expect(share.keyPath == "base.labels.share" && share.reason == "1.5 must be 0–1", "\(share.keyPath): \(share.reason)")
    }

    /// Labels' lines, when a style does not say: two, 1.15 font sizes apart.
    @Test func labelLinesHaveDefaults() throws {
        let style = try MapStyle.named("default")
        #expect(style.labels.maxLines == 2 && style.labels.lineSpacing == 1.15)
    }

    @Test func theBaseSectionIsCheckedAsStrictly() throws {
        let (road, _) = try loadError(edited(["base", "roads", "primary", "casing_widht"], 1))
        #expect(road.keyPath == "base.roads.primary.casing_widht" && road.reason == "unknown key; did you mean 'casing_width'?")
        let (dash, _) = try loadError(edited(["base", "rail", "dash"], [3]))
        #expect(dash.keyPath == "base.rail.dash" && dash.reason.contains("in pairs"))
        let (zoom, _) = try loadError(edited(["base", "buildings", "min_zoom"], 30))
        #expect(zoom.keyPath == "base.buildings.min_zoom" && zoom.reason == "30.0 is not a zoom level 0…24")
        let (colour, _) = try loadError(edited(["base", "park", "forest"], "green"))
        #expect(colour.keyPath == "base.park.forest")
        let (missing, _) = try loadError(edited(["base", "sea"], nil))
        #expect(missing.keyPath == "base.sea")
        let (growth, _) = try loadError(edited(["base", "growth"], 5))
        #expect(growth.keyPath == "base.growth")
        // The section is optional: a style without it draws no base.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-style-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(edited(["base"], nil).utf8).write(to: url)
        #expect(try MapStyle.load(from: url).base == nil)
        for name in Self.shipped { #expect(try MapStyle.named(name).base != nil, "\(name) has a base") }
    }

    @Test func missingFilesAndNames() throws {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-style-\(UUID().uuidString).json")
        #expect(throws: StyleError(file: nowhere.path, reason: "no such file")) { try MapStyle.load(from: nowhere) }
        do {
            _ = try MapStyle.named("nope")
            Issue.record("a style named nope loaded")
        } catch {
            #expect(error.file.hasSuffix("/nope.json"))
            #expect(error.reason.contains("default") && error.reason.contains("print"))
        }
        #expect(throws: StyleError.self) { try MapStyle.named("../Package") }
    }

    // MARK: Colour science for the checks (independent of the renderer)

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"

    /// Hue in degrees [0, 360) and HSV saturation.
    static func hueAndSaturation(_ c: RGBA) -> (Double, Double) {
        let maxC = max(c.r, c.g, c.b), minC = min(c.r, c.g, c.b), d = maxC - minC
        guard d > 0 else { return (0, 0) }
        var hue: Double
        if maxC == c.r { hue = 60 * ((c.g - c.b) / d) } else if maxC == c.g { hue = 60 * ((c.b - c.r) / d + 2) } else { hue = 60 * ((c.r - c.g) / d + 4) }
        if hue < 0 { hue += 360 }
        return (hue, d / maxC)
    }

    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

    static let identity: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    static let deuteranopia: [[Double]] = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    static let protanopia: [[Double]] = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]

    /// Linear RGB as seen with the deficiency `m`.
    static func simulate(_ c: RGBA, _ m: [[Double]]) -> [Double] {
        let l = [linear(c.r), linear(c.g), linear(c.b)]
        return m.map { row in min(1, max(0, zip(row, l).map(*).reduce(0, +))) }
    }

    /// CIELAB (D65) of linear RGB.
    static func lab(_ l: [Double]) -> [Double] {
        let x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.95047
        let y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
        let z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
    }

    static func deltaE(_ a: [Double], _ b: [Double]) -> Double { sqrt(zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)) }

    /// WCAG contrast ratio.
    static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        func luminance(_ c: RGBA) -> Double { 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b) }
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

import CCairo
import Foundation
import FoundationXML
import GeoCore
import GeoStore
import PixelTesting
import Testing
import TestSupport
@testable import MapRender

/// Pixels of the rendered image against independent geometry: the pin's tip must be where the
/// coordinate projects (by Web Mercator maths, not by the renderer), in the category's colour.
@Suite struct RenderTests {
    let style: MapStyle

    init() throws { style = try MapStyle.named("default") }

    func place(_ row: Int64, _ category: String, _ c: Coordinate, name: String? = nil) -> Feature {
        Feature(id: FeatureID(kind: .poi, row: row), category: category, name: name, names: [:], address: nil,
                geometry: .point(c), distance: nil, properties: [:])
    }

    @Test func aPinStandsOnTheProjectedPointInItsCategorysColour() throws {
        let roja = Coordinate(lat: 57.50935, lon: 22.80612)
        let zoom = 15.0, (w, h) = (400.0, 300.0)
        let center = Coordinate(lat: 57.5085, lon: 22.8055)
        let png = try MapRenderer.render(MapRequest(features: [place(1, "do", roja)], framing: .center(center, zoom: zoom),
                                                    width: w, height: h, style: style))
        let image = try Pixels(png: png)
        #expect(image.width == 400 && image.height == 300)
        // Independent projection: world pixels at zoom 0 by the spherical Mercator formulas.
        func world(_ c: Coordinate) -> (Double, Double) {
            let lat = c.lat * .pi / 180
            return ((c.lon + 180) / 360 * 256, (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * 256)
        }
        let s = pow(2, zoom), (px, py) = world(roja), (cx, cy) = world(center)
        let tip = ((px - cx) * s + w / 2, (py - cy) * s + h / 2)
        let colour = style.category("do").color
        // Just above the tip the pin is narrow but filled; beside the glyph in its head, too.
        #expect(image.near(Int(tip.0), Int(tip.1 - 7), colour), "pin body above the tip at \(tip)")
        let head = tip.1 - style.pins.height + style.pins.width / 2
        #expect(image.near(Int(tip.0 - style.pins.width * 0.36), Int(head), colour), "pin head")
        // Well beside the pin: background.
        #expect(image.near(Int(tip.0 + 40), Int(tip.1 - 20), style.background))
    }

    @Test func categoriesSwitchedOffLeaveNoPixelOfTheirColour() throws {
        var rng = SeededRandom(seed: 4)
        let features = (0..<60).map { i in
            place(Int64(i), i % 2 == 0 ? "eat" : "see", Coordinate(lat: 60.16 + .random(in: 0...0.02, using: &rng), lon: 24.92 + .random(in: 0...0.04, using: &rng)))
        }
        let eat = style.category("eat").color, see = style.category("see").color
        func count(_ categories: CategoryFilter, _ colour: RGBA) throws -> Int {
            let image = try Pixels(png: MapRenderer.render(MapRequest(features: features, categories: categories, width: 500, height: 400, style: style)))
            return (0..<image.height).reduce(0) { sum, y in sum + (0..<image.width).filter { image.near($0, y, colour, tolerance: 0.04) }.count }
        }
        #expect(try count([], eat) > 500, "both drawn: eat visible")
        #expect(try count(["see"], eat) == 0, "eat switched off")
        #expect(try count(["see"], see) > 500)
    }

    /// The layout's label boxes never overlap, and on the image every pixel of label ink lies in
    /// one of them: found as the difference between the map and the same map with its labels
    /// drawn in a fully transparent colour (same layout, no ink).
    @Test(arguments: [1.0, 2.0])
    func labelInkStaysInItsOwnBoxAndBoxesNeverOverlap(scale: Double) throws {
        var rng = SeededRandom(seed: 9)
        // The last too long for one line: drawn in two.
        let names = ["Rīgas pils", "Dvůr Ještěd", "Kafejnīca Ūdens", "Șoseaua Țării", "Museum", "Bāka", "Helsingin kaupunginmuseo ja Kansallismuseo"]
        let features = (0..<250).map { i in
            place(Int64(i), ["eat", "see", "stay"][i % 3],
                  Coordinate(lat: 57.50 + .random(in: 0...0.02, using: &rng), lon: 22.78 + .random(in: 0...0.05, using: &rng)),
                  name: "\(names[i % names.count]) \(i)")
        }
        let center = Coordinate(lat: 57.51, lon: 22.805), (w, h) = (700.0, 500.0)
        func render(_ style: MapStyle) throws -> Pixels {
            try Pixels(png: MapRenderer.render(MapRequest(features: features, layers: .annotations, framing: .center(center, zoom: 15),
                                                          width: w, height: h, scale: scale, style: style)))
        }
        var invisible = style
        invisible.labels.color.a = 0
        invisible.labels.haloColor.a = 0
        let (with, without) = (try render(style), try render(invisible))

        let viewport = Viewport(center: center, zoom: 15, width: w, height: h)
        let measuring = try Canvas(format: .png, width: 1, height: 1)
        let boxes = AnnotationLayout(features: features, viewport: viewport, style: style, language: nil, keepInside: false) { MapRenderer.labelSize($0, style: style, on: measuring) }.labels.map(\.rect)
        #expect(boxes.count > 20)
        for i in boxes.indices { for j in boxes.indices where j > i { #expect(!overlaps(boxes[i], boxes[j])) } }

        var inked = Set<Int>(), stray = 0
        for y in 0..<with.height {
            for x in 0..<with.width where with.data[y * with.width + x] != without.data[y * with.width + x] {
                // The pixel's square in layout units, against each box grown by a pixel of anti-aliasing.
                let (px, py) = (Double(x) / scale, Double(y) / scale)
                let owners = boxes.indices.filter { b in
                    let r = boxes[b]
                    return px + 1 / scale > r.minX - 1 && px < r.maxX + 1 && py + 1 / scale > r.minY - 1 && py < r.maxY + 1
                }
                if owners.isEmpty { stray += 1 }
                inked.formUnion(owners)
            }
        }
        #expect(stray == 0, "\(stray) pixels of label ink outside every label box")
        // A box may reach in by a pixel or two of its halo's margin, where its text draws no ink.
        let wellInside = boxes.indices.filter { b in
            let r = boxes[b]
            return min(r.maxX, w) - max(r.minX, 0) >= 4 && min(r.maxY, h) - max(r.minY, 0) >= 4
        }
        #expect(Set(wellInside).isSubset(of: inked), "every placed label is drawn: \(wellInside.filter { !inked.contains($0) }.map { boxes[$0] })")
    }

    /// Zoom-to-fit on the image: no ink in the padding (a pixel spared for rounding), and
    /// a little more zoom about the same centre puts some pin's ink into it.
    @Test func zoomToFitIsTightOnTheImage() throws {
        var rng = SeededRandom(seed: 12)
        let features = (0..<40).map { i in
            place(Int64(i), ["eat", "see", "do"][i % 3], Coordinate(lat: 49.19 + .random(in: 0...0.05, using: &rng), lon: 16.60 + .random(in: 0...0.1, using: &rng)))
        }
        let padding = 20.0, (w, h) = (500.0, 400.0), band = Int(padding) - 1
        let request = MapRequest(features: features, layers: .annotations, framing: .fit(padding: padding, maxZoom: 18), width: w, height: h, style: style)
        let fitted = try MapRenderer.frame(request, features)
        func inkInBand(_ image: Pixels) -> Int {
            var count = 0
            for y in 0..<image.height { for x in 0..<image.width where x < band || y < band || x >= image.width - band || y >= image.height - band {
                if image.data[y * image.width + x] >> 24 != 0 { count += 1 }
            } }
            return count
        }
        #expect(inkInBand(try Pixels(png: MapRenderer.render(request))) == 0)
        var closer = request
        closer.framing = .center(fitted.center, zoom: fitted.zoom + 0.05)
        #expect(inkInBand(try Pixels(png: MapRenderer.render(closer))) > 0, "a closer zoom would cut into the padding")
    }

    /// Five thousand points stay readable: far fewer marks than points, and the same image
    /// whatever order the points come in (names in one line and in two).
    @Test func fiveThousandPointsDeclutterTheSameWayInAnyOrder() throws {
        var rng = SeededRandom(seed: 13)
        let features = (0..<5_000).map { i in
            place(Int64(i), ["eat", "see", "stay", "do"][i % 4],
                  Coordinate(lat: 60.15 + .random(in: 0...0.02, using: &rng), lon: 24.90 + .random(in: 0...0.08, using: &rng)),
                  name: i % 7 == 0 ? "Kansallismuseon kokoelmakeskus ja kirjasto \(i)" : "Vieta \(i)")
        }
        // All of them inside the image: 0.08° × 0.02° is about 930 × 470 px at zoom 14 and 60° N.
        let request = MapRequest(features: features, framing: .center(Coordinate(lat: 60.16, lon: 24.94), zoom: 14), width: 1024, height: 768, style: style)
        let measuring = try Canvas(format: .png, width: 1, height: 1)
        let layout = AnnotationLayout(features: features, viewport: try MapRenderer.frame(request, features), style: style, language: nil,
                                      keepInside: false) { MapRenderer.labelSize($0, style: style, on: measuring) }
        #expect(layout.marks.count < 800 && layout.marks.reduce(0) { $0 + $1.group.members.count } == 5_000)
        var shuffled = request
        shuffled.features.shuffle(using: &rng)
        #expect(try MapRenderer.render(request) == MapRenderer.render(shuffled))
    }

    @Test func pdfAndSVGComeFromTheSameDrawing() async throws {
        let features = [place(1, "see", Coordinate(lat: 57.5, lon: 22.8), name: "Rojas bāka ā č ē ģ ī ķ ļ ņ š ū ž ř ě ů ș ț")]
        var style = style
        style.labels.maxWidth = 1_000  // the whole name, not shortened
        let pdf = try MapRenderer.render(MapRequest(features: features, width: 600, height: 400, format: .pdf, style: style))
        let pdfText = String(decoding: pdf, as: UTF8.self)
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        // Vector content: fonts embedded, no raster image anywhere (pins are paths in PDF).
        #expect(pdfText.contains("+DejaVuSans") && !pdfText.contains("/Subtype /Image"))
        // Poppler opens it: one page of 600 × 400 points, and the label is text, diacritics and all.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(UUID().uuidString).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        func poppler(_ tool: String, _ args: [String]) async throws -> String {
            try await ChildProcess.output(of: tool, args)
        }
        let info = Dictionary(try await poppler("pdfinfo", [file.path]).split(separator: "\n").map { line in
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { a, _ in a })
        #expect(info["Pages"] == "1" && info["Page size"] == "600 x 400 pts")
        let text = try await poppler("pdftotext", [file.path, "-"])
        #expect(text.contains("Rojas bāka ā č ē ģ ī ķ ļ ņ š ū ž ř ě ů ș ț"), "pdftotext read: \(text)")
        let svg = try MapRenderer.render(MapRequest(features: features, width: 600, height: 400, format: .svg, style: style))
        // The pin is there in its category's colour, written as Cairo writes SVG colours.
        func percent(_ v: Double) -> String {
            var text = String(format: "%.6f", v * 100)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text + "%"
        }
        let see = style.category("see").color
        #expect(String(decoding: svg, as: UTF8.self).contains("fill:rgb(\(percent(see.r)),\(percent(see.g)),\(percent(see.b)))"))
        final class Root: NSObject, XMLParserDelegate {
            var name: String?
            func parser(_ p: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == nil { name = e }
            }
        }
        let parser = XMLParser(data: svg), root = Root()
        parser.delegate = root
        #expect(parser.parse() && root.name == "svg")
    }

    /// Our PNG encoder against Cairo's PNG reader: the same pixels come back, opaque or not.
    @Test(arguments: [true, false])
    func pngRoundTripsThroughCairosReader(opaque: Bool) throws {
        let (w, h) = (97, 61)
        // Rows padded beyond 4 × width, as a surface may have them: the encoder must follow the stride.
        let paddedStride = w * 4 + 36
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: paddedStride * h)
        buffer.initialize(repeating: 0xA5, count: paddedStride * h)
        defer { buffer.deallocate() }
        let surface = cairo_image_surface_create_for_data(buffer, opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                          Int32(w), Int32(h), Int32(paddedStride))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        // The image starts transparent black; the padding keeps its 0xA5 filler.
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        var rng = SeededRandom(seed: opaque ? 1 : 2)
        for _ in 0..<40 {
            cairo_set_source_rgba(cr, .random(in: 0...1, using: &rng), .random(in: 0...1, using: &rng), .random(in: 0...1, using: &rng), .random(in: 0.1...1, using: &rng))
            cairo_arc(cr, .random(in: 0...Double(w), using: &rng), .random(in: 0...Double(h), using: &rng), .random(in: 2...30, using: &rng), 0, 2 * .pi)
            cairo_fill(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), data = cairo_image_surface_get_data(surface)!
        let png = try PNGEncoder.encode(pixels: data, width: w, height: h, stride: stride, opaque: opaque)
        let decoded = try Pixels(png: png)
        #expect(decoded.width == w && decoded.height == h)
        let original = UnsafeRawPointer(data)
        var worst = 0
        for y in 0..<h {
            for x in 0..<w {
                let a = original.load(fromByteOffset: y * stride + x * 4, as: UInt32.self), b = decoded.data[y * w + x]
                for shift in opaque ? [0, 8, 16] : [0, 8, 16, 24] {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        // Straight alpha in the file, premultiplied again on reading: one unit of rounding at most.
        #expect(worst <= (opaque ? 0 : 1))
    }

    @Test func aProjectedCRSRefusesAreasItCannotDraw() throws {
        let latvia = try ProjectedCRS(epsg: 3059)
        let features = [place(1, "see", Coordinate(lat: 57.5, lon: 22.8))]
        func error(_ framing: Framing) -> String {
            do {
                _ = try MapRenderer.render(MapRequest(features: features, projection: latvia, framing: framing, width: 300, height: 200, style: style))
                return "rendered"
            } catch { return "\(error)" }
        }
        // Borneo in Latvia's grid: refused, naming the field; the middle of the Pacific likewise.
        #expect(error(.bbox(BoundingBox(minLon: 116, minLat: -1, maxLon: 118, maxLat: 1))).hasPrefix("bbox: "))
        #expect(error(.center(Coordinate(lat: 0, lon: 117), zoom: 6)).hasPrefix("center: "))
        #expect(error(.center(Coordinate(lat: 57.5, lon: 22.8), zoom: 12)) == "rendered")
        #expect(error(.fit(padding: 150, maxZoom: 16)).hasPrefix("padding: "), "padding that leaves no room")
    }

    @Test func nothingToFitIsAClearError() {
        #expect(throws: RenderError.self) { try MapRenderer.render(MapRequest(features: [], width: 100, height: 100, style: style)) }
    }
}

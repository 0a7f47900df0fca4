import CCairo
import Foundation
import GeoCore
import Synchronization

/// A Cairo drawing surface of `width` × `height` layout pixels. `scale` multiplies the device
/// resolution (HiDPI: the same layout, sharper) for PNG; PDF and SVG are vector, in points.
final class Canvas {
    let format: ImageFormat
    let width: Double, height: Double
    /// Device pixels per layout pixel (PNG; 1 for PDF and SVG).
    let scale: Double
    /// The world pixel (`Viewport.origin`) at the image's top-left corner: raster marks snap to
    /// device pixels counted from the world's origin, so every tile snaps them alike.
    var worldOrigin = (x: 0.0, y: 0.0)
    /// The font last set (`setFont`): family and weight, and size.
    var font = (face: "", size: 0.0)
    let cr: OpaquePointer
    private let surface: OpaquePointer
    /// Cairo streams PDF and SVG output to this buffer as it draws.
    private let sink = Sink()
    /// The canvas whose pixels a band draws into (`bands`), kept alive while the band is.
    private let whole: Canvas?
    /// The layout pixels this canvas draws: the whole image, or a band's rows of it.
    let drawn: PixelRect

    private final class Sink { var data = Data() }

    /// Cairo's write callback: appends to the `Sink` passed as the closure.
    private static let append: cairo_write_func_t = { closure, bytes, length in
        Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().data.append(bytes!, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }

    /// `transparent`: a PNG with an alpha channel, clear where nothing is drawn (overlays, tiles).
    init(format: ImageFormat, width: Double, height: Double, scale: Double = 1, transparent: Bool = false) throws {
        self.format = format
        self.width = width
        self.height = height
        self.scale = format == .png ? scale : 1
        whole = nil
        drawn = PixelRect(x: 0, y: 0, width: width, height: height)
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        switch format {
        case .png:
            surface = cairo_image_surface_create(transparent ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                                 Int32((width * scale).rounded()), Int32((height * scale).rounded()))
        case .pdf: surface = cairo_pdf_surface_create_for_stream(Self.append, closure, width, height)
        case .svg: surface = cairo_svg_surface_create_for_stream(Self.append, closure, width, height)
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let message = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw RenderError(description: "cannot create a \(Int(width))×\(Int(height)) \(format.rawValue) surface: \(message)")
        }
        cr = cairo_create(surface)
        if format == .png { cairo_scale(cr, scale, scale) }
        // Unhinted text: advances scale linearly, so text measured at one scale fits its box at
        // every scale (HiDPI keeps the very same layout), and glyphs are not grid-fitted, which
        // made the same label come out differently in a tile and in an overview.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// A band of `whole`'s rows, drawn by a context and surface of its own over the same pixels:
    /// two bands can be drawn at once, on two threads. Drawing in layout pixels as on `whole`.
    private init(band rows: Range<Int>, of whole: Canvas) {
        format = whole.format
        width = whole.width
        height = whole.height
        scale = whole.scale
        worldOrigin = whole.worldOrigin
        self.whole = whole
        drawn = PixelRect(x: 0, y: Double(rows.lowerBound) / scale, width: width, height: Double(rows.count) / scale)
        let stride = cairo_image_surface_get_stride(whole.surface)
        surface = cairo_image_surface_create_for_data(cairo_image_surface_get_data(whole.surface) + rows.lowerBound * Int(stride),
                                                      cairo_image_surface_get_format(whole.surface),
                                                      cairo_image_surface_get_width(whole.surface), Int32(rows.count), stride)
        cr = cairo_create(surface)
        cairo_translate(cr, 0, -Double(rows.lowerBound))
        cairo_scale(cr, scale, scale)
    }

    /// The image's device rows in bands cut at `cuts` (layout pixels, ascending; PNG only: the
    /// others draw vectors). Draw them, then hand them to `merge`.
    func bands(cutAt cuts: [Double]) -> [Canvas] {
        precondition(format == .png && whole == nil)
        cairo_surface_flush(surface)
        let rows = Int(cairo_image_surface_get_height(surface))
        let ends = [0] + cuts.map { min(rows, max(0, Int(($0 * scale).rounded()))) } + [rows]
        return zip(ends, ends.dropFirst()).filter { $0 < $1 }.map { Canvas(band: $0..<$1, of: self) }
    }

    /// Takes back the pixels `bands` drew, and the state their drawing left set (line ends, fill
    /// rule) as if it had been drawn here: what is drawn next may stroke with it. Throws Cairo's
    /// first error of a band.
    func merge(_ bands: [Canvas]) throws {
        for band in bands { try band.flushChecked() }
        cairo_surface_mark_dirty(surface)
        // Every band strokes (or leaves out, setting its ends) the same lines: the last one's ends
        // are the whole drawing's. A band that drew no area leaves the rule its area would have set.
        guard let last = bands.last else { return }
        cairo_set_line_cap(cr, cairo_get_line_cap(last.cr))
        cairo_set_line_join(cr, cairo_get_line_join(last.cr))
        let evenOdd = bands.contains { cairo_get_fill_rule($0.cr) == CAIRO_FILL_RULE_EVEN_ODD }
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    /// Font faces by family and weight, kept for the life of the process: making one looks the
    /// family up in fontconfig and loads it, which cost a tile more than all its pins.
    private static let faces = Mutex<[String: OpaquePointer]>([:])

    func fontFace(_ family: String, bold: Bool) -> OpaquePointer {
        let key = family + (bold ? "/bold" : "")
        return Self.faces.withLock { faces in
            if let face = faces[key] { return face }
            let face = cairo_toy_font_face_create(family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)!
            faces[key] = face
            return face
        }
    }

    /// Ends the page and starts the next, of its own size (PDF; one image is one page).
    func nextPage(width: Double, height: Double) {
        cairo_show_page(cr)
        if format == .pdf { cairo_pdf_surface_set_size(surface, width, height) }
    }

    /// The document's title, shown by PDF readers (and pdfinfo).
    func setTitle(_ title: String) {
        if format == .pdf { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
    }

    /// Runs `body` with the origin moved to `rect`'s corner and drawing clipped to it: a map
    /// drawn into its frame on a page.
    func within(_ rect: PixelRect, _ body: () -> Void) {
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        body()
        cairo_restore(cr)
    }

    /// The device pixel nearest (x, y), rounded where the world is, not where the image happens
    /// to start: marks snapped so land on the same pixels in every tile and overview.
    func devicePixel(x: Double, y: Double) -> (x: Double, y: Double) {
        (((x + worldOrigin.x) * scale).rounded() - (worldOrigin.x * scale).rounded(),
         ((y + worldOrigin.y) * scale).rounded() - (worldOrigin.y * scale).rounded())
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Ends the drawing and returns the image surface with a reference of its own (release it
    /// with `cairo_surface_destroy`), or nil if drawing failed.
    func finishedSurface() -> OpaquePointer? {
        cairo_surface_flush(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        return cairo_surface_reference(surface)
    }

    /// Flushes the drawing, throwing Cairo's first error: it stops drawing at its first error (a
    /// NaN, a degenerate font) and says so only when asked.
    private func flushChecked() throws {
        cairo_surface_flush(surface)
        for status in [cairo_status(cr), cairo_surface_status(surface)] where status != CAIRO_STATUS_SUCCESS {
            throw RenderError(description: "drawing failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Ends the drawing and returns the file's bytes (a PNG's rows encoded until `cancellation` stops them).
    func finish(cancellation: Cancellation = .never) throws -> Data {
        try flushChecked()
        if format == .png {
            guard let pixels = cairo_image_surface_get_data(surface) else { throw RenderError(description: "the image has no pixels") }
            return try PNGEncoder.encode(pixels: pixels, width: Int(cairo_image_surface_get_width(surface)),
                                         height: Int(cairo_image_surface_get_height(surface)),
                                         stride: Int(cairo_image_surface_get_stride(surface)),
                                         opaque: cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24, cancellation: cancellation)
        } else {
            cairo_surface_finish(surface)
        }
        return sink.data
    }
}

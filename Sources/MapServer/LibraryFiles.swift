import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A map library's files served to the map pages under one URL folder: Leaflet from Debian's
/// libjs-leaflet under /leaflet/, MapLibre GL JS from PyPI's `maplibre` wheel under /maplibre/ (so the
/// pages need no CDN). The folder is read once, at start: a request is answered only when its path,
/// byte for byte and undecoded, is one of the names found then. So a NUL (`leaflet.css%00.png`), an
/// escape, a `..` or an empty segment (`/leaflet//images`) names no file and gets the JSON 404;
/// nothing is opened or redirected from what a client sends.
struct LibraryFiles: Sendable {
    /// The URL folder, "/leaflet/", and the library's name for the 404's message.
    let urlBase: String
    let library: String
    /// What the pages may load, and as what.
    static let mediaTypes = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "png": "image/png"]

    private let files: [String: (bytes: ByteBuffer, type: String)]

    /// The CSS, scripts and images under `folder` (none when it is missing: the page then shows no map).
    init(library: String, urlBase: String, folder: String) {
        (self.library, self.urlBase) = (library, urlBase)
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        var files: [String: (ByteBuffer, String)] = [:]
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = walk?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                  let type = Self.mediaTypes[url.pathExtension],
                  let name = Self.name(of: url, under: root),
                  let data = FileManager.default.contents(atPath: url.path) else { continue }
            files[name] = (ByteBuffer(bytes: data), type)
        }
        self.files = files
    }

    /// `url`'s path below `root`, when every segment is plain (letters, digits, '.', '-', '_') and none is empty or `..`.
    private static func name(of url: URL, under root: URL) -> String? {
        let segments = url.standardizedFileURL.pathComponents.dropFirst(root.pathComponents.count)
        let plain = segments.allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
                && segment.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
        }
        return plain && !segments.isEmpty ? segments.joined(separator: "/") : nil
    }

    /// The answer to a GET or HEAD of `path` (the request's raw path); nil when it is not under `urlBase`.
    func response(path: String, head: Bool) throws(APIError) -> Response? {
        guard path.hasPrefix(urlBase) else { return nil }
        guard let file = files[String(path.dropFirst(urlBase.count))] else {
            throw APIError(status: .notFound, code: "not_found", message: "no file \(path); \(urlBase) serves \(library)'s own files only")
        }
        let response = Response(status: .ok, headers: [.contentType: file.type, .cacheControl: "public, max-age=86400"], body: .init(byteBuffer: file.bytes))
        return head ? response.createHeadResponse() : response
    }
}

/// Answers GET and HEAD under each library's folder from its `LibraryFiles`; every other request goes on to the router.
struct LibraryMiddleware<Context: RequestContext>: RouterMiddleware {
    let libraries: [LibraryFiles]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.method == .get || request.method == .head {
            for files in libraries {
                if let response = try files.response(path: request.uri.path, head: request.method == .head) { return response }
            }
        }
        return try await next(request, context)
    }
}

import HTTPTypes
import Hummingbird

/// Where this server is as its client reached it, for the links a client follows (OGC API,
/// TileJSON): https when a proxy in front says so in X-Forwarded-Proto (an https page may not
/// fetch http tiles), else http, and the Host the client named. Empty, so that links are
/// root-relative, when the request names no host or a host that is not one.
enum PublicBase {
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    static func of(_ request: Request) -> String {
        guard let host = request.head.authority, !host.isEmpty,
              host.utf8.allSatisfy({ isHostByte($0) }) else { return "" }
        let scheme = request.headers[forwardedProto]?.lowercased() == "https" ? "https" : "http"
        return scheme + "://" + host
    }

    /// Letters, digits and what a host and port are written with (an IPv6 address in brackets).
    private static func isHostByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"): true
        default: false
        }
    }
}

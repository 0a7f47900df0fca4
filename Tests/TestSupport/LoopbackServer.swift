import Foundation
import Synchronization

/// An HTTP server on 127.0.0.1 that a test starts to see whether something reaches out: it
/// answers every request with `body` and counts the requests it was sent (each request line,
/// HEAD and GET alike). Its connections are served on a thread of its own, never on Swift's
/// cooperative pool; `stop` ends it.
public final class LoopbackServer: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let state = Mutex<(requests: [String], stopped: Bool)>(([], false))

    /// Listens on an unused port of 127.0.0.1.
    public init(body: String, contentType: String = "application/geo+json") throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ToolFailed(description: "socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw ToolFailed(description: "bind/listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let answer = Data("HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    close(listener)
                    return
                }
                serve(connection, answer)
            }
        }
    }

    /// Reads one request's head, counts its request line, answers and closes.
    private func serve(_ connection: Int32, _ answer: Data) {
        defer { close(connection) }
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let n = read(connection, &buffer, buffer.count)
            guard n > 0 else { break }
            head.append(contentsOf: buffer[0..<n])
        }
        let line = String(decoding: head.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        state.withLock { $0.requests.append(line) }
        _ = answer.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }

    /// The request lines received so far ("GET /lakes.geojson HTTP/1.1").
    public var requests: [String] { state.withLock { $0.requests } }

    public var url: String { "http://127.0.0.1:\(port)" }

    /// Stops listening: the thread's accept returns, and the thread closes the socket.
    public func stop() {
        let first = state.withLock { s in
            defer { s.stopped = true }
            return !s.stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    deinit { stop() }
}

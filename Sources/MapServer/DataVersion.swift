import Foundation
import NIOPosix
import ServiceLifecycle
import Synchronization

/// A number that changes when the database does: the size and modification time of the file and
/// of its write-ahead log, which every commit of another process (an import) touches. Cached
/// images are keyed by it. Looked at once a second on NIO's blocking-work threads (never on an
/// event loop, where `waymark serve` runs its tasks), so a request reads it without touching the
/// disk; an image may thus be served for up to a second after new data.
final class DataVersion: Service, Sendable {
    private let path: String
    private let value: Atomic<UInt64>

    init(path: String) {
        self.path = path
        value = Atomic(Self.signature(path))
    }

    var current: UInt64 { value.load(ordering: .relaxed) }

    func run() async throws {
        // Ends (by cancelling the sleep) as soon as the server shuts down.
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: .seconds(1))
                let path = self.path
                self.value.store(try await NIOThreadPool.singleton.runIfActive { Self.signature(path) }, ordering: .relaxed)
            }
        }
    }

    private static func signature(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in [path, path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            for n in [UInt64(bitPattern: Int64(info.st_size)), UInt64(bitPattern: Int64(info.st_mtim.tv_sec)),
                      UInt64(bitPattern: Int64(info.st_mtim.tv_nsec))] {
                hash = (hash ^ n) &* 0x100_0000_01b3
            }
        }
        return hash
    }
}

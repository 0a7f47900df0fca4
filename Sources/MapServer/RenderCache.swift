import GeoCore
import NIOCore
import Synchronization

/// A drawn image with its entity tag (a hash of its bytes).
struct CachedImage: Sendable {
    let bytes: ByteBuffer
    let etag: String

    init(_ bytes: [UInt8]) {
        self.bytes = ByteBuffer(bytes: bytes)
        // The same bytes always get the same tag, on any server.
        etag = "\"" + String(FNV1a.hash(bytes), radix: 16) + "\""
    }
}

/// Drawn tiles and maps in memory, least recently used evicted first once their bytes pass
/// `byteLimit`. Keys name everything that makes the image, the data version included, so an
/// entry never outlives the data it was drawn from.
final class RenderCache: Sendable {
    let byteLimit: Int
    private let lru: Mutex<LRU>

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
        lru = Mutex(LRU())
    }

    subscript(key: String) -> CachedImage? { lru.withLock { $0.get(key) } }

    /// Keeps `image` unless it alone would take more than an eighth of the cache.
    func insert(_ image: CachedImage, for key: String) {
        guard image.bytes.readableBytes <= byteLimit / 8 else { return }
        lru.withLock { $0.put(key, image, limit: byteLimit) }
    }

    var bytes: Int { lru.withLock { $0.bytes } }
    var count: Int { lru.withLock { $0.slots.count } }

    /// A doubly linked list through an array (most recent at `head`), and a dictionary into it.
    struct LRU {
        struct Node {
            var key: String
            var image: CachedImage
            var previous: Int?, next: Int?
        }

        var nodes: [Node] = []
        var free: [Int] = []
        var slots: [String: Int] = [:]
        var head: Int?, tail: Int?
        var bytes = 0

        mutating func get(_ key: String) -> CachedImage? {
            guard let i = slots[key] else { return nil }
            unlink(i)
            pushFront(i)
            return nodes[i].image
        }

        mutating func put(_ key: String, _ image: CachedImage, limit: Int) {
            if let i = slots[key] { remove(i) }
            let node = Node(key: key, image: image)
            let i: Int
            if let reused = free.popLast() { nodes[reused] = node; i = reused } else { nodes.append(node); i = nodes.count - 1 }
            slots[key] = i
            bytes += image.bytes.readableBytes
            pushFront(i)
            while bytes > limit, let last = tail { remove(last) }
        }

        private mutating func remove(_ i: Int) {
            unlink(i)
            slots[nodes[i].key] = nil
            bytes -= nodes[i].image.bytes.readableBytes
            nodes[i].image = CachedImage([])   // let the bytes go now, not when the slot is reused
            free.append(i)
        }

        private mutating func unlink(_ i: Int) {
            let (p, n) = (nodes[i].previous, nodes[i].next)
            if let p { nodes[p].next = n } else { head = n }
            if let n { nodes[n].previous = p } else { tail = p }
            nodes[i].previous = nil
            nodes[i].next = nil
        }

        private mutating func pushFront(_ i: Int) {
            nodes[i].next = head
            if let head { nodes[head].previous = i }
            head = i
            if tail == nil { tail = i }
        }
    }
}

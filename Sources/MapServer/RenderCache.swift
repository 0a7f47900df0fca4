import GeoCore
import NIOCore
import Synchronization

/// A drawn image with its entity tag (a hash of its bytes), and for what is sent compressed to a
/// client that accepts it (a vector tile) its gzipped bytes, made once by the drawing's worker.
struct CachedImage: Sendable {
    let bytes: ByteBuffer
    let gzipped: ByteBuffer?
    let etag: String

    init(_ bytes: [UInt8], gzipped: [UInt8]? = nil) {
        self.bytes = ByteBuffer(bytes: bytes)
        self.gzipped = gzipped.map { ByteBuffer(bytes: $0) }
        // The same bytes always get the same tag, on any server.
        etag = "\"" + String(FNV1a.hash(bytes), radix: 16) + "\""
    }

    /// The bytes it holds, both encodings.
    var size: Int { bytes.readableBytes + (gzipped?.readableBytes ?? 0) }
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
        guard image.size <= byteLimit / 8 else { return }
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
            bytes += image.size
            pushFront(i)
            while bytes > limit, let last = tail { remove(last) }
        }

        private mutating func remove(_ i: Int) {
            unlink(i)
            slots[nodes[i].key] = nil
            bytes -= nodes[i].image.size
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

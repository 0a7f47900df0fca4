import CMalloc

/// glibc's allocator tuned for `waymark serve`, a process-wide setting and so the executable's,
/// not the server library's. A tile's pixels, its filtered PNG rows and its PNG (a few hundred kB
/// each) come and go with every drawing; glibc handed such blocks back to the kernel after each
/// drawing and took them again, page-faulted and zeroed page by page (BENCHMARKS.md: about 12% of
/// the server's CPU under tile load). Blocks under 16 MiB now come from the heap, and up to
/// 32 MiB of free heap is kept per arena.
enum MallocTuning {
    static func keepFreedImageMemory() {
        #if canImport(Glibc)
        mallopt(M_MMAP_THRESHOLD, 16 << 20)
        mallopt(M_TRIM_THRESHOLD, 32 << 20)
        #endif
    }

    /// Gives the freed memory of every arena back to the system. What glibc keeps (and the tuning
    /// above keeps more of) is right for a steady stream of tiles, not after a burst: 20 000 idle
    /// connections, once closed, left a warm server at 476 MB where it had been at 241 MB; given
    /// back, at 225 MB (RELIABILITY.md). The server asks for this after such bursts and after its
    /// large images (`MapServerConfiguration.releaseFreedMemory`).
    @Sendable static func releaseFreedMemory() {
        #if canImport(Glibc)
        _ = malloc_trim(0)
        #endif
    }
}

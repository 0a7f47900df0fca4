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
}

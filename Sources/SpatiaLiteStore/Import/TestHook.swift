import Foundation

/// A hook for the tests alone, inert unless its environment variable is set.
enum TestHook {
    /// With `$WAYMARK_TEST_PAUSE_AFTER_COMMIT` set, an import into SpatiaLite stops its process
    /// (SIGSTOP) right after its COMMIT, before the connection closes and checkpoints the
    /// write-ahead log, so that a test can kill it in that window every time rather than by luck.
    static func pauseAfterCommit() {
        if ProcessInfo.processInfo.environment["WAYMARK_TEST_PAUSE_AFTER_COMMIT"] != nil { raise(SIGSTOP) }
    }

    /// With `$WAYMARK_TEST_PAUSE_IN_IMPORT` set, a base import stops its process (SIGSTOP) inside
    /// its transaction, holding the write lock, so that a test can start another import against it.
    static func pauseInImport() {
        if ProcessInfo.processInfo.environment["WAYMARK_TEST_PAUSE_IN_IMPORT"] != nil { raise(SIGSTOP) }
    }
}

import Foundation
import GeoStore

/// An exclusive lock between processes on a file (flock): held for the length of `body`, and
/// dropped by the kernel when the process ends, however it ends (kill -9 included), so a lock is
/// never left behind.
enum FileLock {
    static func exclusive<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DatabaseError(description: "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw DatabaseError(description: "cannot lock \(path): \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }
}

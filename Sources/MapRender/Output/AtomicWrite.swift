import Foundation

extension Data {
    /// Writes the bytes beside `path` and renames them into place, so that the file is either
    /// the old one or the whole new one, never half written.
    public func writeAtomically(to path: String) throws {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try write(to: temporary)
            // On the disk before the rename, so that a crash leaves the old file or the new one.
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw RenderError(description: "cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw RenderError(description: "cannot write \(path): \(reason)")
        }
    }
}

import Foundation

/// A fresh database file in a temporary directory, removed with its directory at deinit.
final class TemporaryDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("test.sqlite").path }

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

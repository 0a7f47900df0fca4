import Foundation
import Testing
@testable import GeoCore

@Suite struct ProjectFilesTests {
    @Test func projectFilesFindsTopLevelFolders() throws {
        let styles = try #require(ProjectFiles.directory("Styles", containing: "default.json", environment: "WAYMARK_UNSET_FOR_TESTS"))
        #expect(FileManager.default.fileExists(atPath: styles.appendingPathComponent("print.json").path))
        #expect(ProjectFiles.directory("Data", containing: "default-import.tsv", environment: "WAYMARK_UNSET_FOR_TESTS") != nil)
        #expect(ProjectFiles.directory("Styles", containing: "no-such-marker", environment: "WAYMARK_UNSET_FOR_TESTS") == nil)
        // The environment variable names the folder itself and comes first.
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-styles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try Data("{}".utf8).write(to: elsewhere.appendingPathComponent("default.json"))
        let found = ProjectFiles.directory("Styles", containing: "default.json", environment: "X", variables: ["X": elsewhere.path])
        #expect(found?.standardizedFileURL.path == elsewhere.standardizedFileURL.path)
        // A variable pointing at a folder without the marker is passed over.
        let fallback = ProjectFiles.directory("Styles", containing: "print.json", environment: "X", variables: ["X": elsewhere.path])
        #expect(fallback?.standardizedFileURL.path == styles.standardizedFileURL.path)
    }

    /// The source tree's candidate is the package root's folder wherever ProjectFiles.swift lies
    /// in its module: counting its folders one too few would give Sources/Styles.
    @Test func theSourceTreeCandidateIsThePackageRoot() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let paths = ProjectFiles.candidates("Styles", environment: "WAYMARK_UNSET_FOR_TESTS", variables: [:]).map(\.path)
        #expect(paths.contains(root.appendingPathComponent("Styles").standardizedFileURL.path))
        let sources = root.appendingPathComponent("Sources").standardizedFileURL.path + "/"
        #expect(!paths.contains { $0.hasPrefix(sources) })
    }
}

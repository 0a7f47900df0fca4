// swift-tools-version:6.0
import Foundation
import PackageDescription

// Where the development packages put their libraries.
let libraryDirectories = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"]

/// The file name (soname, such as "libgdal.so.32") under which a lazily loaded library is opened:
/// where the development package's link points, cut after the major version.
func soname(_ library: String) -> String {
    guard let target = libraryDirectories.lazy.compactMap({ try? FileManager.default.destinationOfSymbolicLink(atPath: $0 + "/" + library) }).first
    else { return library }
    let name = (target as NSString).lastPathComponent
    guard name.hasPrefix(library + "."), let major = name.dropFirst(library.count + 1).split(separator: ".").first else { return name }
    return library + "." + major
}

/// A pkg-config package's version, read from its .pc file.
func packageVersion(_ package: String) -> String {
    libraryDirectories.lazy.compactMap { try? String(contentsOfFile: $0 + "/pkgconfig/" + package + ".pc", encoding: .utf8) }.first?
        .split(separator: "\n").first { $0.hasPrefix("Version:") }
        .map { $0.dropFirst("Version:".count).trimmingCharacters(in: .whitespaces) } ?? "unknown"
}

let package = Package(
    name: "Waymark",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "waymark", targets: ["waymark"]),
        .executable(name: "waymark-bench", targets: ["waymark-bench"]),
        .library(name: "GeoCore", targets: ["GeoCore"]),
        .library(name: "GeoStore", targets: ["GeoStore"]),
        .library(name: "SpatiaLiteStore", targets: ["SpatiaLiteStore"]),
        .library(name: "MapRender", targets: ["MapRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The HTTP server, at the versions kept on the build machines.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", .upToNextMinor(from: "2.101.0")),
        // HTTP parts in the server's own connection handlers (the version Hummingbird resolves to).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // Atlas manifests are YAML.
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        // The PostGIS store's driver.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // Libraries loaded by the first call into them (CLazyLibrary), so that a command maps only
        // those it uses: SpatiaLite (SQLite itself is linked), PROJ and GDAL/OGR (libgdal-dev, the
        // readers and writers of vector files).
        .target(name: "CLazyLibrary", path: "Sources/CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CSpatiaLite", dependencies: ["CLazyLibrary"], path: "Sources/CSpatiaLite",
                cSettings: [.define("WAYMARK_SPATIALITE_LIBRARY", to: "\"\(soname("libspatialite.so"))\""),
                            .define("WAYMARK_SPATIALITE_VERSION", to: "\"\(packageVersion("spatialite"))\"")],
                linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "CProj", dependencies: ["CLazyLibrary"], path: "Sources/CProj",
                cSettings: [.define("WAYMARK_PROJ_LIBRARY", to: "\"\(soname("libproj.so"))\"")]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // The XML importers' parser (GPX, the travel guide's feed).
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "CGDAL", dependencies: ["CLazyLibrary"], path: "Sources/CGDAL",
                cSettings: [.define("WAYMARK_GDAL_LIBRARY", to: "\"\(soname("libgdal.so"))\"")]),
        // glibc's malloc.h, for `waymark serve`'s allocator tuning.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "GeoCore", dependencies: ["CProj"]),
        // The engine: queries, validation, paging, ranking, import planning; no SQL dialect.
        .target(name: "GeoStore", dependencies: ["GeoCore", "CLibXML2"]),
        // The two backends side by side; neither imports the other.
        .target(name: "SpatiaLiteStore", dependencies: ["GeoCore", "GeoStore", "CSpatiaLite"]),
        // Its own module, so that only what opens a PostgreSQL URL links postgres-nio.
        .target(name: "PostGISStore", dependencies: [
            "GeoCore", "GeoStore",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Everything read through GDAL: base-map files (OSM, Shapefile, GeoJSON, GeoPackage) into
        // base features, and the vector formats `waymark import` has no parser of its own for
        // into GeoStore's records; no store.
        .target(name: "BaseData", dependencies: ["GeoCore", "GeoStore", "CGDAL"]),
        // Draws what it is handed: never reads a store.
        .target(name: "MapRender", dependencies: ["GeoCore", "CCairo", "CDeflate", "CProj"]),
        // Opens either store from a path or a URL, and fetches a map's features from it: for the
        // CLI, the server and the atlas.
        .target(name: "Stores", dependencies: ["GeoCore", "GeoStore", "SpatiaLiteStore", "PostGISStore", "MapRender"]),
        .target(name: "MapServer", dependencies: [
            "GeoCore", "GeoStore", "MapRender", "Stores",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], resources: [.embedInCode("openapi.json"), .embedInCode("Web/index.html"), .embedInCode("Web/app.js"), .embedInCode("Web/vector.js"), .embedInCode("Web/raster.js"), .embedInCode("Web/app.css")]),
        .target(name: "Atlas", dependencies: ["GeoCore", "GeoStore", "MapRender", "Stores", .product(name: "Yams", package: "Yams")]),
        .executableTarget(name: "waymark", dependencies: [
            "GeoCore", "GeoStore", "SpatiaLiteStore", "MapRender", "MapServer", "Atlas", "Stores", "BaseData", "CMalloc",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "waymark-bench", dependencies: [
            "GeoCore", "GeoStore", "SpatiaLiteStore", "MapRender", "Atlas", "Stores", "BaseData", "CSpatiaLite", "PostGISStore",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Programs the tests run (the CLI, PROJ's cs2cs, poppler, GDAL, a browser), waited for off Swift's pool.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GeoCoreTests", dependencies: ["GeoCore"]),
        .testTarget(name: "GeoStoreTests", dependencies: ["GeoStore", "SpatiaLiteStore", "GeoCore", "PostGISStore", "TestSupport"]),
        // Oracles for the tests: PNGs read back through Cairo, places projected by PROJ's cs2cs.
        .target(name: "PixelTesting", dependencies: ["MapRender", "GeoCore", "CCairo", "TestSupport"], path: "Tests/PixelTesting"),
        .testTarget(name: "MapRenderTests", dependencies: ["MapRender", "GeoStore", "SpatiaLiteStore", "Stores", "GeoCore", "CCairo", "PixelTesting", "TestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "BaseDataTests", dependencies: ["BaseData", "GeoStore", "SpatiaLiteStore", "GeoCore", "PostGISStore", "MapRender", "Stores", "PixelTesting", "TestSupport"]),
        .testTarget(name: "WaymarkCLITests", dependencies: ["GeoStore", "SpatiaLiteStore", "GeoCore", "PostGISStore", "TestSupport"]),
        .testTarget(name: "AtlasTests", dependencies: ["Atlas", "MapRender", "GeoStore", "SpatiaLiteStore", "Stores", "GeoCore", "BaseData", "PixelTesting", "TestSupport"]),
        .testTarget(name: "MapServerTests", dependencies: [
            "MapServer", "GeoStore", "SpatiaLiteStore", "GeoCore", "MapRender", "Stores", "PixelTesting", "PostGISStore", "TestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
    ]
)

// The fuzz targets (scripts/fuzz.sh), only in a fuzzing build (-sanitize=fuzzer links libFuzzer);
// they read MapServer's internals through a testable import (debug builds only).
if ProcessInfo.processInfo.environment["WAYMARK_FUZZ"] != nil {
    package.targets += [
        .target(name: "CLibFuzzer"),
        .executableTarget(name: "waymark-fuzz", dependencies: [
            "CLibFuzzer", "GeoCore", "GeoStore", "MapRender", "MapServer", "Atlas",
            .product(name: "HummingbirdCore", package: "hummingbird"),
        ]),
    ]
}

// swift-tools-version:6.0
import Foundation
import PackageDescription

// The file name (soname) under which CGDAL loads GDAL: where the development package's link points.
let gdalLibrary = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib"]
    .lazy.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: $0 + "/libgdal.so") }
    .first.map { ($0 as NSString).lastPathComponent } ?? "libgdal.so"

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
        // System libraries: SQLite + SpatiaLite share one shim because spatialite.h needs sqlite3.h first.
        .systemLibrary(name: "CSpatiaLite", path: "Sources/CSpatiaLite", pkgConfig: "spatialite",
                       providers: [.apt(["libsqlite3-dev", "libspatialite-dev"])]),
        .systemLibrary(name: "CProj", path: "Sources/CProj", pkgConfig: "proj",
                       providers: [.apt(["libproj-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // The XML importers' parser (GPX, the travel guide's feed).
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // GDAL/OGR (libgdal-dev): the readers and writers of vector files, loaded by the first call
        // into it, so that a command that reads no file maps none of its libraries.
        .target(name: "CGDAL", path: "Sources/CGDAL",
                cSettings: [.define("WAYMARK_GDAL_LIBRARY", to: "\"\(gdalLibrary)\"")],
                linkerSettings: [.linkedLibrary("dl")]),
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
        .testTarget(name: "AtlasTests", dependencies: ["Atlas", "MapRender", "GeoStore", "SpatiaLiteStore", "Stores", "GeoCore", "PixelTesting", "TestSupport"]),
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

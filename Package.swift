// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Waymark",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "waymark", targets: ["waymark"]),
        .executable(name: "waymark-bench", targets: ["waymark-bench"]),
        .library(name: "GeoCore", targets: ["GeoCore"]),
        .library(name: "GeoStore", targets: ["GeoStore"]),
        .library(name: "MapRender", targets: ["MapRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .target(name: "GeoCore", dependencies: ["CProj"]),
        .target(name: "GeoStore", dependencies: ["GeoCore", "CSpatiaLite"]),
        .target(name: "MapRender", dependencies: ["GeoCore", "GeoStore", "CCairo", "CDeflate"]),
        .executableTarget(name: "waymark", dependencies: [
            "GeoCore", "GeoStore", "MapRender",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "waymark-bench", dependencies: ["GeoCore", "GeoStore", "MapRender", "CSpatiaLite"]),
        .testTarget(name: "GeoCoreTests", dependencies: ["GeoCore"]),
        .testTarget(name: "GeoStoreTests", dependencies: ["GeoStore", "GeoCore"]),
        .testTarget(name: "MapRenderTests", dependencies: ["MapRender", "GeoStore", "GeoCore", "CCairo"]),
        .testTarget(name: "WaymarkCLITests", dependencies: ["GeoStore", "GeoCore"]),
    ]
)

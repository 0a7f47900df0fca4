@testable import BaseData
import CGDAL
import Foundation
import TestSupport
import Testing

/// GDAL itself closed, beneath the refusals `BaseReader` makes first (a /vsi… path, a URL, a
/// format not allowed): asked directly for a URL, through /vsicurl/ or through a driver's own
/// fetch, it reaches no server; VRT and the network drivers are not registered at all.
@Suite struct GDALAccessTests {
    @Test func gdalFetchesNothingEvenWhenAskedDirectly() throws {
        _ = GDALAccess.registered
        let server = try LoopbackServer(body: BaseImportRefusalTests.oneLake)
        defer { server.stop() }
        let urls = ["/vsicurl/\(server.url)/lakes.geojson", "/vsicurl_streaming/\(server.url)/lakes.geojson", "\(server.url)/lakes.geojson"]
        for url in urls {
            let dataset = GDALAccess.open(GDALAccess.File(path: url, driver: "GeoJSON", format: "GeoJSON"))
            #expect(dataset == nil, "\(url) opened")
            if let dataset { GDALClose(dataset) }
            let file = VSIFOpenL(url, "rb")
            #expect(file == nil, "\(url) opened as a file")
            if let file { VSIFCloseL(file) }
        }
        let fetched = CPLHTTPFetch("\(server.url)/lakes.geojson", nil)
        #expect(fetched?.pointee.nStatus != 0 && fetched?.pointee.nDataLen == 0)
        CPLHTTPDestroyResult(fetched)
        #expect(server.requests.isEmpty, "GDAL reached the server: \(server.requests)")
    }

    @Test func vrtAndTheNetworkDriversAreNotRegistered() {
        _ = GDALAccess.registered
        for name in ["VRT", "OGR_VRT", "HTTP", "WFS", "OAPIF", "GPSBabel", "ESRIJSON"] {
            #expect(GDALGetDriverByName(name) == nil, "\(name) is registered")
        }
        for name in GDALAccess.drivers { #expect(GDALGetDriverByName(name) != nil, "\(name) is missing") }
    }
}

import CGDAL

/// The errors GDAL reports (through CPLError) while a file is opened and read, kept instead of
/// printed: a reader that meets a damaged file often just stops (the OSM driver, at a truncated
/// block, reports an error and then ends as if the file did), so the errors are what tell a
/// truncated file from a short one. Warnings are dropped. GDAL's handler stack is per thread:
/// `collecting` runs its body on the calling thread with this log on top of it.
final class GDALErrorLog {
    private(set) var failures: [String] = []

    /// Runs `body` with GDAL's errors going into a fresh log.
    static func collecting<T>(_ body: (GDALErrorLog) throws -> T) rethrows -> T {
        let log = GDALErrorLog()
        let unmanaged = Unmanaged.passRetained(log)
        CPLPushErrorHandlerEx({ level, _, message in
            guard level.rawValue >= CE_Failure.rawValue, let data = CPLGetErrorHandlerUserData() else { return }
            let log = Unmanaged<GDALErrorLog>.fromOpaque(data).takeUnretainedValue()
            log.failures.append(message.map { String(cString: $0) } ?? "unknown GDAL error")
        }, unmanaged.toOpaque())
        defer {
            CPLPopErrorHandler()
            unmanaged.release()
        }
        return try body(log)
    }

    /// The first error reported, if any.
    var firstFailure: String? { failures.first }
}

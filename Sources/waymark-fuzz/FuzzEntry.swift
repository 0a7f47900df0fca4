import CLibFuzzer
import Foundation

// Built only for fuzzing (scripts/fuzz.sh: WAYMARK_FUZZ=1 and -sanitize=fuzzer,address). The
// target is named by $WAYMARK_FUZZ_TARGET, so one binary serves every parser; the command line is
// libFuzzer's.

nonisolated(unsafe) private var target = FuzzTarget.geojson

/// What libFuzzer calls for each input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    target.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

@main
enum FuzzEntry {
    static func main() {
        let name = ProcessInfo.processInfo.environment["WAYMARK_FUZZ_TARGET"] ?? ""
        guard let chosen = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("set WAYMARK_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        target = chosen
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOne($0, $1) })
    }
}

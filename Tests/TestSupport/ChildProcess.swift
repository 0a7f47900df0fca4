import Foundation
import Synchronization

/// A program a test starts, waited for off Swift's cooperative pool.
///
/// The pool has as many threads as cores (two on the machines CI runs on), and Swift Testing runs
/// tests on it in parallel: a test that blocks a pool thread in `waitUntilExit` or a read keeps
/// every other test from running, and a test that polls against a wall-clock deadline fails when
/// its turn comes late. So nothing here blocks a pool thread: the end of the program arrives
/// through Foundation's termination handler, its output lines through a thread of its own, and
/// each wait is a continuation with no deadline (a program that ends early ends every wait).
public final class ChildProcess: Sendable {
    public struct Exit: Sendable, Equatable {
        /// The exit status, or the signal's number when `signalled`.
        public let status: Int32
        public let signalled: Bool

        public init(status: Int32, signalled: Bool) {
            self.status = status
            self.signalled = signalled
        }
    }

    private struct State {
        var lines: [String] = []
        var ended = false
        var exit: Exit?
        var lineWaiters: [(matches: @Sendable (String) -> Bool, continuation: CheckedContinuation<String?, Never>)] = []
        var exitWaiters: [CheckedContinuation<Exit, Never>] = []

        /// The waiters for the end, once the program has exited and its output is all read.
        mutating func takeExitWaiters() -> [CheckedContinuation<Exit, Never>] {
            guard ended, exit != nil else { return [] }
            defer { exitWaiters = [] }
            return exitWaiters
        }
    }

    private let process: Process
    /// The running program's process id (for /proc/<pid>/…).
    public var pid: Int32 { process.processIdentifier }
    private let state = Mutex(State())

    /// Starts `executable` with its standard output and error merged into lines the test can wait for.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil) throws {
        let process = Process(), pipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        self.process = process
        process.terminationHandler = { [self] ended in
            let exit = Exit(status: ended.terminationStatus, signalled: ended.terminationReason == .uncaughtSignal)
            let waiters = state.withLock { s in
                s.exit = exit
                return s.takeExitWaiters()
            }
            for waiter in waiters { waiter.resume(returning: exit) }
        }
        try process.run()
        pipe.fileHandleForWriting.closeFile()
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            var pending = Data()
            func deliver(_ line: String) {
                let ready = state.withLock { s in
                    s.lines.append(line)
                    let ready = s.lineWaiters.filter { $0.matches(line) }.map(\.continuation)
                    s.lineWaiters.removeAll { $0.matches(line) }
                    return ready
                }
                for waiter in ready { waiter.resume(returning: line) }
            }
            while case let chunk = reader.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    deliver(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self)) }
            let (left, exitWaiters, exit) = state.withLock { s in
                s.ended = true
                defer { s.lineWaiters = [] }
                return (s.lineWaiters.map(\.continuation), s.takeExitWaiters(), s.exit)
            }
            for waiter in left { waiter.resume(returning: nil) }
            if let exit { for waiter in exitWaiters { waiter.resume(returning: exit) } }
        }
    }

    /// Every line written so far, standard output and error together.
    public var output: String { state.withLock { $0.lines.joined(separator: "\n") } }

    /// The first line (already written or still to come) that `matches`, or nil when the program
    /// closes its output without writing one.
    public func line(where matches: @escaping @Sendable (String) -> Bool) async -> String? {
        await withCheckedContinuation { continuation in
            let found: String?? = state.withLock { s in
                if let line = s.lines.first(where: matches) { return .some(line) }
                if s.ended { return .some(nil) }
                s.lineWaiters.append((matches, continuation))
                return nil
            }
            if let found { continuation.resume(returning: found) }
        }
    }

    /// Sends `signal` (SIGTERM by default) to the program, unless it has ended (its pid may be
    /// another process's by then). Under the lock that the end is recorded under, so the two cannot cross.
    public func send(_ signal: Int32 = SIGTERM) {
        state.withLock { s in
            if s.exit == nil { kill(process.processIdentifier, signal) }
        }
    }

    /// How the program ended, once it has and its output is all read.
    public func exit() async -> Exit {
        await withCheckedContinuation { continuation in
            let exit: Exit? = state.withLock { s in
                if s.ended, let exit = s.exit { return exit }
                s.exitWaiters.append(continuation)
                return nil
            }
            if let exit { continuation.resume(returning: exit) }
        }
    }

    /// Runs `executable` to its end and returns its exit and its standard output and error, each
    /// kept whole (in files, so that a large answer cannot block the program on a full pipe);
    /// `input` is its standard input.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           directory: URL? = nil, input: Data = Data()) async throws -> (exit: Exit, stdout: String, stderr: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = ["stdout", "stderr"].map { scratch.appendingPathComponent($0) }
        for file in files { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let stdin = scratch.appendingPathComponent("stdin")
        try input.write(to: stdin)
        let pid = try spawn(executable.path, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
                            directory: (directory ?? scratch).path, stdin: stdin.path, stdout: files[0].path, stderr: files[1].path)
        let exit = await ended(pid)
        let text = try files.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }
        return (exit, text[0], text[1])
    }

    /// Starts `path` with its standard streams on these files and every other descriptor closed.
    /// Not Foundation's `Process.run()`: on Linux it reads /proc/self/fd's entries past glibc's
    /// buffer and crashes now and then with many descriptors open (swift-corelibs-foundation
    /// #5472, not in Swift 6.3.1), as it did in a full run of this suite.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String], directory: String,
                      stdin: String, stdout: String, stderr: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_TRUNC, 0)
        // glibc's _np actions (2.29, 2.34), which Swift's Glibc module does not declare.
        _ = addChdir(&actions, directory)
        _ = addCloseFrom(&actions, 3)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw ToolFailed(description: "cannot start \(path): \(String(cString: strerror(status)))") }
        return pid
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addChdir = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")!, to: AddChdir.self)
    private static let addCloseFrom = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")!,
                                                    to: AddCloseFrom.self)

    /// The end of `pid`, waited for on a thread of its own (never a thread of Swift's pool).
    static func ended(_ pid: pid_t) async -> Exit {
        await withCheckedContinuation { continuation in
            Thread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                let signal = status & 0x7f
                continuation.resume(returning: signal == 0 ? Exit(status: (status >> 8) & 0xff, signalled: false) : Exit(status: signal, signalled: true))
            }.start()
        }
    }

    /// `run` of a tool (found on the PATH) that must succeed; its standard output.
    public static func output(of tool: String, _ arguments: [String], input: Data = Data()) async throws -> String {
        let result = try await run(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, input: input)
        guard result.exit == Exit(status: 0, signalled: false) else {
            throw ToolFailed(description: "\(tool) \(arguments.joined(separator: " ")) ended with \(result.exit): \(result.stderr)")
        }
        return result.stdout
    }
}

public struct ToolFailed: Error, CustomStringConvertible {
    public let description: String
}

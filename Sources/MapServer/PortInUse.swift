/// The server could not listen: another one already listens on its port (the socket's EADDRINUSE),
/// for a face to say in its own words rather than as the socket call that failed.
public struct PortInUse: Error, CustomStringConvertible {
    public let host: String
    public let port: Int

    public var description: String { "\(host):\(port) is in use: another server is listening there" }
}

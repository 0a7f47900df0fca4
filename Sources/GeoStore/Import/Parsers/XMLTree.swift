import Foundation

/// A parsed XML element. Names are local (any namespace prefix dropped), so GPX 1.0 and 1.1 and
/// prefixed documents read alike.
struct XMLNode {
    var name: String
    var attributes: [String: String]
    var text = ""
    var children: [XMLNode] = []

    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }
    /// The trimmed text of the first child so named; nil when it is absent or blank.
    func text(_ name: String) -> String? { child(name)?.text.nonEmpty }

    /// Elements nested deeper are refused: GPX and the feed need fewer than ten levels, and a
    /// document that nests without end is an attack on whatever walks its tree.
    static let maximumDepth = 256
    /// Larger files are refused: the tree takes several times the file's size in memory through a
    /// whole import (BENCHMARKS.md).
    static let maximumBytes = 128 << 20

    /// The document's root element, read by libxml2 (`XMLTreeBuilder`). A document that is not
    /// well-formed, too deep, too large or that declares entities is a problem of the whole file.
    static func parse(_ data: Data, file: String) throws(ImportProblem) -> XMLNode {
        guard data.count <= maximumBytes else {
            throw ImportProblem(file: file, record: "file",
                                reason: "\(data.count) bytes; XML files over \(maximumBytes >> 20) MB are refused")
        }
        return try XMLTreeBuilder.parse(data, file: file, maximumDepth: maximumDepth)
    }
}

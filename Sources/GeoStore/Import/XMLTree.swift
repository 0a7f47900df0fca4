import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element. Names are local (any namespace prefix dropped), so GPX 1.0 and 1.1 and
/// prefixed documents read alike; the files we import are small enough to hold whole.
struct XMLNode {
    var name: String
    var attributes: [String: String]
    var text = ""
    var children: [XMLNode] = []

    func children(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }
    /// The trimmed text of the first child so named; nil when it is absent or blank.
    func text(_ name: String) -> String? { child(name)?.text.nonEmpty }

    /// The document's root element. A document that is not well-formed is a problem of the whole file.
    static func parse(_ data: Data, file: String) throws(ImportProblem) -> XMLNode {
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        // XMLParser reports some errors (mismatched tags, content after the root) while still
        // returning true, and none at all for a document cut short, so check all three.
        let succeeded = parser.parse()
        if let root = builder.root, succeeded, parser.parserError == nil { return root }
        let reason = if let error = parser.parserError {
            "not well-formed XML (XMLParser error \((error as NSError).code) at line \(parser.lineNumber), column \(parser.columnNumber))"
        } else if let open = builder.stack.last {
            "not well-formed XML: the document ends before </\(open.name)>"
        } else {
            "not XML: no root element"
        }
        throw ImportProblem(file: file, record: "file", reason: reason)
    }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLNode] = []
    var root: XMLNode?

    private func localName(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        stack.append(XMLNode(name: localName(elementName), attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: block, as: UTF8.self) }
    }
}

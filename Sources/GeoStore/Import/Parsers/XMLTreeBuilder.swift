import CLibXML2
import Foundation

/// Builds the `XMLNode` tree of a document from libxml2's SAX2 events, without recursion.
/// libxml2 reads bytes, not text: bytes that are not UTF-8 (when no other encoding is declared)
/// are an error like any other. It runs without network access and loads no DTD; a document
/// that declares an entity is refused at the declaration, so that no entity is ever expanded
/// (billion laughs) or read from elsewhere (XXE). The predefined entities (`&amp;`…) and
/// character references are read as usual.
final class XMLTreeBuilder {
    private let maximumDepth: Int
    private var parser: xmlParserCtxtPtr?
    private var stack: [XMLNode] = []
    private var root: XMLNode?
    /// Why the builder stopped the parser, and where.
    private var refusal: String?
    /// libxml2's first fatal error, and where.
    private var firstError: (code: xmlParserErrors, text: String)?

    private init(maximumDepth: Int) { self.maximumDepth = maximumDepth }

    private static let initialized: Void = xmlInitParser()
    /// The document is handed to libxml2 in pieces of this size, as its push parser expects.
    private static let chunkSize = 1 << 16

    static func parse(_ data: Data, file: String, maximumDepth: Int) throws(ImportProblem) -> XMLNode {
        _ = initialized
        let builder = XMLTreeBuilder(maximumDepth: maximumDepth)
        var handler = saxHandler()
        guard let parser = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(builder).toOpaque(), nil, 0, nil) else {
            throw ImportProblem(file: file, record: "file", reason: "cannot start the XML parser")
        }
        defer { xmlFreeParserCtxt(parser) }
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
        builder.parser = parser
        withExtendedLifetime(builder) {
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var offset = 0
                repeat {
                    let count = min(chunkSize, bytes.count - offset)
                    xmlParseChunk(parser, base.map { $0 + offset }, Int32(count), offset + count == bytes.count ? 1 : 0)
                    offset += count
                } while offset < bytes.count && builder.refusal == nil && parser.pointee.wellFormed != 0
            }
        }
        let reason: String
        if let refusal = builder.refusal {
            reason = refusal
        } else if parser.pointee.wellFormed == 0, let error = builder.firstError {
            // Without a root element libxml2's push parser says "Extra content at the end of the
            // document" (when content is what is missing) or "Document is empty" (of plain text).
            if builder.root == nil, [XML_ERR_DOCUMENT_END, XML_ERR_DOCUMENT_EMPTY].contains(error.code) {
                reason = builder.stack.last.map { "not well-formed XML: the document ends before </\($0.name)>" } ?? "not XML: no root element"
            } else {
                reason = "not well-formed XML (\(error.text))"
            }
        } else if parser.pointee.wellFormed == 0 {
            reason = "not well-formed XML"
        } else if let root = builder.root {
            return root
        } else {
            reason = "not XML: no root element"
        }
        throw ImportProblem(file: file, record: "file", reason: reason)
    }

    /// The callbacks, each handing its event to the builder passed as libxml2's user data.
    private static func saxHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            builder(context).start(localName!, attributeCount: Int(attributeCount), attributes)
        }
        handler.endElementNs = { context, _, _, _ in builder(context).end() }
        handler.characters = { context, bytes, count in builder(context).characters(bytes!, count: Int(count)) }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.entityDecl = { context, name, _, _, _, _ in
            builder(context).refuse("declares the entity '\(string(name))'; XML entity declarations are refused")
        }
        // Called for a reference to an entity that is not declared, when a DTD elsewhere might declare it.
        handler.reference = { context, name in
            builder(context).refuse("refers to the undeclared entity '&\(string(name));'")
        }
        handler.serror = { context, error in builder(context).record(error!.pointee) }
        return handler
    }

    private func start(_ localName: UnsafePointer<xmlChar>, attributeCount: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard stack.count < maximumDepth else {
            refuse("elements nested more than \(maximumDepth) deep")
            return
        }
        var node = XMLNode(name: string(localName), attributes: [:])
        // Five pointers per attribute: local name, prefix, namespace, value start and value end.
        for i in 0..<attributeCount {
            guard let name = attributes?[5 * i], let start = attributes?[5 * i + 3], let end = attributes?[5 * i + 4] else { continue }
            var value = String(decoding: UnsafeBufferPointer(start: start, count: start.distance(to: end)), as: UTF8.self)
            // Without entity substitution libxml2 hands an `&` in a value on as `&#38;` (for a tree
            // builder to parse again); no other `&` can be in a value, as entities are refused.
            if value.contains("&") { value = value.replacingOccurrences(of: "&#38;", with: "&") }
            // A prefixed attribute keeps its prefix (`x:lat` is not `lat`), as elements do not:
            // what the importers read are the unprefixed attributes of GPX.
            let prefix = attributes?[5 * i + 1].map(string)
            node.attributes[prefix.map { $0 + ":" + string(name) } ?? string(name)] = value
        }
        stack.append(node)
    }

    private func end() {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }

    private func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Stops the parser for a reason of ours, naming where it was.
    private func refuse(_ reason: String) {
        guard refusal == nil, let parser else { return }
        refusal = "\(reason) (line \(xmlSAX2GetLineNumber(parser)), column \(xmlSAX2GetColumnNumber(parser)))"
        xmlStopParser(parser)
    }

    /// Keeps libxml2's first fatal error (warnings and namespace errors do not make a document unreadable).
    private func record(_ error: xmlError) {
        guard firstError == nil, error.level == XML_ERR_FATAL else { return }
        // libxml2's messages end in, and some contain, a line break.
        let message = error.message.map { String(cString: $0) }?
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") ?? "error \(error.code)"
        firstError = (xmlParserErrors(UInt32(error.code)), "\(message) at line \(error.line), column \(error.int2)")
    }
}

/// The builder a callback's user data points to.
private func builder(_ context: UnsafeMutableRawPointer?) -> XMLTreeBuilder {
    Unmanaged<XMLTreeBuilder>.fromOpaque(context!).takeUnretainedValue()
}

/// A NUL-terminated string from libxml2 (always UTF-8).
private func string(_ text: UnsafePointer<xmlChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses a document with Foundation's XML parser: throws when it is not well-formed, counts elements.
enum XMLDocumentCheck {
    struct NotWellFormed: Error, CustomStringConvertible {
        let description: String
    }

    final class Counter: NSObject, XMLParserDelegate {
        let name: String
        var count = 0

        init(name: String) {
            self.name = name
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if element == name { count += 1 }
        }
    }

    static func elementCount(_ document: String, name: String) throws -> Int {
        let parser = XMLParser(data: Data(document.utf8))
        let counter = Counter(name: name)
        parser.delegate = counter
        guard parser.parse() else { throw NotWellFormed(description: "\(parser.parserError.map { "\($0)" } ?? "not well-formed XML")") }
        return counter.count
    }
}

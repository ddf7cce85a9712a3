import Testing

@testable import StrataCore

/// Query text without arguments is parsed once and kept (ParsedQueryCache.swift): what a later call gets must be what
/// parsing gives, errors included.
@Suite("Parsed queries kept by their text")
struct ParsedQueryCacheTests {
    /// Parses `text` without the cache.
    private func fresh(_ text: String) throws -> ParsedQuery {
        var parser = try QueryParser(text, arguments: [])
        return try parser.parseQuery()
    }

    @Test("Each text parses as it would without the cache, the first time and after, past the cache's capacity")
    func sameAsParsing() throws {
        // More distinct texts than the cache holds, so it starts over at least once, each asked three times.
        let texts = (0..<(ParsedQueryCache.capacity + 40)).map { "age > \($0) AND name BEGINSWITH[c] 'a\($0)'" }
        for _ in 0..<3 {
            for text in texts {
                #expect(try QueryParser.parse(text) == fresh(text), "\(text)")
            }
        }
        let sorted = "age > 3 SORT(name DESCENDING) LIMIT(2)"
        #expect(try QueryParser.parse(sorted) == fresh(sorted))
        #expect(try QueryParser.parse(sorted).stages == fresh(sorted).stages)
    }

    @Test("Text that does not parse fails every time with the same message; text with arguments is parsed per call")
    func errorsAndArguments() throws {
        var messages: [String] = []
        for _ in 0..<3 {
            do {
                _ = try QueryParser.parse("age >")
                Issue.record("\"age >\" parsed")
            } catch let error as QueryError {
                messages.append(error.message)
            }
        }
        #expect(Set(messages).count == 1)
        #expect(messages.first?.hasSuffix("(Unable to parse the format string \"age >\")") == true)

        let five = try QueryParser.parse("age > %@", arguments: [.value(.int(5))])
        let six = try QueryParser.parse("age > %@", arguments: [.value(.int(6))])
        #expect(five != six)
        #expect(five == (try QueryParser.parse("age > 5")))
    }
}

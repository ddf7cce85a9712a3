// ParsedQueryCache.swift: the parsed form of query texts that take no arguments, kept by text.
//
// A server asks the same few queries over and over (`filter("age > 50")` per request): their text is parsed once.
// Only text without arguments is kept (a parsed query holds the arguments' values, so text with `%@` is parsed per
// call), and only what parsed: an error is reported again on every call, with its message.
//
// Invariants:
//   (1) An entry is exactly what `QueryParser` returned for its text (a `ParsedQuery` is an immutable value).
//   (2) At most `capacity` entries of at most `longestText` UTF-8 bytes each; when full, the cache starts over.

/// Parsed queries by their text (see the file's comment).
enum ParsedQueryCache {
    static let capacity = 256
    static let longestText = 1_024
    private static let entries = Locked<[String: ParsedQuery]>([:])

    /// The parsed form of `text`, parsed by `parse` the first time.
    static func parsed(_ text: String, _ parse: () throws -> ParsedQuery) throws -> ParsedQuery {
        guard text.utf8.count <= longestText else { return try parse() }
        if let known = entries.withLock({ $0[text] }) { return known }
        let parsed = try parse()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = parsed
        }
        return parsed
    }
}

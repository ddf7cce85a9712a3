// QueryParserFuzz.swift: libFuzzer entry point for the query lexer and parser.
//
// Built with the engine's and StrataTestSupport's sources in one module (so `package` symbols are reachable)
// by `Fuzz/run`, into the one fuzzing binary (FuzzMain.swift picks the target). Any input must give a parsed query or a QueryError: never a crash, a hang or a leak.

/// The `query` target (FuzzMain.swift calls it for each input).
func queryParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments: [QueryParser.QueryArgument] = [
        .value(.int(1)), .list([.int(1), .string("a")]), .keyPath("name"), .value(.null),
    ]
    do {
        _ = try QueryParser.parse(text, arguments: arguments)
    } catch is QueryError {
        return 0
    } catch {
        fatalError("the parser threw something other than a QueryError: \(error)")
    }
    return 0
}

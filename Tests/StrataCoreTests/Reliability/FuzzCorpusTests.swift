import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// Replays the fuzz corpora (Fuzz/corpus) as ordinary test cases: every input must give a result or its
/// specific error, never a crash.
@Suite("Fuzz corpus replay")
struct FuzzCorpusTests {
    static func corpus(_ target: String) -> [URL] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/corpus/\(target)").standardized
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("Every query corpus input parses or gives a QueryError")
    func queryCorpus() throws {
        let inputs = Self.corpus("query")
        #expect(inputs.count > 100)
        let arguments: [QueryParser.QueryArgument] = [
            .value(.int(1)), .list([.int(1), .string("a")]), .keyPath("name"), .value(.null),
        ]
        for input in inputs {
            let text = String(decoding: try Data(contentsOf: input), as: UTF8.self)
            do {
                _ = try QueryParser.parse(text, arguments: arguments)
            } catch is QueryError {
            }
        }
        print("RELIABILITY|fuzz corpus replay: query parser|\(inputs.count)|inputs, each parsed or a QueryError")
    }

    @Test("Every file-image corpus input opens and reads cleanly or gives a StorageError")
    func openCorpus() throws {
        let inputs = Self.corpus("open")
        #expect(!inputs.isEmpty)
        var refused = 0
        for input in inputs {
            do {
                try DamagedFileProbe.probe(Array(try Data(contentsOf: input)))
            } catch is StorageError {
                refused += 1
            }
        }
        print(
            "RELIABILITY|fuzz corpus replay: damaged files|\(inputs.count)|images, \(refused) refused with a StorageError"
        )
    }
}

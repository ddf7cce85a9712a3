import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// A single flipped byte anywhere in a file's used region past the header: every read gives the right answer or
/// `StorageError.corrupt`, never a wrong value (DESIGN.md section 2, "Failures tell the truth").
@Suite("Flipped bytes: reads answer right or report damage")
struct ByteFlipReadTests {
    /// What the reads of one damaged copy gave.
    enum Outcome: Equatable {
        /// Every read answered as the file was written (the byte was in free space or padding).
        case right
        /// Opening or a read threw `StorageError.corrupt`.
        case damage
        /// A read answered wrongly.
        case wrong(String)
    }

    /// Opens `bytes` and reads every item, a lookup by the unique id of each tenth and the notes, comparing each
    /// answer with what ``VerifiedNodesTests/sample(in:count:)`` wrote.
    static func outcome(_ bytes: [UInt8], count: Int, in directory: TemporaryDirectory) throws -> Outcome {
        do {
            let database = try VerifiedNodesTests.open(bytes, in: directory)
            defer { database.close() }
            let items = try VerifiedNodesTests.readItems(database)
            guard items.count == count else { return .wrong("\(items.count) items") }
            for id in Int64(0)..<Int64(count) {
                let expected: [Value] = [.int(id), .string(VerifiedNodesTests.name(id)), .int(3 * id)]
                guard items[id] == expected else { return .wrong("item \(id) reads \(String(describing: items[id]))") }
            }
            let read = try database.beginRead()
            guard let table = try read.table(named: "Item") else { return .wrong("no Item table") }
            let id = try table.column(named: "id").key
            for wanted in stride(from: Int64(0), to: Int64(count), by: 10) {
                let found = try table.find(id, equalTo: .int(wanted))
                guard found.count == 1, try table.value(found[0], id) == .int(wanted) else {
                    return .wrong("the lookup of id \(wanted) finds \(found)")
                }
            }
            // The newest commit may be dropped whole (its runs no longer hash to its header slot's manifest): the
            // previous version, with one note, is then the right answer.
            guard let notes = try read.table(named: "Note") else { return .wrong("no Note table") }
            let number = try notes.column(named: "number").key
            let values = try notes.keys().map { try notes.value($0, number) }
            guard values == [.int(1), .int(2)] || values == [.int(1)] else { return .wrong("notes \(values)") }
            return .right
        } catch StorageError.corrupt {
            return .damage
        } catch is VerifiedNodesTests.MissingTable {
            return .wrong("a table or an id is missing")
        }
    }

    @Test("Each single flipped byte reads right or throws the damage error")
    func singleFlips() async throws {
        let directory = TemporaryDirectory()
        let count = 600
        let bytes = try await VerifiedNodesTests.sample(in: directory, count: count)
        #expect(try Self.outcome(bytes, count: count, in: directory) == .right)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        let fileEnd = Int(try #require(header.current).slot.fileEnd)
        let seed = testSeed()
        print("ByteFlipReadTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let cases = Int(ProcessInfo.processInfo.environment["STRATA_FLIP_CASES"] ?? "") ?? 200
        var right = 0
        var damage = 0
        for _ in 0..<cases {
            var damaged = bytes
            let offset = Int.random(in: FileHeader.size..<fileEnd, using: &random)
            damaged[offset] ^= UInt8.random(in: 1...255, using: &random)
            switch try Self.outcome(damaged, count: count, in: directory) {
            case .right: right += 1
            case .damage: damage += 1
            case .wrong(let what):
                Issue.record("seed \(seed): the flip at \(offset) gave a wrong answer: \(what)")
            }
        }
        #expect(right + damage == cases, "seed \(seed)")
        print(
            "RELIABILITY|single byte flips read back|\(cases)|\(damage) reported as damage, \(right) harmless, 0 wrong"
        )
    }
}

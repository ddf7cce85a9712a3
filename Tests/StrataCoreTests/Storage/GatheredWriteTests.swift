import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// A commit writes each run of nodes from the nodes' own buffers (`write(gathering:at:)`): `pwritev` on a real
/// file, one concatenated `write(_:at:)` through any other `StorageFile` (the fault-injection layer among them).
@Suite("A gathered write puts its pieces one after another, on a real file and through the fault layer")
struct GatheredWriteTests {
    /// Random pieces (some empty, odd lengths, up to a thousand of them) written at random offsets of both
    /// kinds of file, then read back and compared with a model of the file's bytes.
    @Test("Random pieces at random offsets read back as their concatenation", arguments: [false, true])
    func randomPieces(throughFaultLayer: Bool) throws {
        let seed = testSeed()
        print("GatheredWriteTests seed \(seed) (set STRATA_SEED to replay)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let system: any FileSystem = throughFaultLayer ? FaultInjectingFileSystem() : PosixFileSystem()
        let file = try system.open(directory.file("gathered"), mode: .createNew(permissions: .ownerReadWrite))
        defer { file.close() }
        var model: [UInt8] = []
        for _ in 0..<60 {
            let count = Int.random(in: 0...1_000, using: &random)
            let pieces = (0..<count).map { _ in
                (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            let offset = Int.random(in: 0...(model.count + 100), using: &random)
            try Self.withBuffers(pieces) { try file.write(gathering: $0, at: UInt64(offset)) }
            let joined = pieces.flatMap { $0 }
            if model.count < offset + joined.count {
                model += [UInt8](repeating: 0, count: offset + joined.count - model.count)
            }
            model.replaceSubrange(offset..<offset + joined.count, with: joined)
        }
        #expect(try file.size() == UInt64(model.count))
        let read = try system.readBytes(file, count: model.count, at: 0)
        #expect(read == model, "seed \(seed)")
    }

    /// Borrows every piece's buffer for the call, as the commit does.
    private static func withBuffers(
        _ pieces: [[UInt8]],
        _ body: ([UnsafeRawBufferPointer]) throws -> Void
    ) throws {
        var buffers: [UnsafeRawBufferPointer] = []
        func borrow(_ index: Int) throws {
            guard index < pieces.count else { return try body(buffers) }
            try pieces[index].withUnsafeBytes { bytes in
                buffers.append(bytes)
                try borrow(index + 1)
            }
        }
        try borrow(0)
    }
}

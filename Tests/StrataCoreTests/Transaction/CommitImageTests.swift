import StrataCore
import StrataTestSupport
import Testing

/// The node images a redo record holds (CommitImage.swift): they round-trip, and no payload, however damaged,
/// decodes to a write into the header, past the version's end or over another run.
@Suite("Commit images: the payload of a redo record")
struct CommitImageTests {
    static let sample = CommitImage(
        topRef: Ref(40960),
        fileEnd: 65536,
        runs: [
            .init(offset: 8192, bytes: Array(repeating: 1, count: 24)),
            .init(offset: 8216, bytes: Array(0..<77)),
            .init(offset: 40960, bytes: Array(repeating: 9, count: 4096)),
            .init(offset: 65528, bytes: [1, 2, 3, 4, 5, 6, 7, 8]),
        ]
    )

    @Test("images round-trip", arguments: [0, 1, 4])
    func roundTrip(runs: Int) throws {
        var image = Self.sample
        image.runs = Array(image.runs.prefix(runs))
        let payload = image.encode()
        #expect(payload.count % 8 == 0)
        #expect(try CommitImage.decode(payload, path: "x") == image)
    }

    /// An image that must be refused: its top ref, file end and runs as (offset, length), and why.
    struct Refused: Sendable, CustomTestStringConvertible {
        var topRef: UInt64
        var runs: [Run]
        var why: String
        var fileEnd: UInt64 { 16384 }
        var testDescription: String { why }

        struct Run: Sendable {
            var offset: UInt64
            var length: Int
        }

        init(_ topRef: UInt64, _ runs: [(UInt64, Int)], _ why: String) {
            self.topRef = topRef
            self.runs = runs.map { Run(offset: $0.0, length: $0.1) }
            self.why = why
        }
    }

    static let refusals: [Refused] = [
        Refused(4096, [(8192, 8)], "top ref inside the header"),
        Refused(16384, [(8192, 8)], "top ref at the file end"),
        Refused(8196, [(8192, 8)], "top ref not aligned"),
        Refused(8192, [(4096, 8)], "a run into the header"),
        Refused(8192, [(16380, 8)], "a run past the file end"),
        Refused(8192, [(8200, 16), (8208, 8)], "overlapping runs"),
        Refused(8192, [(8208, 8), (8200, 8)], "runs out of order"),
        Refused(8192, [(8196, 8)], "a run not aligned"),
    ]

    @Test("images that would write outside the version are refused", arguments: refusals)
    func refused(_ refused: Refused) throws {
        let (topRef, fileEnd, runs) = (refused.topRef, refused.fileEnd, refused.runs.map { ($0.offset, $0.length) })
        let image = CommitImage(
            topRef: Ref(topRef / 8 * 8),
            fileEnd: fileEnd,
            runs: runs.map { .init(offset: $0.0 / 8 * 8, bytes: Array(repeating: 7, count: $0.1)) }
        )
        var payload = image.encode()
        // The encoder asserts nothing; write the exact (possibly unaligned) fields the case names.
        payload.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: topRef.littleEndian, toByteOffset: 0, as: UInt64.self)
            var position = 24
            for (offset, length) in runs {
                raw.storeBytes(of: offset.littleEndian, toByteOffset: position, as: UInt64.self)
                position += 16 + (length + 7) / 8 * 8
            }
        }
        #expect(throws: StorageError.self) { try CommitImage.decode(payload, path: "x") }
    }

    /// Every truncation and every single flipped bit of the header fields: a clear error or an image that keeps
    /// invariant 1, never a crash.
    @Test("damaged payloads give an error or a well-formed image")
    func damaged() throws {
        let payload = Self.sample.encode()
        for length in 0..<payload.count {
            #expect(throws: StorageError.self) { try CommitImage.decode(Array(payload.prefix(length)), path: "x") }
        }
        var fieldBytes = Array(0..<24)
        var position = 24
        for run in Self.sample.runs {
            fieldBytes += position..<position + 16
            position += 16 + (run.bytes.count + 7) / 8 * 8
        }
        for byte in fieldBytes {
            for bit in 0..<8 {
                var damaged = payload
                damaged[byte] ^= 1 << bit
                guard let image = try? CommitImage.decode(damaged, path: "x") else { continue }
                var end = UInt64(FileHeader.size)
                for run in image.runs {
                    #expect(run.offset >= end && run.offset % 8 == 0, "byte \(byte) bit \(bit)")
                    end = run.offset + UInt64(run.bytes.count)
                }
                #expect(end <= image.fileEnd, "byte \(byte) bit \(bit)")
            }
        }
    }
}

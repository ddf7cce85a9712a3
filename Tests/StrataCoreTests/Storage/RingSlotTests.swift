import StrataCore
import StrataTestSupport
import Testing

/// Format 5 header slots, which name a redo ring (FileHeader.swift), and what this build does with them.
@Suite("Header slots that name a redo ring")
struct RingSlotTests {
    /// The sample's header with both slots rewritten to name `ring` (the current slot's version in both pages).
    static func withRing(_ bytes: [UInt8], _ ring: FileHeader.Ring) throws -> [UInt8] {
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        var slot = try #require(header.current).slot
        slot.manifest = nil
        slot.ring = ring
        var result = bytes
        for index in 0..<2 {
            result.replaceSubrange(
                index * FileHeader.pageSize..<(index + 1) * FileHeader.pageSize,
                with: FileHeader.encode(slot, index: index)
            )
        }
        return result
    }

    @Test(
        "a ring round-trips through a slot; a new file's slot is format 6 without one and 7 with one, an earlier file's 4 and 5"
    )
    func roundTrip() async throws {
        let directory = TemporaryDirectory()
        let bytes = try await VerifiedNodesTests.sample(in: directory, count: 40)
        let plain = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        let current = try #require(plain.current)
        #expect(current.slot.ring == nil)
        #expect(bytes[current.index * FileHeader.pageSize + 8] == 6)
        for ring in [
            FileHeader.Ring(offset: 0, length: 8 << 20, salt: 0x1234_5678_9ABC_DEF0, mayHoldRecords: true),
            FileHeader.Ring(offset: 8192, length: 4096, salt: 0, mayHoldRecords: false),
        ] {
            let ringed = try Self.withRing(bytes, ring)
            let header = try FileHeader.decode(Array(ringed.prefix(FileHeader.size)), path: "sample")
            #expect(header.slots.map { $0?.ring } == [ring, ring])
            #expect(ringed[8] == 7 && ringed[FileHeader.pageSize + 8] == 7)
            // The same slots of a file made before format 6 (one-lane checksums).
            var earlier = try #require(header.slots[0])
            earlier.checksum = .serial
            for (ring, format) in [(nil, 4), (ring, 5)] as [(FileHeader.Ring?, UInt8)] {
                earlier.ring = ring
                let page = FileHeader.encode(earlier, index: 0)
                #expect(page[8] == format)
                let decoded = try FileHeader.decode(page + [UInt8](repeating: 0, count: FileHeader.pageSize), path: "p")
                #expect(decoded.slots[0] == earlier)
            }
        }
    }

    /// (offset, length) of rings that do not hold: empty, not whole sectors, longer than 1 GiB or starting past it,
    /// and sums that would overflow.
    static let invalidRings: [(UInt64, UInt64)] = [
        (0, 0), (8192, 100), (8200, 4096), (0, (1 << 30) + 4096), (1 << 40, 4096),
        (UInt64.max - 4095, 8192), (8192, UInt64.max - 4095),
    ]

    /// A ring that is not whole sectors, or is longer than a redo log may be: the slot is not valid (as if its
    /// checksum failed).
    @Test(
        "a slot whose ring does not hold is not valid",
        arguments: invalidRings
    )
    func invalidRing(offset: UInt64, length: UInt64) async throws {
        let directory = TemporaryDirectory()
        let bytes = try await VerifiedNodesTests.sample(in: directory, count: 40)
        let ringed = try Self.withRing(
            bytes,
            FileHeader.Ring(offset: offset, length: length, salt: 1, mayHoldRecords: false)
        )
        #expect(throws: StorageError.self) {
            try FileHeader.decode(Array(ringed.prefix(FileHeader.size)), path: "sample")
        }
    }

    /// A file whose slot says records may follow, and whose redo log is missing, is refused (opening the checkpoint
    /// alone could lose the commits after it); one whose ring is empty opens without looking for the log.
    @Test("a file whose ring may hold records and whose redo log is missing is refused; one with an empty ring opens")
    func refusal() async throws {
        let directory = TemporaryDirectory()
        let bytes = try await VerifiedNodesTests.sample(in: directory, count: 40)
        let empty = try Self.withRing(
            bytes,
            FileHeader.Ring(offset: 8192, length: 4096, salt: 9, mayHoldRecords: false)
        )
        let database = try VerifiedNodesTests.open(empty, in: directory)
        #expect(try VerifiedNodesTests.readItems(database).count == 40)
        database.close()

        let armed = try Self.withRing(bytes, FileHeader.Ring(offset: 8192, length: 4096, salt: 9, mayHoldRecords: true))
        do {
            _ = try VerifiedNodesTests.open(armed, in: directory)
            Issue.record("a file whose ring may hold records opened without its redo log")
        } catch let error as StorageError {
            guard case .corrupt(let detail) = error else { throw error }
            #expect(detail.contains(".redo is missing"), "\(detail)")
        }
    }
}

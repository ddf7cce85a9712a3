import StrataCore
import StrataTestSupport
import Testing

/// The redo ring's frames and the scan that recovers them (RedoRing.swift): a prefix of every acknowledged commit
/// after torn writes, stale records ignored, damage inside the durable prefix refused.
@Suite("Redo ring frames and recovery scan")
struct RedoRingTests {
    static let path = "ring.strata"

    /// A log of groups appended to a ring: what was written where, as a model for the scan.
    struct Log {
        var ring: RedoRing
        var region: [UInt8]
        /// Every record appended, in order.
        var records: [RedoRecord] = []
        /// Each group's byte range in the region and its records' indices in `records`.
        var groups: [(range: Range<Int>, records: Range<Int>)] = []

        init(length: Int, salt: UInt64, checkpoint: Version, filler: UInt8 = 0) {
            ring = RedoRing(length: length, salt: salt, checkpoint: checkpoint)
            region = [UInt8](repeating: filler, count: length)
        }

        /// Appends `payloads` as one group; false when they do not fit.
        @discardableResult
        mutating func append(_ payloads: [[UInt8]]) -> Bool {
            let first = ring.nextVersion
            guard let (offset, bytes) = ring.append(group: payloads) else { return false }
            region.replaceSubrange(offset..<offset + bytes.count, with: bytes)
            let start = records.count
            for (index, payload) in payloads.enumerated() {
                records.append(RedoRecord(version: first + Version(index), group: first, payload: payload))
            }
            groups.append((offset..<offset + bytes.count, start..<records.count))
            return true
        }

        func scan(_ bytes: [UInt8]? = nil, salt: UInt64? = nil, checkpoint: Version? = nil) throws -> (
            ring: RedoRing, records: [RedoRecord]
        ) {
            try (bytes ?? region).withUnsafeBytes { raw in
                try RedoRing.scan(
                    raw,
                    salt: salt ?? ring.salt,
                    checkpoint: checkpoint ?? (ring.nextVersion - Version(records.count) - 1),
                    path: RedoRingTests.path
                )
            }
        }
    }

    static func payload(_ count: Int, _ generator: inout SeededGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test("an empty ring scans to no records")
    func emptyRing() throws {
        for filler: UInt8 in [0, 0xFF] {
            let log = Log(length: 8192, salt: 7, checkpoint: 41, filler: filler)
            let (ring, records) = try log.scan()
            #expect(records.isEmpty)
            #expect(ring == log.ring)
            #expect(ring.isEmpty && ring.nextVersion == 42)
        }
    }

    /// Groups of every size round-trip, and the scanned ring continues exactly where the writer's does.
    @Test(
        "records round-trip and the chain continues",
        arguments: [
            // (payload sizes of each group)
            [[0]], [[1]], [[7], [8], [9]], [[100, 200, 300]], [[0, 0, 0, 0, 0, 0, 0, 0]],
            [[5000], [3], [4096, 4096]], [[1, 2], [3, 4, 5], [6, 7, 8, 9]],
        ]
    )
    func roundTrip(groups: [[Int]]) throws {
        var generator = SeededGenerator(seed: UInt64(groups.count * 131 + groups[0].count))
        var log = Log(length: 64 * 1024, salt: 0xDEAD_BEEF, checkpoint: 1000)
        for sizes in groups {
            let appended = log.append(sizes.map { Self.payload($0, &generator) })
            #expect(appended)
        }
        let (ring, records) = try log.scan()
        #expect(records == log.records)
        #expect(ring == log.ring)
        // The scanned ring appends the same next frames as the writer's.
        var scanned = ring
        var writer = log.ring
        let next = [Self.payload(33, &generator)]
        let continued = scanned.append(group: next)?.bytes
        #expect(continued != nil && continued == writer.append(group: next)?.bytes)
    }

    @Test("a group that does not fit is refused and leaves the ring as it was")
    func full() throws {
        var log = Log(length: 8192, salt: 3, checkpoint: 0)
        let first = log.append([[UInt8](repeating: 1, count: 4000)])  // the group ends at the boundary, 4096
        let before = log.ring
        let tooLong = log.append([[UInt8](repeating: 2, count: 4096 - RedoRing.headerSize + 1)])
        #expect(first && !tooLong && log.ring == before && log.ring.end == 4096)
        let rest = log.append([[UInt8](repeating: 3, count: 4096 - RedoRing.headerSize)])  // exactly the rest
        #expect(rest && log.ring.end == 8192)
        let empty = log.append([[]])
        #expect(!empty)
        #expect(try log.scan().records == log.records)
    }

    /// Bytes after the valid end that hold records of an older salt, an earlier lap, another checkpoint or a
    /// broken chain are never accepted.
    @Test("stale records after the end are ignored")
    func staleRecords() throws {
        var generator = SeededGenerator(seed: 11)
        // An earlier lap of the same salt filled the ring further than this one.
        var earlier = Log(length: 16384, salt: 5, checkpoint: 10)
        for _ in 0..<12 { earlier.append([Self.payload(300, &generator), Self.payload(200, &generator)]) }
        // An older salt's records.
        var older = Log(length: 16384, salt: 4, checkpoint: 30)
        for _ in 0..<12 { older.append([Self.payload(310, &generator), Self.payload(190, &generator)]) }

        for stale in [earlier.region, older.region] {
            var log = Log(length: 16384, salt: 5, checkpoint: 30)
            log.region = stale
            for _ in 0..<3 { log.append([Self.payload(300, &generator), Self.payload(200, &generator)]) }
            let (ring, records) = try log.scan()
            #expect(records == log.records)
            #expect(ring == log.ring)
        }
        // The same frames read with another salt, or after the checkpoint of their last version, are not this
        // ring's records; read after an earlier checkpoint, the missing record before durable ones is refused.
        var log = Log(length: 16384, salt: 5, checkpoint: 30)
        for _ in 0..<3 { log.append([Self.payload(64, &generator)]) }
        #expect(try log.scan(salt: 6).records.isEmpty)
        #expect(try log.scan(checkpoint: 33).records.isEmpty)
        #expect(throws: StorageError.self) { try log.scan(checkpoint: 29) }
    }

    /// Power lost during the last group's write: every subset of its 512-byte sectors reached the disk, the rest
    /// holds what was there before. Every earlier group (acknowledged) is recovered, and what is recovered of the
    /// last group is a prefix of it, exactly as written.
    @Test("a torn last group recovers a prefix holding every acknowledged commit", arguments: [0 as UInt8, 0xA5])
    func tornLastGroup(filler: UInt8) throws {
        let seed = testSeed(default: 0x70A2)
        print("RedoRingTests.tornLastGroup seed \(seed) (STRATA_SEED replays it)")
        var generator = SeededGenerator(seed: seed)
        for round in 0..<12 {
            var log = Log(length: 32768, salt: UInt64(round + 1), checkpoint: UInt64(round * 100), filler: filler)
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                log.append((0..<Int.random(in: 1...3, using: &generator)).map { _ in Self.payload(150, &generator) })
            }
            let acknowledged = log.records.count
            let before = log.region
            let count = Int.random(in: 2...8, using: &generator)
            // At most 8 frames of 648 bytes: 11 sectors, 2,048 subsets.
            log.append((0..<count).map { _ in Self.payload(Int.random(in: 0...600, using: &generator), &generator) })
            let last = log.groups.last!.range
            #expect(last.lowerBound % RedoRing.alignment == 0, "a group starts on a boundary")
            let sectors = stride(from: last.lowerBound, to: last.upperBound, by: 512).map { $0 }
            for mask in 0..<(1 << sectors.count) {
                var disk = before
                for (bit, sector) in sectors.enumerated() where mask & (1 << bit) != 0 {
                    let range = sector..<min(sector + 512, last.upperBound)
                    disk.replaceSubrange(range, with: log.region[range])
                }
                let (ring, records) = try log.scan(disk)
                #expect(records.count >= acknowledged, "seed \(seed), round \(round), sectors \(mask)")
                #expect(records == Array(log.records.prefix(records.count)), "seed \(seed), round \(round)")
                if mask == (1 << sectors.count) - 1 { #expect(ring == log.ring) }
            }
        }
    }

    /// A bit flipped in a record of a synced group, anywhere in its frame, with a later group after it: the scan
    /// refuses instead of dropping the acknowledged commits that follow. In the last group, the damage reads as a
    /// torn tail (nothing later proves the group was synced): the prefix ends before the damaged record.
    @Test("damage inside the durable prefix is refused")
    func damageInsidePrefix() throws {
        var generator = SeededGenerator(seed: 23)
        var log = Log(length: 16384, salt: 9, checkpoint: 500)
        for _ in 0..<4 {
            log.append([Self.payload(120, &generator), Self.payload(37, &generator), Self.payload(0, &generator)])
        }
        for (groupIndex, group) in log.groups.enumerated() {
            for position in stride(from: group.range.lowerBound, to: group.range.upperBound, by: 5) {
                var disk = log.region
                disk[position] ^= 1 << UInt8(position % 8)
                let record = group.records.lowerBound
                if groupIndex < log.groups.count - 1 {
                    #expect(throws: StorageError.self, "byte \(position)") { try log.scan(disk) }
                } else {
                    let recovered = try log.scan(disk).records
                    #expect(recovered.count >= record && recovered.count < log.records.count, "byte \(position)")
                    #expect(recovered == Array(log.records.prefix(recovered.count)))
                }
            }
        }
        // The error names the damaged record and what cannot be recovered.
        var disk = log.region
        disk[log.groups[1].range.lowerBound + RedoRing.headerSize] ^= 0x10
        do {
            _ = try log.scan(disk)
            Issue.record("the scan accepted a damaged record")
        } catch let error as StorageError {
            guard case .corrupt(let message) = error else { throw error }
            #expect(message.contains("record of version 504 at ring offset"))
            #expect(message.contains("commits after version 503 cannot be recovered"))
        }
    }

    /// Writes a record header at `at` of `region` with these fields, a checksum that does not hold (0x1234) and a
    /// previous checksum of 0: a forged or torn frame.
    static func forgeHeader(
        in region: inout [UInt8],
        at: Int,
        payloadCount: Int,
        salt: UInt64,
        version: Version,
        group: Version
    ) {
        region.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt64(0x1234).littleEndian, toByteOffset: at, as: UInt64.self)
            raw.storeBytes(of: UInt32(0x4F44_4552).littleEndian, toByteOffset: at + 8, as: UInt32.self)  // "REDO"
            raw.storeBytes(of: UInt32(payloadCount).littleEndian, toByteOffset: at + 12, as: UInt32.self)
            raw.storeBytes(of: salt.littleEndian, toByteOffset: at + 16, as: UInt64.self)
            raw.storeBytes(of: version.littleEndian, toByteOffset: at + 24, as: UInt64.self)
            raw.storeBytes(of: group.littleEndian, toByteOffset: at + 32, as: UInt64.self)
            raw.storeBytes(of: UInt64(0), toByteOffset: at + 40, as: UInt64.self)
        }
    }

    /// A frame header of this ring's salt for a later group, after the valid end, whose bytes do not hash: noise
    /// (or a torn frame), never proof of damage.
    @Test("a later group's frame that does not hash is not damage")
    func forgedFrame() throws {
        var generator = SeededGenerator(seed: 31)
        var log = Log(length: 16384, salt: 12, checkpoint: 70)
        log.append([Self.payload(90, &generator)])
        log.append([Self.payload(90, &generator), Self.payload(10, &generator)])
        var disk = log.region
        let at = log.ring.end + RedoRing.alignment
        let next = log.ring.nextVersion
        Self.forgeHeader(in: &disk, at: at, payloadCount: 16, salt: 12, version: next + 1, group: next + 1)
        let (ring, records) = try log.scan(disk)
        #expect(records == log.records)
        #expect(ring == log.ring)
    }

    /// Headers every 48 bytes, each claiming a payload to the region's end: the scan stops hashing at twice the
    /// region's length and reports the damage instead of hashing for quadratic time.
    @Test("overlapping forged frames are refused after a bounded amount of hashing")
    func overlappingFrames() throws {
        let log = Log(length: 65536, salt: 8, checkpoint: 5)
        var disk = log.region
        for at in stride(from: 48, to: disk.count - RedoRing.headerSize, by: RedoRing.headerSize) {
            let count = (disk.count - at - RedoRing.headerSize) / 8 * 8
            Self.forgeHeader(in: &disk, at: at, payloadCount: count, salt: 8, version: 7, group: 7)
        }
        do {
            _ = try log.scan(disk)
            Issue.record("overlapping frames were accepted")
        } catch let error as StorageError {
            guard case .corrupt(let message) = error else { throw error }
            #expect(message.contains("overlapping frames"))
        }
        // A checkpoint version no file reaches is damage too, not an overflow.
        #expect(throws: StorageError.self) { try log.scan(checkpoint: .max) }
    }
}

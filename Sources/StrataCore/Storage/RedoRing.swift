// RedoRing.swift: the frames of the redo ring (DESIGN.md section 4 item 2) and the scan that recovers them.
//
// The ring is the region of the redo log, a companion file of the database (RedoLog.swift). After each checkpoint it starts empty with a new
// salt; each small commit then appends one record, and the records of a group of commits are written with one
// `pwrite` and made durable with one `fdatasync`. This file knows the frames and their chain, not what a record
// says: the payload is bytes to it.
//
// Format of one record (little-endian, starting at a multiple of 8 from the ring's start):
//    0  u64  checksum   Checksum.hash(the frame's bytes from 8 to its end, padding included, seed: previous)
//    8  u32  magic      "REDO"
//   12  u32  p          payload bytes
//   16  u64  salt       the ring's salt since its last reset (a header slot names it)
//   24  u64  version    the version this record's commit made: the checkpoint's version + 1 for the first record
//   32  u64  group      the version of the first record of the group this one was written and synced with
//   40  u64  previous   the previous record's checksum; for the first record, `RedoRing.seed(salt:checkpoint:)`
//   48  p bytes of payload, then zeros up to a multiple of 8
// A record never crosses the ring's end: a group that does not fit asks for a checkpoint instead, which empties
// the ring (so the ring never wraps; its space is reused only after a reset, under a new salt). Each group
// starts on a 4096-byte boundary of the ring, so writing a group never rewrites a sector of an earlier, already
// acknowledged group (a torn write of that shared sector could otherwise damage it).
//
// Invariants:
//   (1) Records of one salt lie one after another from offset 0, with consecutive versions, each seeded with and
//       naming the checksum of the one before: `scan` accepts exactly the longest such prefix, so a stale record
//       (an older salt, an earlier lap, a version that does not follow) is never accepted, whatever it holds.
//   (2) A group is written whole before its sync, and the next group only after that sync returned. So a record
//       that fails while a valid record of a later group (its `group` above the failed version) lies after it
//       was durable once: that is damage inside the durable prefix, and `scan` throws instead of dropping the
//       acknowledged commits after it. A failed record followed only by records of its own group is the torn
//       tail of a group whose sync never returned: nothing acknowledged is lost by ending there.
//   (3) The scan reads only the region it is given and never trusts a length before checking it against the
//       region; on hostile bytes it hashes at most twice the region's length (real frames never overlap) and
//       throws past that, and versions near the top of the range are damage, not an overflow.
//   (4) A salt is never used for two different runs of records. A ring recovered by `scan` is not appended
//       to: recovery replays the records and checkpoints to a new random salt first, so the torn group's
//       leftover frames can never chain onto new ones.
//
// States of the ring, as the slot and the writer see it:
//   empty (after a reset) ──append group──▶ holds records ──append group──▶ … ──checkpoint──▶ empty, new salt
//                                              └──power cut──▶ scan at open: the prefix, or a clear refusal

/// One commit's record in the redo ring.
package struct RedoRecord: Equatable, Sendable {
    /// The version the commit made.
    package var version: Version
    /// The version of the first record of the group it was synced with.
    package var group: Version
    /// What the commit changed, in the encoding of the layer above.
    package var payload: [UInt8]

    package init(version: Version, group: Version, payload: [UInt8]) {
        self.version = version
        self.group = group
        self.payload = payload
    }
}

/// The redo ring's frames: where the next record goes, the chain it extends, and the scan that finds the records
/// after a checkpoint.
package struct RedoRing: Equatable, Sendable {
    /// Bytes of a record's header.
    package static let headerSize = 48
    /// "REDO".
    static let magic: UInt32 = 0x4F44_4552
    /// Ring lengths are a multiple of this (a sector of every disk this runs on).
    package static let alignment = 4096

    /// Bytes of the region.
    package let length: Int
    /// The salt every record since the last reset carries.
    package let salt: UInt64
    /// Where the next group goes: the boundary after the last record.
    package private(set) var end: Int
    /// The version the next record must carry.
    package private(set) var nextVersion: Version
    /// The checksum the next record is seeded with and names.
    package private(set) var chain: UInt64

    /// An empty ring of `length` bytes whose records follow the checkpoint of version `checkpoint`.
    package init(length: Int, salt: UInt64, checkpoint: Version) {
        precondition(length > 0 && length % Self.alignment == 0, "a ring is a whole number of sectors")
        precondition(checkpoint < Self.highestCheckpoint, "a version this high is damage")
        self.length = length
        self.salt = salt
        end = 0
        nextVersion = checkpoint + 1
        chain = Self.seed(salt: salt, checkpoint: checkpoint)
    }

    /// Whether no record has been appended since the reset.
    package var isEmpty: Bool { end == 0 }

    /// The checksum the first record after a checkpoint is seeded with.
    static func seed(salt: UInt64, checkpoint: Version) -> UInt64 {
        withUnsafeBytes(of: (salt.littleEndian, checkpoint.littleEndian)) { Checksum.hash($0, seed: magicSeed) }
    }

    /// Versions from here on are read as damage (no file commits 2^62 times), so no sum of versions overflows.
    static let highestCheckpoint: Version = 1 << 62

    /// `offset` rounded up to the next group boundary.
    static func groupStart(after offset: Int) -> Int { (offset + alignment - 1) / alignment * alignment }

    private static let magicSeed: UInt64 = 0x5245_444F_5249_4E47  // "REDORING"

    /// Bytes a record of `payloadCount` bytes occupies.
    package static func frameSize(payloadCount: Int) -> Int { headerSize + alignedTo8(payloadCount) }

    /// Frames `payloads` as one group of consecutive records and advances the ring past them, to the next group
    /// boundary; returns the bytes to write at `offset` (one `pwrite`), or nil, leaving the ring unchanged, when
    /// they do not fit before its end (the caller checkpoints instead).
    package mutating func append(group payloads: [[UInt8]]) -> (offset: Int, bytes: [UInt8])? {
        precondition(!payloads.isEmpty)
        let total = payloads.reduce(0) { $0 + Self.frameSize(payloadCount: $1.count) }
        guard total <= length - end else { return nil }
        var bytes = [UInt8](repeating: 0, count: total)
        let first = nextVersion
        var position = 0
        bytes.withUnsafeMutableBytes { raw in
            for payload in payloads {
                precondition(payload.count <= Int(UInt32.max))
                let frame = UnsafeMutableRawBufferPointer(
                    rebasing: raw[position..<position + Self.frameSize(payloadCount: payload.count)]
                )
                frame.storeBytes(of: Self.magic.littleEndian, toByteOffset: 8, as: UInt32.self)
                frame.storeBytes(of: UInt32(payload.count).littleEndian, toByteOffset: 12, as: UInt32.self)
                frame.storeBytes(of: salt.littleEndian, toByteOffset: 16, as: UInt64.self)
                frame.storeBytes(of: nextVersion.littleEndian, toByteOffset: 24, as: UInt64.self)
                frame.storeBytes(of: first.littleEndian, toByteOffset: 32, as: UInt64.self)
                frame.storeBytes(of: chain.littleEndian, toByteOffset: 40, as: UInt64.self)
                payload.withUnsafeBytes { source in
                    UnsafeMutableRawBufferPointer(rebasing: frame[Self.headerSize...]).copyMemory(from: source)
                }
                let checksum = Self.checksum(of: UnsafeRawBufferPointer(frame), seed: chain)
                frame.storeBytes(of: checksum.littleEndian, toByteOffset: 0, as: UInt64.self)
                chain = checksum
                nextVersion += 1
                position += frame.count
            }
        }
        let offset = end
        end = Self.groupStart(after: end + total)
        return (offset, bytes)
    }

    /// The checksum of `frame` (one whole frame, padding included): everything after the checksum field.
    private static func checksum(of frame: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        Checksum.hash(UnsafeRawBufferPointer(rebasing: frame[8...]), seed: seed)
    }

    /// A record's header fields as read, before any is trusted.
    private struct Header {
        var checksum: UInt64
        var payloadCount: Int
        var version: Version
        var group: Version
        var previous: UInt64

        /// The header at `offset` of `region` if it is one of a record of `salt` whose frame fits in the region.
        init?(in region: UnsafeRawBufferPointer, at offset: Int, salt: UInt64) {
            guard offset >= 0, region.count - offset >= RedoRing.headerSize,
                UInt32(littleEndian: region.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))
                    == RedoRing.magic,
                UInt64(littleEndian: region.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) == salt
            else { return nil }
            let count = Int(UInt32(littleEndian: region.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            guard count <= region.count - offset - RedoRing.headerSize,
                RedoRing.frameSize(payloadCount: count) <= region.count - offset
            else { return nil }  // (the first test keeps the second from overflowing)
            checksum = UInt64(littleEndian: region.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            payloadCount = count
            version = UInt64(littleEndian: region.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            group = UInt64(littleEndian: region.loadUnaligned(fromByteOffset: offset + 32, as: UInt64.self))
            previous = UInt64(littleEndian: region.loadUnaligned(fromByteOffset: offset + 40, as: UInt64.self))
        }

        /// Whether the frame's bytes hash to its checksum, seeded with the chain it names.
        func holds(in region: UnsafeRawBufferPointer, at offset: Int) -> Bool {
            let frame = UnsafeRawBufferPointer(
                rebasing: region[offset..<offset + RedoRing.frameSize(payloadCount: payloadCount)]
            )
            return RedoRing.checksum(of: frame, seed: previous) == checksum
        }
    }

    /// The records after the checkpoint of version `checkpoint` in `region` (the ring's bytes, `length` of them),
    /// and the ring positioned after the last: the longest prefix of chained records (invariant 1).
    ///
    /// Throws `StorageError.corrupt` when a record fails while a record of a later group follows it
    /// (invariant 2): acknowledged commits lie past the damage, so nothing is silently dropped.
    package static func scan(
        _ region: UnsafeRawBufferPointer,
        salt: UInt64,
        checkpoint: Version,
        path: String
    ) throws(StorageError) -> (ring: RedoRing, records: [RedoRecord]) {
        guard checkpoint < highestCheckpoint else {
            throw .corrupt("\(path): the commit log follows version \(checkpoint), which no file reaches")
        }
        var ring = RedoRing(length: region.count, salt: salt, checkpoint: checkpoint)
        var records: [RedoRecord] = []
        // The next record continues its group right after the last one, or starts a group at the next boundary.
        func next(at offset: Int) -> Header? {
            guard let header = Header(in: region, at: offset, salt: salt), header.version == ring.nextVersion,
                header.previous == ring.chain, header.holds(in: region, at: offset)
            else { return nil }
            return header
        }
        while true {
            let position: Int
            let header: Header
            let boundary = groupStart(after: ring.end)
            if let continuing = next(at: ring.end) {
                (position, header) = (ring.end, continuing)
            } else if boundary != ring.end, let starting = next(at: boundary) {
                (position, header) = (boundary, starting)
            } else {
                break
            }
            let start = position + headerSize
            records.append(
                RedoRecord(
                    version: header.version,
                    group: header.group,
                    payload: Array(UnsafeRawBufferPointer(rebasing: region[start..<start + header.payloadCount]))
                )
            )
            ring.end = position + frameSize(payloadCount: header.payloadCount)
            ring.nextVersion += 1
            ring.chain = header.checksum
        }
        // The prefix ends here. If a whole record of a later group lies after this point, the failed record was
        // synced before that group was written: damage, not a torn tail.
        let prefixEnd = ring.end
        ring.end = groupStart(after: ring.end)
        var offset = prefixEnd + 8
        var hashed = 0
        while offset + headerSize <= region.count {
            if let header = Header(in: region, at: offset, salt: salt), header.version >= ring.nextVersion,
                header.group > ring.nextVersion, header.group <= header.version,
                header.version < highestCheckpoint
            {
                hashed += frameSize(payloadCount: header.payloadCount)
                guard hashed <= 2 * region.count else {
                    throw .corrupt(
                        "\(path): the commit log after version \(ring.nextVersion - 1) holds overlapping frames"
                    )
                }
                guard header.holds(in: region, at: offset) else {
                    offset += 8
                    continue
                }
                throw .corrupt(
                    "\(path): the commit log's record of version \(ring.nextVersion) at ring offset \(prefixEnd) is "
                        + "damaged, and the durable record of version \(header.version) at offset \(offset) follows "
                        + "it; the commits after version \(checkpoint + UInt64(records.count)) cannot be recovered "
                        + "(restore the file from a backup)"
                )
            }
            offset += 8
        }
        return (ring, records)
    }
}

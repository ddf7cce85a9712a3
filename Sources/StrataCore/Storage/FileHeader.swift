// FileHeader.swift: the first 8 KiB of a Strata file: magic number and two version slots.
//
// Format: two 4 KiB pages, one slot each, so that a torn write of one page cannot damage the other.
//   page p (p = 0, 1), at offset p * 4096, little-endian (formats 3, 4 and 6):
//     0  8 bytes  magic "STRATADB"
//     8  u32      format version (6 for files this build makes, 4 for files earlier builds made, see below;
//                 format 3 has the same slot but no collection trees in its nodes, so
//                 this build reads it as is and upgrades it with its first commit; format 2 ended at
//                 byte 48 with the checksum at 40 and no manifest)
//    12  u32      slot index p
//    16  u64      top ref: the version's top node
//    24  u64      version number
//    32  u64      file end: bytes in use by this version (nodes and free extents lie below it)
//    40  u32      n: written runs in the commit manifest (0: the nodes were synced before this slot)
//    44  u32      reserved, 0
//    48  u64      manifest checksum: the runs' bytes hashed in order, each run seeded with the last hash
//                 (`Checksum.laneHash` in formats 6 and 7, `Checksum.hash` before)
//    56  n × (u64 offset, u64 length)   the byte ranges the commit wrote
//    56 + 16n     u64 checksum of bytes 0..<56 + 16n of this page (`Checksum.hash` in every format)
//   formats 5 and 7 (a slot naming a redo ring, RedoRing.swift) add 32 bytes before the checksum, which then covers
//   bytes 0..<88 + 16n:
//    56 + 16n     u64 ring offset: where the ring's region starts in the redo log, the companion file
//                 `<path>.redo` (RedoLog.swift; a multiple of 4096)
//    64 + 16n     u64 ring length (a multiple of 4096, at most 1 GiB)
//    72 + 16n     u64 ring salt: every record appended since this checkpoint carries it
//    80 + 16n     u64 flags: bit 0 set when records may follow this checkpoint (every checkpoint slot sets it
//                 but the one written when the database closes, so a cleanly closed file's ring is never
//                 scanned)
//   Formats 6 and 7 are formats 4 and 5 with `Checksum.laneHash` as the manifest checksum and leading to nodes
//   that may use it (NodeChecksum.swift). A file made by this build writes them from its creation, both slots at
//   once, so an earlier build refuses it (`unsupportedFormat`) and never opens an older version of it; a file made
//   by an earlier build keeps formats 4 and 5 for good (NodeChecksum.swift invariant 1). In such a file a slot
//   without a ring is written in format 4, so the file stays readable by builds from before the ring until it
//   holds one; a file that gets one has both slots in format 5 before its first record, or such a build would
//   skip the unknown slot and open the older version the other slot names.
//
// Commit order (WriteTransaction+Commit.swift):
//   two syncs (large commits): write the new nodes; fdatasync; write the slot with n = 0; fdatasync.
//   one sync (small commits):  write the new nodes; write the slot naming them; fdatasync.
//
// Invariants:
//   (1) Open picks the valid slot (checksum holds) with the highest version whose commit is whole: n = 0,
//       or its runs lie inside the file and still hash to the manifest checksum. A one-sync commit cut
//       short by power loss fails that test, and open falls back to the other slot.
//   (2) A crash at any instant leaves at least one valid slot naming a fully synced version: a commit only
//       ever writes the slot that does not hold the newest durable version, and only to space that
//       version cannot see.

/// The header's two slots, parsed and checked.
package struct FileHeader: Equatable, Sendable {
    /// Bytes reserved for the header; the first node starts here.
    package static let size = 8192
    /// The size of one slot page.
    package static let pageSize = 4096
    /// The format of a slot without a ring in a file made before format 6 (4: list and set cells may refer to
    /// collection trees).
    static let formatVersion: UInt32 = 4
    /// The format of a slot that names a redo ring.
    static let ringFormatVersion: UInt32 = 5
    /// The format of a slot of a file made by this build (four-lane checksums), without a ring.
    static let lanesFormatVersion: UInt32 = 6
    /// The same, naming a redo ring.
    static let lanesRingFormatVersion: UInt32 = 7

    /// Whether a slot of `format` names a redo ring (formats 5 and 7).
    static func namesRing(format: UInt32) -> Bool {
        format == ringFormatVersion || format == lanesRingFormatVersion
    }
    /// The longest ring a slot may name, and the furthest offset it may start at.
    static let maximumRingLength: UInt64 = 1 << 30
    /// The format before collection trees: the same slot layout, read as is.
    static let inlineCollectionsFormatVersion: UInt32 = 3
    /// The older format this build still reads (slots without a manifest).
    static let previousFormatVersion: UInt32 = 2
    /// "STRATADB".
    package static let magic: [UInt8] = Array("STRATADB".utf8)
    /// The most written runs one slot can name.
    static let maximumRuns = 128

    /// The byte ranges a one-sync commit wrote, and their checksum: the proof, at open, that the commit
    /// reached the disk whole.
    package struct Manifest: Equatable, Sendable {
        /// The written byte ranges, in file order.
        package var runs: [Run]
        /// The runs' bytes hashed in order, each run seeded with the hash of the runs before it, with the slot's
        /// scheme (``Slot/checksum``).
        var checksum: UInt64

        /// One written byte range.
        package struct Run: Equatable, Sendable {
            package var offset: UInt64
            package var length: UInt64
        }

        /// The manifest checksum of `runs` as they read in `bytes` (the file from offset 0) under `scheme`; nil when
        /// a run lies outside them.
        static func checksum(of runs: [Run], in bytes: UnsafeRawBufferPointer, scheme: NodeChecksum) -> UInt64? {
            var checksum: UInt64 = 0
            for run in runs {
                guard run.offset <= UInt64(bytes.count), run.length <= UInt64(bytes.count) - run.offset else {
                    return nil
                }
                let start = Int(run.offset)
                // Each run's hash is seeded with the one before.
                checksum = scheme.hash(
                    UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(run.length)]),
                    seed: checksum
                )
            }
            return checksum
        }
    }

    /// The redo ring a format 5 or 7 slot names.
    package struct Ring: Equatable, Sendable {
        /// Where the ring's region starts in the redo log (RedoLog.swift).
        package var offset: UInt64
        /// Bytes of the region.
        package var length: UInt64
        /// The salt of every record appended since the slot's checkpoint.
        package var salt: UInt64
        /// Whether records may follow the slot's checkpoint (a checkpoint clears it).
        package var mayHoldRecords: Bool

        package init(offset: UInt64, length: UInt64, salt: UInt64, mayHoldRecords: Bool) {
            self.offset = offset
            self.length = length
            self.salt = salt
            self.mayHoldRecords = mayHoldRecords
        }
    }

    /// One version slot.
    package struct Slot: Equatable, Sendable {
        package var topRef: Ref
        package var version: Version
        package var fileEnd: UInt64
        /// What a one-sync commit wrote; nil when the nodes were synced before the slot was written.
        package var manifest: Manifest?
        /// The redo ring whose records follow this version; nil for a file without one.
        package var ring: Ring?
        /// The file's checksum scheme (NodeChecksum.swift): the slot's format, and its manifest's checksum.
        package var checksum: NodeChecksum

        init(
            topRef: Ref,
            version: Version,
            fileEnd: UInt64,
            manifest: Manifest? = nil,
            ring: Ring? = nil,
            checksum: NodeChecksum
        ) {
            self.topRef = topRef
            self.version = version
            self.fileEnd = fileEnd
            self.manifest = manifest
            self.ring = ring
            self.checksum = checksum
        }

        /// The format number the slot is written in.
        var format: UInt32 {
            switch (checksum, ring != nil) {
            case (.serial, false): formatVersion
            case (.serial, true): ringFormatVersion
            case (.lanes, false): lanesFormatVersion
            case (.lanes, true): lanesRingFormatVersion
            }
        }
    }

    /// The valid slots by index (nil where the checksum does not hold).
    package var slots: [Slot?]

    /// The slot holding the newest valid version, and its index (whether or not its commit is whole).
    package var current: (index: Int, slot: Slot)? {
        newest { _ in true }
    }

    /// The newest valid slot that `isWhole` accepts, and its index; `isWhole` is asked newest first and
    /// only until it accepts one.
    func newest(where isWhole: (Slot) throws -> Bool) rethrows -> (index: Int, slot: Slot)? {
        // Two slots: the newer valid one first (slot 0 on a tie), then the other. No allocation: this runs
        // on every read's pin.
        precondition(slots.count == 2, "a header has two slots")
        let secondFirst = slots[1].map { second in slots[0].map { second.version > $0.version } ?? true } ?? false
        for step in 0..<2 {
            let index = secondFirst ? 1 - step : step
            if let slot = slots[index], try isWhole(slot) { return (index, slot) }
        }
        return nil
    }

    /// The higher of the two pages' version fields (offset 24 of each), read in place with no check at all: a bound,
    /// not a version. No valid slot names a version above it, so when it is at most the newest version a reader has
    /// loaded, the header holds nothing newer and needs no decoding. A page being written meanwhile may read as
    /// anything; a value above that version only sends the caller to ``decode(_:path:)``.
    /// - Parameter header: the first `size` bytes of the file (a mapping of it).
    static func versionBound(of header: UnsafeRawPointer) -> Version {
        let first = UInt64(littleEndian: header.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        let second = UInt64(littleEndian: header.loadUnaligned(fromByteOffset: pageSize + 24, as: UInt64.self))
        return max(first, second)
    }

    /// Encodes one slot page; without `padded`, only the slot's bytes (up to its checksum), for a commit that
    /// rewrites a page the file already holds whole: the bytes after the checksum are never read (the checksum covers
    /// exactly the slot), so a commit copies about a hundred bytes into the page cache instead of 4 KiB.
    package static func encode(_ slot: Slot, index: Int, padded: Bool = true) -> [UInt8] {
        let runs = slot.manifest?.runs ?? []
        precondition(runs.count <= maximumRuns, "a header slot names at most \(maximumRuns) runs")
        var writer = ByteWriter(capacity: padded ? pageSize : 128 + 16 * runs.count)
        writer.append(bytes: magic)
        writer.append(slot.format)
        writer.append(UInt32(index))
        writer.append(slot.topRef.offset)
        writer.append(slot.version)
        writer.append(slot.fileEnd)
        writer.append(UInt32(runs.count))
        writer.append(UInt32(0))
        writer.append(slot.manifest?.checksum ?? 0)
        for run in runs {
            writer.append(run.offset)
            writer.append(run.length)
        }
        if let ring = slot.ring {
            writer.append(ring.offset)
            writer.append(ring.length)
            writer.append(ring.salt)
            writer.append(UInt64(ring.mayHoldRecords ? 1 : 0))
        }
        let checksum = writer.bytes.withUnsafeBytes { Checksum.hash($0, seed: 0x5354_5241) }
        writer.append(checksum)
        if padded { writer.appendZeros(pageSize - writer.count) }
        return writer.take()
    }

    /// Parses the first 8 KiB of a file.
    package static func decode(_ bytes: [UInt8], path: String) throws -> FileHeader {
        var sawMagic = false
        var newerFormat: UInt32?
        var slots: [Slot?] = []
        for index in 0..<2 {
            let start = index * pageSize
            guard bytes.count >= start + 48, Array(bytes[start..<start + 8]) == magic else {
                slots.append(nil)
                continue
            }
            sawMagic = true
            let end = min(bytes.count, start + pageSize)
            let format = bytes[start + 8..<start + 12].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            if format > lanesRingFormatVersion { newerFormat = format }
            slots.append(try bytes[start..<end].withUnsafeBytes { try decodeSlot($0, index: index) })
        }
        guard sawMagic else { throw StorageError.notAStrataFile(path: path) }
        let header = FileHeader(slots: slots)
        guard header.current != nil else {
            if let newerFormat { throw StorageError.unsupportedFormat(path: path, version: newerFormat) }
            throw StorageError.corrupt("neither header slot of \(path) holds a valid version")
        }
        return header
    }

    /// Parses one slot page (at least its first 48 bytes); nil when its format is unknown or its checksum or
    /// fields do not hold.
    private static func decodeSlot(_ page: UnsafeRawBufferPointer, index: Int) throws -> Slot? {
        var reader = ByteReader(page, position: 8, context: "header slot")
        let format = try reader.read(UInt32.self)
        let storedIndex = try reader.read(UInt32.self)
        let topRef = try reader.read(UInt64.self)
        let version = try reader.read(UInt64.self)
        let fileEnd = try reader.read(UInt64.self)
        var manifest: Manifest?
        var ring: Ring?
        let checked: Int
        switch format {
        case previousFormatVersion:
            checked = 40
        case inlineCollectionsFormatVersion, formatVersion, ringFormatVersion, lanesFormatVersion,
            lanesRingFormatVersion:
            let ringBytes = namesRing(format: format) ? 32 : 0
            let runCount = Int(try reader.read(UInt32.self))
            guard runCount <= maximumRuns, page.count >= 64 + 16 * runCount + ringBytes else { return nil }
            _ = try reader.read(UInt32.self)
            let checksum = try reader.read(UInt64.self)
            var runs: [Manifest.Run] = []
            for _ in 0..<runCount {
                runs.append(Manifest.Run(offset: try reader.read(UInt64.self), length: try reader.read(UInt64.self)))
            }
            if runCount > 0 { manifest = Manifest(runs: runs, checksum: checksum) }
            if ringBytes > 0 {
                let offset = try reader.read(UInt64.self)
                let length = try reader.read(UInt64.self)
                let salt = try reader.read(UInt64.self)
                let flags = try reader.read(UInt64.self)
                guard flags <= 1 else { return nil }
                ring = Ring(offset: offset, length: length, salt: salt, mayHoldRecords: flags == 1)
            }
            checked = 56 + 16 * runCount + ringBytes
        default:
            return nil
        }
        let checksum = page.loadUnaligned(fromByteOffset: checked, as: UInt64.self)
        guard checksum == Checksum.hash(UnsafeRawBufferPointer(rebasing: page[0..<checked]), seed: 0x5354_5241),
            storedIndex == index
        else { return nil }
        guard topRef % 8 == 0, topRef >= UInt64(size), fileEnd > topRef else { return nil }
        if let manifest {
            for run in manifest.runs {
                guard run.offset >= UInt64(size), run.length > 0, run.offset < fileEnd,
                    run.length <= fileEnd - run.offset
                else { return nil }
            }
        }
        if let ring {
            let alignment = UInt64(RedoRing.alignment)
            guard ring.offset % alignment == 0, ring.length > 0, ring.length % alignment == 0,
                ring.length <= maximumRingLength, ring.offset <= maximumRingLength
            else { return nil }
        }
        return Slot(
            topRef: Ref(topRef),
            version: version,
            fileEnd: fileEnd,
            manifest: manifest,
            ring: ring,
            checksum: NodeChecksum(slotFormat: format)
        )
    }
}

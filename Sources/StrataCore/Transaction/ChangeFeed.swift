// ChangeFeed.swift: each commit's change set, published in the lock file for the observers of other processes, so
// that they get the committer's exact change sets instead of diffing the two versions' trees (VersionDiff.swift).
//
// Why: a diff of trees sees values, not writes. A property set to the value it had, a list's moves and a removal and an
// insertion at one position cannot be recovered from the two versions, and Realm reports each of them as the committer
// made it. The committer has the exact record (ChangeSet.swift); the feed carries it across, a few dozen bytes a commit.
//
// Format: a region of the lock file (FileLock.swift) from `offset`, past the reader table:
//   0     the head, 40 bytes: u32 magic "CFHD", u32 0, u64 offset of the newest record in the ring (`none` when
//         the version it names was passed over: its record was too large), u64 the newest version fed or passed
//         over, u64 where the next record goes, u64 checksum of the 32 bytes before it (`Checksum.hash`)
//   64    the ring, `capacity` bytes of records, each at an offset that is a multiple of 8:
//         u32 magic "CFRC", u32 length (the record's bytes, checksum included), u64 version, u64 offset of the
//         record of the version before it (`none`: there is none), u64 the stored checksum of the base version's top
//         node, u64 that of this version's top node, the change set (ChangeSet+Encoding.swift), then u64 checksum of
//         every byte before it
// The lock file is never synced: the feed is a courtesy to processes alive now. Everything read from it is checked.
//
// Protocol:
//   committer (holding the cross-process writer lock, after its group is durable and published, before the commit
//   signal is bumped: GroupCommit.swift G5), only while another process or handle has the file open: read the head
//   ── write the group's records, in version order, each after the last (a record that does not fit before the end of
//   the ring goes to its start) ── write the head naming the last one
//   observer, finding a slot newer than its version while something observes (Database.swift, `refreshOnce`): if the
//   head names an older version and another open file description holds the writer lock, the commit is between its
//   slot (G2) and its feed (G5): leave the slot for now (the bump after the feed wakes the watcher to load it), for
//   at most `Database.feedWait`, so that a writer that holds the lock without feeding (an earlier build) delays no one
//   for long
//   observer (loading a version `new` another process committed, on top of its `old`): read the head ── walk back
//   from the newest record by the offsets of the records before, to `new`, then to `old + 1`, each record whole with
//   the version expected ── check that the records chain the two versions: the first one's base is `old`'s top node,
//   each one's base the one before's top node, the last one's top node `new`'s ── decode them. Anything missing,
//   overwritten, torn or out of chain gives nil, and the observer diffs the trees as before.
//
// Invariants:
//   (1) Records are written only under the writer lock, so the head and the ring have one writer at a time; a reader
//       holds no lock, and every byte it reads is checked (magic, length, version, checksum), so a record overwritten
//       while it was read is refused, never misread.
//   (2) A record is taken only as part of a chain of consecutive versions from the reader's own version to the one it
//       loaded, linked by the stored checksums of their top nodes (which hold the version's number and every table's
//       root and count). Every version committed while the reader has the file open is fed or passed over in the
//       head (unless writing the feed failed), so a chain breaks at any version the feed lacks; a record of another history (an earlier file at the
//       path, a restored copy) could pass only with its version numbers and top nodes equal to this history's, byte
//       for byte, at every link.
//   (3) A failure to read or write the feed never fails a commit or a refresh: the observers diff instead.

/// The change feed in a database's lock file (see the file comment).
enum ChangeFeed {
    /// Where the feed starts in the lock file: past the reader table.
    static let offset = FileLock.readerTableOffset + FileLock.readerSlotCount * FileLock.readerSlotSize
    /// Bytes of the ring.
    static let capacity = 1 << 20
    /// The ring starts this far into the region (the head's place).
    static let ringStart = 64
    /// A commit whose record would take more than this is not fed (its observers diff).
    static let recordLimit = capacity / 4
    /// How far back from the newest record an observer walks.
    static let walkLimit: Version = 256

    private static let headMagic: UInt32 = 0x4448_4643  // "CFHD"
    private static let recordMagic: UInt32 = 0x4352_4643  // "CFRC"
    private static let headSize = 40
    private static let recordHeaderSize = 40
    private static let none = UInt64.max

    /// One commit to feed: its version, the checksums of its base version's top node and its own, and its changes.
    struct Entry {
        var version: Version
        var baseTop: UInt64
        var top: UInt64
        var changes: ChangeSet
    }

    /// The head: the newest record, and where the next goes.
    private struct Head {
        var newest: UInt64
        var version: Version
        var end: UInt64
    }

    /// Appends `entries` (consecutive versions, oldest first) to the feed of `lock`. The caller holds the writer lock.
    /// The head names the last entry's version even when its record was too large to feed (its offset then `none`):
    /// an observer tells a version the feed passed over from one it has not reached yet.
    static func append(_ entries: [Entry], to lock: FileLock) throws {
        guard let last = entries.last else { return }
        let found = try readHead(lock)
        var end = found?.end ?? 0
        var newest = found.map { (offset: $0.newest, version: $0.version) }
        for entry in entries {
            let previous = newest.map { $0.version + 1 == entry.version ? $0.offset : none } ?? none
            // A change set estimated far past the limit is not encoded only to be dropped.
            let record =
                entry.changes.estimatedBytes > 4 * recordLimit ? nil : encode(entry, previous: previous)
            guard let record, record.count <= recordLimit else {
                // The chain breaks here: observers of this version diff, and so do those of the next ones.
                newest = (none, entry.version)
                continue
            }
            let at = end + UInt64(record.count) > UInt64(capacity) ? 0 : end
            try lock.writeRegion(record, at: offset + ringStart + Int(at))
            newest = (at, entry.version)
            end = at + UInt64(alignedTo8(record.count))
        }
        let head = Head(newest: newest?.offset ?? none, version: last.version, end: end)
        var writer = ByteWriter(capacity: headSize)
        writer.append(headMagic)
        writer.append(UInt32(0))
        writer.append(head.newest)
        writer.append(head.version)
        writer.append(head.end)
        try lock.writeRegion(sealed(writer), at: offset)
    }

    /// The newest version the feed's head names (fed or passed over), or nil when it has none that checks.
    static func headVersion(of lock: FileLock) -> Version? {
        (try? readHead(lock))?.version
    }

    /// The change sets of versions `old + 1 ... new` from the feed of `lock`, where `oldTop` and `newTop` are the
    /// stored checksums of the two versions' top nodes; nil if the feed does not hold all of them, chained (invariant 2).
    static func changes(of lock: FileLock, after old: Version, oldTop: UInt64, through new: Version, newTop: UInt64)
        -> [ChangeSet]?
    {
        guard new > old, let head = try? readHead(lock), head.version >= new, head.version - old <= walkLimit else {
            return nil
        }
        var records: [(header: RecordHeader, payload: [UInt8])] = []
        var position = head.newest
        var expected = head.version
        while true {
            guard position != none, let record = try? readRecord(lock, at: position), record.header.version == expected
            else { return nil }
            if expected <= new { records.append(record) }
            if expected == old + 1 { break }
            position = record.header.previous
            expected -= 1
        }
        records.reverse()
        var top = oldTop
        for record in records {
            guard record.header.baseTop == top else { return nil }
            top = record.header.top
        }
        guard top == newTop else { return nil }
        return try? records.map { record in
            try record.payload.withUnsafeBytes { try ChangeSet.decode($0, version: record.header.version) }
        }
    }

    private struct RecordHeader {
        var length: Int
        var version: Version
        var previous: UInt64
        var baseTop: UInt64
        var top: UInt64
    }

    private static func encode(_ entry: Entry, previous: UInt64) -> [UInt8] {
        let payload = entry.changes.encoded()
        var writer = ByteWriter(capacity: recordHeaderSize + payload.count + 8)
        writer.append(recordMagic)
        writer.append(UInt32(recordHeaderSize + payload.count + 8))
        writer.append(entry.version)
        writer.append(previous)
        writer.append(entry.baseTop)
        writer.append(entry.top)
        writer.append(bytes: payload)
        return sealed(writer)
    }

    /// The head, or nil when there is none yet or it does not check.
    private static func readHead(_ lock: FileLock) throws -> Head? {
        let bytes = try lock.readRegion(count: headSize, at: offset)
        guard bytes.count == headSize else { return nil }
        return bytes.withUnsafeBytes { raw -> Head? in
            guard UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)) == headMagic, sealHolds(raw) else {
                return nil
            }
            let head = Head(newest: word(raw, 8), version: word(raw, 16), end: word(raw, 24))
            guard head.newest < UInt64(capacity) || head.newest == none, head.end <= UInt64(capacity) else {
                return nil
            }
            return head
        }
    }

    /// The record at `position` of the ring, whole and checked, or nil.
    private static func readRecord(_ lock: FileLock, at position: UInt64) throws -> (
        header: RecordHeader, payload: [UInt8]
    )? {
        guard position % 8 == 0, position < UInt64(capacity),
            position + UInt64(recordHeaderSize) + 8 <= UInt64(capacity)
        else { return nil }
        let start = offset + ringStart + Int(position)
        let fixed = try lock.readRegion(count: recordHeaderSize, at: start)
        guard fixed.count == recordHeaderSize else { return nil }
        let header = fixed.withUnsafeBytes { raw -> RecordHeader? in
            guard UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)) == recordMagic else { return nil }
            let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
            return RecordHeader(
                length: length,
                version: word(raw, 8),
                previous: word(raw, 16),
                baseTop: word(raw, 24),
                top: word(raw, 32)
            )
        }
        guard let header, header.length >= recordHeaderSize + 8, position + UInt64(header.length) <= UInt64(capacity)
        else { return nil }
        let bytes = try lock.readRegion(count: header.length, at: start)
        guard bytes.count == header.length else { return nil }
        guard bytes.withUnsafeBytes(sealHolds), bytes.prefix(recordHeaderSize).elementsEqual(fixed) else { return nil }
        return (header, Array(bytes[recordHeaderSize..<header.length - 8]))
    }

    /// The bytes of `writer` followed by their checksum, as the head and every record end.
    private static func sealed(_ writer: ByteWriter) -> [UInt8] {
        var writer = writer
        var bytes = writer.take()
        let checksum = bytes.withUnsafeBytes { Checksum.hash($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Whether the last 8 bytes of `raw` (at least 8) are the checksum of the bytes before them (`sealed`).
    private static func sealHolds(_ raw: UnsafeRawBufferPointer) -> Bool {
        let body = raw.count - 8
        return Checksum.hash(UnsafeRawBufferPointer(rebasing: raw[..<body])) == word(raw, body)
    }

    /// The little-endian u64 at `offset` of `raw`.
    private static func word(_ raw: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

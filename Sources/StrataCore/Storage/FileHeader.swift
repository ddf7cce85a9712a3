// FileHeader.swift: the first 8 KiB of a Strata file: magic number and two version slots.
//
// Format: two 4 KiB pages, one slot each, so that a torn write of one page cannot damage the other.
//   page p (p = 0, 1), at offset p * 4096, little-endian:
//     0  8 bytes  magic "STRATADB"
//     8  u32      format version (2: integers are their own index hash; 1 mixed them)
//    12  u32      slot index p
//    16  u64      top ref: the version's top node
//    24  u64      version number
//    32  u64      file end: bytes in use by this version (nodes and free extents lie below it)
//    40  u64      checksum of bytes 0..<40 of this page
//
// Commit order (CommitProtocol in WriteTransaction+Commit.swift):
//   1. write the new nodes to space no pinned version can see; 2. fdatasync;
//   3. write the slot that does NOT hold the current version; 4. fdatasync.
//
// Invariants:
//   (1) Open picks the valid slot (checksum holds) with the highest version.
//   (2) A crash at any instant leaves at least one valid slot naming a fully synced version.

/// The header's two slots, parsed and checked.
package struct FileHeader: Equatable, Sendable {
    /// Bytes reserved for the header; the first node starts here.
    package static let size = 8192
    /// The size of one slot page.
    package static let pageSize = 4096
    /// The format written by this build.
    package static let formatVersion: UInt32 = 2
    /// "STRATADB".
    package static let magic: [UInt8] = Array("STRATADB".utf8)

    /// One version slot.
    package struct Slot: Equatable, Sendable {
        package var topRef: Ref
        package var version: Version
        package var fileEnd: UInt64

        package init(topRef: Ref, version: Version, fileEnd: UInt64) {
            self.topRef = topRef
            self.version = version
            self.fileEnd = fileEnd
        }
    }

    /// The valid slots by index (nil where the checksum does not hold).
    package var slots: [Slot?]

    /// The slot holding the newest valid version, and its index.
    package var current: (index: Int, slot: Slot)? {
        var best: (Int, Slot)?
        for (index, slot) in slots.enumerated() {
            if let slot, best == nil || slot.version > best!.1.version { best = (index, slot) }
        }
        return best
    }

    /// Encodes one slot page.
    package static func encode(_ slot: Slot, index: Int) -> [UInt8] {
        var writer = ByteWriter(capacity: pageSize)
        writer.append(bytes: magic)
        writer.append(formatVersion)
        writer.append(UInt32(index))
        writer.append(slot.topRef.offset)
        writer.append(slot.version)
        writer.append(slot.fileEnd)
        let checksum = writer.bytes.withUnsafeBytes { Checksum.hash($0, seed: 0x5354_5241) }
        writer.append(checksum)
        writer.appendZeros(pageSize - writer.count)
        return writer.take()
    }

    /// Parses the first 8 KiB of a file.
    package static func decode(_ bytes: [UInt8], path: String) throws -> FileHeader {
        var sawMagic = false
        var slots: [Slot?] = []
        for index in 0..<2 {
            let start = index * pageSize
            guard bytes.count >= start + 48 else {
                slots.append(nil)
                continue
            }
            let page = Array(bytes[start..<start + 48])
            guard Array(page[0..<8]) == magic else {
                slots.append(nil)
                continue
            }
            sawMagic = true
            let parsed: Slot? = try page.withUnsafeBytes { raw in
                var reader = ByteReader(raw, position: 8, context: "header slot")
                let format = try reader.read(UInt32.self)
                let storedIndex = try reader.read(UInt32.self)
                let topRef = try reader.read(UInt64.self)
                let version = try reader.read(UInt64.self)
                let fileEnd = try reader.read(UInt64.self)
                let checksum = try reader.read(UInt64.self)
                let expected = Checksum.hash(UnsafeRawBufferPointer(rebasing: raw[0..<40]), seed: 0x5354_5241)
                guard checksum == expected, storedIndex == index else { return nil }
                guard format == formatVersion else { throw StorageError.unsupportedFormat(path: path, version: format) }
                guard topRef % 8 == 0, topRef >= UInt64(size), fileEnd > topRef else { return nil }
                return Slot(topRef: Ref(topRef), version: version, fileEnd: fileEnd)
            }
            slots.append(parsed)
        }
        guard sawMagic else { throw StorageError.notAStrataFile(path: path) }
        let header = FileHeader(slots: slots)
        guard header.current != nil else {
            throw StorageError.corrupt("neither header slot of \(path) holds a valid version")
        }
        return header
    }
}

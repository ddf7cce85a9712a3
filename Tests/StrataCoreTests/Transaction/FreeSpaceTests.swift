import StrataCore
import StrataTestSupport
import Testing

@Suite("Free space: the compact free list and its reserved size")
struct FreeSpaceTests {
    /// Random sorted, aligned, non-overlapping extents freed at or before `version`.
    static func randomSpace(version: Version, random: inout SeededGenerator) -> FreeSpace {
        var extents: [FreeSpace.Extent] = []
        var position = UInt64(FileHeader.size)
        for _ in 0..<Int.random(in: 0...300, using: &random) {
            // Gaps and lengths of every varint size: mostly small, sometimes huge.
            let scale = [UInt64(1) << 6, 1 << 14, 1 << 30, 1 << 40].randomElement(using: &random)!
            position += UInt64.random(in: 0...scale, using: &random) * 8
            let length = UInt64.random(in: 1...scale, using: &random) * 8
            let freedAt =
                version
                - UInt64.random(in: 0...min(version, [3, 1 << 20].randomElement(using: &random)!), using: &random)
            extents.append(FreeSpace.Extent(offset: position, length: length, freedAt: freedAt))
            position += length + 8  // leave a byte range between neighbours, as coalescing would
        }
        return FreeSpace(extents: extents, fileEnd: position + UInt64.random(in: 0...4096, using: &random) * 8)
    }

    static func decode(_ bytes: [UInt8], fileEnd: UInt64) throws -> FreeSpace {
        try bytes.withUnsafeBytes { raw in
            let kind = NodeKind(rawValue: raw.load(as: UInt32.self))!
            return try FreeSpace.decode(
                NodeView(ref: Ref(UInt64(FileHeader.size)), kind: kind, bytes: raw),
                fileEnd: fileEnd
            )
        }
    }

    @Test("Encoding round-trips, and two allocations after sizing still fit the reserved node")
    func roundTrip() throws {
        var (_, random) = seededGenerator("FreeSpaceTests.roundTrip")
        for _ in 0..<500 {
            let version = Version.random(in: 1...(1 << 40), using: &random)
            var space = Self.randomSpace(version: version, random: &random)
            let reserved = space.nodeSize(version: version)
            // What a commit does after sizing the node: allocate the node itself, then the top node.
            for size in [reserved, Int.random(in: 8...4096, using: &random)] {
                if Bool.random(using: &random), let start = space.extents.randomElement(using: &random)?.offset {
                    _ = space.allocate(size, at: start, oldestPinned: version)
                } else {
                    _ = space.allocate(size, oldestPinned: version)
                }
            }
            #expect(space.encodedSize(version: version) <= reserved)
            let scheme: NodeChecksum = Bool.random(using: &random) ? .lanes : .serial
            let bytes = space.encode(version: version, size: reserved, scheme: scheme)
            #expect(bytes.count == reserved)
            #expect(try Self.decode(bytes, fileEnd: space.fileEnd) == space)
        }
    }

    @Test("A fixed-width free list of a format 2 file is still read")
    func fixedWidth() throws {
        var (_, random) = seededGenerator("FreeSpaceTests.fixedWidth")
        let space = Self.randomSpace(version: 1_000, random: &random)
        var writer = ByteWriter(capacity: 64)
        writer.appendZeros(NodeHeader.size)
        writer.append(UInt64(space.extents.count))
        for extent in space.extents {
            writer.append(extent.offset)
            writer.append(extent.length)
            writer.append(extent.freedAt)
        }
        var bytes = writer.take()
        NodeHeader.seal(&bytes, kind: .freeList, scheme: .serial)
        #expect(try Self.decode(bytes, fileEnd: space.fileEnd) == space)
    }

    @Test("Damaged compact entries are refused, never misread past the file")
    func damaged() throws {
        var (_, random) = seededGenerator("FreeSpaceTests.damaged")
        for _ in 0..<300 {
            let space = Self.randomSpace(version: 50, random: &random)
            guard !space.extents.isEmpty else { continue }
            var bytes = space.encode(version: 50, size: space.nodeSize(version: 50), scheme: .lanes)
            let body = NodeHeader.size + 16
            bytes[Int.random(in: body..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            if let decoded = try? Self.decode(bytes, fileEnd: space.fileEnd) {
                for extent in decoded.extents { #expect(extent.offset + extent.length <= space.fileEnd) }
            }
        }
    }
}

// ColumnBlock.swift: the on-disk format of one column of a cluster, and zero-copy views of it.
//
// Every block starts 8-aligned with an 8-byte header { u8 kind, u8 flags, u16 extra, u32 count }.
//   flags bit 0: has a null bitmap; bit 1 (variable only): has an external bitmap.
//   integer : extra = byte width (0, 1, 2, 4, 8); then i64 base; then count * width bytes (value = base +
//             unsigned packed); padded to 8.
//   float   : count * 4 bytes, padded.     double: count * 8 bytes.
//   fixed   : extra = width; count * width bytes, padded.
//   variable: u32 offsets[count + 1] (relative to the data), padded; data bytes, padded. An external
//             entry's data is 16 bytes { u64 ref, u64 length } of a BLOB node.
//   then, if flagged, the null bitmap (bit i set = row i is null), padded; then the external bitmap.
//
// Invariants:
//   (1) A view is built only after checking that everything it will read lies inside the block's node.
//   (2) Integer widths are one of 0, 1, 2, 4, 8; each variable entry is checked to lie inside the data
//       when it is read.

/// A checked, zero-copy view of one column block inside a leaf node.
package struct ColumnBlock {
    let kind: PhysicalKind
    package let count: Int
    /// Byte width of packed integers or of fixed values.
    let width: Int
    let base: Int64
    let data: UnsafeRawPointer
    let offsets: UnsafeRawPointer?
    let nulls: UnsafeRawPointer?
    let externals: UnsafeRawPointer?
    /// Bytes of variable data.
    private let dataCount: Int
    /// Bytes of variable data (all entries of a variable block).
    var variableDataCount: Int { dataCount }
    private let ref: Ref

    /// Parses the block starting at byte `start` of `node`, expecting `count` rows.
    init(node: NodeView, start: Int, count expected: Int) throws {
        var reader = ByteReader(node.bytes, position: start, context: "column block in leaf", ref: node.ref)
        guard let kind = PhysicalKind(rawValue: try reader.read(UInt8.self)) else {
            throw StorageError.corrupt("leaf \(node.ref) has a column block of unknown kind")
        }
        let flags = try reader.read(UInt8.self)
        let extra = Int(try reader.read(UInt16.self))
        let count = Int(try reader.read(UInt32.self))
        guard count == expected else {
            throw StorageError.corrupt("leaf \(node.ref) has a column of \(count) rows, expected \(expected)")
        }
        self.kind = kind
        self.count = count
        var base: Int64 = 0
        var width = 0
        var offsets: UnsafeRawPointer?
        var dataCount = 0
        let data: UnsafeRawPointer
        switch kind {
        case .integer:
            guard extra == 0 || extra == 1 || extra == 2 || extra == 4 || extra == 8 else {
                throw StorageError.corrupt("leaf \(node.ref) has an integer column of width \(extra)")
            }
            width = extra
            base = try reader.read(Int64.self)
            data = try reader.readBytes(count * width).baseAddress ?? node.bytes.baseAddress!
        case .float:
            width = 4
            data = try reader.readBytes(count * 4).baseAddress ?? node.bytes.baseAddress!
        case .double:
            width = 8
            data = try reader.readBytes(count * 8).baseAddress ?? node.bytes.baseAddress!
        case .fixed:
            guard extra > 0 else { throw StorageError.corrupt("leaf \(node.ref) has a fixed column of width 0") }
            width = extra
            data = try reader.readBytes(count * width).baseAddress ?? node.bytes.baseAddress!
        case .variable:
            let table = try reader.readBytes((count + 1) * 4)
            reader.alignTo8()
            let dataLength = UInt32(littleEndian: table.loadUnaligned(fromByteOffset: count * 4, as: UInt32.self))
            offsets = table.baseAddress
            data = try reader.readBytes(Int(dataLength)).baseAddress ?? node.bytes.baseAddress!
            dataCount = Int(dataLength)
        }
        reader.alignTo8()
        let bitmapBytes = alignedTo8((count + 7) / 8)
        var nulls: UnsafeRawPointer?
        var externals: UnsafeRawPointer?
        if flags & 1 != 0 { nulls = try reader.readBytes(bitmapBytes).baseAddress ?? node.bytes.baseAddress! }
        if flags & 2 != 0 { externals = try reader.readBytes(bitmapBytes).baseAddress ?? node.bytes.baseAddress! }
        self.width = width
        self.base = base
        self.data = data
        self.offsets = offsets
        self.nulls = nulls
        self.externals = externals
        self.dataCount = dataCount
        self.ref = node.ref
    }

    /// The whole block as it is stored, header to last bitmap (see the format above): a copy of these bytes,
    /// placed 8-aligned in a leaf of the same row count, is the same block. Worked out from the parts the
    /// view keeps rather than kept itself, since leaves keep many views.
    var encoded: UnsafeRawBufferPointer {
        let start: UnsafeRawPointer
        switch kind {
        case .integer: start = data - 16
        case .variable: start = offsets! - 8
        case .float, .double, .fixed: start = data - 8
        }
        let bitmapBytes = alignedTo8((count + 7) / 8)
        let end: UnsafeRawPointer
        if let externals {
            end = externals + bitmapBytes
        } else if let nulls {
            end = nulls + bitmapBytes
        } else if kind == .variable {
            end = data + alignedTo8(dataCount)
        } else {
            end = data + alignedTo8(count * width)
        }
        return UnsafeRawBufferPointer(start: start, count: end - start)
    }

    @inline(__always)
    static func bit(_ bitmap: UnsafeRawPointer, _ index: Int) -> Bool {
        bitmap.load(fromByteOffset: index >> 3, as: UInt8.self) & (1 << UInt8(index & 7)) != 0
    }

    /// Whether each row is null, in row order (what a decoded nullable column keeps).
    var nullFlags: [Bool] { (0..<count).map { isNull($0) } }

    /// Whether row `index` is null.
    @inline(__always)
    func isNull(_ index: Int) -> Bool {
        guard let nulls else { return false }
        return Self.bit(nulls, index)
    }

    /// The integer at `index` (0 for null rows).
    @inline(__always)
    package func integer(_ index: Int) -> Int64 { PackedIntegers(data: data, width: width, base: base)[index] }

    /// The packed integers of an integer block, on their own (what a leaf keeps of its key block).
    var packedIntegers: PackedIntegers {
        precondition(kind == .integer)
        return PackedIntegers(data: data, width: width, base: base)
    }

    /// Feeds every non-null row's integer to `reducer`, in order, choosing the packed width once so the loop
    /// over the rows is tight enough to vectorize.
    @inline(__always)
    func reduceIntegers<R: ColumnReducer>(into reducer: inout R) where R.Element == Int64 {
        if nulls != nil {
            for index in 0..<count where !isNull(index) { reducer.add(integer(index)) }
            return
        }
        switch width {
        case 0:
            for _ in 0..<count { reducer.add(base) }
        case 1:
            for index in 0..<count { reducer.add(base &+ Int64(data.load(fromByteOffset: index, as: UInt8.self))) }
        case 2:
            for index in 0..<count {
                reducer.add(
                    base &+ Int64(UInt16(littleEndian: data.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
                )
            }
        case 4:
            for index in 0..<count {
                reducer.add(
                    base &+ Int64(UInt32(littleEndian: data.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
                )
            }
        default:
            for index in 0..<count {
                reducer.add(
                    base
                        &+ Int64(
                            bitPattern: UInt64(
                                littleEndian: data.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                            )
                        )
                )
            }
        }
    }

    /// Feeds every non-null row's floating value (a float widened to a double) to `reducer`, in order.
    @inline(__always)
    func reduceDoubles<R: ColumnReducer>(into reducer: inout R) where R.Element == Double {
        switch (kind, nulls == nil) {
        case (.double, true): for index in 0..<count { reducer.add(double(index)) }
        case (.double, false): for index in 0..<count where !isNull(index) { reducer.add(double(index)) }
        case (.float, true): for index in 0..<count { reducer.add(Double(float(index))) }
        case (.float, false): for index in 0..<count where !isNull(index) { reducer.add(Double(float(index))) }
        default: preconditionFailure("reduceDoubles over a \(kind) block")
        }
    }

    /// The float at `index`.
    @inline(__always)
    func float(_ index: Int) -> Float {
        Float(bitPattern: UInt32(littleEndian: data.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
    }

    /// The double at `index`.
    @inline(__always)
    func double(_ index: Int) -> Double {
        Double(bitPattern: UInt64(littleEndian: data.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
    }

    /// Every row's double (a null row's as stored), for a double block.
    func doubles() -> [Double] {
        precondition(kind == .double)
        return Self.copied(data, count) { Double(bitPattern: UInt64(littleEndian: $0)) }
    }

    /// Every row's float (a null row's as stored), for a float block.
    func floats() -> [Float] {
        precondition(kind == .float)
        return Self.copied(data, count) { Float(bitPattern: UInt32(littleEndian: $0)) }
    }

    /// `count` values stored at `data` as little-endian `Bits`: on a little-endian machine one copy of the bytes
    /// (`make` is then the identity on the bit pattern), on another each value read through `make`.
    @inline(__always)
    private static func copied<Bits: FixedWidthInteger, Element>(
        _ data: UnsafeRawPointer,
        _ count: Int,
        _ make: (Bits) -> Element
    ) -> [Element] {
        precondition(MemoryLayout<Bits>.size == MemoryLayout<Element>.stride)
        return Array(unsafeUninitializedCapacity: count) { values, initialized in
            guard let start = values.baseAddress else { return }
            let target = UnsafeMutableRawPointer(start)
            #if _endian(little)
                target.copyMemory(from: data, byteCount: count * MemoryLayout<Bits>.size)
            #else
                for index in 0..<count {
                    let bits = data.loadUnaligned(fromByteOffset: index * MemoryLayout<Bits>.size, as: Bits.self)
                    (target + index * MemoryLayout<Bits>.size).storeBytes(of: make(bits), as: Element.self)
                }
            #endif
            initialized = count
        }
    }

    /// The fixed-width bytes at `index`.
    func fixedBytes(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: data + index * width, count: width)
    }

    /// Whether the variable entry at `index` lives in a blob node.
    @inline(__always)
    func isExternal(_ index: Int) -> Bool {
        guard let externals else { return false }
        return Self.bit(externals, index)
    }

    /// The inline bytes of the variable entry at `index` (for an external entry: its 16-byte blob ref).
    func variableBytes(_ index: Int) throws -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < count)
        let offsets = offsets!
        let start = Int(UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
        let end = Int(UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: index * 4 + 4, as: UInt32.self)))
        guard start <= end, end <= dataCount else {
            throw StorageError.corrupt("leaf \(ref) has variable offsets out of order")
        }
        return UnsafeRawBufferPointer(start: data + start, count: end - start)
    }

    /// The blob refs of every external entry, in row order (none for a block that is not variable).
    func blobRefs() throws -> [BlobRef] {
        guard kind == .variable, externals != nil else { return [] }
        return try (0..<count).filter(isExternal).map(blobRef)
    }

    /// The blob ref of an external entry.
    func blobRef(_ index: Int) throws -> BlobRef {
        let raw = try variableBytes(index)
        guard raw.count == 16 else { throw StorageError.corrupt("leaf \(self.ref) has a malformed external value") }
        let ref = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        let length = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        guard ref % 8 == 0, ref != 0 else { throw StorageError.corrupt("external value with bad ref \(ref)") }
        return BlobRef(ref: Ref(ref), length: length)
    }

    /// The cell at `index`, reading blob nodes through `reader`.
    func cell(_ index: Int, reader: NodeReader) throws -> Cell {
        precondition(index >= 0 && index < count)
        if isNull(index) { return .null }
        switch kind {
        case .integer: return .int(integer(index))
        case .float: return .float(float(index))
        case .double: return .double(double(index))
        case .fixed: return .bytes(Array(fixedBytes(index)))
        case .variable:
            if isExternal(index) { return .bytes(try Blob.read(try blobRef(index), reader: reader)) }
            return .bytes(Array(try variableBytes(index)))
        }
    }
}

/// Long values in nodes of their own.
enum Blob {
    /// Values longer than this many bytes are stored in a blob node.
    static let inlineLimit = 1024

    /// Reads a blob's bytes.
    static func read(_ blob: BlobRef, reader: NodeReader) throws -> [UInt8] {
        let node = try reader.node(blob.ref, .blob)
        guard UInt64(node.body.count) == blob.length else {
            throw StorageError.corrupt("blob \(blob.ref) holds \(node.body.count) bytes, expected \(blob.length)")
        }
        return Array(node.body)
    }

    /// Writes `bytes` as a blob node.
    static func write(_ bytes: [UInt8], to sink: any NodeSink) throws -> BlobRef {
        var node = [UInt8](repeating: 0, count: NodeHeader.size)
        node.append(contentsOf: bytes)
        NodeHeader.seal(&node, kind: .blob, scheme: sink.checksum)
        return BlobRef(ref: try sink.write(node), length: UInt64(bytes.count))
    }
}

// ColumnStorage.swift: the mutable, in-memory form of one column of a cluster being written.
//
// A write transaction decodes a leaf it changes into `ColumnStorage`s (copy-on-write: the node in the
// file is never edited), edits them, and encodes them into a new node at commit.
//
// Invariants:
//   (1) `count` equals the leaf's number of keys.
//   (2) A non-nullable column never holds `.null`; a nullable one keeps `nulls` the same length as values.
//   (3) A variable entry replaced or removed hands back its blob (if external) so the caller frees it.

/// One column of a leaf being written.
protocol ColumnStorage: AnyObject {
    /// Rows in the column.
    var count: Int { get }
    /// The physical cell at `index`.
    func cell(at index: Int, reader: NodeReader) throws -> Cell
    /// Replaces the cell at `index`; returns a blob that is no longer referenced.
    func set(_ cell: Cell, at index: Int) -> BlobRef?
    /// Replaces the cells at `rows` (ascending; a row may repeat) with `cell`, one call for a leaf's rows of a
    /// set-based write; returns the blobs no longer referenced.
    func set(_ cell: Cell, atRows rows: [Int]) -> [BlobRef]
    /// Replaces the integers at `rows` (ascending; a row may repeat, and is transformed again) with what `transform`
    /// makes of them, for an integer column without nulls; false, changing nothing, for any other column (the caller
    /// then goes cell by cell). A throw leaves the rows before the failing one transformed.
    func updateIntegers(atRows rows: [Int], _ transform: (Int64) throws -> Int64) throws -> Bool
    /// As ``updateIntegers(atRows:_:)``, for a double column without nulls.
    func updateDoubles(atRows rows: [Int], _ transform: (Double) throws -> Double) throws -> Bool
    /// Inserts a cell at `index`.
    func insert(_ cell: Cell, at index: Int)
    /// Appends `value` as a new last row without a `Cell` in between, when `index` is the column's count and the
    /// value is one this kind stores as it is (an integer, a double, a string's UTF-8, fixed-width bytes); false,
    /// changing nothing, otherwise (the caller then inserts its cell). The caller has validated the value for a
    /// single, non-mixed column (a mixed column encodes every value; see `ValueCodec.cell(for:type:collection:)`).
    func appendPlain(_ value: Value, at index: Int) -> Bool
    /// Inserts at `index` the 8 little-endian bytes of `key`: an index entry that files one object (SearchIndex.swift),
    /// for a variable column.
    func insertPackedKey(_ key: Int64, at index: Int)
    /// Removes the cell at `index`; returns a blob that is no longer referenced.
    func remove(at index: Int) -> BlobRef?
    /// Moves the rows from `index` on into a new column.
    func split(from index: Int) -> any ColumnStorage
    /// Appends all rows of `other` (a column of the same kind), emptying it.
    func absorb(_ other: any ColumnStorage)
    /// Blobs referenced by the column.
    var blobs: [BlobRef] { get }
    /// The integer at `index` of an integer column, nil for a null or another kind (RowReader.swift).
    func plainInteger(at index: Int) -> Int64?
    /// The double at `index` of a double column, nil for a null or another kind.
    func plainDouble(at index: Int) -> Double?
    /// The inline UTF-8 text at `index` of a variable column, nil for a null, a blob or another kind.
    func plainString(at index: Int) -> String?
    /// Appends the encoded block (see ColumnBlock.swift) to `writer`, writing long values to `sink`.
    func encode(into writer: inout ByteWriter, sink: any NodeSink) throws
    /// For a committed column that a change decoded, the storage every call now goes to (CommittedColumn.swift);
    /// nil for any other column.
    var decodedColumn: (any ColumnStorage)? { get }
}

extension ColumnStorage {
    /// Cell by cell.
    func set(_ cell: Cell, atRows rows: [Int]) -> [BlobRef] { rows.compactMap { set(cell, at: $0) } }

    func updateIntegers(atRows rows: [Int], _ transform: (Int64) throws -> Int64) throws -> Bool { false }
    func updateDoubles(atRows rows: [Int], _ transform: (Double) throws -> Double) throws -> Bool { false }

    var blobs: [BlobRef] { [] }
    func appendPlain(_ value: Value, at index: Int) -> Bool { false }
    func insertPackedKey(_ key: Int64, at index: Int) {
        insert(.bytes(withUnsafeBytes(of: key.littleEndian) { Array($0) }), at: index)
    }
    var decodedColumn: (any ColumnStorage)? { nil }
    func plainInteger(at index: Int) -> Int64? { nil }
    func plainDouble(at index: Int) -> Double? { nil }
    func plainString(at index: Int) -> String? { nil }
}

/// Creates an empty column storage of `layout`.
func makeColumnStorage(_ layout: PhysicalLayout) -> any ColumnStorage {
    switch layout.kind {
    case .integer: return IntegerColumn(nullable: layout.nullable)
    case .float: return FloatColumn(nullable: layout.nullable)
    case .double: return DoubleColumn(nullable: layout.nullable)
    case .fixed: return FixedColumn(width: layout.width, nullable: layout.nullable)
    case .variable: return VariableColumn(nullable: layout.nullable)
    }
}

/// Decodes a column block into a mutable storage of `layout`, converting nullability if the column
/// was declared differently when the block was written.
func decodeColumnStorage(_ block: ColumnBlock, layout: PhysicalLayout) throws -> any ColumnStorage {
    guard block.kind == layout.kind, block.kind != .fixed || block.width == layout.width else {
        throw StorageError.corrupt("a column block of kind \(block.kind) does not match its column (\(layout.kind))")
    }
    switch layout.kind {
    case .integer: return IntegerColumn.decode(block, nullable: layout.nullable)
    case .float: return FloatColumn.decode(block, nullable: layout.nullable)
    case .double: return DoubleColumn.decode(block, nullable: layout.nullable)
    case .fixed: return FixedColumn.decode(block, width: layout.width, nullable: layout.nullable)
    case .variable: return try VariableColumn.decode(block, nullable: layout.nullable)
    }
}

/// Appends the 8-byte block header.
@inline(__always)
func appendBlockHeader(_ writer: inout ByteWriter, kind: PhysicalKind, flags: UInt8, extra: Int, count: Int) {
    writer.append(kind.rawValue)
    writer.append(flags)
    writer.append(UInt16(extra))
    writer.append(UInt32(count))
}

/// Appends a bitmap of `flags`, padded to 8 bytes.
func appendBitmap(_ writer: inout ByteWriter, count: Int, isSet: (Int) -> Bool) {
    var bitmap = [UInt8](repeating: 0, count: alignedTo8((count + 7) / 8))
    for index in 0..<count where isSet(index) { bitmap[index >> 3] |= 1 << UInt8(index & 7) }
    writer.append(bytes: bitmap)
}

extension Array {
    /// Sets the elements at `rows` to `value`: one uniqueness check for all of them, and each row still checked
    /// against the bounds. (The array is empty while this runs, so no caller's code may run inside it: a transform
    /// that could read the column keeps the subscript loop.)
    @inline(__always)
    mutating func set(_ value: Element, atRows rows: [Int]) {
        withUnsafeMutableBufferPointer { buffer in
            for row in rows {
                precondition(UInt(bitPattern: row) < UInt(buffer.count), "row \(row) out of \(buffer.count)")
                buffer[row] = value
            }
        }
    }
}

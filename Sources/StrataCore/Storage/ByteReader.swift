// ByteReader.swift: bounds-checked little-endian decoding of untrusted bytes.
//
// Every read checks its range and throws `StorageError.corrupt` instead of reading past the end,
// because the bytes come from a file that may be damaged.

/// Reads little-endian values from a byte range, throwing on any read past its end.
struct ByteReader {
    private let buffer: UnsafeRawBufferPointer
    private(set) var position: Int
    private let context: StaticString
    private let ref: Ref

    /// A reader of `buffer`; errors name `context` and `ref` (the message is built only on error).
    init(_ buffer: UnsafeRawBufferPointer, position: Int = 0, context: StaticString, ref: Ref = .none) {
        self.buffer = buffer
        self.position = position
        self.context = context
        self.ref = ref
    }

    private var place: String { ref.isNone ? "\(context)" : "\(context) \(ref)" }

    var remaining: Int { buffer.count - position }

    /// Reads an integer.
    @inline(__always)
    mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws -> T {
        let size = MemoryLayout<T>.size
        guard position >= 0, size <= buffer.count - position else {
            throw StorageError.corrupt("\(place): a field runs past the end of its node")
        }
        let value = T(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: T.self))
        position += size
        return value
    }

    /// Reads `count` raw bytes.
    /// Reads a variable-length integer written by `ByteWriter.appendVarint`.
    mutating func readVarint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try read(UInt8.self)
            guard shift < 64, shift < 63 || byte <= 1 else { throw StorageError.corrupt("\(place): varint overflows") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func readBytes(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, count <= buffer.count - position else {
            throw StorageError.corrupt("\(place): \(count) bytes run past the end of their node")
        }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: buffer[position..<position + count])
    }

    /// Reads a length-prefixed UTF-8 string.
    mutating func readString() throws -> String {
        let length = Int(try read(UInt32.self))
        let raw = try readBytes(length)
        return String(decoding: raw, as: UTF8.self)
    }

    /// Skips to the next multiple of 8.
    mutating func alignTo8() {
        position = alignedTo8(position)
    }
}

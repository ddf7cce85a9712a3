// ByteWriter.swift: little-endian serialization into a growable byte buffer.

/// Appends little-endian values to a byte array.
package struct ByteWriter {
    package private(set) var bytes: [UInt8]

    package init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    package var count: Int { bytes.count }

    /// Appends an integer in little-endian order.
    @inline(__always)
    package mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    package mutating func append(bytes other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Appends raw bytes from a buffer.
    mutating func append(raw other: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: other)
    }

    /// Appends a length-prefixed UTF-8 string.
    mutating func append(string: String) {
        var copy = string
        copy.withUTF8 { utf8 in
            append(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends zero bytes until the count is a multiple of 8.
    mutating func alignTo8() {
        let padding = alignedTo8(bytes.count) - bytes.count
        if padding > 0 { bytes.append(contentsOf: repeatElement(0, count: padding)) }
    }

    /// Appends `count` zero bytes.
    /// Appends `value` as a variable-length integer: 7 bits per byte, low bits first, the high bit set on every
    /// byte but the last (1 byte below 128, at most 10).
    mutating func appendVarint(_ value: UInt64) {
        withUnsafeTemporaryAllocation(byteCount: 10, alignment: 1) { scratch in
            let end = Self.storeVarint(value, into: scratch, at: 0)
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<end]))
        }
    }

    /// Stores `value` as a variable-length integer (as `appendVarint` appends it) at `position` of `buffer`; returns
    /// the position after it. Traps rather than write past the buffer's end.
    @inline(__always)
    static func storeVarint(_ value: UInt64, into buffer: UnsafeMutableRawBufferPointer, at position: Int) -> Int {
        var rest = value
        var position = position
        while true {
            precondition(position < buffer.count, "a varint past the end of its buffer")
            if rest < 0x80 {
                buffer[position] = UInt8(rest)
                return position + 1
            }
            buffer[position] = UInt8(truncatingIfNeeded: rest) | 0x80
            rest >>= 7
            position += 1
        }
    }

    /// The bytes `appendVarint(value)` appends.
    static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }

    package mutating func appendZeros(_ count: Int) {
        bytes.append(contentsOf: repeatElement(0, count: count))
    }

    /// Appends `count` bytes that `fill` writes in place (they start zeroed): a whole column packed in one
    /// pass instead of one value at a time.
    mutating func append(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
    }

    /// Overwrites an integer written earlier at `offset`.
    mutating func patch<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { source in
            for index in 0..<source.count { bytes[offset + index] = source[index] }
        }
    }

    /// Gives the bytes up, leaving the writer empty.
    package mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}

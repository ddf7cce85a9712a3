// Checksum.swift: the 64-bit checksum of header slots and nodes, and the stable value hash of indexes.
//
// Stable across processes and runs (unlike Swift's Hasher, which is seeded per process), because
// checksums and index hashes are stored in the file. Eight bytes per step, then a final avalanche.

/// A stable 64-bit hash of bytes.
package enum Checksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

    /// Hashes `bytes`, starting from `seed`.
    package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var state = seed &+ prime3 &+ UInt64(bytes.count)
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            state = mix(state, word)
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        state = mix(state, tail ^ (shift << 56))
        return avalanche(state)
    }

    /// Hashes an array of bytes.
    static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }

    @inline(__always)
    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        var value = state ^ (word &* prime2)
        value = (value << 31) | (value >> 33)
        return value &* prime1 &+ prime3
    }

    @inline(__always)
    private static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash = hash &* prime2
        hash ^= hash >> 29
        hash = hash &* prime3
        hash ^= hash >> 32
        return hash
    }
}

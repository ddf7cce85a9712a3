// Checksum.swift: the 64-bit checksum of header slots and nodes, and the stable value hash of indexes.
//
// Stable across processes and runs (unlike Swift's Hasher, which is seeded per process), because
// checksums and index hashes are stored in the file. Two functions over the same mixing step:
//   hash      one lane, eight bytes per step, then a final avalanche. Index hashes, header slots, redo frames,
//             and the nodes and manifests of formats 2-5.
//   laneHash  four independent lanes over 32 bytes per step, folded into one, then the tail eight bytes at a time
//             as `hash` does and the same avalanche. Each step of `hash` waits on the one before (a multiply and a
//             rotate, about six cycles for eight bytes); the lanes' steps do not wait on each other, so the
//             processor runs them side by side: about 2.7 times the bytes per second here (15 KB in 1.5 µs against
//             4.1 µs). The nodes and manifests of formats 6 and 7 (NodeHeader.swift, FileHeader.swift).
//
// Invariants:
//   (1) Neither function's output ever changes for given bytes and seed: files store both.
//   (2) Which one a stored checksum used is always written beside it (a node's checksum field, a slot's format), so
//       a reader never guesses.

/// A stable 64-bit hash of bytes.
package enum Checksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

    /// Hashes `bytes`, starting from `seed`.
    package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        finish(seed &+ prime3 &+ UInt64(bytes.count), bytes, from: 0)
    }

    /// Hashes `bytes` in four lanes (see the file comment), starting from `seed`: the checksum of the nodes and
    /// manifests of formats 6 and 7.
    package static func laneHash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        let start = seed &+ prime3 &+ UInt64(count)
        var lane0 = start
        var lane1 = start ^ prime1
        var lane2 = start ^ prime2
        var lane3 = start &+ prime1
        var index = 0
        while index + 32 <= count {
            lane0 = mix(lane0, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            lane1 = mix(lane1, bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            lane2 = mix(lane2, bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
            lane3 = mix(lane3, bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
            index += 32
        }
        return finish(mix(mix(mix(lane0, lane1), lane2), lane3), bytes, from: index)
    }

    /// Both functions' end: mixes `bytes` from `start` into `state` eight bytes a step, then the last 0-7 bytes with
    /// their count in the top byte, and avalanches.
    @inline(__always)
    private static func finish(_ state: UInt64, _ bytes: UnsafeRawBufferPointer, from start: Int) -> UInt64 {
        var state = state
        var index = start
        let count = bytes.count
        while index + 8 <= count {
            state = mix(state, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        return avalanche(mix(state, tail ^ (shift << 56)))
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

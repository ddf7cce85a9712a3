import StrataTestSupport
import Testing

@testable import StrataCore

/// The waiting entries of an index (PendingIndexEntries.swift) against a dictionary, and the index hashes computed
/// without an encoding against those of the encoding.
@Suite("Pending index entries")
struct PendingIndexEntriesTests {
    @Test("Random inserts, lookups and removals agree with a dictionary, Int64.min and clustered hashes included")
    func randomOperationsAgreeWithDictionary() {
        var (seed, random) = seededGenerator("PendingIndexEntriesTests")
        // Hashes whose home is the last slot of a table of 16 or 32 (the multiplier's inverse undoes the spreading):
        // every cluster they make wraps past the end, and removals shift entries back across it.
        var inverse: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<6 { inverse = inverse &* (2 &- 0x9E37_79B9_7F4A_7C15 &* inverse) }
        let wrapping = (0..<12).map { Int64(bitPattern: (UInt64(15) << 60 | UInt64($0)) &* inverse) }
        for round in 0..<25 {
            var table = PendingIndexEntries()
            var model: [Int64: Int64] = [:]
            // Small pools meet the same hash often; consecutive integers and multiples of a power of two land in
            // neighbouring or equal home slots, so removals must shift clusters back.
            let pool: [Int64] =
                switch round % 5 {
                case 4: wrapping
                case 0: (0..<64).map { Int64($0) }
                case 1: (0..<300).map { Int64($0) << 40 } + [Int64.min, Int64.max, -1]
                case 2: (0..<2_000).map { _ in Int64.random(in: Int64.min...Int64.max, using: &random) }
                default: (0..<500).map { Int64($0) - 250 } + [Int64.min]
                }
            for step in 0..<6_000 {
                let hash = pool[Int.random(in: 0..<pool.count, using: &random)]
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let object = Int64(step)
                    let inserted = table.insertIfAbsent(hash, object)
                    #expect(inserted == (model[hash] == nil), "seed \(seed), round \(round), step \(step)")
                    if model[hash] == nil { model[hash] = object }
                case 5..<8:
                    #expect(table.remove(hash) == model.removeValue(forKey: hash), "seed \(seed), step \(step)")
                case 8:
                    #expect(table.object(hash) == model[hash], "seed \(seed), round \(round), step \(step)")
                default:
                    if Int.random(in: 0..<200, using: &random) == 0 {
                        table.removeAll()
                        model = [:]
                    }
                }
                #expect(table.count == model.count, "seed \(seed), round \(round), step \(step)")
            }
            for hash in pool { #expect(table.object(hash) == model[hash], "seed \(seed), round \(round)") }
            let sorted = table.sorted()
            #expect(sorted.map(\.key) == model.keys.sorted(), "seed \(seed), round \(round)")
            #expect(sorted.map(\.value) == model.keys.sorted().map { model[$0]! }, "seed \(seed), round \(round)")
            #expect(table.isEmpty == model.isEmpty)
        }
    }

    @Test("An ObjectId's and a UUID's index hash equal the hash of their encoding")
    func taggedHashesMatchEncoding() {
        var (seed, random) = seededGenerator("PendingIndexEntriesTests.hashes")
        for _ in 0..<200 {
            let bytes = (0..<12).map { _ in UInt8.random(in: 0...255, using: &random) }
            let uuid = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            for value in [Value.objectId(bytes), .uuid(uuid)] {
                let encoded = Int64(bitPattern: Checksum.hash(ValueCodec.encode(value), seed: 0x1D_E5))
                #expect(ValueCodec.indexHash(value) == encoded, "seed \(seed): \(value)")
            }
        }
    }
}

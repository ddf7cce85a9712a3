import Testing

@testable import Strata

// The lock-free table of property indexes by key path (PropertyIndexTable.swift), on tables of the tests' own with
// made-up addresses, so that what they check does not depend on where key paths were allocated or on the other tests'
// models: keys whose hashes meet keep their own slots instead of evicting each other, a lookup never answers with
// another key's word, and a full probe sequence is reported, not overwritten.

@Suite("PropertyIndexTable: keys that share a slot")
struct PersistedIndexCacheTests {
    /// The word a test records for `address`: the address above 16 bits of `payload`.
    private static func word(_ address: UInt64, _ payload: UInt64) -> UInt64 { address << 16 | payload }

    /// `count` distinct 16-byte-aligned addresses below 2^48 whose probe sequences start at one slot of `table`.
    private static func colliding(_ count: Int, in table: PropertyIndexTable) -> [UInt64] {
        let target = table.home(0x10_0000)
        var found: [UInt64] = []
        var address: UInt64 = 0x10_0000
        while found.count < count {
            if table.home(address) == target { found.append(address) }
            address += 16
        }
        return found
    }

    @Test("Keys with one home slot keep their words, in any order of lookups, until the probe sequence is full")
    func collidingKeys() {
        let table = PropertyIndexTable(slotCount: 64, probeLength: 8)
        let addresses = Self.colliding(9, in: table)
        for (offset, address) in addresses.enumerated() {
            #expect(table.word(for: address) == nil)
            let recorded = table.record(Self.word(address, UInt64(offset + 1)))
            // The ninth finds its eight slots taken by the others: it is not recorded, and no other word is replaced.
            #expect(recorded == (offset < 8))
            #expect(table.record(Self.word(address, UInt64(offset + 1))) == recorded)
        }
        for round in 0..<4 {
            for (offset, address) in addresses.enumerated().reversed() where (round + offset) % 2 == 0 || round > 1 {
                #expect(table.word(for: address) == (offset < 8 ? Self.word(address, UInt64(offset + 1)) : nil))
            }
        }
        // Recording a key again keeps its first word.
        #expect(table.record(Self.word(addresses[0], 99)))
        #expect(table.word(for: addresses[0]) == Self.word(addresses[0], 1))
    }

    @Test("A key never recorded is a miss, even where its probe sequence crosses other keys' slots")
    func unrecordedKeyMisses() {
        let table = PropertyIndexTable(slotCount: 16, probeLength: 4)
        let addresses = Self.colliding(5, in: table)
        for address in addresses.prefix(3) { #expect(table.record(Self.word(address, 7))) }
        #expect(table.word(for: addresses[3]) == nil)
        #expect(table.word(for: addresses[4]) == nil)
    }

    @Test("Tasks recording and reading at once: every key ends with one word, and no lookup reads another key's")
    func concurrentRecording() async {
        let table = PropertyIndexTable(slotCount: 256, probeLength: 8)
        let addresses = (0..<96).map { UInt64(0x20_0000 + $0 * 48) }
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var consistent = true
                    for (offset, address) in addresses.enumerated().shuffled() {
                        _ = table.record(Self.word(address, UInt64(offset + 1)))
                        if let word = table.word(for: address) {
                            consistent = consistent && word == Self.word(address, UInt64(offset + 1))
                        }
                        let other = addresses[(offset + task + 1) % addresses.count]
                        if let word = table.word(for: other) { consistent = consistent && word >> 16 == other }
                    }
                    return consistent
                }
            }
            for await consistent in group { #expect(consistent) }
        }
        let recorded = addresses.enumerated().filter { table.word(for: $0.element) != nil }
        for (offset, address) in recorded {
            #expect(table.word(for: address) == Self.word(address, UInt64(offset + 1)))
        }
        // 96 keys in 256 slots: every one finds room within its 8 slots.
        #expect(recorded.count == addresses.count)
    }

}

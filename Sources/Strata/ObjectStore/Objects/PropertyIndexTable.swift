import Synchronization

/// A lock-free, insert-only table of words keyed by address: how `PersistedSlots` finds a model class's info when it
/// makes an object.
///
/// Each word holds its key's address in its top 48 bits (addresses of objects lie below 2^48 on the platforms Strata
/// runs on) and 16 bits of the caller's below them. A key takes the first empty slot of the `probeLength` slots from
/// its hash on and keeps it:
///   (1) a slot, once filled, is never changed, so a word read for an address is the one recorded for it;
///   (2) slots of a probe sequence fill in order, so a lookup that meets an empty slot knows the key is not there;
///   (3) a key whose slots are all taken by others is not recorded, and the caller answers it another way.
/// The caller must keep whatever an address names alive for as long as the table lives (a class's metadata lives as
/// long as the process), or a later object at the same address would read its word.
///
/// Relaxed ordering suffices: a word carries all it means, nothing is read through it, and a lookup that misses a
/// word another thread is storing only takes the caller's slower path.
final class PropertyIndexTable: Sendable {
    /// One word of the table: a class of its own, since `Atomic` cannot live in an array.
    private final class Slot: Sendable {
        let word = Atomic<UInt64>(0)
    }

    private let slots: [Slot]
    /// How many slots from its hash on a key may take, and a lookup reads at most.
    let probeLength: Int

    /// A table of `slotCount` slots (a power of two).
    init(slotCount: Int, probeLength: Int = 8) {
        precondition(slotCount > 0 && slotCount & (slotCount - 1) == 0, "the slot count must be a power of two")
        slots = (0..<slotCount).map { _ in Slot() }
        self.probeLength = min(probeLength, slotCount)
    }

    /// The first slot of `address`'s probe sequence: the address's bits above its 16-byte alignment, folded so that
    /// addresses a multiple of the table's span apart do not start at one slot.
    @inline(__always)
    func home(_ address: UInt64) -> Int { Int(((address >> 4) ^ (address >> 14)) & UInt64(slots.count - 1)) }

    /// The word recorded for `address`, if any (invariants 1 and 2).
    @inline(__always)
    func word(for address: UInt64) -> UInt64? {
        let first = home(address)
        for step in 0..<probeLength {
            let word = slots[(first + step) & (slots.count - 1)].word.load(ordering: .relaxed)
            if word == 0 { return nil }
            if word >> 16 == address { return word }
        }
        return nil
    }

    /// Records `word` (whose top 48 bits are its address) in the first empty slot of its probe sequence, unless the
    /// address has a word already.
    /// - Returns: whether the table holds a word for the address now (false when its slots are all taken, invariant 3).
    @discardableResult
    func record(_ word: UInt64) -> Bool {
        let address = word >> 16
        precondition(address != 0, "a recorded word names an address")
        let first = home(address)
        for step in 0..<probeLength {
            let slot = slots[(first + step) & (slots.count - 1)]
            // Read first: a failed exchange would still take the cache line from the readers of the fast path.
            let current = slot.word.load(ordering: .relaxed)
            if current >> 16 == address { return true }
            if current != 0 { continue }
            // A slot another thread fills first is read again: it may be this address's.
            let (exchanged, found) = slot.word.compareExchange(expected: 0, desired: word, ordering: .relaxed)
            if exchanged || found >> 16 == address { return true }
        }
        return false
    }
}

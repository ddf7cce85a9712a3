// PendingIndexEntries.swift: the entries of one index filed in a write transaction and not yet in its tree.
//
// A bulk insert of random keys (every object's new ObjectId) files each key here first (SearchIndex.swift says
// why), so this map is on the insert's path once per object, and at 200,000 objects it outgrows the L2 cache: each
// probe is a miss. Swift's `Dictionary` keeps a key's occupancy bit, its key and its value in three arrays (three
// misses for an insert) and hashes an `Int64` with SipHash. The hashes filed here are already hashes (or integers,
// spread below by a multiplication), so this is a table of linear probing with a hash and its object side by side:
// one miss a probe.
//
// Format (memory only): `slots` has a power-of-two count; a slot holds a hash and its object key, or is empty when
// its hash is `Int64.min`. The one entry whose hash is `Int64.min` itself lives in `minimumEntry`.
//
// Invariants:
//   (1) Every entry lies at its home slot (`home(_:)`) or after it, with no empty slot between its home and it
//       (wrapping at the end): removals shift the entries after a freed slot back (no tombstones).
//   (2) At most half the slots are full, so a probe ends at an empty slot.
//   (3) `count` is the number of entries, `minimumEntry` included; no hash is held twice.

/// A map from an index hash to the one object key filed under it, for the entries an index has not filed yet.
struct PendingIndexEntries {
    private static let empty = Int64.min
    private var slots: [(hash: Int64, object: Int64)] = []
    private var minimumEntry: Int64?
    /// The number of entries.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The object filed under `hash`, if any.
    func object(_ hash: Int64) -> Int64? {
        guard count > 0 else { return nil }
        if hash == Self.empty { return minimumEntry }
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = home(hash)
        while true {
            let entry = slots[slot]
            if entry.hash == hash { return entry.object }
            if entry.hash == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Files `object` under `hash` unless an entry is there; returns whether it did.
    mutating func insertIfAbsent(_ hash: Int64, _ object: Int64) -> Bool {
        if hash == Self.empty {
            guard minimumEntry == nil else { return false }
            minimumEntry = object
            count += 1
            return true
        }
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = home(hash)
        while true {
            let entry = slots[slot]
            if entry.hash == hash { return false }
            if entry.hash == Self.empty { break }
            slot = (slot + 1) & mask
        }
        slots[slot] = (hash, object)
        count += 1
        return true
    }

    /// Removes the entry under `hash` and returns its object, if there is one.
    mutating func remove(_ hash: Int64) -> Int64? {
        guard count > 0 else { return nil }
        if hash == Self.empty {
            guard let object = minimumEntry else { return nil }
            minimumEntry = nil
            count -= 1
            return object
        }
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = home(hash)
        while slots[slot].hash != hash {
            if slots[slot].hash == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
        let object = slots[slot].object
        // Shift back the entries after the freed slot that may not stay past it (invariant 1).
        var free = slot
        var next = slot
        while true {
            next = (next + 1) & mask
            let entry = slots[next]
            if entry.hash == Self.empty { break }
            let entryHome = home(entry.hash)
            // The entry may move to `free` when its home is not in the cyclic range (free, next].
            let homeAfterFree =
                free <= next ? (entryHome > free && entryHome <= next) : (entryHome > free || entryHome <= next)
            if !homeAfterFree {
                slots[free] = entry
                free = next
            }
        }
        slots[free] = (Self.empty, 0)
        count -= 1
        return object
    }

    /// Removes every entry.
    mutating func removeAll() {
        slots = []
        minimumEntry = nil
        count = 0
    }

    /// Every entry, in ascending order of hash.
    func sorted() -> [(key: Int64, value: Int64)] {
        var entries: [(key: Int64, value: Int64)] = []
        entries.reserveCapacity(count)
        if let minimumEntry { entries.append((Self.empty, minimumEntry)) }
        for entry in slots where entry.hash != Self.empty { entries.append((entry.hash, entry.object)) }
        // `Int64.min` sorts first already; the rest follow it in order.
        entries[(minimumEntry == nil ? 0 : 1)...].sort { $0.key < $1.key }
        return entries
    }

    /// The slot a probe for `hash` starts at: the top bits of the hash times the golden ratio (integers filed as
    /// their own hash are spread too).
    @inline(__always)
    private func home(_ hash: Int64) -> Int {
        let bits = slots.count.trailingZeroBitCount
        return Int(truncatingIfNeeded: (UInt64(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// Doubles the slots (at least 16) and files every entry again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (Self.empty, 0), count: max(16, old.count * 2))
        let mask = slots.count - 1
        for entry in old where entry.hash != Self.empty {
            var slot = home(entry.hash)
            while slots[slot].hash != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}

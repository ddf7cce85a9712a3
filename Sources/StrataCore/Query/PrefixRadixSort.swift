// PrefixRadixSort.swift: a stable sort of items by a 64-bit prefix in linear time, for the SORT stage's binary
// collation keys (QueryEvaluator+Sorting.swift); items whose prefixes tie are then ordered by a full comparison.
//
// Format: each item is { u64 prefix, u32 index }, `index` its position before sorting. The sort is an LSD radix
// sort over the prefix's 8 bytes, least significant first, each pass a stable counting scatter between the items
// and a scratch copy; one counting pass over the items first finds the bytes that are the same in every item, whose
// passes are skipped (a shared high byte, the zero padding of short keys).
//
// Invariants:
//   (1) After `sort()`, prefixes ascend, and items with equal prefixes keep their order from before (stable).
//   (2) After `sortRuns(by:)`, each run of equal prefixes is ordered by the comparison, which must be a strict
//       total order on indices (callers break ties by index), so the result does not depend on the sort used.
//   (3) There are fewer than 2^32 items (a precondition).
//
//   made (index order) ──sort()──▶ sorted by prefix ──sortRuns(by:)──▶ sorted
// `items` may be read in any state.

/// Items sorted by a 64-bit prefix, stably, by radix.
struct PrefixRadixSort {
    struct Item {
        var prefix: UInt64
        var index: UInt32
    }

    /// The items: in index order until ``sort()``.
    private(set) var items: [Item]

    init(prefixes: [UInt64]) {
        precondition(prefixes.count < Int(UInt32.max), "too many items for a prefix sort")
        items = prefixes.enumerated().map { Item(prefix: $0.element, index: UInt32($0.offset)) }
    }

    /// Sorts the items by prefix, stably (invariant 1).
    mutating func sort() {
        let count = items.count
        guard count > 1 else { return }
        // counts[byte * 256 + value]: how many prefixes hold `value` in byte `byte` (0 the least significant).
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for item in items {
                var prefix = item.prefix
                for byte in 0..<8 {
                    counts[byte &* 256 &+ Int(prefix & 0xFF)] &+= 1
                    prefix >>= 8
                }
            }
        }
        var scratch = items
        var sortedInScratch = false
        items.withUnsafeMutableBufferPointer { items in
            scratch.withUnsafeMutableBufferPointer { scratch in
                var (source, target) = (items, scratch)
                for byte in 0..<8 {
                    let shift = UInt64(8 * byte)
                    let base = byte * 256
                    // Every item has the same byte here: the pass would change nothing.
                    if counts[base + Int((source[0].prefix >> shift) & 0xFF)] == count { continue }
                    var starts = [Int](repeating: 0, count: 256)
                    var total = 0
                    for value in 0..<256 {
                        starts[value] = total
                        total += counts[base + value]
                    }
                    starts.withUnsafeMutableBufferPointer { starts in
                        for item in source {
                            let value = Int((item.prefix >> shift) & 0xFF)
                            target[starts[value]] = item
                            starts[value] &+= 1
                        }
                    }
                    swap(&source, &target)
                    sortedInScratch.toggle()
                }
                if sortedInScratch { items.baseAddress!.update(from: scratch.baseAddress!, count: count) }
            }
        }
        assert(
            zip(items, items.dropFirst()).allSatisfy {
                $0.prefix < $1.prefix || ($0.prefix == $1.prefix && $0.index < $1.index)
            }
        )
    }

    /// Orders each run of items with equal prefixes by `areInIncreasingOrder` on their indices (invariant 2).
    mutating func sortRuns(by areInIncreasingOrder: (UInt32, UInt32) -> Bool) {
        var start = 0
        while start < items.count {
            var end = start + 1
            while end < items.count, items[end].prefix == items[start].prefix { end += 1 }
            if end - start > 1 { items[start..<end].sort { areInIncreasingOrder($0.index, $1.index) } }
            start = end
        }
    }
}

// LapSpaceFinder.swift: `LapSpace.contains` for a pass of queries in (mostly) ascending order.
//
// A commit during a redo log's lap asks whether extents lie in the lap's space (ReuseRule.swift) once per extent of a
// pass over its free list: choosing an arena (FreeSpace.arenaCandidates), first-fit allocation and coalescing. Each
// question was a binary search of the lap's ranges, a few thousand of them after a bulk load, and the searches'
// cache misses were 15% of a small commit's time (Benchmarks/NOTES.md, 2026-12-08). The queries of one pass come in
// ascending order of offset (coalescing asks about the extent being grown and the next one, both near the last
// answer), so the finder remembers where its last search ended and steps from there, falling back to a binary
// search of the remaining ranges after a few steps.
//
// Format: none (memory only, one pass).
//
// Invariants:
//   (1) `contains(offset:length:)` answers exactly what `LapSpace.contains(offset:length:)` answers, for any order
//       of queries; only the work differs.
//   (2) `hint` is always in `0...space.ranges.count`.
//
// State: a value made for one pass and dropped with it; no states.

/// Answers ``ReuseRule/LapSpace/contains(offset:length:)`` for a sequence of nearby queries.
package struct LapSpaceFinder {
    let space: ReuseRule.LapSpace
    /// How many ranges start at or before the offset of the last query below the file end (invariant 2).
    private var hint = 0
    /// Steps taken from the hint before a binary search of what is left.
    private static var stepLimit: Int { 8 }

    package init(_ space: ReuseRule.LapSpace) {
        self.space = space
    }

    /// Whether `length` bytes at `offset` lie wholly inside one free range of the lap's checkpoint or past its end.
    /// - Complexity: O(1) for a query next to the previous one, O(log r) for r ranges at worst.
    package mutating func contains(offset: UInt64, length: UInt64) -> Bool {
        if offset >= space.fileEnd { return true }
        hint = rangesStarting(atOrBefore: offset)
        assert(hint == space.rangesStarting(atOrBefore: offset))
        return space.contains(offset: offset, length: length, rangesUpTo: hint)
    }

    /// How many ranges start at or before `offset`, stepping from `hint`.
    private func rangesStarting(atOrBefore offset: UInt64) -> Int {
        let ranges = space.ranges
        var count = hint
        if count == 0 || ranges[count - 1].offset <= offset {
            // Forward: every range before `count` starts at or before `offset`.
            for _ in 0..<Self.stepLimit {
                guard count < ranges.count, ranges[count].offset <= offset else { return count }
                count += 1
            }
            return space.rangesStarting(atOrBefore: offset, low: count)
        }
        // Backward: the range at `count - 1` starts after `offset`, and so does every one from it on.
        for _ in 0..<Self.stepLimit {
            guard count > 0, ranges[count - 1].offset > offset else { return count }
            count -= 1
        }
        return space.rangesStarting(atOrBefore: offset, high: count)
    }
}

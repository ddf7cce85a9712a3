// ResultsDiff.swift: the change between two versions of a query's result (distinct object keys), as notifications
// report it: deletions (old indices), insertions (new indices) and the objects kept in place (old and new index).
//
// The rule (one definition, so that re-running a query and maintaining it from the change log report the same):
//   1. An object in only one version is a deletion or an insertion.
//   2. The objects in both versions that the commits did not touch ("untouched": not inserted, deleted or
//      modified in a column the order or the filter depends on) are kept, when they appear in the same relative
//      order in both versions (always so for a query over its own table's columns: their values did not change).
//   3. A touched object in both versions is kept when it sits between the same two untouched objects in both
//      versions (its "gap", the number of untouched objects before it, is the same) and belongs to the longest
//      increasing run of new indices, in old order, of the touched objects of its gap (`longestIncreasing`, ties
//      to the earliest); every other one moved: a deletion plus an insertion.
//   4. When the untouched objects are not in the same order in both versions (a sort through a link, or no
//      history: everything counts as touched), every object in both versions is treated as touched in one gap:
//      a longest common subsequence, the smallest edit script.
//
// Invariants:
//   (1) The kept objects are increasing in both versions; deleting the deletions from the old version and
//       inserting the insertions gives the new one.
//   (2) Deletions and insertions are ascending and unique.

/// The change between two versions of a query's result.
package enum ResultsDiff {
    /// One touched object present in both versions: its indices and its gaps (untouched objects before it).
    struct Touched: Equatable, Sendable {
        var old: Int
        var new: Int
        var gapOld: Int
        var gapNew: Int
    }

    /// Which of the touched objects present in both versions (ascending by old index) are kept in place: the old
    /// indices of rule 3's choice.
    static func keptTouched(_ touched: [Touched]) -> Set<Int> {
        var kept = Set<Int>()
        var group: [Touched] = []
        func flush() {
            for index in longestIncreasing(group.map(\.new)) { kept.insert(group[index].old) }
            group.removeAll(keepingCapacity: true)
        }
        for object in touched where object.gapOld == object.gapNew {
            if let last = group.last, last.gapOld != object.gapOld { flush() }
            group.append(object)
        }
        flush()
        return kept
    }

    /// The positions of a longest strictly increasing subsequence of `values`; among equally long ones, the one
    /// patience sorting with leftmost replacement finds (deterministic for a given sequence).
    static func longestIncreasing(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []  // position of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result: [Int] = []
        var position = tails.last!
        while position >= 0 {
            result.append(position)
            position = previous[position]
        }
        return result.reversed()
    }

    /// The change from `old` to `new` (each without repeated keys), with `touched` telling which objects the
    /// commits between them touched (every object, when that is unknown).
    /// - Complexity: O(n) with hashing, O(n log n) when rule 4 applies.
    package static func diff(
        _ old: [ObjectKey],
        _ new: [ObjectKey],
        touched: (ObjectKey) -> Bool
    ) -> (deletions: [Int], insertions: [Int], kept: [(old: Int, new: Int)]) {
        if old == new { return ([], [], old.indices.map { ($0, $0) }) }
        var newIndex: [ObjectKey: Int] = [:]
        newIndex.reserveCapacity(new.count)
        for (index, key) in new.enumerated() { newIndex[key] = index }
        var common: [(old: Int, new: Int, touched: Bool)] = []
        var deletions: [Int] = []
        for (index, key) in old.enumerated() {
            guard let position = newIndex[key] else {
                deletions.append(index)
                continue
            }
            common.append((index, position, touched(key)))
        }
        // Rule 2 holds when the untouched objects are in the same order in both versions.
        var lastUntouched = -1
        var ordered = true
        for object in common where !object.touched {
            if object.new < lastUntouched {
                ordered = false
                break
            }
            lastUntouched = object.new
        }
        // Gaps: untouched objects before each touched one, in each version.
        var untouchedBeforeNew = [Int](repeating: 0, count: new.count + 1)
        if ordered {
            var isUntouched = [Bool](repeating: false, count: new.count)
            for object in common where !object.touched { isUntouched[object.new] = true }
            for index in new.indices {
                untouchedBeforeNew[index + 1] = untouchedBeforeNew[index] + (isUntouched[index] ? 1 : 0)
            }
        }
        var touchedObjects: [Touched] = []
        var untouchedSoFar = 0
        for object in common {
            if ordered && !object.touched {
                untouchedSoFar += 1
            } else {
                let gapOld = ordered ? untouchedSoFar : 0
                let gapNew = ordered ? untouchedBeforeNew[object.new] : 0
                touchedObjects.append(Touched(old: object.old, new: object.new, gapOld: gapOld, gapNew: gapNew))
            }
        }
        let keptTouched = keptTouched(touchedObjects)
        var kept: [(old: Int, new: Int)] = []
        var keptNew = [Bool](repeating: false, count: new.count)
        for object in common {
            if (ordered && !object.touched) || keptTouched.contains(object.old) {
                kept.append((object.old, object.new))
                keptNew[object.new] = true
            } else {
                deletions.append(object.old)
            }
        }
        deletions.sort()
        let insertions = new.indices.filter { !keptNew[$0] }
        return (deletions, insertions, kept)
    }
}

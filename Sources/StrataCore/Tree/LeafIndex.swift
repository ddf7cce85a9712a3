// LeafIndex.swift: a committed tree's leaves in one sorted array, for lookups in random order.
//
// A lookup by key descends from the root, parsing an inner node at every level. A read transaction that
// looks up many keys in random order (sorted results, primary-key lookups) instead searches this flat list
// of every leaf's lower bound: one binary search over contiguous memory, then the leaf, whose parsed
// columns the index keeps.
//
// Invariants:
//   (1) Built only for a committed tree in a read-only transaction, which never changes it.
//   (2) `lowerBounds[i]` is the lower bound the tree gives leaf i (Int64.min for the first): the leaf holding a
//       key is the last whose bound is <= the key (or the first), exactly the leaf the descent reaches.
//   (3) At most `parsedLimit` leaves are kept parsed (every leaf of a tree of up to `parsedCeiling` leaves, about
//       8 million objects); past it they are dropped and parsed again on demand.
//   (4) A lookup that moves from leaf i to leaf i + 1 drops leaf i's parsed columns: lookups in key order keep one
//       leaf parsed (a whole-table iteration of 1,000,000 objects otherwise held every leaf, about 1 MB); random
//       lookups rarely step to the next leaf, and one that does only parses that leaf again when it returns.

/// The leaves of a committed tree in key order, with their parsed columns.
final class LeafIndex {
    private let lowerBounds: [Int64]
    private let refs: [Ref]
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    // Proof: after `init`, only `leaf(for:)` touches these three, by whole reads, whole assignments and in-place
    // element writes; what it calls between them (the search closure, `reader.node`, the leaf initializers) has no
    // reference to this index, so no access overlaps another. One read transaction's tree owns it, on one thread.
    @exclusivity(unchecked) private var parsed: [CleanLeafColumns?]
    @exclusivity(unchecked) private var parsedCount = 0
    /// The leaf the previous lookup landed in: lookups in key order stay there.
    @exclusivity(unchecked) private var last = 0
    private let reader: NodeReader
    private let columnCount: Int

    /// Most leaves kept parsed (a few hundred bytes each): every leaf of the tree, up to `parsedCeiling`. A fixed
    /// 4,096 made random lookups in a tree of 2,000,000 objects (7,800 leaves) drop and parse their leaves over and
    /// over: a lookup cost 2.7 times what it cost at 200,000 objects.
    let parsedLimit: Int
    /// The most leaves any index keeps parsed, whatever the tree's size.
    static let parsedCeiling = 32_768

    /// Walks the inner nodes of the tree under `root` (no leaf is read).
    init(root: Ref, reader: NodeReader, columnCount: Int) throws {
        var lowerBounds: [Int64] = []
        var refs: [Ref] = []
        func walk(_ ref: Ref, lowerBound: Int64, depth: Int) throws {
            guard depth <= ClusterTree.maximumDepth else {
                throw StorageError.corrupt("a cluster tree is deeper than \(ClusterTree.maximumDepth) levels (a cycle)")
            }
            let view = try reader.treeNode(ref)
            guard view.kind == .inner else {
                lowerBounds.append(lowerBound)
                refs.append(ref)
                return
            }
            let inner = try InnerNodeView(view)
            for index in 0..<inner.count {
                // The descent sends keys below the second bound to the first child, whatever its own bound.
                try walk(
                    inner.child(at: index),
                    lowerBound: index == 0 ? lowerBound : inner.key(at: index),
                    depth: depth + 1
                )
            }
        }
        try walk(root, lowerBound: .min, depth: 0)
        self.lowerBounds = lowerBounds
        self.refs = refs
        parsed = Array(repeating: nil, count: refs.count)
        parsedLimit = min(max(4_096, refs.count), Self.parsedCeiling)
        self.reader = reader
        self.columnCount = columnCount
    }

    /// The leaf that holds `key` if any leaf does.
    func leaf(for key: Int64) throws -> CleanLeafColumns {
        if !covers(last, key) {
            let previous = last
            // The last leaf whose bound is <= key (the first bound is Int64.min), halving the range each step
            // with a select rather than an unpredictable branch.
            last = lowerBounds.withUnsafeBufferPointer { bounds in
                var low = 0
                var length = bounds.count
                while length > 1 {
                    let half = length >> 1
                    low = bounds[low + half] <= key ? low + half : low
                    length -= half
                }
                return low
            }
            // A walk in key order (iterating a whole table) moves to the next leaf and never returns: the leaf it
            // leaves is dropped, so the walk keeps one leaf parsed rather than every leaf of the tree (invariant 4).
            if last == previous + 1, parsed[previous] != nil {
                parsed[previous] = nil
                parsedCount -= 1
            }
        }
        if let leaf = parsed[last] { return leaf }
        if parsedCount >= parsedLimit {
            for index in parsed.indices { parsed[index] = nil }
            parsedCount = 0
        }
        let leaf = CleanLeafColumns(view: try ClusterLeafView(reader.node(refs[last], .leaf)), columnCount: columnCount)
        parsed[last] = leaf
        parsedCount += 1
        return leaf
    }

    /// Whether leaf `index` is the one for `key`.
    private func covers(_ index: Int, _ key: Int64) -> Bool {
        (index == 0 || lowerBounds[index] <= key) && (index + 1 == lowerBounds.count || key < lowerBounds[index + 1])
    }
}

// ReuseRule.swift: which free extents a commit may write, by the version that freed them and, while a redo log's
// lap runs, by where they lie.
//
// An extent freed by the commit of version F was a node of versions before F, so it may be reused once nothing that
// must stay readable is older than F: every pinned version, and the newest version a header slot names or may name
// (FreeSpace.swift invariant 3, Database.swift invariant 5). That bound is `oldest`.
//
// While a redo log's ring is active (Database+RedoLog.swift), `oldest` is the lap's checkpoint, so without more a
// lap's commits could reuse nothing freed since it and the file would grow by every commit's nodes until the next
// checkpoint. The lap rule lets them reuse an extent that lies wholly in the lap's own space: what was free at the
// checkpoint or lies past its file end. Such an extent is no node of the checkpoint, which the replay starts from;
// it is reused only once it is older than every pinned version and than the newest published version, because any
// version from the newest published one on may still become a checkpoint (a group's, or the ring's stop).
//
// Invariants:
//   (1) `allows` holds for an extent only if its `freedAt` is at most `oldest`, or the lap's bound and it lies
//       wholly inside the lap's space; the lap's bound is at most every pinned version and the newest published one.
//   (2) `LapSpace.ranges` are sorted, disjoint and end at most at `fileEnd`, as the checkpoint's free list does.

/// Which freed extents a commit may reuse.
package struct ReuseRule: Sendable {
    /// The space of a redo log's lap: what was free at its checkpoint, and everything past the checkpoint's file end.
    package struct LapSpace: Sendable, Equatable {
        /// Free ranges of the checkpoint, sorted by offset (its free list's extents).
        let ranges: [(offset: UInt64, length: UInt64)]
        /// The checkpoint's file end.
        let fileEnd: UInt64

        /// The lap space after the checkpoint whose free list and file end are `freeSpace`'s.
        package init(checkpoint freeSpace: FreeSpace) {
            ranges = freeSpace.extents.map { ($0.offset, $0.length) }
            fileEnd = freeSpace.fileEnd
        }

        /// Whether `length` bytes at `offset` lie wholly inside one free range of the checkpoint or past its end.
        /// - Complexity: O(log r) for r ranges.
        package func contains(offset: UInt64, length: UInt64) -> Bool {
            if offset >= fileEnd { return true }
            return contains(offset: offset, length: length, rangesUpTo: rangesStarting(atOrBefore: offset))
        }

        /// How many ranges start at or before `offset`, searched among ranges `low..<high` (those before `low` are
        /// known to start at or before it, those from `high` on after it).
        func rangesStarting(atOrBefore offset: UInt64, low: Int = 0, high: Int? = nil) -> Int {
            var low = low
            var high = high ?? ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].offset <= offset { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// `contains(offset:length:)` for an `offset` below `fileEnd`, given how many ranges start at or before it.
        @inline(__always)
        func contains(offset: UInt64, length: UInt64, rangesUpTo count: Int) -> Bool {
            guard count > 0 else { return false }
            let end = ranges[count - 1].offset + ranges[count - 1].length
            // A range that reaches the file end continues into the space past it.
            return offset + length <= end || end >= fileEnd
        }

        package static func == (lhs: LapSpace, rhs: LapSpace) -> Bool {
            lhs.fileEnd == rhs.fileEnd && lhs.ranges.elementsEqual(rhs.ranges) { $0 == $1 }
        }
    }

    /// Extents freed at or before this version may be reused anywhere.
    package var oldest: Version
    /// During a lap: extents freed at or before `bound` that lie wholly in `space` may be reused too.
    package var lap: (bound: Version, space: LapSpace)?

    package init(oldest: Version, lap: (bound: Version, space: LapSpace)? = nil) {
        self.oldest = oldest
        self.lap = lap
    }

    /// Whether `extent` may be reused (invariant 1).
    @inline(__always)
    package func allows(_ extent: FreeSpace.Extent) -> Bool {
        if extent.freedAt <= oldest { return true }
        guard let lap, extent.freedAt <= lap.bound else { return false }
        return lap.space.contains(offset: extent.offset, length: extent.length)
    }

    /// A checker that answers ``allows(_:)`` for extents asked about in ascending order (a pass over a free list)
    /// without a binary search of the lap's ranges for each.
    func checker() -> Checker { Checker(rule: self) }

    /// ``ReuseRule/allows(_:)`` for one pass over extents (see ``LapSpaceFinder``): the same answers, each lap
    /// lookup starting where the previous one ended.
    struct Checker {
        let oldest: Version
        let bound: Version
        var finder: LapSpaceFinder?

        init(rule: ReuseRule) {
            oldest = rule.oldest
            bound = rule.lap?.bound ?? 0
            finder = rule.lap.map { LapSpaceFinder($0.space) }
        }

        /// What `rule.allows(extent)` answers.
        @inline(__always)
        mutating func allows(_ extent: FreeSpace.Extent) -> Bool {
            if extent.freedAt <= oldest { return true }
            guard extent.freedAt <= bound, finder != nil else { return false }
            return finder!.contains(offset: extent.offset, length: extent.length)
        }
    }
}

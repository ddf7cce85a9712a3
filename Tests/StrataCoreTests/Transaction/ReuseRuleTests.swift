import StrataCore
import StrataTestSupport
import Testing

/// Which freed extents a commit may reuse (ReuseRule.swift): the lap's space against a byte-by-byte model, and
/// allocations that never take what the rule forbids.
@Suite("Reuse rules: freed space by version, and a redo log lap's own space")
struct ReuseRuleTests {
    /// A checkpoint's free space: by default up to 12 extents of 8-64 bytes with gaps as long, in a file of at most
    /// about 2 KB; `count` extents of `cells` 8-byte cells each, with gaps of as many, otherwise.
    static func checkpoint(
        _ random: inout SeededGenerator,
        count: ClosedRange<Int> = 0...12,
        cells: ClosedRange<UInt64> = 1...8
    ) -> FreeSpace {
        var extents: [FreeSpace.Extent] = []
        var position = UInt64(FileHeader.size)
        for _ in 0..<Int.random(in: count, using: &random) {
            position += UInt64.random(in: cells, using: &random) * 8
            let length = UInt64.random(in: cells, using: &random) * 8
            extents.append(FreeSpace.Extent(offset: position, length: length, freedAt: 1))
            position += length
        }
        // Sometimes the last extent reaches the file end.
        let tail = Bool.random(using: &random) ? 0 : UInt64.random(in: 1...8, using: &random) * 8
        return FreeSpace(extents: extents, fileEnd: position + tail)
    }

    /// Space freed since `checkpoint`: every 8-byte cell of the file up to a bit past its end, each freed or not, at
    /// versions 1-10 (not coalesced).
    static func freedSince(_ checkpoint: FreeSpace, _ random: inout SeededGenerator) -> FreeSpace {
        var free = FreeSpace(extents: [], fileEnd: checkpoint.fileEnd + 256)
        for cell in stride(from: UInt64(FileHeader.size), to: free.fileEnd, by: 8)
        where Int.random(in: 0..<3, using: &random) == 0 {
            free.release(offset: cell, length: 8, freedAt: Version.random(in: 1...10, using: &random))
        }
        return free
    }

    @Test("the lap's space holds exactly the checkpoint's free bytes and everything past its end", arguments: 0..<4)
    func lapSpaceMatchesModel(round: Int) {
        var random = SeededGenerator(seed: UInt64(round) &* 7919 &+ 3)
        for _ in 0..<200 {
            let free = Self.checkpoint(&random)
            let space = ReuseRule.LapSpace(checkpoint: free)
            func isLap(_ byte: UInt64) -> Bool {
                byte >= free.fileEnd || free.extents.contains { $0.offset <= byte && byte < $0.offset + $0.length }
            }
            for _ in 0..<100 {
                let offset = UInt64(FileHeader.size) + UInt64.random(in: 0...300, using: &random) * 8
                let length = UInt64.random(in: 1...16, using: &random) * 8
                let expected = stride(from: offset, to: offset + length, by: 8).allSatisfy(isLap)
                #expect(
                    space.contains(offset: offset, length: length) == expected,
                    "round \(round): \(length) bytes at \(offset) in \(free.extents), end \(free.fileEnd)"
                )
            }
        }
    }

    @Test("a finder stepping from its last answer gives the binary search's answers in any order", arguments: 0..<4)
    func finderMatchesSearch(round: Int) {
        let seed = UInt64(round) &* 104_729 &+ 11
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            // Checkpoints of up to 12 ranges, and some of a few hundred, so that both the steps and the fallback
            // search run.
            let free =
                Bool.random(using: &random)
                ? Self.checkpoint(&random) : Self.checkpoint(&random, count: 50...400, cells: 1...4)
            let space = ReuseRule.LapSpace(checkpoint: free)
            var queries = (0..<120).map { _ in
                (
                    offset: UInt64(FileHeader.size) + UInt64.random(in: 0...(free.fileEnd / 8 + 8), using: &random) * 8,
                    length: UInt64.random(in: 1...16, using: &random) * 8
                )
            }
            // Ascending (a pass), descending, or in no order.
            switch Int.random(in: 0..<3, using: &random) {
            case 0: queries.sort { $0.offset < $1.offset }
            case 1: queries.sort { $0.offset > $1.offset }
            default: break
            }
            var finder = LapSpaceFinder(space)
            for query in queries {
                #expect(
                    finder.contains(offset: query.offset, length: query.length)
                        == space.contains(offset: query.offset, length: query.length),
                    "seed \(seed): \(query.length) bytes at \(query.offset), end \(free.fileEnd)"
                )
            }
        }
    }

    @Test("an extent is reused by its version, or by the lap's bound when it lies in the lap's space")
    func allowsByVersionAndPlace() {
        // Extents lie past the header (FreeSpace.swift invariant 1, checked with STRATA_INTERNAL_CHECKS).
        let base = UInt64(FileHeader.size)
        let free = FreeSpace(
            extents: [FreeSpace.Extent(offset: base + 64, length: 64, freedAt: 2)],
            fileEnd: base + 256
        )
        let lap = ReuseRule.LapSpace(checkpoint: free)
        let rule = ReuseRule(oldest: 10, lap: (bound: 20, space: lap))
        let inLap = FreeSpace.Extent(offset: base + 64, length: 32, freedAt: 15)
        let pastEnd = FreeSpace.Extent(offset: base + 512, length: 32, freedAt: 20)
        let checkpointNode = FreeSpace.Extent(offset: base + 128, length: 32, freedAt: 15)
        #expect(rule.allows(inLap))
        #expect(rule.allows(pastEnd))
        #expect(!rule.allows(checkpointNode), "a node of the checkpoint waits for the next checkpoint")
        #expect(rule.allows(FreeSpace.Extent(offset: base + 128, length: 32, freedAt: 10)), "freed by then")
        #expect(!rule.allows(FreeSpace.Extent(offset: base + 64, length: 32, freedAt: 21)), "a pin or a candidate")
        #expect(!ReuseRule(oldest: 10).allows(inLap), "no lap, no early reuse")
    }

    @Test("allocations take only what the rule allows, and coalescing keeps the lap's space apart", arguments: 0..<4)
    func allocationsFollowTheRule(round: Int) {
        var random = SeededGenerator(seed: UInt64(round) &* 104_729 &+ 11)
        for _ in 0..<200 {
            let checkpoint = Self.checkpoint(&random)
            let lap = ReuseRule.LapSpace(checkpoint: checkpoint)
            let rule = ReuseRule(oldest: 5, lap: (bound: 8, space: lap))
            var free = Self.freedSince(checkpoint, &random)
            free.coalesce(apartFrom: lap)
            for extent in free.extents {
                let inLap = lap.contains(offset: extent.offset, length: extent.length)
                let startInLap = lap.contains(offset: extent.offset, length: 8)
                #expect(inLap == startInLap, "round \(round): \(extent) is merged across the lap's space")
            }
            let before = free
            let size = Int.random(in: 1...4, using: &random) * 8
            let offset = free.allocate(size, reusing: rule)
            if offset < before.fileEnd {
                let source = before.extents.first { $0.offset == offset }
                #expect(source.map(rule.allows) == true, "round \(round): took \(size) bytes at \(offset)")
            } else {
                #expect(
                    !before.extents.contains { $0.length >= UInt64(size) && rule.allows($0) },
                    "round \(round): grew the file while an allowed extent held \(size) bytes"
                )
            }
        }
    }

    @Test("an arena's candidates and an in-place coalescing give what the plain definitions give", arguments: 0..<4)
    func candidatesAndCoalescingMatchTheirDefinitions(round: Int) {
        var random = SeededGenerator(seed: UInt64(round) &* 65_537 &+ 29)
        for _ in 0..<200 {
            let checkpoint = Self.checkpoint(&random)
            let lap = ReuseRule.LapSpace(checkpoint: checkpoint)
            let rules = [ReuseRule(oldest: 5, lap: (bound: 8, space: lap)), ReuseRule(oldest: 5)]
            var free = Self.freedSince(checkpoint, &random)
            // Coalescing as a fold into a new list.
            var merged: [FreeSpace.Extent] = []
            for extent in free.extents {
                if let last = merged.last, last.offset + last.length == extent.offset,
                    lap.contains(offset: last.offset, length: last.length)
                        == lap.contains(offset: extent.offset, length: extent.length)
                {
                    merged[merged.count - 1].length += extent.length
                    merged[merged.count - 1].freedAt = max(last.freedAt, extent.freedAt)
                } else {
                    merged.append(extent)
                }
            }
            free.coalesce(apartFrom: lap)
            #expect(free.extents == merged, "round \(round)")
            for rule in rules {
                let size = UInt64.random(in: 1...6, using: &random) * 8
                let allowed = free.extents.filter(rule.allows)
                let candidates = free.arenaCandidates(holding: size, reusing: rule)
                #expect(candidates.first == allowed.first { $0.length >= size }?.offset, "round \(round): \(size)")
                let longest = allowed.map(\.length).max()
                #expect(candidates.largest == allowed.first { $0.length == longest }?.offset, "round \(round)")
                #expect(candidates.freeBytes == free.extents.reduce(0) { $0 + $1.length }, "round \(round)")
            }
        }
    }
}

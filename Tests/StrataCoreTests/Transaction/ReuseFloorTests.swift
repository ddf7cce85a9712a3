import StrataTestSupport
import Testing

@testable import StrataCore

@Suite("The reuse floor of a one-sync slot: below every free extent its runs overlap")
struct ReuseFloorTests {
    /// The floor by its definition: every extent checked against every run.
    static func expectedFloor(_ slot: FileHeader.Slot, _ space: FreeSpace) -> Version {
        var floor = slot.version
        for extent in space.extents {
            let overlapped = (slot.manifest?.runs ?? []).contains { run in
                run.offset < extent.offset + extent.length && extent.offset < run.offset + run.length
            }
            if overlapped { floor = min(floor, extent.freedAt > 0 ? extent.freedAt - 1 : 0) }
        }
        return floor
    }

    @Test("Random free lists and runs give the floor of the definition")
    func randomRuns() {
        let seed = testSeed()
        print("ReuseFloorTests seed: \(seed) (rerun with STRATA_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)
        var overlapping = 0
        for _ in 0..<2_000 {
            let version = Version.random(in: 1...1_000_000, using: &random)
            let space = FreeSpaceTests.randomSpace(version: version, random: &random)
            // Runs anywhere from the header to past the file end, in file order and disjoint, as a group writes
            // them: some start inside an extent, some span several, some touch an extent's edge without overlap.
            var runs: [FileHeader.Manifest.Run] = []
            var position = UInt64(FileHeader.size)
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let limit = max(space.fileEnd, position + 8)
                position += UInt64.random(in: 0...(limit - position) / 4, using: &random) / 8 * 8
                if let extent = space.extents.randomElement(using: &random), Bool.random(using: &random),
                    extent.offset >= position
                {
                    // Start at an extent's start or right after its end (overlap, and its edge).
                    position = Bool.random(using: &random) ? extent.offset : extent.offset + extent.length
                }
                let length = UInt64.random(in: 1...4_096, using: &random) * 8
                runs.append(FileHeader.Manifest.Run(offset: position, length: length))
                position += length
            }
            let slot = FileHeader.Slot(
                topRef: Ref(UInt64(FileHeader.size)),
                version: version,
                fileEnd: space.fileEnd,
                manifest: runs.isEmpty ? nil : FileHeader.Manifest(runs: runs, checksum: 0),
                checksum: .lanes
            )
            let expected = Self.expectedFloor(slot, space)
            if expected < version { overlapping += 1 }
            #expect(Database.reuseFloor(of: slot, freeSpace: space) == expected, "seed \(seed)")
        }
        // The cases above reach the overlapping branch often, not only the slot's own version.
        #expect(overlapping > 200, "seed \(seed): only \(overlapping) cases overlapped an extent")
    }
}

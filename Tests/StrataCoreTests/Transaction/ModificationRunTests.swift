import StrataTestSupport
import Testing

@testable import StrataCore

/// A set-based write logs its modifications with `modify(_:_:)` over all of its keys at once: the log must be the
/// one that logging the keys one at a time makes (the same runs, so the same replay and the same stored changes).
@Suite("Logging many modified objects at once logs the runs that one at a time logs")
struct ModificationRunTests {
    /// Random ascending key lists (runs, gaps, repeats), logged after random earlier events, both ways.
    @Test("Random key lists after random earlier events give the same log both ways")
    func randomKeyLists() {
        let seed = testSeed()
        print("ModificationRunTests seed \(seed) (set STRATA_SEED to replay)")
        var random = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            var one = TableChanges()
            var many = TableChanges()
            // Earlier events: insertions and modifications of other or the same column, which a run may extend.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let key = ObjectKey(Int64.random(in: 0...40, using: &random))
                let column = ColumnKey(UInt32.random(in: 0...1, using: &random))
                if Bool.random(using: &random) {
                    one.insert(key)
                    many.insert(key)
                } else {
                    one.modify(key, column)
                    many.modify(key, column)
                }
            }
            var keys: [ObjectKey] = []
            var next = Int64.random(in: 0...40, using: &random)
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                keys.append(ObjectKey(next))
                // Mostly the next key (a run), sometimes the same key again or a gap.
                next += [0, 1, 1, 1, 1, 2, 5].randomElement(using: &random)!
            }
            let column = ColumnKey(UInt32.random(in: 0...1, using: &random))
            for key in keys { one.modify(key, column) }
            many.modify(keys, column)
            #expect(one == many, "round \(round), seed \(seed)")
            #expect(one.modifications == many.modifications, "round \(round), seed \(seed)")
        }
    }

    /// A whole table of consecutive keys is one event, however many keys it has.
    @Test("One run of consecutive keys is one modification, of every key")
    func oneRun() {
        var changes = TableChanges()
        changes.modify((0..<10_000).map { ObjectKey(Int64($0)) }, ColumnKey(3))
        #expect(changes.modifications.count == 10_000)
        #expect(changes.modifications[ObjectKey(9_999)]?.contains(ColumnKey(3)) == true)
        var logged = TableChanges()
        logged.modify(ObjectKey(0), ColumnKey(3))
        logged.modify((1..<10_000).map { ObjectKey(Int64($0)) }, ColumnKey(3))
        #expect(logged == changes)
    }
}

import Foundation
import Strata
import StrataTestSupport
import Testing

// The row of an added object: what `add` stores is exactly what the unmanaged object held, on every path a row takes
// into a leaf (its typed values taken whole, values appended to their columns without a cell, defaults, values read
// before the add, a refused add that leaves the object as it was). Randomized against a model, with a printed seed.

/// Plain properties only (an `Int` key first): the object's typed values are its row as they are.
final class ARPlain: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = "unnamed"
    @Persisted var score = 0.5
    @Persisted var flag = false
    @Persisted var count = 7
    @Persisted var note: String?
}

/// Fixed-width and optional values, an `ObjectId` key left at its default.
final class ARFixed: Object {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var at = Date(timeIntervalSince1970: 1_000)
    @Persisted var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    @Persisted var amount: Decimal128 = 3
    @Persisted var label: String?
    @Persisted var bytes = Data([1, 2, 3])
}

/// What `ARPlain` holds, as the model expects it.
private struct ARPlainRow: Equatable {
    var id: Int
    var name = "unnamed"
    var score = 0.5
    var flag = false
    var count = 7
    var note: String?

    init(id: Int) { self.id = id }

    init(_ object: ARPlain) {
        (id, name, score, flag, count, note) = (
            object.id, object.name, object.score, object.flag, object.count, object.note
        )
    }
}

/// What `ARFixed` holds.
private struct ARFixedRow: Equatable {
    var id: ObjectId
    var at: Date
    var uuid: UUID
    var amount: Decimal128
    var label: String?
    var bytes: Data

    init(_ object: ARFixed) {
        (id, at, uuid, amount, label, bytes) = (
            object._id, object.at, object.uuid, object.amount, object.label, object.bytes
        )
    }
}

@Suite("Added rows")
struct AddedRowTests {
    private func configuration() -> Realm.Configuration { memoryConfiguration([ARPlain.self, ARFixed.self]) }

    @Test("an added object's row holds what the unmanaged object held, set, defaulted, read or refused")
    func plainRowsMatchTheModel() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("AddedRowTests.plainRowsMatchTheModel seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        let realm = try await Realm(configuration: configuration())
        var model: [Int: ARPlainRow] = [:]
        for _ in 0..<8 {
            // One seed per transaction: the write's block is `@Sendable`, so it makes its own generator.
            let (roundSeed, before) = (generator.next(), model)
            let expected = try await realm.write { realm in
                var generator = SeededGenerator(seed: roundSeed)
                var expected = before
                var highest = expected.keys.max() ?? 0
                for _ in 0..<400 {
                    // Keys mostly ascending (the append path), sometimes below or equal to an existing one.
                    let id =
                        Bool.random(using: &generator)
                        ? highest + Int.random(in: 1...3, using: &generator)
                        : Int.random(in: 0...(expected.count + 5), using: &generator)
                    let object = ARPlain()
                    var row = ARPlainRow(id: id)
                    object.id = id
                    if Bool.random(using: &generator) {
                        row.name = "name \(Int.random(in: 0...1_000, using: &generator))"
                        object.name = row.name
                    }
                    if Bool.random(using: &generator) {
                        row.score = Double.random(in: -10...10, using: &generator)
                        object.score = row.score
                    }
                    if Bool.random(using: &generator) {
                        row.flag = Bool.random(using: &generator)
                        object.flag = row.flag
                    }
                    if Bool.random(using: &generator) {
                        row.count = Int.random(in: Int.min...Int.max, using: &generator)
                        object.count = row.count
                    }
                    if Int.random(in: 0..<4, using: &generator) == 0 {
                        row.note = Bool.random(using: &generator) ? "note" : nil
                        object.note = row.note
                    }
                    // A property read before the add keeps its value beside the typed ones.
                    if Int.random(in: 0..<5, using: &generator) == 0 { #expect(object.count == row.count) }
                    if expected[id] != nil {
                        #expect(throws: RealmError.self) { try realm.add(object) }
                        // Refused, the object is unmanaged still and holds every value it had; under a free key
                        // it is added with them.
                        #expect(object.realm == nil)
                        #expect(ARPlainRow(object) == row)
                        let free = max(highest, id) + 1
                        object.id = free
                        row.id = free
                    }
                    try realm.add(object)
                    #expect(ARPlainRow(object) == row)
                    expected[row.id] = row
                    highest = max(highest, row.id)
                }
                return expected
            }
            model = expected
            let stored = await realm.read { realm in
                Dictionary(uniqueKeysWithValues: realm.objects(ARPlain.self).map { ($0.id, ARPlainRow($0)) })
            }
            #expect(stored == model, "seed \(seed)")
        }
    }

    @Test("fixed-width values, an ObjectId key and a Date left at their defaults, and nulls are stored as held")
    func fixedRowsMatchTheModel() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("AddedRowTests.fixedRowsMatchTheModel seed \(seed)")
        let realm = try await Realm(configuration: configuration())
        let expected = try await realm.write { realm in
            var generator = SeededGenerator(seed: seed)
            var expected: [ObjectId: ARFixedRow] = [:]
            for index in 0..<1_500 {
                let object = ARFixed()
                if Bool.random(using: &generator) {
                    object.at = Date(
                        timeIntervalSince1970: Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 8
                    )
                }
                if Bool.random(using: &generator) { object.uuid = UUID() }
                if Bool.random(using: &generator) { object.amount = Decimal128(integerLiteral: Int64(index)) }
                if Bool.random(using: &generator) {
                    object.label = Bool.random(using: &generator) ? "label \(index)" : nil
                }
                if Bool.random(using: &generator) {
                    object.bytes = Data((0..<Int.random(in: 0...40, using: &generator)).map { UInt8($0) })
                }
                let row = ARFixedRow(object)
                try realm.add(object)
                #expect(ARFixedRow(object) == row)
                expected[row.id] = row
            }
            return expected
        }
        let stored = await realm.read { realm in
            Dictionary(uniqueKeysWithValues: realm.objects(ARFixed.self).map { ($0._id, ARFixedRow($0)) })
        }
        #expect(stored.count == 1_500)
        #expect(stored == expected, "seed \(seed)")
    }
}

import Foundation
import Strata
import StrataTestSupport
import Testing

/// A model whose `Int`, `Double`, `Bool` and `String` properties take the typed read and write paths of live objects
/// (RowReader.swift, WriteTransaction+TypedSets.swift), and an optional one that takes the general path.
final class TypedRow: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var count = 0
    @Persisted var ratio = 0.0
    @Persisted var flag = false
    @Persisted var text = ""
    @Persisted var maybe: Int?
}

/// The values of one `TypedRow`, as the model keeps them.
private struct RowValues: Equatable, Sendable, CustomStringConvertible {
    var count = 0
    var ratio = 0.0
    var flag = false
    var text = ""
    var maybe: Int?

    init() {}

    var description: String {
        "(\(count), \(ratio), \(flag), \(text.utf8.count) bytes \(text.prefix(6).debugDescription), \(maybe.map(String.init) ?? "nil"))"
    }

    init(_ row: TypedRow) {
        count = row.count
        ratio = row.ratio
        flag = row.flag
        text = row.text
        maybe = row.maybe
    }
}

/// One step of the random stream. `held` steps use an object kept from earlier in the same write (whose row the realm
/// may have moved meanwhile); the others look the object up again.
private enum Step: Sendable {
    case insert(Int, RowValues)
    case delete(Int)
    case setCount(Int, Int, held: Bool)
    case setRatio(Int, Double, held: Bool)
    case setFlag(Int, Bool, held: Bool)
    case setText(Int, String, held: Bool)
    case setMaybe(Int, Int?, held: Bool)
    case read(Int, held: Bool)
}

// Live objects read and write their common properties through a borrowed view of their row, kept while the realm's
// generation is unchanged. This checks that against a model over thousands of random steps: inserts and deletes that
// split and merge leaves, sets through objects held while other writes move rows, reads in the write, in the next
// read and after a commit, texts long enough to live in blobs.
@Suite("Typed property reads and writes of live objects against a model")
struct TypedPropertyPathTests {
    @Test("random inserts, deletes, sets and reads, held and looked-up objects, every value as the model says")
    func randomSteps() async throws {
        let seed = UInt64.random(in: 0..<UInt64.max)
        print("TypedPropertyPathTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let realm = try await Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("typed.strata"),
                objectTypes: [TypedRow.self]
            )
        )
        var model: [Int: RowValues] = [:]
        var nextId = 0
        func text(_ random: inout SeededGenerator) -> String {
            let length = [0, 1, 7, 40, 300, 5_000][Int.random(in: 0..<6, using: &random)]
            return String(repeating: "ab€", count: length / 3 + 1).prefix(length).description
        }
        for round in 0..<25 {
            var steps: [Step] = []
            for _ in 0..<Int.random(in: 20..<120, using: &random) {
                let ids = Array(model.keys)
                let pick = ids.isEmpty ? nil : ids[Int.random(in: 0..<ids.count, using: &random)]
                let held = Bool.random(using: &random)
                let choice = pick == nil ? 0 : Int.random(in: 0..<10, using: &random)
                switch choice {
                case 0, 1:
                    for _ in 0..<Int.random(in: 1..<40, using: &random) {
                        var values = RowValues()
                        values.count = Int.random(in: -1_000...1_000, using: &random)
                        values.text = text(&random)
                        model[nextId] = values
                        steps.append(.insert(nextId, values))
                        nextId += 1
                    }
                case 2:
                    model[pick!] = nil
                    steps.append(.delete(pick!))
                case 3:
                    let value = Int.random(in: Int.min...Int.max, using: &random)
                    model[pick!]!.count = value
                    steps.append(.setCount(pick!, value, held: held))
                case 4:
                    let value = Double.random(in: -1e9...1e9, using: &random)
                    model[pick!]!.ratio = value
                    steps.append(.setRatio(pick!, value, held: held))
                case 5:
                    let value = Bool.random(using: &random)
                    model[pick!]!.flag = value
                    steps.append(.setFlag(pick!, value, held: held))
                case 6:
                    let value = text(&random)
                    model[pick!]!.text = value
                    steps.append(.setText(pick!, value, held: held))
                case 7:
                    let value = Bool.random(using: &random) ? nil : Int.random(in: -5...5, using: &random)
                    model[pick!]!.maybe = value
                    steps.append(.setMaybe(pick!, value, held: held))
                default:
                    steps.append(.read(pick!, held: held))
                }
            }
            let expected = model
            let steps2 = steps
            let problems = try await realm.write { realm in
                try Self.apply(steps2, expected: expected, in: realm)
            }
            #expect(problems.isEmpty, "seed \(seed), round \(round): \(problems.prefix(5))")
            // After the commit: every object, read from a fresh read, held across reads of the others.
            let found = await realm.read { realm in
                let rows = Array(realm.objects(TypedRow.self).sorted(byKeyPath: "id"))
                let first = rows.map { ($0.id, RowValues($0)) }
                let again = rows.map { ($0.id, RowValues($0)) }
                return first.elementsEqual(again, by: { $0 == $1 }) ? first : []
            }
            #expect(found.map(\.0) == model.keys.sorted(), "seed \(seed), round \(round)")
            for (id, values) in found where model[id] != values {
                Issue.record("seed \(seed), round \(round): object \(id) reads \(values), not \(model[id]!)")
            }
        }
    }

    /// Applies `steps` in a write; returns the reads that differ from the model (`expected` is the state after
    /// every step, so a read is checked only against values no later step of the batch changes).
    private static func apply(_ steps: [Step], expected: [Int: RowValues], in realm: isolated Realm) throws -> [String]
    {
        var held: [Int: TypedRow] = [:]
        var current: [Int: RowValues] = [:]
        for row in realm.objects(TypedRow.self) { current[row.id] = RowValues(row) }
        var problems: [String] = []
        func object(_ id: Int, held useHeld: Bool) -> TypedRow {
            if useHeld, let row = held[id] { return row }
            let row = realm.object(ofType: TypedRow.self, forPrimaryKey: id)!
            held[id] = row
            return row
        }
        for step in steps {
            switch step {
            case .insert(let id, let values):
                let row = TypedRow()
                row.id = id
                row.count = values.count
                row.text = values.text
                try realm.add(row)
                held[id] = row
                current[id] = values
            case .delete(let id):
                try realm.delete(object(id, held: true))
                held[id] = nil
                current[id] = nil
            case .setCount(let id, let value, let useHeld):
                object(id, held: useHeld).count += 0
                object(id, held: useHeld).count = value
                current[id]!.count = value
            case .setRatio(let id, let value, let useHeld):
                object(id, held: useHeld).ratio = value
                current[id]!.ratio = value
            case .setFlag(let id, let value, let useHeld):
                object(id, held: useHeld).flag = value
                current[id]!.flag = value
            case .setText(let id, let value, let useHeld):
                object(id, held: useHeld).text = value
                current[id]!.text = value
            case .setMaybe(let id, let value, let useHeld):
                object(id, held: useHeld).maybe = value
                current[id]!.maybe = value
            case .read(let id, let useHeld):
                let values = RowValues(object(id, held: useHeld))
                if values != current[id] { problems.append("object \(id) reads \(values), not \(current[id]!)") }
            }
        }
        if current != expected { problems.append("the batch's own model differs from the test's") }
        for (id, row) in held where RowValues(row) != current[id] {
            problems.append("held object \(id) reads \(RowValues(row)) at the end, not \(current[id]!)")
        }
        return problems
    }
}

import Strata
import Testing

// Seed 000's value methods are constrained on `Element.PersistedType`, not on `Element`: a collection of a
// `FailableCustomPersistable` type or of an Int-backed `PersistableEnum` (and of optionals of them) has `min()`,
// `max()`, `sum()`, `average()`, `sorted(ascending:)`, `distinct()` and `sectioned(by:ascending:)` whenever its stored
// type has them, and `RealmCollectionBase` is `RealmCollection`'s parent. These lines compile only while that holds.

/// An Int-backed enum whose sums land on cases.
enum SeedLevel: Int, PersistableEnum {
    case zero, one, two, three, four, five, six, seven, eight, nine, ten
}

/// Collections of failable custom values and of enums, plain and optional.
final class SeedValueHolder: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var evens: List<OMEven>
    @Persisted var optionalEvens: List<OMEven?>
    @Persisted var evenSet: MutableSet<OMEven>
    @Persisted var levels: List<SeedLevel>
    @Persisted var optionalLevels: List<SeedLevel?>
}

/// The count of a generic Realm collection, through the seed's parent protocol.
private func baseCount<C: RealmCollectionBase>(_ collection: C) -> Int { collection.count }

@Suite("Seed conformance: value methods of failable custom and enum collections")
struct SeedPersistedTypeConformanceTests {
    /// Evens 6, 2, 4 (and nil in the optional list), levels three, one, two (and nil).
    static func fill(_ holder: SeedValueHolder) {
        let evens = [6, 2, 4].map { OMEven(persistedValue: $0)! }
        holder.evens.append(objectsIn: evens)
        holder.optionalEvens.append(objectsIn: [evens[0], nil, evens[1], evens[2]])
        holder.evenSet.insert(objectsIn: evens)
        holder.levels.append(objectsIn: [.three, .one, .two])
        holder.optionalLevels.append(objectsIn: [.three, nil, .one, .two])
    }

    /// The answers of one holder, managed or not, as plain values.
    static func answers(_ holder: SeedValueHolder) -> [String: [Int?]] {
        [
            "evens min max sum": [holder.evens.min()?.value, holder.evens.max()?.value, holder.evens.sum().value],
            "optional evens min max sum": [
                holder.optionalEvens.min()??.value, holder.optionalEvens.max()??.value,
                holder.optionalEvens.sum()?.value,
            ],
            "set min max sum": [holder.evenSet.min()?.value, holder.evenSet.max()?.value, holder.evenSet.sum().value],
            "levels min max sum": [
                holder.levels.min()?.rawValue, holder.levels.max()?.rawValue, holder.levels.sum().rawValue,
            ],
            "optional levels sum": [holder.optionalLevels.sum()?.rawValue],
            "averages x 10": [
                (holder.evens.average() as Double?).map { Int($0 * 10) },
                (holder.optionalEvens.average() as Double?).map { Int($0 * 10) },
                (holder.levels.average() as Double?).map { Int($0 * 10) },
                (holder.optionalLevels.average() as Double?).map { Int($0 * 10) },
            ],
            "base counts": [baseCount(holder.evens), baseCount(holder.optionalLevels)],
        ]
    }

    static let expected: [String: [Int?]] = [
        "evens min max sum": [2, 6, 12],
        "optional evens min max sum": [2, 6, 12],
        "set min max sum": [2, 6, 12],
        "levels min max sum": [1, 3, 6],
        "optional levels sum": [6],
        "averages x 10": [40, 40, 20, 20],
        "base counts": [3, 4],
    ]

    @Test("Aggregates by the stored form, unmanaged and managed")
    func aggregates() async throws {
        let unmanaged = SeedValueHolder()
        Self.fill(unmanaged)
        #expect(Self.answers(unmanaged) == Self.expected)

        let realm = try await Realm(configuration: memoryConfiguration([SeedValueHolder.self]))
        let managed = try await realm.write { realm in
            let holder = SeedValueHolder(value: ["id": 1])
            Self.fill(holder)
            try realm.add(holder)
            return Self.answers(holder)
        }
        #expect(managed == Self.expected)
    }

    @Test("Sorted, distinct and sectioned by the stored form")
    func sortsAndSections() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SeedValueHolder.self]))
        try await realm.write { realm in
            let holder = SeedValueHolder(value: ["id": 1])
            Self.fill(holder)
            holder.evens.append(OMEven(persistedValue: 2)!)
            try realm.add(holder)
        }
        let outcome = await realm.read { realm in
            let holder = realm.object(ofType: SeedValueHolder.self, forPrimaryKey: 1)!
            let sections = holder.evens.sectioned(by: { $0.value >= 4 }, ascending: false)
            return (
                holder.evens.sorted(ascending: true).map(\.value),
                holder.evens.sorted(ascending: false).map(\.value),
                holder.evens.distinct().map(\.value),
                holder.optionalEvens.sorted(ascending: true).map { $0?.value },
                holder.optionalEvens.distinct().map { $0?.value },
                sections.map { section in [section.key ? 1 : 0] + section.map(\.value) }
            )
        }
        #expect(outcome.0 == [2, 2, 4, 6])
        #expect(outcome.1 == [6, 4, 2, 2])
        #expect(outcome.2 == [6, 2, 4])
        #expect(outcome.3 == [nil, 2, 4, 6])
        #expect(outcome.4 == [6, nil, 2, 4])
        #expect(outcome.5 == [[1, 6, 4], [0, 2, 2]])
    }
}

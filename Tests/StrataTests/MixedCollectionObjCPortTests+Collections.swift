import Foundation
import Strata
import Testing

// The mixed collections (`anyBoolObj` … `anyUUIDObj`, each holding values of one kind) of realm-swift's Objective-C
// primitive collection suites, `Realm/Tests/PrimitiveSetPropertyTests.m`,
// `Realm/Tests/PrimitiveDictionaryPropertyTests.m` and `Realm/Tests/PrimitiveArrayPropertyTests.m`, which
// PrimitiveObjCPortTests runs for every other value type only:
//   - the set suite's testSort, testIndexOfObjectSorted, testIndexOfObjectDistinct and testSetValueForKey: a mixed set
//     stores a repeated value once, gives both values with no sort keys, sorts both ways, finds each value in
//     sorted and distinct results, and `setValue(_:forKey: "self")` leaves the value alone in it;
//   - the dictionary suite's testSort and testIndexOfObjectSorted, on its mixed maps of Bool, Int, Float, String and
//     Data: the values sort both ways, read in key order unsorted, and are found in sorted results;
//   - the list suite's testSetValueForKey (its one mixed row, Int, run here for every kind): every element becomes
//     the value;
//   - the "can only be sorted on 'self'" refusal of testSort in all three, through Strata's throwing
//     `sorted(checkedByKeyPath:)` (Realm's `sorted(byKeyPath:)` raises; Strata's stops, which a test cannot catch).
//
// Asserted elsewhere, so not here: counts, `index(of:)`, first/last, min/max, sum/average and `value(forKey: "self")`
// of one-kind mixed lists, sets and maps (AnyRealmValuePortTests+Lists.swift,
// AnyRealmValuePortTests+SetsAndMaps.swift); the order of mixed values of different kinds and their distinctness
// (CollectionSemanticsTests+PrimitiveValues.swift, mixedOrder); aggregates of mixed lists in queries
// (MixedCollectionQueryTests, PrimitiveObjCPortTests+Queries.swift); queries on mixed lists, sets and maps
// (TypedCollectionQueryPortTests). Skipped: the Objective-C exceptions for sorting an unmanaged collection, and
// testIndexOfObjectDistinct of the dictionary suite (Realm Swift's `Map` has no `distinct`). The list suite's testSort
// has no mixed rows beyond the refusals, its testIndexOfObjectSorted and testIndexOfObjectDistinct none.

/// One mixed list, set and map, as the `any…Obj` properties of Realm's `AllPrimitiveArrays`, `AllPrimitiveSets` and
/// `AllDictionariesObject` (one property serves every kind: each case uses a fresh object).
final class MCOCollections: Object {
    @Persisted var anyList: List<AnyRealmValue>
    @Persisted var anySet: MutableSet<AnyRealmValue>
    @Persisted var anyMap: Map<String, AnyRealmValue>
}

extension MCOKind {
    /// The smaller of the suites' two values of this kind (`$v0`).
    var v0: AnyRealmValue {
        switch self {
        case .bool: .bool(false)
        case .int: .int(2)
        case .float: .float(2.2)
        case .double: .double(2.2)
        case .string: .string("a")
        case .data: .data(mcoData(1))
        case .date: .date(mcoDate(1))
        case .decimal128: .decimal128(Decimal128(number: 1))
        case .objectId: .objectId(mcoObjectId(1))
        case .uuid: .uuid(mcoUUIDs[0])
        }
    }

    /// The larger of the two (`$v1`).
    var v1: AnyRealmValue {
        switch self {
        case .bool: .bool(true)
        case .int: .int(3)
        case .float: .float(3.3)
        case .double: .double(3.3)
        case .string: .string("b")
        case .data: .data(mcoData(2))
        case .date: .date(mcoDate(2))
        case .decimal128: .decimal128(Decimal128(number: 2))
        case .objectId: .objectId(mcoObjectId(2))
        case .uuid: .uuid(mcoUUIDs[1])
        }
    }

    /// `v0` as the plain value the suites pass to `setValue:forKey:` (an `NSNumber`, `NSData`, … there).
    var plain0: Any {
        switch v0 {
        case .bool(let v): v
        case .int(let v): v
        case .float(let v): v
        case .double(let v): v
        case .string(let v): v
        case .data(let v): v
        case .date(let v): v
        case .decimal128(let v): v
        case .objectId(let v): v
        case .uuid(let v): v
        default: preconditionFailure("no plain form")
        }
    }

    /// The kinds of the dictionary suite's mixed maps.
    static let mapKinds: [MCOKind] = [.bool, .int, .float, .string, .data]
}

/// The texts of a sequence of mixed values.
private func mcoTexts<S: Sequence>(_ values: S) -> [String] where S.Element == AnyRealmValue { values.map(mcoText) }

/// Runs `body` on a fresh `MCOCollections` created in a write of a fresh in-memory realm.
private func onManagedCollections(_ body: @escaping @Sendable (MCOCollections) throws -> Void) async throws {
    let realm = try await Realm(configuration: MixedCollectionObjCPortTests.configuration())
    try await realm.write { realm in try body(try realm.create(MCOCollections.self)) }
}

extension MixedCollectionObjCPortTests {
    @Test(
        "A mixed set of one kind stores a value once, sorts both ways, finds values in sorted and distinct results",
        arguments: MCOKind.allCases
    )
    func setSortAndDistinct(_ kind: MCOKind) async throws {
        try await onManagedCollections { object in
            let (v0, v1) = (kind.v0, kind.v1)
            let (t0, t1) = (mcoText(v0), mcoText(v1))
            let set = object.anySet
            set.insert(objectsIn: [v0, v1, v0])
            #expect(set.count == 2, "a repeated value is stored once")
            #expect(Set(mcoTexts(set.sorted(by: [Strata.SortDescriptor]()))) == [t0, t1], "no sort keys")
            #expect(mcoTexts(set.sorted(ascending: true)) == [t0, t1], "ascending")
            #expect(mcoTexts(set.sorted(ascending: false)) == [t1, t0], "descending")
            #expect(mcoTexts(set.sorted(byKeyPath: "self", ascending: false)) == [t1, t0], "by self, descending")

            set.insert(objectsIn: [v0, v1, v0, v1])
            let descending = set.sorted(ascending: false)
            #expect([descending.index(of: v1), descending.index(of: v0)] == [0, 1], "index(of:) in sorted results")
            let distinct = set.distinct()
            #expect(distinct.count == 2, "distinct() of a set is the set")
            #expect(Set([distinct.index(of: v0), distinct.index(of: v1)]) == [0, 1], "index(of:) in distinct()")
        }
    }

    @Test(
        "A mixed map of one kind sorts its values both ways, unsorted in key order, and finds them in sorted results",
        arguments: MCOKind.mapKinds
    )
    func mapSort(_ kind: MCOKind) async throws {
        try await onManagedCollections { object in
            let (v0, v1) = (kind.v0, kind.v1)
            let (t0, t1) = (mcoText(v0), mcoText(v1))
            let map = object.anyMap
            map["key1"] = v0
            map["key2"] = v1
            #expect(mcoTexts(map.sorted(by: [Strata.SortDescriptor]())) == [t0, t1], "no sort keys: key order")
            #expect(mcoTexts(map.sorted(ascending: true)) == [t0, t1], "ascending")
            #expect(mcoTexts(map.sorted(ascending: false)) == [t1, t0], "descending")
            let descending = map.sorted(ascending: false)
            #expect([descending.index(of: v0), descending.index(of: v1)] == [1, 0], "index(of:) in sorted results")
        }
    }

    @Test(
        "setValue(_:forKey: \"self\") fills a mixed list with the value and leaves it alone in a mixed set",
        arguments: MCOKind.allCases
    )
    func setValueForSelf(_ kind: MCOKind) async throws {
        @Sendable func check(_ object: MCOCollections, _ label: String) {
            let (v0, v1) = (kind.v0, kind.v1)
            object.anyList.append(objectsIn: [v0, v1])
            object.anySet.insert(objectsIn: [v0, v1])
            object.anyList.setValue(kind.plain0, forKey: "self")
            object.anySet.setValue(kind.plain0, forKey: "self")
            #expect(mcoTexts(object.anyList) == [mcoText(v0), mcoText(v0)], "\(label): the list")
            #expect(mcoTexts(object.anySet) == [mcoText(v0)], "\(label): the set")
        }
        check(MCOCollections(), "unmanaged")
        try await onManagedCollections { object in check(object, "managed") }
    }

    @Test("Sorting a managed mixed list, set or map by a key path other than self is refused (testSort)")
    func sortNotSelf() async throws {
        try await onManagedCollections { object in
            object.anyList.append(.int(1))
            object.anySet.insert(.int(1))
            object.anyMap["key1"] = .int(1)
            let messages = [
                Result { try object.anyList.sorted(checkedByKeyPath: "not self", ascending: false) },
                Result { try object.anySet.sorted(checkedByKeyPath: "not self", ascending: false) },
                Result { try object.anyMap.sorted(checkedByKeyPath: "not self", ascending: false) },
            ].map { result -> String in
                switch result {
                case .success: "sorted"
                case .failure(let error): "\(error)"
                }
            }
            #expect(!messages.contains("sorted"), "each is refused: \(messages)")
            let refusal = "Cannot sort on key path 'not self': arrays of 'mixed' can only be sorted on 'self'"
            for (name, message) in zip(["list", "set", "map"], messages) {
                #expect(message.contains(refusal), "\(name): \(message)")
            }
        }
    }
}

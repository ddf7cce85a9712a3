import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testContainsIn, testCollectionFromProperty, testListContainsObject,
// testSetContainsObject, the object rows of testListContainsAnyInObject and testSetContainsAnyInObject, and
// testColumnComparison's basic and one-link rows (its string-column rows are in TypedQueryTests).

/// testContainsIn: `in` realm-swift's pair (which holds the object's value) matches; NOT `in` the value alone does
/// not.
func tcqIn<Root: Object>(_ scalars: [TCQScalar<Root>]) -> [TCQRow] {
    scalars.flatMap { scalar in
        [
            tcq("\(scalar.name).in(pair)", 1, scalar.inPair),
            tcq("!\(scalar.name).in([value])", 0) { !scalar.inValue($0) },
        ]
    }
}

/// testCollectionFromProperty: a link object's own list, set and map of objects, filtered by one property each.
func tcqFromProperty<Link: Object, Child: Object>(
    _ link: Link.Type,
    list: @escaping @Sendable (Link) -> List<Child>,
    set: @escaping @Sendable (Link) -> MutableSet<Child>,
    map: @escaping @Sendable (Link) -> Map<String, Child?>,
    _ scalars: [TCQScalar<Child>]
) -> [TCQRow] {
    scalars.flatMap { scalar in
        [
            TCQRow("list.where { \(scalar.name) }", 1) { realm in
                list(realm.objects(Link.self).first!).where(scalar.equal).count
            },
            TCQRow("set.where { \(scalar.name) }", 1) { realm in
                set(realm.objects(Link.self).first!).where(scalar.equal).count
            },
            TCQRow("map.where { \(scalar.name) }", 1) { realm in
                map(realm.objects(Link.self).first!).where(scalar.equalThroughLink).count
            },
        ]
    }
}

@Suite("Typed queries: IN, collections of a property, objects in collections and column comparisons, from realm-swift")
struct TCQColumnTests {
    static let inRows: [TCQRow] =
        tcqIn(TCQScalars.allTypes) + tcqIn(TCQScalars.customTypes) + tcqIn(TCQScalars.optionalAllTypes)
        + tcqIn(TCQScalars.optionalCustomTypes)

    static let fromPropertyRows: [TCQRow] =
        tcqFromProperty(
            TCQLinkToAllTypes.self,
            list: { $0.list },
            set: { $0.set },
            map: { $0.map },
            TCQScalars.allTypes + TCQScalars.optionalAllTypes
        )
        + tcqFromProperty(
            TCQLinkToCustomTypes.self,
            list: { $0.list },
            set: { $0.set },
            map: { $0.map },
            TCQScalars.customTypes + TCQScalars.optionalCustomTypes
        )

    /// testColumnComparison: each property compared with itself; `objectCol` is nil, so its paths compare nil with nil.
    static let columnRows: [TCQRow] = [
        tcq("stringEnumCol == stringEnumCol", 1) { (q: Query<TCQAllTypes>) in q.stringEnumCol == q.stringEnumCol },
        tcq("stringCol != stringCol", 0) { (q: Query<TCQAllTypes>) in q.stringCol != q.stringCol },
        tcq("stringEnumCol != stringEnumCol", 0) { (q: Query<TCQAllTypes>) in q.stringEnumCol != q.stringEnumCol },
        tcq("stringEnumCol > stringEnumCol", 0) { (q: Query<TCQAllTypes>) in q.stringEnumCol > q.stringEnumCol },
        tcq("stringCol > stringCol", 0) { (q: Query<TCQAllTypes>) in q.stringCol > q.stringCol },
        tcq("stringEnumCol >= stringEnumCol", 1) { (q: Query<TCQAllTypes>) in q.stringEnumCol >= q.stringEnumCol },
        tcq("stringCol >= stringCol", 1) { (q: Query<TCQAllTypes>) in q.stringCol >= q.stringCol },
        tcq("stringEnumCol < stringEnumCol", 0) { (q: Query<TCQAllTypes>) in q.stringEnumCol < q.stringEnumCol },
        tcq("stringCol < stringCol", 0) { (q: Query<TCQAllTypes>) in q.stringCol < q.stringCol },
        tcq("stringEnumCol <= stringEnumCol", 1) { (q: Query<TCQAllTypes>) in q.stringEnumCol <= q.stringEnumCol },
        tcq("stringCol <= stringCol", 1) { (q: Query<TCQAllTypes>) in q.stringCol <= q.stringCol },
        tcq("intCol > intCol", 0) { (q: Query<TCQAllTypes>) in q.intCol > q.intCol },
        tcq("intEnumCol > intEnumCol", 0) { (q: Query<TCQAllTypes>) in q.intEnumCol > q.intEnumCol },
        tcq("intCol >= intCol", 1) { (q: Query<TCQAllTypes>) in q.intCol >= q.intCol },
        tcq("intEnumCol >= intEnumCol", 1) { (q: Query<TCQAllTypes>) in q.intEnumCol >= q.intEnumCol },
        tcq("intCol < intCol", 0) { (q: Query<TCQAllTypes>) in q.intCol < q.intCol },
        tcq("intEnumCol < intEnumCol", 0) { (q: Query<TCQAllTypes>) in q.intEnumCol < q.intEnumCol },
        tcq("intCol <= intCol", 1) { (q: Query<TCQAllTypes>) in q.intCol <= q.intCol },
        tcq("intEnumCol <= intEnumCol", 1) { (q: Query<TCQAllTypes>) in q.intEnumCol <= q.intEnumCol },
        tcq("optStringCol == optStringCol", 1) { (q: Query<TCQAllTypes>) in q.optStringCol == q.optStringCol },
        tcq("optStringCol != optStringCol", 0) { (q: Query<TCQAllTypes>) in q.optStringCol != q.optStringCol },
        tcq("optIntCol > optIntCol", 0) { (q: Query<TCQAllTypes>) in q.optIntCol > q.optIntCol },
        tcq("optIntCol >= optIntCol", 1) { (q: Query<TCQAllTypes>) in q.optIntCol >= q.optIntCol },
        tcq("optIntCol < optIntCol", 0) { (q: Query<TCQAllTypes>) in q.optIntCol < q.optIntCol },
        tcq("optIntCol <= optIntCol", 1) { (q: Query<TCQAllTypes>) in q.optIntCol <= q.optIntCol },
        tcq("objectCol.stringCol == objectCol.stringCol", 1) { (q: Query<TCQAllTypes>) in
            q.objectCol.stringCol == q.objectCol.stringCol
        },
        tcq("objectCol.stringCol != objectCol.stringCol", 0) { (q: Query<TCQAllTypes>) in
            q.objectCol.stringCol != q.objectCol.stringCol
        },
        tcq("objectCol.intCol > objectCol.intCol", 0) { (q: Query<TCQAllTypes>) in
            q.objectCol.intCol > q.objectCol.intCol
        },
        tcq("objectCol.intCol >= objectCol.intCol", 1) { (q: Query<TCQAllTypes>) in
            q.objectCol.intCol >= q.objectCol.intCol
        },
        tcq("objectCol.intCol < objectCol.intCol", 0) { (q: Query<TCQAllTypes>) in
            q.objectCol.intCol < q.objectCol.intCol
        },
        tcq("objectCol.intCol <= objectCol.intCol", 1) { (q: Query<TCQAllTypes>) in
            q.objectCol.intCol <= q.objectCol.intCol
        },
        tcq("objectCol.optStringCol == objectCol.optStringCol", 1) { (q: Query<TCQAllTypes>) in
            q.objectCol.optStringCol == q.objectCol.optStringCol
        },
        tcq("objectCol.optStringCol != objectCol.optStringCol", 0) { (q: Query<TCQAllTypes>) in
            q.objectCol.optStringCol != q.objectCol.optStringCol
        },
        tcq("objectCol.optIntCol > objectCol.optIntCol", 0) { (q: Query<TCQAllTypes>) in
            q.objectCol.optIntCol > q.objectCol.optIntCol
        },
        tcq("objectCol.optIntCol >= objectCol.optIntCol", 1) { (q: Query<TCQAllTypes>) in
            q.objectCol.optIntCol >= q.objectCol.optIntCol
        },
        tcq("objectCol.optIntCol < objectCol.optIntCol", 0) { (q: Query<TCQAllTypes>) in
            q.objectCol.optIntCol < q.objectCol.optIntCol
        },
        tcq("objectCol.optIntCol <= objectCol.optIntCol", 1) { (q: Query<TCQAllTypes>) in
            q.objectCol.optIntCol <= q.objectCol.optIntCol
        },
        // Realm refuses comparing two collection columns ("Comparing two collection columns is not permitted."),
        // which `$0.arrayCol == $0.arrayCol` raises; the query string must be refused too (-1).
        tcqText(TCQAllTypes.self, "arrayCol == arrayCol", -1),
        tcqText(TCQAllTypes.self, "arrayCol != arrayCol", -1),
    ]

    @Test("IN with the first two values matches every scalar property; NOT IN its own value does not")
    func containsIn() async throws {
        try await tcqCheck(Self.inRows)
    }

    @Test("An object's own list, set and map of objects filter with where { } on every property type")
    func collectionFromProperty() async throws {
        let realm = try await tcqRealm()
        try await realm.write { realm in
            let all = realm.objects(TCQAllTypes.self).first!
            let linkAll = TCQLinkToAllTypes()
            linkAll.list.append(all)
            linkAll.set.insert(all)
            linkAll.map["foo"] = all
            try realm.add(linkAll)
            let custom = realm.objects(TCQCustomTypes.self).first!
            let linkCustom = TCQLinkToCustomTypes()
            linkCustom.list.append(custom)
            linkCustom.set.insert(custom)
            linkCustom.map["foo"] = custom
            try realm.add(linkCustom)
        }
        await tcqCheck(Self.fromPropertyRows, in: realm)
    }

    @Test("A property compared with itself, directly and through a nil link")
    func columnComparison() async throws {
        try await tcqCheck(Self.columnRows)
    }

    @Test("A list and a set of objects contain an object, and containsAny(in:) finds it, once they hold it")
    func collectionContainsObject() async throws {
        let realm = try await tcqRealm()
        let count: @Sendable (isolated Realm) -> [Int] = { realm in
            let object = realm.objects(TCQAllTypes.self).first!
            let holders = realm.objects(TCQCollectionObject.self)
            return [
                holders.where { $0.list.contains(object) }.count,
                holders.where { $0.set.contains(object) }.count,
                holders.where { $0.list.containsAny(in: [object]) }.count,
                holders.where { $0.set.containsAny(in: [object]) }.count,
            ]
        }
        try await realm.write { realm in try realm.add(TCQCollectionObject()) }
        #expect(await realm.read(count) == [0, 0, 0, 0])
        try await realm.write { realm in
            let object = realm.objects(TCQAllTypes.self).first!
            let holder = realm.objects(TCQCollectionObject.self).first!
            holder.list.append(object)
            holder.set.insert(object)
        }
        #expect(await realm.read(count) == [1, 1, 1, 1])
    }
}

import Foundation
import Strata
import Testing

// Facts of realm-swift's Objective-C `Realm/Tests/ObjectTests.m`: testIsDeleted, testEquality (without its other
// realm: a live object cannot be carried to another realm's actor), testExactRepresentationOfDatesAroundNow,
// testExactRepresentationOfDatesAroundDistantFuture, testExactRepresentationOfDatesAroundEpoch,
// testExactRepresentationOfDatesAroundReferenceDate, testDatesOutsideOfTimestampRange (its two dates just inside the
// range; NaN, infinite and out-of-range dates stop the process in Strata, where Realm clamps them),
// testDefaultValuesFromNoValuePresent, testDefaultValuesFromNSNull, testCreateOrUpdate (a nullable string key) and
// testDeletedObjectDescription.
//
// Left out: testKeyedSubscripting, testCannotUpdatePrimaryKey, testDataTypes, testDateDistantFuture/Past,
// testDynamicDefaultPropertyValues, testCanUseIgnoredProperty, testCreateInRealmValidation*, testPrimaryKey,
// testObjectForKey, testObjectDescription, testObjectCycleDescription, testDataObjectDescription, testIsInvalidated,
// testCreateInRealmReusesExistingObjects, testCreateInRealmReusesExistingNestedObjectsByPrimaryKey,
// testCreateOrUpdateNestedObjects, testIsDeleted's create with a deleted object, the frozen object tests (asserted by
// ObjectSemanticsTests, AccessorPortTests, ValueCoercionPortTests, RealmPrimaryKeyLookupTests, DescriptionTests,
// ObjectPortTests+Descriptions, ObjectCreationSemanticsTests, CreateAndAddSemanticsTests and FreezeTests);
// testCreateOrUpdateWithReorderedColumns (a schema with properties in another order); testCreateInRealmCopiesFromOtherRealm (two realms' objects in one block: each realm is an actor);
// testObjectSubclass, testObjectSubclassAddedAtRuntime, testClassExtension, testObjectInSet, testCrossThreadAccess
// (Objective-C runtime and threads); testAddingObjectNotInSchemaThrows (DESIGN.md: a type first used is added);
// testDataSizeLimits and testStringSizeLimits (realm-core's 16 MB node limit); testUnmanagedRealmObjectUnknownKey and
// testManagedObjectUnknownKey (they stop the process).

/// The value of each property of `ROTDefaults` given to `create`, other than its default.
private let rotDefaultInputs: [(key: String, value: any Sendable)] = [
    ("intCol", 98), ("floatCol", Float(231)), ("doubleCol", 123_732.9231), ("boolCol", false),
    ("dateCol", Date(timeIntervalSince1970: 454_321)), ("stringCol", "Westeros"), ("binaryCol", Data("inputData".utf8)),
]

/// The properties of `ROTDefaults`.
private let rotDefaultKeys = ["intCol", "floatCol", "doubleCol", "boolCol", "dateCol", "stringCol", "binaryCol"]

/// A property's value as text.
private func rotText(_ value: Any?) -> String {
    guard let value, !(value is NSNull) else { return "nil" }
    return "\(value)"
}

extension ResultsObjectPortTests {
    @Test(
        """
        a deleted object is invalidated, whether deleted directly or through a query; adding it again throws, and \
        it has no realm
        """
    )
    func deletedObjects() async throws {
        let realm = try await rotRealm()
        let box = LiveObjectBox()
        let before = try await realm.write { realm in
            let first = ROTInt(value: [1])
            let unmanaged = first.isInvalidated
            try realm.add(first)
            let second = try realm.create(ROTInt.self, value: [2])
            box.object = first
            return [unmanaged, first.isInvalidated, second.isInvalidated]
        }
        #expect(before == [false, false, false])
        let after = try await realm.write { realm in
            let first = try #require(box.object)
            let second = try #require(realm.objects(ROTInt.self).filter("intCol == 2").first)
            try realm.delete(first)
            try realm.delete(try #require(realm.objects(ROTInt.self).first))
            #expect(throws: RealmError.self) { try realm.add(first) }
            return [first.isInvalidated, second.isInvalidated]
        }
        #expect(after == [true, true])
        await realm.read { _ in
            #expect(box.object?.isInvalidated == true)
            #expect(box.object?.realm == nil)
        }
    }

    @Test("an object is the same as itself and as its own row read again, and not another object or an unmanaged one")
    func sameObject() async throws {
        let realm = try await rotRealm()
        let answers = try await realm.write { realm in
            let object = ROTInt()
            let other = ROTInt()
            var answers = [object.isSameObject(as: object), !object.isSameObject(as: other)]
            try realm.add(object)
            answers.append(!object.isSameObject(as: other))
            answers.append(object.isSameObject(as: realm.objects(ROTInt.self)[0]))
            try realm.add(ROTInt())
            try realm.create(ROTString.self)
            answers.append(!object.isSameObject(as: realm.objects(ROTInt.self)[1]))
            answers.append(!object.isSameObject(as: realm.objects(ROTString.self)[0]))
            return answers
        }
        #expect(answers == [true, true, true, true, true, true])
    }

    @Test(
        "every date a step apart around a moment reads back exactly",
        arguments: [
            ("now", Date().timeIntervalSinceReferenceDate),
            ("distant future", Date.distantFuture.timeIntervalSinceReferenceDate),
            ("1970", Date(timeIntervalSince1970: 0).timeIntervalSinceReferenceDate),
        ]
    )
    func datesAroundAMoment(_ name: String, _ moment: TimeInterval) async throws {
        let realm = try await rotRealm()
        let mismatches = try await realm.write { realm in
            let object = try realm.create(ROTDate.self)
            var mismatches: [Double] = []
            var time = moment - 0.001
            while time < moment + 0.001 {
                let date = Date(timeIntervalSinceReferenceDate: time)
                object.dateCol = date
                if object.dateCol != date { mismatches.append(time) }
                time = time.nextUp
            }
            return mismatches
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(3))")
    }

    @Test(
        "a date keeps whole nanoseconds, rounded toward the reference date",
        arguments: [
            (1e-9.nextDown, true), (1e-9, false), (0.0.nextDown, true), ((-1e-9).nextUp, true), (-1e-9, false),
        ]
    )
    func datesNearTheReferenceDate(_ seconds: TimeInterval, _ readsZero: Bool) async throws {
        let realm = try await rotRealm()
        let zero = Date(timeIntervalSinceReferenceDate: 0)
        let read = try await realm.write { realm in
            let object = try realm.create(ROTDate.self, value: [zero])
            #expect(object.dateCol == zero)
            object.dateCol = Date(timeIntervalSinceReferenceDate: seconds)
            return object.dateCol
        }
        #expect(
            (read == zero) == readsZero,
            "\(seconds) read back as \(rotText(read?.timeIntervalSinceReferenceDate))"
        )
    }

    @Test("the dates just inside what a timestamp holds (2^63 seconds either side of 1970) read back exactly")
    func datesAtTheEndsOfTheTimestampRange() async throws {
        let top = Double(UInt64(1) << 63) + 0.999_999_999
        let justUnderMax = Date(timeIntervalSince1970: top.nextDown)
        let justOverMin = Date(timeIntervalSince1970: (-top).nextUp)
        let cases: [(String, Date, Date)] = [
            ("just under the largest", justUnderMax, justUnderMax),
            ("just over the smallest", justOverMin, justOverMin),
        ]
        let realm = try await rotRealm()
        let reads = try await realm.write { realm in
            let object = try realm.create(ROTDate.self, value: [Date()])
            return cases.map { name, date, _ in
                object.dateCol = date
                return (name, object.dateCol)
            }
        }
        for ((name, read), (_, _, expected)) in zip(reads, cases) {
            #expect(read == expected, "\(name): \(rotText(read?.timeIntervalSince1970))")
        }
    }

    @Test("a property missing from create's dictionary takes its default value", arguments: rotDefaultKeys)
    func defaultForAMissingValue(_ missing: String) async throws {
        let realm = try await rotRealm()
        let reads = try await realm.write { realm in
            var value: [String: Any] = [:]
            for (key, input) in rotDefaultInputs where key != missing { value[key] = input }
            let object = try realm.create(ROTDefaults.self, value: value)
            return rotDefaultInputs.map { rotText(object.value(forKey: $0.key)) }
        }
        let defaults = ROTDefaults()
        let expected = rotDefaultInputs.map { key, input in
            key == missing ? rotText(defaults.value(forKey: key)) : rotText(input)
        }
        #expect(reads == expected)
    }

    @Test(
        "NSNull in create's dictionary leaves an optional property nil and is refused for any other",
        arguments: rotDefaultKeys
    )
    func nullInCreate(_ nulled: String) async throws {
        let realm = try await rotRealm()
        let optional = ["dateCol", "stringCol", "binaryCol"].contains(nulled)
        let reads = try await realm.write { realm -> [String]? in
            var value: [String: Any] = [:]
            for (key, input) in rotDefaultInputs { value[key] = key == nulled ? NSNull() : input }
            guard let object = try? realm.create(ROTDefaults.self, value: value) else { return nil }
            return rotDefaultInputs.map { rotText(object.value(forKey: $0.key)) }
        }
        if optional {
            let expected = rotDefaultInputs.map { key, input in key == nulled ? "nil" : rotText(input) }
            #expect(reads == expected)
        } else {
            #expect(reads == nil)
        }
    }

    @Test("create with update matches a nullable string key, nil included, and updates the object in place")
    func createOrUpdateWithANullableKey() async throws {
        let realm = try await rotRealm()
        let reads = try await realm.write { realm in
            let first = try realm.create(ROTNullableKey.self, value: ["string", 1], update: .modified)
            let objects = realm.objects(ROTNullableKey.self)
            var reads = [objects.count, first.intCol]
            try realm.create(ROTNullableKey.self, value: ["stringCol": "string2", "intCol": 2], update: .modified)
            reads.append(objects.count)
            try realm.create(ROTNullableKey.self, value: ["intCol": 5], update: .modified)
            try realm.create(ROTNullableKey.self, value: ["intCol": 7], update: .modified)
            reads.append(realm.object(ofType: ROTNullableKey.self, forPrimaryKey: String?.none)?.intCol ?? -1)
            try realm.create(ROTNullableKey.self, value: ["stringCol": NSNull(), "intCol": 11], update: .modified)
            reads.append(realm.object(ofType: ROTNullableKey.self, forPrimaryKey: String?.none)?.intCol ?? -1)
            try realm.create(ROTNullableKey.self, value: ["string", 3], update: .modified)
            reads += [objects.count, first.intCol]
            return reads
        }
        #expect(reads == [1, 1, 2, 7, 11, 3, 3])
    }

    @Test("a deleted object describes itself as an invalid object")
    func deletedObjectDescription() async throws {
        let realm = try await rotRealm()
        let description = try await realm.write { realm in
            let object = try realm.create(ROTEmployee.self, value: ["Peter", 30, true])
            try realm.delete(object)
            return object.description
        }
        #expect(description == "[invalid object]")
    }
}

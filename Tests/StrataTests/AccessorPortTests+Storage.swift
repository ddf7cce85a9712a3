import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/ObjectAccessorTests.swift (testIntSizes, testLongType,
// testCollectionsDuringResultsFastEnumeration, testPropertiesOutlivingParentObject) and
// RealmSwift/Tests/ModernObjectAccessorTests.swift (testReadInvalidEnumValue's collections): values kept across
// commits, and the property objects of a managed object used without it.

/// Realm's `SwiftAllIntSizesObject`.
final class APTIntSizes: Object {
    @Persisted var int8: Int8
    @Persisted var int16: Int16
    @Persisted var int32: Int32
    @Persisted var int64: Int64
}

/// Realm's `SwiftLongObject`.
final class APTLong: Object {
    @Persisted var longCol: Int64
}

/// The properties of Realm's `SwiftOptionalObject`, `SwiftListObject` and `SwiftMutableSetObject` that
/// testPropertiesOutlivingParentObject keeps (Strata has no `RealmOptional`; its `RealmProperty` stands for both).
final class APTOutliving: Object {
    let otherIntCol = RealmProperty<Int?>()
    @Persisted var int: List<Int>
    @Persisted var intSet: MutableSet<Int>
}

/// Realm's `ModernCollectionsOfEnums`, with the collections testReadInvalidEnumValue fills, and a list of
/// non-optional enums.
final class APTEnumCollections: Object {
    @Persisted var listIntOpt: List<CCNIntEnum?>
    @Persisted var setStringOpt: MutableSet<CCNStringEnum?>
    @Persisted var mapStringOpt: Map<String, CCNStringEnum?>
    @Persisted var listInt: List<CCNIntEnum>
}

/// ``APTEnumCollections`` as raw values, to store a value that is no case (Realm's test adds one through its
/// internal Objective-C collection).
enum APTRawEnums {
    final class APTEnumCollections: Object {
        @Persisted var listIntOpt: List<Int?>
        @Persisted var setStringOpt: MutableSet<String?>
        @Persisted var mapStringOpt: Map<String, String?>
        @Persisted var listInt: List<Int>
    }
}

/// Carries the property objects of a managed object from one block of its realm to a later one.
///
/// `@unchecked Sendable`, with this proof: only blocks run on the realm's actor (`read`/`write` closures of the one
/// realm the property belongs to) read or assign `property`, and that actor runs one job at a time, so no two
/// accesses overlap; the box itself only crosses from one awaited block to the next.
final class APTPropertyBox: @unchecked Sendable {
    var property: RealmProperty<Int?>?
}

extension AccessorPortTests {
    @Test("Integers of each width keep their values set by subscript, setValue and accessor, across add and commit")
    func integerWidths() async throws {
        let (v8, v16, v32, v64) = (Int8(1) << 6, Int16(1) << 12, Int32(1) << 30, Int64(1) << 40)
        @Sendable func reads(_ object: APTIntSizes) -> [String] {
            func zero() { for property in object.objectSchema.properties { object[property.name] = 0 } }
            zero()
            object["int8"] = NSNumber(value: v8)
            object["int16"] = NSNumber(value: v16)
            object["int32"] = NSNumber(value: v32)
            object["int64"] = NSNumber(value: v64)
            let keyed = ["int8", "int16", "int32", "int64"].map { "\(object[$0] ?? "nil")" }
            zero()
            object.setValue(NSNumber(value: v8), forKey: "int8")
            object.setValue(NSNumber(value: v16), forKey: "int16")
            object.setValue(NSNumber(value: v32), forKey: "int32")
            object.setValue(NSNumber(value: v64), forKey: "int64")
            let set = ["int8", "int16", "int32", "int64"].map { "\(object.value(forKey: $0) ?? "nil")" }
            zero()
            (object.int8, object.int16, object.int32, object.int64) = (v8, v16, v32, v64)
            return [keyed, set, ["\(object.int8)", "\(object.int16)", "\(object.int32)", "\(object.int64)"]].map {
                $0.joined(separator: " ")
            }
        }
        let realm = try await Realm(configuration: memoryConfiguration([APTIntSizes.self]))
        let written = try await realm.write { realm -> [String] in
            let object = APTIntSizes()
            let unmanaged = reads(object)
            try realm.add(object)
            return unmanaged + reads(object)
        }
        let expected = "64 4096 1073741824 1099511627776"
        #expect(written == Array(repeating: expected, count: 6))
        let stored = await realm.read { realm in
            realm.objects(APTIntSizes.self).map { "\($0.int8) \($0.int16) \($0.int32) \($0.int64)" }
        }
        #expect(stored == [expected])
    }

    @Test("Int64 values beyond 32 bits are stored, read in insertion order, and updated")
    func longValues() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([APTLong.self]))
        try await realm.write { realm in
            for value: Int64 in [17_179_869_184, 2_147_483_647, -17_179_869_184] {
                try realm.create(APTLong.self, value: [NSNumber(value: value)])
            }
        }
        #expect(await realm.read { $0.objects(APTLong.self).map(\.longCol) } == [1 << 34, (1 << 31) - 1, -(1 << 34)])
        try await realm.write { realm in realm.objects(APTLong.self)[0].longCol = 8_589_934_592 }
        #expect(await realm.read { $0.objects(APTLong.self)[0].longCol } == 1 << 33)
    }

    @Test("Each object of results reads its list and set, by first, last, an iterator and for-in")
    func collectionsWhileIteratingResults() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SSDObject.self, SSDBoolObject.self]))
        try await realm.write { realm in
            let (first, second) = (SSDObject(), SSDObject())
            let (yes, no) = (SSDBoolObject(value: [true]), SSDBoolObject(value: [false]))
            for object in [first, second] {
                object.arrayCol.append(objectsIn: [yes, no])
                object.setCol.insert(objectsIn: [yes, no])
            }
            try realm.add(first)
            try realm.add(second)
        }
        let counts = await realm.read { realm -> [String] in
            let objects = realm.objects(SSDObject.self)
            var iterator = objects.makeIterator()
            let read = [objects.first, objects.last, iterator.next()] + objects.map { Optional($0) }
            return read.map { "\($0?.arrayCol.count ?? -1) \($0?.setCol.count ?? -1)" }
        }
        #expect(counts == Array(repeating: "2 2", count: 5))
    }

    @Test("A managed object's RealmProperty, list and set read and write its row without the object")
    func propertiesOutlivingTheirObject() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([APTOutliving.self]))
        let box = APTPropertyBox()
        let (list, set) = try await realm.write { realm in
            let object = try realm.create(APTOutliving.self, value: ["otherIntCol": 1, "int": [1], "intSet": [1]])
            box.property = object.otherIntCol
            return (object.int, object.intSet)
        }
        @Sendable func state() async -> [String] {
            await realm.read { realm in
                let stored = realm.objects(APTOutliving.self).first!
                return [
                    "\(box.property?.value.map(String.init) ?? "nil") \(Array(list)) \(Array(set))",
                    "\(stored.otherIntCol.value.map(String.init) ?? "nil") \(Array(stored.int)) \(Array(stored.intSet))",
                ]
            }
        }
        #expect(await state() == ["1 [1] [1]", "1 [1] [1]"])
        try await realm.write { _ in
            box.property?.value = 2
            list.append(2)
            set.insert(2)
        }
        #expect(await state() == ["2 [1, 2] [1, 2]", "2 [1, 2] [1, 2]"])
        try await realm.write { _ in
            box.property?.value = nil
            list.removeAll()
            set.removeAll()
        }
        #expect(await state() == ["nil [] []", "nil [] []"])
    }

    /// Stores 10 or "abc" in the collection `kind` names (a list of optional Int enums, a set or a map of optional
    /// String enums; "required": a list of Int enums) through the raw-value form of the model, then reads it
    /// through the enum form: the element's count, and whether it reads nil.
    static func invalidEnumRead(_ kind: String, in directory: TemporaryDirectory = TemporaryDirectory()) async throws
        -> String
    {
        let raw = try await Realm(configuration: directory.configuration([APTRawEnums.APTEnumCollections.self]))
        try await raw.write { realm in
            _ = try realm.create(
                APTRawEnums.APTEnumCollections.self,
                value: [
                    "listIntOpt": [10], "setStringOpt": ["abc"], "mapStringOpt": ["key": "abc"], "listInt": [10],
                ]
            )
        }
        await raw.close()
        let realm = try await Realm(configuration: directory.configuration([APTEnumCollections.self]))
        return await realm.read { realm -> String in
            let object = realm.objects(APTEnumCollections.self)[0]
            switch kind {
            case "list": return "\(object.listIntOpt.count) \(object.listIntOpt[0] == nil)"
            case "set": return "\(object.setStringOpt.count) \(object.setStringOpt[0] == nil)"
            case "required": return "\(object.listInt.count) \(object.listInt[0])"
            default: return "\(object.mapStringOpt.count) \(object.mapStringOpt["key"] == .some(nil))"
            }
        }
    }

    @Test(
        "A stored raw value that is no case reads nil in a list, set or map of optional enums",
        arguments: ["list", "set", "map"]
    )
    func invalidEnumRawValuesInCollections(kind: String) async throws {
        #expect(try await Self.invalidEnumRead(kind) == "1 true")
    }

    @Test("A stored raw value that is no case stops a list of non-optional enums, with Realm's message")
    func invalidEnumRawValueInRequiredList() async throws {
        // The child stops without running deinitializers: it uses the parent's directory, which the parent removes.
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            _ = try await AccessorPortTests.invalidEnumRead("required", in: TemporaryDirectory(existing: path))
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("Could not convert value '10' to type 'CCNIntEnum'."), "\(output.suffix(300))")
    }
}

import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/ModernObjectAccessorTests.swift (setAndTestAllPropertiesViaNormalAccess,
// setAndTestAllPropertiesViaSubscript, setAndTestAllPropertiesViaAccessor's conversions, testUnmanagedAccessors,
// testManagedAccessorsReadFromRealm, testManagedAccessorsAddedToRealm, testReadInvalidEnumValue,
// testObjectWithArcMethodFamilies, setAndTestFailableCustomMappings) and RealmSwift/Tests/ObjectAccessorTests.swift
// (setAndTestAllPropertiesViaNormalAccess, setAndTestRealmPropertyViaAccessor, setAndTestRealmOptionalViaAccessor,
// testIntSizes, testLongType): what a property of each type reads back after it is set through its typed accessor,
// the subscript or `setValue(_:forKey:)`, on an unmanaged object, one made by `create` and one made managed by
// `add`. The model is `CCNAllTypes` (realm-swift's `ModernAllTypesObject`, ColumnNameAndKeyPathPortTests.swift).
//
// Not repeated here: AnyRealmValue payloads and enum raw values through key-value coding
// (KeyValueAndEqualitySemanticsTests.swift), links and embedded objects assigned to managed objects
// (ObjectAccessorSemanticsTests.swift). Collections: AccessorPortTests+Collections.swift.

/// Where the object of an accessor test lives.
enum APTMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A new object, never added.
    case unmanaged
    /// An object made by `realm.create`, in a write.
    case created
    /// A new object given to `realm.add`, in a write.
    case added

    var testDescription: String { rawValue }

    /// The model classes the accessor tests store.
    static let types: [ObjectBase.Type] = [
        CCNAllTypes.self, APTArcNames.self, OCFailableObject.self, CCNCustomTypes.self, CCNWrapBox.self,
    ]

    /// Runs `body` on a new object of type `T` living as this mode says, and returns what it returns.
    func run<T: Object>(_ type: T.Type, _ body: @escaping @Sendable (T) -> [String]) async throws -> [String] {
        if self == .unmanaged { return body(T()) }
        let realm = try await Realm(configuration: memoryConfiguration(Self.types))
        return try await realm.write { [self] realm in
            if self == .created { return body(try realm.create(T.self)) }
            let object = T()
            try realm.add(object)
            return body(object)
        }
    }
}

/// The values realm-swift's accessor tests set.
enum APTValues {
    static let data = Data("b".utf8)
    static let date = Date(timeIntervalSinceReferenceDate: 2)
    static let oid1 = ObjectId("1234567890ab1234567890ab")
    static let oid2 = ObjectId("abcdef123456abcdef123456")
    static let text = "值значен™👍☞⎠‱௹♣︎☐▼❒∑⨌⧭иеمرحبا"
    static let uuid = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!
}

/// One property of ``CCNAllTypes`` and a check of it, which returns a line for each value read back wrongly.
struct APTAccessorRow: Sendable, CustomTestStringConvertible {
    let name: String
    let check: @Sendable (CCNAllTypes) -> [String]
    var testDescription: String { name }

    /// Sets each value through the typed accessor and reads it back.
    static func typed<Value: Equatable & SendableMetatype>(
        _ keyPath: ReferenceWritableKeyPath<CCNAllTypes, Value> & Sendable,
        _ name: String,
        _ values: @escaping @Sendable () -> [Value]
    ) -> APTAccessorRow {
        APTAccessorRow(name: name) { object in
            values().compactMap { value in
                object[keyPath: keyPath] = value
                let read = object[keyPath: keyPath]
                return read == value ? nil : "\(name): set \(value), read \(read)"
            }
        }
    }

    /// Sets each value through the subscript, then through `setValue(_:forKey:)`, and reads it back through the
    /// subscript and `value(forKey:)` as a `Value` (nil: reads nil).
    static func keyed<Value: Equatable & SendableMetatype>(_ name: String, _ values: @escaping @Sendable () -> [Value?])
        -> APTAccessorRow
    {
        APTAccessorRow(name: name) { object in
            values().flatMap { value in setAndRead(object, name, value, expecting: value) }
        }
    }

    /// Sets each value through the subscript, then through `setValue(_:forKey:)`, and expects the value paired with
    /// it to be read back through the subscript and `value(forKey:)` (nil: reads nil).
    static func converted<Value: Equatable & SendableMetatype>(
        _ name: String,
        _ pairs: @escaping @Sendable () -> [(Any?, Value?)]
    )
        -> APTAccessorRow
    {
        APTAccessorRow(name: name) { object in
            pairs().flatMap { value, expected in setAndRead(object, name, value, expecting: expected) }
        }
    }

    /// The reads of `name` that are not `expected`, after `value` is set through the subscript and through
    /// `setValue(_:forKey:)`.
    private static func setAndRead<Value: Equatable>(
        _ object: ObjectBase,
        _ name: String,
        _ value: Any?,
        expecting expected: Value?
    ) -> [String] {
        object[name] = value
        var reads = [object[name], object.value(forKey: name)]
        object.setValue(value, forKey: name)
        reads += [object[name], object.value(forKey: name)]
        return reads.compactMap { read in
            let matches = expected.map { read as? Value == $0 } ?? (read == nil)
            return matches ? nil : "\(name): set \(value ?? "nil"), read \(read ?? "nil")"
        }
    }
}

@Suite("Property accessors of every type, as realm-swift's ModernObjectAccessorTests and ObjectAccessorTests")
struct AccessorPortTests {
    typealias V = APTValues

    /// Each property set through its typed accessor (setAndTestAllPropertiesViaNormalAccess).
    static let typedRows: [APTAccessorRow] = [
        .typed(\.boolCol, "boolCol") { [true, false] },
        .typed(\.intCol, "intCol") { [-1, 0, 1] },
        .typed(\.int8Col, "int8Col") { [-1, 0, 1] },
        .typed(\.int16Col, "int16Col") { [-1, 0, 1] },
        .typed(\.int32Col, "int32Col") { [-1, 0, 1] },
        .typed(\.int64Col, "int64Col") { [-1, 0, 1] },
        .typed(\.floatCol, "floatCol") { [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2] },
        .typed(\.doubleCol, "doubleCol") {
            [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2, 16_777_217]
        },
        .typed(\.stringCol, "stringCol") { ["", V.text] },
        .typed(\.binaryCol, "binaryCol") { [V.data] },
        .typed(\.dateCol, "dateCol") { [V.date] },
        .typed(\.decimalCol, "decimalCol") { ["inf", 1, 0, "0", -1, "-inf"] },
        .typed(\.objectIdCol, "objectIdCol") { [V.oid1, V.oid2] },
        .typed(\.uuidCol, "uuidCol") { [V.uuid] },
        .typed(\.objectCol, "objectCol") { [CCNAllTypes(), nil] },
        .typed(\.intEnumCol, "intEnumCol") { [.value1, .value2] },
        .typed(\.stringEnumCol, "stringEnumCol") { [.value1, .value2] },
        .typed(\.optBoolCol, "optBoolCol") { [true, false, nil] },
        .typed(\.optIntCol, "optIntCol") { [.min, 0, .max, nil] },
        .typed(\.optInt8Col, "optInt8Col") { [.min, 0, .max, nil] },
        .typed(\.optInt16Col, "optInt16Col") { [.min, 0, .max, nil] },
        .typed(\.optInt32Col, "optInt32Col") { [.min, 0, .max, nil] },
        .typed(\.optInt64Col, "optInt64Col") { [.min, 0, .max, nil] },
        .typed(\.optFloatCol, "optFloatCol") { [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2, nil] },
        .typed(\.optDoubleCol, "optDoubleCol") {
            [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2, 16_777_217, nil]
        },
        .typed(\.optStringCol, "optStringCol") { ["", V.text, nil] },
        .typed(\.optBinaryCol, "optBinaryCol") { [V.data, nil] },
        .typed(\.optDateCol, "optDateCol") { [V.date, nil] },
        .typed(\.optDecimalCol, "optDecimalCol") { ["inf", 1, 0, "0", -1, "-inf", nil] },
        .typed(\.optObjectIdCol, "optObjectIdCol") { [V.oid1, V.oid2, nil] },
        .typed(\.optUuidCol, "optUuidCol") { [V.uuid, nil] },
        .typed(\.optIntEnumCol, "optIntEnumCol") { [.value1, .value2, nil] },
        .typed(\.optStringEnumCol, "optStringEnumCol") { [.value1, .value2, nil] },
        .typed(\.anyCol, "anyCol") {
            [
                .none, .int(1), .bool(false), .float(2.2), .double(3.3), .string("str"), .data(V.data), .date(V.date),
                .object(CCNAllTypes()), .objectId(V.oid1), .decimal128(5), .uuid(UUID()),
            ]
        },
    ]

    /// Each property set through the subscript and `setValue(_:forKey:)`, read as its own type
    /// (setAndTestAllPropertiesViaSubscript's testNoConversion).
    static let keyedRows: [APTAccessorRow] = [
        .keyed("boolCol") { [true, false] },
        .keyed("intCol") { [-1, 0, 1] as [Int] },
        .keyed("int8Col") { [-1, 0, 1] as [Int8] },
        .keyed("int16Col") { [-1, 0, 1] as [Int16] },
        .keyed("int32Col") { [-1, 0, 1] as [Int32] },
        .keyed("int64Col") { [-1, 0, 1] as [Int64] },
        .keyed("floatCol") { [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2] as [Float] },
        .keyed("doubleCol") {
            [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2, 16_777_217] as [Double]
        },
        .keyed("stringCol") { ["", V.text] },
        .keyed("binaryCol") { [V.data] },
        .keyed("dateCol") { [V.date] },
        .keyed("decimalCol") { ["inf", 1, 0, "0", -1, "-inf"] as [Decimal128] },
        .keyed("objectIdCol") { [V.oid1, V.oid2] },
        .keyed("uuidCol") { [V.uuid] },
        .keyed("objectCol") { [CCNAllTypes(), nil] },
        .keyed("optBoolCol") { [true, false, nil] },
        .keyed("optIntCol") { [.min, 0, .max, nil] as [Int?] },
        .keyed("optInt8Col") { [.min, 0, .max, nil] as [Int8?] },
        .keyed("optInt16Col") { [.min, 0, .max, nil] as [Int16?] },
        .keyed("optInt32Col") { [.min, 0, .max, nil] as [Int32?] },
        .keyed("optInt64Col") { [.min, 0, .max, nil] as [Int64?] },
        .keyed("optFloatCol") { [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2, nil] as [Float?] },
        .keyed("optDoubleCol") {
            [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 20, 20.2, 16_777_217, nil] as [Double?]
        },
        .keyed("optStringCol") { ["", V.text, nil] },
        .keyed("optBinaryCol") { [V.data, nil] },
        .keyed("optDateCol") { [V.date, nil] },
        .keyed("optDecimalCol") { ["inf", 1, 0, "0", -1, "-inf", nil] as [Decimal128?] },
        .keyed("optObjectIdCol") { [V.oid1, V.oid2, nil] },
        .keyed("optUuidCol") { [V.uuid, nil] },
    ]

    /// Values of another type that the subscript and `setValue(_:forKey:)` convert (the testConversion rows, and
    /// ObjectAccessorTests' numbers given to narrower, Boolean and `Float` properties).
    static let conversionRows: [APTAccessorRow] = [
        .converted("decimalCol") {
            [
                (1, 1 as Decimal128), (2.2 as Float, Decimal128(value: 2.2 as Float)),
                (3.3 as Double, Decimal128(value: 3.3 as Double)), ("4.4", 4.4 as Decimal128),
                (Decimal(5.5), 5.5 as Decimal128),
            ]
        },
        .converted("optDecimalCol") {
            [
                (1, 1 as Decimal128), (2.2 as Float, Decimal128(value: 2.2 as Float)),
                (3.3 as Double, Decimal128(value: 3.3 as Double)), ("4.4", 4.4 as Decimal128),
                (Decimal(5.5), 5.5 as Decimal128), (NSNull(), nil),
            ]
        },
        .converted("int8Col") { [(-1, -1 as Int8), (1, 1 as Int8)] },
        .converted("optInt16Col") { [(-1, -1 as Int16), (NSNull(), nil)] },
        .converted("boolCol") { [(1, true), (0, false), (true, true)] },
        .converted("optBoolCol") { [(1, true), (0, false), (NSNull(), nil)] },
        .converted("floatCol") { [(-20 as Float, -20 as Float), (16_777_217 as Double, 16_777_216 as Float)] },
        .converted("optFloatCol") { [(16_777_217 as Double, 16_777_216 as Float)] },
        .converted("doubleCol") { [(16_777_217 as Double, 16_777_217 as Double)] },
        .converted("optIntEnumCol") { [(CCNIntEnum.value2.rawValue, CCNIntEnum.value2.rawValue), (NSNull(), nil)] },
    ]

    @Test("Each property reads back what its typed accessor set", arguments: APTMode.allCases)
    func typedAccessors(mode: APTMode) async throws {
        let failures = try await mode.run(CCNAllTypes.self) { object in Self.typedRows.flatMap { $0.check(object) } }
        #expect(failures == [])
    }

    @Test("Each property reads back, as its own type, what the subscript and setValue set", arguments: APTMode.allCases)
    func keyedAccessors(mode: APTMode) async throws {
        let failures = try await mode.run(CCNAllTypes.self) { object in Self.keyedRows.flatMap { $0.check(object) } }
        #expect(failures == [])
    }

    @Test("The subscript and setValue convert numbers, strings and decimals as Realm does", arguments: APTMode.allCases)
    func keyedConversions(mode: APTMode) async throws {
        let failures = try await mode.run(CCNAllTypes.self) { object in
            Self.conversionRows.flatMap { $0.check(object) }
        }
        #expect(failures == [])
    }

    @Test("A NaN decimal reads back as NaN, through the accessor and the subscript", arguments: APTMode.allCases)
    func decimalNaN(mode: APTMode) async throws {
        let reads = try await mode.run(CCNAllTypes.self) { object in
            object.decimalCol = "nan"
            object.optDecimalCol = "nan"
            let typed = [object.decimalCol.isNaN, object.optDecimalCol?.isNaN == true]
            object.decimalCol = 0
            object.optDecimalCol = nil
            object["decimalCol"] = Decimal128("nan")
            object["optDecimalCol"] = Decimal128("nan")
            let keyed = ["decimalCol", "optDecimalCol"].map { (object[$0] as? Decimal128)?.isNaN == true }
            return ["\(typed) \(keyed)"]
        }
        #expect(reads == ["[true, true] [true, true]"])
    }

    @Test("A raw value that is no case of an optional enum reads nil", arguments: APTMode.allCases)
    func invalidEnumRawValue(mode: APTMode) async throws {
        let reads = try await mode.run(CCNAllTypes.self) { object in
            object["optIntEnumCol"] = 10
            object["optStringEnumCol"] = "10"
            return [
                "\(object.optIntEnumCol.map { "\($0)" } ?? "nil") \(object["optIntEnumCol"].map { "\($0)" } ?? "nil")",
                "\(object.optStringEnumCol.map { "\($0)" } ?? "nil")",
            ]
        }
        #expect(reads == ["nil nil", "nil"])
    }

    @Test("The object a link is set to sees the link through LinkingObjects once managed", arguments: APTMode.allCases)
    func linkingObjectsOfLinkedObject(mode: APTMode) async throws {
        let reads = try await mode.run(CCNAllTypes.self) { object in
            object.objectCol = CCNAllTypes()
            let typed = object.objectCol!.linkingObjects
            let keyed = (object["objectCol"] as? CCNAllTypes)?["linkingObjects"] as? LinkingObjects<CCNAllTypes>
            return [
                "\(typed.count) \(typed.first.map { $0 == object } ?? false)",
                "\(keyed?.count ?? -1) \(keyed?.first.map { $0 == object } ?? false)",
            ]
        }
        let expected = mode == .unmanaged ? ["0 false", "0 false"] : ["1 true", "1 true"]
        #expect(reads == expected)
    }

    @Test("Properties named like Objective-C's alloc, init, copy and new families are ordinary properties")
    func arcMethodFamilyNames() async throws {
        for mode in APTMode.allCases {
            let reads = try await mode.run(APTArcNames.self) { object in
                object.allocValue = "a"
                object.initValue = "b"
                object.copyValue = "c"
                object.mutableCopyValue = "d"
                object.newValue = "e"
                return [
                    object.allocValue, object.initValue, object.copyValue, object.mutableCopyValue, object.newValue,
                ]
            }
            #expect(reads == ["a", "b", "c", "d", "e"], "\(mode)")
        }
    }

    @Test("A failable custom type set through the subscript: a valid value reads back, a rejected one nil if optional")
    func failableCustomSubscript() async throws {
        for mode in APTMode.allCases {
            let reads = try await mode.run(OCFailableObject.self) { object in
                object["int"] = 2
                object["optInt"] = 2
                let typed = "\(object.int.persistableValue) \(object.optInt?.persistableValue ?? -1)"
                let keyed = "\(object["int"] ?? "nil") \(object["optInt"] ?? "nil")"
                object["optInt"] = 1
                return [typed, keyed, "\(object["optInt"] == nil) \(object.optInt == nil)"]
            }
            #expect(reads == ["2 2", "2 2", "true true"], "\(mode)")
        }
    }
}

extension AccessorPortTests {
    @Test(
        "Key-value coding gives a custom type's persisted value, nil for a nil optional, a collection as it is",
        arguments: APTMode.allCases
    )
    func customTypesThroughKeyValueCoding(mode: APTMode) async throws {
        let reads = try await mode.run(CCNCustomTypes.self) { object in
            object.int = CCNWrap(persistedValue: 5)
            object.string = CCNWrap(persistedValue: "a")
            object.object = CCNEmbeddedWrap(persistedValue: CCNWrapBox(value: ["value": 3]))
            object.optInt = nil
            let unset = "\(object["optInt"] == nil) \(object.value(forKey: "optInt") == nil)"
            object.optInt = CCNWrap(persistedValue: 7)
            object.listInt.append(CCNWrap(persistedValue: 1))
            object.mapOptInt["k"] = CCNWrap(persistedValue: 2)
            return [
                "\(object["int"] as? Int ?? -1) \(object.value(forKey: "string") as? String ?? "-")",
                "\((object["object"] as? CCNWrapBox)?.value ?? -1)",
                unset, "\(object["optInt"] as? Int ?? -1)",
                "\((object["listInt"] as? List<CCNWrap<Int>>)?.map(\.value) ?? [])",
                "\(object.mapOptInt.value(forKey: "k") as? Int ?? -1)",
                "\((object.listInt.value(forKey: "self") as? [Any])?.compactMap { $0 as? Int } ?? [])",
            ]
        }
        #expect(reads == ["5 a", "3", "true true", "7", "[1]", "2", "[1]"])
    }
}

/// Realm's `ObjectWithArcMethodCategoryNames`: names that start like Objective-C's memory-management methods.
final class APTArcNames: Object {
    @Persisted var allocValue: String
    @Persisted var initValue: String
    @Persisted var copyValue: String
    @Persisted var mutableCopyValue: String
    @Persisted var newValue: String
}

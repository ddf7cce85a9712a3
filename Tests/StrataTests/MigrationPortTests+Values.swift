import Foundation
import Strata
import Synchronization
import Testing

// Facts from realm-swift's RealmSwift/Tests/MigrationTests.swift: testBasicTypesInEnumerate (integers of every width,
// enums and an empty mixed value), testAnyInEnumerate (each kind of mixed value), testOptionalsInEnumerate (an optional
// of each type, nil and set) and testCollectionAccess (an empty list, set and map of each type), read through the old
// and the new object of a migration. MigrationObjectTests.swift already asserts the other property kinds.

/// A mixed value of one kind, and what its payload reads as in a migration.
enum MPTAnyKind: String, CaseIterable, Sendable {
    case int, float, double, bool, string, data, date, objectId, decimal128, uuid

    var value: AnyRealmValue {
        switch self {
        case .int: .int(1)
        case .float: .float(1)
        case .double: .double(1)
        case .bool: .bool(true)
        case .string: .string("")
        case .data: .data(Data())
        case .date: .date(Date(timeIntervalSince1970: 5))
        case .objectId: .objectId(ObjectId("1234567890ab1234567890ab"))
        case .decimal128: .decimal128(Decimal128(number: 3))
        case .uuid: .uuid(UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!)
        }
    }

    /// Whether `payload` is this kind's payload, of its Swift type.
    func matches(_ payload: Any?) -> Bool {
        switch self {
        case .int: payload as? Int == 1
        case .float: payload as? Float == 1
        case .double: payload as? Double == 1
        case .bool: payload as? Bool == true
        case .string: payload as? String == ""
        case .data: payload as? Data == Data()
        case .date: payload as? Date == Date(timeIntervalSince1970: 5)
        case .objectId: payload as? ObjectId == ObjectId("1234567890ab1234567890ab")
        case .decimal128: payload as? Decimal128 == 3
        case .uuid: (payload as? UUID)?.uuidString == "137DECC8-B300-4954-A233-F89909F4FD89"
        }
    }
}

/// One collection property of `MPTCollections`: whether a value is that collection, empty, as the old object types it
/// (integers as `Int`) and as the new object does (the model's type).
struct MPTCollectionRow: Sendable {
    let name: String
    let old: @Sendable (Any?) -> Bool
    let new: @Sendable (Any?) -> Bool

    init<Old: Sequence & SendableMetatype, New: Sequence & SendableMetatype>(_ name: String, _: Old.Type, _: New.Type) {
        self.name = name
        old = { ($0 as? Old).map { Array($0).isEmpty } == true }
        new = { ($0 as? New).map { Array($0).isEmpty } == true }
    }
}

extension MigrationPortTests {
    /// Runs a migration of a file holding `object` (an `MPTTyped`, or any object of `types`), and gives what `read`
    /// makes of each old and new object of `className`.
    static func readInMigration(
        _ types: [ObjectBase.Type],
        className: String,
        _ seed: @escaping @Sendable (isolated Realm) throws -> Void,
        _ read: @escaping @Sendable (MigrationObject, MigrationObject) -> [String]
    ) async throws -> [[String]] {
        let directory = try await file(types, seed)
        let rows = Mutex<[[String]]>([])
        _ = try await migrate(directory, types) { migration, _ in
            migration.enumerateObjects(ofType: className) { oldObject, newObject in
                guard let oldObject, let newObject else { return }
                let row = read(oldObject, newObject)
                rows.withLock { $0.append(row) }
            }
        }
        return rows.withLock { $0 }
    }

    @Test("integers read as Int on the old object and as their width on the new; enums as raw values; none as nil")
    func integersEnumsAndNone() async throws {
        let rows = try await Self.readInMigration([MPTTyped.self], className: "MPTTyped") { realm in
            try realm.add(MPTTyped())
        } _: { oldObject, newObject in
            [
                "\(oldObject["int16Col"] as? Int == 123) \(newObject["int16Col"] as? Int16 == 123)",
                "\(oldObject["int64Col"] as? Int == 123) \(newObject["int64Col"] as? Int64 == 123)",
                "\(oldObject["intEnumCol"] as? Int == 1) \(newObject["intEnumCol"] as? Int == 1)",
                "\(oldObject["stringEnumCol"] as? String == "two") \(newObject["stringEnumCol"] as? String == "two")",
                "\(oldObject["anyCol"] == nil) \(newObject["anyCol"] == nil)",
            ]
        }
        #expect(rows == [Array(repeating: "true true", count: 5)])
    }

    @Test(
        "a mixed value's payload reads as its Swift type on the old and the new object",
        arguments: MPTAnyKind.allCases
    )
    func mixedValues(kind: MPTAnyKind) async throws {
        let rows = try await Self.readInMigration([MPTTyped.self], className: "MPTTyped") { realm in
            let object = MPTTyped()
            object.anyCol = kind.value
            try realm.add(object)
        } _: { oldObject, newObject in
            ["\(kind.matches(oldObject["anyCol"])) \(kind.matches(newObject["anyCol"]))"]
        }
        #expect(rows == [["true true"]])
    }

    @Test(
        "an optional of each type reads as nil, or as its value's type (integers as Int on the old object)",
        arguments: [false, true]
    )
    func optionals(set: Bool) async throws {
        let date = Date(timeIntervalSince1970: 9)
        let objectId = ObjectId("1234567890bc1234567890bc")
        let uuid = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89")!
        let rows = try await Self.readInMigration([MPTTyped.self], className: "MPTTyped") { realm in
            let object = MPTTyped()
            if set {
                object.optBool = true
                object.optInt = 1
                object.optInt8 = 2
                object.optInt16 = 3
                object.optInt32 = 4
                object.optInt64 = 5
                object.optFloat = 6.1
                object.optDouble = 7.2
                object.optString = "s"
                object.optData = Data("d".utf8)
                object.optDate = date
                object.optDecimal = 8.3
                object.optObjectId = objectId
                object.optUUID = uuid
            }
            try realm.add(object)
        } _: { oldObject, newObject in
            let checks: [(String, (Any?) -> Bool, (Any?) -> Bool)] = [
                ("optBool", { $0 as? Bool == true }, { $0 as? Bool == true }),
                ("optInt", { $0 as? Int == 1 }, { $0 as? Int == 1 }),
                ("optInt8", { $0 as? Int == 2 }, { $0 as? Int8 == 2 }),
                ("optInt16", { $0 as? Int == 3 }, { $0 as? Int16 == 3 }),
                ("optInt32", { $0 as? Int == 4 }, { $0 as? Int32 == 4 }),
                ("optInt64", { $0 as? Int == 5 }, { $0 as? Int64 == 5 }),
                ("optFloat", { $0 as? Float == 6.1 }, { $0 as? Float == 6.1 }),
                ("optDouble", { $0 as? Double == 7.2 }, { $0 as? Double == 7.2 }),
                ("optString", { $0 as? String == "s" }, { $0 as? String == "s" }),
                ("optData", { $0 as? Data == Data("d".utf8) }, { $0 as? Data == Data("d".utf8) }),
                ("optDate", { $0 as? Date == date }, { $0 as? Date == date }),
                ("optDecimal", { $0 as? Decimal128 == 8.3 }, { $0 as? Decimal128 == 8.3 }),
                ("optObjectId", { $0 as? ObjectId == objectId }, { $0 as? ObjectId == objectId }),
                ("optUUID", { $0 as? UUID == uuid }, { $0 as? UUID == uuid }),
            ]
            return checks.map { name, old, new in
                let values = (oldObject[name], newObject[name])
                return set
                    ? "\(name) \(old(values.0)) \(new(values.1))" : "\(name) \(values.0 == nil) \(values.1 == nil)"
            }
        }
        let names =
            ["Bool", "Int", "Int8", "Int16", "Int32", "Int64", "Float", "Double", "String", "Data", "Date"]
            + ["Decimal", "ObjectId", "UUID"]
        #expect(rows == [names.map { "opt\($0) true true" }])
    }

    static let collectionRows: [MPTCollectionRow] = [
        MPTCollectionRow("listBool", List<Bool>.self, List<Bool>.self),
        MPTCollectionRow("listOptBool", List<Bool?>.self, List<Bool?>.self),
        MPTCollectionRow("setBool", MutableSet<Bool>.self, MutableSet<Bool>.self),
        MPTCollectionRow("setOptBool", MutableSet<Bool?>.self, MutableSet<Bool?>.self),
        MPTCollectionRow("mapBool", Map<String, Bool>.self, Map<String, Bool>.self),
        MPTCollectionRow("mapOptBool", Map<String, Bool?>.self, Map<String, Bool?>.self),
        MPTCollectionRow("listInt8", List<Int>.self, List<Int8>.self),
        MPTCollectionRow("listOptInt8", List<Int?>.self, List<Int8?>.self),
        MPTCollectionRow("setInt8", MutableSet<Int>.self, MutableSet<Int8>.self),
        MPTCollectionRow("setOptInt8", MutableSet<Int?>.self, MutableSet<Int8?>.self),
        MPTCollectionRow("mapInt8", Map<String, Int>.self, Map<String, Int8>.self),
        MPTCollectionRow("mapOptInt8", Map<String, Int?>.self, Map<String, Int8?>.self),
        MPTCollectionRow("listInt16", List<Int>.self, List<Int16>.self),
        MPTCollectionRow("listOptInt16", List<Int?>.self, List<Int16?>.self),
        MPTCollectionRow("setInt16", MutableSet<Int>.self, MutableSet<Int16>.self),
        MPTCollectionRow("setOptInt16", MutableSet<Int?>.self, MutableSet<Int16?>.self),
        MPTCollectionRow("mapInt16", Map<String, Int>.self, Map<String, Int16>.self),
        MPTCollectionRow("mapOptInt16", Map<String, Int?>.self, Map<String, Int16?>.self),
        MPTCollectionRow("listInt32", List<Int>.self, List<Int32>.self),
        MPTCollectionRow("listOptInt32", List<Int?>.self, List<Int32?>.self),
        MPTCollectionRow("setInt32", MutableSet<Int>.self, MutableSet<Int32>.self),
        MPTCollectionRow("setOptInt32", MutableSet<Int?>.self, MutableSet<Int32?>.self),
        MPTCollectionRow("mapInt32", Map<String, Int>.self, Map<String, Int32>.self),
        MPTCollectionRow("mapOptInt32", Map<String, Int?>.self, Map<String, Int32?>.self),
        MPTCollectionRow("listInt64", List<Int>.self, List<Int64>.self),
        MPTCollectionRow("listOptInt64", List<Int?>.self, List<Int64?>.self),
        MPTCollectionRow("setInt64", MutableSet<Int>.self, MutableSet<Int64>.self),
        MPTCollectionRow("setOptInt64", MutableSet<Int?>.self, MutableSet<Int64?>.self),
        MPTCollectionRow("mapInt64", Map<String, Int>.self, Map<String, Int64>.self),
        MPTCollectionRow("mapOptInt64", Map<String, Int?>.self, Map<String, Int64?>.self),
        MPTCollectionRow("listFloat", List<Float>.self, List<Float>.self),
        MPTCollectionRow("listOptFloat", List<Float?>.self, List<Float?>.self),
        MPTCollectionRow("setFloat", MutableSet<Float>.self, MutableSet<Float>.self),
        MPTCollectionRow("setOptFloat", MutableSet<Float?>.self, MutableSet<Float?>.self),
        MPTCollectionRow("mapFloat", Map<String, Float>.self, Map<String, Float>.self),
        MPTCollectionRow("mapOptFloat", Map<String, Float?>.self, Map<String, Float?>.self),
        MPTCollectionRow("listDouble", List<Double>.self, List<Double>.self),
        MPTCollectionRow("listOptDouble", List<Double?>.self, List<Double?>.self),
        MPTCollectionRow("setDouble", MutableSet<Double>.self, MutableSet<Double>.self),
        MPTCollectionRow("setOptDouble", MutableSet<Double?>.self, MutableSet<Double?>.self),
        MPTCollectionRow("mapDouble", Map<String, Double>.self, Map<String, Double>.self),
        MPTCollectionRow("mapOptDouble", Map<String, Double?>.self, Map<String, Double?>.self),
        MPTCollectionRow("listString", List<String>.self, List<String>.self),
        MPTCollectionRow("listOptString", List<String?>.self, List<String?>.self),
        MPTCollectionRow("setString", MutableSet<String>.self, MutableSet<String>.self),
        MPTCollectionRow("setOptString", MutableSet<String?>.self, MutableSet<String?>.self),
        MPTCollectionRow("mapString", Map<String, String>.self, Map<String, String>.self),
        MPTCollectionRow("mapOptString", Map<String, String?>.self, Map<String, String?>.self),
        MPTCollectionRow("listData", List<Data>.self, List<Data>.self),
        MPTCollectionRow("listOptData", List<Data?>.self, List<Data?>.self),
        MPTCollectionRow("setData", MutableSet<Data>.self, MutableSet<Data>.self),
        MPTCollectionRow("setOptData", MutableSet<Data?>.self, MutableSet<Data?>.self),
        MPTCollectionRow("mapData", Map<String, Data>.self, Map<String, Data>.self),
        MPTCollectionRow("mapOptData", Map<String, Data?>.self, Map<String, Data?>.self),
        MPTCollectionRow("listDate", List<Date>.self, List<Date>.self),
        MPTCollectionRow("listOptDate", List<Date?>.self, List<Date?>.self),
        MPTCollectionRow("setDate", MutableSet<Date>.self, MutableSet<Date>.self),
        MPTCollectionRow("setOptDate", MutableSet<Date?>.self, MutableSet<Date?>.self),
        MPTCollectionRow("mapDate", Map<String, Date>.self, Map<String, Date>.self),
        MPTCollectionRow("mapOptDate", Map<String, Date?>.self, Map<String, Date?>.self),
        MPTCollectionRow("listDecimal", List<Decimal128>.self, List<Decimal128>.self),
        MPTCollectionRow("listOptDecimal", List<Decimal128?>.self, List<Decimal128?>.self),
        MPTCollectionRow("setDecimal", MutableSet<Decimal128>.self, MutableSet<Decimal128>.self),
        MPTCollectionRow("setOptDecimal", MutableSet<Decimal128?>.self, MutableSet<Decimal128?>.self),
        MPTCollectionRow("mapDecimal", Map<String, Decimal128>.self, Map<String, Decimal128>.self),
        MPTCollectionRow("mapOptDecimal", Map<String, Decimal128?>.self, Map<String, Decimal128?>.self),
        MPTCollectionRow("listObjectId", List<ObjectId>.self, List<ObjectId>.self),
        MPTCollectionRow("listOptObjectId", List<ObjectId?>.self, List<ObjectId?>.self),
        MPTCollectionRow("setObjectId", MutableSet<ObjectId>.self, MutableSet<ObjectId>.self),
        MPTCollectionRow("setOptObjectId", MutableSet<ObjectId?>.self, MutableSet<ObjectId?>.self),
        MPTCollectionRow("mapObjectId", Map<String, ObjectId>.self, Map<String, ObjectId>.self),
        MPTCollectionRow("mapOptObjectId", Map<String, ObjectId?>.self, Map<String, ObjectId?>.self),
        MPTCollectionRow("listUUID", List<UUID>.self, List<UUID>.self),
        MPTCollectionRow("listOptUUID", List<UUID?>.self, List<UUID?>.self),
        MPTCollectionRow("setUUID", MutableSet<UUID>.self, MutableSet<UUID>.self),
        MPTCollectionRow("setOptUUID", MutableSet<UUID?>.self, MutableSet<UUID?>.self),
        MPTCollectionRow("mapUUID", Map<String, UUID>.self, Map<String, UUID>.self),
        MPTCollectionRow("mapOptUUID", Map<String, UUID?>.self, Map<String, UUID?>.self),
        MPTCollectionRow("listAny", List<AnyRealmValue>.self, List<AnyRealmValue>.self),
        MPTCollectionRow("setAny", MutableSet<AnyRealmValue>.self, MutableSet<AnyRealmValue>.self),
        MPTCollectionRow("mapAny", Map<String, AnyRealmValue>.self, Map<String, AnyRealmValue>.self),
    ]

    @Test("an empty list, set or map of each type reads as its typed collection on the old and the new object")
    func emptyCollections() async throws {
        let rows = try await Self.readInMigration([MPTCollections.self], className: "MPTCollections") { realm in
            try realm.add(MPTCollections())
        } _: { oldObject, newObject in
            Self.collectionRows.map { row in "\(row.old(oldObject[row.name])) \(row.new(newObject[row.name]))" }
        }
        #expect(rows.count == 1)
        for (row, seen) in zip(Self.collectionRows, rows.first ?? []) {
            #expect(seen == "true true", "\(row.name): [old, new]")
        }
        #expect(Self.collectionRows.count == 81)
    }
}

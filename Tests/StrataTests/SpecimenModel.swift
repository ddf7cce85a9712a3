import Foundation
import Strata

/// One object type with a property of every kind, for the query conformance table.
final class Specimen: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var bool = false
    @Persisted var int8: Int8 = 0
    @Persisted var int16: Int16 = 0
    @Persisted var int32: Int32 = 0
    @Persisted var int64: Int64 = 0
    @Persisted var float: Float = 0
    @Persisted var double: Double = 0
    @Persisted var string = ""
    @Persisted var data = Data()
    @Persisted var date = Date(timeIntervalSince1970: 0)
    @Persisted var decimal: Decimal128 = 0
    @Persisted var objectId = specimenObjectId(0)
    @Persisted var uuid = specimenUUID(0)
    @Persisted var any: AnyRealmValue
    @Persisted var mood = Mood.happy
    @Persisted var optInt: Int?
    @Persisted var optFloat: Float?
    @Persisted var optDouble: Double?
    @Persisted var optString: String?
    @Persisted var optData: Data?
    @Persisted var optDate: Date?
    @Persisted var optDecimal: Decimal128?
    @Persisted var optObjectId: ObjectId?
    @Persisted var optUUID: UUID?
    @Persisted var optBool: Bool?
    @Persisted var ints: List<Int>
    @Persisted var optInts: List<Int?>
    @Persisted var doubles: List<Double>
    @Persisted var strings: List<String>
    @Persisted var dates: List<Date>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var intMap: Map<String, Int>
    @Persisted var stringMap: Map<String, String?>
    @Persisted var friend: Specimen?
    @Persisted var friends: List<Specimen>
    @Persisted var friendSet: MutableSet<Specimen>
    @Persisted(originProperty: "friends") var fans: LinkingObjects<Specimen>
}

/// ObjectId 0000…00nn.
func specimenObjectId(_ number: Int) -> ObjectId {
    ObjectId(bytes: Array(repeating: 0, count: 11) + [UInt8(number)])
}

/// UUID 00000000-0000-0000-0000-0000000000nn.
func specimenUUID(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", number))!
}

/// A UTC date from `yyyy-MM-dd` or `yyyy-MM-dd HH:mm`.
func specimenDate(_ text: String) -> Date {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = text.count > 10 ? "yyyy-MM-dd HH:mm" : "yyyy-MM-dd"
    return formatter.date(from: text)!
}

/// The fixed data set of the conformance table: six specimens, ids 1…6 (see the table in QueryConformanceTests).
func makeSpecimens(_ realm: Realm) async throws {
    try await realm.write { realm in
        func decimal(_ text: String) -> Decimal128 { try! Decimal128(string: text) }
        var specimens: [Specimen] = []
        for id in 1...6 {
            let specimen = Specimen()
            specimen.id = id
            specimen.objectId = specimenObjectId(id)
            specimen.uuid = specimenUUID(id)
            specimens.append(specimen)
        }
        let (s1, s2, s3, s4, s5, s6) = (
            specimens[0], specimens[1], specimens[2], specimens[3], specimens[4], specimens[5]
        )
        // Scalars: bool, int8, int16, int32, int64, float, double, string, data, date, decimal, any, mood.
        let scalars:
            [(Bool, Int8, Int16, Int32, Int64, Float, Double, String, [UInt8], String, String, AnyRealmValue, Mood)] = [
                (
                    true, -5, 300, 70000, 5_000_000_000, 1.5, -2.25, "alpha", [1, 2, 3], "2000-01-01", "1.10", .int(5),
                    .happy
                ),
                (false, 0, -300, -1, 0, 0, 0, "", [], "1970-01-01", "0", .string("5"), .grumpy),
                (true, 127, 1, 2, 3, -0.5, 100.125, "Beta", [0xFF], "2024-02-29", "99.99", .double(5), .happy),
                (false, -128, 32767, 42, -7, 3.25, 1e10, "gamma ray", [1, 2], "1969-12-31", "-1.5", .none, .grumpy),
                (true, 1, 2, 3, 4, 1.5, 2.5, "Ärger", [2, 3], "2010-06-15 12:30", "2.5", .bool(true), .happy),
                (
                    false, 64, 64, 64, 64, 64, 64, "Alpha", [1, 2, 3, 4], "2030-12-31", "64",
                    .date(specimenDate("2000-01-01")), .happy
                ),
            ]
        for (specimen, row) in zip(specimens, scalars) {
            specimen.bool = row.0
            specimen.int8 = row.1
            specimen.int16 = row.2
            specimen.int32 = row.3
            specimen.int64 = row.4
            specimen.float = row.5
            specimen.double = row.6
            specimen.string = row.7
            specimen.data = Data(row.8)
            specimen.date = specimenDate(row.9)
            specimen.decimal = decimal(row.10)
            specimen.any = row.11
            specimen.mood = row.12
        }
        // Optionals.
        let optionals: [(Int?, Float?, Double?, String?, [UInt8]?, String?, String?, Int?, Int?, Bool?)] = [
            (10, nil, 0.5, "x", nil, "2020-01-01", "2.5", 1, nil, true),
            (nil, 2.5, nil, nil, [9], nil, nil, nil, 2, false),
            (-10, 0, nil, "", [], "1999-12-31", "0", nil, nil, nil),
            (0, nil, 7.75, "X", nil, nil, nil, 4, 4, nil),
            (nil, -1, nil, "xyz", [1], "2020-01-01", "-3", nil, nil, true),
            (10, 2.5, 0.5, nil, nil, nil, "100", nil, 6, false),
        ]
        for (specimen, row) in zip(specimens, optionals) {
            specimen.optInt = row.0
            specimen.optFloat = row.1
            specimen.optDouble = row.2
            specimen.optString = row.3
            specimen.optData = row.4.map { Data($0) }
            specimen.optDate = row.5.map(specimenDate)
            specimen.optDecimal = row.6.map(decimal)
            specimen.optObjectId = row.7.map(specimenObjectId)
            specimen.optUUID = row.8.map(specimenUUID)
            specimen.optBool = row.9
        }
        // Collections of values.
        let lists: [([Int], [Int?], [Double], [String], [String])] = [
            ([1, 2, 3], [1, nil], [1.5], ["a", "b"], ["2000-01-01"]),
            ([], [], [], [], []),
            ([5], [nil], [0.5, 0.5], ["A"], []),
            ([3, 3, 3], [3], [-1, 1], ["b", "c", "a"], ["1970-01-01", "2030-01-01"]),
            ([10, -10], [nil, nil], [100], [""], ["2020-01-01"]),
            ([7], [7, 8], [2.5], ["alpha"], []),
        ]
        let sets: [([String], [Int], [String: Int], [String: String?])] = [
            (["red", "green"], [1, 2], ["a": 1, "b": 2], ["k": "v"]),
            ([], [], [:], [:]),
            (["Red"], [5], ["a": 10], ["k": nil]),
            (["blue"], [-1, 0, 1], ["z": 0], ["k": "V", "j": "w"]),
            (["red", "blue", "green"], [100], ["a": 1, "c": 3], ["q": ""]),
            ([], [7], ["b": 5], [:]),
        ]
        for (specimen, (list, set)) in zip(specimens, zip(lists, sets)) {
            specimen.ints.append(objectsIn: list.0)
            specimen.optInts.append(objectsIn: list.1)
            specimen.doubles.append(objectsIn: list.2)
            specimen.strings.append(objectsIn: list.3)
            specimen.dates.append(objectsIn: list.4.map(specimenDate))
            specimen.stringSet.insert(objectsIn: set.0)
            specimen.intSet.insert(objectsIn: set.1)
            for (key, value) in set.2 { specimen.intMap[key] = value }
            for (key, value) in set.3 { specimen.stringMap[key] = value }
        }
        // Links: friend 1→2, 2→3, 4→1, 5→5; friends and friendSet as below.
        s1.friend = s2
        s2.friend = s3
        s4.friend = s1
        s5.friend = s5
        s1.friends.append(objectsIn: [s2, s3])
        s3.friends.append(s1)
        s4.friends.append(objectsIn: [s1, s2, s3])
        s5.friends.append(objectsIn: [s6, s4])
        s1.friendSet.insert(s4)
        s4.friendSet.insert(objectsIn: [s5, s6])
        s6.friendSet.insert(s1)
        for specimen in specimens { try realm.add(specimen) }
    }
}

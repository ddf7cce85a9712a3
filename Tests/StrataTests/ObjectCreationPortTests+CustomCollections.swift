import Foundation
import Strata
import Testing

// The collections model and value tables of realm-swift's RealmSwift/Tests/CustomObjectCreationTests.swift
// (CustomPersistableCollections): lists, sets and maps of custom persistable types, optional or not.

/// Realm's `CustomPersistableCollections`.
final class OCCustomCollections: Object, OCValueInitializable {
    @Persisted var listBool: List<OCWrap<Bool>>
    @Persisted var listInt: List<OCWrap<Int>>
    @Persisted var listInt8: List<OCWrap<Int8>>
    @Persisted var listInt16: List<OCWrap<Int16>>
    @Persisted var listInt32: List<OCWrap<Int32>>
    @Persisted var listInt64: List<OCWrap<Int64>>
    @Persisted var listFloat: List<OCWrap<Float>>
    @Persisted var listDouble: List<OCWrap<Double>>
    @Persisted var listString: List<OCWrap<String>>
    @Persisted var listBinary: List<OCWrap<Data>>
    @Persisted var listDate: List<OCWrap<Date>>
    @Persisted var listDecimal: List<OCWrap<Decimal128>>
    @Persisted var listObjectId: List<OCWrap<ObjectId>>
    @Persisted var listUuid: List<OCWrap<UUID>>
    @Persisted var listObject: List<OCEmbeddedWrap>
    @Persisted var listOptBool: List<OCWrap<Bool>?>
    @Persisted var listOptInt: List<OCWrap<Int>?>
    @Persisted var listOptInt8: List<OCWrap<Int8>?>
    @Persisted var listOptInt16: List<OCWrap<Int16>?>
    @Persisted var listOptInt32: List<OCWrap<Int32>?>
    @Persisted var listOptInt64: List<OCWrap<Int64>?>
    @Persisted var listOptFloat: List<OCWrap<Float>?>
    @Persisted var listOptDouble: List<OCWrap<Double>?>
    @Persisted var listOptString: List<OCWrap<String>?>
    @Persisted var listOptBinary: List<OCWrap<Data>?>
    @Persisted var listOptDate: List<OCWrap<Date>?>
    @Persisted var listOptDecimal: List<OCWrap<Decimal128>?>
    @Persisted var listOptObjectId: List<OCWrap<ObjectId>?>
    @Persisted var listOptUuid: List<OCWrap<UUID>?>
    @Persisted var setBool: MutableSet<OCWrap<Bool>>
    @Persisted var setInt: MutableSet<OCWrap<Int>>
    @Persisted var setInt8: MutableSet<OCWrap<Int8>>
    @Persisted var setInt16: MutableSet<OCWrap<Int16>>
    @Persisted var setInt32: MutableSet<OCWrap<Int32>>
    @Persisted var setInt64: MutableSet<OCWrap<Int64>>
    @Persisted var setFloat: MutableSet<OCWrap<Float>>
    @Persisted var setDouble: MutableSet<OCWrap<Double>>
    @Persisted var setString: MutableSet<OCWrap<String>>
    @Persisted var setBinary: MutableSet<OCWrap<Data>>
    @Persisted var setDate: MutableSet<OCWrap<Date>>
    @Persisted var setDecimal: MutableSet<OCWrap<Decimal128>>
    @Persisted var setObjectId: MutableSet<OCWrap<ObjectId>>
    @Persisted var setUuid: MutableSet<OCWrap<UUID>>
    @Persisted var setOptBool: MutableSet<OCWrap<Bool>?>
    @Persisted var setOptInt: MutableSet<OCWrap<Int>?>
    @Persisted var setOptInt8: MutableSet<OCWrap<Int8>?>
    @Persisted var setOptInt16: MutableSet<OCWrap<Int16>?>
    @Persisted var setOptInt32: MutableSet<OCWrap<Int32>?>
    @Persisted var setOptInt64: MutableSet<OCWrap<Int64>?>
    @Persisted var setOptFloat: MutableSet<OCWrap<Float>?>
    @Persisted var setOptDouble: MutableSet<OCWrap<Double>?>
    @Persisted var setOptString: MutableSet<OCWrap<String>?>
    @Persisted var setOptBinary: MutableSet<OCWrap<Data>?>
    @Persisted var setOptDate: MutableSet<OCWrap<Date>?>
    @Persisted var setOptDecimal: MutableSet<OCWrap<Decimal128>?>
    @Persisted var setOptObjectId: MutableSet<OCWrap<ObjectId>?>
    @Persisted var setOptUuid: MutableSet<OCWrap<UUID>?>
    @Persisted var mapBool: Map<String, OCWrap<Bool>>
    @Persisted var mapInt: Map<String, OCWrap<Int>>
    @Persisted var mapInt8: Map<String, OCWrap<Int8>>
    @Persisted var mapInt16: Map<String, OCWrap<Int16>>
    @Persisted var mapInt32: Map<String, OCWrap<Int32>>
    @Persisted var mapInt64: Map<String, OCWrap<Int64>>
    @Persisted var mapFloat: Map<String, OCWrap<Float>>
    @Persisted var mapDouble: Map<String, OCWrap<Double>>
    @Persisted var mapString: Map<String, OCWrap<String>>
    @Persisted var mapBinary: Map<String, OCWrap<Data>>
    @Persisted var mapDate: Map<String, OCWrap<Date>>
    @Persisted var mapDecimal: Map<String, OCWrap<Decimal128>>
    @Persisted var mapObjectId: Map<String, OCWrap<ObjectId>>
    @Persisted var mapUuid: Map<String, OCWrap<UUID>>
    @Persisted var mapObject: Map<String, OCEmbeddedWrap>
    @Persisted var mapOptBool: Map<String, OCWrap<Bool>?>
    @Persisted var mapOptInt: Map<String, OCWrap<Int>?>
    @Persisted var mapOptInt8: Map<String, OCWrap<Int8>?>
    @Persisted var mapOptInt16: Map<String, OCWrap<Int16>?>
    @Persisted var mapOptInt32: Map<String, OCWrap<Int32>?>
    @Persisted var mapOptInt64: Map<String, OCWrap<Int64>?>
    @Persisted var mapOptFloat: Map<String, OCWrap<Float>?>
    @Persisted var mapOptDouble: Map<String, OCWrap<Double>?>
    @Persisted var mapOptString: Map<String, OCWrap<String>?>
    @Persisted var mapOptBinary: Map<String, OCWrap<Data>?>
    @Persisted var mapOptDate: Map<String, OCWrap<Date>?>
    @Persisted var mapOptDecimal: Map<String, OCWrap<Decimal128>?>
    @Persisted var mapOptObjectId: Map<String, OCWrap<ObjectId>?>
    @Persisted var mapOptUuid: Map<String, OCWrap<UUID>?>
    @Persisted var mapOptObject: Map<String, OCEmbeddedWrap?>

    /// Realm's `wrappedValues` (or `rawValues` when `raw`): each type's values.
    static func fields(raw: Bool) -> [OCField<OCCustomCollections>] {
        var fields: [OCField<OCCustomCollections>] = []
        fields.append(.wrappedList("listBool", \.listBool, [true, false], raw: raw))
        fields.append(.wrappedList("listInt", \.listInt, [1, 1, 2, 3], raw: raw))
        fields.append(.wrappedList("listInt8", \.listInt8, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedList("listInt16", \.listInt16, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedList("listInt32", \.listInt32, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedList("listInt64", \.listInt64, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedList("listFloat", \.listFloat, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedList("listDouble", \.listDouble, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedList("listString", \.listString, ["a", "b", "c"], raw: raw))
        fields.append(.wrappedList("listBinary", \.listBinary, [ocData("a"), ocData("b")], raw: raw))
        fields.append(.wrappedList("listDate", \.listDate, [ocDate(1), ocDate(2)], raw: raw))
        fields.append(.wrappedList("listDecimal", \.listDecimal, [1, 2], raw: raw))
        fields.append(.wrappedList("listObjectId", \.listObjectId, [ocObjectId(1), ocObjectId(2)], raw: raw))
        fields.append(.wrappedList("listUuid", \.listUuid, [ocUUID(1), ocUUID(2), ocUUID(3)], raw: raw))
        fields.append(
            .list(
                "listObject",
                \.listObject,
                [1, 2, 3].map { OCEmbeddedWrap(value: $0) },
                given: ocRaw(raw, [1, 2, 3].map { OCEmbeddedValue(value: [$0]) })
            )
        )
        fields.append(.wrappedOptionalList("listOptBool", \.listOptBool, [true, false, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptInt", \.listOptInt, [1, 1, 2, 3, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptInt8", \.listOptInt8, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptInt16", \.listOptInt16, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptInt32", \.listOptInt32, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptInt64", \.listOptInt64, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptFloat", \.listOptFloat, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptDouble", \.listOptDouble, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptString", \.listOptString, ["a", "b", "c", nil], raw: raw))
        fields.append(
            .wrappedOptionalList("listOptBinary", \.listOptBinary, [ocData("a"), ocData("b"), nil], raw: raw)
        )
        fields.append(.wrappedOptionalList("listOptDate", \.listOptDate, [ocDate(1), ocDate(2), nil], raw: raw))
        fields.append(.wrappedOptionalList("listOptDecimal", \.listOptDecimal, [1, 2, nil], raw: raw))
        fields.append(
            .wrappedOptionalList("listOptObjectId", \.listOptObjectId, [ocObjectId(1), ocObjectId(2), nil], raw: raw)
        )
        fields.append(
            .wrappedOptionalList("listOptUuid", \.listOptUuid, [ocUUID(1), ocUUID(2), ocUUID(3), nil], raw: raw)
        )
        fields.append(.wrappedSet("setBool", \.setBool, [true, false], raw: raw))
        fields.append(.wrappedSet("setInt", \.setInt, [1, 1, 2, 3], raw: raw))
        fields.append(.wrappedSet("setInt8", \.setInt8, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedSet("setInt16", \.setInt16, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedSet("setInt32", \.setInt32, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedSet("setInt64", \.setInt64, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedSet("setFloat", \.setFloat, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedSet("setDouble", \.setDouble, [1, 2, 3, 1], raw: raw))
        fields.append(.wrappedSet("setString", \.setString, ["a", "b", "c"], raw: raw))
        fields.append(.wrappedSet("setBinary", \.setBinary, [ocData("a"), ocData("b")], raw: raw))
        fields.append(.wrappedSet("setDate", \.setDate, [ocDate(1), ocDate(2)], raw: raw))
        fields.append(.wrappedSet("setDecimal", \.setDecimal, [1, 2], raw: raw))
        fields.append(.wrappedSet("setObjectId", \.setObjectId, [ocObjectId(1), ocObjectId(2)], raw: raw))
        fields.append(.wrappedSet("setUuid", \.setUuid, [ocUUID(1), ocUUID(2), ocUUID(3)], raw: raw))
        fields.append(.wrappedOptionalSet("setOptBool", \.setOptBool, [true, false, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptInt", \.setOptInt, [1, 1, 2, 3, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptInt8", \.setOptInt8, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptInt16", \.setOptInt16, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptInt32", \.setOptInt32, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptInt64", \.setOptInt64, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptFloat", \.setOptFloat, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptDouble", \.setOptDouble, [1, 2, 3, 1, nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptString", \.setOptString, ["a", "b", "c", nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptBinary", \.setOptBinary, [ocData("a"), ocData("b"), nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptDate", \.setOptDate, [ocDate(1), ocDate(2), nil], raw: raw))
        fields.append(.wrappedOptionalSet("setOptDecimal", \.setOptDecimal, [1, 2, nil], raw: raw))
        fields.append(
            .wrappedOptionalSet("setOptObjectId", \.setOptObjectId, [ocObjectId(1), ocObjectId(2), nil], raw: raw)
        )
        fields.append(
            .wrappedOptionalSet("setOptUuid", \.setOptUuid, [ocUUID(1), ocUUID(2), ocUUID(3), nil], raw: raw)
        )
        fields.append(.wrappedMap("mapBool", \.mapBool, ocKeyed([true, false]), raw: raw))
        fields.append(.wrappedMap("mapInt", \.mapInt, ocKeyed([1, 1, 2, 3]), raw: raw))
        fields.append(.wrappedMap("mapInt8", \.mapInt8, ocKeyed([1, 2, 3, 1]), raw: raw))
        fields.append(.wrappedMap("mapInt16", \.mapInt16, ocKeyed([1, 2, 3, 1]), raw: raw))
        fields.append(.wrappedMap("mapInt32", \.mapInt32, ocKeyed([1, 2, 3, 1]), raw: raw))
        fields.append(.wrappedMap("mapInt64", \.mapInt64, ocKeyed([1, 2, 3, 1]), raw: raw))
        fields.append(.wrappedMap("mapFloat", \.mapFloat, ocKeyed([1, 2, 3, 1]), raw: raw))
        fields.append(.wrappedMap("mapDouble", \.mapDouble, ocKeyed([1, 2, 3, 1]), raw: raw))
        fields.append(.wrappedMap("mapString", \.mapString, ocKeyed(["a", "b", "c"]), raw: raw))
        fields.append(.wrappedMap("mapBinary", \.mapBinary, ocKeyed([ocData("a"), ocData("b")]), raw: raw))
        fields.append(.wrappedMap("mapDate", \.mapDate, ocKeyed([ocDate(1), ocDate(2)]), raw: raw))
        fields.append(.wrappedMap("mapDecimal", \.mapDecimal, ocKeyed([1, 2]), raw: raw))
        fields.append(.wrappedMap("mapObjectId", \.mapObjectId, ocKeyed([ocObjectId(1), ocObjectId(2)]), raw: raw))
        fields.append(.wrappedMap("mapUuid", \.mapUuid, ocKeyed([ocUUID(1), ocUUID(2), ocUUID(3)]), raw: raw))
        fields.append(
            .map(
                "mapObject",
                \.mapObject,
                ocKeyed([1, 2, 3].map { OCEmbeddedWrap(value: $0) }),
                given: ocRaw(raw, ocKeyed([1, 2, 3].map { OCEmbeddedValue(value: [$0]) }))
            )
        )
        fields.append(.wrappedOptionalMap("mapOptBool", \.mapOptBool, ocKeyed([true, false, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptInt", \.mapOptInt, ocKeyed([1, 1, 2, 3, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptInt8", \.mapOptInt8, ocKeyed([1, 2, 3, 1, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptInt16", \.mapOptInt16, ocKeyed([1, 2, 3, 1, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptInt32", \.mapOptInt32, ocKeyed([1, 2, 3, 1, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptInt64", \.mapOptInt64, ocKeyed([1, 2, 3, 1, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptFloat", \.mapOptFloat, ocKeyed([1, 2, 3, 1, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptDouble", \.mapOptDouble, ocKeyed([1, 2, 3, 1, nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptString", \.mapOptString, ocKeyed(["a", "b", "c", nil]), raw: raw))
        fields.append(
            .wrappedOptionalMap("mapOptBinary", \.mapOptBinary, ocKeyed([ocData("a"), ocData("b"), nil]), raw: raw)
        )
        fields.append(.wrappedOptionalMap("mapOptDate", \.mapOptDate, ocKeyed([ocDate(1), ocDate(2), nil]), raw: raw))
        fields.append(.wrappedOptionalMap("mapOptDecimal", \.mapOptDecimal, ocKeyed([1, 2, nil]), raw: raw))
        fields.append(
            .wrappedOptionalMap(
                "mapOptObjectId",
                \.mapOptObjectId,
                ocKeyed([ocObjectId(1), ocObjectId(2), nil]),
                raw: raw
            )
        )
        fields.append(
            .wrappedOptionalMap("mapOptUuid", \.mapOptUuid, ocKeyed([ocUUID(1), ocUUID(2), ocUUID(3), nil]), raw: raw)
        )
        fields.append(
            .map(
                "mapOptObject",
                \.mapOptObject,
                ocKeyed([1, 2, 3].map { OCEmbeddedWrap?(OCEmbeddedWrap(value: $0)) }),
                given: ocRaw(raw, ocKeyed([1, 2, 3].map { OCEmbeddedValue(value: [$0]) }))
            )
        )
        return fields
    }

    /// Realm's `nilOptionalValues`: a nil element in each optional collection, a null embedded object in the maps.
    static func nullFields() -> [OCField<OCCustomCollections>] {
        let nulls: [OCField<OCCustomCollections>] = [
            .list("listOptBool", \.listOptBool, [OCWrap<Bool>?.none], given: [NSNull()]),
            .list("listOptInt", \.listOptInt, [OCWrap<Int>?.none], given: [NSNull()]),
            .list("listOptInt8", \.listOptInt8, [OCWrap<Int8>?.none], given: [NSNull()]),
            .list("listOptInt16", \.listOptInt16, [OCWrap<Int16>?.none], given: [NSNull()]),
            .list("listOptInt32", \.listOptInt32, [OCWrap<Int32>?.none], given: [NSNull()]),
            .list("listOptInt64", \.listOptInt64, [OCWrap<Int64>?.none], given: [NSNull()]),
            .list("listOptFloat", \.listOptFloat, [OCWrap<Float>?.none], given: [NSNull()]),
            .list("listOptDouble", \.listOptDouble, [OCWrap<Double>?.none], given: [NSNull()]),
            .list("listOptString", \.listOptString, [OCWrap<String>?.none], given: [NSNull()]),
            .list("listOptBinary", \.listOptBinary, [OCWrap<Data>?.none], given: [NSNull()]),
            .list("listOptDate", \.listOptDate, [OCWrap<Date>?.none], given: [NSNull()]),
            .list("listOptDecimal", \.listOptDecimal, [OCWrap<Decimal128>?.none], given: [NSNull()]),
            .list("listOptObjectId", \.listOptObjectId, [OCWrap<ObjectId>?.none], given: [NSNull()]),
            .list("listOptUuid", \.listOptUuid, [OCWrap<UUID>?.none], given: [NSNull()]),
            .set("setOptBool", \.setOptBool, [OCWrap<Bool>?.none], given: [NSNull()]),
            .set("setOptInt", \.setOptInt, [OCWrap<Int>?.none], given: [NSNull()]),
            .set("setOptInt8", \.setOptInt8, [OCWrap<Int8>?.none], given: [NSNull()]),
            .set("setOptInt16", \.setOptInt16, [OCWrap<Int16>?.none], given: [NSNull()]),
            .set("setOptInt32", \.setOptInt32, [OCWrap<Int32>?.none], given: [NSNull()]),
            .set("setOptInt64", \.setOptInt64, [OCWrap<Int64>?.none], given: [NSNull()]),
            .set("setOptFloat", \.setOptFloat, [OCWrap<Float>?.none], given: [NSNull()]),
            .set("setOptDouble", \.setOptDouble, [OCWrap<Double>?.none], given: [NSNull()]),
            .set("setOptString", \.setOptString, [OCWrap<String>?.none], given: [NSNull()]),
            .set("setOptBinary", \.setOptBinary, [OCWrap<Data>?.none], given: [NSNull()]),
            .set("setOptDate", \.setOptDate, [OCWrap<Date>?.none], given: [NSNull()]),
            .set("setOptDecimal", \.setOptDecimal, [OCWrap<Decimal128>?.none], given: [NSNull()]),
            .set("setOptObjectId", \.setOptObjectId, [OCWrap<ObjectId>?.none], given: [NSNull()]),
            .set("setOptUuid", \.setOptUuid, [OCWrap<UUID>?.none], given: [NSNull()]),
            .map("mapOptBool", \.mapOptBool, ["0": OCWrap<Bool>?.none], given: ["0": NSNull()]),
            .map("mapOptInt", \.mapOptInt, ["0": OCWrap<Int>?.none], given: ["0": NSNull()]),
            .map("mapOptInt8", \.mapOptInt8, ["0": OCWrap<Int8>?.none], given: ["0": NSNull()]),
            .map("mapOptInt16", \.mapOptInt16, ["0": OCWrap<Int16>?.none], given: ["0": NSNull()]),
            .map("mapOptInt32", \.mapOptInt32, ["0": OCWrap<Int32>?.none], given: ["0": NSNull()]),
            .map("mapOptInt64", \.mapOptInt64, ["0": OCWrap<Int64>?.none], given: ["0": NSNull()]),
            .map("mapOptFloat", \.mapOptFloat, ["0": OCWrap<Float>?.none], given: ["0": NSNull()]),
            .map("mapOptDouble", \.mapOptDouble, ["0": OCWrap<Double>?.none], given: ["0": NSNull()]),
            .map("mapOptString", \.mapOptString, ["0": OCWrap<String>?.none], given: ["0": NSNull()]),
            .map("mapOptBinary", \.mapOptBinary, ["0": OCWrap<Data>?.none], given: ["0": NSNull()]),
            .map("mapOptDate", \.mapOptDate, ["0": OCWrap<Date>?.none], given: ["0": NSNull()]),
            .map("mapOptDecimal", \.mapOptDecimal, ["0": OCWrap<Decimal128>?.none], given: ["0": NSNull()]),
            .map("mapOptObjectId", \.mapOptObjectId, ["0": OCWrap<ObjectId>?.none], given: ["0": NSNull()]),
            .map("mapOptUuid", \.mapOptUuid, ["0": OCWrap<UUID>?.none], given: ["0": NSNull()]),
            .map("mapObject", \.mapObject, ["0": OCEmbeddedWrap(value: 0)], given: ["0": NSNull()]),
            .map("mapOptObject", \.mapOptObject, ["0": OCEmbeddedWrap?.none], given: ["0": NSNull()]),
        ]
        let replaced = Dictionary(uniqueKeysWithValues: nulls.map { ($0.name, $0) })
        return fields(raw: false).map { replaced[$0.name] ?? $0 }
    }

    /// Realm's `verifyDefault`: every collection empty.
    static func defaultFields() -> [OCField<OCCustomCollections>] {
        [
            .list("listBool", \.listBool, []),
            .list("listInt", \.listInt, []),
            .list("listInt8", \.listInt8, []),
            .list("listInt16", \.listInt16, []),
            .list("listInt32", \.listInt32, []),
            .list("listInt64", \.listInt64, []),
            .list("listFloat", \.listFloat, []),
            .list("listDouble", \.listDouble, []),
            .list("listString", \.listString, []),
            .list("listBinary", \.listBinary, []),
            .list("listDate", \.listDate, []),
            .list("listDecimal", \.listDecimal, []),
            .list("listObjectId", \.listObjectId, []),
            .list("listUuid", \.listUuid, []),
            .list("listObject", \.listObject, []),
            .list("listOptBool", \.listOptBool, []),
            .list("listOptInt", \.listOptInt, []),
            .list("listOptInt8", \.listOptInt8, []),
            .list("listOptInt16", \.listOptInt16, []),
            .list("listOptInt32", \.listOptInt32, []),
            .list("listOptInt64", \.listOptInt64, []),
            .list("listOptFloat", \.listOptFloat, []),
            .list("listOptDouble", \.listOptDouble, []),
            .list("listOptString", \.listOptString, []),
            .list("listOptBinary", \.listOptBinary, []),
            .list("listOptDate", \.listOptDate, []),
            .list("listOptDecimal", \.listOptDecimal, []),
            .list("listOptObjectId", \.listOptObjectId, []),
            .list("listOptUuid", \.listOptUuid, []),
            .set("setBool", \.setBool, []),
            .set("setInt", \.setInt, []),
            .set("setInt8", \.setInt8, []),
            .set("setInt16", \.setInt16, []),
            .set("setInt32", \.setInt32, []),
            .set("setInt64", \.setInt64, []),
            .set("setFloat", \.setFloat, []),
            .set("setDouble", \.setDouble, []),
            .set("setString", \.setString, []),
            .set("setBinary", \.setBinary, []),
            .set("setDate", \.setDate, []),
            .set("setDecimal", \.setDecimal, []),
            .set("setObjectId", \.setObjectId, []),
            .set("setUuid", \.setUuid, []),
            .set("setOptBool", \.setOptBool, []),
            .set("setOptInt", \.setOptInt, []),
            .set("setOptInt8", \.setOptInt8, []),
            .set("setOptInt16", \.setOptInt16, []),
            .set("setOptInt32", \.setOptInt32, []),
            .set("setOptInt64", \.setOptInt64, []),
            .set("setOptFloat", \.setOptFloat, []),
            .set("setOptDouble", \.setOptDouble, []),
            .set("setOptString", \.setOptString, []),
            .set("setOptBinary", \.setOptBinary, []),
            .set("setOptDate", \.setOptDate, []),
            .set("setOptDecimal", \.setOptDecimal, []),
            .set("setOptObjectId", \.setOptObjectId, []),
            .set("setOptUuid", \.setOptUuid, []),
            .map("mapBool", \.mapBool, [:]),
            .map("mapInt", \.mapInt, [:]),
            .map("mapInt8", \.mapInt8, [:]),
            .map("mapInt16", \.mapInt16, [:]),
            .map("mapInt32", \.mapInt32, [:]),
            .map("mapInt64", \.mapInt64, [:]),
            .map("mapFloat", \.mapFloat, [:]),
            .map("mapDouble", \.mapDouble, [:]),
            .map("mapString", \.mapString, [:]),
            .map("mapBinary", \.mapBinary, [:]),
            .map("mapDate", \.mapDate, [:]),
            .map("mapDecimal", \.mapDecimal, [:]),
            .map("mapObjectId", \.mapObjectId, [:]),
            .map("mapUuid", \.mapUuid, [:]),
            .map("mapObject", \.mapObject, [:]),
            .map("mapOptBool", \.mapOptBool, [:]),
            .map("mapOptInt", \.mapOptInt, [:]),
            .map("mapOptInt8", \.mapOptInt8, [:]),
            .map("mapOptInt16", \.mapOptInt16, [:]),
            .map("mapOptInt32", \.mapOptInt32, [:]),
            .map("mapOptInt64", \.mapOptInt64, [:]),
            .map("mapOptFloat", \.mapOptFloat, [:]),
            .map("mapOptDouble", \.mapOptDouble, [:]),
            .map("mapOptString", \.mapOptString, [:]),
            .map("mapOptBinary", \.mapOptBinary, [:]),
            .map("mapOptDate", \.mapOptDate, [:]),
            .map("mapOptDecimal", \.mapOptDecimal, [:]),
            .map("mapOptObjectId", \.mapOptObjectId, [:]),
            .map("mapOptUuid", \.mapOptUuid, [:]),
            .map("mapOptObject", \.mapOptObject, [:]),
        ]
    }
}

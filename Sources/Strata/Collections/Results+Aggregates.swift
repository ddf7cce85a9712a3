import Foundation
import StrataCore

extension Results {
    /// The values of one property (through to-one links) of every object, in order, and the property's type
    /// (`.mixed` for ``AnyRealmValue``s, whose sum and average are decimals).
    /// - Throws: ``RealmError/invalidQuery(_:)`` when `keyPath` is not a property the engine can aggregate.
    func propertyValues(_ keyPath: String, operation: String) throws -> (values: [StrataCore.Value], type: ValueType?) {
        if holdsValues {
            guard keyPath == "self" else {
                throw RealmError.invalidQuery(
                    "Invalid property '\(keyPath)' for \(operation) on a collection of values: use 'self'"
                )
            }
            return (primitiveValues, Element.self == AnyRealmValue.self ? .mixed : nil)
        }
        guard let table = source.schema.tables[className] else { return ([], nil) }
        let keys: [ObjectKey]? = isWholeTable ? nil : objectKeys
        return try source.read("Results") { reader in
            do {
                let path = try binder(reader, table).sortPath(keyPath)
                // The whole table and a property of its own: one pass over the column.
                if keys == nil, let column = path.directColumn {
                    return (try reader.table(table.tableKey).columnValues(column), path.valueType)
                }
                let evaluator = QueryEvaluator(reading: reader)
                let keys = try keys ?? reader.table(table.tableKey).keys()
                return (try keys.map { try evaluator.single(path, key: $0) }, path.valueType)
            } catch  where ReadFailure.isDamage(error) {
                // Damage is no invalid property (ReadFailure.swift): it is thrown as what it is.
                throw RealmError.wrapping(error)
            } catch {
                throw RealmError.invalidQuery(
                    "Invalid property '\(keyPath)' for \(operation) on \(className): \(RealmError.wrapping(error))"
                )
            }
        }
    }

    /// An aggregate of a property of the whole table in one pass over its column, when the engine can give one.
    func columnAggregate(_ aggregate: ColumnAggregate, _ keyPath: String) -> StrataCore.Value? {
        guard isWholeTable, let table = source.schema.tables[className] else { return nil }
        return source.read("Results") { reader in
            // Binding reads the schema, not nodes. A failed aggregate (damage included) returns nil: the caller takes
            // the general path, which reads the same nodes through accessors that report damage.
            guard let path = try? binder(reader, table).sortPath(keyPath), let column = path.directColumn else {
                return nil
            }
            return try? reader.table(table.tableKey).aggregate(aggregate, of: column)
        }
    }

    /// The sum of a numeric property (or `self` of values); zero when there are none.
    func aggregateSum<T>(_ property: String) throws -> T {
        if let sum = columnAggregate(.sum, property) {
            return AggregateMath.convert(sum, to: T.self, operation: "sum", property: property)
                ?? AggregateMath.zero(T.self)
        }
        let (values, type) = try propertyValues(property, operation: "sum")
        // realm-core sums the values of a dictionary that was never written to as the integer 0
        // (`Dictionary::sum`), whatever their type; Strata cannot tell that from an emptied one, so every empty
        // map of values sums to it.
        if values.isEmpty, query == nil, let base, base.holdsValues,
            base.ownerTable.info.properties[base.property].typeInfo.collection == .dictionary
        {
            return AggregateMath.zero(T.self)
        }
        return AggregateMath.sum(of: values, as: T.self, property: property, elementType: type)
    }

    /// The average of a numeric property (or `self` of values), or nil when there are none.
    func aggregateAverage<T>(_ property: String) throws -> T? {
        if let average = columnAggregate(.average, property) {
            return AggregateMath.convert(average, to: T.self, operation: "average", property: property)
        }
        let (values, type) = try propertyValues(property, operation: "average")
        return AggregateMath.average(of: values, as: T.self, property: property, elementType: type)
    }

    /// The smallest (or largest) value of a property (or `self` of values), or nil when there are none.
    func aggregateExtreme<T>(_ property: String, smallest: Bool) throws -> T? {
        let operation = smallest ? "min" : "max"
        if let extreme = columnAggregate(smallest ? .minimum : .maximum, property) {
            return AggregateMath.convert(extreme, to: T.self, operation: operation, property: property)
        }
        let values = try propertyValues(property, operation: operation).values
        guard let best = AggregateMath.extreme(values, smallest: smallest) else { return nil }
        return AggregateMath.convert(best, to: T.self, operation: operation, property: property)
    }
}

/// Aggregates as the caller's Swift type. The math is the engine's (``ValueAggregate``), shared with the
/// query language's `@sum`, `@avg`, `@min` and `@max`; this only converts, and adds Realm Swift's own rule for
/// unmanaged collections of ``AnyRealmValue`` (``foundationSum(_:)``).
enum AggregateMath {
    /// The sum of the non-nil `values` as `T`; zero for none. `elementType` `.mixed` sums in decimal.
    static func sum<T>(
        of values: [StrataCore.Value],
        as type: T.Type,
        property: String,
        elementType: ValueType? = nil
    ) -> T {
        let sum = ValueAggregate.sum(values, elementType: elementType)
        return convert(sum, to: T.self, operation: "sum", property: property) ?? zero(T.self)
    }

    /// The average of the non-nil `values` as `T`; nil for none. `elementType` `.mixed` averages in decimal.
    static func average<T>(
        of values: [StrataCore.Value],
        as type: T.Type,
        property: String,
        elementType: ValueType? = nil
    ) -> T? {
        convert(
            ValueAggregate.average(values, elementType: elementType),
            to: T.self,
            operation: "average",
            property: property
        )
    }

    /// The sum of mixed `values` as Realm Swift gives it for an unmanaged collection, whose aggregates are
    /// Foundation's key-value operators: `@sum` adds in decimal and gives an `NSDecimalNumber`, which an
    /// ``AnyRealmValue`` reads as a double; the integer 0 for no numbers.
    static func foundationSum(_ values: [StrataCore.Value]) -> StrataCore.Value {
        guard case .decimal128 = ValueAggregate.average(values, elementType: .mixed) else { return .int(0) }
        return double(ValueAggregate.sum(values, elementType: .mixed))
    }

    /// The average of mixed `values` as Realm Swift gives it for an unmanaged collection (Foundation's `@avg`,
    /// read back as a double, as ``foundationSum(_:)``); null for no numbers.
    static func foundationAverage(_ values: [StrataCore.Value]) -> StrataCore.Value {
        double(ValueAggregate.average(values, elementType: .mixed))
    }

    /// A decimal as the double `NSDecimalNumber.doubleValue` gives; anything else as it is.
    private static func double(_ value: StrataCore.Value) -> StrataCore.Value {
        guard case .decimal128(let bytes) = value else { return value }
        return .double(NSDecimalNumber(decimal: Decimal128(storageBytes: bytes).decimalValue).doubleValue)
    }

    /// The smallest (or largest) of `values` in Realm's sort order, nil for none.
    static func extreme(_ values: [StrataCore.Value], smallest: Bool) -> StrataCore.Value? {
        let best = ValueAggregate.extreme(values, smallest: smallest)
        return best.isNull ? nil : best
    }

    /// The aggregate as the caller's type (numbers convert; a wrong type stops with a message). An
    /// ``AnyRealmValue`` keeps the value's own type (a float minimum stays `.float`).
    static func convert<T>(_ value: StrataCore.Value, to type: T.Type, operation: String, property: String) -> T? {
        if case .null = value { return nil }
        if T.self == AnyRealmValue.self, let mixed = ValueConversion.mixedScalar(value) { return mixed as? T }
        if let custom = customValue(value, as: T.self, operation: operation, property: property) {
            return custom as? T
        }
        let swift: Any
        switch value {
        case .int(let v): swift = Int(v)
        case .float(let v): swift = Double(v)
        case .double(let v): swift = v
        case .decimal128(let bytes): swift = Decimal128(storageBytes: bytes)
        case .timestamp(let v): swift = ValueConversion.date(v)
        case .null: return nil
        default:
            preconditionFailure("\(operation) is not supported for property '\(property)' of this type")
        }
        if let result = swift as? T { return result }
        // The aggregate is already computed: converting the number reads nothing, and its only error is a `T` that
        // does not take it (`RealmError.invalidValue`), which tries the next form and then stops below.
        if let result = try? ValueCoercion.coerce(truncated(swift, for: T.self), to: T.self, property: property) as? T {
            return result
        }
        if let decimal = swift as? Decimal128,
            let result = try? ValueCoercion.coerce(
                truncated(NSDecimalNumber(decimal: decimal.decimalValue).doubleValue, for: T.self),
                to: T.self,
                property: property
            ) as? T
        {
            return result
        }
        preconditionFailure("\(operation) of '\(property)' cannot be returned as \(T.self)")
    }

    /// `number` truncated toward zero when it is a finite `Double` and `T` is an integer type (or an optional of one):
    /// an average of integers asked for as an integer. Anything else as it is. Loose values given to a property are
    /// never truncated (Realm refuses a floating-point number for an integer property); an aggregate the caller asks
    /// for in an integer type is.
    private static func truncated<T>(_ number: Any, for _: T.Type) -> Any {
        let target = (T.self as? any OptionalMarker.Type)?.wrappedType ?? T.self
        guard target is any BinaryInteger.Type, let double = number as? Double, double.isFinite,
            let whole = Int64(exactly: double.rounded(.towardZero))
        else { return number }
        return whole
    }

    /// An aggregate as a ``CustomPersistable`` type (or an optional of one): its stored form, converted, wrapped;
    /// nil for other types.
    private static func customValue(
        _ value: StrataCore.Value,
        as type: Any.Type,
        operation: String,
        property: String
    ) -> Any? {
        func wrapped<C: CustomPersistable>(_ custom: C.Type) -> Any? {
            convert(value, to: C.PersistedType.self, operation: operation, property: property)
                .map { C(persistedValue: $0) }
        }
        if let custom = type as? any CustomPersistable.Type { return wrapped(custom) }
        if let optional = type as? any OptionalMarker.Type,
            let custom = optional.wrappedType as? any CustomPersistable.Type
        {
            return wrapped(custom).map(optional.wrapping)
        }
        return nil
    }

    static func zero<T>(_ type: T.Type) -> T {
        if let custom = customValue(.int(0), as: T.self, operation: "sum", property: "self"), let zero = custom as? T {
            return zero
        }
        // Converting the literal 0 reads nothing; its only error is a `T` that does not take it, which stops below.
        if let zero = try? ValueCoercion.coerce(0, to: T.self, property: "sum") as? T { return zero }
        preconditionFailure("sum cannot be returned as \(T.self)")
    }
}

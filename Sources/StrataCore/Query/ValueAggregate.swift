// ValueAggregate.swift: the one definition of min, max, sum and average over engine values.
//
// Every aggregate in Strata answers from here: `Results.sum/average/min/max` and the aggregates of
// unmanaged collections (AggregateMath in Strata only converts the result to the caller's type), and the
// query language's `@sum/@avg/@min/@max` (QueryEvaluator). The one-pass column summary of
// Table/ColumnAggregate.swift is a specialization for whole-table int, float and double columns that
// Results tries first; AggregateTests checks that it gives what this file gives for the same values.
//
// Rules (Realm's):
//   (1) Nulls are ignored; so are values that are not numbers (for sum and average), as a mixed collection can
//       hold, and (for min and max of values of one type) a NaN after the first value.
//   (2) Sum of nothing is zero (of the element type when it is known, else `.int(0)`); min, max and
//       average of nothing are null.
//   (3) If any value is a Decimal128, sum and average are exact decimals (every number converted as
//       ``DecimalBits/decimal(_:)`` does). Else a sum of integers is an integer (wrapping on overflow);
//       any float or double makes the sum a double, the values added as doubles in order.
//   (4) An average of integers, floats or doubles is a double: the values added as doubles in order,
//       divided by their count.
//   (5) Min and max keep the value's own type (a float stays a float) and use Realm's sort order.
//   (6) Over mixed values (`elementType` `.mixed`) sum and average are always Decimal128, and the sum of nothing
//       is a decimal zero: realm-core's `ColumnTypeTraits<Mixed>` has Decimal128 for its sum and average types
//       (column_type_traits.hpp, aggregate_ops.hpp). Each number is added as `Mixed::accumulate_numeric_to`
//       converts it (mixed.cpp): an integer exactly, a float rounded to 7 significant digits and a double to 15
//       (`Decimal128(float)` and `Decimal128(double)`, so the float 3.3 adds 3.3); a decimal NaN is skipped (not
//       counted in the average), while a float or double NaN is added and makes the result NaN.
//   (7) Min and max over mixed values (`elementType` `.mixed`, or values of more than one type) order every
//       value as realm-core's `Mixed::compare` does (``ValueComparison/mixedOrder(_:_:)``): false and true
//       first, then numbers (a float or double NaN before the others), strings by their bytes, data, dates,
//       object ids, UUIDs, links, lists, dictionaries. Nulls and decimal NaNs are skipped
//       (`valid_for_agg(Mixed)`).

import Foundation

/// Min, max, sum and average over values, as Realm computes them.
package enum ValueAggregate {
    /// `aggregate` of `values` (rules above). `elementType`, when known, types the sum of nothing.
    static func compute(_ aggregate: ColumnAggregate, _ values: [Value], elementType: ValueType? = nil)
        -> Value
    {
        switch aggregate {
        case .sum: return sum(values, elementType: elementType)
        case .average: return average(values, elementType: elementType)
        case .minimum: return extreme(values, smallest: true, elementType: elementType)
        case .maximum: return extreme(values, smallest: false, elementType: elementType)
        }
    }

    /// The sum of the numbers among `values`; zero when there are none. `elementType` `.mixed` makes it a
    /// decimal (rule 6).
    package static func sum(_ values: [Value], elementType: ValueType? = nil) -> Value {
        if elementType == .mixed { return .decimal128(DecimalBits.encode(mixedTotal(values).total)) }
        let numbers = values.filter(isNumber)
        guard !numbers.isEmpty else { return zero(elementType) }
        if numbers.contains(where: isDecimal) {
            return .decimal128(DecimalBits.encode(decimalTotal(numbers)))
        }
        if numbers.allSatisfy(isInteger) {
            var total: Int64 = 0
            for case .int(let value) in numbers { total &+= value }
            return .int(total)
        }
        return .double(doubleTotal(numbers))
    }

    /// The average of the numbers among `values`; null when there are none. `elementType` `.mixed` makes it a
    /// decimal (rule 6).
    package static func average(_ values: [Value], elementType: ValueType? = nil) -> Value {
        if elementType == .mixed {
            let (total, count) = mixedTotal(values)
            return count == 0 ? .null : .decimal128(DecimalBits.encode(total / Decimal(count)))
        }
        let numbers = values.filter(isNumber)
        guard !numbers.isEmpty else { return .null }
        if numbers.contains(where: isDecimal) {
            return .decimal128(DecimalBits.encode(decimalTotal(numbers) / Decimal(numbers.count)))
        }
        return average(total: doubleTotal(numbers), count: numbers.count)
    }

    private static func average(total: Double, count: Int) -> Value {
        count == 0 ? .null : .double(total / Double(count))
    }

    /// The smallest (or largest) non-null value in Realm's sort order; null when there is none. Over mixed values
    /// (`elementType` `.mixed`, or values of several types) the order is realm-core's `Mixed::compare` (rule 7).
    package static func extreme(_ values: [Value], smallest: Bool, elementType: ValueType? = nil) -> Value {
        if elementType == .mixed || !isUniform(values) { return mixedExtreme(values, smallest: smallest) }
        var best: Value?
        for value in values where !value.isNull {
            guard let current = best else {
                best = value
                continue
            }
            // A value that does not order against the best so far (another type in a mixed list) is skipped.
            guard let order = order(value, current) else { continue }
            if smallest ? order < 0 : order > 0 { best = value }
        }
        return best ?? .null
    }

    /// realm-core's `Minimum<Mixed>` and `Maximum<Mixed>`: every value but null and a decimal NaN takes part, in
    /// `Mixed::compare`'s total order.
    private static func mixedExtreme(_ values: [Value], smallest: Bool) -> Value {
        var best: Value?
        for value in values where !value.isNull && !isDecimalNaN(value) {
            guard let current = best else {
                best = value
                continue
            }
            let order = ValueComparison.mixedOrder(value, current)
            if smallest ? order < 0 : order > 0 { best = value }
        }
        return best ?? .null
    }

    /// Whether the non-null values are all of one type (a typed column's values always are).
    private static func isUniform(_ values: [Value]) -> Bool {
        var first: Value?
        for value in values where !value.isNull {
            guard let kind = first else {
                first = value
                continue
            }
            if !sameType(kind, value) { return false }
        }
        return true
    }

    private static func sameType(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.int, .int), (.bool, .bool), (.float, .float), (.double, .double), (.string, .string),
            (.binary, .binary), (.timestamp, .timestamp), (.decimal128, .decimal128), (.objectId, .objectId),
            (.uuid, .uuid), (.link, .link), (.typedLink, .typedLink), (.list, .list), (.dictionary, .dictionary):
            return true
        default: return false
        }
    }

    /// realm-core's `Mixed::accumulate_numeric_to` over every value (rule 6): the total of the numbers as
    /// decimals, and how many were added.
    private static func mixedTotal(_ values: [Value]) -> (total: Decimal, count: Int) {
        var total = Decimal(0)
        var count = 0
        var isNaN = false
        for value in values {
            switch value {
            case .int(let v): total += Decimal(v)
            case .float(let v):
                if v.isNaN { isNaN = true } else { total += rounded(Double(v), digits: 7) }
            case .double(let v):
                if v.isNaN { isNaN = true } else { total += rounded(v, digits: 15) }
            case .decimal128(let bytes):
                let decimal = DecimalBits.decode(bytes)
                if decimal.isNaN { continue }
                total += decimal
            default: continue
            }
            count += 1
        }
        return (isNaN ? .nan : total, count)
    }

    /// A finite binary number as realm-core's `Decimal128(double, RoundTo)` makes it: rounded to `digits`
    /// significant digits (7 for a float, 15 for a double). An infinity, which a Foundation decimal cannot hold,
    /// adds nothing.
    private static func rounded(_ value: Double, digits: Int) -> Decimal {
        guard value.isFinite else { return 0 }
        return Decimal(string: String(format: "%.\(digits)g", value), locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    private static func isDecimalNaN(_ value: Value) -> Bool {
        if case .decimal128(let bytes) = value { return DecimalBits.parts(bytes) == nil } else { return false }
    }

    /// The zero a sum of nothing gives for elements of `type`.
    static func zero(_ type: ValueType?) -> Value {
        switch type {
        case .double, .float: return .double(0)
        case .decimal128, .mixed: return .decimal128(DecimalBits.encode(0))
        default: return .int(0)
        }
    }

    /// Realm's sort order for two non-null values (strings by collation), nil when they do not order.
    private static func order(_ lhs: Value, _ rhs: Value) -> Int? {
        if case .string(let a) = lhs, case .string(let b) = rhs { return StringCollation.compare(a, b) }
        return ValueComparison.order(lhs, rhs)
    }

    private static func isNumber(_ value: Value) -> Bool {
        switch value {
        case .int, .float, .double, .decimal128: return true
        default: return false
        }
    }

    private static func isDecimal(_ value: Value) -> Bool {
        if case .decimal128 = value { return true } else { return false }
    }

    private static func isInteger(_ value: Value) -> Bool {
        if case .int = value { return true } else { return false }
    }

    private static func decimalTotal(_ numbers: [Value]) -> Decimal {
        numbers.reduce(Decimal(0)) { total, value in total + (DecimalBits.decimal(value) ?? 0) }
    }

    private static func doubleTotal(_ numbers: [Value]) -> Double {
        numbers.reduce(0.0) { total, value in
            switch value {
            case .int(let v): return total + Double(v)
            case .float(let v): return total + Double(v)
            case .double(let v): return total + v
            default: return total
            }
        }
    }
}

// ColumnAggregate.swift: min, max, sum or average of a numeric column in one pass over its blocks.
//
// Aggregates over a whole table read each committed leaf's column block directly: no per-row value is
// built, and each aggregate is a small reducer the block loops are specialized for, so the pass runs at
// memory speed. The result matches what the value-by-value aggregates compute: integer sums wrap, floating
// sums and every average add the values as doubles in key order, nulls are skipped, min and max of no
// values and the average of no values are null. A column this pass cannot answer exactly (not a plain int,
// float or double column, a leaf written before the column existed, uncommitted leaves, a NaN that makes
// min and max order-dependent) gives nil, and the caller takes the value-by-value path.

/// An aggregate the column pass computes.
package enum ColumnAggregate: Sendable {
    case minimum, maximum, sum, average
}

/// Something that takes a column's non-null values one at a time (see ``ColumnBlock/reduceIntegers(into:)``).
package protocol ColumnReducer {
    associatedtype Element
    mutating func add(_ value: Element)
}

/// One reducer per aggregate (the integer bounds serve min and max), so each loop does little else.
private struct IntegerBounds: ColumnReducer {
    var count = 0
    var low = Int64.max
    var high = Int64.min
    @inline(__always) mutating func add(_ next: Int64) {
        count &+= 1
        low = Swift.min(low, next)
        high = Swift.max(high, next)
    }
}

private struct IntegerSum: ColumnReducer {
    var value: Int64 = 0
    @inline(__always) mutating func add(_ next: Int64) { value &+= next }
}

/// Integers added as doubles in order: the numerator of an integer average.
private struct IntegerAverage: ColumnReducer {
    var count = 0
    var value = 0.0
    @inline(__always) mutating func add(_ next: Int64) {
        count &+= 1
        value += Double(next)
    }
}

private struct FloatingSum: ColumnReducer {
    var count = 0
    var value = 0.0
    @inline(__always) mutating func add(_ next: Double) {
        count &+= 1
        value += next
    }
}

private struct FloatingExtreme: ColumnReducer {
    let minimum: Bool
    var count = 0
    var value: Double
    var sawNaN = false
    init(minimum: Bool) {
        self.minimum = minimum
        value = minimum ? .infinity : -.infinity
    }
    @inline(__always) mutating func add(_ next: Double) {
        count &+= 1
        sawNaN = sawNaN || next.isNaN
        value = minimum ? Swift.min(value, next) : Swift.max(value, next)
    }
}

extension Table {
    /// `aggregate` of `column` over every object, or nil when only a value-by-value pass can answer.
    package func aggregate(_ aggregate: ColumnAggregate, of column: ColumnKey) throws -> Value? {
        let spec = try self.column(column)
        guard spec.collection == .single else { return nil }
        switch spec.type {
        case .int: return try integerAggregate(aggregate, spec)
        case .double: return try floatingAggregate(aggregate, spec, kind: .double) { .double($0) }
        case .float: return try floatingAggregate(aggregate, spec, kind: .float) { .float(Float($0)) }
        default: return nil
        }
    }

    /// Feeds every committed block of `spec` to `body`; false when a leaf has none or one of another kind.
    private func forEachBlock(
        _ spec: ColumnSpec,
        kind: PhysicalKind,
        _ body: (ColumnBlock) -> Void
    ) throws -> Bool {
        var complete = true
        try tree.forEachLeaf { leaf in
            guard case .clean(let view) = leaf, let block = try view.block(spec.key), block.kind == kind else {
                complete = false
                return false
            }
            body(block)
            return true
        }
        return complete
    }

    private func reduceIntegers<R: ColumnReducer>(_ spec: ColumnSpec, _ reducer: R) throws -> R?
    where R.Element == Int64 {
        var reducer = reducer
        let complete = try forEachBlock(spec, kind: .integer) { $0.reduceIntegers(into: &reducer) }
        return complete ? reducer : nil
    }

    private func reduceDoubles<R: ColumnReducer>(_ spec: ColumnSpec, kind: PhysicalKind, _ reducer: R) throws -> R?
    where R.Element == Double {
        var reducer = reducer
        let complete = try forEachBlock(spec, kind: kind) { $0.reduceDoubles(into: &reducer) }
        return complete ? reducer : nil
    }

    private func integerAggregate(_ aggregate: ColumnAggregate, _ spec: ColumnSpec) throws -> Value? {
        switch aggregate {
        case .minimum, .maximum:
            guard let result = try reduceIntegers(spec, IntegerBounds()) else { return nil }
            return result.count == 0 ? .null : .int(aggregate == .minimum ? result.low : result.high)
        case .sum:
            return try reduceIntegers(spec, IntegerSum()).map { .int($0.value) }
        case .average:
            guard let result = try reduceIntegers(spec, IntegerAverage()) else { return nil }
            return result.count == 0 ? .null : .double(result.value / Double(result.count))
        }
    }

    private func floatingAggregate(
        _ aggregate: ColumnAggregate,
        _ spec: ColumnSpec,
        kind: PhysicalKind,
        wrap: (Double) -> Value
    ) throws -> Value? {
        switch aggregate {
        case .sum:
            return try reduceDoubles(spec, kind: kind, FloatingSum()).map { .double($0.value) }
        case .average:
            guard let result = try reduceDoubles(spec, kind: kind, FloatingSum()) else { return nil }
            return result.count == 0 ? .null : .double(result.value / Double(result.count))
        case .minimum, .maximum:
            guard let result = try reduceDoubles(spec, kind: kind, FloatingExtreme(minimum: aggregate == .minimum)),
                !result.sawNaN
            else { return nil }
            return result.count == 0 ? .null : wrap(result.value)
        }
    }
}

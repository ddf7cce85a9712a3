// ColumnAggregate.swift: min, max, sum or average of a numeric column in one pass over its blocks.
//
// Aggregates over a whole table read each committed leaf's column block directly: no per-row value is
// built, and each aggregate is a small reducer the block loops are specialized for, so the pass runs at
// memory speed. The result matches what ValueAggregate (Query/ValueAggregate.swift, the one definition of
// the aggregates) computes for the same values: integer sums wrap, floating
// sums and every average add the values as doubles in key order, nulls are skipped, min and max of no
// values and the average of no values are null. A column this pass cannot answer exactly (not a plain int,
// float or double column, a leaf written before the column existed, uncommitted leaves, a NaN that makes
// min and max order-dependent) gives nil, and the caller takes the value-by-value path.

/// An aggregate the column pass computes.
package enum ColumnAggregate: Hashable, Sendable {
    case minimum, maximum, sum, average
}

/// Something that takes a column's non-null values one at a time (see ``ColumnBlock/reduceIntegers(into:)``).
protocol ColumnReducer {
    associatedtype Element
    mutating func add(_ value: Element)
}

/// Count, bounds and wrapping sum of integers (min, max and sum come from one pass).
private struct IntegerStatistics: ColumnReducer {
    var count = 0
    var low = Int64.max
    var high = Int64.min
    var sum: Int64 = 0
    @inline(__always) mutating func add(_ next: Int64) {
        count &+= 1
        low = Swift.min(low, next)
        high = Swift.max(high, next)
        sum &+= next
    }

    /// Takes in a block without nulls through its packed-domain scans.
    mutating func add(block: ColumnBlock) {
        guard let bounds = block.integerBounds() else { return }
        count &+= block.count
        low = Swift.min(low, bounds.low)
        high = Swift.max(high, bounds.high)
        sum &+= block.integerSum()
    }
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

/// Count and in-order sum of floating values (sum and average come from one pass).
private struct FloatingSum: ColumnReducer {
    var count = 0
    var sum = 0.0
    @inline(__always) mutating func add(_ next: Double) {
        count &+= 1
        sum += next
    }
}

/// Count and bounds of floating values (min and max come from one pass, kept apart from the sum's chain of
/// dependent additions, which would slow it).
private struct FloatingBounds: ColumnReducer {
    var count = 0
    var low = Double.infinity
    var high = -Double.infinity
    var sawNaN = false
    @inline(__always) mutating func add(_ next: Double) {
        count &+= 1
        sawNaN = sawNaN || next.isNaN
        low = Swift.min(low, next)
        high = Swift.max(high, next)
    }
}

/// A memoized aggregate of a column (see ``Table/aggregate(_:of:)``).
struct AggregateKey: Hashable {
    let column: ColumnKey
    let aggregate: ColumnAggregate
}

extension Table {
    /// `aggregate` of `column` over every object, or nil when only a value-by-value pass can answer.
    ///
    /// In a read transaction the table never changes, so each pass's answers (sum and average of a floating
    /// column, min and max of one, min, max and sum of an integer column) are kept for the transaction's
    /// later calls.
    package func aggregate(_ aggregate: ColumnAggregate, of column: ColumnKey) throws -> Value? {
        if let cached = aggregateCache[AggregateKey(column: column, aggregate: aggregate)] { return cached }
        let spec = try self.column(column)
        guard spec.collection == .single else { return nil }
        let answers: [ColumnAggregate: Value]?
        switch spec.type {
        case .int: answers = try integerAggregates(aggregate, spec)
        case .double: answers = try floatingAggregates(aggregate, spec, kind: .double) { .double($0) }
        case .float: answers = try floatingAggregates(aggregate, spec, kind: .float) { .float(Float($0)) }
        default: return nil
        }
        guard let answers else { return nil }
        if !context.writable {
            for (answered, value) in answers {
                aggregateCache[AggregateKey(column: column, aggregate: answered)] = value
            }
        }
        return answers[aggregate]
    }

    /// Feeds every committed block of `spec` to `body`; false when a leaf has none or one of another kind.
    private func forEachBlock(
        _ spec: ColumnSpec,
        kind: PhysicalKind,
        _ body: (ColumnBlock) -> Void
    ) throws -> Bool {
        var complete = true
        try tree.forEachLeafDirectory { leaf in
            guard case .clean(let directory) = leaf, let block = try directory.block(spec.key), block.kind == kind
            else {
                complete = false
                return false
            }
            body(block)
            return true
        }
        return complete
    }

    private func integerAggregates(_ aggregate: ColumnAggregate, _ spec: ColumnSpec) throws -> [ColumnAggregate: Value]?
    {
        if aggregate == .average {
            var average = IntegerAverage()
            guard try forEachBlock(spec, kind: .integer, { $0.reduceIntegers(into: &average) }) else { return nil }
            return [.average: average.count == 0 ? .null : .double(average.value / Double(average.count))]
        }
        var statistics = IntegerStatistics()
        let complete = try forEachBlock(spec, kind: .integer) { block in
            if block.nulls == nil {
                statistics.add(block: block)
            } else {
                block.reduceIntegers(into: &statistics)
            }
        }
        guard complete else { return nil }
        return [
            .sum: .int(statistics.sum),
            .minimum: statistics.count == 0 ? .null : .int(statistics.low),
            .maximum: statistics.count == 0 ? .null : .int(statistics.high),
        ]
    }

    private func floatingAggregates(
        _ aggregate: ColumnAggregate,
        _ spec: ColumnSpec,
        kind: PhysicalKind,
        wrap: (Double) -> Value
    ) throws -> [ColumnAggregate: Value]? {
        if aggregate == .sum || aggregate == .average {
            var sum = FloatingSum()
            guard try forEachBlock(spec, kind: kind, { $0.reduceDoubles(into: &sum) }) else { return nil }
            return [.sum: .double(sum.sum), .average: sum.count == 0 ? .null : .double(sum.sum / Double(sum.count))]
        }
        var bounds = FloatingBounds()
        // With a NaN, min and max depend on the order of comparisons: the value-by-value pass answers them.
        guard try forEachBlock(spec, kind: kind, { $0.reduceDoubles(into: &bounds) }), !bounds.sawNaN else {
            return nil
        }
        return [
            .minimum: bounds.count == 0 ? .null : wrap(bounds.low),
            .maximum: bounds.count == 0 ? .null : wrap(bounds.high),
        ]
    }
}

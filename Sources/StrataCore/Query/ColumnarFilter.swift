// ColumnarFilter.swift: predicates evaluated a cluster at a time over contiguous column blocks.
//
// A predicate qualifies when it is a comparison, BETWEEN or an AND of them, each on a column of the queried
// table itself (no links, no collections): an integer, Bool or Double column against a numeric constant, or a
// string column against a constant (ColumnarFilter.StringTerm.swift, which compares the stored bytes in place);
// a NaN constant does not qualify.
// Each committed leaf is then filtered with one tight loop per term over its column block; leaves the
// transaction has made dirty fall back to row-at-a-time evaluation.
//
// Invariant: for every row of a committed leaf, the filter's answer is QueryEvaluator's row-at-a-time answer.

/// A compiled AND of simple numeric and string terms (a class: scans hand it to every leaf without copying its
/// terms).
final class ColumnarFilter {
    enum Bound {
        case integer(Int64)
        case double(Double)
    }

    struct Term {
        var column: ColumnKey
        var position: Int
        var nullable: Bool
        var low: (Bound, inclusive: Bool)?
        var high: (Bound, inclusive: Bool)?
        var notEqual: Bound?
        var equalNull = false
        /// The inclusive integer range a term of only integer bounds selects, worked out once (nil otherwise).
        var integerRange: (low: Int64, high: Int64)?
    }

    let terms: [Term]
    let stringTerms: [StringTerm]
    /// For one integer range term (the common count): its column and the range in the value domain, worked
    /// out once instead of per leaf. Nil when the term is anything else (or an empty range).
    private let integerRange: (column: ColumnKey, low: Int64, high: Int64)?

    /// Compiles `node` for `spec`'s table, or returns nil if it does not qualify.
    init?(_ node: BoundNode, spec: TableSpec) {
        var terms: [Term] = []
        var stringTerms: [StringTerm] = []
        func add(_ node: BoundNode) -> Bool {
            switch node {
            case .and(let parts): return parts.allSatisfy(add)
            case .compare(.path(let path), let op, .value(let value), let options, _):
                if let term = StringTerm(path, op, value, options: options), spec.position(of: term.column) != nil {
                    stringTerms.append(term)
                    return true
                }
                guard options.isEmpty, let term = Self.term(path, spec: spec) else { return false }
                var updated = term
                if case .null = value {
                    guard op == .equal else { return false }
                    updated.equalNull = true
                    terms.append(updated)
                    return true
                }
                guard let bound = Self.bound(value, for: path.final!.type) else { return false }
                switch op {
                case .equal:
                    updated.low = (bound, true)
                    updated.high = (bound, true)
                case .notEqual: updated.notEqual = bound
                case .less: updated.high = (bound, false)
                case .lessOrEqual: updated.high = (bound, true)
                case .greater: updated.low = (bound, false)
                case .greaterOrEqual: updated.low = (bound, true)
                default: return false
                }
                terms.append(updated)
                return true
            case .between(.path(let path), let low, let high, _):
                guard var term = Self.term(path, spec: spec), let lowBound = Self.bound(low, for: path.final!.type),
                    let highBound = Self.bound(high, for: path.final!.type)
                else { return false }
                term.low = (lowBound, true)
                term.high = (highBound, true)
                terms.append(term)
                return true
            default:
                return false
            }
        }
        guard add(node), !terms.isEmpty || !stringTerms.isEmpty else { return nil }
        self.terms = terms.map { term in
            var term = term
            if !term.equalNull && term.notEqual == nil { term.integerRange = Self.integerRange(term) }
            return term
        }
        self.stringTerms = stringTerms
        if self.terms.count == 1, stringTerms.isEmpty, let range = self.terms[0].integerRange {
            integerRange = (self.terms[0].column, range.low, range.high)
        } else {
            integerRange = nil
        }
    }

    /// The inclusive integer range of `term`'s bounds; nil if a bound is not an integer or the range is empty.
    private static func integerRange(_ term: Term) -> (low: Int64, high: Int64)? {
        var low = Int64.min
        var high = Int64.max
        if let (bound, inclusive) = term.low {
            guard case .integer(let value) = bound else { return nil }
            if !inclusive && value == Int64.max { return nil }
            low = inclusive ? value : value + 1
        }
        if let (bound, inclusive) = term.high {
            guard case .integer(let value) = bound else { return nil }
            if !inclusive && value == Int64.min { return nil }
            high = inclusive ? value : value - 1
        }
        return (low, high)
    }

    private static func term(_ path: BoundPath, spec: TableSpec) -> Term? {
        guard path.hops.isEmpty, path.aggregate == nil, let final = path.final, final.collection == .single,
            [.int, .bool, .double].contains(final.type), let position = spec.position(of: final.key)
        else { return nil }
        return Term(column: final.key, position: position, nullable: final.nullable)
    }

    /// A NaN constant is no bound (it orders with nothing): such a term is left to ``ValueComparison``, which
    /// matches NaN as the general evaluator does for every other column.
    private static func bound(_ value: Value, for type: ValueType) -> Bound? {
        if case .double(let v) = value, v.isNaN { return nil }
        switch (type, value) {
        case (.int, .int(let v)): return .integer(v)
        case (.int, .double(let v)): return .double(v)
        case (.bool, .bool(let v)): return .integer(v ? 1 : 0)
        case (.double, .int(let v)): return .double(Double(v))
        case (.double, .double(let v)): return .double(v)
        default: return nil
        }
    }

    /// Appends the keys of the rows of a committed leaf that pass every term (`reader` reads long strings).
    func filter(_ leaf: ClusterLeafView, reader: NodeReader, into keys: inout [ObjectKey]) throws {
        guard let selected = try selection(leaf.directory, reader: reader) else { return }
        for row in 0..<leaf.count where selected[row] { keys.append(ObjectKey(leaf.key(at: row))) }
    }

    /// Which rows of a committed leaf pass every term (nil when none can).
    func selection(_ leaf: LeafDirectory, reader: NodeReader) throws -> [Bool]? {
        var selected = [Bool](repeating: true, count: leaf.count)
        for term in terms {
            guard let block = try leaf.block(term.column) else {
                // A column added after this leaf was written: every row holds the default.
                let fallback: Value = term.nullable ? .null : .int(0)
                if !passes(term, fallback) { return nil }
                continue
            }
            if block.kind == .integer, block.nulls == nil, let range = term.integerRange {
                // The common range term, in the block's packed width (PackedIntegers.swift).
                block.narrowSelection(toIntegersIn: range.low, range.high, &selected)
                continue
            }
            switch block.kind {
            case .integer:
                for row in 0..<block.count where selected[row] {
                    if block.isNull(row) {
                        selected[row] = Self.passesNull(term)
                    } else {
                        selected[row] = !term.equalNull && passes(term, integer: block.integer(row))
                    }
                }
            case .double:
                for row in 0..<block.count where selected[row] {
                    if block.isNull(row) {
                        selected[row] = Self.passesNull(term)
                    } else {
                        selected[row] = !term.equalNull && passes(term, double: block.double(row))
                    }
                }
            default:
                throw StorageError.corrupt("a numeric column stored as \(block.kind)")
            }
        }
        for term in stringTerms {
            guard let block = try leaf.block(term.column) else {
                if !term.defaultPasses { return nil }
                continue
            }
            try term.select(block, reader: reader, &selected)
        }
        return selected
    }

    /// Counts the rows of a committed leaf that pass every term (the same rule as `filter`).
    func count(_ leaf: LeafDirectory, reader: NodeReader) throws -> Int {
        if let integerRange, let block = try leaf.block(integerRange.column), block.kind == .integer,
            block.nulls == nil
        {
            return block.countIntegers(in: integerRange.low, integerRange.high)
        }
        guard let selected = try selection(leaf, reader: reader) else { return 0 }
        return selected.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// A null matches `== nil` and `!= constant` (Realm's null semantics), nothing else.
    private static func passesNull(_ term: Term) -> Bool { term.equalNull || term.notEqual != nil }

    private func passes(_ term: Term, _ value: Value) -> Bool {
        switch value {
        case .null: return Self.passesNull(term)
        case .int(let v): return !term.equalNull && passes(term, integer: v)
        default: return false
        }
    }

    @inline(__always)
    private func passes(_ term: Term, integer value: Int64) -> Bool {
        if let (bound, inclusive) = term.low, !above(value, bound, inclusive) { return false }
        if let (bound, inclusive) = term.high, !below(value, bound, inclusive) { return false }
        if let bound = term.notEqual, equal(value, bound) { return false }
        return true
    }

    @inline(__always)
    private func passes(_ term: Term, double value: Double) -> Bool {
        // NaN orders with nothing and equals nothing, so it passes only `!=`.
        if value.isNaN { return term.notEqual != nil }
        if let (bound, inclusive) = term.low {
            let b = Self.double(bound)
            if inclusive ? value < b : value <= b { return false }
        }
        if let (bound, inclusive) = term.high {
            let b = Self.double(bound)
            if inclusive ? value > b : value >= b { return false }
        }
        if let bound = term.notEqual, value == Self.double(bound) { return false }
        return true
    }

    private static func double(_ bound: Bound) -> Double {
        switch bound {
        case .integer(let v): return Double(v)
        case .double(let v): return v
        }
    }

    @inline(__always)
    private func above(_ value: Int64, _ bound: Bound, _ inclusive: Bool) -> Bool {
        switch bound {
        case .integer(let b): return inclusive ? value >= b : value > b
        case .double(let b): return inclusive ? Double(value) >= b : Double(value) > b
        }
    }

    @inline(__always)
    private func below(_ value: Int64, _ bound: Bound, _ inclusive: Bool) -> Bool {
        switch bound {
        case .integer(let b): return inclusive ? value <= b : value < b
        case .double(let b): return inclusive ? Double(value) <= b : Double(value) < b
        }
    }

    @inline(__always)
    private func equal(_ value: Int64, _ bound: Bound) -> Bool {
        switch bound {
        case .integer(let b): return value == b
        case .double(let b): return Double(value) == b
        }
    }
}

// ColumnarFilter.swift: predicates evaluated a cluster at a time over contiguous column blocks.
//
// A predicate qualifies when it is a comparison, BETWEEN or an AND of them, each on an integer, Bool
// or Double column of the queried table itself (no links, no collections) against a numeric constant.
// Each committed leaf is then filtered with one tight loop per term over its column block; leaves
// the transaction has made dirty fall back to row-at-a-time evaluation.

/// A compiled AND of simple numeric terms.
struct ColumnarFilter {
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
    }

    var terms: [Term]

    /// Compiles `node` for `spec`'s table, or returns nil if it does not qualify.
    init?(_ node: BoundNode, spec: TableSpec) {
        var terms: [Term] = []
        func add(_ node: BoundNode) -> Bool {
            switch node {
            case .and(let parts): return parts.allSatisfy(add)
            case .compare(.path(let path), let op, .value(let value), let options, _):
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
        guard add(node), !terms.isEmpty else { return nil }
        self.terms = terms
    }

    private static func term(_ path: BoundPath, spec: TableSpec) -> Term? {
        guard path.hops.isEmpty, path.aggregate == nil, let final = path.final, final.collection == .single,
            [.int, .bool, .double].contains(final.type), let position = spec.position(of: final.key)
        else { return nil }
        return Term(column: final.key, position: position, nullable: final.nullable)
    }

    private static func bound(_ value: Value, for type: ValueType) -> Bound? {
        switch (type, value) {
        case (.int, .int(let v)): return .integer(v)
        case (.int, .double(let v)): return .double(v)
        case (.bool, .bool(let v)): return .integer(v ? 1 : 0)
        case (.double, .int(let v)): return .double(Double(v))
        case (.double, .double(let v)): return .double(v)
        default: return nil
        }
    }

    /// Appends the keys of the rows of a committed leaf that pass every term.
    func filter(_ leaf: ClusterLeafView, into keys: inout [ObjectKey]) throws {
        var selected = [Bool](repeating: true, count: leaf.count)
        for term in terms {
            guard let block = try leaf.block(term.column) else {
                // A column added after this leaf was written: every row holds the default.
                let fallback: Value = term.nullable ? .null : .int(0)
                if !passes(term, fallback) { return }
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
        for row in 0..<leaf.count where selected[row] { keys.append(ObjectKey(leaf.key(at: row))) }
    }

    /// Counts the rows of a committed leaf that pass every term (the same rule as `filter`).
    func count(_ leaf: ClusterLeafView) throws -> Int {
        if terms.count == 1, let block = try leaf.block(terms[0].column), block.kind == .integer, block.nulls == nil,
            !terms[0].equalNull, terms[0].notEqual == nil
        {
            return countIntegers(block, terms[0])
        }
        var keys: [ObjectKey] = []
        try filter(leaf, into: &keys)
        return keys.count
    }

    /// The tight loop: one integer range test per row, no branches on nulls.
    private func countIntegers(_ block: ColumnBlock, _ term: Term) -> Int {
        var low = Int64.min
        var high = Int64.max
        if let (bound, inclusive) = term.low {
            guard case .integer(let value) = bound else { return countSlow(block, term) }
            if !inclusive && value == Int64.max { return 0 }
            low = inclusive ? value : value + 1
        }
        if let (bound, inclusive) = term.high {
            guard case .integer(let value) = bound else { return countSlow(block, term) }
            if !inclusive && value == Int64.min { return 0 }
            high = inclusive ? value : value - 1
        }
        return block.countIntegers(in: low, high)
    }

    private func countSlow(_ block: ColumnBlock, _ term: Term) -> Int {
        var count = 0
        for row in 0..<block.count where passes(term, integer: block.integer(row)) { count += 1 }
        return count
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

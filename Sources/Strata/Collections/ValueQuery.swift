import StrataCore

/// Queries over a collection of primitive values (`List<Int>`, `MutableSet<String>`, a map's values): the
/// element itself is named `self`, as in Realm.
///
/// ```swift
/// let big = scores.filter("self > %d", 10).sorted(ascending: false)
/// ```
///
/// The query's predicate may compare `self` with constants and lists (`self IN {1, 2}`), combined with
/// `AND`, `OR` and `NOT`; its stages sort by `self`, keep distinct values and limit. Anything else (a key
/// path other than `self`, a subquery, a collection aggregate) is an error when the query is made.
enum ValueQuery {
    /// MATCHES (a regular expression) in a query evaluated in memory, refused as Realm Swift refuses it everywhere.
    static let matchesRefusal = RealmError.invalidQuery(
        "Operator 'MATCHES' not supported: the Realm query language has no regular expressions; use LIKE"
    )

    /// Throws unless every key path of `query` is `self` and every stage sorts or keeps distinct by `self`.
    static func validate(_ query: ParsedQuery) throws {
        func check(_ path: [String]) throws {
            guard path == ["self"] else {
                throw RealmError.invalidQuery(
                    "A collection of values can only be queried on 'self' (found '\(path.joined(separator: "."))')"
                )
            }
        }
        func check(_ operand: QueryOperand) throws {
            switch operand {
            case .keyPath(let path, let aggregate, _, _):
                try check(path)
                if let aggregate {
                    throw RealmError.invalidQuery("'\(aggregate.rawValue)' is not valid on 'self' of a value")
                }
            case .subqueryCount:
                throw RealmError.invalidQuery("SUBQUERY is not valid on a collection of values")
            case .constant, .list: break
            }
        }
        func check(_ node: QueryNode) throws {
            switch node {
            case .truePredicate, .falsePredicate: break
            case .and(let nodes), .or(let nodes): try nodes.forEach(check)
            case .not(let node): try check(node)
            case .comparison(_, .matches, _, _, _, _): throw matchesRefusal
            case .comparison(let lhs, _, let rhs, _, _, _):
                try check(lhs)
                try check(rhs)
            case .between(let value, let low, let high, _, _):
                try [value, low, high].forEach(check)
            case .geoWithin:
                throw RealmError.invalidQuery("GEOWITHIN is not valid on a collection of values")
            }
        }
        try check(query.predicate)
        for stage in query.stages {
            switch stage {
            case .sort(let keys): for key in keys { try check([key.keyPath]) }
            case .distinct(let paths): for path in paths { try check([path]) }
            case .limit: break
            }
        }
    }

    /// The values that match `query`, in its order (`values` as they are without one).
    static func run(_ query: ParsedQuery?, over values: [Value]) -> [Value] {
        guard query != nil else { return values }
        return positions(query, over: values).map { values[$0] }
    }

    /// The positions in `values` of the values that match `query`, in its order (every position, in order, without
    /// one): what a sectioned list of values follows its values through the list's edits by.
    /// - Complexity: O(n log n) for n values with a sort, O(n) without one (O(n·d) to keep d distinct values).
    static func positions(_ query: ParsedQuery?, over values: [Value]) -> [Int] {
        guard let query else { return Array(values.indices) }
        var result = values.indices.filter { matches(query.predicate, values[$0]) }
        for stage in query.stages {
            switch stage {
            case .sort(let keys):
                // Every key sorts by the value itself: the last one written decides.
                guard let ascending = keys.first?.ascending else { continue }
                result = result.enumerated()
                    .sorted { lhs, rhs in
                        let order = ValueComparison.sortOrder(values[lhs.element], values[rhs.element])
                        if order != 0 { return ascending ? order < 0 : order > 0 }
                        return lhs.offset < rhs.offset
                    }
                    .map(\.element)
            case .distinct:
                var kept: [Int] = []
                for position in result
                where !kept.contains(where: { ValueComparison.sortOrder(values[$0], values[position]) == 0 }) {
                    kept.append(position)
                }
                result = kept
            case .limit(let count): result = Array(result.prefix(count))
            }
        }
        return result
    }

    private static func matches(_ node: QueryNode, _ value: Value) -> Bool {
        matches(node) { _ in [value] }
    }

    /// Whether `node` holds, with each key path's values given by `values` (one for a value's `self`; every value
    /// reached for an object's path, which a comparison matches when any does, or all, or none, as its quantifier
    /// says).
    static func matches(_ node: QueryNode, values: ([String]) -> [Value]) -> Bool {
        func operands(_ operand: QueryOperand) -> [Value] {
            switch operand {
            case .keyPath(let path, _, _, _): return values(path)
            case .constant(let constant, _): return [constant]
            case .list(let values, _): return values
            case .subqueryCount: return []
            }
        }
        func quantified(_ quantifier: Quantifier?, _ left: [Value], _ test: (Value) -> Bool) -> Bool {
            switch quantifier {
            case .all: return left.allSatisfy(test)
            case .noneOf: return !left.contains(where: test)
            default: return left.contains(where: test)
            }
        }
        switch node {
        case .truePredicate: return true
        case .falsePredicate: return false
        case .and(let nodes): return nodes.allSatisfy { matches($0, values: values) }
        case .or(let nodes): return nodes.contains { matches($0, values: values) }
        case .not(let node): return !matches(node, values: values)
        case .comparison(let lhs, let op, let rhs, let options, let quantifier, _):
            let left = operands(lhs)
            let right = operands(rhs)
            if op == .inList || right.count != 1 {
                return quantified(quantifier, left) { l in
                    right.contains { ValueComparison.matches(l, .equal, $0, options: options) }
                }
            }
            return quantified(quantifier, left) { ValueComparison.matches($0, op, right[0], options: options) }
        case .geoWithin: return false
        case .between(let subject, let low, let high, let quantifier, _):
            guard let low = operands(low).first, let high = operands(high).first else { return false }
            return quantified(quantifier, operands(subject)) {
                ValueComparison.matches($0, .greaterOrEqual, low, options: [])
                    && ValueComparison.matches($0, .lessOrEqual, high, options: [])
            }
        }
    }
}

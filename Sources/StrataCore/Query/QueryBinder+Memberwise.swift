// QueryBinder+Memberwise.swift: a link compared with an object's property values (QueryBinder.swift rule 11).
//
// Realm Swift compares a custom type stored as an embedded object member by member (RLMQueryUtil's
// add_memberwise_equality_constraint); the Strata layer passes such a value as a dictionary of property name to
// value. The comparison is rewritten into plain comparisons, then bound:
//   (1) A link that is not a collection (possibly reached through collections): `link == v` is
//       `link.a == v.a AND link.b == v.b`, each term under the comparison's own quantifier, and `link != v` is
//       `NOT (link == v)` (a nil link matches `!=`).
//   (2) A list, set or map of links: one element must match every property, so `ANY list == v` is
//       `SUBQUERY(list, $x, $x.a == v.a AND $x.b == v.b).@count > 0`, and `ANY list != v` holds when the collection
//       is not empty and no element matches (Realm's "ANY list != x" is not "NONE list == x"). ALL and NONE count
//       the matching elements against the collection's size.
//   (3) `link IN {v, w}` is `link == v OR link == w`.
//   (4) Only ==, != and IN compare this way; a collection of links reached through another collection, and a map's
//       value by key, are refused.

extension QueryBinder {
    /// The variable naming one element in the SUBQUERY of rule 2.
    private static let memberwiseVariable = "$memberwise"

    /// The bound form of `path op right` when `path` ends in a link and `right` holds objects' property values (a
    /// dictionary, or for IN a list of them: any of them equal); nil for every other comparison.
    func memberwise(
        _ pathOperand: QueryOperand,
        _ path: BoundPath,
        _ op: ComparisonOperator,
        _ right: BoundOperand,
        _ quantifier: Quantifier?,
        column: Int
    ) throws -> BoundNode? {
        guard path.mixedSteps == nil, let final = path.final, Self.linkTarget(final) != nil else { return nil }
        let candidates: [Value]
        switch right {
        case .value(.dictionary(let members)):
            return try memberwise(pathOperand, path, op, members, quantifier, column: column)
        case .list(let values) where op == .inList || op == .equal: candidates = values
        case .value(.list(let values)) where op == .inList: candidates = values
        default: return nil
        }
        let objects = candidates.compactMap { value -> [DictionaryEntry]? in
            if case .dictionary(let members) = value { members } else { nil }
        }
        guard !objects.isEmpty, objects.count == candidates.count else { return nil }
        return .or(try objects.map { try memberwise(pathOperand, path, .equal, $0, quantifier, column: column) })
    }

    private func memberwise(
        _ pathOperand: QueryOperand,
        _ path: BoundPath,
        _ op: ComparisonOperator,
        _ members: [DictionaryEntry],
        _ quantifier: Quantifier?,
        column: Int
    ) throws -> BoundNode {
        guard case .keyPath(let parts, _, _, let pathColumn) = pathOperand else {
            throw QueryError("a comparison needs a property", at: column)
        }
        guard op == .equal || op == .notEqual else {
            throw QueryError(
                "'\(path.text)' can only be compared with an object's values using == or !=, not \(op.rawValue)",
                at: column
            )
        }
        if path.mapKey != nil {
            throw QueryError("comparing '\(path.text)' with an object's values is not supported", at: column)
        }
        guard let final = path.final, Self.isCollection(final) else {
            // Rule 1.
            let terms = members.map { member in
                QueryNode.comparison(
                    .keyPath(parts + [member.key], aggregate: nil, aggregateProperty: nil, column: pathColumn),
                    .equal,
                    .constant(member.value, column: column),
                    [],
                    quantifier,
                    column: column
                )
            }
            let node = QueryNode.and(terms)
            return try bind(op == .equal ? node : .not(node))
        }
        // Rule 2.
        guard !path.hops.contains(where: { Self.isCollection($0.column) }) else {
            throw QueryError(
                "comparing '\(path.text)' with an object's values is not supported through another collection",
                at: column
            )
        }
        let variable = Self.memberwiseVariable
        let matching = QueryNode.and(
            members.map { member in
                .comparison(
                    .keyPath([variable, member.key], aggregate: nil, aggregateProperty: nil, column: pathColumn),
                    .equal,
                    .constant(member.value, column: column),
                    [],
                    nil,
                    column: column
                )
            }
        )
        let matches = QueryOperand.subqueryCount(parts, variable: variable, predicate: matching, column: pathColumn)
        let size = QueryOperand.subqueryCount(parts, variable: variable, predicate: .truePredicate, column: pathColumn)
        let none = QueryOperand.constant(.int(0), column: column)
        func count(_ lhs: QueryOperand, _ op: ComparisonOperator, _ rhs: QueryOperand) -> QueryNode {
            .comparison(lhs, op, rhs, [], nil, column: column)
        }
        let node: QueryNode
        switch (quantifier ?? .any, op) {
        case (.all, .equal): node = count(matches, .equal, size)
        case (.all, _), (.noneOf, .equal): node = count(matches, .equal, none)
        case (.noneOf, _): node = count(matches, .equal, size)
        case (_, .equal): node = count(matches, .greater, none)
        default: node = .and([count(size, .greater, none), count(matches, .equal, none)])
        }
        return try bind(node)
    }
}

import StrataCore

// A typed query names the element of every SUBQUERY it builds `$element` (`Query.elementVariable`), because a
// subquery's body is built before anyone knows how deeply it will be nested. realm-core refuses a SUBQUERY whose
// variable an enclosing SUBQUERY over the same class already uses, so before a typed query is bound, its subqueries'
// variables are numbered `$col1`, `$col2`, … in the order they appear, as Realm Swift's typed queries number them.

extension QueryNode {
    /// The predicate with each `$element` SUBQUERY variable renamed `$colN` (N counting subqueries in the order they
    /// appear), and each key path of a body that starts at `$element` renamed with it. A hand-written predicate has
    /// no `$element` variable of a typed query and comes back unchanged.
    /// - Complexity: O(n) for n nodes.
    func numberingTypedSubqueries() -> QueryNode {
        var counter = 0
        return numbered(element: nil, counter: &counter)
    }

    /// The predicate with its subqueries numbered from `counter` on; `element` is the name the enclosing SUBQUERY's
    /// `$element` took (nil outside every SUBQUERY).
    fileprivate func numbered(element: String?, counter: inout Int) -> QueryNode {
        switch self {
        case .truePredicate, .falsePredicate: return self
        case .and(let nodes): return .and(nodes.map { $0.numbered(element: element, counter: &counter) })
        case .or(let nodes): return .or(nodes.map { $0.numbered(element: element, counter: &counter) })
        case .not(let node): return .not(node.numbered(element: element, counter: &counter))
        case .comparison(let lhs, let op, let rhs, let options, let quantifier, let column):
            let left = lhs.numbered(element: element, counter: &counter)
            let right = rhs.numbered(element: element, counter: &counter)
            return .comparison(left, op, right, options, quantifier, column: column)
        case .between(let value, let low, let high, let quantifier, let column):
            let subject = value.numbered(element: element, counter: &counter)
            let lower = low.numbered(element: element, counter: &counter)
            let upper = high.numbered(element: element, counter: &counter)
            return .between(subject, lower, upper, quantifier, column: column)
        case .geoWithin(let subject, let shape, let column):
            return .geoWithin(subject.numbered(element: element, counter: &counter), shape, column: column)
        }
    }
}

extension QueryOperand {
    /// The operand with its subqueries numbered (see ``QueryNode/numberingTypedSubqueries()``).
    fileprivate func numbered(element: String?, counter: inout Int) -> QueryOperand {
        switch self {
        case .constant, .list: return self
        case .keyPath(let parts, let aggregate, let aggregateProperty, let column):
            return .keyPath(
                Self.renamed(parts, element: element),
                aggregate: aggregate,
                aggregateProperty: aggregateProperty,
                column: column
            )
        case .subqueryCount(let parts, let variable, let predicate, let column):
            let collection = Self.renamed(parts, element: element)
            guard variable == Query<Bool>.elementVariable else {
                return .subqueryCount(
                    collection,
                    variable: variable,
                    predicate: predicate.numbered(element: element, counter: &counter),
                    column: column
                )
            }
            counter += 1
            let name = "$col\(counter)"
            let body = predicate.numbered(element: name, counter: &counter)
            return .subqueryCount(collection, variable: name, predicate: body, column: column)
        }
    }

    /// `parts` with a leading `$element` replaced by `element`, the name its SUBQUERY's variable took.
    private static func renamed(_ parts: [String], element: String?) -> [String] {
        guard let element, parts.first == Query<Bool>.elementVariable else { return parts }
        return [element] + parts.dropFirst()
    }
}

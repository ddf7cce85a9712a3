import StrataCore

/// A query evaluated in memory over the elements of an unmanaged collection: what `index(matching:)` needs there,
/// as Realm Swift checks each element of an unmanaged list against the predicate (other queries of unmanaged
/// collections are refused, as in Realm).
///
/// Values are named `self`; objects by their properties, through to-one links and into collections (a comparison
/// then holds for any element reached, or all or none as its quantifier says). A nil link on the way reads as
/// null. Aggregates (`@count`, `@sum`…), subqueries and comparisons with objects need a realm, and are refused.
enum UnmanagedQuery {
    /// The position of the first of `elements` that matches `query`'s predicate, or nil.
    static func firstIndex<Element>(in elements: [Element], matching query: ParsedQuery) throws -> Int? {
        guard Element.self is ObjectBase.Type || elements.first is ObjectBase else {
            try ValueQuery.validate(query)
            let values = try elements.map { try ValueConversion.engineValue($0) { _ in .null } }
            return values.firstIndex { value in ValueQuery.matches(query.predicate) { _ in [value] } }
        }
        try validate(query.predicate)
        return try elements.firstIndex { element in
            guard let object = element as? ObjectBase else { return false }
            var failure: (any Error)?
            let matched = ValueQuery.matches(query.predicate) { path in
                do {
                    return try values(path[...], of: object)
                } catch {
                    failure = error
                    return []
                }
            }
            if let failure { throw failure }
            return matched
        }
    }

    /// The values reached from `object` along `path`.
    private static func values(_ path: ArraySlice<String>, of object: ObjectBase) throws -> [Value] {
        guard let name = path.first else { return [] }
        let info = try ObjectClassInfo.of(type(of: object))
        guard let index = info.index(ofProperty: name) else {
            throw RealmError.invalidQuery("Property '\(name)' not found in object of type '\(info.className)'")
        }
        return try values(path.dropFirst(), of: info.properties[index].read(object))
    }

    /// The values reached from `value` (a property's value) along the rest of a path.
    private static func values(_ rest: ArraySlice<String>, of value: Any) throws -> [Value] {
        if let elements = (value as? any ElementsProvider)?.anyElements {
            return try elements.flatMap { try values(rest, of: $0) }
        }
        if let object = value as? ObjectBase {
            guard !rest.isEmpty else {
                throw RealmError.invalidQuery("comparing objects needs a managed collection")
            }
            return try values(rest, of: object)
        }
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrappedValueIfAny else { return [.null] }
            return try values(rest, of: wrapped)
        }
        guard rest.isEmpty else {
            throw RealmError.invalidQuery("'\(rest.first!)' follows a property that is not a link")
        }
        return [try ValueConversion.engineValue(value) { _ in .null }]
    }

    /// Refuses what needs a realm: aggregates, subqueries and shapes.
    private static func validate(_ node: QueryNode) throws {
        func check(_ operand: QueryOperand) throws {
            switch operand {
            case .keyPath(_, let aggregate?, _, _):
                throw RealmError.invalidQuery("'\(aggregate.rawValue)' needs a managed collection")
            case .subqueryCount: throw RealmError.invalidQuery("SUBQUERY needs a managed collection")
            case .keyPath, .constant, .list: break
            }
        }
        switch node {
        case .truePredicate, .falsePredicate: break
        case .and(let nodes), .or(let nodes): try nodes.forEach(validate)
        case .not(let node): try validate(node)
        case .comparison(_, .matches, _, _, _, _): throw ValueQuery.matchesRefusal
        case .comparison(let lhs, _, let rhs, _, _, _): try [lhs, rhs].forEach(check)
        case .between(let value, let low, let high, _, _): try [value, low, high].forEach(check)
        case .geoWithin: throw RealmError.invalidQuery("GEOWITHIN needs a managed collection")
        }
    }
}

// QueryAST.swift: a parsed query, before it is bound to a schema.

/// Comparison operators.
package enum ComparisonOperator: String, Sendable, Equatable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case inList = "IN"
    /// `location GEOWITHIN %@`: parsed into `QueryNode.geoWithin`, never a bound comparison.
    case geoWithin = "GEOWITHIN"
    /// NSPredicate's regular-expression operator: parsed so that the binder can refuse it naming the property's
    /// type, as Realm Swift does ("Operator 'MATCHES' not supported for type 'string'"); never bound.
    case matches = "MATCHES"

    /// The operator with its sides swapped (`5 < age` is `age > 5`).
    var mirrored: ComparisonOperator {
        switch self {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return self
        }
    }

    /// BEGINSWITH, ENDSWITH, CONTAINS and LIKE.
    package var isStringOperator: Bool { [.beginsWith, .endsWith, .contains, .like].contains(self) }
}

/// `[c]`, `[d]`, `[cd]`.
package struct QueryStringOptions: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let caseInsensitive = QueryStringOptions(rawValue: 1)
    package static let diacriticInsensitive = QueryStringOptions(rawValue: 2)
}

/// ANY / ALL / NONE over a collection key path.
package enum Quantifier: String, Sendable, Equatable {
    case any = "ANY"
    case all = "ALL"
    case noneOf = "NONE"
    /// ANY when the key path is a collection, else none: for translated predicates (Foundation's `#Predicate`),
    /// which do not say. The binder resolves it; a bound query never holds it.
    case anyIfCollection = "ANY?"
}

/// Collection aggregates on a key path.
package enum KeyPathAggregate: String, Sendable, Equatable {
    case count = "@count"
    case size = "@size"
    case min = "@min"
    case max = "@max"
    case sum = "@sum"
    case avg = "@avg"
    /// A map's keys or values (selectors, not aggregates: the path stays a collection).
    case keys = "@keys"
    case values = "@values"
    /// The type of a mixed value, compared with a type name (`anyCol.@type == 'list'`).
    case type = "@type"

    package var isSelector: Bool { self == .keys || self == .values }
}

/// One side of a comparison.
package indirect enum QueryOperand: Sendable, Equatable {
    /// A key path (names split on dots) with an optional trailing aggregate and its property.
    case keyPath([String], aggregate: KeyPathAggregate?, aggregateProperty: String?, column: Int)
    /// A literal or argument value.
    case constant(Value, column: Int)
    /// `SUBQUERY(collection, $variable, predicate).@count`.
    case subqueryCount([String], variable: String, predicate: QueryNode, column: Int)
    /// `{a, b, c}` or an array argument.
    case list([Value], column: Int)

    var column: Int {
        switch self {
        case .keyPath(_, _, _, let column), .constant(_, let column), .list(_, let column),
            .subqueryCount(_, _, _, let column):
            return column
        }
    }
}

/// A parsed predicate.
package indirect enum QueryNode: Sendable, Equatable {
    case truePredicate
    case falsePredicate
    case and([QueryNode])
    case or([QueryNode])
    case not(QueryNode)
    case comparison(QueryOperand, ComparisonOperator, QueryOperand, QueryStringOptions, Quantifier?, column: Int)
    case between(QueryOperand, QueryOperand, QueryOperand, Quantifier?, column: Int)
    /// `location GEOWITHIN %@` (or `location IN %@` with a shape argument): a key path and the shape.
    case geoWithin(QueryOperand, GeoShape, column: Int)
}

/// One sort key of a trailing `SORT(...)` or of `sorted(by:)`.
package struct QuerySortKey: Sendable, Equatable {
    package var keyPath: String
    package var ascending: Bool

    package init(keyPath: String, ascending: Bool) {
        self.keyPath = keyPath
        self.ascending = ascending
    }
}

/// A predicate with its trailing `SORT`, `DISTINCT` and `LIMIT` clauses.
package struct ParsedQuery: Sendable, Equatable {
    package var predicate: QueryNode
    /// SORT, DISTINCT and LIMIT, applied in the order written (as Realm does).
    package var stages: [QueryStage] = []
    /// Where each key path of a SORT or DISTINCT first appears in the query text (1-based column), for errors.
    package var keyPathColumns: [String: Int] = [:]
    /// The floating-point literals whose text holds a value their Double loses (more than 15 significant digits),
    /// by the literal's column: compared with a decimal property, such a literal is read from its text, as
    /// realm-core reads it (`dec == 3.141592653589793238` keeps all 19 digits).
    package var exactDecimals: [Int: ExactDecimalLiteral] = [:]
    /// The string and binary constants that came from arguments (`$0`, `%@`), by column: realm-core compares a
    /// binary property with a string literal and a string property with a `B64"…"` literal, but refuses the same
    /// values given as arguments ("Cannot compare argument … to a binary").
    package var argumentTexts: [Int: Value] = [:]

    package init(predicate: QueryNode, stages: [QueryStage] = []) {
        self.predicate = predicate
        self.stages = stages
    }

    /// Sorts by `keys` after the stages so far. Sorting is stable, so an earlier sort breaks the new one's
    /// ties: the newest sort takes precedence, as Realm's `sorted` does on sorted results.
    package mutating func sort(by keys: [QuerySortKey]) {
        stages.append(.sort(keys))
    }
}

/// A floating-point literal's Double and its exact value as a Decimal128 (``ParsedQuery/exactDecimals``).
package struct ExactDecimalLiteral: Sendable, Equatable {
    /// The value the literal stands for in the query (the binder swaps in `decimal` only for this value).
    package var double: Double
    /// The literal's text as a `.decimal128` value.
    package var decimal: Value

    package init(double: Double, decimal: Value) {
        self.double = double
        self.decimal = decimal
    }
}

/// One step after filtering.
package enum QueryStage: Sendable, Equatable {
    case sort([QuerySortKey])
    case distinct([String])
    case limit(Int)
}

// BoundQuery.swift: a query bound to a schema: resolved key paths, typed operands, SORT/DISTINCT/LIMIT.
//
// Invariants (QueryBinder establishes them; QueryEvaluator and ColumnarFilter rely on them):
//   (1) Every key path names existing columns; `hops` are link columns, each starting from `table`. A hop through
//       one key of a map of links (`relations['partner'].name`) is to-one: its column is recorded with `collection`
//       `.single`, and `hopKeys` holds the key it reads (QueryEvaluator follows only that entry).
//   (2) A path with `isMultiple` is compared under a quantifier; one without never is.
//   (3) No quantifier is `.anyIfCollection`.
//   (4) `mapKey` is set only when `final` is a dictionary column, and then `aggregate` is nil.
//   (6) `mixedSteps` is set only when `final` is a single mixed column (`aggregate` then nil, @size, @count,
//       @keys, @values or @type), or with `aggregate` @type: `[*]` on a list, set or map of mixed values, a key
//       on a map of them, or no step on any other column (a constant type name, QueryBinder+Mixed.swift rule 5,
//       which is compared before it is ever evaluated). A path with `[*]` may be compared without a quantifier
//       (it means ANY).
//   (5) Constants stand on the right.
//   (6) `geoWithin` paths are single-valued: `type` a string, `coordinates` a list of doubles, both columns of
//       the table one to-one link away; its region is already validated.

/// A key path resolved against the schema.
package struct BoundPath: Sendable, Equatable {
    /// Link columns crossed, each with the table it starts from.
    var hops: [(table: TableKey, column: ColumnSpec)]
    /// For a hop through one key of a map of links (`relations['partner'].name`): the key, by the hop's index.
    var hopKeys: [Int: String] = [:]
    /// The final column (nil for `@links.@count`, the count of every backlink).
    var final: ColumnSpec?
    var finalTable: TableKey
    var aggregate: KeyPathAggregate?
    /// For `links.@sum.property`: the property of the linked objects.
    var aggregateColumn: ColumnSpec?
    /// Whether the path yields several values.
    var isMultiple: Bool
    /// For `map['key']`: the key whose value the path reads from the final (dictionary) column.
    var mapKey: String?
    /// For a path into a mixed value (`mixed[0]`, `mixed['key'][*]`, `mixed.@type`): the steps from the final
    /// (single mixed) column's value; `aggregate` then applies to the values reached (see MixedPath.swift).
    var mixedSteps: [MixedStep]?
    var text: String

    package static func == (lhs: BoundPath, rhs: BoundPath) -> Bool {
        lhs.text == rhs.text && lhs.finalTable == rhs.finalTable
    }

    /// The column, when the path is one property of the root object itself (no links, no aggregate).
    package var directColumn: ColumnKey? {
        guard hops.isEmpty, aggregate == nil, mixedSteps == nil, let final, final.collection == .single,
            final.type != .backlink
        else {
            return nil
        }
        return final.key
    }

    /// The type of the values the path yields, for type checking (and for aggregates, which add up mixed
    /// values as decimals).
    package var valueType: ValueType? {
        if mixedSteps != nil {
            switch aggregate {
            case .size?, .count?: return .int
            case .type?, .keys?: return .string
            default: return .mixed
            }
        }
        if aggregate == .keys { return .string }
        if aggregate == .values { return final?.type }
        if let aggregate {
            if aggregate == .count || aggregate == .size { return .int }
            if aggregate == .avg {
                let element = aggregateColumn?.type ?? final?.type
                return element == .decimal128 || element == .mixed ? element : .double
            }
            return aggregateColumn?.type ?? final?.type
        }
        return final?.type
    }
}

/// A predicate bound to a schema.
package indirect enum BoundNode: Sendable, Equatable {
    case constant(Bool)
    case and([BoundNode])
    case or([BoundNode])
    case not(BoundNode)
    case compare(BoundOperand, ComparisonOperator, BoundOperand, QueryStringOptions, Quantifier?)
    case between(BoundOperand, Value, Value, Quantifier?)
    /// A to-one link to an embedded GeoJSON point: the paths of its `type` and `coordinates`, and the region.
    case geoWithin(type: BoundPath, coordinates: BoundPath, GeoRegion)
}

/// One side of a bound comparison.
package indirect enum BoundOperand: Sendable, Equatable {
    case path(BoundPath)
    /// The number of objects of a link collection that match a predicate.
    case subqueryCount(BoundPath, BoundNode)
    case value(Value)
    case list([Value])
}

/// A bound query: predicate, sort, distinct and limit.
package struct BoundQuery: Sendable, Equatable {
    package var table: TableKey
    package var predicate: BoundNode
    var stages: [BoundStage]
}

/// A bound SORT, DISTINCT or LIMIT.
enum BoundStage: Sendable, Equatable {
    case sort([BoundSortKey])
    case distinct([BoundPath])
    case limit(Int)
}

/// One bound sort key.
struct BoundSortKey: Sendable, Equatable {
    var path: BoundPath
    var ascending: Bool
}

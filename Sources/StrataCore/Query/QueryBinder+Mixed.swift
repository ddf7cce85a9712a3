// QueryBinder+Mixed.swift: binding key paths into a mixed value's nested collections, and `@type`.
//
// Rules (QueryBinder.swift rule 8; MixedPath.swift for what the steps read):
//   (1) The parts after a single mixed property are steps: subscripts as the parser wrote them, plain names
//       as dictionary keys (realm-core: `properties.instruments[0].strings`).
//   (2) @min, @max, @sum, @avg and a property after the aggregate are errors on a mixed path.
//   (3) `@type` compares with ==, != or IN against type names; an unknown name is an error naming it.
//       `!=` binds as IN over every other type, so that it quantifies as `==` does.
//   (4) `mixed[*] == {a, b}` is refused: realm-core compares the whole list there (`properties[*] == {1, 2, 3}`
//       holds for [1, 2, 3] only), which Strata does not do yet; `IN {a, b}` is ANY element in the list.

extension QueryBinder {
    func mixedPath(
        _ rest: ArraySlice<String>,
        final: ColumnSpec,
        table: TableKey,
        hops: [(table: TableKey, column: ColumnSpec)],
        multiple: Bool,
        aggregate: KeyPathAggregate?,
        aggregateProperty: String?,
        text: String,
        column: Int?
    ) throws -> BoundPath {
        if let aggregate, [.min, .max, .sum, .avg].contains(aggregate) {
            throw QueryError("\(aggregate.rawValue) is not supported on the mixed value '\(text)'", at: column)
        }
        if let aggregateProperty {
            throw QueryError(
                "'\(aggregateProperty)' cannot follow an operator on the mixed value '\(text)'",
                at: column
            )
        }
        let steps = rest.map(MixedStep.init(segment:))
        return BoundPath(
            hops: hops,
            final: final,
            finalTable: table,
            aggregate: aggregate,
            aggregateColumn: nil,
            isMultiple: multiple || steps.contains(.all) || aggregate == .keys || aggregate == .values,
            mixedSteps: steps,
            text: text
        )
    }

    /// Every canonical type name, for `@type != name`.
    private static let allTypeNames = [
        "null", "int", "bool", "float", "double", "string", "binary", "timestamp", "decimal128", "objectid", "uuid",
        "objectlink", "array", "object",
    ]

    func typeComparison(
        _ path: BoundPath,
        _ op: ComparisonOperator,
        _ right: BoundOperand,
        _ quantifier: Quantifier?,
        column: Int
    ) throws -> BoundNode {
        try checkQuantifier(path, quantifier, column: column)
        let given: [Value]
        switch (op, right) {
        case (.equal, .value(.string(let name))), (.notEqual, .value(.string(let name))):
            given = [.string(name)]
        case (.inList, .value(.list(let values))), (.inList, .list(let values)), (.equal, .list(let values)):
            given = values
        default:
            throw QueryError(
                "'\(path.text)' can only be compared with a type name using ==, != or IN, e.g. \(path.text) == 'list'",
                at: column
            )
        }
        var names: [String] = []
        for value in given {
            guard case .string(let name) = value, let matching = MixedPath.typeNames(matching: name) else {
                throw QueryError("\(value) is not a type name for '\(path.text)'", at: column)
            }
            names += matching
        }
        if op == .notEqual { names = Self.allTypeNames.filter { !names.contains($0) } }
        return .compare(.path(path), .inList, .value(.list(names.map { .string($0) })), [], quantifier)
    }
}

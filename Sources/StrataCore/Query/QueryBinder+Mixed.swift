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
//   (5) `@type` after a list, set or map of mixed values is the type of each element, a path of several values
//       (the step `[*]`, so `list.@type == 'int'` means ANY); after a map's key (`dict['key'].@type`) the type
//       of that value. After any other property it is a constant, the name of the property's type
//       (`int.@type` is 'int', a link's 'objectlink'), as in realm-core's Parser_TypeOfValue: it compares with
//       another `@type` (`mixed.@type == int.@type`), and compared with a constant it is an error ("Comparison
//       between two constants is not supported").
//   (6) `@type` compared with another `@type` compares their type names (`mixed.@type == mixed.@type`); compared
//       with a value that is not a type name string, or with a property, it is an error naming both types
//       ("Unsupported comparison between @type and raw value"); with [c] or [d] it is an error, realm-core's
//       "Unsupported comparison operator '=[c]' against type '@type'".
//   (7) A map has no order: a position (`dict[FIRST]`, `dict[LAST]`, `dict[2]`) is refused with realm-core's
//       "Property 'Class.dict' does not support index 'FIRST'", after Realm Swift's "Invalid subscript type
//       'dict[2]'; only string keys are allowed as subscripts in dictionary queries." for a number.

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

    /// `mixed.@type op right` without string options (the form `QueryBinder.bind` calls).
    func typeComparison(
        _ path: BoundPath,
        _ op: ComparisonOperator,
        _ right: BoundOperand,
        _ quantifier: Quantifier?,
        column: Int
    ) throws -> BoundNode {
        try typeComparison(path, op, right, [], quantifier, column: column)
    }

    /// Whether a comparison of `left` with `right` is one of `@type` (rules 5, 6): either side a `@type` path.
    static func comparesType(_ left: BoundOperand, _ right: BoundOperand) -> Bool {
        [left, right].contains { operand in
            if case .path(let path) = operand { path.aggregate == .type } else { false }
        }
    }

    /// A comparison with a `@type` on either side (rules 3, 5, 6).
    func typeComparison(
        _ path: BoundPath,
        _ op: ComparisonOperator,
        _ right: BoundOperand,
        _ options: QueryStringOptions,
        _ quantifier: Quantifier?,
        column: Int
    ) throws -> BoundNode {
        var (path, right) = (path, right)
        // A constant `@type` (a typed property's) goes right, as other constants do.
        if path.constantTypeName != nil, case .path(let other) = right,
            other.aggregate == .type, other.constantTypeName == nil, op == .equal || op == .notEqual
        {
            (path, right) = (other, .path(path))
        }
        if let name = path.constantTypeName {
            let described: String
            switch right {
            case .path(let other) where other.constantTypeName != nil: described = "\"\(other.constantTypeName!)\""
            case .path(let other):
                throw QueryError(
                    "Unsupported comparison between @type and raw value: '@type' and '\(Self.rawTypeName(other))'",
                    at: column
                )
            case .value(.string(let text)): described = "\"\(text)\""
            case .value(let value): described = "\(value)"
            case .list(let values): described = "\(values)"
            case .subqueryCount: described = "SUBQUERY"
            }
            throw QueryError(
                "Comparison between two constants is not supported ('\"\(name)\"' and '\(described)')",
                at: column
            )
        }
        guard path.aggregate == .type else {
            // A property compared with a `@type` on the right.
            throw QueryError(
                "Unsupported comparison between @type and raw value: '\(Self.rawTypeName(path))' and '@type'",
                at: column
            )
        }
        switch right {
        case .value(let value) where !value.isNull && Self.rawTypeName(value) != "string" && !Self.isList(value):
            throw QueryError(
                "Unsupported comparison between @type and raw value: '@type' and '\(Self.rawTypeName(value))'",
                at: column
            )
        case .path(let other) where other.aggregate != .type:
            throw QueryError(
                "Unsupported comparison between @type and raw value: '@type' and '\(Self.rawTypeName(other))'",
                at: column
            )
        default: break
        }
        if !options.isEmpty {
            let suffix =
                (options.contains(.caseInsensitive) ? "c" : "") + (options.contains(.diacriticInsensitive) ? "d" : "")
            let written = op == .inList ? "in" : op == .notEqual ? "!=" : op == .equal ? "=" : op.rawValue
            throw QueryError(
                "Unsupported comparison operator '\(written)[\(suffix)]' against type '@type', right side must be a "
                    + "string or binary type",
                at: column
            )
        }
        try checkQuantifier(path, quantifier, column: column)
        let given: [Value]
        switch (op, right) {
        case (.equal, .value(.string(let name))), (.notEqual, .value(.string(let name))):
            given = [.string(name)]
        case (.equal, .path(let other)), (.notEqual, .path(let other)):
            if let name = other.constantTypeName {
                given = [.string(name)]
                break
            }
            // Two `@type`s: their type names compared.
            if other.isMultiple {
                throw QueryError("the right side of a comparison cannot be a collection", at: column)
            }
            return .compare(.path(path), op, right, [], quantifier)
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

    /// `@type` after a property that is not a single mixed value (rule 5): each element's type for a collection
    /// of mixed values, else the property's type as a constant.
    func typePath(
        _ found: ColumnSpec,
        table: TableKey,
        hops: [(table: TableKey, column: ColumnSpec)],
        aggregateProperty: String?,
        text: String,
        column: Int?
    ) throws -> BoundPath {
        if let aggregateProperty {
            throw QueryError("'\(aggregateProperty)' cannot follow @type on '\(text)'", at: column)
        }
        let elements = found.type == .mixed && found.collection != .single
        return BoundPath(
            hops: hops,
            final: found,
            finalTable: table,
            aggregate: .type,
            aggregateColumn: nil,
            isMultiple: elements,
            mixedSteps: elements ? [.all] : [],
            text: text
        )
    }

    /// A map subscript (`dict['key']`, `dict[FIRST]`) when it needs more than a key lookup: a position is
    /// refused (rule 7); `['key'].@type` on a map of mixed values is a path into the map's value (rule 5). Nil
    /// for a plain key, which the caller binds.
    func mapSubscriptPath(
        _ rest: ArraySlice<String>,
        final: ColumnSpec,
        name: String,
        table: TableKey,
        hops: [(table: TableKey, column: ColumnSpec)],
        multiple: Bool,
        aggregate: KeyPathAggregate?,
        text: String,
        column: Int?
    ) throws -> BoundPath? {
        guard let segment = rest.first else { return nil }
        let step = MixedStep(segment: segment)
        let position: String?
        switch step {
        case .first, .index(0): position = "FIRST"
        case .last: position = "LAST"
        case .index(let index): position = "\(index)"
        case .key, .all: position = nil
        }
        if let position {
            // realm-core's message; for a number, Realm Swift's first (a map takes string keys only).
            var realm = ""
            if case .index = step, final.collection == .dictionary {
                realm =
                    "Invalid subscript type '\(text)'; only string keys are allowed as subscripts in dictionary "
                    + "queries. "
            }
            throw QueryError(
                "\(realm)Property '\(specs[table]?.name ?? "?").\(name)' does not support index '\(position)'",
                at: column
            )
        }
        guard case .key = step, rest.count == 1, aggregate == .type, final.type == .mixed else { return nil }
        return BoundPath(
            hops: hops,
            final: final,
            finalTable: table,
            aggregate: .type,
            aggregateColumn: nil,
            isMultiple: multiple,
            mixedSteps: [step],
            text: text
        )
    }

    /// realm-core's name for the type of a value compared with `@type` (`get_data_type_name`).
    static func rawTypeName(_ value: Value) -> String { value.rawTypeName }

    /// realm-core's name for the type of a property compared with `@type`.
    static func rawTypeName(_ path: BoundPath) -> String { path.valueType?.rawTypeName ?? "mixed" }

    private static func isList(_ value: Value) -> Bool {
        if case .list = value { true } else { false }
    }
}

extension BoundPath {
    /// For `@type` after a property that holds no mixed value: the name of the property's type, a constant
    /// (QueryBinder+Mixed.swift rule 5); nil for any other path.
    var constantTypeName: String? {
        guard aggregate == .type, let final, final.type != .mixed else { return nil }
        return final.type.canonicalTypeName
    }
}

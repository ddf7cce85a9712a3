// QueryBinder+TypeChecks.swift: which comparisons the binder accepts, by value type and operator.
//
// Rules (QueryBinder.swift lists them in full):
//   (1) ANY/SOME/ALL/NONE need a collection; a collection needs one of them or an aggregate.
//   (2) String operators and [c]/[d] need string, binary or mixed values.
//   (3) Numbers compare across int, float, double and decimal128; null compares with ==, != and IN, with <, <=,
//       > and >= too (realm-core; ValueComparison.swift says how nulls order) except for bool and links, and is
//       a needle for the string operators; links compare only for equality; bool takes == and != (and 0/1).
//   (4) Every error names the key path, the value or operator, and the column of the comparison.

extension QueryBinder {
    func checkStringOperator(
        _ path: BoundPath,
        _ op: ComparisonOperator,
        _ options: QueryStringOptions,
        column: Int
    ) throws {
        guard op.isStringOperator || !options.isEmpty else { return }
        guard let type = path.valueType, [.string, .binary, .mixed].contains(type) else {
            throw QueryError(
                "\(op.rawValue)\(options.isEmpty ? "" : " with string options") is not valid for '\(path.text)' of type \(path.valueType.map { "\($0)" } ?? "object")",
                at: column
            )
        }
    }

    /// `@count` and `@size` of a collection compare with numbers only (Realm Swift: "@count can only be compared
    /// with a numeric value.").
    func checkCountComparison(_ path: BoundPath, _ right: BoundOperand, column: Int) throws {
        guard let aggregate = path.aggregate, aggregate == .count || aggregate == .size else { return }
        let numbers: Set<ValueType> = [.int, .float, .double, .decimal128]
        let numeric: Bool
        switch right {
        case .value(.list(let values)), .list(let values):
            numeric = values.allSatisfy { ValueComparison.number($0) != nil }
        case .value(let value): numeric = ValueComparison.number(value) != nil
        case .path(let other): numeric = other.valueType.map(numbers.contains) ?? false
        case .subqueryCount: numeric = true
        }
        guard numeric else {
            throw QueryError("\(aggregate.rawValue) can only be compared with a numeric value.", at: column)
        }
    }

    /// The name Realm Swift's messages give a path's type (RLMTypeToString).
    static func realmTypeName(_ path: BoundPath) -> String {
        switch path.valueType {
        case .int?: return "int"
        case .bool?: return "bool"
        case .float?: return "float"
        case .double?: return "double"
        case .string?: return "string"
        case .binary?: return "data"
        case .timestamp?: return "date"
        case .decimal128?: return "decimal128"
        case .objectId?: return "object id"
        case .uuid?: return "uuid"
        case .mixed?: return "mixed"
        case .link?, .backlink?, nil: return "object"
        }
    }

    func checkQuantifier(_ path: BoundPath, _ quantifier: Quantifier?, column: Int) throws {
        if let quantifier, !path.isMultiple {
            throw QueryError(
                "\(quantifier.rawValue) needs a collection, and '\(path.text)' is not a collection",
                at: column
            )
        }
        // realm-core: a mixed path with `[*]` compared without a quantifier means ANY, and so does an aggregate
        // after another collection (one value per object reached).
        if path.isMultiple && quantifier == nil && path.mixedSteps == nil && !Self.isAggregatePerObject(path) {
            throw QueryError(
                "'\(path.text)' is a collection: use ANY, ALL, NONE or an aggregate such as @count",
                at: column
            )
        }
    }

    func compatible(_ a: ValueType, _ b: ValueType) -> Bool {
        let numbers: Set<ValueType> = [.int, .float, .double, .decimal128]
        if a == .mixed || b == .mixed { return true }
        if numbers.contains(a) && numbers.contains(b) { return true }
        if [.string, .binary].contains(a) && [.string, .binary].contains(b) { return true }
        return a == b
    }

    /// An object compared with a link must be of the link's class (Realm Swift: "Cannot compare value … of type …
    /// to property … of type …"); objects of two classes may share a key, so the key alone would match the wrong one.
    func checkLinkClass(_ path: BoundPath, _ table: TableKey, column: Int) throws {
        guard let target = path.final?.linkTable, target != table else { return }
        throw QueryError(
            "Cannot compare value of type '\(specs[table]?.name ?? "?")' to property '\(path.text)' of type "
                + "'\(specs[target]?.name ?? "?")'",
            at: column
        )
    }

    /// A string constant compared with a binary property, or a binary one with a string property, as realm-core takes
    /// it: a literal crosses (a `B64"…"` literal compared with a string is the text its bytes spell, returned here), an
    /// argument does not ("Cannot compare argument … to a binary"). Nil leaves the value as it is: a string literal
    /// against a binary property compares its UTF-8 bytes, and a binary argument (or a B64 literal that is not UTF-8,
    /// which no string equals) against a string property is refused by ``checkType(_:_:_:column:)``.
    func crossText(_ path: BoundPath, _ value: Value, fromArgument: Bool, column: Int) throws -> Value? {
        switch (path.valueType, value) {
        case (.binary?, .string(let text)) where fromArgument:
            throw QueryError("Cannot compare argument with value '\(text)' to a binary", at: column)
        case (.string?, .binary(let bytes)) where !fromArgument:
            return String(validating: bytes, as: UTF8.self).map(Value.string)
        default: return nil
        }
    }

    func checkType(_ path: BoundPath, _ op: ComparisonOperator, _ value: Value, column: Int) throws {
        guard let type = path.valueType else { return }
        let ok: Bool
        switch (type, value) {
        case (_, .null):
            let ordered: Set<ComparisonOperator> = [.less, .lessOrEqual, .greater, .greaterOrEqual]
            ok =
                op == .equal || op == .notEqual || op == .inList || op.isStringOperator
                || (ordered.contains(op) && ![.bool, .link, .backlink].contains(type))
        case (.mixed, _): ok = true
        // realm-core refuses an integer compared with infinity (and with a Float NaN): no integer is either.
        case (.int, .double(let v)) where v.isInfinite: throw QueryError("Infinity not supported for int", at: column)
        case (.int, .float(let v)) where v.isInfinite: throw QueryError("Infinity not supported for int", at: column)
        case (.int, .float(let v)) where v.isNaN: throw QueryError("NaN not supported for int", at: column)
        case (.int, .int), (.int, .double), (.int, .float), (.float, .int), (.float, .double), (.float, .float),
            (.double, .int), (.double, .double), (.double, .float), (.decimal128, .int), (.decimal128, .double),
            (.decimal128, .float), (.decimal128, .decimal128), (.int, .decimal128), (.float, .decimal128),
            (.double, .decimal128):
            ok = true
        case (.bool, .bool): ok = op == .equal || op == .notEqual || op == .inList
        case (.bool, .int(let v)): ok = (v == 0 || v == 1) && (op == .equal || op == .notEqual)
        case (.string, .string), (.binary, .string), (.binary, .binary): ok = true
        case (.timestamp, .timestamp), (.objectId, .objectId), (.uuid, .uuid): ok = true
        case (.link, .typedLink(let table, _)), (.backlink, .typedLink(let table, _)):
            try checkLinkClass(path, table, column: column)
            ok = op == .equal || op == .notEqual || op == .inList
        case (.link, .link), (.backlink, .link):
            ok = op == .equal || op == .notEqual || op == .inList
        case (_, .list(let values)) where op == .inList:
            for element in values { try checkType(path, .equal, element, column: column) }
            ok = true
        default: ok = false
        }
        guard ok else {
            throw QueryError(
                "cannot compare '\(path.text)' of type \(type) with \(value) using \(op.rawValue)",
                at: column
            )
        }
    }

    /// Whether `path` is an aggregate taken once per object a collection reached (`list.integers.@count`): its values
    /// compare as ANY unless a quantifier says otherwise.
    static func isAggregatePerObject(_ path: BoundPath) -> Bool {
        guard path.isMultiple, path.mixedSteps == nil, let aggregate = path.aggregate else { return false }
        return !aggregate.isSelector && aggregate != .type
    }
}

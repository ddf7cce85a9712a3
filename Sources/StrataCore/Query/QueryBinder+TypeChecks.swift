// QueryBinder+TypeChecks.swift: which comparisons the binder accepts, by value type and operator.
//
// Rules (QueryBinder.swift lists them in full):
//   (1) ANY/SOME/ALL/NONE need a collection; a collection needs one of them or an aggregate.
//   (2) String operators and [c]/[d] need string, binary or mixed values, except that [c]/[d] on a map's values
//       of another type are ignored (Realm Swift: `intMap['a'] ==[c] 5` is `intMap['a'] == 5`; it ignores them on
//       every property that is not a string, where Strata refuses them). Two mixed properties take no string
//       operator and compare without [c] and [d] (rule 4).
//   (3) Constants: numbers compare across int, float, double and decimal128, except that the @min, @max and @sum
//       of ints and an int property's BETWEEN bounds take whole numbers only, and a float property no double beyond
//       a float's range (Realm Swift's isObjectValidForProperty, which a map's `['key']`, compared as a mixed value,
//       skips; Realm Swift refuses a fraction compared with an int property too, but Strata's documented
//       `age < %f` takes it). Null compares with ==, != and IN, with <, <=, > and >= too (realm-core;
//       ValueComparison.swift says how nulls order) except for bool and links, and is a needle for the string
//       operators; but not with a Boolean property that is not optional, nor with a list, a set or linking objects
//       of objects (Realm Swift refuses null for every property that is not optional; Strata takes it for the other
//       types, matching nothing). Links compare only for equality; bool takes == and != (and 0/1), and a map's
//       Booleans by key also <, <=, > and >= (as mixed values). A binary property takes no string (Realm Swift's
//       validate_comparison), except a map's value by key, which takes a string literal's UTF-8 bytes (realm-core's
//       parser takes them for every binary property). A string that is a decimal's text compares with a
//       decimal property as that decimal, `'Inf'` and `'-Infinity'` too (Realm Swift reads it so; see
//       QueryLiterals.decimalText). A map's keys compare with strings and null only.
//   (4) Two properties compare when they are of one type, as in Realm Swift (RLMQueryUtil's apply_column_expression:
//       "Property type mismatch between int and double" for `intCol == doubleCol`): an optional and a non-optional
//       property of one type compare, and so do integers of any width, but not an int with a float, a double or a
//       decimal, a string with binary data, nor a mixed value with a property of another type (realm-core's parser
//       compares those). Two mixed properties compare with == and != only, and without [c] and [d] (Realm Swift's
//       add_mixed_constraint for a column: "Operator '>' not supported for type 'object'"; realm-core orders them).
//       The elements of a collection after ANY, ALL or NONE follow the same rules (Realm Swift refuses a collection
//       there outright). Two collection operations (@count, @size, @min, @max, @sum, @avg) never compare (Realm
//       Swift: "Key paths including aggregate operations cannot be compared with other aggregate operations";
//       realm-core's parser compares them). A collection operation compares with a property of the type Realm Swift
//       reads it as: @count and @size with an int property, @min, @max, @sum and @avg with a property of the
//       elements' type (dates with a date, mixed values with a mixed property); a property of another "numeric" type
//       (int, float, double, decimal128, date, mixed) gets realm-core's "Expected double to be a col_type_Int",
//       any other type CollectionOperation::validate_comparison's "@count can only be compared with a numeric
//       value" or "@min on a property of type int cannot be compared with property of type 'string'" (realm-core's
//       parser compares any two numbers). A map's value by key and a path into a mixed value (which Realm Swift does
//       not compare with a property) compare as realm-core compares them: numbers with numbers, strings with binary
//       data, a mixed value with anything, or two values of one type.
//   (5) Every error names the key path, the value or operator, and the column of the comparison. Where Realm Swift
//       refuses the same query, its message comes first ("Operator 'LIKE' not supported for type 'int'"), then the
//       key path where Realm's message does not name it. A constant the property's type does not take gets Realm
//       Swift's "Cannot compare value '3' of type 'Int' to property 'name' of type 'string'"; a value of the
//       property's type with an operator the type does not take is refused for the operator ("Operator '>' not
//       supported for type 'bool'"), as Realm Swift checks the value before the operator.

extension QueryBinder {
    /// Checks that a string operator compares strings, binary or mixed values, and returns the options that apply:
    /// `options`, or none for a map's values that are not strings (Realm Swift ignores `[c]` and `[d]` there).
    /// Otherwise an ordered comparison takes neither (RLMQueryUtil.mm orders strings case- and diacritic-sensitively
    /// only).
    func checkStringOperator(
        _ path: BoundPath,
        _ op: ComparisonOperator,
        _ options: QueryStringOptions,
        column: Int
    ) throws -> QueryStringOptions {
        guard op.isStringOperator || !options.isEmpty else { return options }
        let textual = path.valueType.map { [.string, .binary, .mixed].contains($0) } ?? false
        if !op.isStringOperator && !textual && Self.isMapValue(path) { return [] }
        if [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(op) {
            if options.contains(.diacriticInsensitive) {
                throw QueryError(
                    "Operator '\(op.rawValue)' not supported with diacritic-insensitive modifier.",
                    at: column
                )
            }
            throw QueryError(
                "Operator '\(op.rawValue)': Lexicographical comparisons must be case-sensitive",
                at: column
            )
        }
        guard let type = path.valueType, [.string, .binary, .mixed].contains(type) else {
            if op.isStringOperator {
                // Realm Swift's message (RLMQueryUtil's unsupportedOperator), then the key path.
                throw QueryError(
                    "Operator '\(op.rawValue)' not supported for type '\(Self.realmTypeName(path))': \(op.rawValue) is "
                        + "not valid for '\(path.text)'",
                    at: column
                )
            }
            throw QueryError(
                "\(op.rawValue) with string options is not valid for '\(path.text)' of type \(path.valueType.map { "\($0)" } ?? "object")",
                at: column
            )
        }
        return options
    }

    /// Two properties compared with each other (rule 4), as Realm Swift's RLMQueryUtil (apply_column_expression)
    /// takes them: never two collection operations; a collection operation with a property by
    /// ``checkAggregateColumn(_:_:column:)``; two properties of one type only, and two mixed properties with `==` and
    /// `!=` only; a map's value by key or a path into a mixed value as realm-core compares them
    /// (``compatible(_:_:)``).
    func checkColumnTypes(_ path: BoundPath, _ other: BoundPath, _ op: ComparisonOperator, column: Int) throws {
        let operations = (Self.isCollectionOperation(path), Self.isCollectionOperation(other))
        if operations == (true, true) {
            throw QueryError(
                "Key paths including aggregate operations cannot be compared with other aggregate operations: "
                    + "'\(path.text)' and '\(other.text)' are both aggregates",
                at: column
            )
        }
        if operations == (true, false), Self.isRealmColumn(other) {
            return try checkAggregateColumn(path, other, column: column)
        }
        if operations == (false, true), Self.isRealmColumn(path) {
            return try checkAggregateColumn(other, path, column: column)
        }
        guard let a = path.valueType, let b = other.valueType else { return }
        let sameTypeOnly = operations == (false, false) && Self.isRealmColumn(path) && Self.isRealmColumn(other)
        // Realm Swift compares two mixed properties as it compares Booleans (RLMQueryUtil's add_mixed_constraint for
        // a column, by add_bool_constraint with RLMPropertyTypeObject): == and != only.
        if sameTypeOnly, a == .mixed, b == .mixed, ![.equal, .notEqual, .inList].contains(op) {
            throw QueryError(
                "Operator '\(op.rawValue)' not supported for type 'object': two mixed properties, '\(path.text)' and "
                    + "'\(other.text)', compare with == and != only",
                at: column
            )
        }
        if sameTypeOnly ? a == b : compatible(a, b) { return }
        throw QueryError(
            "Property type mismatch between \(Self.realmTypeName(path)) and \(Self.realmTypeName(other)): cannot "
                + "compare '\(path.text)' (\(a)) with '\(other.text)' (\(b))",
            at: column
        )
    }

    /// A collection operation compared with a property (rule 4), as Realm Swift takes it: RLMQueryUtil's
    /// CollectionOperation::validate_comparison takes a property of a "numeric" type (int, float, double, decimal128,
    /// date or mixed), and add_collection_operation_constraint then reads that property as the operation's column type
    /// (an int for @count, the elements' type for @min, @max, @sum and @avg), which realm-core's LinkChain::column
    /// refuses for a property of another type ("Expected double to be a col_type_Int").
    func checkAggregateColumn(_ path: BoundPath, _ property: BoundPath, column: Int) throws {
        guard let aggregate = path.aggregate, let type = property.valueType else { return }
        let isCount = aggregate == .count || aggregate == .size
        let element = path.aggregateColumn?.type ?? path.final?.type
        let numeric: Set<ValueType> = [.int, .float, .double, .decimal128, .timestamp, .mixed]
        guard numeric.contains(type) else {
            // Realm Swift's message, then the key paths.
            let realm =
                isCount
                ? "\(aggregate.rawValue) can only be compared with a numeric value. Strata"
                : "\(aggregate.rawValue) on a property of type \(Self.realmTypeName(element)) cannot be compared "
                    + "with property of type '\(Self.realmTypeName(type))'"
            throw QueryError(
                "\(realm): cannot compare '\(path.text)' with '\(property.text)' of type \(type)",
                at: column
            )
        }
        guard let wanted = isCount ? .int : element, wanted != type else { return }
        throw QueryError(
            "Expected \(property.final?.name ?? property.text) to be a \(Self.coreColumnTypeName(wanted)): "
                + "'\(path.text)' compares with a property of type \(wanted) only, and '\(property.text)' is \(type)",
            at: column
        )
    }

    /// realm-core's name for the column type a value type is stored as (its ColumnType printed).
    static func coreColumnTypeName(_ type: ValueType) -> String {
        switch type {
        case .int: "col_type_Int"
        case .bool: "col_type_Bool"
        case .float: "col_type_Float"
        case .double: "col_type_Double"
        case .string: "col_type_String"
        case .binary: "col_type_Binary"
        case .timestamp: "col_type_Timestamp"
        case .decimal128: "col_type_Decimal"
        case .objectId: "col_type_ObjectId"
        case .uuid: "col_type_UUID"
        case .mixed: "col_type_Mixed"
        case .link: "col_type_Link"
        case .backlink: "col_type_BackLink"
        }
    }

    /// Whether `path` compares with another property of its own type only (rule 4): not a collection operation, a
    /// map's value by key nor a path into a mixed value, which Realm Swift does not compare with a property.
    static func isRealmColumn(_ path: BoundPath) -> Bool {
        (path.aggregate == nil || path.aggregate == .values) && path.mapKey == nil && path.mixedSteps == nil
    }

    /// Whether `path` reads a map's values: `map['key']` or `map.@values`.
    static func isMapValue(_ path: BoundPath) -> Bool {
        path.mixedSteps == nil
            && (path.mapKey != nil || (path.aggregate == .values && path.final?.collection == .dictionary))
    }

    /// Whether `path` ends in one of Realm Swift's collection operators (@count, @size, @min, @max, @sum, @avg) of a
    /// property's collection.
    static func isCollectionOperation(_ path: BoundPath) -> Bool {
        guard path.mixedSteps == nil, let aggregate = path.aggregate else { return false }
        return !aggregate.isSelector && aggregate != .type
    }

    /// Whether Realm Swift refuses null for `path` (rule 3): a Boolean property that is not optional, or a list, a
    /// set or linking objects of objects (whose elements are never null). Realm Swift refuses null for every property
    /// that is not optional; Strata takes it for the other types (`address.city == nil` in QueryLanguage.md), where it
    /// matches nothing.
    static func refusesNull(_ path: BoundPath) -> Bool {
        guard path.aggregate == nil, path.mixedSteps == nil, path.mapKey == nil, let final = path.final else {
            return false
        }
        switch final.type {
        case .backlink: return true
        case .link: return final.collection == .list || final.collection == .set
        case .bool: return !final.nullable
        default: return false
        }
    }

    /// `@count` and `@size` of a collection compare with numbers only (Realm Swift: "@count can only be compared
    /// with a numeric value."), and a map's keys with strings and null only (Realm Swift: "@allKeys can only be
    /// compared with a string value.").
    func checkCountComparison(_ path: BoundPath, _ right: BoundOperand, column: Int) throws {
        if path.aggregate == .keys, path.mixedSteps == nil {
            let textual: Bool
            switch right {
            case .value(.list(let values)), .list(let values):
                textual = values.allSatisfy { if case .string = $0 { true } else { $0.isNull } }
            case .value(let value): textual = value.isNull || { if case .string = value { true } else { false } }()
            case .path(let other): textual = other.valueType == .string
            case .subqueryCount: textual = false
            }
            guard textual else { throw QueryError("@allKeys can only be compared with a string value.", at: column) }
            return
        }
        guard let aggregate = path.aggregate, aggregate == .count || aggregate == .size else { return }
        let numbers: Set<ValueType> = [.int, .float, .double, .decimal128]
        let numeric: Bool
        switch right {
        case .value(.list(let values)), .list(let values):
            numeric = values.allSatisfy { ValueComparison.number($0) != nil }
        case .value(let value): numeric = ValueComparison.number(value) != nil
        // A property compared with a collection operation: checkAggregateColumn, Realm Swift's rules.
        case .path(let other) where Self.isCollectionOperation(path) && Self.isRealmColumn(other): numeric = true
        case .path(let other): numeric = other.valueType.map(numbers.contains) ?? false
        case .subqueryCount: numeric = true
        }
        guard numeric else {
            throw QueryError("\(aggregate.rawValue) can only be compared with a numeric value.", at: column)
        }
    }

    /// The name Realm Swift's messages give a path's type (RLMTypeToString).
    static func realmTypeName(_ path: BoundPath) -> String { realmTypeName(path.valueType) }

    /// The name Realm Swift's messages give a value type (RLMTypeToString).
    static func realmTypeName(_ type: ValueType?) -> String {
        switch type {
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
            // Realm Swift's message (which refuses ALL everywhere), then the key path.
            let realm =
                quantifier == .all
                ? "ALL modifier not supported on '\(path.text)'"
                : "Aggregate operations can only be used on key paths that include an collection property"
            throw QueryError(
                "\(realm): \(quantifier.rawValue) needs a collection, and '\(path.text)' is not a collection",
                at: column
            )
        }
        // realm-core: a mixed path with `[*]` compared without a quantifier means ANY, and so does an aggregate
        // after another collection (one value per object reached).
        if path.isMultiple && quantifier == nil && path.mixedSteps == nil && !Self.isAggregatePerObject(path) {
            throw QueryError(
                "Key paths that include a collection property must use aggregate operations: '\(path.text)' is a "
                    + "collection: use ANY, ALL, NONE or an aggregate such as @count",
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

    /// A string constant compared with a binary property, or a binary one with a string property. A binary property
    /// takes no string, as in Realm Swift (RLMQueryUtil's validate_comparison: "Cannot compare value 'a' of type
    /// 'String' to property 'binaryCol' of type 'data'"), except a map's value by key and a path into a mixed value,
    /// which take a string literal as realm-core does (its UTF-8 bytes) and refuse a string argument ("Cannot compare
    /// argument … to a binary"). A `B64"…"` literal compared with a string property is the text its bytes spell,
    /// returned here, as in realm-core (Realm Swift has no binary literal). Nil leaves the value as it is: a binary
    /// argument (or a B64 literal that is not UTF-8, which no string equals) against a string property is refused by
    /// ``checkType(_:_:_:column:)``.
    func crossText(_ path: BoundPath, _ value: Value, fromArgument: Bool, column: Int) throws -> Value? {
        switch (path.valueType, value) {
        case (.binary?, .string(let text)) where Self.isRealmColumn(path):
            let detail =
                fromArgument
                ? "cannot compare argument with value '\(text)' to a binary"
                : "'\(path.text)' is binary data, and a string literal is not; write it B64\"…\""
            throw QueryError("\(valueMismatch(path, value)): \(detail)", at: column)
        case (.binary?, .string(let text)) where fromArgument:
            throw QueryError("Cannot compare argument with value '\(text)' to a binary", at: column)
        case (.string?, .binary(let bytes)) where !fromArgument:
            return String(validating: bytes, as: UTF8.self).map(Value.string)
        default: return nil
        }
    }

    /// `value` as a decimal property reads it: a string that is a decimal's text is that decimal (Realm Swift's
    /// isObjectValidForProperty takes it, RLMObjcToDecimal128 reads it), in a list too (IN, BETWEEN). Other values,
    /// and values compared with anything but a decimal property, stay as they are; so does a value compared with a
    /// map's value by key, which Realm Swift compares as a mixed value (a string, which no decimal equals).
    static func decimalFromText(_ path: BoundPath, _ value: Value) -> Value {
        guard path.valueType == .decimal128, path.mixedSteps == nil, path.mapKey == nil else { return value }
        switch value {
        case .string(let text): return QueryLiterals.decimalText(text) ?? value
        case .list(let values): return .list(values.map { decimalFromText(path, $0) })
        default: return value
        }
    }

    /// The types Realm Swift compares for equality only: no `<`, `>`, `<=`, `>=` or BETWEEN, with a value or with nil.
    static let unordered: Set<ValueType> = [.bool, .link, .backlink, .objectId, .uuid]

    func checkType(_ path: BoundPath, _ op: ComparisonOperator, _ value: Value, column: Int) throws {
        guard let type = path.valueType else { return }
        let ok: Bool
        var fraction = false
        switch (type, value) {
        case (_, .null):
            let ordered: Set<ComparisonOperator> = [.less, .lessOrEqual, .greater, .greaterOrEqual]
            ok =
                (op == .equal || op == .notEqual || op == .inList || op.isStringOperator
                    || (ordered.contains(op) && (!Self.unordered.contains(type) || path.mapKey != nil)))
                && !Self.refusesNull(path)
        case (.mixed, _): ok = true
        // realm-core refuses an integer compared with infinity (and with a Float NaN): no integer is either.
        case (.int, .double(let v)) where v.isInfinite: throw QueryError("Infinity not supported for int", at: column)
        case (.int, .float(let v)) where v.isInfinite: throw QueryError("Infinity not supported for int", at: column)
        case (.int, .float(let v)) where v.isNaN: throw QueryError("NaN not supported for int", at: column)
        // Realm Swift: a map's value by key compares as a mixed value, with any number.
        case (.int, .double) where path.mapKey != nil, (.int, .float) where path.mapKey != nil,
            (.float, .double) where path.mapKey != nil:
            ok = true
        // Realm Swift: the @min, @max and @sum of ints take whole numbers only (and so do an int property's BETWEEN
        // bounds, QueryBinder.bind); a float property no double beyond a float's range.
        case (.int, .double), (.int, .float):
            fraction = Self.isCollectionOperation(path) && [.min, .max, .sum].contains(path.aggregate)
            ok = !fraction
        case (.float, .double(let v)) where v.isFinite && abs(v) > Double(Float.greatestFiniteMagnitude): ok = false
        case (.int, .int), (.float, .int), (.float, .double), (.float, .float),
            (.double, .int), (.double, .double), (.double, .float), (.decimal128, .int), (.decimal128, .double),
            (.decimal128, .float), (.decimal128, .decimal128), (.int, .decimal128), (.float, .decimal128),
            (.double, .decimal128):
            ok = true
        // Realm Swift orders a map's Booleans by key as mixed values (false before true).
        case (.bool, .bool) where path.mapKey != nil: ok = true
        case (.bool, .bool): ok = op == .equal || op == .notEqual || op == .inList
        case (.bool, .int(let v)): ok = (v == 0 || v == 1) && (op == .equal || op == .notEqual)
        // A binary property takes no string (Realm Swift), but a map's binary value by key takes one (realm-core).
        case (.binary, .string): ok = !Self.isRealmColumn(path)
        case (.string, .string), (.binary, .binary): ok = true
        case (.timestamp, .timestamp): ok = true
        // Realm Swift compares object ids and UUIDs for equality only (RLMQueryUtil), as it does Booleans; realm-core's
        // own parser orders them. A map's value by key compares as a mixed value, which orders them.
        case (.objectId, .objectId) where path.mapKey != nil, (.uuid, .uuid) where path.mapKey != nil: ok = true
        case (.objectId, .objectId), (.uuid, .uuid): ok = op == .equal || op == .notEqual || op == .inList
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
            if fraction, let aggregate = path.aggregate {
                // Realm Swift's message for an aggregate's operand.
                throw QueryError(
                    "\(aggregate.rawValue) on a property of type int cannot be compared with '\(value)'",
                    at: column
                )
            }
            // Realm Swift's message first (rule 5): the value's when the property's type does not take it, else the
            // operator's (`boolCol > 0`), as Realm Swift checks the value before the operator.
            // `try?` reads nothing stored: it asks the same type check whether `==` would take the value.
            let valueFits = op != .equal && (try? checkType(path, .equal, value, column: column)) != nil
            let realm =
                valueFits
                ? "Operator '\(op.rawValue)' not supported for type '\(Self.realmTypeName(path))'"
                : valueMismatch(path, value)
            throw QueryError(
                "\(realm): cannot compare '\(path.text)' of type \(type) with \(value) using \(op.rawValue)",
                at: column
            )
        }
    }

    /// Realm Swift's message for a constant the property's type does not take (RLMQueryUtil's validate_comparison):
    /// the value as `%@` prints it and its type's Swift name, then the property's name and type (its class for a link).
    func valueMismatch(_ path: BoundPath, _ value: Value) -> String {
        let text: String
        let typeName: String
        switch value {
        case .null: (text, typeName) = ("(null)", "(null)")
        case .int(let v): (text, typeName) = ("\(v)", "Int")
        case .bool(let v): (text, typeName) = ("\(v)", "Bool")
        case .float(let v): (text, typeName) = ("\(v)", "Float")
        case .double(let v): (text, typeName) = ("\(v)", "Double")
        case .string(let v): (text, typeName) = (v, "String")
        case .binary: (text, typeName) = ("\(value)", "Data")
        case .timestamp: (text, typeName) = ("\(value)", "Date")
        case .decimal128: (text, typeName) = ("\(value)", "Decimal128")
        case .objectId: (text, typeName) = ("\(value)", "ObjectId")
        case .uuid: (text, typeName) = ("\(value)", "UUID")
        case .link: (text, typeName) = ("\(value)", "Object")
        case .typedLink(let table, _): (text, typeName) = ("\(value)", specs[table]?.name ?? "Object")
        case .list: (text, typeName) = ("\(value)", "Array")
        case .dictionary: (text, typeName) = ("\(value)", "Dictionary")
        }
        let property = path.aggregateColumn?.name ?? path.final?.name ?? path.text
        var propertyType = Self.realmTypeName(path)
        if path.aggregate == nil, let final = path.final, final.type == .link || final.type == .backlink,
            let table = final.linkTable, let name = specs[table]?.name
        {
            propertyType = name
        }
        return "Cannot compare value '\(text)' of type '\(typeName)' to property '\(property)' of type "
            + "'\(propertyType)'"
    }

    /// Whether `path` is an aggregate taken once per object a collection reached (`list.integers.@count`): its values
    /// compare as ANY unless a quantifier says otherwise.
    static func isAggregatePerObject(_ path: BoundPath) -> Bool {
        guard path.isMultiple, path.mixedSteps == nil, let aggregate = path.aggregate else { return false }
        return !aggregate.isSelector && aggregate != .type
    }
}

// QueryBinder.swift: resolves a parsed query's key paths against a schema and type-checks it.
//
// A key path walks links (single or collections) from the root table to a final column. A path that
// crosses a collection yields several values and needs ANY/ALL/NONE or an aggregate (@count, @min…).
//
// Rules (realm-core's test_parser.cpp settles each, except where Realm Swift's query layer differs, which wins:
// DESIGN §3 makes the dialect Realm Swift's):
//   (1) ANY/SOME/ALL/NONE need a collection; a collection needs one of them or an aggregate.
//   (2) BETWEEN takes numbers, dates and mixed values, over a collection with ANY, ALL or NONE (Realm Swift;
//       realm-core's parser allows only ALL there, and strings too).
//   (3) String operators and [c]/[d] need a string, binary or mixed value; a null needle is allowed. [c]/[d] on a
//       map's values of another type are ignored, as Realm Swift ignores them (QueryBinder+TypeChecks.swift).
//   (4) A constant left of a string operator (`'text' CONTAINS name`) is an error, as in Realm Swift; left of
//       other operators it moves right, mirrored. Two constants are an error.
//   (5) `boolColumn == 1` and `== 0` (Realm Swift) bind as `true` and `false`; other numbers are errors.
//   (6) @sum/@avg take numbers, @min/@max numbers and dates; `map['key']` needs a map and ends the path.
//   (7) A bound query never holds `Quantifier.anyIfCollection`: it becomes ANY or nothing here.
//   (8) After a single mixed property, subscripts and names step into its nested lists and dictionaries
//       (MixedPath.swift); @size, @count, @keys, @values and @type apply there; @min/@max/@sum/@avg do not.
//       `mixed.@type` compares (==, !=, IN) with realm-core's type names only.
//   (9) MATCHES is refused for every type. `@count` and `@size` compare with numbers and int properties only, and end
//       their key path (Realm Swift's messages).
//   (10) Inside SUBQUERY(collection, $x, body), a key path of the body is a path from one element of the
//       collection, with or without the `$x.` prefix: realm-core binds the body to the element's table (so
//       `$x.name == name` compares an element's name with itself, as realm-swift's QueryTests count it).
//   (11) A link compared (== or !=) with a dictionary constant compares the linked object's properties with the
//       dictionary's entries, as Realm Swift compares a custom type stored as an embedded object
//       (QueryBinder+Memberwise.swift).
//   (12) A SUBQUERY may not name its elements with a variable an enclosing SUBQUERY uses for the same table's
//       objects (realm-core: "Unable to create a subquery expression with variable '$x' since an identical
//       variable already exists in this context"); for another table's objects it may. Typed queries number their
//       variables (`$col1`, `$col2`, …) before they are bound (Query+SubqueryVariables.swift in Strata).
//   (13) An aggregate after another collection (`list.integers.@count`, `links.dict.@max`, `list.links.@count`) is
//       taken per object reached: the path is multiple and compares as ANY unless quantified. @min/@max/@sum/@avg
//       of a property of linked objects (`list.links.@sum.age`) instead takes every object reached at once: one
//       value. ALL and NONE over a collection of values reached through another collection (`ALL list.integers`)
//       apply per collection reached, any of which may satisfy them, and hold when none is reached (realm-core;
//       QueryEvaluator.valueGroups).
//   (14) `@links.@count` (or `@size`), alone or after a key path, counts every link to the objects reached, from
//       any class and property, added up: a BoundPath with no `final` column.
//   (15) `property IN collection.path` is `ANY collection.path == property` (realm-core).
//   (16) A key of a map of links may be followed (`relations['partner'].name`): the link under that key is a to-one
//       hop (BoundQuery.swift invariant 1), and a missing key reads as a missing link (realm-core follows it; Realm
//       Swift refuses a key path after a map subscript).

/// Binds parsed queries to the tables of a transaction.
package struct QueryBinder {
    let specs: [TableKey: TableSpec]
    let root: TableKey
    /// Properties without a column that stand for backlinks (LinkingObjects): table -> name -> origin.
    let linkingProperties: [TableKey: [String: (table: TableKey, column: ColumnKey)]]
    /// Column names of renamed properties: table -> property name -> column name.
    let columnNames: [TableKey: [String: String]]
    /// The tables of embedded object types, when the caller knows them (the file does not record it); nil when it
    /// does not, and then GEOWITHIN accepts a link to any table of the right shape.
    let embeddedTables: Set<TableKey>?
    /// The variable of an enclosing SUBQUERY (`$x`), stripped from the start of key paths.
    var variable: String?
    /// The query's floating-point literals read exactly, for decimal properties (ParsedQuery.exactDecimals).
    var exactDecimals: [Int: ExactDecimalLiteral] = [:]
    /// The query's string and binary arguments, by column (ParsedQuery.argumentTexts).
    var argumentTexts: [Int: Value] = [:]
    /// The variables of the SUBQUERYs enclosing this one, each with the table its elements are in (rule 12).
    var outerVariables: [(table: TableKey, name: String)] = []

    package init(
        reading: any TransactionReading,
        root: TableKey,
        linkingProperties: [TableKey: [String: (table: TableKey, column: ColumnKey)]] = [:],
        columnNames: [TableKey: [String: String]] = [:],
        embeddedTables: Set<TableKey>? = nil
    ) {
        specs = Dictionary(uniqueKeysWithValues: reading.tableSpecs.map { ($0.key, $0) })
        self.root = root
        self.linkingProperties = linkingProperties
        self.columnNames = columnNames
        self.embeddedTables = embeddedTables
    }

    private init(parent: QueryBinder, root: TableKey, variable: String) {
        specs = parent.specs
        self.root = root
        linkingProperties = parent.linkingProperties
        columnNames = parent.columnNames
        embeddedTables = parent.embeddedTables
        self.variable = variable
        exactDecimals = parent.exactDecimals
        argumentTexts = parent.argumentTexts
        outerVariables = parent.outerVariables + (parent.variable.map { [(parent.root, $0)] } ?? [])
    }

    /// Binds a query; throws `QueryError` for unknown properties and type mismatches.
    package func bind(_ query: ParsedQuery) throws -> BoundQuery {
        var binder = self
        binder.exactDecimals = query.exactDecimals
        binder.argumentTexts = query.argumentTexts
        return BoundQuery(
            table: root,
            predicate: try binder.bind(query.predicate),
            stages: try query.stages.map { stage in
                switch stage {
                case .sort(let keys):
                    return .sort(
                        try keys.map {
                            BoundSortKey(
                                path: try sortPath($0.keyPath, column: query.keyPathColumns[$0.keyPath]),
                                ascending: $0.ascending
                            )
                        }
                    )
                case .distinct(let paths):
                    return .distinct(try paths.map { try sortPath($0, column: query.keyPathColumns[$0]) })
                case .limit(let limit): return .limit(limit)
                }
            }
        )
    }

    /// A path for SORT/DISTINCT: through to-one links only.
    package func sortPath(_ text: String, column: Int? = nil) throws -> BoundPath {
        let path = try resolve(
            text.split(separator: ".").map(String.init),
            aggregate: nil,
            aggregateProperty: nil,
            column: column
        )
        guard !path.isMultiple, let final = path.final, final.collection == .single, final.type != .backlink else {
            throw QueryError(
                "cannot sort or distinct on '\(text)': it is not a property reached through to-one links",
                at: column
            )
        }
        return path
    }

    func bind(_ node: QueryNode) throws -> BoundNode {
        switch node {
        case .truePredicate: return .constant(true)
        case .falsePredicate: return .constant(false)
        case .and(let terms): return .and(try terms.map(bind))
        case .or(let terms): return .or(try terms.map(bind))
        case .not(let inner): return .not(try bind(inner))
        case .between(let subject, .constant(let low, _), .constant(let high, _), let quantifier, let column):
            let bound = try operand(subject)
            guard case .path(let path) = bound else {
                throw QueryError("BETWEEN needs a property on its left", at: column)
            }
            let quantifier = quantifier == .anyIfCollection ? (path.isMultiple ? .any : nil) : quantifier
            try checkQuantifier(path, quantifier, column: column)
            // Realm Swift: BETWEEN takes numbers, dates and mixed values (ANY, ALL or NONE over a collection).
            let ranged: [ValueType] = [.int, .float, .double, .decimal128, .timestamp, .mixed]
            if let type = path.valueType, !ranged.contains(type) {
                throw QueryError(
                    "Operator 'BETWEEN' not supported for type '\(Self.realmTypeName(type))': BETWEEN is not valid for "
                        + "'\(path.text)'",
                    at: column
                )
            }
            let low = Self.decimalFromText(path, low)
            let high = Self.decimalFromText(path, high)
            for value in [low, high] {
                // Realm Swift: an int property's bounds are whole numbers.
                var fraction = false
                if case .double = value { fraction = true }
                if case .float = value { fraction = true }
                if fraction, path.valueType == .int, path.aggregate == nil {
                    throw QueryError("NSArray objects must be of type int for BETWEEN operations", at: column)
                }
                do {
                    try checkType(path, .greaterOrEqual, value, column: column)
                } catch let error as QueryError {
                    // Realm Swift's message, then the bound refused.
                    throw QueryError(
                        "NSArray objects must be of type \(Self.realmTypeName(path)) for BETWEEN operations: "
                            + error.message,
                        at: error.column
                    )
                }
            }
            return .between(bound, low, high, quantifier)
        case .between(_, _, _, _, let column):
            throw QueryError("BETWEEN needs constant bounds", at: column)
        case .geoWithin(let subject, let shape, let column):
            return try geoWithin(subject, shape, column: column)
        case .comparison(let lhs, var op, let rhs, var options, let quantifier, let column):
            var left = try operand(lhs)
            var right = try operand(rhs)
            if op == .matches {
                // Realm Swift parses MATCHES (a regular expression) and refuses it for every type.
                let path = [left, right].lazy.compactMap { if case .path(let path) = $0 { path } else { nil } }.first
                throw QueryError(
                    "Operator 'MATCHES' not supported for type '\(path.map(Self.realmTypeName) ?? "value")'",
                    at: column
                )
            }
            // Constants go on the right: `5 < age` is `age > 5`; `"x" IN tags` is `ANY tags == "x"`.
            var quantifier = quantifier
            // realm-core: `favItem.price IN items.price` is `ANY items.price == favItem.price`.
            if op == .inList, quantifier == nil || quantifier == .anyIfCollection, case .path(let needle) = left,
                case .path(let collection) = right, collection.isMultiple, !needle.isMultiple
            {
                op = .equal
                quantifier = .any
                left = .path(collection)
                right = .path(needle)
            }
            if quantifier == .anyIfCollection {
                let multiple = [left, right].contains { if case .path(let p) = $0 { p.isMultiple } else { false } }
                quantifier = multiple ? .any : nil
            }
            if case .value(let value) = left, case .path(let path) = right {
                if op == .inList {
                    guard path.isMultiple else {
                        throw QueryError("IN needs a list or a collection on its right", at: column)
                    }
                    op = .equal
                    quantifier = quantifier ?? .any
                } else if op.isStringOperator {
                    // Realm Swift refuses `'text' CONTAINS name` (the parser does too; this covers built trees).
                    throw QueryError("Operator '\(op.rawValue)' requires a keypath on the left side.", at: column)
                } else {
                    op = op.mirrored
                }
                left = .path(path)
                right = .value(value)
            }
            if case .subqueryCount = left, case .subqueryCount = right {
                return .compare(left, op, right, [], nil)
            }
            if case .subqueryCount = left {
                if case .path = right {
                    // Realm Swift's message for a key path compared with the count.
                    throw QueryError(
                        "SUBQUERY(…).@count is only supported when compared with a constant number.",
                        at: column
                    )
                }
                guard case .value(let value) = right, ValueComparison.number(value) != nil else {
                    throw QueryError("SUBQUERY(...).@count must be compared with a number", at: column)
                }
                return .compare(left, op, right, [], nil)
            }
            guard case .path(let path) = left else { throw QueryError("a comparison needs a property", at: column) }
            // A custom type stored as an object, compared member by member (QueryBinder+Memberwise.swift).
            let pathOperand = if case .keyPath = lhs { lhs } else { rhs }
            if let node = try memberwise(pathOperand, path, op, right, quantifier, column: column) { return node }
            if Self.comparesType(left, right) {
                return try typeComparison(path, op, right, options, quantifier, column: column)
            }
            try checkQuantifier(path, quantifier, column: column)
            try checkCountComparison(path, right, column: rhs.column)
            switch right {
            case .value(let given):
                let value = Self.decimalFromText(path, given)
                right = .value(value)
                if op == .inList {
                    guard case .list = value else {
                        throw QueryError("IN needs a list of values on its right", at: rhs.column)
                    }
                }
                let constant = if case .constant = rhs { rhs } else { lhs }
                var checked = value
                let fromArgument = argumentTexts[constant.column] == value
                if let text = try crossText(path, value, fromArgument: fromArgument, column: constant.column) {
                    checked = text
                    right = .value(text)
                }
                // Realm Swift checks the value, then the operator: a value of the property's type with a string
                // operator the type does not take is refused for the operator. (`try?`: a type check of the query's
                // own value reads nothing stored; its error, if any, is thrown by the check below.)
                if op.isStringOperator, (try? checkType(path, .equal, checked, column: rhs.column)) != nil {
                    options = try checkStringOperator(path, op, options, column: column)
                }
                try checkType(path, op, checked, column: rhs.column)
            case .list(var values):
                values = values.map { Self.decimalFromText(path, $0) }
                right = .list(values)
                if op != .inList && op != .equal {
                    throw QueryError("a list of values can only be used with IN", at: column)
                }
                if op == .equal, path.mixedSteps != nil, path.isMultiple {
                    throw QueryError(
                        "comparing '\(path.text)' with a list of values (==) is not supported; use IN for any element",
                        at: column
                    )
                }
                op = .inList
                for value in values { try checkType(path, .equal, value, column: rhs.column) }
            case .subqueryCount:
                throw QueryError(
                    "SUBQUERY(...).@count must be compared with a number or another SUBQUERY",
                    at: rhs.column
                )
            case .path(let other):
                if other.isMultiple {
                    throw QueryError("the right side of a comparison cannot be a collection", at: rhs.column)
                }
                try checkColumnTypes(path, other, op, column: column)
            }
            options = try checkStringOperator(path, op, options, column: column)
            // Realm Swift compares two mixed properties without [c] and [d] (RLMQueryUtil's add_mixed_constraint for a
            // column ignores the options).
            if case .path(let other) = right, path.valueType == .mixed, other.valueType == .mixed,
                Self.isRealmColumn(path), Self.isRealmColumn(other)
            {
                options = []
            }
            // Realm Swift's `boolCol == 1`: 0 and 1 stand for false and true.
            if path.valueType == .bool, case .value(.int(let number)) = right {
                right = .value(.bool(number != 0))
            }
            // realm-core reads a number compared with a float property as a float: `floatCol == 1.1` finds the 1.1
            // stored (its double is not the float's).
            if path.valueType == .float { right = Self.narrowedToFloat(right) }
            // realm-core reads a literal compared with a decimal property from its text, keeping every digit.
            let literal = if case .constant = rhs { rhs } else { lhs }
            if path.valueType == .decimal128, case .value(.double(let double)) = right,
                let exact = exactDecimals[literal.column], exact.double == double
            {
                right = .value(exact.decimal)
            }
            return .compare(left, op, right, options, quantifier)
        }
    }

    /// `operand` with each double it holds made a float, as realm-core converts a constant to a float property's
    /// type; a double beyond a float's range stays a double (no float equals it, and it orders past them all).
    static func narrowedToFloat(_ operand: BoundOperand) -> BoundOperand {
        func narrow(_ value: Value) -> Value {
            guard case .double(let double) = value,
                !double.isFinite || abs(double) <= Double(Float.greatestFiniteMagnitude)
            else { return value }
            return .float(Float(double))
        }
        switch operand {
        case .value(.list(let values)): return .value(.list(values.map(narrow)))
        case .value(let value): return .value(narrow(value))
        case .list(let values): return .list(values.map(narrow))
        case .path, .subqueryCount: return operand
        }
    }

    private func operand(_ operand: QueryOperand) throws -> BoundOperand {
        switch operand {
        case .constant(let value, _): return .value(value)
        case .list(let values, _): return .list(values)
        case .keyPath(let parts, let aggregate, let aggregateProperty, let column):
            return .path(try resolve(parts, aggregate: aggregate, aggregateProperty: aggregateProperty, column: column))
        case .subqueryCount(let parts, let variable, let predicate, let column):
            let collection = try resolve(parts, aggregate: nil, aggregateProperty: nil, column: column)
            guard let final = collection.final, let target = Self.linkTarget(final), Self.isCollection(final),
                !collection.hops.contains(where: { Self.isCollection($0.column) })
            else {
                throw QueryError(
                    "SUBQUERY needs a list or set of objects, '\(parts.joined(separator: "."))' is not one",
                    at: column
                )
            }
            // realm-core: a variable names one table's elements once in a context (rule 12).
            let enclosing = outerVariables + (self.variable.map { [(root, $0)] } ?? [])
            if enclosing.contains(where: { $0.table == target && $0.name == variable }) {
                throw QueryError(
                    "Unable to create a subquery expression with variable '\(variable)' since an identical variable "
                        + "already exists in this context",
                    at: column
                )
            }
            let inner = try QueryBinder(parent: self, root: target, variable: variable).bind(predicate)
            return .subqueryCount(collection, inner)
        }
    }

    static func isCollection(_ column: ColumnSpec) -> Bool { column.collection != .single || column.type == .backlink }

    /// GEOWITHIN: the subject must be a to-one link to objects shaped as a GeoJSON point, a string `type` and a
    /// list of doubles `coordinates` (realm-core's duck typing); the shape must be a valid region.
    private func geoWithin(_ subject: QueryOperand, _ shape: GeoShape, column: Int) throws -> BoundNode {
        guard case .keyPath(let parts, nil, nil, let pathColumn) = subject else {
            throw QueryError("GEOWITHIN needs a property on its left", at: column)
        }
        let link = try resolve(parts, aggregate: nil, aggregateProperty: nil, column: pathColumn)
        guard let final = link.final, final.isLink, final.collection == .single, !link.isMultiple else {
            throw QueryError(
                "GEOWITHIN needs a to-one link to an embedded point object, '\(link.text)' is not one",
                at: column
            )
        }
        func point(_ name: String, _ type: ValueType, _ collection: CollectionKind) -> BoundPath? {
            guard let path = try? resolve(parts + [name], aggregate: nil, aggregateProperty: nil, column: pathColumn),
                path.final?.type == type, path.final?.collection == collection
            else { return nil }
            return path
        }
        guard let typePath = point("type", .string, .single), let coordinates = point("coordinates", .double, .list)
        else {
            throw QueryError(
                "'\(link.text)' links to data in the wrong format for GEOWITHIN: its objects need a String 'type' and a "
                    + "List<Double> 'coordinates'",
                at: column
            )
        }
        // realm-core checks the shape first, then that the target is embedded (test_query_geo.cpp,
        // Geospatial_invalid_format).
        if let embeddedTables, let target = final.linkTable, !embeddedTables.contains(target) {
            throw QueryError(
                "A GEOWITHIN query can only operate on a link to an embedded class but "
                    + "'\(specs[target]?.name ?? "?")' is at the top level",
                at: column
            )
        }
        return .geoWithin(type: typePath, coordinates: coordinates, try GeoRegion(shape, column: column))
    }

    static func linkTarget(_ column: ColumnSpec) -> TableKey? {
        column.isLink || column.type == .backlink ? column.linkTable : nil
    }

    /// A key path as Realm Swift's messages spell it (as `NSPredicate` prints it): names joined with dots, a key
    /// subscript as `["key"]`, then `aggregate` by Realm Swift's name for it (`@allKeys` for `@keys`).
    static func realmKeyPath(_ parts: some Collection<String>, _ aggregate: KeyPathAggregate? = nil) -> String {
        let spelled = parts.reduce("") { text, part in
            guard part.hasPrefix("[") else { return text.isEmpty ? part : "\(text).\(part)" }
            if case .key(let key) = MixedStep(segment: part) { return "\(text)[\"\(key)\"]" }
            return text + MixedStep(segment: part).text
        }
        return aggregate.map { "\(spelled).\(realmName($0))" } ?? spelled
    }

    /// Realm Swift's name for an aggregate: `@allKeys` and `@allValues` for `@keys` and `@values`.
    static func realmName(_ aggregate: KeyPathAggregate) -> String {
        [.keys: "@allKeys", .values: "@allValues"][aggregate] ?? aggregate.rawValue
    }

    /// Realm Swift's message for a property that is neither a link nor a collection followed by more of the key path
    /// `text`.
    private func notLinkOrCollection(_ table: TableKey, _ name: String, _ text: String) -> String {
        "Invalid keypath '\(text)': Property '\(specs[table]?.name ?? "?").\(name)' is not a link or collection and "
            + "can only appear at the end of a keypath."
    }

    /// The column name a property name stands for in `table`.
    private func columnName(_ name: String, in table: TableKey) -> String { columnNames[table]?[name] ?? name }

    /// The backlink column of `table` for links from `origin`.`originColumn`.
    private func backlinkColumn(in table: TableKey, origin: TableKey, originColumn: ColumnKey) -> ColumnSpec? {
        specs[table]?.columns.first {
            $0.type == .backlink && $0.linkTable == origin && $0.originColumn == originColumn
        }
    }

    /// The column a key path segment names in `table`: a column, `@links.Class.property` (consuming
    /// three segments), or a LinkingObjects property.
    private func segment(_ parts: [String], at index: Int, in table: TableKey, column: Int?) throws -> (
        ColumnSpec, consumed: Int
    ) {
        guard let spec = specs[table] else { throw QueryError("unknown table", at: column) }
        let name = parts[index]
        if name.lowercased() == "@links" {
            guard index + 2 < parts.count, let origin = specs.values.first(where: { $0.name == parts[index + 1] }),
                let originColumn = origin.column(named: columnName(parts[index + 2], in: origin.key)),
                let backlink = backlinkColumn(in: table, origin: origin.key, originColumn: originColumn.key)
            else {
                throw QueryError(
                    "@links needs a class and a property that links here, e.g. @links.Person.dogs",
                    at: column
                )
            }
            return (backlink, 3)
        }
        if let found = spec.column(named: columnName(name, in: table)), found.type != .backlink {
            return (found, 1)
        }
        if let alias = linkingProperties[table]?[name],
            let backlink = backlinkColumn(in: table, origin: alias.table, originColumn: alias.column)
        {
            return (backlink, 1)
        }
        // Strata's words, then Realm Swift's (RLMQueryUtil's "Invalid keypath").
        throw QueryError(
            "'\(spec.name)' has no property '\(name)' (Invalid keypath '\(parts.joined(separator: "."))': Property "
                + "'\(name)' not found in object of type '\(spec.name)')",
            at: column
        )
    }

    func resolve(_ parts: [String], aggregate: KeyPathAggregate?, aggregateProperty: String?, column: Int?) throws
        -> BoundPath
    {
        var hopKeys: [Int: String] = [:]
        var path = try resolve(
            parts,
            aggregate: aggregate,
            aggregateProperty: aggregateProperty,
            column: column,
            hopKeys: &hopKeys
        )
        path.hopKeys = hopKeys
        return path
    }

    /// ``resolve(_:aggregate:aggregateProperty:column:)``, recording in `hopKeys` the key of each hop through one key
    /// of a map of links (rule 16).
    private func resolve(
        _ parts: [String],
        aggregate: KeyPathAggregate?,
        aggregateProperty: String?,
        column: Int?,
        hopKeys: inout [Int: String]
    ) throws -> BoundPath {
        var parts = parts
        if let variable {
            // Rule (10): the body's paths start at an element, whether or not they name the variable.
            if parts.first == variable {
                parts.removeFirst()
                guard !parts.isEmpty else { throw QueryError("\(variable) alone is not a property", at: column) }
            } else if let first = parts.first, first.hasPrefix("$") {
                throw QueryError(
                    "'\(first)' is not the variable of this SUBQUERY (\(variable)); a SUBQUERY body reaches only "
                        + "the properties of its own element",
                    at: column
                )
            }
        }
        var table = root
        var hops: [(table: TableKey, column: ColumnSpec)] = []
        var multiple = false
        let text =
            parts.reduce("") { text, part in
                part.hasPrefix("[")
                    ? "\(text)\(MixedStep(segment: part).text)" : text.isEmpty ? part : "\(text).\(part)"
            } + (aggregate.map { ".\($0.rawValue)" } ?? "")
            + (aggregateProperty.map { ".\($0)" } ?? "")
        var index = 0
        while index < parts.count {
            if index == parts.count - 1, parts[index].lowercased() == "@links",
                aggregate == .count || aggregate == .size
            {
                // Rule (14): every link to the objects reached, from any class and property.
                guard aggregateProperty == nil else {
                    throw QueryError("\(aggregate?.rawValue ?? "") must end the key path", at: column)
                }
                return BoundPath(
                    hops: hops,
                    final: nil,
                    finalTable: table,
                    aggregate: aggregate,
                    aggregateColumn: nil,
                    isMultiple: false,
                    text: text
                )
            }
            let (found, consumed) = try segment(parts, at: index, in: table, column: column)
            let name = parts[index]
            index += consumed
            if found.type == .mixed, found.collection == .single, index < parts.count || aggregate != nil {
                return try mixedPath(
                    parts[index...],
                    final: found,
                    table: table,
                    hops: hops,
                    multiple: multiple,
                    aggregate: aggregate,
                    aggregateProperty: aggregateProperty,
                    text: text,
                    column: column
                )
            }
            if index < parts.count, parts[index].hasPrefix("["), parts[index].hasSuffix("]") {
                guard found.collection == .dictionary else {
                    // Realm Swift's message (for a link, that of a key path it reads as an aggregate's), then why.
                    let realm =
                        found.isLink && found.collection == .single
                        ? "Aggregate operations can only be used on key paths that include an collection property."
                        : "Invalid keypath '\(Self.realmKeyPath(parts[...index]))': only dictionaries and realm `Any` "
                            + "support subscript predicates."
                    throw QueryError("\(realm) A subscript needs a map, and '\(name)' is not one", at: column)
                }
                if let path = try mapSubscriptPath(
                    parts[index...],
                    final: found,
                    name: name,
                    table: table,
                    hops: hops,
                    multiple: multiple,
                    aggregate: aggregate,
                    text: text,
                    column: column
                ) {
                    return path
                }
                if index + 1 < parts.count, parts[index + 1].hasPrefix("[") {
                    // Realm Swift's message, its key path spelled as NSPredicate prints it.
                    throw QueryError(
                        "Invalid subscript size '\(Self.realmKeyPath(parts))': nested dictionaries queries are only "
                            + "allowed in mixed properties.",
                        at: column
                    )
                }
                if index + 1 < parts.count, let target = Self.linkTarget(found),
                    case .key(let key) = MixedStep(segment: parts[index])
                {
                    // Rule (16): the link a map holds under one key, followed as a to-one link.
                    var keyed = found
                    keyed.collection = .single
                    hopKeys[hops.count] = key
                    hops.append((table, keyed))
                    table = target
                    index += 1
                    continue
                }
                guard index + 1 == parts.count, aggregate == nil else {
                    throw QueryError("a map subscript must end the key path", at: column)
                }
                return BoundPath(
                    hops: hops,
                    final: found,
                    finalTable: table,
                    aggregate: nil,
                    aggregateColumn: nil,
                    isMultiple: multiple,
                    mapKey: String(parts[index].dropFirst().dropLast()),
                    text: text
                )
            }
            if index >= parts.count {
                if Self.isCollection(found) { multiple = true }
                var path = BoundPath(
                    hops: hops,
                    final: found,
                    finalTable: table,
                    aggregate: aggregate,
                    aggregateColumn: nil,
                    isMultiple: multiple,
                    text: text
                )
                guard let aggregate else { return path }
                if aggregate == .type {
                    return try typePath(
                        found,
                        table: table,
                        hops: hops,
                        aggregateProperty: aggregateProperty,
                        text: text,
                        column: column
                    )
                }
                if aggregate.isSelector {
                    guard found.collection == .dictionary else {
                        // Realm Swift's message, then why.
                        throw QueryError(
                            "Invalid keypath '\(Self.realmKeyPath(parts, aggregate))': "
                                + "\(Self.realmName(aggregate)) must follow a dictionary property. "
                                + "\(aggregate.rawValue) needs a map, and '\(name)' is not one",
                            at: column
                        )
                    }
                    return path
                }
                guard Self.isCollection(found) else {
                    // Realm Swift's message, then Strata's.
                    let realm =
                        found.isLink
                        ? "Invalid keypath '\(text)': collection operation '\(aggregate.rawValue)' must be applied to a "
                            + "collection" : notLinkOrCollection(table, name, text)
                    throw QueryError(
                        "\(realm) (\(aggregate.rawValue) needs a collection, '\(name)' is not one)",
                        at: column
                    )
                }
                // Rule (13): after another collection, one aggregate per object reached (any may match), except
                // @min/@max/@sum/@avg of a property of linked objects, which takes every object reached at once.
                path.isMultiple = aggregateProperty == nil && hops.contains { Self.isCollection($0.column) }
                if let aggregateProperty {
                    guard let target = Self.linkTarget(found), let targetSpec = specs[target],
                        let property = targetSpec.column(named: columnName(aggregateProperty, in: target))
                    else {
                        // Realm Swift: a value property followed by more of the key path.
                        if let target = Self.linkTarget(found),
                            let first = aggregateProperty.split(separator: ".").first,
                            first.count < aggregateProperty.count,
                            let property = specs[target]?.column(named: columnName(String(first), in: target)),
                            Self.linkTarget(property) == nil
                        {
                            throw QueryError(
                                "Invalid keypath '\(text)': Property '\(specs[target]?.name ?? "?").\(first)' is not a "
                                    + "link or collection and can only appear at the end of a keypath.",
                                at: column
                            )
                        }
                        throw QueryError(
                            "'\(aggregateProperty)' is not a property of the objects in '\(name)'",
                            at: column
                        )
                    }
                    path.aggregateColumn = property
                } else if aggregate != .count && aggregate != .size && Self.linkTarget(found) != nil {
                    throw QueryError(
                        "\(aggregate.rawValue) on a list of objects needs a property, e.g. \(name).\(aggregate.rawValue).age",
                        at: column
                    )
                }
                if aggregate != .count && aggregate != .size {
                    let type = path.aggregateColumn?.type ?? found.type
                    // Realm: @min and @max order dates too; @sum and @avg only add numbers.
                    let numeric: [ValueType] = [.int, .float, .double, .decimal128, .mixed]
                    let ordered = aggregate == .min || aggregate == .max
                    guard numeric.contains(type) || (ordered && type == .timestamp) else {
                        throw QueryError("\(aggregate.rawValue) is not valid for values of type \(type)", at: column)
                    }
                }
                return path
            }
            guard let target = Self.linkTarget(found) else {
                if found.collection != .single {
                    // Realm Swift's message for a collection of values followed by a property (its Swift names).
                    let kind = [.list: "List", .set: "MutableSet"][found.collection] ?? "Map"
                    throw QueryError(
                        "Invalid keypath '\(parts.joined(separator: "."))': \(kind)<\(Self.realmTypeName(found.type))> "
                            + "property \(name) can only be followed by a collection operation.",
                        at: column
                    )
                }
                throw QueryError(
                    "\(notLinkOrCollection(table, name, text)) ('\(name)' is not a link, so '\(parts[index])' cannot "
                        + "follow it)",
                    at: column
                )
            }
            if Self.isCollection(found) { multiple = true }
            hops.append((table, found))
            table = target
        }
        throw QueryError("empty key path", at: column)
    }
}

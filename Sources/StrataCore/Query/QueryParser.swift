// QueryParser.swift: recursive descent over the Realm query language.
//
//   query      := or-expr (SORT(...) | DISTINCT(...) | LIMIT(n))*
//   or-expr    := and-expr ((OR | ||) and-expr)*
//   and-expr   := not-expr ((AND | &&) not-expr)*
//   not-expr   := (NOT | !) not-expr | primary
//   primary    := ( or-expr ) | TRUEPREDICATE | FALSEPREDICATE | comparison
//   comparison := [ANY|SOME|ALL|NONE] operand op[options] operand | operand BETWEEN {a, b}
//   key path   := name subscript* ('.' name subscript*)* ['.' @aggregate ['.' name]]
//   subscript  := '[' ('key' | %@ | n | * | FIRST | LAST | %K) ']'
//
// A map subscript becomes the key path segment `[key]` (so a key may not contain '.'); a position, `*`, FIRST
// and LAST (for a mixed value's nested collections) become the segments of ``MixedStep``. `%@` gives a key for
// a string and a position for an integer; `%K` with `#any` or `*` is `[*]` (Realm Swift's `.any`). `@allKeys`
// and `@allValues` parse as `@keys` and `@values`.
// Arguments (%@, %K, %d, %f, $n) are substituted while parsing, so a parsed query holds only values.

import Foundation

/// Parses query text with its arguments.
package struct QueryParser {
    private var tokens: [QueryToken]
    private var position = 0
    private let arguments: [QueryArgument]
    private var nextArgument = 0
    /// The exact decimals of floating-point literals, by column (ParsedQuery.exactDecimals).
    private var exactDecimals: [Int: ExactDecimalLiteral] = [:]
    /// The string and binary arguments, by column (ParsedQuery.argumentTexts).
    private var argumentTexts: [Int: Value] = [:]

    /// An argument value: a value, a list of values (for IN) or a key path (for %K).
    package enum QueryArgument: Sendable, Equatable {
        case value(Value)
        case list([Value])
        case keyPath(String)
        /// A GeoBox, GeoCircle, GeoPolygon (or GeoPoint, which GEOWITHIN refuses) for GEOWITHIN.
        case geo(GeoShape)
        /// A value no query constant holds (a dictionary, or an array holding an array), refused with `message`
        /// where it stands. After BETWEEN an array's `elements` (an inner array as a list) stand as its bounds, for
        /// the binder to refuse with Realm Swift's message naming the property's type; a dictionary (nil) is no array.
        case unusable(String, elements: [Value]?)
    }

    init(_ text: String, arguments: [QueryArgument]) throws {
        tokens = try QueryLexer.tokens(text)
        self.arguments = arguments
    }

    /// Parses a whole query.
    /// A syntax error's message ends with Realm Swift's words and the query: `expected a comparison operator but found
    /// the end of the query (Unable to parse the format string "age")`.
    /// Text without arguments is parsed once (ParsedQueryCache.swift).
    package static func parse(_ text: String, arguments: [QueryArgument] = []) throws -> ParsedQuery {
        func parse() throws -> ParsedQuery {
            do {
                var parser = try QueryParser(text, arguments: arguments)
                return try parser.parseQuery()
            } catch var error as QueryError where error.isSyntax {
                error.message += " (Unable to parse the format string \"\(text)\")"
                throw error
            }
        }
        return arguments.isEmpty ? try ParsedQueryCache.parsed(text, parse) : try parse()
    }

    var current: QueryToken { tokens[position] }

    /// The token after the current one.
    var next: QueryToken { tokens[min(position + 1, tokens.count - 1)] }

    /// Whether the next token begins an operand (so a leading ANY, or a literal name such as uuid, is a keyword
    /// rather than a property of that name followed by an operator).
    private var nextStartsOperand: Bool {
        switch next.kind {
        case .end: return false
        case .symbol(let symbol): return symbol == "(" || symbol == "{"
        case .identifier(let name):
            return !["BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "IN", "BETWEEN", "GEOWITHIN", "MATCHES"].contains(
                name.uppercased()
            )
        default: return true
        }
    }

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private func keyword(_ token: QueryToken) -> String? {
        if case .identifier(let name) = token.kind { return name.uppercased() }
        return nil
    }

    private func isSymbol(_ symbol: String) -> Bool {
        if case .symbol(let value) = current.kind { return value == symbol }
        return false
    }

    private mutating func expectSymbol(_ symbol: String) throws {
        guard isSymbol(symbol) else {
            throw QueryError.syntax("expected '\(symbol)' but found \(describe(current))", at: current.column)
        }
        advance()
    }

    private func describe(_ token: QueryToken) -> String {
        switch token.kind {
        case .identifier(let name): return "'\(name)'"
        case .string(let value): return "string '\(value)'"
        case .number(let value): return "'\(value)'"
        case .argument: return "an argument"
        case .keyArgument: return "'%K'"
        case .symbol(let symbol): return "'\(symbol)'"
        case .end: return "the end of the query"
        }
    }

    mutating func parseQuery() throws -> ParsedQuery {
        var query = ParsedQuery(predicate: try parseOr())
        while let word = keyword(current), ["SORT", "DISTINCT", "LIMIT"].contains(word) {
            let column = current.column
            advance()
            try expectSymbol("(")
            switch word {
            case "SORT":
                var keys: [QuerySortKey] = []
                repeat {
                    if isSymbol(",") { advance() }
                    let pathColumn = current.column
                    let path = try parseKeyPathText()
                    query.keyPathColumns[path] = query.keyPathColumns[path] ?? pathColumn
                    guard let direction = keyword(current),
                        ["ASC", "ASCENDING", "DESC", "DESCENDING"].contains(direction)
                    else {
                        throw QueryError("SORT needs ASC or DESC after '\(path)'", at: current.column)
                    }
                    advance()
                    keys.append(QuerySortKey(keyPath: path, ascending: direction.hasPrefix("ASC")))
                } while isSymbol(",")
                query.stages.append(.sort(keys))
            case "DISTINCT":
                var paths: [String] = []
                repeat {
                    if isSymbol(",") { advance() }
                    let pathColumn = current.column
                    let path = try parseKeyPathText()
                    query.keyPathColumns[path] = query.keyPathColumns[path] ?? pathColumn
                    paths.append(path)
                } while isSymbol(",")
                query.stages.append(.distinct(paths))
            default:
                guard case .number(let text) = current.kind, let limit = Int(text), limit >= 0 else {
                    throw QueryError("LIMIT needs a non-negative integer", at: current.column)
                }
                advance()
                query.stages.append(.limit(limit))
            }
            guard isSymbol(")") else { throw QueryError.syntax("expected ')' to close \(word)", at: column) }
            advance()
        }
        guard case .end = current.kind else {
            throw QueryError.syntax("unexpected \(describe(current))", at: current.column)
        }
        guard nextArgument <= arguments.count else { throw QueryError("too few arguments", at: nil) }
        query.exactDecimals = exactDecimals
        query.argumentTexts = argumentTexts
        return query
    }

    private mutating func parseOr() throws -> QueryNode {
        var terms = [try parseAnd()]
        while keyword(current) == "OR" || isSymbol("||") {
            advance()
            terms.append(try parseAnd())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws -> QueryNode {
        var terms = [try parseNot()]
        while keyword(current) == "AND" || isSymbol("&&") {
            advance()
            terms.append(try parseNot())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func parseNot() throws -> QueryNode {
        if keyword(current) == "NOT" || isSymbol("!") {
            advance()
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws -> QueryNode {
        if isSymbol("(") {
            advance()
            let inner = try parseOr()
            try expectSymbol(")")
            return inner
        }
        switch keyword(current) {
        case "TRUEPREDICATE":
            advance()
            return .truePredicate
        case "FALSEPREDICATE":
            advance()
            return .falsePredicate
        default:
            return try parseComparison()
        }
    }

    private mutating func parseComparison() throws -> QueryNode {
        let column = current.column
        var quantifier: Quantifier?
        if let word = keyword(current), ["ANY", "SOME", "ALL", "NONE"].contains(word), nextStartsOperand {
            quantifier = word == "ALL" ? .all : word == "NONE" ? .noneOf : .any
            advance()
            // realm-core's grammar puts ANY, ALL and NONE before a key path, a list or an argument, never before a
            // literal (`ANY 5.5 IN items.price` is a syntax error).
            switch current.kind {
            case .string, .number:
                throw QueryError("\(word) cannot come before a literal value", at: current.column)
            case .identifier(let name) where isLiteralKeyword(name):
                throw QueryError("\(word) cannot come before a literal value", at: current.column)
            default: break
            }
        }
        let lhs = try parseOperand()
        if keyword(current) == "BETWEEN" {
            advance()
            let range = try parseBetweenRange()
            guard case .list(let bounds, let listColumn) = range, bounds.count == 2 else {
                // Realm Swift's message for what stands there, then what BETWEEN needs.
                let realm =
                    switch range {
                    case .list: "NSArray object must contain exactly two objects for BETWEEN operations"
                    case .keyPath:
                        "Predicate with BETWEEN operator must compare a KeyPath with an aggregate with two values"
                    default: "object must be of type NSArray for BETWEEN operations"
                    }
                throw QueryError("\(realm): BETWEEN needs two values in braces, e.g. {1, 5}", at: current.column)
            }
            return .between(
                lhs,
                .constant(bounds[0], column: listColumn),
                .constant(bounds[1], column: listColumn),
                quantifier,
                column: column
            )
        }
        let operatorColumn = current.column
        let op = try parseOperator()
        if let shape = try geoArgument(op) {
            guard quantifier == nil, case .keyPath = lhs else {
                throw QueryError("GEOWITHIN needs a property on its left, without ANY, ALL or NONE", at: column)
            }
            return .geoWithin(lhs, shape, column: column)
        }
        var options: QueryStringOptions = []
        if isSymbol("[") {
            advance()
            guard case .identifier(let flags) = current.kind, flags.allSatisfy({ $0 == "c" || $0 == "d" }),
                !flags.isEmpty
            else {
                throw QueryError("string options must be [c], [d] or [cd]", at: current.column)
            }
            if flags.contains("c") { options.insert(.caseInsensitive) }
            if flags.contains("d") { options.insert(.diacriticInsensitive) }
            advance()
            try expectSymbol("]")
        }
        try checkOptions(op, options, at: operatorColumn)
        if op == .inList, keyword(current) == "SUBQUERY" {
            // What stands there, then Realm Swift's message (a SUBQUERY is not a list of values).
            throw QueryError(
                "IN needs a list on its right, not a SUBQUERY: Predicate with IN operator must compare a KeyPath "
                    + "with an aggregate",
                at: current.column
            )
        }
        let rhs = try parseOperand()
        if case .constant = lhs, case .constant = rhs {
            throw QueryError(
                "Predicate expressions must compare a keypath and another keypath or a constant value: comparing two "
                    + "constants is not allowed",
                at: column
            )
        }
        // Realm Swift (RLMQueryUtil.mm): `'text' CONTAINS name` is refused, not read as a reversed needle.
        if op.isStringOperator, case .constant = lhs {
            throw QueryError("Operator '\(op.rawValue)' requires a keypath on the left side.", at: column)
        }
        if case .list = lhs { throw QueryError("a list of values must be on the right of IN", at: column) }
        if case .list(let values, let listColumn) = rhs, op != .inList, op != .equal {
            return try listComparison(lhs, op, values, listColumn, options, quantifier, column, operatorColumn)
        }
        return .comparison(lhs, op, rhs, options, quantifier, column: column)
    }

    /// `lhs op {v1, v2, …}` with an operator other than `IN` and `==`: true when the comparison holds for any of the
    /// values, as in Realm (`age > {30, 40}` is `age > 30 OR age > 40`; an empty list matches nothing). With `NONE`
    /// on the left it holds for none of them. `ALL` with a list is refused: it does not split into comparisons.
    private func listComparison(
        _ lhs: QueryOperand,
        _ op: ComparisonOperator,
        _ values: [Value],
        _ listColumn: Int,
        _ options: QueryStringOptions,
        _ quantifier: Quantifier?,
        _ column: Int,
        _ operatorColumn: Int
    ) throws -> QueryNode {
        let comparisons = values.map { value in
            QueryNode.comparison(lhs, op, .constant(value, column: listColumn), options, quantifier, column: column)
        }
        switch quantifier {
        case .all:
            throw QueryError("ALL with a list of values on the right is not supported yet", at: operatorColumn)
        case .noneOf:
            return comparisons.isEmpty ? .truePredicate : .and(comparisons)
        default:
            return comparisons.isEmpty ? .falsePredicate : .or(comparisons)
        }
    }

    /// The option Realm Swift refuses whatever the types: `[d]` on LIKE. (`[c]` and `[d]` on an ordered comparison
    /// depend on the types compared: QueryBinder.checkStringOperator.)
    private func checkOptions(_ op: ComparisonOperator, _ options: QueryStringOptions, at column: Int) throws {
        if op == .like, options.contains(.diacriticInsensitive) {
            throw QueryError("Operator 'LIKE' not supported with diacritic-insensitive modifier.", at: column)
        }
    }

    private mutating func parseOperator() throws -> ComparisonOperator {
        let token = current
        if case .symbol(let symbol) = token.kind {
            let map: [String: ComparisonOperator] = [
                "==": .equal, "=": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
                ">": .greater, ">=": .greaterOrEqual,
            ]
            if let op = map[symbol] {
                advance()
                return op
            }
        }
        if let word = keyword(token), let op = ComparisonOperator(rawValue: word) {
            advance()
            return op
        }
        throw QueryError.syntax("expected a comparison operator but found \(describe(token))", at: token.column)
    }

    private mutating func parseKeyPathText() throws -> String {
        let column = current.column
        var parts: [String] = []
        repeat {
            if isSymbol(".") { advance() }
            switch current.kind {
            case .identifier(let name):
                parts.append(name)
                advance()
                while isSymbol("[") { parts.append(try parseSubscript()) }
            case .keyArgument:
                switch try takeArgument(column: current.column) {
                case .keyPath(let path), .value(.string(let path)): parts.append(path)
                default: throw QueryError("%K needs a key path string argument", at: current.column)
                }
                advance()
                while isSymbol("[") { parts.append(try parseSubscript()) }
            default:
                throw QueryError.syntax("expected a property name but found \(describe(current))", at: current.column)
            }
        } while isSymbol(".")
        guard !parts.isEmpty else { throw QueryError.syntax("expected a property name", at: column) }
        return parts.joined(separator: ".")
    }

    /// A subscript after a property: `['key']` or `[%@]` (the segment `[key]` of the key path), or a position,
    /// `[*]`, `[FIRST]` or `[LAST]` (the segment of a ``MixedStep``).
    private mutating func parseSubscript() throws -> String {
        advance()
        let token = current
        let step: MixedStep
        switch token.kind {
        case .string(let text): step = .key(text)
        case .number(let text):
            guard let position = Int(text), position >= 0 else {
                throw QueryError("a subscript position must be a whole number, found \(text)", at: token.column)
            }
            step = .index(position)
        case .symbol("*"): step = .all
        case .identifier(let word) where ["FIRST", "LAST"].contains(word.uppercased()):
            step = word.uppercased() == "FIRST" ? .first : .last
        case .argument(let index):
            switch try takeArgument(column: token.column, index: index) {
            case .value(.string(let text)): step = .key(text)
            case .value(.int(let position)) where position >= 0: step = .index(Int(position))
            default: throw QueryError("a subscript needs a string or a position argument", at: token.column)
            }
        case .keyArgument:
            switch try takeArgument(column: token.column) {
            case .keyPath("#any"), .keyPath("*"), .value(.string("#any")), .value(.string("*")): step = .all
            default: throw QueryError("%K in a subscript must be '#any' (every element)", at: token.column)
            }
        default:
            throw QueryError(
                "a subscript needs a quoted key, a position, *, FIRST, LAST or %@, found \(describe(token))",
                at: token.column
            )
        }
        if case .key(let key) = step {
            guard !key.contains("."), !key.contains(MixedStep.marker) else {
                throw QueryError("a map subscript key cannot contain '.'", at: token.column)
            }
        }
        advance()
        try expectSymbol("]")
        return step.segment
    }

    /// After GEOWITHIN (or IN followed by a shape argument): the shape, consumed; nil after another operator.
    private mutating func geoArgument(_ op: ComparisonOperator) throws -> GeoShape? {
        guard op == .geoWithin || op == .inList else { return nil }
        let token = current
        guard case .argument(let index) = token.kind else {
            if op == .inList { return nil }
            throw QueryError(
                "GEOWITHIN needs a GeoBox, GeoCircle or GeoPolygon argument, found \(describe(token))",
                at: token.column
            )
        }
        let slot = index ?? nextArgument
        if op == .inList {
            guard slot < arguments.count, case .geo = arguments[slot] else { return nil }
        }
        advance()
        guard case .geo(let shape) = try takeArgument(column: token.column, index: index) else {
            throw QueryError("GEOWITHIN needs a GeoBox, GeoCircle or GeoPolygon argument", at: token.column)
        }
        return shape
    }

    /// What follows BETWEEN: an operand, or the elements of an unusable array argument (`QueryArgument.unusable`).
    private mutating func parseBetweenRange() throws -> QueryOperand {
        let token = current
        guard case .argument(let index) = token.kind, (index ?? nextArgument) < arguments.count,
            case .unusable(let message, let elements) = arguments[index ?? nextArgument]
        else { return try parseOperand() }
        advance()
        _ = try takeArgument(column: token.column, index: index)
        // Realm Swift's message for an argument that is no array, then what converting it said.
        guard let elements else {
            throw QueryError("object must be of type NSArray for BETWEEN operations: \(message)", at: token.column)
        }
        return .list(elements, column: token.column)
    }

    private mutating func takeArgument(column: Int, index: Int? = nil) throws -> QueryArgument {
        let slot: Int
        if let index {
            slot = index
        } else {
            slot = nextArgument
            nextArgument += 1
        }
        guard slot < arguments.count else {
            throw QueryError("argument \(slot) is missing (\(arguments.count) given)", at: column)
        }
        return arguments[slot]
    }

    private mutating func parseOperand() throws -> QueryOperand {
        let token = current
        switch token.kind {
        case .string(let value):
            advance()
            return .constant(.string(value), column: token.column)
        case .number(let text):
            advance()
            let value = try QueryLiterals.number(text, column: token.column)
            if case .double(let double) = value, let exact = QueryLiterals.exactDecimal(text) {
                exactDecimals[token.column] = ExactDecimalLiteral(double: double, decimal: exact)
            }
            return .constant(value, column: token.column)
        case .argument(let index):
            advance()
            switch try takeArgument(column: token.column, index: index) {
            case .value(let value):
                if case .string = value { argumentTexts[token.column] = value }
                if case .binary = value { argumentTexts[token.column] = value }
                return .constant(value, column: token.column)
            case .list(let values): return .list(values, column: token.column)
            case .geo(let shape):
                throw QueryError("a \(shape) argument can only be used with GEOWITHIN", at: token.column)
            case .unusable(let message, _): throw QueryError(message, at: token.column)
            case .keyPath(let path):
                return .keyPath(
                    path.split(separator: ".").map(String.init),
                    aggregate: nil,
                    aggregateProperty: nil,
                    column: token.column
                )
            }
        case .symbol("{"):
            advance()
            var values: [Value] = []
            while !isSymbol("}") {
                guard case .constant(let value, _) = try parseOperand() else {
                    throw QueryError(
                        "Expressions within predicate aggregates must be constant values",
                        at: current.column
                    )
                }
                values.append(value)
                if isSymbol(",") { advance() } else { break }
            }
            try expectSymbol("}")
            return .list(values, column: token.column)
        case .identifier(let name):
            if name.uppercased() == "SUBQUERY" { return try parseSubquery() }
            if let literal = try QueryLiterals.keywordLiteral(name, parser: &self, column: token.column) {
                return literal
            }
            return try parseKeyPath()
        case .keyArgument:
            return try parseKeyPath()
        default:
            throw QueryError.syntax("expected a property or a value but found \(describe(token))", at: token.column)
        }
    }

    /// Whether `name` is a literal (null, true, inf, oid(…), B64"…" and the like) where an operand starts.
    private func isLiteralKeyword(_ name: String) -> Bool {
        switch name.uppercased() {
        case "NIL", "NULL", "TRUE", "YES", "FALSE", "NO", "INF", "INFINITY", "NAN": return true
        case "OID", "UUID": return next.kind == .symbol("(")
        case "B64": return next.kind.isString
        default: return false
        }
    }

    /// `SUBQUERY(collection, $variable, predicate).@count`
    private mutating func parseSubquery() throws -> QueryOperand {
        let column = current.column
        advance()
        try expectSymbol("(")
        let collection = try parseKeyPathText().split(separator: ".").map(String.init)
        try expectSymbol(",")
        guard case .identifier(let variable) = current.kind, variable.hasPrefix("$") else {
            throw QueryError("SUBQUERY needs a variable such as $x after the collection", at: current.column)
        }
        advance()
        try expectSymbol(",")
        let predicate = try parseOr()
        try expectSymbol(")")
        guard isSymbol(".") else {
            // Realm Swift's message, then what stands there.
            throw QueryError(
                "SUBQUERY is only supported when immediately followed by .@count: expected '.' but found "
                    + describe(current),
                at: current.column
            )
        }
        advance()
        guard case .identifier(let name) = current.kind, ["@count", "@size"].contains(name.lowercased()) else {
            throw QueryError("SUBQUERY must be followed by .@count", at: current.column)
        }
        advance()
        return .subqueryCount(collection, variable: variable, predicate: predicate, column: column)
    }

    private mutating func parseKeyPath() throws -> QueryOperand {
        let column = current.column
        let text = try parseKeyPathText()
        var parts = text.split(separator: ".").map(String.init)
        var aggregate: KeyPathAggregate?
        var aggregateProperty: String?
        // `map.@allValues.owner.name` (Realm Swift): a property after a map's values reads them as objects, which
        // the plain path `map.owner.name` already does (a map of objects is crossed like a list of them).
        parts = parts.enumerated().filter { index, part in
            !(["@values", "@allvalues"].contains(part.lowercased()) && index + 1 < parts.count
                && !parts[index + 1].hasPrefix("@"))
        }.map(\.element)
        if let index = parts.firstIndex(where: { $0.hasPrefix("@") && $0.lowercased() != "@links" }) {
            // `@allKeys` and `@allValues` are NSDictionary's names for `@keys` and `@values`.
            let name = ["@allkeys": "@keys", "@allvalues": "@values"][parts[index].lowercased()] ?? parts[index]
            guard let found = KeyPathAggregate(rawValue: name.lowercased()) else {
                throw QueryError(
                    "Unsupported collection operation '\(parts[index])': '\(parts[index])' is not a collection operator "
                        + "(@count, @size, @min, @max, @sum, @avg, @keys, @values, @type)",
                    at: column
                )
            }
            aggregate = found
            if found == .count || found == .size, index + 1 < parts.count {
                // Realm Swift: "Invalid keypath 'dogs.@count.age': @count must appear at the end of a keypath."
                throw QueryError(
                    "Invalid keypath '\(text)': \(found.rawValue) must appear at the end of a keypath.",
                    at: column
                )
            }
            if index + 1 < parts.count {
                guard !found.isSelector else { throw QueryError("\(found.rawValue) must end the key path", at: column) }
                aggregateProperty = parts[(index + 1)...].joined(separator: ".")
            }
            parts = Array(parts[..<index])
            guard !parts.isEmpty else {
                throw QueryError(
                    "Invalid keypath '\(found.rawValue)': collection operation '\(found.rawValue)' must be applied to a "
                        + "collection",
                    at: column
                )
            }
        }
        return .keyPath(parts, aggregate: aggregate, aggregateProperty: aggregateProperty, column: column)
    }

    // Used by QueryLiterals for oid(...), uuid(...), B64"...".
    mutating func consumeCall() throws -> String {
        advance()
        try expectSymbol("(")
        var text = ""
        while !isSymbol(")") {
            switch current.kind {
            case .identifier(let value), .number(let value), .string(let value): text += value
            case .symbol(let symbol) where symbol == "-": text += symbol
            case .end: throw QueryError.syntax("unterminated literal", at: current.column)
            default: throw QueryError.syntax("unexpected \(describe(current)) in a literal", at: current.column)
            }
            advance()
        }
        advance()
        return text
    }

    mutating func skip() { advance() }
}

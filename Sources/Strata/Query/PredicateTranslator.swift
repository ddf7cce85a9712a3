import Foundation
import StrataCore

/// Translates a Foundation `#Predicate` into Strata's query tree by walking its expression with
/// reflection. Supported: `&&`, `||`, `!`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `nil`, constants, key
/// paths through links (optional chaining included), `.count` of collections, string
/// `contains(_:)` and `starts(with:)`, collection `contains(_:)` and `contains(where:)`. Anything else is refused with
/// an error naming the construct.
///
/// `contains(where:)` becomes what Realm Swift's `Query` builds for a condition on a collection's elements: over a
/// list, set or linking objects of objects, `SUBQUERY(collection, $eN, body).@count > 0`; over a collection of values,
/// `ANY collection op value` (a body of one comparison, or of comparisons joined by `||`, since `ANY` distributes
/// over `OR` and over nothing else). Inside a SUBQUERY body Realm binds every key path to the element, so a body
/// over objects may use only its own element: a reference to the object being queried, or to an enclosing element,
/// is refused rather than read from the wrong object.
enum PredicateTranslator {
    /// What the variables of the expression being translated stand for.
    struct Scope {
        /// The variables of enclosing `contains(where:)` closures (by their description, `Variable(3)`): the key
        /// path prefix each stands for (`$e1`, or the collection's own path for a collection of values).
        var elements: [String: [String]] = [:]
        /// Inside a `contains(where:)` over objects: the variables its body may name (its element, and the
        /// elements of `contains(where:)` over values within it); nil outside every SUBQUERY.
        var allowed: Set<String>?
        var depth = 0
    }

    static func translate(_ expression: Any) throws -> QueryNode {
        try translate(expression, in: Scope())
    }

    static func translate(_ expression: Any, in scope: Scope) throws -> QueryNode {
        let kind = name(of: expression)
        let children = Dictionary(
            Mirror(reflecting: expression).children.compactMap { child in child.label.map { ($0, child.value) } }
        ) { a, _ in a }
        func child(_ label: String) throws -> Any {
            guard let value = children[label] else { throw unsupported("\(kind) without \(label)") }
            return value
        }
        switch kind {
        case "Conjunction":
            return .and([try translate(try child("lhs"), in: scope), try translate(try child("rhs"), in: scope)])
        case "Disjunction":
            return .or([try translate(try child("lhs"), in: scope), try translate(try child("rhs"), in: scope)])
        case "Negation": return .not(try translate(try child("wrapped"), in: scope))
        case "Equal", "NotEqual":
            return try comparison(try child("lhs"), kind == "Equal" ? .equal : .notEqual, try child("rhs"), scope)
        case "Comparison":
            let map: [String: ComparisonOperator] = [
                "lessThan": .less, "lessThanOrEqual": .lessOrEqual, "greaterThan": .greater,
                "greaterThanOrEqual": .greaterOrEqual,
            ]
            guard let op = map[String(describing: try child("op"))] else {
                throw unsupported("this comparison operator")
            }
            return try comparison(try child("lhs"), op, try child("rhs"), scope)
        case "CollectionContainsCollection":
            return try comparison(try child("base"), .contains, try child("other"), scope)
        case "SequenceStartsWith":
            return try comparison(try child("base"), .beginsWith, try child("prefix"), scope)
        case "SequenceContains":
            return try comparison(try child("sequence"), .equal, try child("element"), scope)
        case "SequenceContainsWhere":
            return try containsWhere(try child("sequence"), try child("variable"), try child("test"), scope)
        case "KeyPath", "OptionalFlatMap", "Variable":
            return .comparison(
                try operand(expression, scope),
                .equal,
                .constant(.bool(true), column: 0),
                [],
                .anyIfCollection,
                column: 0
            )
        case "Value":
            guard let value = try child("value") as? Bool else {
                throw unsupported("a non-Boolean constant as a predicate")
            }
            return value ? .truePredicate : .falsePredicate
        default:
            throw unsupported(kind)
        }
    }

    /// `sequence.contains { variable in test }`: a SUBQUERY over objects, ANY over values.
    private static func containsWhere(_ sequence: Any, _ variable: Any, _ test: Any, _ scope: Scope) throws
        -> QueryNode
    {
        guard case .keyPath(let collection, nil, nil, _) = try operand(sequence, scope) else {
            throw unsupported("contains(where:) on something other than a collection property")
        }
        let name = String(describing: variable)
        var inner = scope
        inner.depth += 1
        guard isObjectVariable(variable) else {
            // A collection of values: the element stands for the collection's path under ANY.
            inner.elements[name] = collection
            inner.allowed?.insert(name)
            let body = try translate(test, in: inner)
            guard distributesAny(body, over: collection) else {
                throw unsupported(
                    "contains(where:) over a collection of values with a condition other than comparisons of the "
                        + "element joined by ||"
                )
            }
            return body
        }
        let element = "$e\(inner.depth)"
        inner.elements[name] = [element]
        inner.allowed = [name]
        return .comparison(
            .subqueryCount(collection, variable: element, predicate: try translate(test, in: inner), column: 0),
            .greater,
            .constant(.int(0), column: 0),
            [],
            nil,
            column: 0
        )
    }

    /// Whether a `contains(where:)` variable stands for objects (`Variable<Dog>`), not values.
    private static func isObjectVariable(_ variable: Any) -> Bool {
        func isObject<E: PredicateExpression>(_ expression: E) -> Bool { E.Output.self is ObjectBase.Type }
        guard let expression = variable as? any PredicateExpression else { return false }
        return isObject(expression)
    }

    /// Whether `ANY` over a collection of values keeps its meaning in `node`: comparisons of the element (the
    /// `collection` path itself), joined by OR only. A comparison without the element would hold for an empty
    /// collection too.
    private static func distributesAny(_ node: QueryNode, over collection: [String]) -> Bool {
        func isElement(_ operand: QueryOperand) -> Bool {
            if case .keyPath(collection, nil, nil, _) = operand { return true }
            return false
        }
        switch node {
        case .comparison(let lhs, _, let rhs, _, _, _): return isElement(lhs) || isElement(rhs)
        case .between(let subject, _, _, _, _): return isElement(subject)
        case .or(let terms): return terms.allSatisfy { distributesAny($0, over: collection) }
        default: return false
        }
    }

    private static func comparison(_ lhs: Any, _ op: ComparisonOperator, _ rhs: Any, _ scope: Scope) throws
        -> QueryNode
    {
        var left = try operand(lhs, scope)
        var right = try operand(rhs, scope)
        var op = op
        // A constant left of a string operator stays there (`"text".contains($0.name)`): the binder refuses it,
        // as Realm Swift does, rather than reading it the other way round.
        if case .constant = left, case .keyPath = right, !op.isStringOperator {
            swap(&left, &right)
            op = op.mirroredForPredicate
        }
        return .comparison(left, op, right, [], .anyIfCollection, column: 0)
    }

    private static func operand(_ expression: Any, _ scope: Scope) throws -> QueryOperand {
        switch name(of: expression) {
        case "Value":
            guard let value = Mirror(reflecting: expression).children.first(where: { $0.label == "value" })?.value
            else {
                throw unsupported("Value without a value")
            }
            return .constant(try RealmPredicate.engineValue(value), column: 0)
        case "NilLiteral":
            return .constant(.null, column: 0)
        case "KeyPath", "OptionalFlatMap", "Variable":
            let (parts, aggregate) = try path(expression, scope)
            return .keyPath(parts, aggregate: aggregate, aggregateProperty: nil, column: 0)
        default:
            throw unsupported(name(of: expression))
        }
    }

    /// The property path of a key path expression.
    private static func path(_ expression: Any, _ scope: Scope) throws -> ([String], KeyPathAggregate?) {
        let children = Dictionary(
            Mirror(reflecting: expression).children.compactMap { child in child.label.map { ($0, child.value) } }
        ) { a, _ in a }
        switch name(of: expression) {
        case "Variable":
            let name = String(describing: expression)
            if let allowed = scope.allowed, !allowed.contains(name) {
                throw unsupported(
                    "contains(where:) whose condition names an object other than its own element (a SUBQUERY body "
                        + "reaches only its element's properties)"
                )
            }
            return (scope.elements[name] ?? [], nil)
        case "OptionalFlatMap":
            guard let wrapped = children["wrapped"], let transform = children["transform"] else {
                throw unsupported("OptionalFlatMap")
            }
            let (head, headAggregate) = try path(wrapped, scope)
            guard headAggregate == nil else { throw unsupported("a key path after .count") }
            let (tail, aggregate) = try path(transform, scope)
            return (head + tail, aggregate)
        case "KeyPath":
            guard let root = children["root"], let keyPath = children["keyPath"] as? AnyKeyPath else {
                throw unsupported("KeyPath")
            }
            let (head, headAggregate) = try path(root, scope)
            guard headAggregate == nil else { throw unsupported("a key path after .count") }
            let rootType = type(of: keyPath).rootType
            if let objectType = rootType as? ObjectBase.Type {
                let recorder = KeyPathRecorder()
                let probe = objectType.init()
                probe.keyPathRecorder = recorder
                _ = probe[keyPath: keyPath]
                guard !recorder.names.isEmpty else {
                    throw unsupported("\(keyPath), which is not a persisted property")
                }
                return (head + recorder.names, nil)
            }
            if rootType is any CollectionMarker.Type || rootType is any LinkingObjectsMarker.Type,
                type(of: keyPath).valueType == Int.self
            {
                return (head, .count)
            }
            throw unsupported("the key path \(keyPath)")
        default:
            throw unsupported(name(of: expression))
        }
    }

    private static func name(of expression: Any) -> String {
        let full = String(describing: type(of: expression))
        return String(full.prefix { $0 != "<" })
    }

    private static func unsupported(_ construct: String) -> RealmError {
        RealmError.invalidQuery(
            "Invalid query: #Predicate construct '\(construct)' cannot be translated to a Realm query"
        )
    }
}

extension ComparisonOperator {
    /// `5 < $0.age` is `$0.age > 5`.
    var mirroredForPredicate: ComparisonOperator {
        switch self {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return self
        }
    }
}

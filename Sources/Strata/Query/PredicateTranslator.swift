import Foundation
import StrataCore

/// Translates a Foundation `#Predicate` into Strata's query tree by walking its expression with
/// reflection. Supported: `&&`, `||`, `!`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `nil`, constants, key
/// paths through links (optional chaining included), `.count` of collections, string
/// `contains(_:)` and `starts(with:)`, and collection `contains(_:)`. Anything else is refused with an
/// error naming the construct.
enum PredicateTranslator {
    static func translate(_ expression: Any) throws -> QueryNode {
        let kind = name(of: expression)
        let children = Dictionary(
            Mirror(reflecting: expression).children.compactMap { child in child.label.map { ($0, child.value) } }
        ) { a, _ in a }
        func child(_ label: String) throws -> Any {
            guard let value = children[label] else { throw unsupported("\(kind) without \(label)") }
            return value
        }
        switch kind {
        case "Conjunction": return .and([try translate(try child("lhs")), try translate(try child("rhs"))])
        case "Disjunction": return .or([try translate(try child("lhs")), try translate(try child("rhs"))])
        case "Negation": return .not(try translate(try child("wrapped")))
        case "Equal", "NotEqual":
            return try comparison(try child("lhs"), kind == "Equal" ? .equal : .notEqual, try child("rhs"))
        case "Comparison":
            let map: [String: ComparisonOperator] = [
                "lessThan": .less, "lessThanOrEqual": .lessOrEqual, "greaterThan": .greater,
                "greaterThanOrEqual": .greaterOrEqual,
            ]
            guard let op = map[String(describing: try child("op"))] else {
                throw unsupported("this comparison operator")
            }
            return try comparison(try child("lhs"), op, try child("rhs"))
        case "CollectionContainsCollection":
            return try comparison(try child("base"), .contains, try child("other"))
        case "SequenceStartsWith":
            return try comparison(try child("base"), .beginsWith, try child("prefix"))
        case "SequenceContains":
            return try comparison(try child("sequence"), .equal, try child("element"))
        case "KeyPath", "OptionalFlatMap":
            return .comparison(
                try operand(expression),
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

    private static func comparison(_ lhs: Any, _ op: ComparisonOperator, _ rhs: Any) throws -> QueryNode {
        var left = try operand(lhs)
        var right = try operand(rhs)
        var op = op
        if case .constant = left, case .keyPath = right {
            swap(&left, &right)
            op = op.mirroredForPredicate
        }
        return .comparison(left, op, right, [], .anyIfCollection, column: 0)
    }

    private static func operand(_ expression: Any) throws -> QueryOperand {
        switch name(of: expression) {
        case "Value":
            guard let value = Mirror(reflecting: expression).children.first(where: { $0.label == "value" })?.value
            else {
                throw unsupported("Value without a value")
            }
            return .constant(try RealmPredicate.engineValue(value), column: 0)
        case "NilLiteral":
            return .constant(.null, column: 0)
        case "KeyPath", "OptionalFlatMap":
            let (parts, aggregate) = try path(expression)
            return .keyPath(parts, aggregate: aggregate, aggregateProperty: nil, column: 0)
        default:
            throw unsupported(name(of: expression))
        }
    }

    /// The property path of a key path expression.
    private static func path(_ expression: Any) throws -> ([String], KeyPathAggregate?) {
        let children = Dictionary(
            Mirror(reflecting: expression).children.compactMap { child in child.label.map { ($0, child.value) } }
        ) { a, _ in a }
        switch name(of: expression) {
        case "Variable":
            return ([], nil)
        case "OptionalFlatMap":
            guard let wrapped = children["wrapped"], let transform = children["transform"] else {
                throw unsupported("OptionalFlatMap")
            }
            let (head, headAggregate) = try path(wrapped)
            guard headAggregate == nil else { throw unsupported("a key path after .count") }
            let (tail, aggregate) = try path(transform)
            return (head + tail, aggregate)
        case "KeyPath":
            guard let root = children["root"], let keyPath = children["keyPath"] as? AnyKeyPath else {
                throw unsupported("KeyPath")
            }
            let (head, headAggregate) = try path(root)
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

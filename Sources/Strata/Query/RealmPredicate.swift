import Foundation
import StrataCore

/// A parsed query in the Realm query language: Strata's `NSPredicate`, a `Sendable` value.
///
/// ```swift
/// let adults = try RealmPredicate(format: "age >= %d AND name BEGINSWITH[c] %@", 18, "a")
/// let results = try people.filter(adults)
/// ```
///
/// Parsing checks syntax and arguments (throwing ``RealmError/invalidQuery(_:)`` with the column of
/// the problem); applying it with ``Results/filter(_:)-(RealmPredicate)`` checks it against the schema.
public struct RealmPredicate: Sendable, Equatable, CustomStringConvertible {
    /// The query text.
    public let predicateFormat: String
    let parsed: ParsedQuery

    /// Parses `format`, substituting `%@`, `%K`, `%d`, `%f` and `$0`… with `args`.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for a syntax error or a wrong number or kind of arguments.
    /// - Parameters:
    ///   - format: a query in the Realm query language.
    ///   - args: the values of its placeholders, in order.
    /// - Note: Differs from Realm Swift: this type takes the place of `NSPredicate`, which Linux lacks, and parsing
    ///   throws instead of raising.
    /// - Complexity: O(m) for a format of m characters and its arguments.
    public init(format: String, _ args: Any...) throws {
        try self.init(format: format, argumentArray: args)
    }

    /// Parses `format` with an array of arguments.
    /// - Parameters:
    ///   - format: a query in the Realm query language.
    ///   - argumentArray: the values of its placeholders, in order.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for a syntax error or a wrong number or kind of arguments.
    /// - Complexity: O(m) for a format of m characters and its arguments.
    public init(format: String, argumentArray: [Any]) throws {
        predicateFormat = format
        parsed = try realmErrors { try QueryParser.parse(format, arguments: try argumentArray.map(Self.argument)) }
    }

    init(parsed: ParsedQuery, format: String) {
        self.parsed = parsed
        predicateFormat = format
    }

    /// A predicate every object matches.
    public static let truePredicate = RealmPredicate(
        parsed: ParsedQuery(predicate: .truePredicate),
        format: "TRUEPREDICATE"
    )

    /// The query text.
    public var description: String { predicateFormat }

    /// Two predicates are equal when they parse to the same query.
    /// - Parameters:
    ///   - lhs: a predicate.
    ///   - rhs: another predicate.
    /// - Returns: whether both parse to the same query with the same arguments.
    public static func == (lhs: RealmPredicate, rhs: RealmPredicate) -> Bool { lhs.parsed == rhs.parsed }

    static func argument(_ value: Any) throws -> QueryParser.QueryArgument {
        if let marker = value as? any OptionalMarker, marker.wrappedValueIfAny == nil { return .value(.null) }
        if value is NSNull { return .value(.null) }
        if let shape = GeoShapes.engine(value) { return .geo(shape) }
        if let array = value as? [Any] {
            do {
                return .list(try array.map(engineValue))
            } catch {
                // An array holding an array: its inner arrays as lists, which only BETWEEN reads (to refuse them).
                guard array.contains(where: { $0 is [Any] }) else { throw error }
                // `try?` hides no stored data: it converts the caller's own argument, and an element that does not
                // convert leaves nil, which makes the query refuse the argument with `error`'s message.
                let elements = try? array.map {
                    try ($0 as? [Any]).map { .list(try $0.map(engineValue)) } ?? engineValue($0)
                }
                return .unusable("\(error)", elements: elements)
            }
        }
        if let elements = value as? any ElementsProvider { return .list(try elements.anyElements.map(engineValue)) }
        // A Swift Set, or a Results, LinkingObjects or AnyRealmCollection: membership by value, objects by key.
        if value is any SetAlgebra || value is any RealmCollection, let sequence = value as? any Sequence {
            return .list(try Self.elements(of: sequence).map(engineValue))
        }
        do {
            return .value(try engineValue(value))
        } catch {
            guard value is [AnyHashable: Any] else { throw error }
            return .unusable("\(error)", elements: nil)
        }
    }

    private static func elements<S: Sequence>(of sequence: S) -> [Any] { sequence.map { $0 as Any } }

    /// A link no object has: what an unmanaged object argument stands for (as in Realm, it matches nothing).
    static let unmanagedLink = StrataCore.Value.link(ObjectKey(Int64.min))

    /// The engine value of a query constant: objects by class and key (an unmanaged one as ``unmanagedLink``), so
    /// that the binder can refuse an object of another class than the link's, and a custom type stored as an object
    /// by its properties (``memberwiseValue(_:)``).
    static func engineValue(_ value: Any) throws -> StrataCore.Value {
        // A null may stand in an array argument too (`name IN %@` with `["a", NSNull()]`).
        if value is NSNull { return .null }
        if let members = try memberwiseValue(value) { return members }
        return try ValueConversion.engineValue(value) { object in
            guard let binding = object.binding else { return unmanagedLink }
            return .typedLink(binding.table.tableKey, binding.key)
        }
    }

    /// For a custom type stored as an (embedded) object, the object's properties as a dictionary of property name
    /// to value, which the engine compares with a link member by member (`point == CGPoint(x: 1, y: 2)` is
    /// `point.x == 1 AND point.y == 2`, as in Realm Swift); nil for every other value.
    /// - Throws: ``RealmError/invalidQuery(_:)`` with Realm Swift's message when the object has a collection or a
    ///   link property, which memberwise equality does not compare.
    static func memberwiseValue(_ value: Any) throws -> StrataCore.Value? {
        let persisted: Any
        if let custom = value as? any CustomPersistable {
            persisted = custom.persistableValue
        } else if let custom = value as? any FailableCustomPersistable {
            persisted = custom.persistableValue
        } else {
            return nil
        }
        guard let object = persisted as? ObjectBase, object.binding == nil else { return nil }
        let info = try ObjectClassInfo.of(type(of: object))
        var entries: [DictionaryEntry] = []
        for property in info.properties {
            func refuse(_ reason: String) -> RealmError {
                RealmError.invalidQuery(
                    "Unsupported property '\(info.className).\(property.name)' for memberwise equality query: \(reason)"
                )
            }
            if property.typeInfo.collection != .single { throw refuse("equality on collections is not implemented.") }
            if property.typeInfo.type == .object || property.typeInfo.type == .linkingObjects {
                throw refuse("object links are not implemented.")
            }
            entries.append(DictionaryEntry(key: property.name, value: try engineValue(property.read(object))))
        }
        return .dictionary(entries)
    }
}

/// Turns a Swift key path into the property path it names (`\Person.owner?.name` is `owner.name`).
enum KeyPathName {
    static func of<Root>(_ keyPath: PartialKeyPath<Root>) -> String {
        if let path = KeyPathRecorder.path(of: keyPath) { return path }
        var text = String(describing: keyPath)
        if text.hasPrefix("\\") { text.removeFirst() }
        text = text.filter { $0 != "?" && $0 != "!" }
        return text.split(separator: ".").dropFirst().joined(separator: ".")
    }
}

import Foundation

/// What `create(_:value:update:)` copies from its value, and which properties the value gave each copy.
///
/// Realm's `create` copies its value instead of adopting it:
///   (1) a live object of the realm being written, of the link's class and not embedded, is linked as it is;
///   (2) any other object the value holds (unmanaged, frozen, of another realm, or embedded) is copied into a
///       new unmanaged object, as are nested dictionaries and arrays; the caller's objects stay unmanaged;
///   (3) an object that was deleted or invalidated is refused.
/// Each copy remembers the properties its value gave (a dictionary's keys that name properties, an array's
/// first properties, or every property an object shares), so that updating an existing object changes only
/// those, as Realm leaves the others untouched.
///
/// One instance lives for one `create` call, inside the realm's isolation.
final class ValueCopy {
    /// The realm `create` writes to.
    private let realm: Realm
    /// The positions of the properties each copy was given, by the copy's identity.
    private var given: [ObjectIdentifier: Set<Int>] = [:]
    /// The copies, kept alive for the whole call so that no identity in `given` is reused.
    private var copies: [ObjectBase] = []

    init(into realm: Realm) { self.realm = realm }

    /// The positions of the properties `object`'s value gave it, or nil for an object this copy did not make
    /// (one added as it is, which gives every property).
    func properties(givenTo object: ObjectBase) -> Set<Int>? { given[ObjectIdentifier(object)] }

    /// Records that the value of `object`, made for this copy, gave the properties at `positions`.
    func record(_ object: ObjectBase, given positions: [Int]) {
        copies.append(object)
        given[ObjectIdentifier(object)] = Set(positions)
    }

    /// `value`, given for `property`, with the objects it holds copied or linked by the rules above; values that
    /// hold no objects are returned as they are (managed collections as plain arrays and dictionaries).
    func prepare(_ value: Any, for property: PropertyInfo) throws -> Any {
        let info = property.typeInfo
        if info.type == .any, info.collection == .single { return try mixed(value) }
        guard let target = info.objectClass, !info.isCustomObject else {
            return ObjectValueSetter.plainCollections(value)
        }
        switch info.collection {
        case .single:
            return try object(value, of: target)
        case .list, .set:
            guard let elements = value as? [Any] ?? (value as? any ElementsProvider)?.anyElements else { return value }
            return try elements.map { try object($0, of: target) }
        case .dictionary:
            guard
                let entries = (value as? [String: Any]).map({ Array($0) })
                    ?? (value as? any EntriesProvider)?.anyEntries
            else { return value }
            return Dictionary(uniqueKeysWithValues: try entries.map { ($0.0, try object($0.1, of: target)) })
        }
    }

    /// A value for a link to `target`: the object to link, a new copy, or `value` itself when it is nil or not
    /// an object's value (coercion then reports it).
    private func object(_ value: Any, of target: ObjectBase.Type) throws -> Any {
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrappedValueIfAny else { return value }
            return try object(wrapped, of: target)
        }
        if let source = value as? ObjectBase {
            if source.isInvalidated { throw RealmError.objectInvalidated("Object") }
            if try isLinkedAsIs(source, as: target) { return source }
        } else if !(value is [String: Any] || value is [Any]) {
            return value
        }
        let copy = target.init()
        try ObjectValueSetter.apply(value, to: copy, copy: self)
        return copy
    }

    /// A mixed value, with the object it holds copied or linked as a link would be.
    private func mixed(_ value: Any) throws -> Any {
        let held: Object
        switch value {
        case AnyRealmValue.object(let object): held = object
        case let object as Object: held = object
        default: return value
        }
        // A dynamic object has no class of its own to copy into.
        guard !(held is DynamicObject), let linked = try object(held, of: type(of: held)) as? Object else {
            return value
        }
        return AnyRealmValue.object(linked)
    }

    /// Whether `source` is linked as it is: a live object of this realm, of `target`'s class, not embedded.
    private func isLinkedAsIs(_ source: ObjectBase, as target: ObjectBase.Type) throws -> Bool {
        guard let binding = source.binding, case .live(let owner) = binding.source, owner === realm,
            !binding.table.info.isEmbedded
        else { return false }
        return binding.table.className == (try ObjectClassInfo.of(target)).className
    }
}

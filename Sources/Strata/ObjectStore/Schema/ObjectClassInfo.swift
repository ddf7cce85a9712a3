import Foundation
import StrataCore

/// One persisted property of a model class, as reflection found it.
struct PropertyInfo {
    let name: String
    let typeInfo: TypeInfo
    /// The `Value` of the property's `Persisted<Value>`.
    let valueType: Any.Type
    var options: PersistedOptions
    /// Position among the class's `Persisted` wrappers, base class first.
    let position: Int
    /// The property's wrapper in an unmanaged object of the class.
    let wrapperField: any WrapperField
    /// Whether the class is `Encodable`: its wrappers then keep an unmanaged object's values (see `Persisted`).
    let keepsValuesInWrapper: Bool
    /// The name the file stores the property under, when ``ObjectBase/propertiesMapping()`` renames it.
    var persistedName: String? = nil
    /// Whether the property is a ``RealmProperty``, which holds an unmanaged object's value itself.
    var isRealmProperty = false

    /// Whether the property's values can never hold an object: one value (not a collection) of a type other than a
    /// link or ``AnyRealmValue``, kept by a `Persisted` wrapper.
    var holdsNoObject: Bool {
        typeInfo.collection == .single && !typeInfo.isLinkingObjects && typeInfo.type != .object
            && typeInfo.type != .any
            && !isRealmProperty
    }

    /// The name of the property's column in the file: the persisted name, or the Swift name.
    var columnName: String { persistedName ?? name }

    /// The property's value in `object`.
    func read(_ object: ObjectBase) -> Any {
        if object.binding != nil { return object.boundValue(position) }
        if isRealmProperty, let holder = wrapperField.wrapper(of: object) as? any RealmPropertyStorage {
            return holder.anyValue
        }
        if let value = object.unmanagedValues[position] { return value }
        if let value = wrapperField.wrapper(of: object).initialValue {
            object.unmanagedValues[position] = value
            return value
        }
        // A default made now (a new collection) is the object's from here on, its wrapper's too (see `write`).
        let value = TypeInspector.defaultValue(valueType)
        object.unmanagedValues[position] = value
        if keepsValuesInWrapper { wrapperField.keep(value, in: object) }
        return value
    }

    /// Sets the property from a loosely typed value (KVC, `init(value:)`); a value that does not fit stops.
    func write(_ object: ObjectBase, _ value: Any) {
        stoppingOnError { try checkedWrite(object, value) }
    }

    /// Sets the property from a loosely typed value, or throws when the value does not fit the property.
    func checkedWrite(_ object: ObjectBase, _ value: Any) throws {
        let converted = try ValueCoercion.coerce(value, to: valueType, property: name)
        if object.binding != nil {
            object.binding!.set(position, converted)
        } else if isRealmProperty, let holder = wrapperField.wrapper(of: object) as? any RealmPropertyStorage {
            holder.setUnmanaged(converted)
        } else {
            setUnmanaged(object, converted)
        }
    }

    /// Sets the property of unmanaged `object` to `value`, of the property's type. A list, set or map is copied into
    /// the collection the property holds, which stays the property's, as in Realm (AssignableCollection.swift);
    /// any other value replaces the one held.
    func setUnmanaged(_ object: ObjectBase, _ value: Any) {
        if value is any AssignableCollection, let own = read(object) as? any AssignableCollection {
            own.assignContents(of: value)
            return
        }
        object.unmanagedValues[position] = value
        if keepsValuesInWrapper { wrapperField.keep(value, in: object) }
    }

    var property: Property {
        Property(
            name: name,
            type: typeInfo.type,
            isOptional: typeInfo.optional,
            // Realm marks a LinkingObjects property an array.
            isArray: typeInfo.collection == .list || typeInfo.type == .linkingObjects,
            isSet: typeInfo.collection == .set,
            isMap: typeInfo.collection == .dictionary,
            isIndexed: options.indexed || options.primaryKey,
            isPrimary: options.primaryKey,
            objectClassName: typeInfo.objectClass.map { ObjectClassInfo.unqualifiedName(of: $0) },
            linkOriginPropertyName: options.originProperty,
            persistedName: persistedName
        )
    }
}

/// What Strata knows about one model class: its properties (found by reflection on a probe instance) and where each
/// `Persisted` wrapper lies in an instance, whose property number is written there (PersistedSlots.swift).
///
/// `@unchecked Sendable`: every stored property is immutable after `init`.
final class ObjectClassInfo: @unchecked Sendable {
    let type: ObjectBase.Type
    let className: String
    let isEmbedded: Bool
    /// Whether the class is `Encodable` (its wrappers then keep an unmanaged object's values, see `Persisted`).
    let isEncodable: Bool
    let properties: [PropertyInfo]
    /// Whether a property is a ``RealmProperty``: binding an object then binds those too.
    let hasRealmProperties: Bool
    /// Whether an instance holds nothing but its `@Persisted` wrappers (no other stored property, no
    /// ``RealmProperty``): one bound to a row is then the same as a fresh one bound to it, so an iteration may rebind
    /// the object it made last when no one else holds it (ObjectRecycler.swift).
    let isRecyclable: Bool
    let schema: ObjectSchema
    let primaryKeyIndex: Int?
    /// The property numbers of an instance's wrappers, by their offsets (PersistedSlots.swift).
    let slotFields: StoredIntFields

    private static let cache = Locked<[ObjectIdentifier: ObjectClassInfo]>([:])

    /// The info of `type`, discovering it on first use.
    static func of(_ type: ObjectBase.Type) throws -> ObjectClassInfo {
        if let info = known(type) { return info }
        let info = try ObjectClassInfo(type)
        return cache.withLock { cache in
            if let existing = cache[ObjectIdentifier(type)] { return existing }
            cache[ObjectIdentifier(type)] = info
            // Inside the lock: the cache keeps the registered info for good.
            PersistedSlots.register(info)
            return info
        }
    }

    /// The info of `type` if it was discovered already; never discovers it.
    static func known(_ type: ObjectBase.Type) -> ObjectClassInfo? {
        cache.withLock { $0[ObjectIdentifier(type)] }
    }

    /// The unqualified name of a type (`Module.V2.Item` is `Item`).
    static func unqualifiedName(of type: Any.Type) -> String {
        let identifier = ObjectIdentifier(type)
        if let name = names.withLock({ $0[identifier] }) { return name }
        let full = String(reflecting: type)
        let name = String(full.split(separator: ".").last ?? Substring(full))
        names.withLock { $0[identifier] = name }
        return name
    }

    /// Unqualified type names, computed once per type.
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    /// Whether `type` is one of Strata's model base classes, which hold no `Persisted` wrappers: discovery does not
    /// reflect them (a managed object's row reader there borrows its references, LiveRow.swift).
    private static func isBaseClass(_ type: Any.Type) -> Bool {
        type == ObjectBase.self || type == Object.self || type == EmbeddedObject.self
    }

    private init(_ type: ObjectBase.Type) throws {
        self.type = type
        className = Self.unqualifiedName(of: type)
        isEmbedded = type is EmbeddedObject.Type
        isEncodable = type is any Encodable.Type
        let probe = type.init()
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: probe)
        while let current = mirror, !Self.isBaseClass(current.subjectType) {
            mirrors.append(current)
            mirror = current.superclassMirror
        }
        let mapping = type.propertiesMapping()
        var properties: [PropertyInfo] = []
        var holdsOnlyWrappers = true
        for child in mirrors.reversed().flatMap(\.children) {
            if !(child.value is any PersistedMarker) { holdsOnlyWrappers = false }
            guard let wrapper = child.value as? any PersistedMarker, let label = child.label else { continue }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            let valueType = Swift.type(of: wrapper).valueType
            guard let typeInfo = TypeInspector.info(for: valueType) else {
                throw RealmError.invalidSchema(
                    "\(Self.unqualifiedName(of: type)).\(name) has type \(valueType), which Realm cannot store"
                )
            }
            guard let field = Swift.type(of: wrapper).storedField(named: label, of: type) else {
                preconditionFailure("\(className).\(label): the runtime lists no stored field for the wrapper")
            }
            properties.append(
                PropertyInfo(
                    name: name,
                    typeInfo: typeInfo,
                    valueType: valueType,
                    options: wrapper.options,
                    position: properties.count,
                    wrapperField: field,
                    keepsValuesInWrapper: isEncodable,
                    persistedName: mapping[name].flatMap { $0 == name ? nil : $0 },
                    isRealmProperty: wrapper is any RealmPropertyStorage
                )
            )
        }
        self.properties = properties
        hasRealmProperties = properties.contains(where: \.isRealmProperty)
        isRecyclable = holdsOnlyWrappers && !hasRealmProperties
        let flag = type is any Encodable.Type ? PersistedSlots.encodableFlag : 0
        guard properties.count <= PersistedSlots.indexMask else {
            throw RealmError.invalidSchema(
                "\(className) declares more than \(PersistedSlots.indexMask) persisted properties"
            )
        }
        slotFields = StoredIntFields(
            of: type,
            properties.compactMap { property in
                property.wrapperField.slotOffset.map { (offset: $0, value: (property.position | flag) + 1) }
            }
        )
        let primaryKeys = properties.filter(\.options.primaryKey)
        primaryKeyIndex = primaryKeys.first?.position
        schema = ObjectSchema(
            className: className,
            properties: properties.filter { !$0.typeInfo.isLinkingObjects }.map(\.property),
            computedProperties: properties.filter(\.typeInfo.isLinkingObjects).map(\.property),
            isEmbedded: isEmbedded
        )
        try validate(primaryKeys: primaryKeys)
        try validate(mapping: mapping)
    }

    /// Checks `propertiesMapping()`: every key names a property, and no two properties share a column name.
    private func validate(mapping: [String: String]) throws {
        for key in mapping.keys.sorted() where !properties.contains(where: { $0.name == key }) {
            throw RealmError.invalidSchema(
                "\(className).propertiesMapping() renames '\(key)', which is not a persisted property"
            )
        }
        var seen: [String: String] = [:]
        for property in properties where !property.typeInfo.isLinkingObjects {
            if let other = seen[property.columnName] {
                throw RealmError.invalidSchema(
                    "\(className).\(other) and \(className).\(property.name) are both stored as '\(property.columnName)'"
                )
            }
            seen[property.columnName] = property.name
        }
    }

    private func validate(primaryKeys: [PropertyInfo]) throws {
        if primaryKeys.count > 1 {
            throw RealmError.invalidSchema(
                "\(className) declares more than one primary key: \(primaryKeys.map(\.name).joined(separator: ", "))"
            )
        }
        if let key = primaryKeys.first {
            if isEmbedded {
                throw RealmError.invalidSchema("Embedded object type '\(className)' cannot have a primary key.")
            }
            let allowed: [PropertyType] = [.int, .string, .objectId, .UUID]
            guard key.typeInfo.collection == .single, allowed.contains(key.typeInfo.type) else {
                throw RealmError.invalidSchema(
                    "property \(className).\(key.name) of type \(key.typeInfo.type) cannot be a primary key (use Int, String, ObjectId or UUID)"
                )
            }
        }
        for property in properties {
            let info = property.typeInfo
            if info.type == .object, info.collection == .single, !info.optional {
                throw RealmError.invalidSchema(
                    "object property \(className).\(property.name) must be marked as optional"
                )
            }
            if info.isCustomObject, let target = info.objectClass, !(target is EmbeddedObject.Type) {
                throw RealmError.invalidSchema(
                    "\(className).\(property.name): a CustomPersistable type can be stored as an EmbeddedObject, not as \(ObjectClassInfo.unqualifiedName(of: target))"
                )
            }
            // Realm Swift's maps of objects hold optional values (`Map<String, Dog?>`: a deleted object leaves nil);
            // its lists and sets of objects never hold nil. Refused in Realm Swift's words.
            func target() -> String { info.objectClass.map { ObjectClassInfo.unqualifiedName(of: $0) } ?? "Object" }
            if info.type == .object, info.collection == .list || info.collection == .set, info.optional {
                let kind = info.collection == .list ? "List" : "MutableSet"
                throw RealmError.invalidSchema(
                    "\(kind)<\(target())> property '\(property.name)' must not be marked as optional."
                )
            }
            if info.type == .object, info.collection == .dictionary, !info.optional {
                throw RealmError.invalidSchema(
                    "Map<String, \(target())> property '\(property.name)' must be marked as optional."
                )
            }
            if info.isLinkingObjects, property.options.originProperty == nil {
                throw RealmError.invalidSchema(
                    "\(className).\(property.name): LinkingObjects needs @Persisted(originProperty:)"
                )
            }
            if property.options.indexed && !property.options.primaryKey {
                let indexable: [PropertyType] = [.int, .bool, .string, .date, .objectId, .UUID, .any]
                guard info.collection == .single, indexable.contains(info.type) else {
                    // Realm names a collection by its kind, and Decimal128 "decimal".
                    let type: String
                    switch (info.collection, info.type) {
                    case (_, .linkingObjects): type = "linking objects"
                    case (.list, _): type = "array"
                    case (.set, _): type = "set"
                    case (.dictionary, _): type = "dictionary"
                    case (_, .decimal128): type = "decimal"
                    default: type = "\(info.type)"
                    }
                    throw RealmError.invalidSchema(
                        "Property '\(className).\(property.name)' of type '\(type)' cannot be indexed."
                    )
                }
            }
        }
    }

    /// Marks the wrappers of `object`, just added to a realm, as a managed object's, so that synthesized coding
    /// refuses it as it refuses objects read from a realm.
    func markWrappersManaged(of object: ObjectBase) {
        for property in properties { property.wrapperField.markManaged(in: object) }
    }

    /// The index of the property named `name` (its Swift name, also when it is stored under another).
    func index(ofProperty name: String) -> Int? {
        properties.firstIndex { $0.name == name }
    }
}

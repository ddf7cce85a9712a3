import Foundation

/// Applies `init(value:)` and `create(_:value:)` input to an object.
///
/// The value is a dictionary by property name (keys that name no property are ignored, as in Realm), an array in
/// property order, or another object whose properties of the same names are read (it must have every one). `init(value:)` keeps the
/// objects the value holds as they are; `create` passes a ``ValueCopy``, which copies them as Realm does and
/// records which properties the value gave each object.
enum ObjectValueSetter {
    /// Sets the properties `value` gives on unmanaged `object`.
    /// - Throws: ``RealmError/invalidValue(_:)`` for a value of another kind, an array longer than the
    ///   properties, or (with `copy`) a property value that does not fit.
    static func apply(_ value: Any, to object: ObjectBase, copy: ValueCopy? = nil) throws {
        let info = try ObjectClassInfo.of(type(of: object))
        let properties = info.properties.filter { !$0.typeInfo.isLinkingObjects }
        var given: [Int] = []
        func set(_ property: PropertyInfo, _ element: Any) throws {
            if let copy {
                let prepared = try copy.prepare(element, for: property)
                property.write(
                    object,
                    try ValueCoercion.coerce(prepared, to: property.valueType, property: property.name)
                )
            } else {
                property.write(object, plainCollections(element))
            }
            given.append(property.position)
        }
        switch value {
        case let dictionary as [String: Any]:
            for property in properties {
                if let element = dictionary[property.name] { try set(property, element) }
            }
        case let array as [Any]:
            guard array.count <= properties.count else {
                throw RealmError.invalidValue(
                    "Invalid array input: more values (\(array.count)) than properties (\(properties.count))."
                )
            }
            for (property, element) in zip(properties, array) { try set(property, element) }
        case let other as ObjectBase:
            // Another object is read property by property, as Realm reads a key-value coding value: one of another
            // class that lacks a property is refused (Realm's "missing key"), never half copied.
            let otherInfo = try ObjectClassInfo.of(type(of: other))
            for property in properties {
                guard let index = otherInfo.index(ofProperty: property.name) else {
                    throw RealmError.invalidValue(
                        "Invalid value '\(otherInfo.className)' object to initialize object of type '\(info.className)': "
                            + "missing key '\(property.name)'"
                    )
                }
                try set(property, otherInfo.properties[index].read(other))
            }
        default:
            throw RealmError.invalidValue("Invalid value \(value) to initialize an object of type '\(info.className)'")
        }
        copy?.record(object, given: given)
    }

    /// `value` with a managed collection turned into a plain array or dictionary, so that the new object owns
    /// its elements.
    static func plainCollections(_ value: Any) -> Any {
        if let elements = value as? any ElementsProvider { return elements.anyElements }
        if let map = value as? any EntriesProvider { return Dictionary(uniqueKeysWithValues: map.anyEntries) }
        return value
    }
}

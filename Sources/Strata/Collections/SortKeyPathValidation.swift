// Realm Swift's checks of the key paths a collection of objects is sorted or made distinct by, with its
// messages (realm-core's object store, `Results::sort` and `distinct`): a collection operator (`@count`), a
// property the class does not have (by its own or its stored name), a list, set, map, linking objects or binary
// property, a link at the end of the path and a value before its end each stop the call. Other key paths go on to
// the query engine.

/// Realm Swift's messages for sort and distinct key paths it refuses.
enum SortKeyPathValidation {
    /// Realm Swift's message for a key path it cannot sort (or make distinct) elements of `elementType` by, or
    /// nil when the key path may be used (or the elements are not objects of a class Strata knows).
    static func violation(_ keyPath: String, elementType: Any.Type, distinct: Bool) -> String? {
        if keyPath.contains("@") {
            return distinct
                ? "Cannot distinct on keypath '\(keyPath)': KVC collection operators are not supported."
                : "Cannot sort on key path '\(keyPath)': KVC collection operators are not supported."
        }
        let type = (elementType as? any OptionalMarker.Type)?.wrappedType ?? elementType
        if keyPath != "self", !(type is ObjectBase.Type), let info = TypeInspector.info(for: type),
            info.collection == .single
        {
            // realm-core's words for values (Results::sort and distinct of a list, set or map of values).
            return "Cannot sort on key path '\(keyPath)': arrays of '\(info.type)' can only be sorted on 'self'"
        }
        guard var objectType = type as? ObjectBase.Type, !(objectType is DynamicObject.Type) else { return nil }
        let names = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, name) in names.enumerated() {
            // Reflection on a model class, no file read: its one error is an invalid model declaration, and nil
            // leaves the key path to the sort or distinct itself, which reports what is wrong.
            guard let info = try? ObjectClassInfo.of(objectType) else { return nil }
            guard
                let position = info.index(ofProperty: name)
                    ?? info.properties.firstIndex(where: { $0.columnName == name })
            else {
                return "Cannot sort on key path '\(keyPath)': property '\(info.className).\(name)' does not exist."
            }
            let typeInfo = info.properties[position].typeInfo
            let property = "property '\(info.className).\(name)'"
            if let unsupported = unsupportedTypeName(typeInfo) {
                return "Cannot sort on key path '\(keyPath)': \(property) is of unsupported type '\(unsupported)'."
            }
            let last = index == names.count - 1
            if let next = typeInfo.objectClass {
                if last {
                    return "Cannot sort on key path '\(keyPath)': \(property) of type 'object' cannot be the final "
                        + "property in the key path."
                }
                objectType = next
            } else if !last {
                return "Cannot sort on key path '\(keyPath)': \(property) of type '\(typeInfo.type)' may only be "
                    + "the final property in the key path."
            }
        }
        return nil
    }

    /// Realm's name for a property type a key path cannot go through or end at, or nil for a single value or link.
    private static func unsupportedTypeName(_ typeInfo: TypeInfo) -> String? {
        if typeInfo.isLinkingObjects { return "linking objects" }
        switch typeInfo.collection {
        case .list: return "array"
        case .set: return "set"
        case .dictionary: return "dictionary"
        case .single: return typeInfo.type == .data ? "data" : nil
        }
    }

    /// Throws Realm Swift's message, as ``RealmError/invalidQuery(_:)``, unless every key path may be used.
    static func validate<S: Sequence>(_ keyPaths: S, elementType: Any.Type, distinct: Bool) throws
    where S.Element == String {
        for keyPath in keyPaths {
            if let message = violation(keyPath, elementType: elementType, distinct: distinct) {
                throw RealmError.invalidQuery(message)
            }
        }
    }
}

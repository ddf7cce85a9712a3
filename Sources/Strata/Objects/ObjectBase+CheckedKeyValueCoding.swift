import Foundation
import StrataCore

// The throwing forms of an object's key-value coding, for property names and values a server takes from a request
// (DESIGN.md section 3, "Parsing never crashes a server"). Realm's spellings, `value(forKey:)` and
// `setValue(_:forKey:)`, call these: the first answers nil for an unknown key, the second stops with the message
// these throw.

extension ObjectBase {
    /// The value of the property named `key`, as ``value(forKey:)`` gives it, or an error for a key the object's
    /// class does not have.
    ///
    /// ```swift
    /// // `field` comes from the request.
    /// let value = try person.value(checkedForKey: field)
    /// ```
    /// - Parameter key: a property name (a ``LinkingObjects`` property included).
    /// - Returns: the property's value; nil for a nil optional, a missing link or ``AnyRealmValue/none``.
    /// - Throws: ``RealmError/invalidValue(_:)`` naming the class and the key when the class has no such property.
    /// - Note: Strata addition: Realm Swift's `value(forKey:)` raises for an unknown key, Strata's answers nil, and
    ///   this form throws.
    public func value(checkedForKey key: String) throws -> Any? {
        guard objectSchema[key] != nil else {
            throw RealmError.invalidValue("\(objectSchema.className) has no property named '\(key)'")
        }
        return value(forKey: key)
    }

    /// Sets the property named `key`, as ``setValue(_:forKey:)`` does, or throws for a key the class does not have
    /// or a value that does not fit the property.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     for (field, value) in patch { try person.setValue(value, checkedForKey: field) }
    /// }
    /// ```
    /// A managed object still needs a write transaction: outside one, setting a property stops, as every property
    /// assignment does.
    /// - Parameters:
    ///   - value: the new value, converted to the property's type where Realm would convert it.
    ///   - key: a property name.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unknown property or a value of the wrong type; nothing is
    ///   set then.
    /// - Note: Strata addition: the throwing form of ``setValue(_:forKey:)``.
    public func setValue(_ value: Any?, checkedForKey key: String) throws {
        if (self as? DynamicObject)?.migrationOldObject != nil {
            preconditionFailure(
                "The old object of a migration is read-only: set '\(key)' on the newObject of enumerateObjects"
            )
        }
        if let row = (self as? DynamicObject)?.specRow {
            preconditionFailure(
                "Strata: '\(row.spec.name)' is not in this realm's schema, and its objects are read-only: open the"
                    + " realm with a schema listing the class to set '\(key)'"
            )
        }
        guard let info = propertyInfo, let index = info.index(ofProperty: key) else {
            throw RealmError.invalidValue("\(type(of: self)) has no property named '\(key)'")
        }
        let property = info.properties[index]
        let value = ValueConversion.flattened(value)
        if value == nil || value is NSNull, !property.typeInfo.isLinkingObjects {
            switch property.typeInfo.collection {
            case .list, .set: return try property.checkedWrite(self, [Any]())
            case .dictionary: return try property.checkedWrite(self, [String: Any]())
            case .single: break
            }
        }
        try property.checkedWrite(self, value as Any)
    }
}

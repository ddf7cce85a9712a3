import Foundation
import StrataCore

extension Results {
    /// Sets property `key` of every object to `value` in one engine call, for `setValue(_:forKey:)` on a managed
    /// collection; false, changing nothing, when the property is not a plain one (a single value that is not a link,
    /// a mixed value or the primary key), in which case the caller sets object by object.
    ///
    /// The value is converted once, as ``ObjectBase/setValue(_:forKey:)`` converts it, and the engine writes it leaf
    /// by leaf (`WriteTransaction.set(_:of:in:objects:)`); the change sets, and so every notification, are those of
    /// setting the objects one by one.
    func setPlainProperty(_ value: Any?, forKey key: String) throws -> Bool {
        guard !holdsValues, !(Element.self is DynamicObject.Type), let table,
            let index = table.info.index(ofProperty: key), index != table.info.primaryKeyIndex
        else { return false }
        let property = table.info.properties[index]
        let type = property.typeInfo
        guard type.collection == .single, type.type != .object, type.type != .any, !type.isLinkingObjects else {
            return false
        }
        let keys = try currentObjectKeys()
        // As the object-by-object loop: nothing to set, nothing converted (and so no error for a value that does not fit).
        if keys.isEmpty { return true }
        let converted = try ValueCoercion.coerce(
            ValueConversion.flattened(value) as Any,
            to: property.valueType,
            property: property.name
        )
        let engineValue = try ValueConversion.engineValue(converted) { _ in .null }
        try source.liveState("collection").1.setPlain(engineValue, ofAll: keys, in: table, column: table.column(index))
        return true
    }
}

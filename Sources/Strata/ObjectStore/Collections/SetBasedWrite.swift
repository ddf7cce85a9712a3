import Foundation
import StrataCore

// The set-based writes on a managed collection of objects: `setValue(_:forKey:)` (Realm's) and `update(_:_:)` (a
// Strata addition). A plain property is written by one engine call that goes leaf by leaf; the change sets, and so
// every notification, are those of setting the objects one by one.
extension Results {
    /// Sets property `key` of every object to `value` in one engine call, for `setValue(_:forKey:)` on a managed
    /// collection; false, changing nothing, when the property is not plain (see ``plainProperty(named:)``), in which
    /// case the caller sets object by object. The value is converted once, as ``ObjectBase/setValue(_:forKey:)``
    /// converts it.
    func setPlainProperty(_ value: Any?, forKey key: String) throws -> Bool {
        guard let (table, index) = plainProperty(named: key) else { return false }
        // A whole table is set as the engine walks its leaves, with no list of its keys (nil).
        let keys = isWholeTable ? nil : try currentObjectKeys()
        // As the object-by-object loop: nothing to set, nothing converted (and so no error for a value that does not fit).
        if keys?.isEmpty ?? (count == 0) { return true }
        let property = table.info.properties[index]
        let converted = try ValueCoercion.coerce(
            ValueConversion.flattened(value) as Any,
            to: property.valueType,
            property: property.name
        )
        let engineValue = try ValueConversion.engineValue(converted) { _ in .null }
        try source.liveState("collection").1.setPlain(engineValue, ofAll: keys, in: table, column: table.column(index))
        return true
    }

    /// Sets property `name` of every object to what `transform` makes of its value in one engine call, for
    /// `update(_:_:)`; false, changing nothing, when the property is not plain (see ``plainProperty(named:)``).
    func updatePlainProperty<Value>(_ name: String, _ transform: @escaping (Value) throws -> Value) throws -> Bool {
        guard let (table, index) = plainProperty(named: name) else { return false }
        let keys = try currentObjectKeys()
        if keys.isEmpty { return true }
        let column = table.column(index)
        let state = source.liveState("collection").1
        // The usual counters and amounts (`Int` and `Double` properties) skip engine values and `Any`: the engine
        // transforms the column's integers or doubles where they lie.
        if let transform = transform as? (Int) throws -> Int {
            try state.updatePlain(in: table) { write in
                try write.update(column, in: table.tableKey, objects: keys, integers: { Int64(try transform(Int($0))) })
            }
            return true
        }
        if let transform = transform as? (Double) throws -> Double {
            try state.updatePlain(in: table) { write in
                try write.update(column, in: table.tableKey, objects: keys, doubles: transform)
            }
            return true
        }
        let source = self.source
        try state.updatePlain(in: table) { write in
            try write.update(column, in: table.tableKey, objects: keys) { old in
                let value = try transform(ValueConversion.swiftValue(old, as: Value.self, source: source) as! Value)
                return try ValueConversion.engineValue(value) { _ in .null }
            }
        }
        return true
    }

    /// The table and index of property `name` of the objects when it is plain: a single value that is not a link, a
    /// mixed value or the primary key, of a model class (not a dynamic object's); nil otherwise.
    private func plainProperty(named name: String) -> (ResolvedTable, Int)? {
        guard !holdsValues, !(Element.self is DynamicObject.Type), let table,
            let index = table.info.index(ofProperty: name), index != table.info.primaryKeyIndex
        else { return nil }
        let type = table.info.properties[index].typeInfo
        guard type.collection == .single, type.type != .object, type.type != .any, !type.isLinkingObjects else {
            return nil
        }
        return (table, index)
    }
}

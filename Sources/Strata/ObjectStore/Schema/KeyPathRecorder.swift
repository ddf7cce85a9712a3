import Foundation
import StrataCore

/// Records the property names a Swift key path reads, by evaluating it on probe objects whose
/// `@Persisted` getters report to the recorder (Realm Swift's technique): `\Person.dog?.name` reads
/// `dog` on a Person probe, which returns a Dog probe, which reads `name`.
@usableFromInline
final class KeyPathRecorder {
    private(set) var names: [String] = []

    /// Records property `index` of `object` and returns a stand-in value (a further probe for links).
    func record<Value>(_ index: Int, of object: ObjectBase, as type: Value.Type) -> Value {
        // Reflection on a probe's class, no file read: its one error is an invalid model declaration, which stops
        // here too (nothing is swallowed; the getter that called this already found the property's index).
        guard let info = try? ObjectClassInfo.of(Swift.type(of: object)) else {
            preconditionFailure("not a model class")
        }
        let property = info.properties[index]
        names.append(property.name)
        if let target = property.typeInfo.objectClass {
            let next = target.init()
            next.keyPathRecorder = self
            // A link gives the probe; a list, set, map or linking objects a collection whose every element is it.
            let standIn: Any? =
                property.typeInfo.collection == .single && !property.typeInfo.isLinkingObjects
                ? Self.standIn(next, as: Value.self)
                : (Value.self as? any KeyPathProbeCollection.Type)?.keyPathProbe(holding: next)
            if let value = standIn as? Value { return value }
        }
        // Any other property, or a custom type persisted as an (embedded) object: a default of the property's type,
        // which a key path cannot read further through.
        return TypeInspector.defaultValue(Value.self) as! Value
    }

    /// `probe` as a `Value`: itself, or itself wrapped in an optional; nil when `Value` is neither (a custom type
    /// persisted as an object).
    static func standIn<Value>(_ probe: ObjectBase, as type: Value.Type) -> Value? {
        if let value = probe as? Value { return value }
        if let optional = Value.self as? any OptionalMarker.Type, let wrapped = optional.wrappingIfPossible(probe) {
            return wrapped as? Value
        }
        return nil
    }

    /// The property path a key path on a model class names (`owner.name`); for a key path on a projection, the
    /// path its projected property reads on the root (`\PersonProjection.city` → `address.city`).
    static func path<Root>(of keyPath: PartialKeyPath<Root>) -> String? {
        recording(keyPath).map { $0.names.joined(separator: ".") }
    }

    /// The name of the persisted property `keyPath` stands for (`\Player.score`), or nil for any other key path: one
    /// through links, or one of a computed property that does more than read and write a single persisted property.
    ///
    /// The getters do not hand their key paths over (making a key path object costs every property access, see
    /// `Persisted.slotEntry`), so the key path is tried instead: on new unmanaged objects, for two distinct values of
    /// the property's type, reading through `keyPath` must give the value the property holds, and assigning through it
    /// must give the property the value assigned and leave the object's other values as they were. A computed property
    /// that passes (one that reads and writes the property unchanged, on these values) is the property for anything a
    /// set-based update does. (Values that hold objects, such as links and lists, are not compared.)
    static func storedProperty<Root: ObjectBase, Value>(of keyPath: ReferenceWritableKeyPath<Root, Value>) -> String? {
        guard let recorder = recording(keyPath), recorder.names.count == 1, let name = recorder.names.first,
            !(Root.self is DynamicObject.Type),
            // Reflection on the model class, no file read: its one error is an invalid model declaration, which any
            // use of the class reports; nil only leaves the update to the object-by-object loop.
            let info = try? ObjectClassInfo.of(Root.self), let index = info.index(ofProperty: name)
        else { return nil }
        let property = info.properties[index]
        guard property.typeInfo.collection == .single, !property.isRealmProperty else { return nil }
        for candidate in Self.distinctValues(of: property.typeInfo.type) {
            // Converting a literal of the property's kind reads nothing stored; a type that does not take it (an enum
            // without that case, a narrower integer) leaves the update to the loop.
            guard let value = try? ValueCoercion.coerce(candidate, to: property.valueType, property: name),
                let typed = value as? Value, let expected = engineValue(value)
            else { return nil }
            let read = Root()
            property.setUnmanaged(read, value)
            guard engineValue(read[keyPath: keyPath]) == expected else { return nil }
            // Assigning must set the property and nothing else (a setter that also counts its calls is not the
            // property): the object's other values, read before, are the same after.
            let written = Root()
            let others = info.properties.indices.filter { $0 != index }
            let before = others.map { engineValue(info.properties[$0].read(written)) }
            written[keyPath: keyPath] = typed
            guard engineValue(property.read(written)) == expected,
                others.map({ engineValue(info.properties[$0].read(written)) }) == before
            else { return nil }
        }
        return name
    }

    /// Two distinct values for a property of `type` (loosely typed: `ValueCoercion` makes them the property's), or none
    /// for a type a set-based update does not write.
    private static func distinctValues(of type: PropertyType) -> [Any] {
        switch type {
        case .int: [97, -3]
        case .double, .float: [2.5, -0.75]
        case .bool: [true, false]
        case .string: ["key path probe", "another key path probe"]
        case .data: [Data([1, 2, 3]), Data([9])]
        case .date: [Date(timeIntervalSince1970: 1_234_567.5), Date(timeIntervalSince1970: -86_400)]
        case .decimal128: [Decimal128(97), Decimal128(-3)]
        case .objectId:
            [
                ObjectId(timestamp: Date(timeIntervalSince1970: 1_000_000), machineId: 1, processId: 2),
                ObjectId(timestamp: Date(timeIntervalSince1970: 2_000_000), machineId: 3, processId: 4),
            ]
        case .UUID:
            [
                UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
                UUID(uuid: (16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
            ]
        default: []
        }
    }

    /// `value` as the file would store it, or nil for a value that holds an object (never a candidate above).
    private static func engineValue(_ value: Any) -> StrataCore.Value? {
        // Converting an in-memory value reads nothing stored: its one error is a value the file cannot hold.
        try? ValueConversion.engineValue(value) { _ in throw RealmError.invalidValue("an object") }
    }

    /// The recorder after evaluating `keyPath` on a probe of its root; nil when the key path read nothing.
    private static func recording<Root>(_ keyPath: PartialKeyPath<Root>) -> KeyPathRecorder? {
        let recorder = KeyPathRecorder()
        let probe: Any
        if let rootType = Root.self as? ObjectBase.Type {
            let object = rootType.init()
            object.keyPathRecorder = recorder
            probe = object
        } else if let projectionType = Root.self as? any ProjectionObservable.Type {
            probe = projectionType.recordingProbe(recorder)
        } else {
            return nil
        }
        guard let root = probe as? Root else { return nil }
        _ = root[keyPath: keyPath]
        return recorder.names.isEmpty ? nil : recorder
    }
}

/// A collection property that a probe object answers with a collection whose every element is a probe object, so a key
/// path through an element (`\.dogs[0].name`, `\.scores["a"]??.name`) records the element's properties too.
protocol KeyPathProbeCollection {
    /// A collection whose every position or key gives `probe` (as the element type: itself or its optional), or nil
    /// when the element type is not the probe's.
    static func keyPathProbe(holding probe: ObjectBase) -> Any?
}

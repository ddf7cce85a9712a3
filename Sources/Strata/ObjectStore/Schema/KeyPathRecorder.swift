/// Records the property names a Swift key path reads, by evaluating it on probe objects whose
/// `@Persisted` getters report to the recorder (Realm Swift's technique): `\Person.dog?.name` reads
/// `dog` on a Person probe, which returns a Dog probe, which reads `name`.
@usableFromInline
final class KeyPathRecorder {
    private(set) var names: [String] = []

    /// Records property `index` of `object` and returns a stand-in value (a further probe for links).
    func record<Value>(_ index: Int, of object: ObjectBase, as type: Value.Type) -> Value {
        guard let info = try? ObjectClassInfo.of(Swift.type(of: object)) else {
            preconditionFailure("not a model class")
        }
        let property = info.properties[index]
        names.append(property.name)
        if let target = property.typeInfo.objectClass, property.typeInfo.collection == .single {
            let next = target.init()
            next.keyPathRecorder = self
            if let optional = Value.self as? any OptionalMarker.Type { return optional.wrapping(next) as! Value }
            if let value = next as? Value { return value }
        }
        // A stand-in of the property's type: a custom type persisted as an embedded object is built from a new one.
        return TypeInspector.defaultValue(Value.self) as! Value
    }

    /// The property path a key path on a model class names (`owner.name`); for a key path on a projection, the
    /// path its projected property reads on the root (`\PersonProjection.city` → `address.city`).
    static func path<Root>(of keyPath: PartialKeyPath<Root>) -> String? {
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
        return recorder.names.isEmpty ? nil : recorder.names.joined(separator: ".")
    }
}

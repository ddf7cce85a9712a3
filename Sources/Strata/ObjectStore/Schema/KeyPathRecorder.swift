/// Records the property names a Swift key path reads, by evaluating it on probe objects whose
/// `@Persisted` getters report to the recorder (Realm Swift's technique): `\Person.dog?.name` reads
/// `dog` on a Person probe, which returns a Dog probe, which reads `name`.
@usableFromInline
final class KeyPathRecorder {
    private(set) var names: [String] = []
    /// The key paths of the properties read, as their getters received them (`\Person.name`), one per name.
    private(set) var keyPaths: [AnyKeyPath] = []

    /// Records property `index` of `object`, read through `keyPath`, and returns a stand-in value (a further probe for
    /// links).
    func record<Value>(_ index: Int, of object: ObjectBase, as type: Value.Type, through keyPath: AnyKeyPath) -> Value {
        // Reflection on a probe's class, no file read: its one error is an invalid model declaration, which stops
        // here too (nothing is swallowed; the getter that called this already found the property's index).
        guard let info = try? ObjectClassInfo.of(Swift.type(of: object)) else {
            preconditionFailure("not a model class")
        }
        let property = info.properties[index]
        names.append(property.name)
        keyPaths.append(keyPath)
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

    /// The name of the persisted property `keyPath` is itself (`\Player.score`), or nil for any other key path: one
    /// through links, or a computed property's, even one that reads a single persisted property.
    static func storedProperty<Root: ObjectBase>(of keyPath: PartialKeyPath<Root>) -> String? {
        guard let recorder = recording(keyPath), recorder.keyPaths.count == 1, recorder.keyPaths[0] == keyPath else {
            return nil
        }
        return recorder.names.first
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

import StrataCore

/// One object's observed property values at one version, as an object observer compares them.
struct ObjectSnapshot: Sendable {
    let version: Version
    /// The stored value of each observed property (by property index); a LinkingObjects property's is the list
    /// of its origins' keys.
    let values: [Int: StrataCore.Value]
}

/// The observer behind an object's `changes(keyPaths:)`: at each delivery it reads the object's observed
/// properties at the realm's current version and reports those the commits since the snapshot its consumer last
/// took changed.
///
/// Without key paths the observation is shallow, as Realm's: a property is changed when the commits set it (a
/// list, set or map: any change to it), even to the value it had; changes to the objects it links to do not
/// count, and LinkingObjects properties are not reported. With key paths (`["name"]`, `["dog.name"]`,
/// `["owners"]`, `["owners.name"]`) the named properties are observed, LinkingObjects included (changed when an
/// object starts or stops linking here), and a key path that goes on through a link, a collection of links or a
/// LinkingObjects property also counts a change to the objects it reaches along the rest of the path. When this
/// process's history does not cover the commits (another process made them), a property is changed when its
/// stored value differs.
///
/// Old values, as Realm Swift gives them: the previous value of a property holding one value; for a link, the
/// object it linked to, as it is at the new version (invalidated if deleted); nil for a list (its new value is
/// nil too), a set, a map and LinkingObjects. After `.deleted` the stream ends.
///
/// `Output` is what the stream yields: the object's change itself, or (for a projection's stream) the change
/// `transform` makes of it; a change `transform` turns into nil is not delivered.
final class ObjectObserver<T: ObjectBase, Output: Sendable>: StreamingObserver {
    private let object: T
    private let binding: ObjectBinding
    private let transform: (ObjectChange<T>) -> Output?
    private let filter: KeyPathFilter
    /// The observed properties: every property with a column, or those the key paths start with.
    private let properties: [Int]
    /// The snapshot at registration: the base until the consumer takes its first change.
    private var registered: ObjectSnapshot?
    let mailbox = ChangeMailbox<Output>()

    init(
        _ object: T,
        binding: ObjectBinding,
        keyPaths: [String]?,
        schema: ResolvedSchema,
        transform: @escaping (ObjectChange<T>) -> Output?
    ) throws {
        self.object = object
        self.binding = binding
        self.transform = transform
        let keyPaths = KeyPathFilter.normalized(keyPaths)
        filter = try KeyPathFilter(keyPaths, table: binding.table, schema: schema)
        let table = binding.table
        let firsts = keyPaths.map { Set($0.map { String($0.split(separator: ".")[0]) }) }
        properties = table.info.properties.indices.filter { index in
            guard let firsts else { return table.columns[index] != nil }
            return firsts.contains(table.info.properties[index].name)
        }
    }

    /// The observed values at `reader`'s version; nil when the object is gone.
    /// - Throws: damage to the file (``ReadFailure/isDamage(_:)``), which `deliver` sends as `.error`.
    private func snapshot(_ reader: any TransactionReading) throws -> ObjectSnapshot? {
        // Errors that are not damage say the object or a column is gone: the object counts as deleted, the value as
        // absent, as before.
        func orAbsent<V>(_ body: () throws -> V) throws -> V? {
            do {
                return try body()
            } catch {
                if ReadFailure.isDamage(error) { throw RealmError.wrapping(error) }
                return nil
            }
        }
        guard let engine = try orAbsent({ try reader.table(binding.table.tableKey) }),
            try orAbsent({ try engine.contains(binding.key) }) == true
        else { return nil }
        var values: [Int: StrataCore.Value] = [:]
        for index in properties {
            guard let column = column(index, in: engine) else { continue }
            values[index] = try orAbsent { try engine.value(binding.key, column) }
        }
        return ObjectSnapshot(version: reader.version, values: values)
    }

    /// The column holding property `index`: its own, or a LinkingObjects property's backlink column.
    private func column(_ index: Int, in engine: Table) -> ColumnKey? {
        binding.table.columns[index] ?? binding.table.backlinkColumn(index, in: engine)
    }

    func deliver(failure error: any Error, _ state: RealmState) {
        fail(error, with: transform(.error(RealmError.wrapping(error))), state)
    }

    func deliver(_ state: RealmState) {
        let reader: any TransactionReading
        let current: ObjectSnapshot?
        do {
            reader = try state.reader()
            current = try snapshot(reader)
        } catch {
            return fail(error, with: transform(.error(RealmError.wrapping(error))), state)
        }
        guard let current else {
            return mailbox.publish(reader.version, version: reader.version, last: true) { _ in transform(.deleted) }
        }
        guard let registered else {
            registered = current
            return
        }
        mailbox.publish(current, version: current.version) { base in
            change(from: base ?? registered, to: current, state: state, reader: reader).flatMap(transform)
        }
    }

    /// Whether the commits from `old` to `new` changed property `index` itself (not what it links to).
    private func setsProperty(
        _ index: Int,
        from old: ObjectSnapshot,
        to new: ObjectSnapshot,
        changes: CommittedChanges,
        engine: Table?
    ) -> Bool {
        // The change log lists every set, one that keeps the value included (Realm reports self-assignments).
        guard changes.logs(binding.table.tableKey), let engine, let column = column(index, in: engine) else {
            return old.values[index] != new.values[index]
        }
        return changes.columns(binding.table, binding.key)?.contains(column) == true
    }

    private func change(
        from old: ObjectSnapshot,
        to new: ObjectSnapshot,
        state: RealmState,
        reader: any TransactionReading
    ) -> ObjectChange<T>? {
        guard old.version != new.version else { return nil }
        let changes = CommittedChanges(state.database, from: old.version, to: new.version)
        let table = binding.table
        // A table reads the version's catalog (checked when the version was loaded), no node: its one error is a
        // table that is gone, never damage.
        let engine = try? reader.table(table.tableKey)
        var changed: [Int] = []
        for index in properties {
            if setsProperty(index, from: old, to: new, changes: changes, engine: engine) {
                changed.append(index)
                continue
            }
            // Without key paths the observation stops here (shallow); a key path through the property goes on.
            let property = table.info.properties[index]
            guard filter.paths != nil, let value = new.values[index],
                let target = property.typeInfo.objectClass.flatMap({
                    state.schema.tables[ObjectClassInfo.unqualifiedName(of: $0)]
                }),
                let nested = filter.through(property.name),
                nested.mayReach(target, in: changes, schema: state.schema, depth: 0)
            else { continue }
            if RealmState.linkedKeys(value).contains(where: {
                nested.isModified(target, $0, changes: changes, reader: reader, schema: state.schema)
            }) {
                changed.append(index)
            }
        }
        guard !changed.isEmpty else { return nil }
        let frozen: T
        do {
            frozen = try binding.frozen().makeObject(as: T.self)
        } catch {
            return .error(error)
        }
        let source = frozen.binding!.source
        return .change(
            frozen,
            changed.map { index in
                let property = table.info.properties[index]
                let isList = property.typeInfo.collection == .list && !property.typeInfo.isLinkingObjects
                return PropertyChange(
                    name: property.name,
                    oldValue: oldValue(of: property, old.values[index], source: source, schema: state.schema),
                    newValue: isList ? nil : PropertyChange.reported(frozen.value(forKey: property.name))
                )
            }
        )
    }

    /// The old value Realm Swift reports for `property`, from its stored value at the old version: the value for
    /// a property holding one value, the object a link linked to (read at the new version, `source`), else nil.
    private func oldValue(
        of property: PropertyInfo,
        _ stored: StrataCore.Value?,
        source: RealmSource,
        schema: ResolvedSchema
    ) -> Any? {
        guard let stored, property.typeInfo.collection == .single, !property.typeInfo.isLinkingObjects else {
            return nil
        }
        guard let linked = property.typeInfo.objectClass else {
            // As key-value coding gives it, as Realm Swift's is (read with `valueForKey:`).
            return ValueConversion.keyValueCodingValue(
                ValueConversion.swiftValue(stored, as: property.valueType, source: source)
            )
        }
        guard case .link(let key) = stored, let target = schema.tables[ObjectClassInfo.unqualifiedName(of: linked)]
        else { return nil }
        return ObjectBinding.makeObject(source: source, table: target, key: key)
    }
}

extension ObjectObserver where Output == ObjectChange<T> {
    /// An observer whose stream yields the object's changes as they are.
    convenience init(_ object: T, binding: ObjectBinding, keyPaths: [String]?, schema: ResolvedSchema) throws {
        try self.init(object, binding: binding, keyPaths: keyPaths, schema: schema) { $0 }
    }
}

extension KeyPathFilter {
    /// A filter over already-split key paths (nil: everything).
    init(paths: [[String]]?) { self.paths = paths }
}

extension ObjectBinding {
    /// An object of type `T` bound here.
    func makeObject<T: ObjectBase>(as _: T.Type) -> T {
        let object = T()
        object.binding = self
        return object
    }
}

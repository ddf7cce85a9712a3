import StrataCore

/// One object's observed property values at one version, as an object observer compares them.
struct ObjectSnapshot: Sendable {
    let version: Version
    /// The stored value of each observed property with a column (by property index).
    let values: [Int: StrataCore.Value]
}

/// The observer behind an object's `changes(keyPaths:)`: at each delivery it reads the object's observed
/// properties at the realm's current version and compares them with the snapshot its consumer last took.
///
/// A property is changed when its stored value differs (a list or map: any change to it), or, for a link or a
/// collection of links, when an object it reaches was modified along the observed key paths (without key paths:
/// any of their properties, up to four links away). The old value is given for properties holding one value that
/// is not a link (nil for links and collections, as Realm gives none for collections). After `.deleted` the
/// stream ends.
final class ObjectObserver<T: ObjectBase>: StreamingObserver {
    private let object: T
    private let binding: ObjectBinding
    private let filter: KeyPathFilter
    /// The observed properties: every property with a column, or those the key paths start with.
    private let properties: [Int]
    /// The snapshot at registration: the base until the consumer takes its first change.
    private var registered: ObjectSnapshot?
    let mailbox = ChangeMailbox<ObjectChange<T>>()

    init(_ object: T, binding: ObjectBinding, keyPaths: [String]?, schema: ResolvedSchema) {
        self.object = object
        self.binding = binding
        filter = KeyPathFilter(keyPaths, table: binding.table, schema: schema)
        let table = binding.table
        let firsts = keyPaths.map { Set($0.map { String($0.split(separator: ".")[0]) }) }
        properties = table.info.properties.indices.filter { index in
            table.columns[index] != nil && (firsts?.contains(table.info.properties[index].name) ?? true)
        }
    }

    private func snapshot(_ reader: any TransactionReading) -> ObjectSnapshot? {
        guard let engine = try? reader.table(binding.table.tableKey), (try? engine.contains(binding.key)) == true
        else { return nil }
        var values: [Int: StrataCore.Value] = [:]
        for index in properties { values[index] = try? engine.value(binding.key, binding.table.column(index)) }
        return ObjectSnapshot(version: reader.version, values: values)
    }

    func deliver(_ state: RealmState) {
        guard let reader = try? state.reader() else { return }
        guard let current = snapshot(reader) else {
            return mailbox.publish(reader.version, version: reader.version, last: true) { _ in .deleted }
        }
        guard let registered else {
            registered = current
            return
        }
        mailbox.publish(current, version: current.version) { base in
            change(from: base ?? registered, to: current, state: state, reader: reader)
        }
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
        var changed: [Int] = []
        for index in properties {
            if old.values[index] != new.values[index] {
                changed.append(index)
                continue
            }
            let property = table.info.properties[index]
            guard let value = new.values[index],
                let target = property.typeInfo.objectClass.flatMap({
                    state.schema.tables[ObjectClassInfo.unqualifiedName(of: $0)]
                }),
                changes.touches(target.tableKey), let nested = filter.through(property.name)
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
                let plain = property.typeInfo.objectClass == nil && property.typeInfo.collection == .single
                let oldValue =
                    plain
                    ? old.values[index].map {
                        ValueConversion.swiftValue($0, as: property.valueType, source: source)
                    } : nil
                // Both values as key-value coding gives them, as Realm Swift's are (read with `valueForKey:`).
                return PropertyChange(
                    name: property.name,
                    oldValue: oldValue.flatMap { ValueConversion.keyValueCodingValue($0) },
                    newValue: frozen.value(forKey: property.name)
                )
            }
        )
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

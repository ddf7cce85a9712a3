import Foundation
import StrataCore

extension RealmState {
    /// Adds an unmanaged object (and the unmanaged objects it links to); returns its key. `table` is the
    /// object's table when the caller has looked it up already.
    ///
    /// `update` is passed on to the objects the object links to, as Realm does: a linked object whose primary
    /// key exists is updated with it, and `.modified` updates embedded objects in place. `copy` is the value
    /// `create` copied, which says which properties each of its objects was given (the others stay untouched
    /// when an existing object is updated).
    @discardableResult
    func add(
        _ object: ObjectBase,
        update: Realm.UpdatePolicy,
        realm: Realm,
        embeddedParent: Bool = false,
        table resolved: ResolvedTable? = nil,
        copy: ValueCopy? = nil
    ) throws -> ObjectKey {
        let write = writer("add objects")
        if let binding = object.binding {
            guard case .live(let owner) = binding.source, owner.access.checked("object") === self else {
                // A frozen object of this file can be thawed here; one of another file cannot (Realm Swift's
                // message for an object of another realm).
                if binding.isFrozen, binding.databasePath == realm.path {
                    throw RealmError.frozen("a frozen object; thaw it first")
                }
                throw RealmError.wrongRealm(
                    "Object is already managed by another Realm. Use create instead to copy it into this Realm."
                )
            }
            if binding.isInvalidated { throw RealmError.objectInvalidated("The object being added") }
            return binding.key
        }
        let table = resolved ?? schema.table(for: type(of: object))
        if update == .error, table.addsRowAlone { return try addRow(object, realm: realm, table: table, write: write) }
        if table.info.isEmbedded && !embeddedParent {
            throw RealmError.invalidValue(
                "Embedded objects cannot be added directly; assign them to a property of their parent object"
            )
        }
        let properties = table.info.properties
        // Values the typed setters stored are engine values already; a property never read or set takes its
        // wrapper's value on its type's own path (a declared default, or a fresh `ObjectId`); the others are converted.
        func engineValue(_ position: Int) throws -> StrataCore.Value {
            try object.unmanagedValues.plainValue(position) ?? Self.unsetValue(position, of: object, table: table)
        }
        touch(table.tableKey)
        if let primary = table.info.primaryKeyIndex, update != .error {
            let keyValue = try engineValue(primary)
            let existing = try realmErrors {
                try write.table(table.tableKey).find(table.column(primary), equalTo: keyValue)
            }
            if let key = existing.first {
                let binding = ObjectBinding(source: .live(realm), table: table, key: key)
                try overwrite(binding, with: object, update: update, realm: realm, copy: copy)
                return key
            }
        }
        // Scalars first, so that a cycle of links back to this object finds it already bound. The engine checks
        // the primary key's uniqueness as it files the object in the index.
        var row: [StrataCore.Value] = []
        row.reserveCapacity(table.plainProperties.count)
        // A mixed value that holds objects (itself or inside nested collections) is set with the links.
        var deferred: [Int] = []
        for property in table.plainProperties {
            if properties[property].typeInfo.type == .any,
                (properties[property].read(object) as? AnyRealmValue)?
                    .holdsObjects == true
            {
                deferred.append(property)
                row.append(.null)
            } else {
                row.append(try engineValue(property))
            }
        }
        // Links and collections are set once the object exists; their values are read before it is bound.
        let linked = (table.linkedProperties + deferred).map { ($0, properties[$0], properties[$0].read(object)) }
        let key: ObjectKey
        do {
            key = try write.createObject(in: table.tableKey, columns: table.plainColumns, values: row)
        } catch StorageError.duplicateKey where table.info.primaryKeyIndex != nil {
            let keyValue = try engineValue(table.info.primaryKeyIndex!)
            throw RealmError.primaryKeyExists(type: table.className, value: Self.describe(keyValue))
        } catch {
            throw RealmError.wrapping(error)
        }
        let binding = ObjectBinding(source: .live(realm), table: table, key: key)
        object.binding = binding
        object.unmanagedValues.removeAll()
        // Synthesized coding refuses a managed object, one just added included (Persisted.encode(to:)).
        if table.info.isEncodable { table.info.markWrappersManaged(of: object) }
        for (index, property, value) in linked {
            try setProperty(property, of: binding, to: value, realm: realm, update: update, copy: copy)
            // The object's own unmanaged list, set or map becomes the managed one, as in Realm (`create` copies).
            if copy == nil, let collection = value as? any AdoptableCollection {
                collection.adopt(owner: binding, property: index)
                object.adoptedCollections = (object.adoptedCollections ?? [:]).merging([index: collection]) { $1 }
            }
        }
        return key
    }

    /// Adds unmanaged `object` of a table whose objects are their row alone (``ResolvedTable/addsRowAlone``), with
    /// `.error`: what ``add(_:update:realm:embeddedParent:table:copy:)`` does for it, with nothing set afterwards.
    private func addRow(
        _ object: ObjectBase,
        realm: Realm,
        table: ResolvedTable,
        write: WriteTransaction
    ) throws -> ObjectKey {
        // Every property set through a typed setter, and the plain ones first: the values are the row as they are.
        let taken =
            table.plainPropertiesLead ? object.unmanagedValues.takePlainRow(count: table.plainProperties.count) : nil
        var row: [StrataCore.Value]
        if let taken {
            row = taken
        } else {
            row = []
            row.reserveCapacity(table.plainProperties.count)
            for position in table.plainProperties {
                if let value = object.unmanagedValues.plainValue(position) {
                    row.append(value)
                } else {
                    row.append(try Self.unsetValue(position, of: object, table: table))
                }
            }
        }
        touch(table.tableKey)
        let key: ObjectKey
        do {
            key = try write.createObject(in: table.tableKey, columns: table.plainColumns, values: row)
        } catch {
            // The object stays unmanaged, with the values it had.
            if taken != nil { object.unmanagedValues.restore(plainRow: row) }
            if case StorageError.duplicateKey = error, let primary = table.info.primaryKeyIndex {
                let keyValue = row[table.plainProperties.firstIndex(of: primary)!]
                throw RealmError.primaryKeyExists(type: table.className, value: Self.describe(keyValue))
            }
            throw RealmError.wrapping(error)
        }
        object.binding = ObjectBinding(source: .live(realm), table: table, key: key)
        if taken == nil { object.unmanagedValues.removeAll() }
        return key
    }

    /// The engine value of property `position` of unmanaged `object` that no typed setter set: the wrapper's own value
    /// (a declared default, or a fresh `ObjectId`) on its type's path, or the property's value converted.
    private static func unsetValue(_ position: Int, of object: ObjectBase, table: ResolvedTable) throws
        -> StrataCore.Value
    {
        let property = table.info.properties[position]
        if property.holdsNoObject, !object.unmanagedValues.holds(position),
            let value = try property.wrapperField.storedInitialValue(of: object)
        {
            return value
        }
        return try ValueConversion.engineValue(property.read(object)) { _ in .null }
    }

    /// Makes unmanaged `object` an accessor of the existing object `binding` names, and writes into that object
    /// the properties `object` holds: all of them, or for an object `create` copied, the ones its value gave.
    /// With `.modified`, a value equal to the stored one is not written.
    private func overwrite(
        _ binding: ObjectBinding,
        with object: ObjectBase,
        update: Realm.UpdatePolicy,
        realm: Realm,
        copy: ValueCopy?
    ) throws {
        let info = binding.table.info
        let given = copy?.properties(givenTo: object)
        let updated = info.properties.filter { property in
            !property.typeInfo.isLinkingObjects && property.position != info.primaryKeyIndex
                && given?.contains(property.position) ?? true
        }
        // Read before binding: once bound, the object reads the stored values.
        let values = updated.map { $0.read(object) }
        object.binding = binding
        object.unmanagedValues.removeAll()
        if info.isEncodable { info.markWrappersManaged(of: object) }
        for (property, value) in zip(updated, values) {
            let type = property.typeInfo.type
            if update == .modified, property.typeInfo.collection == .single, type != .object,
                (value as? AnyRealmValue)?.holdsObjects != true
            {
                let new = try ValueConversion.engineValue(value) { _ in .null }
                if binding.engineValue(property.position, of: object) == new { continue }
            }
            try setProperty(property, of: binding, to: value, realm: realm, update: update, copy: copy)
        }
    }

    static func describe(_ value: StrataCore.Value) -> String {
        switch value {
        case .string(let v): return v
        case .int(let v): return "\(v)"
        case .objectId(let v): return ObjectId(bytes: v).stringValue
        case .uuid(let v): return v.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)).uuidString }
        case .null: return "null"
        default: return value.description
        }
    }

    /// Sets a plain property (one value, not a link, not mixed) of a managed object to an engine value.
    func setPlain(_ value: StrataCore.Value, of binding: ObjectBinding, column: ColumnKey) throws {
        let write = writer("modify a managed object")
        touch(binding.table.tableKey)
        try realmErrors { try write.set(value, of: column, in: binding.table.tableKey, object: binding.key) }
    }

    /// Sets plain column `column` of every object of `keys` (nil: of the table) to `value`, for set-based
    /// `setValue(_:forKey:)`.
    func setPlain(_ value: StrataCore.Value, ofAll keys: [ObjectKey]?, in table: ResolvedTable, column: ColumnKey)
        throws
    {
        let write = writer("setValue(_:forKey:) on a collection")
        touch(table.tableKey)
        try realmErrors { try write.set(value, of: column, in: table.tableKey, objects: keys) }
    }

    /// Runs `body`, the engine's update of a plain column of `table`'s objects, for `update(_:_:)` on a collection.
    func updatePlain(in table: ResolvedTable, _ body: (WriteTransaction) throws -> Void) throws {
        let write = writer("update(_:_:) on a collection")
        touch(table.tableKey)
        try realmErrors { try body(write) }
    }

    /// Sets one property of a managed object from a Swift value (collections from their elements). For a list,
    /// `listEdits` says how its positions changed, for its observers' change sets (ListChangeBuilder.swift); nil is
    /// an assignment of the whole list, or, with `update` `.modified`, Realm's element-wise update: an
    /// assignment where an element differs, then appends or removals from the end.
    ///
    /// The objects the value links to are added with `update` and `copy` (see
    /// ``add(_:update:realm:embeddedParent:table:copy:)``). With `.modified`, an embedded object already in the
    /// property's place (the single link, or the list element at the same index) is updated in place, as Realm
    /// does; otherwise embedded objects the value replaces are deleted.
    func setProperty(
        _ property: PropertyInfo,
        of binding: ObjectBinding,
        to value: Any,
        realm: Realm,
        listEdits: [ListEdit]? = nil,
        update: Realm.UpdatePolicy = .error,
        copy: ValueCopy? = nil
    ) throws {
        let info = property.typeInfo
        if info.collection == .single && info.type != .object && info.type != .any {
            // A plain value: no links to add, no embedded objects to own.
            let newValue = try ValueConversion.engineValue(value) { _ in .null }
            return try setPlain(newValue, of: binding, column: binding.table.column(property.position))
        }
        let write = writer("modify a managed object")
        touch(binding.table.tableKey)
        let table = binding.table
        let column = table.column(property.position)
        let embeddedTarget = embeddedClass(info.objectClass)
        let embedded = embeddedTarget != nil
        let old = embedded ? binding.readValue(property.position) : .null
        let owned = Set(Self.linkedKeys(old))
        // With `.modified`, the embedded object in each place of the old value, to update in place.
        let inPlace = embedded && update == .modified
        let link: (ObjectBase, _ place: ObjectKey?) throws -> StrataCore.Value = { object, place in
            try Self.checkLinkTarget(object, of: property)
            if let embeddedTarget {
                if let existing = object.binding {
                    // An embedded object already owned by this property (a list being rearranged) keeps its row.
                    if owned.contains(existing.key),
                        existing.table.tableKey == self.schema.table(for: embeddedTarget).tableKey
                    {
                        return .link(existing.key)
                    }
                    throw RealmError.invalidValue("Cannot set a link to an existing managed embedded object")
                }
                if inPlace, let place {
                    let target = ObjectBinding(
                        source: .live(realm),
                        table: self.schema.table(for: embeddedTarget),
                        key: place
                    )
                    try self.overwrite(target, with: object, update: update, realm: realm, copy: copy)
                    return .link(place)
                }
                return .link(
                    try self.add(object, update: update, realm: realm, embeddedParent: true, copy: copy)
                )
            }
            // A class a migration makes embedded is top-level until its block returns; an unmanaged object of it
            // is added under this parent.
            let owned = info.objectClass is EmbeddedObject.Type
            return .link(try self.add(object, update: update, realm: realm, embeddedParent: owned, copy: copy))
        }
        let newValue: StrataCore.Value
        switch info.collection {
        case .single:
            let place: ObjectKey?
            if case .link(let key) = old { place = key } else { place = nil }
            newValue = try ValueConversion.engineValue(value) { try link($0, place) }
        case .list, .set:
            let elements = (value as? any ElementsProvider)?.anyElements ?? (value as? [Any]) ?? []
            var places: [ObjectKey?] = []
            if case .list(let oldElements) = old {
                places = oldElements.map { if case .link(let key) = $0 { key } else { nil } }
            }
            newValue = .list(
                try elements.enumerated().map { index, element in
                    try ValueConversion.engineValue(element) {
                        try link($0, index < places.count ? places[index] : nil)
                    }
                }
            )
        case .dictionary:
            let entries = (value as? any EntriesProvider)?.anyEntries ?? (value as? [(String, Any)]) ?? []
            newValue = .dictionary(
                try entries.map {
                    DictionaryEntry(key: $0.0, value: try ValueConversion.engineValue($0.1) { try link($0, nil) })
                }
            )
        }
        // An embedded object updated in place leaves its parent's link as it was.
        if inPlace, info.collection == .single, newValue == old { return }
        // With `.modified`, a link (or a list) that already holds what it is given is not written, so it is not
        // reported as changed, as Realm's diffed update does (the objects it links to were updated above).
        let stored =
            update == .modified && info.collection != .dictionary && info.collection != .set
            ? (embedded ? old : binding.readValue(property.position)) : nil
        if let stored, stored == newValue { return }
        var edits = listEdits
        if update == .modified, edits == nil, info.collection == .list,
            case .list(let oldElements)? = stored,
            case .list(let newElements) = newValue
        {
            edits = Self.elementwiseEdits(from: oldElements, to: newElements)
        }
        try realmErrors {
            try write.set(newValue, of: column, in: table.tableKey, object: binding.key, listEdits: edits)
        }
        if let embeddedTarget {
            // Embedded objects no longer linked from their parent are deleted with it.
            let kept = Set(Self.linkedKeys(newValue))
            for orphan in Self.linkedKeys(old) where !kept.contains(orphan) {
                try deleteRow(schema.table(for: embeddedTarget), orphan)
            }
        }
    }

    /// Throws unless `object` is of the class `property` links to, as Realm checks before it links an object: a
    /// dynamic object (whose Swift type names no class) counts as the class of its table, and an object of another
    /// class would otherwise be linked from a column that points into its class's table. A mixed property links to
    /// any class.
    static func checkLinkTarget(_ object: ObjectBase, of property: PropertyInfo) throws {
        guard let target = property.typeInfo.objectClass else { return }
        // The common case first: the object's class (its table's, when managed) is the target itself.
        let objectClass: ObjectBase.Type = object.binding?.table.info.type ?? type(of: object)
        if ObjectIdentifier(objectClass) == ObjectIdentifier(target) { return }
        // Tables are named by unqualified class name: a class of the same name in another module is the same class.
        let expected = ObjectClassInfo.unqualifiedName(of: target)
        let actual = object.binding?.table.className ?? ObjectClassInfo.unqualifiedName(of: type(of: object))
        if actual == expected { return }
        let collection: String
        switch property.typeInfo.collection {
        case .single:
            throw RealmError.invalidValue("Can't set object of type '\(actual)' to property of type '\(expected)'")
        case .list: collection = "List"
        case .set: collection = "MutableSet"
        case .dictionary: collection = "Map"
        }
        throw RealmError.invalidValue("Object of type '\(actual)' does not match \(collection) type '\(expected)'.")
    }

    /// Changes one place of a list, set or map property of a managed object with the engine's element
    /// operations (O(log n) for a large list, O(log² n) for a large set or map). Returns false, writing
    /// nothing, for a collection of embedded objects, which `setProperty` handles whole (it deletes the
    /// objects a change orphans).
    func edit(_ edit: CollectionEdit, of property: PropertyInfo, of binding: ObjectBinding, realm: Realm) throws
        -> Bool
    {
        let info = property.typeInfo
        guard info.collection != .single, embeddedClass(info.objectClass) == nil else {
            return false
        }
        let write = writer("modify a managed object")
        touch(binding.table.tableKey)
        let link: (ObjectBase) throws -> StrataCore.Value = { object in
            try Self.checkLinkTarget(object, of: property)
            let owned = info.objectClass is EmbeddedObject.Type  // top-level during a migration (see setProperty)
            return .link(try self.add(object, update: .error, realm: realm, embeddedParent: owned))
        }
        func value(_ element: Any) throws -> StrataCore.Value { try ValueConversion.engineValue(element, link: link) }
        let (table, column, key) = (binding.table.tableKey, binding.table.column(property.position), binding.key)
        try realmErrors {
            if edit.hasListIndexes,
                let message = edit.boundsViolation(count: try write.listCount(of: column, in: table, object: key))
            {
                throw RealmError.invalidValue(message)
            }
            switch edit {
            case .append(let elements):
                try write.append(try elements.map(value), toList: column, in: table, object: key)
            case .insert(let element, let index):
                try write.insert(try value(element), at: index, inList: column, in: table, object: key)
            case .replace(let index, let element):
                try write.replace(at: index, with: try value(element), inList: column, in: table, object: key)
            case .remove(let index):
                try write.remove(at: index, fromList: column, in: table, object: key)
            case .move(let from, let to):
                try write.move(from: from, to: to, inList: column, in: table, object: key)
            case .swap(let first, let second):
                try write.swapAt(first, second, inList: column, in: table, object: key)
            case .removeAll:
                try write.removeAll(fromList: column, in: table, object: key)
            case .insertMembers(let elements):
                try write.insert(try elements.map(value), intoSet: column, in: table, object: key)
            case .removeMembers(let elements):
                // An unmanaged object is in no set: there is nothing to remove (and nothing to add).
                let members = elements.filter { ($0 as? ObjectBase).map { $0.realm != nil } ?? true }
                try write.remove(try members.map(value), fromSet: column, in: table, object: key)
            case .setEntry(let entryKey, let element):
                try write.setValue(try value(element), forKey: entryKey, inDictionary: column, in: table, object: key)
            case .removeEntry(let entryKey):
                try write.removeValue(forKey: entryKey, fromDictionary: column, in: table, object: key)
            }
        }
        return true
    }

    /// Replaces the list or dictionary at `path` in mixed property `property` with Swift values (an array of
    /// elements, or `(key, value)` pairs); the objects they hold are added to the realm. The property's whole
    /// value is written again (a mixed value is one cell).
    func setNestedCollection(
        _ property: PropertyInfo,
        of binding: ObjectBinding,
        at path: [NestedCollectionStep],
        to value: Any,
        realm: Realm
    ) throws {
        let write = writer("modify a managed collection")
        touch(binding.table.tableKey)
        let column = binding.table.column(property.position)
        let link: (ObjectBase) throws -> StrataCore.Value = { object in
            .link(try self.add(object, update: .error, realm: realm))
        }
        let current = try realmErrors { try write.table(binding.table.tableKey).value(binding.key, column) }
        // The kind comes from the stored collection: an empty array casts to an array of pairs as well.
        let nested: StrataCore.Value
        switch NestedCollectionStep.value(in: current, at: path) {
        case .dictionary?:
            guard let entries = value as? [(String, Any)] else {
                throw RealmError.invalidValue("a \(type(of: value)) is not the contents of a dictionary")
            }
            nested = .dictionary(
                try entries.map { DictionaryEntry(key: $0.0, value: try ValueConversion.engineValue($0.1, link: link)) }
                    .sorted { $0.key < $1.key }
            )
        case .list?:
            guard let elements = value as? [Any] else {
                throw RealmError.invalidValue("a \(type(of: value)) is not the contents of a list")
            }
            nested = .list(try elements.map { try ValueConversion.engineValue($0, link: link) })
        default:
            throw RealmError.invalidValue(
                "the collection nested in '\(property.name)' no longer exists: its place holds another value"
            )
        }
        guard let updated = NestedCollectionStep.replacing(in: current, at: path[...], with: nested) else {
            throw RealmError.invalidValue(
                "the collection nested in '\(property.name)' no longer exists: its place holds another value"
            )
        }
        try realmErrors { try write.set(updated, of: column, in: binding.table.tableKey, object: binding.key) }
    }

    /// The edits of Realm's element-wise list update: an assignment at each position whose element differs, then
    /// the new elements appended, or the extra old ones removed from the end.
    static func elementwiseEdits(from old: [StrataCore.Value], to new: [StrataCore.Value]) -> [ListEdit] {
        var edits: [ListEdit] = old.indices.prefix(new.count).filter { old[$0] != new[$0] }.map { .set($0) }
        if new.count > old.count { edits.append(.insert(old.count, count: new.count - old.count)) }
        for index in (new.count..<max(old.count, new.count)).reversed() { edits.append(.erase(index)) }
        return edits
    }

    static func linkedKeys(_ value: StrataCore.Value) -> [ObjectKey] {
        switch value {
        case .link(let key): return [key]
        case .list(let elements): return elements.flatMap(linkedKeys)
        case .dictionary(let entries): return entries.flatMap { linkedKeys($0.value) }
        default: return []
        }
    }

    /// `type` if this realm owns its objects as embedded objects: an embedded class, unless a migration is making it
    /// embedded (its objects are top-level until the migration block returns, as in Realm).
    func embeddedClass(_ type: ObjectBase.Type?) -> ObjectBase.Type? {
        guard let type, type is EmbeddedObject.Type, !topLevelDuringMigration.contains(ObjectIdentifier(type)) else {
            return nil
        }
        return type
    }

    /// Deletes a managed object of this realm and its embedded objects.
    func delete(_ object: ObjectBase) throws {
        _ = writer("delete objects")
        guard let binding = object.binding else {
            throw RealmError.invalidValue("Can only delete an object from the Realm it belongs to.")
        }
        guard case .live(let owner) = binding.source, owner.access.checked("object") === self else {
            throw RealmError.wrongRealm("Can only delete an object from the Realm it belongs to.")
        }
        guard !binding.isInvalidated else { throw RealmError.objectInvalidated("The object being deleted") }
        try deletingInBatch { try deleteRow(binding.table, binding.key) }
    }

    /// Runs the deletions of `body` as one batch: the `AnyRealmValue`s that name a deleted object (in any table,
    /// in a collection of them or nested in one) are cleared with one scan when it ends, as Realm clears them,
    /// and the tables that changed are noted for the caches. Batches nest (the outermost scans).
    func deletingInBatch(_ body: () throws -> Void) throws {
        let write = writer("delete objects")
        let changed: Set<TableKey>
        do {
            changed = try realmErrors { try write.deletingInBatch(body) }
        } catch {
            touchAll()  // The batch cleared what it had deleted before the error: any table may have changed.
            throw error
        }
        for table in changed { touch(table) }
    }

    /// Deletes a row, cascading to the embedded objects it owns.
    func deleteRow(_ table: ResolvedTable, _ key: ObjectKey) throws {
        let write = writer("delete objects")
        touch(table.tableKey)
        let engineTable = try realmErrors { try write.table(table.tableKey) }
        guard try realmErrors({ try engineTable.contains(key) }) else { return }
        var children: [(ResolvedTable, ObjectKey)] = []
        for property in table.info.properties {
            guard let target = embeddedClass(property.typeInfo.objectClass),
                !property.typeInfo.isLinkingObjects
            else { continue }
            let value = try realmErrors { try engineTable.value(key, table.column(property.position)) }
            for child in Self.linkedKeys(value) { children.append((schema.table(for: target), child)) }
        }
        try realmErrors { try write.deleteObject(key, in: table.tableKey) }
        for (childTable, child) in children { try deleteRow(childTable, child) }
    }
}

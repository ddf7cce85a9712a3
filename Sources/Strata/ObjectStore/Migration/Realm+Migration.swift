import StrataCore

/// The migration's realm (``Realm/init(migrating:schema:configuration:)``), as ``Migration`` uses it.
///
/// These methods are `nonisolated` because a migration block is synchronous and not isolated; each takes the state
/// through the checked accessor, which stops unless the caller runs on the realm's executor (a migration runs
/// there), and `migrationCreate` enters the actor's isolation with `assumeIsolated`, which checks the same.
extension Realm {
    /// Enters the migration's write transaction `write` (the realm reads and writes in it from now on). The objects
    /// of `topLevel`, embedded classes the file still holds as top-level ones, are top-level objects in the block.
    nonisolated func beginMigration(_ write: WriteTransaction, keepingTopLevel topLevel: [ObjectBase.Type] = []) {
        let state = access.checked("migration")
        state.topLevelDuringMigration = Set(topLevel.map(ObjectIdentifier.init))
        state.beginWrite(write, holdingTurn: false)
    }

    /// The table of model class `name`, if the models have it.
    /// `nonisolated`: it reads the schema through the checked accessor, which stops unless the caller runs on this
    /// realm's executor.
    nonisolated func migrationTable(named name: String) -> ResolvedTable? {
        access.checked("migration").schema.tables[name]
    }

    /// The new object of `table` with `key`: a live ``DynamicObject`` of this realm.
    /// `nonisolated`: it reads only the nonisolated `source`, and the binding it makes takes the state through the
    /// checked accessor, which stops unless the caller runs on this realm's executor.
    nonisolated func migrationObject(_ table: ResolvedTable, _ key: ObjectKey) -> DynamicObject {
        ObjectBinding.makeElement(DynamicObject.self, source, table, key)
    }

    /// Creates an object of model class `typeName` from `values` (by property name), as ``dynamicCreate(_:value:update:)``
    /// does. `nonisolated`: `assumeIsolated` stops unless the caller already runs on this realm's executor.
    nonisolated func migrationCreate(_ typeName: String, _ values: [String: Any]) throws -> DynamicObject {
        // `nonisolated(unsafe)`, with this proof: `assumeIsolated` runs its closure synchronously, on this thread,
        // before it returns (it only checks that this thread already holds the realm's isolation, and stops
        // otherwise), so `values` is read by one thread only, and `dynamicCreate` keeps none of it (it copies the
        // values into the new object).
        nonisolated(unsafe) let values = values
        let key = try assumeIsolated { realm in
            guard let key = try realm.dynamicCreate(typeName, value: values).binding?.key else {
                preconditionFailure("a created object is managed")
            }
            return key
        }
        guard let table = migrationTable(named: typeName) else { preconditionFailure("a created object has a table") }
        return migrationObject(table, key)
    }

    /// Deletes new object `object` (and the embedded objects it owns). `nonisolated`: the checked accessor it takes
    /// the state through stops unless the caller runs on this realm's executor.
    nonisolated func migrationDelete(_ object: DynamicObject) throws {
        let state = access.checked("migration")
        if object.binding?.realmInvalidated == true { throw RealmError.objectInvalidated("The object being deleted") }
        try state.delete(object)
    }

    /// Takes `schema`, resolved again after the columns of a table changed; the objects obtained before are
    /// invalidated. `nonisolated`: the checked accessor stops unless the caller runs on this realm's executor.
    nonisolated func migrationSchemaChanged(to schema: ResolvedSchema) {
        access.checked("migration").replaceSchema(schema)
    }

    /// Notes that the migrator changed tables behind the realm's back (`deleteData(forType:)`): live objects find
    /// their rows again.
    /// `nonisolated`: the checked accessor stops unless the caller runs on this realm's executor.
    nonisolated func migrationTablesChanged() {
        access.checked("migration").touchAll()
    }

    /// Ends the migration's realm: its observers end, its write is detached (not committed, not rolled back) and
    /// the realm is closed.
    /// `nonisolated`: the checked accessor stops unless the caller runs on this realm's executor.
    nonisolated func endMigration() {
        let state = access.checked("migration")
        state.endObservation()
        state.coordinator.unobserve(self)
        state.detachWrite()
    }
}

import StrataCore

// `realm.delete(realm.objects(Message.self))`: deleting every object of a class. Object by object that makes an
// object per row, finds each one's row, and takes each one out of every index; for 200,000 objects with an
// `ObjectId` primary key it took about 0.7 s. When no property links to or from the class (so nothing cascades to
// embedded objects and no other object changes), the engine removes the table's rows wholesale instead
// (`WriteTransaction.deleteAllObjects(in:)`, as `deleteAll()` does), with the same change set: every object deleted,
// in table order.

/// A sequence ``Realm/delete(_:)-(S)`` may delete at once.
protocol WholeTableDeletable {
    /// Deletes every object when these are live results of every object of a class of `realm` that nothing links to
    /// or from, as deleting them one by one would; false, deleting nothing, otherwise.
    func deleteWholeTable(of realm: Realm) throws -> Bool
}

extension Results: WholeTableDeletable {
    func deleteWholeTable(of realm: Realm) throws -> Bool {
        guard isWholeTable, case .live(let owner) = source, owner === realm else { return false }
        let state = owner.access.checked("Results")
        guard let table = state.schema.tables[className] else { return false }
        return try state.deleteEveryObject(of: table)
    }
}

extension RealmState {
    /// Deletes every object of `table` in one engine call when no column links to or from it; false, deleting
    /// nothing, otherwise.
    func deleteEveryObject(of table: ResolvedTable) throws -> Bool {
        let write = writer("delete objects")
        let engineTable = try realmErrors { try write.table(table.tableKey) }
        guard !engineTable.holdsOrReceivesLinks else { return false }
        // No objects: nothing deleted, nothing touched (as the loop over none).
        guard engineTable.count > 0 else { return true }
        touch(table.tableKey)
        try deletingInBatch { try realmErrors { try write.deleteAllObjects(in: table.tableKey) } }
        return true
    }
}

import StrataCore

// Whether each class of a file is embedded or top-level, as realm-core keeps a table's type in the file.
//
// Format: the `tableTypes` column of the `__strata_metadata` table (added by the first open that records a type), a
// map from class name to "TopLevel" or "Embedded" (realm-core's names for the two types).
//
// Invariants: a class is in the map once the public API has created its table or migrated it; a class absent from
// the map (a file written before the record existed, or a table made by other tools) has no recorded type, and is
// taken to have whatever type its model declares (no migration is required for it), then recorded.
extension SchemaBinding {
    static let tableTypesColumn = "tableTypes"

    /// realm-core's name of an embedded or top-level class's type, as its messages print it.
    static func tableTypeName(embedded: Bool) -> String { embedded ? "Embedded" : "TopLevel" }

    /// The recorded type of each class of the file: class name -> embedded.
    static func storedTableTypes(_ reading: any TransactionReading) throws -> [String: Bool] {
        guard let table = try reading.table(named: metadataTable), table.count > 0,
            let column = table.spec.column(named: tableTypesColumn)
        else { return [:] }
        guard case .dictionary(let entries) = try table.value(try table.key(atPosition: 0), column.key) else {
            return [:]
        }
        var types: [String: Bool] = [:]
        for entry in entries {
            if case .string(let name) = entry.value { types[entry.key] = name == tableTypeName(embedded: true) }
        }
        return types
    }

    /// The classes of `infos` whose model's type differs from the file's recorded one, in realm-core's words.
    static func tableTypeChanges(_ infos: [ObjectClassInfo], in reading: any TransactionReading) throws -> [String] {
        let stored = try storedTableTypes(reading)
        return infos.compactMap { info in
            guard let embedded = stored[info.className], embedded != info.isEmbedded else { return nil }
            return "Class '\(info.className)' has been changed from \(tableTypeName(embedded: embedded)) to "
                + "\(tableTypeName(embedded: info.isEmbedded))."
        }
    }

    /// Records the types of the classes of `infos` whose tables the file has, keeping the other classes' records.
    /// Writes nothing when the record already says so, or when the file has no stored schema version yet (the
    /// caller stores the version first).
    static func storeTableTypes(_ infos: [ObjectClassInfo], in write: WriteTransaction) throws {
        guard let table = try write.table(named: metadataTable), table.count > 0 else { return }
        var types = try storedTableTypes(write)
        let before = types
        for info in infos where try write.table(named: info.className) != nil {
            types[info.className] = info.isEmbedded
        }
        guard types != before else { return }
        let column =
            try table.spec.column(named: tableTypesColumn)?.key
            ?? write.addColumn(
                ColumnSpec(name: tableTypesColumn, type: .string, collection: .dictionary),
                to: table.key
            )
        let entries = types.keys.sorted().map {
            DictionaryEntry(key: $0, value: .string(tableTypeName(embedded: types[$0]!)))
        }
        try write.set(.dictionary(entries), of: column, in: table.key, object: try table.key(atPosition: 0))
    }
}

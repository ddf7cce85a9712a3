import StrataCore

/// Where the rows of tables that no model class describes are read: a migration's version before the migration
/// (``MigrationSnapshot``), or the tables of an opened realm's file that its schema does not list
/// (``UnlistedTables``). A ``DynamicObject`` holding a ``SpecRow`` reads its values through one, typed by its
/// table's columns (`SpecRow+Values.swift`).
protocol SpecRowReading: AnyObject {
    /// The tables rows are read from, by key (Strata's own `__`-prefixed tables left out).
    var specs: [TableKey: TableSpec] { get }
    /// Runs `body` with the version the rows are read from; stops with a message when they cannot be read now.
    func read<T>(_ body: (any TransactionReading) throws -> T) rethrows -> T
    /// Whether the row `key` of `table` can be read now.
    func isReadable(_ table: TableKey, _ key: ObjectKey) -> Bool
    /// The object a link to row `key` of `table` reads as.
    func object(_ table: TableKey, _ key: ObjectKey) -> DynamicObject
    /// How messages name an object of `table` (`"the old Dog object"`).
    func objectName(_ table: TableKey) -> String
}

/// What makes a ``DynamicObject`` a row of a table no model class describes: a migration's old object, or an
/// object of a class the opened schema lacks (a mixed value's link to one). Its properties are its table's columns
/// by their stored names, read-only.
struct SpecRow {
    let reader: any SpecRowReading
    let table: TableKey
    let key: ObjectKey

    /// Whether the row is a migration's old object.
    var isMigrationOldObject: Bool { reader is MigrationSnapshot }

    /// The table's spec.
    var spec: TableSpec {
        guard let spec = reader.specs[table] else { preconditionFailure("a spec row's table is in its reader") }
        return spec
    }

    /// The object's schema: its table's columns.
    var objectSchema: ObjectSchema {
        MigrationSnapshot.objectSchema(of: spec, in: Array(reader.specs.values))
    }

    /// Whether the object can still be read.
    var isReadable: Bool { reader.isReadable(table, key) }

    /// The value of the property named `name`, typed by its column (nil for nil, and for a name the table lacks).
    func value(forKey name: String) -> Any? { reader.value(of: self, forKey: name) }
}

import Foundation
import StrataCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The file as it was before a migration: what the migration's old objects (dynamic objects holding a
/// ``SpecRow``) read.
///
/// The old schema has no Swift model classes, so an old object is described by its table's spec alone: its
/// properties are the table's columns by their stored names, and its values are typed by the column (see
/// `SpecRow+Values.swift`).
///
/// Lifetime: readable on the thread the migration runs on (the realm executor's, which runs nothing else
/// meanwhile), from the migration's start until `end()`, which the migrator calls when the block returns and which
/// releases the version. An old object used after that, or on another thread, stops with a message. Not
/// `Sendable`, and it never leaves that thread but inside the objects that check it.
final class MigrationSnapshot: SpecRowReading {
    /// The version the migration started from; nil once the migration ended.
    private var reader: ReadTransaction?
    /// The thread the migration runs on.
    let threadOfMigration: pthread_t
    /// The old tables by key, and their names (`__`-prefixed tables left out: they are Strata's own).
    let specs: [TableKey: TableSpec]
    private let keysByName: [String: TableKey]
    /// The file's path, for messages.
    private let path: String

    init(reader: ReadTransaction, path: String) {
        self.reader = reader
        self.path = path
        threadOfMigration = pthread_self()
        let specs = reader.tableSpecs.filter { !$0.name.hasPrefix("__") }
        self.specs = Dictionary(specs.map { ($0.key, $0) }) { first, _ in first }
        keysByName = Dictionary(specs.map { ($0.name, $0.key) }) { first, _ in first }
    }

    /// Ends the snapshot: the version is released, and old objects stop with a message from now on.
    func end() { reader = nil }

    /// Whether the migration is still running (`end()` not called yet).
    var isOpen: Bool { reader != nil }

    /// The old table named `name`, if the file had one.
    func table(named name: String) -> TableSpec? { keysByName[name].flatMap { specs[$0] } }

    /// Runs `body` with the old version; stops with a message after the migration or off its thread.
    func read<T>(_ body: (any TransactionReading) throws -> T) rethrows -> T {
        guard pthread_equal(threadOfMigration, pthread_self()) != 0 else {
            preconditionFailure(
                "Strata: an old object of the migration of \(path) was used off the migration's thread; read old"
                    + " objects inside the migration block"
            )
        }
        guard let reader else {
            preconditionFailure(
                "Strata: an old object of the migration of \(path) was used after the migration ended; old objects"
                    + " are readable only inside the migration block"
            )
        }
        return try body(reader)
    }

    /// The keys of the objects of old table `spec`, in order.
    func keys(of spec: TableSpec) -> [ObjectKey] {
        read { reader in
            ReadFailure.unlessAbsent("the old \(spec.name) objects") { try reader.table(spec.key).keys() } ?? []
        }
    }

    /// The old object of table `spec` with `key`.
    func object(_ spec: TableSpec, _ key: ObjectKey) -> DynamicObject { object(spec.key, key) }

    /// The old object of table `table` with `key`.
    func object(_ table: TableKey, _ key: ObjectKey) -> DynamicObject {
        let object = DynamicObject()
        object.specRow = SpecRow(reader: self, table: table, key: key)
        return object
    }

    /// Whether old objects can be read now: the migration is running, and the caller is on its thread.
    var isReadable: Bool {
        pthread_equal(threadOfMigration, pthread_self()) != 0 && isOpen
    }

    func isReadable(_: TableKey, _: ObjectKey) -> Bool { isReadable }

    func objectName(_ table: TableKey) -> String { "the old \(specs[table]?.name ?? "") object" }

    /// The schema of `reading`'s tables, as a migration's ``Migration/oldSchema`` gives it (Strata's own
    /// `__`-prefixed tables left out; a class is embedded as the file records it, top-level when it records nothing).
    static func schema(of reading: any TransactionReading) -> Schema {
        let specs = reading.tableSpecs.filter { !$0.name.hasPrefix("__") }
        let embedded =
            ReadFailure.unlessAbsent("the classes' types") { try SchemaBinding.storedTableTypes(reading) } ?? [:]
        return Schema(
            objectSchema: specs.map {
                objectSchema(of: $0, in: reading.tableSpecs, isEmbedded: embedded[$0.name] ?? false)
            }
        )
    }

    /// The schema of one table: a property per column, backlinks and `__`-prefixed columns left out.
    static func objectSchema(of table: TableSpec, in tables: [TableSpec], isEmbedded: Bool = false) -> ObjectSchema {
        ObjectSchema(
            className: table.name,
            properties: table.columns.filter { $0.type != .backlink && !$0.name.hasPrefix("__") }.map { column in
                Property(
                    name: column.name,
                    type: propertyType(column.type),
                    isOptional: column.nullable && column.type != .mixed,
                    isArray: column.collection == .list,
                    isSet: column.collection == .set,
                    isMap: column.collection == .dictionary,
                    isIndexed: column.indexed,
                    isPrimary: column.unique,
                    objectClassName: column.linkTable.flatMap { key in tables.first { $0.key == key }?.name },
                    linkOriginPropertyName: nil
                )
            },
            isEmbedded: isEmbedded
        )
    }

    static func propertyType(_ type: ValueType) -> PropertyType {
        switch type {
        case .int: return .int
        case .bool: return .bool
        case .float: return .float
        case .double: return .double
        case .string: return .string
        case .binary: return .data
        case .timestamp: return .date
        case .decimal128: return .decimal128
        case .objectId: return .objectId
        case .uuid: return .UUID
        case .mixed: return .any
        case .link: return .object
        case .backlink: return .linkingObjects
        }
    }
}

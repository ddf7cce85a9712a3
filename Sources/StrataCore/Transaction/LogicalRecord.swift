// LogicalRecord.swift: the redo record of a commit that only assigned single values of objects that existed before
// it: each object, column and final value (DESIGN.md section 4 item 2's record), tens of bytes where the commit's
// node images (CommitImage.swift) are about 14 KB.
//
// Why both kinds: a group's sync costs about 5 µs for each KB past its first few (Benchmarks/NOTES.md, 2026-12-06,
// evening), so the images cost a group of small updates most of its sync, while a record of final values needs a
// replay that depends on nothing but the checkpoint. Inserts, deletions, collections, links, mixed values and
// schema changes keep their images: replaying them logically would need every kind of write encoded twice.
//
// Format (little-endian), the payload of a `RedoRecord` (RedoRing.swift):
//    0  u64  0            no image has its top node at offset 0 (CommitImage.swift checks it): the record's kind
//    8  u32  n            assignments
//   12  u32  reserved, 0
//   16  n assignments, each: u32 table key, u32 column key, i64 object key, then the value as `ValueCodec` encodes
//       it
//
// Invariants:
//   (1) A record is made only for a commit whose change set holds modifications alone (no insertion, deletion,
//       list edit or schema change), each of a single column of a scalar type that is not a primary key, and whose
//       top node differs from its base's only in roots of tables that change set names: assigning each final value
//       to the base version gives the commit's version, whatever else the process did.
//   (2) A lap of the ring holds records of one kind (Database+RedoLog.swift): images name offsets that only the
//       original allocation chose, so none may follow a logical record, whose replay allocates anew.
//   (3) `decode` checks the counts and every value's encoding; a record that names an object or column the
//       checkpoint lacks fails its replay with `StorageError.corrupt`, and the database is not opened.

/// The final values a commit assigned, enough to redo it on the version it was built on.
package struct LogicalRecord: Equatable, Sendable {
    /// One value assigned to one column of one object.
    package struct Assignment: Equatable, Sendable {
        package var table: TableKey
        package var column: ColumnKey
        package var object: ObjectKey
        package var value: Value

        package init(table: TableKey, column: ColumnKey, object: ObjectKey, value: Value) {
            self.table = table
            self.column = column
            self.object = object
            self.value = value
        }
    }

    package var assignments: [Assignment]

    package init(assignments: [Assignment]) { self.assignments = assignments }

    /// Commits that assigned more values than this log their images, or checkpoint.
    static let maximumAssignments = 4096

    /// Whether `payload` is a logical record rather than a commit image (its first field, the image's top node, is 0).
    package static func isLogical(_ payload: [UInt8]) -> Bool {
        payload.count >= 8 && payload.prefix(8).allSatisfy { $0 == 0 }
    }

    /// The record payload.
    package func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 16 + assignments.count * 32)
        writer.append(UInt64(0))
        writer.append(UInt32(assignments.count))
        writer.append(UInt32(0))
        for assignment in assignments {
            writer.append(assignment.table.rawValue)
            writer.append(assignment.column.rawValue)
            writer.append(assignment.object.rawValue)
            ValueCodec.encode(assignment.value, into: &writer)
        }
        return writer.take()
    }

    /// Parses a record payload of the file at `path` (invariant 3); throws `StorageError.corrupt` naming what does
    /// not hold.
    package static func decode(_ payload: [UInt8], path: String) throws -> LogicalRecord {
        func damaged(_ detail: String) -> StorageError { .corrupt("\(path): a logical commit log record \(detail)") }
        do {
            return try payload.withUnsafeBytes { raw in
                var reader = ByteReader(raw, context: "logical commit log record")
                guard try reader.read(UInt64.self) == 0 else { throw damaged("is not marked as one") }
                let count = Int(try reader.read(UInt32.self))
                _ = try reader.read(UInt32.self)
                // Each assignment takes at least its 16 bytes of keys and a value's tag.
                guard count <= reader.remaining / 17 else { throw damaged("claims \(count) assignments") }
                var assignments: [Assignment] = []
                assignments.reserveCapacity(count)
                for _ in 0..<count {
                    let table = TableKey(try reader.read(UInt32.self))
                    let column = ColumnKey(try reader.read(UInt32.self))
                    let object = ObjectKey(try reader.read(Int64.self))
                    let value = try ValueCodec.decode(&reader)
                    assignments.append(Assignment(table: table, column: column, object: object, value: value))
                }
                guard reader.remaining == 0 else { throw damaged("has \(reader.remaining) bytes after its values") }
                return LogicalRecord(assignments: assignments)
            }
        } catch StorageError.corrupt(let detail) where !detail.hasPrefix(path) {
            throw StorageError.corrupt("\(path): \(detail)")  // a field past the end, from `ByteReader`
        }
    }

    /// The record of `transaction`, about to commit, when it only assigned single scalar values of objects that
    /// existed before it (invariant 1's change-set half); nil otherwise. The caller checks the top node's half.
    static func of(_ transaction: WriteTransaction) throws -> LogicalRecord? {
        let changes = transaction.changes
        guard !changes.schemaChanged else { return nil }
        var assignments: [Assignment] = []
        for (tableKey, tableChanges) in changes.tables {
            let limit = maximumAssignments - assignments.count
            guard let cells = tableChanges.assignedCells(limit: limit) else { return nil }
            if cells.isEmpty { continue }
            let table = try transaction.table(tableKey)
            for (object, column) in cells {
                guard let position = table.spec.position(of: column),
                    Self.isReplayable(table.spec.columns[position])
                else { return nil }
                let value = try table.value(object, column)
                assignments.append(Assignment(table: tableKey, column: column, object: object, value: value))
            }
        }
        return assignments.isEmpty ? nil : LogicalRecord(assignments: assignments)
    }

    /// ``of(_:)``, or nil when a final value cannot be read (a write that failed on an object and was caught, then
    /// committed): the commit then logs its images, as it would without this record.
    static func ifReadable(_ transaction: WriteTransaction) -> LogicalRecord? {
        do {
            return try of(transaction)
        } catch {
            return nil
        }
    }

    /// Whether assigning a final value to `column` redoes every change a commit made through it: a single value of a
    /// scalar type, not a primary key (links, backlinks and mixed values change other objects too).
    static func isReplayable(_ column: ColumnSpec) -> Bool {
        guard column.collection == .single, !column.unique else { return false }
        switch column.type {
        case .int, .bool, .float, .double, .string, .binary, .timestamp, .decimal128, .objectId, .uuid: return true
        case .mixed, .link, .backlink: return false
        }
    }

    /// Whether the top node `new` differs from `old` only in the roots of tables in `changed` (invariant 1's top-node
    /// half): no table, column, count or next key changed.
    static func keepsShape(_ old: Catalog, _ new: Catalog, changed: Set<TableKey>) -> Bool {
        guard old.nextTableKey == new.nextTableKey, old.tables.count == new.tables.count else { return false }
        for (before, after) in zip(old.tables, new.tables) {
            guard before.key == after.key, before.name == after.name, before.objectCount == after.objectCount,
                before.nextObjectKey == after.nextObjectKey, before.nextColumnKey == after.nextColumnKey,
                before.columns.count == after.columns.count
            else { return false }
            var moved = before.root != after.root
            for (column, newColumn) in zip(before.columns, after.columns) {
                var unindexed = newColumn
                unindexed.indexRoot = column.indexRoot
                guard unindexed == column else { return false }
                if column.indexRoot != newColumn.indexRoot { moved = true }
            }
            if moved && !changed.contains(before.key) { return false }
        }
        return true
    }

    /// Assigns every value to `transaction` (the replay of the commit on its base version).
    func apply(to transaction: WriteTransaction, path: String) throws {
        for assignment in assignments {
            do {
                let table = try transaction.table(assignment.table)
                guard let position = table.spec.position(of: assignment.column),
                    Self.isReplayable(table.spec.columns[position])
                else { throw StorageError.schema("no column \(assignment.column) it may assign") }
                try transaction.set(
                    assignment.value,
                    of: assignment.column,
                    in: assignment.table,
                    object: assignment.object
                )
            } catch let error as StorageError {
                throw StorageError.corrupt(
                    "\(path): a logical commit log record's assignment to object \(assignment.object), column "
                        + "\(assignment.column) of table \(assignment.table) fails on the checkpoint: \(error)"
                )
            }
        }
    }
}

import StrataCore

/// The objects a query over a collection property starts from: the objects of a `List` (in list order) or a
/// `MutableSet`, or the objects linking to an object (`LinkingObjects`), read afresh at each evaluation; or the
/// values of a collection of primitives (`scores.sorted(ascending: false)`).
///
/// ```swift
/// let adults = person.dogs.filter("age >= 2")   // Results over the list's objects
/// ```
struct CollectionBase: Sendable {
    enum Kind: Sendable {
        /// The links of list, set or map property `property` of the owner (a set keeps its elements as a list; a
        /// map's null values are left out).
        case list
        /// The objects whose link `origin` points at the owner (`LinkingObjects` property `property`).
        case backlinks(origin: (table: TableKey, column: ColumnKey))
        /// The values of list, set or map property `property` of primitives (results of values, not objects).
        case values
    }

    let ownerTable: ResolvedTable
    let ownerKey: ObjectKey
    let property: Int
    let kind: Kind

    /// The keys of the collection's objects, in the collection's order (empty once the owner is deleted).
    func keys(_ reader: any TransactionReading) throws -> [ObjectKey] {
        let table = try reader.table(ownerTable.tableKey)
        guard try table.contains(ownerKey) else { return [] }
        switch kind {
        case .list:
            let elements: [StrataCore.Value]
            switch try table.value(ownerKey, ownerTable.column(property)) {
            case .list(let values): elements = values
            case .dictionary(let entries): elements = entries.map(\.value)
            default: return []
            }
            return elements.compactMap { if case .link(let key) = $0 { return key } else { return nil } }
        case .backlinks(let origin):
            return try table.backlinks(ownerKey, from: origin.table, column: origin.column)
        case .values:
            return []
        }
    }

    /// Whether the collection holds values rather than objects.
    var holdsValues: Bool { if case .values = kind { return true } else { return false } }

    /// The values of a collection of primitives, in its order (a map's values in key order).
    func values(_ reader: any TransactionReading) throws -> [StrataCore.Value] {
        let table = try reader.table(ownerTable.tableKey)
        guard try table.contains(ownerKey) else { return [] }
        switch try table.value(ownerKey, ownerTable.column(property)) {
        case .list(let elements): return elements
        case .dictionary(let entries): return entries.map(\.value)
        default: return []
        }
    }

    /// Whether two bases are the same collection of the same object.
    func isSame(as other: CollectionBase) -> Bool {
        ownerTable.tableKey == other.ownerTable.tableKey && ownerKey == other.ownerKey && property == other.property
    }
}

import StrataCore

/// The objects a query over a collection property starts from: the objects of a `List` (in list order) or a
/// `MutableSet`, or the objects linking to an object (`LinkingObjects`), read afresh at each evaluation.
///
/// ```swift
/// let adults = person.dogs.filter("age >= 2")   // Results over the list's objects
/// ```
struct CollectionBase: Sendable {
    enum Kind: Sendable {
        /// The links of list or set property `property` of the owner (a set keeps its elements as a list).
        case list
        /// The objects whose link `origin` points at the owner (`LinkingObjects` property `property`).
        case backlinks(origin: (table: TableKey, column: ColumnKey))
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
            let value = try table.value(ownerKey, ownerTable.column(property))
            guard case .list(let elements) = value else { return [] }
            return elements.compactMap { if case .link(let key) = $0 { return key } else { return nil } }
        case .backlinks(let origin):
            return try table.backlinks(ownerKey, from: origin.table, column: origin.column)
        }
    }
}

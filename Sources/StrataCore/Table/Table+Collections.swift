// Table+Collections.swift: list, set and dictionary columns whose elements live in collection trees.
//
// A cell of a list, set or dictionary column holds the collection inline or a handle to a CollectionTree
// (CollectionTree.swift). In a write transaction, a tree being changed is *pending*: the table keeps it in
// `pendingCollections` under an id, and the owner's cell holds that id (tag 16) until `write(to:)` writes
// the tree and stores its committed handle (tag 15). Every read of a collection cell goes through
// `value(of:position:)`, which follows either handle, so reads in the transaction see its own changes.
//
// Invariants:
//   (1) Each pending id is held by exactly one cell: its owner's, in its column.
//   (2) A tree whose cell is overwritten, or whose row or column goes away, is released at once.
//   (3) No pending handle outlives `write(to:)`; committed versions hold committed handles only.
//
// The edits here record nothing in the change log, so they are internal: only the transaction layer calls them.
// The one `package` read, ``Table/collectionCount(_:_:)``, lets an observer learn a list's length in O(log n).

/// What ``Table/editSortedCollection(_:position:order:decide:)`` does where the element sought belongs.
enum SortedEdit {
    /// Leave the collection as it is.
    case keep
    /// Insert this element there (nothing equal was found).
    case insert(Value)
    /// Replace the element found with this one.
    case replace(Value)
    /// Remove the element found.
    case remove
}

/// A collection tree a write transaction is changing.
struct PendingCollection {
    let owner: ObjectKey
    let column: ColumnKey
    let tree: CollectionTree
}

extension Table {
    /// Whether the column at `position` may hold collection trees (list, set and dictionary columns).
    func holdsCollectionTrees(_ position: Int) -> Bool { spec.traits[position].collection != .single }

    /// A collection value as the elements its tree holds: a list's or set's elements, or a dictionary's
    /// entries as two-element lists `[key, value]` (sorted by key).
    static func storedElements(_ value: Value) -> [Value] {
        switch value {
        case .list(let elements): return elements
        case .dictionary(let entries): return entries.map { .list([.string($0.key), $0.value]) }
        default: return []
        }
    }

    /// The number of elements (or entries) of a collection value, without building its stored elements.
    static func elementCount(_ value: Value) -> Int {
        switch value {
        case .list(let elements): return elements.count
        case .dictionary(let entries): return entries.count
        default: return 0
        }
    }

    /// The key of a dictionary entry stored as `[key, value]`.
    static func entryKey(_ element: Value) -> String {
        if case .list(let pair) = element, pair.count == 2, case .string(let key) = pair[0] { return key }
        return ""
    }

    /// The collection value of column `position` holding `elements` (see ``storedElements(_:)``).
    func collectionValue(_ elements: [Value], position: Int) throws -> Value {
        guard spec.traits[position].collection == .dictionary else { return .list(elements) }
        return .dictionary(
            try elements.map { element in
                guard case .list(let pair) = element, pair.count == 2, case .string(let key) = pair[0] else {
                    throw StorageError.corrupt("a dictionary tree of \(spec.name) holds a malformed entry")
                }
                return DictionaryEntry(key: key, value: pair[1])
            }
        )
    }

    /// The tree handle `cell` holds, if it holds one.
    private func handle(in cell: Cell) -> CollectionTreeHandle? {
        guard case .bytes(let bytes) = cell, bytes.first ?? 0 >= CollectionTreeHandle.committedTag else { return nil }
        return CollectionTreeHandle(bytes)
    }

    /// The tree a handle refers to.
    private func collectionTree(_ handle: CollectionTreeHandle) throws -> CollectionTree {
        switch handle {
        case .committed(let root, let count): return CollectionTree(root: root, count: count, context: context)
        case .pending(let id):
            guard let pending = pendingCollections[id] else {
                throw StorageError.corrupt("table \(spec.name) has no pending collection \(id)")
            }
            return pending.tree
        }
    }

    /// The value `cell` holds in the column at `position`, following a collection tree handle.
    func value(of cell: Cell, position: Int) throws -> Value {
        if holdsCollectionTrees(position), let handle = handle(in: cell) {
            return try collectionValue(try collectionTree(handle).elements(), position: position)
        }
        return try ValueCodec.value(of: cell, in: spec.columns[position])
    }

    /// The number of elements (or entries) of collection column `position` of object `key`, without reading them when
    /// they are in a tree.
    func collectionCount(_ key: ObjectKey, position: Int) throws -> Int {
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        if let handle = handle(in: cell) { return try collectionTree(handle).count }
        return Self.storedElements(try value(of: cell, position: position)).count
    }

    /// The number of elements (or entries) of collection column `column` of object `key`, read without reading the
    /// elements when they are in a tree: what a list's observer compares with the edits its commits logged.
    /// - Throws: ``StorageError/schema(_:)`` when the object or the column does not exist; damage as any read.
    /// - Complexity: O(log n) for a collection in a tree, O(n) for a short one stored inline.
    package func collectionCount(_ key: ObjectKey, _ column: ColumnKey) throws -> Int {
        try collectionCount(key, position: try position(column))
    }

    /// The cell storing `value` in the column at `position` of object `owner`: a new pending tree for a list
    /// or set of more than `CollectionTree.inlineLimit` elements, the usual cell otherwise.
    func cell(for value: Value, position: Int, owner: ObjectKey) throws -> Cell {
        if holdsCollectionTrees(position), Self.elementCount(value) > CollectionTree.inlineLimit {
            let tree = try CollectionTree(elements: Self.storedElements(value), context: context)
            return pendingCell(tree, owner: owner, position: position)
        }
        let traits = spec.traits[position]
        return ValueCodec.cell(for: value, type: traits.type, collection: traits.collection)
    }

    /// Files `tree` as pending for `owner`'s column at `position`; returns the cell that refers to it.
    private func pendingCell(_ tree: CollectionTree, owner: ObjectKey, position: Int) -> Cell {
        let id = nextPendingCollection
        nextPendingCollection += 1
        pendingCollections[id] = PendingCollection(owner: owner, column: spec.columns[position].key, tree: tree)
        return .bytes(CollectionTreeHandle.pending(id: id).bytes)
    }

    /// Releases the tree `cell` refers to, if any (its cell is about to be overwritten or removed).
    func releaseCollection(in cell: Cell?, position: Int) throws {
        guard holdsCollectionTrees(position), let cell, let handle = handle(in: cell) else { return }
        try collectionTree(handle).releaseAll()
        if case .pending(let id) = handle { pendingCollections[id] = nil }
    }

    /// Releases the trees of every collection cell of object `key`.
    func releaseCollections(of key: ObjectKey) throws {
        for position in spec.traits.indices where holdsCollectionTrees(position) {
            try releaseCollection(in: try tree.cell(key.rawValue, column: position), position: position)
        }
    }

    /// Releases the trees of every cell of the column at `position`.
    func releaseCollections(inColumn position: Int) throws {
        guard holdsCollectionTrees(position) else { return }
        try tree.forEachLeaf { leaf in
            for row in 0..<leaf.count {
                try releaseCollection(in: try tree.cell(in: leaf, row: row, column: position), position: position)
            }
            return true
        }
    }

    /// Appends `values` (already validated) to list column `position` of object `key`: in O(log n) per
    /// element once the list is a tree.
    func appendToCollection(_ key: ObjectKey, position: Int, _ values: [Value]) throws {
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        try mutateCollection(key, position: position, cell: cell) { tree in
            try tree.append(values)
        } inline: {
            $0 + values
        }
    }

    /// Inserts `value` (already validated) at `index` of list column `position` of object `key`.
    func insertIntoCollection(_ key: ObjectKey, position: Int, _ value: Value, at index: Int) throws {
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        try mutateCollection(key, position: position, cell: cell) { tree in
            try tree.insert(value, at: index)
        } inline: {
            var elements = $0
            elements.insert(value, at: index)
            return elements
        }
    }

    /// Replaces the element at `index` of list column `position` of object `key`; returns the old element.
    @discardableResult
    func replaceInCollection(_ key: ObjectKey, position: Int, _ value: Value, at index: Int) throws -> Value {
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        var old = Value.null
        try mutateCollection(key, position: position, cell: cell) { tree in
            old = try tree.element(at: index)
            try tree.set(value, at: index)
        } inline: {
            var elements = $0
            old = elements[index]
            elements[index] = value
            return elements
        }
        return old
    }

    /// Removes the element at `index` of list column `position` of object `key`; returns it.
    @discardableResult
    func removeFromCollection(_ key: ObjectKey, position: Int, at index: Int) throws -> Value {
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        var old = Value.null
        try mutateCollection(key, position: position, cell: cell) { tree in
            old = try tree.element(at: index)
            try tree.remove(at: index)
        } inline: {
            var elements = $0
            old = elements.remove(at: index)
            return elements
        }
        return old
    }

    /// Finds where an element belongs among the sorted elements of set or dictionary column `position` of
    /// object `key` — `order(element)` compares a stored element with the one sought — and applies what
    /// `decide` answers for the element found equal there (nil when none is): nothing, an insertion there,
    /// a replacement or a removal. Returns the element found. O(log² n) for a tree, O(n) inline.
    @discardableResult
    func editSortedCollection(
        _ key: ObjectKey,
        position: Int,
        order: (Value) -> Int,
        decide: (Value?) throws -> SortedEdit
    ) throws -> Value? {
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        // Read-only search first: an edit that changes nothing copies no node.
        let count: Int
        let element: (Int) throws -> Value
        if let handle = handle(in: cell) {
            let collection = try collectionTree(handle)
            count = collection.count
            element = { try collection.element(at: $0) }
        } else {
            let elements = Self.storedElements(try value(of: cell, position: position))
            count = elements.count
            element = { elements[$0] }
        }
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if order(try element(middle)) < 0 { low = middle + 1 } else { high = middle }
        }
        var found: Value?
        if low < count {
            let candidate = try element(low)
            if order(candidate) == 0 { found = candidate }
        }
        let index = low
        switch try decide(found) {
        case .keep: break
        case .insert(let value):
            try mutateCollection(key, position: position, cell: cell) {
                try $0.insert(value, at: index)
            } inline: {
                var elements = $0
                elements.insert(value, at: index)
                return elements
            }
        case .replace(let value):
            try mutateCollection(key, position: position, cell: cell) {
                try $0.set(value, at: index)
            } inline: {
                var elements = $0
                elements[index] = value
                return elements
            }
        case .remove:
            try mutateCollection(key, position: position, cell: cell) {
                try $0.remove(at: index)
            } inline: {
                var elements = $0
                elements.remove(at: index)
                return elements
            }
        }
        return found
    }

    /// Applies a change to a collection: to its tree (made pending first when committed), or to its inline
    /// elements, rewritten whole (and moved into a tree when they outgrow the inline limit).
    private func mutateCollection(
        _ key: ObjectKey,
        position: Int,
        cell: Cell,
        tree change: (CollectionTree) throws -> Void,
        inline: ([Value]) throws -> [Value]
    ) throws {
        precondition(holdsCollectionTrees(position))
        switch handle(in: cell) {
        case .pending(let id)?:
            guard let pending = pendingCollections[id] else {
                throw StorageError.corrupt("table \(spec.name) has no pending collection \(id)")
            }
            try change(pending.tree)
        case .committed(let root, let count)?:
            let collection = CollectionTree(root: root, count: count, context: context)
            try change(collection)
            _ = try tree.set(
                key.rawValue,
                column: position,
                to: pendingCell(collection, owner: key, position: position)
            )
        case nil:
            let updated = try inline(Self.storedElements(try value(of: cell, position: position)))
            let value = try collectionValue(updated, position: position)
            _ = try tree.set(
                key.rawValue,
                column: position,
                to: try self.cell(for: value, position: position, owner: key)
            )
        }
    }

    /// Writes every pending tree and stores its committed handle in its owner's cell (before the table's
    /// own tree is written).
    func writePendingCollections(to sink: any NodeSink) throws {
        for id in pendingCollections.keys.sorted() {
            let pending = pendingCollections[id]!
            let handle = try pending.tree.write(to: sink)
            guard let position = spec.columns.firstIndex(where: { $0.key == pending.column }),
                try tree.set(pending.owner.rawValue, column: position, to: .bytes(handle.bytes))
            else {
                throw StorageError.corrupt("a pending collection of \(spec.name) lost its owner \(pending.owner)")
            }
        }
        pendingCollections.removeAll()
    }
}

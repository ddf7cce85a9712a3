// Table+Collections.swift: list and set columns whose elements live in collection trees.
//
// A cell of a list or set column holds the collection inline or a handle to a CollectionTree
// (CollectionTree.swift). In a write transaction, a tree being changed is *pending*: the table keeps it in
// `pendingCollections` under an id, and the owner's cell holds that id (tag 16) until `write(to:)` writes
// the tree and stores its committed handle (tag 15). Every read of a collection cell goes through
// `value(of:position:)`, which follows either handle, so reads in the transaction see its own changes.
//
// Invariants:
//   (1) Each pending id is held by exactly one cell: its owner's, in its column.
//   (2) A tree whose cell is overwritten, or whose row or column goes away, is released at once.
//   (3) No pending handle outlives `write(to:)`; committed versions hold committed handles only.

/// A collection tree a write transaction is changing.
struct PendingCollection {
    let owner: ObjectKey
    let column: ColumnKey
    let tree: CollectionTree
}

extension Table {
    /// Whether the column at `position` may hold collection trees.
    func holdsCollectionTrees(_ position: Int) -> Bool {
        let collection = spec.traits[position].collection
        return collection == .list || collection == .set
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
            return .list(try collectionTree(handle).elements())
        }
        return try ValueCodec.value(of: cell, in: spec.columns[position])
    }

    /// The number of elements of list or set column `position` of object `key`, without reading them when
    /// they are in a tree.
    package func collectionCount(_ key: ObjectKey, position: Int) throws -> Int {
        guard let cell = try tree.cell(key.rawValue, column: position) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        if let handle = handle(in: cell) { return try collectionTree(handle).count }
        guard case .list(let elements) = try value(of: cell, position: position) else { return 0 }
        return elements.count
    }

    /// The cell storing `value` in the column at `position` of object `owner`: a new pending tree for a list
    /// or set of more than `CollectionTree.inlineLimit` elements, the usual cell otherwise.
    func cell(for value: Value, position: Int, owner: ObjectKey) throws -> Cell {
        if holdsCollectionTrees(position), case .list(let elements) = value,
            elements.count > CollectionTree.inlineLimit
        {
            return pendingCell(
                try CollectionTree(elements: elements, context: context),
                owner: owner,
                position: position
            )
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

    /// Releases the trees of every list and set cell of object `key`.
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
    package func appendToCollection(_ key: ObjectKey, position: Int, _ values: [Value]) throws {
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
    package func insertIntoCollection(_ key: ObjectKey, position: Int, _ value: Value, at index: Int) throws {
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
    package func replaceInCollection(_ key: ObjectKey, position: Int, _ value: Value, at index: Int) throws -> Value {
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
    package func removeFromCollection(_ key: ObjectKey, position: Int, at index: Int) throws -> Value {
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
            guard case .list(let elements) = try value(of: cell, position: position) else {
                throw StorageError.schema("\(spec.name).\(spec.columns[position].name) is not a list")
            }
            let updated = try inline(elements)
            _ = try tree.set(
                key.rawValue,
                column: position,
                to: try self.cell(for: .list(updated), position: position, owner: key)
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

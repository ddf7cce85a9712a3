// Table+Writing.swift: single-table writes, keeping the indexes in step.
//
// Cross-table work (links, backlinks, cascades, the change log) is the write transaction's; these
// methods change one table and its indexes and assume the caller has validated values and links. They
// record nothing in the change log, so they are internal: only the transaction layer calls them.

extension Table {
    /// Checks that `value` fits `column` (type, nullability, element types), without link targets.
    func validate(_ value: Value, for column: ColumnSpec) throws {
        guard Self.fits(value, type: column.type, nullable: column.nullable, collection: column.collection) else {
            throw StorageError.schema("\(spec.name).\(column.name) cannot hold \(value)")
        }
    }

    /// Checks that `value` fits the column at `position` (see ``validate(_:for:)``), without copying its spec.
    /// The check captures nothing: only a value that does not fit builds the error.
    func validate(_ value: Value, position: Int) throws {
        try validate(value, trait: spec.traits[position], position: position)
    }

    /// ``validate(_:position:)`` with the column's traits at hand (`spec.traits[position]`).
    @inline(__always)
    func validate(_ value: Value, trait column: ColumnTraits, position: Int) throws {
        guard Self.fits(value, type: column.type, nullable: column.nullable, collection: column.collection) else {
            throw StorageError.schema("\(spec.name).\(spec.columns[position].name) cannot hold \(value)")
        }
    }

    /// Whether `value` fits a column of `type`, `nullable` and `collection` kind (type, nullability, element types).
    private static func fits(_ value: Value, type: ValueType, nullable: Bool, collection: CollectionKind) -> Bool {
        func fits(_ value: Value, _ type: ValueType, nullable: Bool) -> Bool {
            switch (value, type) {
            case (.null, _): return nullable || type == .mixed
            case (.int, .int), (.bool, .bool), (.float, .float), (.double, .double), (.string, .string),
                (.binary, .binary), (.timestamp, .timestamp), (.link, .link):
                return true
            case (.decimal128(let bytes), .decimal128), (.uuid(let bytes), .uuid): return bytes.count == 16
            case (.objectId(let bytes), .objectId): return bytes.count == 12
            case (.list, .mixed), (.dictionary, .mixed): return true
            case (_, .mixed): return true
            default: return false
            }
        }
        switch collection {
        case .single:
            return type != .backlink && fits(value, type, nullable: nullable)
        case .list, .set:
            guard case .list(let elements) = value else { return false }
            return elements.allSatisfy { fits($0, type, nullable: nullable && type != .link) }
        case .dictionary:
            guard case .dictionary(let entries) = value else { return false }
            return entries.allSatisfy { fits($0.value, type, nullable: nullable || type == .link) }
        }
    }

    /// Throws `duplicateKey` if a unique `column` already holds `value` in an object other than `except`.
    func checkUnique(_ column: ColumnSpec, _ value: Value, except: ObjectKey?) throws {
        guard column.unique else { return }
        let taken: Bool
        if let index = try index(column.key), ValueCodec.indexHashIsExact(value, in: column) {
            taken = try index.hasObject(hash: ValueCodec.indexHash(value), except: except)
        } else {
            taken = try find(column.key, equalTo: value).contains { $0 != except }
        }
        if taken {
            throw StorageError.duplicateKey(table: spec.name, column: column.name, value: value.description)
        }
    }

    /// Inserts a new object with one value per column (already validated), filing it in the indexes. With
    /// `checkingUnique`, a value a unique column already holds throws ``StorageError/duplicateKey`` before
    /// anything changes; one indexed unique column is checked as the object is filed in its index (one walk of
    /// the index when no object is filed under the value's hash, see `fileUnique`).
    func insertRow(_ key: ObjectKey, values: [Value], checkingUnique: Bool = false) throws {
        let traits = spec.traits
        precondition(values.count == traits.count)
        precondition(key.rawValue >= 0)
        var filed = -1
        if checkingUnique {
            // One indexed unique column (one whose index answers by hash alone, an integer primary key, when there
            // is one) is checked last, as the object is filed in it: every other check comes first, so a refused
            // object leaves nothing behind.
            var last: Int?
            for position in traits.indices where traits[position].unique && traits[position].indexed {
                let trait = traits[position]
                if ValueCodec.indexHashIsExact(values[position], type: trait.type, collection: trait.collection) {
                    last = position
                    break
                }
                if last == nil { last = position }
            }
            for position in traits.indices where traits[position].unique && position != last {
                try checkUnique(spec.columns[position], values[position], except: nil)
            }
            if let last {
                try fileUnique(key, values[last], at: last)
                filed = last
            }
        }
        // Large collections go into trees of their own, made before the row (nothing above may throw).
        var treeCells: [Int: Cell] = [:]
        if !spec.shape.isPlain {
            for position in traits.indices where holdsCollectionTrees(position) {
                if Self.elementCount(values[position]) > CollectionTree.inlineLimit {
                    treeCells[position] = try cell(for: values[position], position: position, owner: key)
                }
            }
        }
        if treeCells.isEmpty {
            // The common row, with nothing else captured: a value of a single, non-mixed column appended as it is
            // (no cell in between, see `ColumnStorage.appendPlain`), every other one encoded as its cell.
            try tree.insert(key.rawValue) { leaf, index in
                // Through the arrays' buffers: each column and value is used where it lies, with no reference
                // counted or value copied per column (the loop changes the columns' contents, never the arrays).
                values.withUnsafeBufferPointer { values in
                    leaf.columns.withUnsafeBufferPointer { columns in
                        for position in traits.indices {
                            let trait = traits[position]
                            if trait.storesPlainly, columns[position].appendPlain(values[position], at: index) {
                                continue
                            }
                            let cell = ValueCodec.cell(
                                for: values[position],
                                type: trait.type,
                                collection: trait.collection
                            )
                            columns[position].insert(cell, at: index)
                        }
                    }
                }
            }
        } else {
            try tree.insert(key.rawValue) { leaf, index in
                for position in traits.indices {
                    let cell =
                        treeCells[position]
                        ?? ValueCodec.cell(
                            for: values[position],
                            type: traits[position].type,
                            collection: traits[position].collection
                        )
                    leaf.columns[position].insert(cell, at: index)
                }
            }
        }
        for position in traits.indices where traits[position].indexed && position != filed {
            try index(spec.columns[position].key)!.add(key, for: values[position])
        }
        spec.objectCount += 1
        spec.nextObjectKey = max(spec.nextObjectKey, key.rawValue + 1)
    }

    /// Files `key` in the index of unique column `column` under `value`, or throws ``StorageError/duplicateKey``
    /// (filing nothing) when another object holds the value. An entry free under the value's hash files it in one
    /// walk of the index with no other check (no object holds a value of that hash, so none holds the value); an
    /// occupied one compares the objects there, as a lookup does, before filing beside them.
    private func fileUnique(_ key: ObjectKey, _ value: Value, at position: Int) throws {
        // The column's spec (its name) is copied only on the paths that need more than its key.
        guard let index = try index(spec.columns[position].key) else {
            throw StorageError.corrupt("\(spec.name).\(spec.columns[position].name) is unique but has no index")
        }
        if try index.addIfAbsent(key, hash: ValueCodec.indexHash(value)) { return }
        let column = spec.columns[position]
        if !ValueCodec.indexHashIsExact(value, in: column) {
            try checkUnique(column, value, except: nil)
            try index.add(key, for: value)
            return
        }
        throw StorageError.duplicateKey(table: spec.name, column: column.name, value: value.description)
    }

    /// Whether a column of the table holds links or backlinks: deleting its objects may then change other objects
    /// (links to them cleared, embedded objects deleted with their owner).
    package var holdsOrReceivesLinks: Bool { spec.columns.contains { $0.isLink || $0.type == .backlink } }

    /// Whether the table has a backlink column (whose values no caller sets).
    var hasBacklinkColumns: Bool { spec.shape.hasBacklinks }

    /// Replaces one value (already validated), moving the object between index entries.
    func setValue(_ key: ObjectKey, _ column: ColumnKey, _ value: Value) throws {
        try setValue(key, position: position(column), value)
    }

    /// Sets the column at `position` (see ``position(_:)``) of an object (already validated), refiling it
    /// in the column's index.
    func setValue(_ key: ObjectKey, position: Int, _ value: Value) throws {
        if spec.columns[position].indexed {
            let column = spec.columns[position].key
            let old = try self.value(key, column)
            if old != value {
                try index(column)!.remove(key, for: old)
                try index(column)!.add(key, for: value)
            }
        }
        if holdsCollectionTrees(position) {
            try releaseCollection(in: try tree.cell(key.rawValue, column: position), position: position)
        }
        let cell = try self.cell(for: value, position: position, owner: key)
        guard try tree.set(key.rawValue, column: position, to: cell) else {
            throw StorageError.schema("table \(self.spec.name) has no object \(key)")
        }
    }

    /// Removes an object and its index entries.
    func removeRow(_ key: ObjectKey) throws {
        for column in spec.columns where column.indexed {
            try index(column.key)!.remove(key, for: try value(key, column.key))
        }
        try releaseCollections(of: key)
        guard try tree.remove(key.rawValue) else {
            throw StorageError.schema("table \(spec.name) has no object \(key)")
        }
        spec.objectCount -= 1
    }

    /// Removes every object and empties every index.
    func removeAllRows() throws {
        for position in spec.traits.indices { try releaseCollections(inColumn: position) }
        try tree.removeAll()
        for column in spec.columns where column.indexed { try index(column.key)!.removeAll() }
        spec.objectCount = 0
    }

    /// Adds a column (filled with its default in every object); returns its spec with its key.
    func addColumn(_ column: ColumnSpec) throws -> ColumnSpec {
        guard spec.column(named: column.name) == nil else {
            throw StorageError.schema("table \(spec.name) already has a column named \(column.name)")
        }
        var column = column
        column.key = ColumnKey(spec.nextColumnKey)
        column.indexed = false
        column.indexRoot = .none
        spec.nextColumnKey += 1
        spec.columns.append(column)
        tree.changeLayout(to: spec.layout)
        return column
    }

    /// Removes a column and its index.
    func removeColumn(_ column: ColumnKey) throws {
        let position = try position(column)
        if spec.columns[position].indexed { try removeIndex(column) }
        try releaseCollections(inColumn: position)
        spec.columns.remove(at: position)
        tree.changeLayout(to: spec.layout)
    }

    /// Builds an index over `column`; with `unique`, fails on duplicate values.
    func addIndex(_ column: ColumnKey, unique: Bool) throws {
        let position = try position(column)
        guard spec.columns[position].supportsIndex else {
            throw StorageError.schema("\(spec.name).\(spec.columns[position].name) cannot be indexed")
        }
        if spec.columns[position].indexed { try removeIndex(column) }
        spec.columns[position].indexed = true
        spec.columns[position].unique = unique
        spec.columns[position].indexRoot = .none
        dropCachedIndex(column)
        let index = try self.index(column)!
        for key in try keys() {
            let value = try self.value(key, column)
            if unique, !(try index.candidates(for: value).filter { try self.value($0, column) == value }.isEmpty) {
                throw StorageError.duplicateKey(
                    table: spec.name,
                    column: spec.columns[position].name,
                    value: value.description
                )
            }
            try index.add(key, for: value)
        }
    }

    /// Drops the index of `column`.
    func removeIndex(_ column: ColumnKey) throws {
        let position = try position(column)
        guard spec.columns[position].indexed else { return }
        try index(column)!.removeAll()
        spec.columns[position].indexed = false
        spec.columns[position].unique = false
        spec.columns[position].indexRoot = .none
        dropCachedIndex(column)
    }

    /// Files the index entries waiting for the commit (SearchIndex.swift) in their trees. The commit calls it before
    /// it sizes what it writes, since filing them copies index leaves; `write(to:)` files any left.
    func flushIndexes() throws {
        for column in spec.columns where column.indexed { try index(column.key)!.flush() }
    }

    /// Writes the table's dirty nodes and returns its spec with the new roots.
    func write(to sink: any NodeSink) throws -> TableSpec {
        try writePendingCollections(to: sink)
        var result = spec
        result.root = try tree.write(to: sink)
        for position in result.columns.indices where result.columns[position].indexed {
            let index = try index(result.columns[position].key)!
            try index.flush()
            result.columns[position].indexRoot = try index.tree.write(to: sink)
        }
        return result
    }

    /// Releases every node of the table (it is being removed).
    func releaseAll() throws {
        try removeAllRows()
    }
}

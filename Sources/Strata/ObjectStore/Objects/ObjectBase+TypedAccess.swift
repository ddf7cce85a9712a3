import StrataCore

// The typed reads and writes `Persisted`'s inlinable accessors call. A live object whose row is current reads and
// writes `Int`, `Double`, `Bool` and `String` values through its borrowed row (LiveRow.swift, RowReader.swift in
// StrataCore) with no reference counting; everything else, and every misuse, takes the binding's general path. They use
// the object's binding in place (a copy would retain each of its references), behind a call the accessors' module does
// not see into.
extension ObjectBase {
    /// Whether the object is managed (reading `binding` from another module would copy it).
    @usableFromInline
    var isBound: Bool { binding != nil }

    /// The engine value of property `index` of this managed object. A live object (confined to its realm's
    /// actor) reads through its row cache, in place; a frozen one, which many tasks may read at once, reads
    /// without touching its binding.
    @inline(__always)
    func boundEngineValue(_ index: Int) -> StrataCore.Value {
        binding!.engineValue(index, of: self)
    }

    /// The Swift value of property `index` of this managed object (live or frozen, as ``boundEngineValue(_:)``).
    func boundValue(_ index: Int) -> Any {
        binding!.get(index, of: self)
    }

    /// The value of property `index` of this managed object: through the live row's `read` when the row is current,
    /// else from the engine value through `general` (nil: not stored as that type).
    @inline(__always)
    private func typedValue<T>(
        _ index: Int,
        _ read: (RowReader, ColumnKey) -> T?,
        _ general: (StrataCore.Value) -> T?
    ) -> T? {
        if let (reader, column) = liveReader.current(index) ?? locatedReader(index), let value = read(reader, column) {
            return value
        }
        return general(boundEngineValue(index))
    }

    /// The value of `Int` property `index` of this managed object (nil: not stored as an `Int`).
    @usableFromInline
    func boundInt(_ index: Int) -> Int? {
        typedValue(index, { $0.int($1).map(Int.init) }, { if case .int(let value) = $0 { Int(value) } else { nil } })
    }

    /// The value of `Double` property `index` of this managed object (nil: not stored as a `Double`).
    @usableFromInline
    func boundDouble(_ index: Int) -> Double? {
        typedValue(index, { $0.double($1) }, { if case .double(let value) = $0 { value } else { nil } })
    }

    /// The value of `Bool` property `index` of this managed object (nil: not stored as a `Bool`).
    @usableFromInline
    func boundBool(_ index: Int) -> Bool? {
        typedValue(index, { $0.bool($1) }, { if case .bool(let value) = $0 { value } else { nil } })
    }

    /// The value of `String` property `index` of this managed object (nil: not stored as a `String`).
    @usableFromInline
    func boundString(_ index: Int) -> String? {
        typedValue(index, { $0.string($1) }, { if case .string(let value) = $0 { value } else { nil } })
    }

    /// Writes property `index` of this live object in place with `write` (a typed set of WriteTransaction+TypedSets.swift
    /// given the transaction, the column, the table, the key and the row's reader), when the row is current and the
    /// realm is in a write; false when the general path must write it (and check and report what is wrong).
    @inline(__always)
    func setInPlace(
        _ index: Int,
        _ write: (WriteTransaction, ColumnKey, Table, ObjectKey, RowReader) -> Bool
    ) -> Bool {
        let row = liveReader
        guard let (reader, column) = row.current(index), let state = row.state, let leaf = row.leaf,
            let resolved = row.resolved
        else { return false }
        return state._withUnsafeGuaranteedRef { state in
            let (tableKey, primaryKey) = resolved._withUnsafeGuaranteedRef { ($0.tableKey, $0.info.primaryKeyIndex) }
            return leaf._withUnsafeGuaranteedRef { leaf in
                // Borrowed: the write only sets a cell, so the transaction and the leaf's table outlive it.
                guard index != primaryKey,
                    state.withOwnedWrite({ transaction in
                        leaf.borrowedTable._withUnsafeGuaranteedRef { write(transaction, column, $0, row.key, reader) }
                    }) == true
                else { return false }
                // The rows of the leaf stay where they are: the leaf stays current (LiveRow.swift).
                state.touch(tableKey)
                leaf.advance(to: state.generation)
                return true
            }
        }
    }

    /// The reader of this live object's row and the column of property `index`, after finding the row (once per
    /// version of the realm); nil for a frozen object, a misuse or a property the reader does not cover.
    @inline(never)
    func locatedReader(_ index: Int) -> (RowReader, ColumnKey)? {
        guard !liveReader.frozen, binding?.locateForReads(self) == true else { return nil }
        return liveReader.current(index)
    }

    /// Sets `Int` property `index` of this managed object.
    @usableFromInline
    func setBoundInt(_ index: Int, _ value: Int) {
        if setInPlace(index, { $0.setInPlace(int: Int64(value), of: $1, in: $2, object: $3, reader: $4) }) { return }
        binding!.setInt(index, value, of: self)
    }

    /// Sets `Double` property `index` of this managed object.
    @usableFromInline
    func setBoundDouble(_ index: Int, _ value: Double) {
        if setInPlace(index, { $0.setInPlace(double: value, of: $1, in: $2, object: $3, reader: $4) }) { return }
        binding!.setDouble(index, value, of: self)
    }

    /// Sets `Bool` property `index` of this managed object.
    @usableFromInline
    func setBoundBool(_ index: Int, _ value: Bool) {
        if setInPlace(index, { $0.setInPlace(bool: value, of: $1, in: $2, object: $3, reader: $4) }) { return }
        binding!.setBool(index, value, of: self)
    }

    /// Sets `String` property `index` of this managed object.
    @usableFromInline
    func setBoundString(_ index: Int, _ value: String) {
        if setInPlace(index, { $0.setInPlace(string: value, of: $1, in: $2, object: $3, reader: $4) }) { return }
        binding!.setString(index, value, of: self)
    }

    /// Sets property `index` of this managed object to a Swift value of any type.
    @usableFromInline
    func setBound(_ index: Int, _ value: Any) { binding!.set(index, value) }
}

import StrataCore

/// Binds a managed object to its row: where it reads from, its table and its key.
///
/// A value stored in the object itself (``ObjectBase/binding``): its key and a ``BindingContext`` shared with the
/// other objects made with it, so that an object made by a `Results` iterator is one allocation and one strong
/// reference. A binding never changes after it is made, but for its key when an iteration rebinds an object no one
/// else holds (ObjectRecycler.swift): the hot paths call it in place
/// (`object.binding!.engineValue(i, of: object)`), and a live object's row, found once per version of its realm,
/// is kept beside it in the object (``ObjectBase/liveRow``). Frozen objects, which many tasks read at once, read
/// through `readValue(_:)`, which keeps nothing.
@usableFromInline
struct ObjectBinding {
    /// What the binding shares with the other objects of its table made together (a `Results` iterator's).
    let context: BindingContext
    /// Changed in place only by ``ObjectBase/recycle(to:in:found:)``, which rebinds an object no one else holds.
    var key: ObjectKey

    init(source: RealmSource, table: ResolvedTable, key: ObjectKey) {
        self.init(context: BindingContext.of(source, table), key: key)
    }

    init(context: BindingContext, key: ObjectKey) {
        self.context = context
        self.key = key
    }

    var source: RealmSource { context.source }
    var table: ResolvedTable { context.table }
    /// The realm's epoch when the binding was made (see `Realm.invalidate()`).
    var epoch: Int { context.epoch }
    /// For live objects, the realm's state, borrowed (see ``BindingContext``).
    private var liveState: Unmanaged<RealmState>? { context.liveState }

    /// Whether the realm was invalidated or closed since the binding was made.
    var realmInvalidated: Bool {
        guard let state = source.liveStateIfConfined("object") else { return false }
        return state.isClosed || state.epoch != epoch
    }

    /// Creates a managed instance of `table`'s class for `key`.
    static func makeObject(source: RealmSource, table: ResolvedTable, key: ObjectKey) -> ObjectBase {
        makeObject(BindingContext.of(source, table), key)
    }

    /// Creates a managed instance of `context`'s table's class for `key`, sharing `context`.
    static func makeObject(_ context: BindingContext, _ key: ObjectKey) -> ObjectBase {
        let type = context.type
        // An encodable model's wrappers are marked, so that synthesized coding refuses the managed object.
        let object = context.isEncodable ? PersistedSerial.makingManaged { type.init() } : type.init()
        // Before any other thread can reach the object (see PersistedSlots.swift).
        context.table.info.slotFields.stamp(object)
        object.binding = ObjectBinding(context: context, key: key)
        return object
    }

    /// A managed object of `table` as a collection's element type (`DynamicObject` for dynamic collections, a
    /// projection of the object for ``Results`` of a ``Projection`` class).
    static func makeElement<Element>(
        _: Element.Type,
        _ source: RealmSource,
        _ table: ResolvedTable,
        _ key: ObjectKey
    ) -> Element {
        makeElement(Element.self, BindingContext.of(source, table), key)
    }

    /// A managed object of `context`'s table as a collection's element type (see above), sharing `context`: the
    /// objects a `Results` iterator makes share one. With `found` (`key`'s row, from the iterator's
    /// ``ResultRowBinder``), the object keeps that row.
    static func makeElement<Element>(
        _: Element.Type,
        _ context: BindingContext,
        _ key: ObjectKey,
        found: FoundRow? = nil
    ) -> Element {
        if Element.self == DynamicObject.self {
            let object = DynamicObject()
            object.binding = ObjectBinding(context: context, key: key)
            if let found { object.keepFound(found, key: key, in: context) }
            return object as! Element
        }
        let object = makeObject(context, key)
        if let found { object.keepFound(found, key: key, in: context) }
        // The object is an instance of the table's class: when that is `Element` itself, no cast is needed.
        // Proof of the `unsafeBitCast`: `makeObject` made `object` with `context.type.init()`, and the identity
        // test shows `Element` is that very class, so both sides are one strong reference to the same instance.
        if ObjectIdentifier(context.type) == ObjectIdentifier(Element.self) {
            return unsafeBitCast(object, to: Element.self)
        }
        if let projection = Element.self as? any ProjectionObservable.Type {
            return projection.projecting(object) as! Element
        }
        return object as! Element
    }

    var realm: Realm? {
        switch source {
        case .live(let realm): return realm
        case .frozen(let snapshot): return snapshot.realm
        }
    }

    var isFrozen: Bool { source.isFrozen }

    var databasePath: String { source.databasePath }

    var isInvalidated: Bool {
        if realmInvalidated { return true }
        return source.read("object") { reader in
            do {
                return try !reader.table(table.tableKey).contains(key)
            } catch {
                // Damage stops (ReadFailure.swift); anything else (no such table) means the object is gone.
                if ReadFailure.isDamage(error) { ReadFailure.stop(error, reading: "the \(table.className) object") }
                return true
            }
        }
    }

    private var invalidatedMessage: String {
        RealmError.objectInvalidated("The \(table.className) object").description
    }

    /// The engine value of property `index`; stops with Realm's message if the object is gone. A live object's
    /// row is found once per version of its realm and kept in `object.liveRow` (nil `object`: found each time).
    func engineValue(_ index: Int, of object: ObjectBase?) -> StrataCore.Value {
        if let object, let liveState, let position = table.scalarPositions[index] {
            // Borrowed, not retained: `source` holds the realm, which holds its state.
            return liveState._withUnsafeGuaranteedRef { state in liveValue(position, state, object) }
        }
        return readValue(index)
    }

    /// The value of the scalar column at `position` of a live object, read through `object.liveRow`.
    private func liveValue(_ position: Int, _ state: RealmState, _ object: ObjectBase) -> StrataCore.Value {
        guard state.isConfined else { preconditionFailure(RealmSource.confinementMessage("object")) }
        guard !state.isClosed, state.epoch == epoch else { preconditionFailure(invalidatedMessage) }
        // Live objects belong to one actor: their row is found once per version of the realm (every write bumps
        // the generation), and each read goes straight to the row's leaf.
        do {
            let generation = state.generation
            if !object.liveRow.isKnown(at: generation) { try locateRow(generation, state, object) }
            guard let (rows, location) = object.liveRow.current(at: generation) else {
                throw RealmError.objectInvalidated("object")
            }
            return try rows.value(at: location, column: table.scalarColumns[position])
        } catch {
            ReadFailure.stop(error, reading: "the \(table.className) object", otherwise: invalidatedMessage)
        }
    }

    /// Finds the row of live `object` (bound by this binding) for typed reads if it is not current, when the caller may
    /// read it (on the realm's thread, the realm open and not invalidated since the binding was made); false sends
    /// the read down the general path, which reports what is wrong.
    func locateForReads(_ object: ObjectBase) -> Bool {
        guard let liveState else { return false }
        return liveState._withUnsafeGuaranteedRef { state in
            guard state.isConfined, !state.isClosed, state.epoch == epoch else { return false }
            let generation = state.generation
            // A failure is reported here: `locateRow` leaves the generation with no row, so the general path would
            // take damage for a deleted object.
            if !object.liveRow.isKnown(at: generation) {
                do {
                    try locateRow(generation, state, object)
                } catch {
                    ReadFailure.stop(error, reading: "the \(table.className) object", otherwise: invalidatedMessage)
                }
            }
            return true
        }
    }

    /// The engine value of property `index`, read without the row cache: the path of frozen objects, which any
    /// number of tasks read at once, and of reads that have no object to keep a row in (nothing here writes).
    func readValue(_ index: Int) -> StrataCore.Value {
        if realmInvalidated { preconditionFailure(invalidatedMessage) }
        let (tableKey, key, column) = (table.tableKey, key, table.column(index))
        let message = invalidatedMessage
        return source.read("object") { reader in
            do {
                return try reader.table(tableKey).value(key, column)
            } catch {
                ReadFailure.stop(error, reading: "the \(table.className) object", otherwise: message)
            }
        }
    }

    /// Finds the row of live `object` (bound by this binding) for the realm's `generation`, in the version
    /// `state` (already checked to be confined to the caller) reads; no row when the object is gone.
    /// The object keeps what it finds with one assignment (a failure keeps the generation with no row; every
    /// caller stops with the error, so it is never taken for a deleted object).
    private func locateRow(_ generation: Int, _ state: RealmState, _ object: ObjectBase) throws {
        // The leaf the realm found last first: the next object of a walk in key order is on its next row.
        if let leaf = state.liveLeaf, let reader = leaf.reader(of: key, in: table.tableKey, at: generation) {
            keep(reader, in: leaf, for: object)
            return
        }
        do {
            let rows = try state.table(table.tableKey)
            guard let location = try rows.locate(key) else {
                object.keepRow(LiveRow(missingAt: generation), LiveRowReader())
                return
            }
            keep(location, in: rows, generation: generation, for: object)
        } catch {
            object.keepRow(LiveRow(missingAt: generation), LiveRowReader())
            throw error
        }
    }

    /// Keeps `location`, the row of live `object` (bound by this binding) in `rows` as the realm reads it at
    /// `generation`, in the object, with its borrowed reader; its leaf becomes the realm's last found.
    func keep(_ location: RowLocation, in rows: Table, generation: Int, for object: ObjectBase) {
        guard let liveState else { return }
        let leaf = liveState._withUnsafeGuaranteedRef { state in
            // The realm's last leaf, when no object holds it any more, is made this one in place.
            if isKnownUniquelyReferenced(&state.liveLeaf), let leaf = state.liveLeaf {
                leaf.reuse(table: rows, tableKey: table.tableKey, location: location, generation: generation)
                return leaf
            }
            let leaf = LiveLeaf(table: rows, tableKey: table.tableKey, location: location, generation: generation)
            state.liveLeaf = leaf
            return leaf
        }
        keep(leaf.firstReader, in: leaf, for: object)
    }

    /// Keeps the row `reader` reads in `leaf` in live `object` (bound by this binding).
    @inline(__always)
    private func keep(_ reader: RowReader, in leaf: LiveLeaf, for object: ObjectBase) {
        object.keepRow(
            LiveRow(leaf: leaf, row: reader.rowIndex),
            LiveRowReader(
                leaf: Unmanaged.passUnretained(leaf),
                reader: reader,
                state: liveState,
                resolved: Unmanaged.passUnretained(table),
                key: key
            )
        )
    }

    // Typed reads and writes for `Persisted`'s specialized accessors: the common property types skip boxing
    // their values as `Any`. A read returns nil when the stored value is not of the type (the general path
    // then reports it).

    /// Sets `Int` property `index` of `object` (which this binding binds).
    func setInt(_ index: Int, _ value: Int, of object: ObjectBase) { setPlain(index, .int(Int64(value)), object) }

    /// Sets `Double` property `index` of `object`.
    func setDouble(_ index: Int, _ value: Double, of object: ObjectBase) { setPlain(index, .double(value), object) }

    /// Sets `Bool` property `index` of `object`.
    func setBool(_ index: Int, _ value: Bool, of object: ObjectBase) { setPlain(index, .bool(value), object) }

    /// Sets `String` property `index` of `object`.
    func setString(_ index: Int, _ value: String, of object: ObjectBase) { setPlain(index, .string(value), object) }

    private func setPlain(_ index: Int, _ newValue: StrataCore.Value, _ object: ObjectBase) {
        let state = writableState(index)
        do {
            // A row found in this version (the usual read-then-write of a property) is written in place when the
            // engine can; the row stays where it is, so it is still found for the next version.
            let column = table.column(index)
            if let (rows, location) = object.liveRow.current(at: state.generation),
                let write = state.ownedWrite,
                try realmErrors({ try write.setInPlace(newValue, of: column, in: rows, object: key, at: location) })
            {
                state.touch(table.tableKey)
                // The rows of the leaf stay where they are: the leaf stays current.
                object.liveRow.leaf?.advance(to: state.generation)
                return
            }
            try state.setPlain(newValue, of: self, column: column)
        } catch {
            ReadFailure.stop(error, reading: "the \(table.className) object", otherwise: "\(error)")
        }
    }

    /// The live realm's state for a write to property `index`; stops with Realm's message outside a write,
    /// on a frozen object or for a primary key.
    private func writableState(_ index: Int) -> RealmState {
        let state = source.liveState("\(table.className) object").1
        _ = state.writer("modify a managed object")
        // A migration may set primary keys (the models' indexes are applied after its block), as in Realm.
        if index == table.info.primaryKeyIndex && !state.isMigration {
            preconditionFailure("Primary key can't be changed after an object is inserted.")
        }
        return state
    }

    /// The Swift value of property `index` of live `object` (its row cache is used and updated).
    func get(_ index: Int, of object: ObjectBase?) -> Any {
        let property = table.info.properties[index]
        if property.typeInfo.isLinkingObjects || property.typeInfo.collection != .single {
            // The collection the object gave for the property before: the unmanaged one it held when it was added
            // (AdoptableCollection), or the one its first read made.
            if let kept = object?.adoptedCollections?[index] { return kept }
            let made = collection(index)
            // A live object gives the same list, set or map on every read, as Realm's object caches it. Only a live
            // one keeps it: `collection(index)` just checked that this runs on its realm's thread, which is the
            // only one that reads or writes a live object's collections. A frozen object, which many tasks read
            // at once, keeps nothing and makes one on every read.
            if let object, liveState != nil, let cached = made as? any AssignableCollection {
                object.adoptedCollections = (object.adoptedCollections ?? [:]).merging([index: cached]) { $1 }
            }
            return made
        }
        let value = engineValue(index, of: object)
        if property.typeInfo.type == .any,
            let nested = ManagedCollectionBacking.mixedCollection(value, owner: self, property: index, path: [])
        {
            return nested
        }
        return ValueConversion.swiftValue(value, as: property.valueType, source: source)
    }

    /// The Swift value of property `index`, read without the row cache (see ``readValue(_:)``).
    func read(_ index: Int) -> Any {
        let property = table.info.properties[index]
        if property.typeInfo.isLinkingObjects || property.typeInfo.collection != .single {
            return collection(index)
        }
        let value = readValue(index)
        if property.typeInfo.type == .any,
            let nested = ManagedCollectionBacking.mixedCollection(value, owner: self, property: index, path: [])
        {
            return nested
        }
        return ValueConversion.swiftValue(value, as: property.valueType, source: source)
    }

    private func collection(_ index: Int) -> Any {
        let property = table.info.properties[index]
        guard let collection = property.valueType as? any ManagedCollectionFactory.Type else {
            preconditionFailure("\(property.valueType) is not a collection")
        }
        _ = engineValueIfPresent(index)
        return collection.makeManaged(owner: self, property: index)
    }

    /// List, set or map property `index` of objects as a collection of dynamic objects (a `List<DynamicObject>`,
    /// `MutableSet<DynamicObject>` or `Map<String, DynamicObject?>` over the stored collection, whose elements are
    /// bound to the table the property links to); nil for any other property. Stops with Realm's message if the
    /// object is gone.
    func dynamicCollection(_ index: Int) -> Any? {
        let type = table.info.properties[index].typeInfo
        guard type.objectClass != nil, !type.isLinkingObjects, type.collection != .single else { return nil }
        _ = engineValueIfPresent(index)
        let backing = ManagedCollectionBacking(owner: self, property: index)
        switch type.collection {
        case .list: return List<DynamicObject>(backing: backing)
        case .set: return MutableSet<DynamicObject>(backing: backing)
        case .dictionary: return Map<String, DynamicObject?>(backing: backing)
        case .single: return nil
        }
    }

    private func engineValueIfPresent(_ index: Int) -> Bool {
        source.read("object") { reader in
            let present: Bool
            do {
                present = try reader.table(table.tableKey).contains(key)
            } catch {
                ReadFailure.stop(error, reading: "the \(table.className) object", otherwise: invalidatedMessage)
            }
            guard present else { preconditionFailure(invalidatedMessage) }
            return true
        }
    }

    /// Sets property `index`; stops with Realm's message outside a write, on a frozen object or for a
    /// primary key change.
    func set(_ index: Int, _ value: Any) {
        let state = writableState(index)
        guard case .live(let realm) = source else { preconditionFailure("a writable object has a live realm") }
        do {
            try state.setProperty(table.info.properties[index], of: self, to: value, realm: realm)
        } catch {
            ReadFailure.stop(error, reading: "the \(table.className) object", otherwise: "\(error)")
        }
    }

    /// A frozen copy of `object` at the realm's current version: in a write transaction, the version the
    /// transaction started from.
    /// - Throws: ``RealmError/invalidValue(_:)`` with Realm Swift's message for an object created in the open write
    ///   transaction, which that version does not hold (unless a ``ThreadSafeReference`` is being made: it resolves by
    ///   key after the commit); ``RealmError/tooManyActiveVersions(_:)`` when one more version cannot be pinned.
    func frozenCopy<T: ObjectBase>(of object: T) throws -> T {
        switch source {
        case .frozen: return object
        case .live(let realm):
            let snapshot = try realm.makeFrozenSnapshot()
            let copy = T()
            copy.binding = ObjectBinding(source: .frozen(snapshot), table: table, key: key)
            if copy.isInvalidated, !object.isInvalidated, !ThreadSafeReferenceFreezing.active {
                throw RealmError.invalidValue(
                    "Cannot freeze an object in the same write transaction as it was created in."
                )
            }
            return copy
        }
    }

    /// The live object for a frozen one, in the realm whose block is running (see `RealmSource.thawingRealm()`).
    func thawedCopy<T: ObjectBase>(of object: T) -> T? {
        guard case .frozen = source else { return object }
        return source.thawingRealm().liveObject(T.self, table: table, key: key)
    }
}

import Foundation
import StrataCore

/// An open realm: an actor that owns a pinned version of one database file and at most one write
/// transaction.
///
/// ```swift
/// let realm = try await Realm(configuration: .init(objectTypes: [Person.self]))
/// try await realm.write { realm in
///     try realm.add(Person(value: ["name": "Ada", "age": 36]))
/// }
/// let count = await realm.read { realm in realm.objects(Person.self).count }
/// ```
///
/// Objects and collections read from a realm are confined to its actor, as Realm confines them to a
/// thread: use them inside ``read(_:)`` and ``write(_:)``, ``Object/freeze()`` them to hand a
/// snapshot to another task.
public actor Realm {
    // Every `nonisolated` member below is a `let` of a Sendable type, or a computed property or static function
    // that reads only such `let`s (or a task-local): the compiler checks both, and none reaches the mutable
    // `state` except through `access`, whose accessor checks at run time that the caller is on the realm's thread.

    /// How the realm was opened.
    public nonisolated let configuration: Configuration
    /// The realm's mutable state, owned by the actor (``state``); nonisolated code reaches it through the
    /// checked accessor.
    nonisolated let access: RealmStateAccess
    /// Set for a frozen realm: the version it reads.
    nonisolated let frozenSnapshot: FrozenSnapshot?
    /// For an in-memory realm: keeps its data while this instance lives.
    nonisolated let inMemoryLease: InMemoryLease?
    /// This realm's share of its file's coordinator, which owns the thread the realm's actor runs on.
    nonisolated let fileLease: FileLease

    /// The executor the realm runs on: a thread Strata owns for the realm's file, so that the realm's blocking
    /// file work (opening, growing, syncing commits) never holds a thread of the cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        fileLease.executor.asUnownedSerialExecutor()
    }

    /// The realm's executor as a task executor: the thread Strata owns for the realm's file.
    ///
    /// A batch job that awaits many writes from a pool task pays a thread hand-over at each one (the pool
    /// thread parks while the realm's thread commits, then wakes). Run the job with this executor as its
    /// preference and its awaits of the realm need no hand-over at all: the job's own code runs on the realm's
    /// thread.
    ///
    /// ```swift
    /// try await withTaskExecutorPreference(realm.taskExecutor) {
    ///     for names in batches {
    ///         try await realm.write { realm in
    ///             for name in names { try realm.add(Dog(value: ["name": name])) }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Use it for a loop of awaited writes that does little besides; keep request handlers and CPU-heavy work
    /// on the cooperative pool, since everything that prefers this executor runs on one thread, taking turns
    /// with every realm of the file.
    public nonisolated var taskExecutor: any TaskExecutor { fileLease }

    /// The realm's state (isolated: the actor's code runs on its executor).
    var state: RealmState { access.isolated }

    /// The path of the realm's file, computed once (the configuration's `path` builds it from a URL each time).
    nonisolated var path: String { fileLease.path }

    /// A frozen realm over `snapshot`.
    init(frozen snapshot: FrozenSnapshot) {
        configuration = snapshot.configuration
        let lease = FileLease(path: snapshot.databasePath)
        fileLease = lease
        access = RealmStateAccess(
            RealmState(database: snapshot.database, coordinator: lease.coordinator, schema: snapshot.schema)
        )
        frozenSnapshot = snapshot
        inMemoryLease = nil
    }

    /// The realm a migration's new objects belong to: live, on the executor the opening runs on (the caller's: it
    /// stops otherwise), with `schema` resolved in the migration's write transaction, which
    /// ``beginMigration(_:)`` hands it.
    ///
    /// Every write path of a live realm works on it (links, lists, sets, maps, `dynamicCreate`, delete). It never
    /// commits, cancels or closes the write: the migrator ends it with ``endMigration()``, which detaches the write
    /// (the opening code commits it) and closes the realm, so the objects kept past the migration read as
    /// invalidated.
    init(migrating database: Database, schema: ResolvedSchema, configuration: Configuration) {
        self.configuration = configuration
        let lease = FileLease(path: configuration.path)
        precondition(lease.executor.isCurrent, "Strata: a migration runs on the executor of the realm it opens")
        fileLease = lease
        let state = RealmState(database: database, coordinator: lease.coordinator, schema: schema)
        state.isMigration = true
        access = RealmStateAccess(state)
        frozenSnapshot = nil
        inMemoryLease = nil
    }

    /// Opens (creating if needed) the realm described by `configuration`, migrating it if its schema
    /// version is older.
    /// - Throws: ``RealmError`` for a damaged or foreign file, an invalid model, or a schema change
    ///   without a higher schema version.
    /// - Parameter configuration: where the file is and how to open it; ``Configuration-swift.struct/defaultConfiguration``
    ///   when omitted.
    /// - Note: Differs from Realm Swift: opening is `async` and gives a new actor on every call, where Realm Swift's
    ///   `Realm(configuration:)` is synchronous and hands out one cached instance per thread.
    public init(configuration: Configuration = .defaultConfiguration) async throws {
        self.configuration = configuration
        let lease = FileLease(path: configuration.path)
        inMemoryLease = configuration.inMemoryIdentifier == nil ? nil : InMemoryLease(lease.coordinator)
        let (database, schema, replication): (Database, ResolvedSchema, (any ReplicationAttachment)?)
        do {
            (database, schema, replication) = try await Self.openOnExecutor(configuration, lease.executor)
        } catch {
            configuration.log(
                .error,
                .lifecycle,
                "opening \(configuration.path) failed: \(error)",
                metadata: ["path": configuration.path]
            )
            throw error
        }
        fileLease = lease
        let state = RealmState(database: database, coordinator: lease.coordinator, schema: schema)
        state.replicationAttachment = replication
        access = RealmStateAccess(state)
        frozenSnapshot = nil
    }

    /// Opens (creating if needed) the realm file at `fileURL`, with the default configuration's other settings.
    ///
    /// ```swift
    /// let realm = try await Realm(fileURL: URL(fileURLWithPath: "inventory.realm"))
    /// ```
    /// - Parameter fileURL: the file of the realm.
    /// - Throws: as ``init(configuration:)``.
    public init(fileURL: URL) async throws {
        var configuration = Configuration.defaultConfiguration
        configuration.fileURL = fileURL
        try await self.init(configuration: configuration)
    }

    /// The realm's object types.
    public var schema: Schema { state.schema.schema }

    /// Whether this realm is frozen: an immutable snapshot of one version, usable from any task.
    public nonisolated var isFrozen: Bool { frozenSnapshot != nil }

    /// A frozen realm: an immutable snapshot of the current version whose objects and results any task
    /// may read.
    ///
    /// ```swift
    /// let snapshot = try await realm.read { realm in try realm.freeze() }
    /// let dogs = await snapshot.objects(Dog.self)   // frozen results: read them from any task
    /// ```
    /// - Throws: ``RealmError/tooManyActiveVersions(_:)`` when the limit of pinned versions is reached.
    /// - Returns: the frozen realm (the same instance while a frozen realm of this version is held); a frozen
    ///   realm returns itself.
    public func freeze() throws -> Realm {
        if frozenSnapshot != nil { return self }
        return try makeFrozenSnapshot().realm
    }

    /// A live realm on this frozen realm's file, at the newest version: Realm Swift's `thaw()` of a frozen realm.
    ///
    /// ```swift
    /// let snapshot = try await realm.freeze()
    /// let live = try await snapshot.thaw()
    /// try await live.write { realm in try realm.add(Dog()) }
    /// ```
    /// - Returns: a new live realm with this realm's configuration; a live realm returns itself.
    /// - Throws: as ``init(configuration:)`` (a file deleted or damaged since, say).
    /// - Note: Differs from Realm Swift: opening a live realm is `async` and may throw, so `thaw()` is too.
    public func thaw() async throws -> Realm {
        guard frozenSnapshot != nil else { return self }
        return try await Realm(configuration: configuration)
    }

    /// Whether the realm holds no objects (a write transaction's own changes count).
    ///
    /// ```swift
    /// let empty = await realm.isEmpty
    /// ```
    /// - Complexity: O(t) for t tables.
    public var isEmpty: Bool {
        source.read("Realm") { reader in
            reader.tableSpecs.allSatisfy { spec in
                spec.name.hasPrefix("__strata_")
                    || ReadFailure.reading("the realm", { try reader.table(spec.key).count }) == 0
            }
        }
    }

    /// Whether the realm moves to the newest version by itself when another realm on its file commits.
    ///
    /// True by default; false, and not settable to true, for a frozen realm. With it on, another realm's commit
    /// in this process moves this one to the newest version (on its executor) and delivers its change streams;
    /// off, the realm stays at its version (`read` blocks included) until ``refresh()`` or a write, which always
    /// starts from the newest version.
    public var autorefresh: Bool {
        get { frozenSnapshot == nil && state.autorefresh }
        set {
            precondition(
                frozenSnapshot == nil || !newValue,
                "Auto-refresh cannot be enabled for frozen Realms."
            )
            state.autorefresh = newValue
        }
    }

    // MARK: Transactions

    /// Whether a write transaction of the calling task is open.
    ///
    /// While another task's transaction (begun with ``beginWrite()``) is open, this is false for the other tasks:
    /// their writes would not land in it.
    public var isInWriteTransaction: Bool { state.ownedWrite != nil }

    /// Runs `block` in a write transaction isolated to the realm and commits it durably; a block that
    /// throws rolls the transaction back and the error is rethrown.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     let dog = Dog(value: ["name": "Rex"])
    ///     try realm.add(dog)
    ///     dog.age += 1
    /// }
    /// ```
    ///
    /// The block receives the realm isolated, so it calls the realm's API synchronously, as do functions
    /// taking `isolated Realm` and methods of your own `extension Realm`. It is `@Sendable`, so it can be
    /// written in any context (the main actor included); create unmanaged objects inside it, or pass
    /// `Sendable` values in.
    /// - Throws: the block's error, or a ``RealmError`` if the commit fails (nothing is committed then);
    ///   `CancellationError`, without running the block, when the task is cancelled before the transaction
    ///   begins. Once the block runs, the commit completes whatever the task's cancellation.
    /// - Parameter block: the work of the transaction, given the realm isolated.
    /// - Returns: the block's value, once the transaction is durable.
    /// - Note: Differs from Realm Swift: the call is `async` and waits for the writer without blocking a thread,
    ///   the block is `@Sendable` and synchronous, and a nested write does not compile.
    @discardableResult
    public func write<Result: Sendable>(_ block: @Sendable (isolated Realm) throws -> Result) async throws -> Result {
        try await beginWrite()
        let result: Result
        do {
            result = try Realm.$current.withValue(self) { try block(self) }
        } catch {
            if state.ownedWrite != nil { cancelWrite() }
            throw error
        }
        if state.ownedWrite != nil { try await commitWriteSuspending() }
        return result
    }

    /// Runs `block` isolated to the realm, at the newest version.
    ///
    /// ```swift
    /// let names = await realm.read { realm in realm.objects(Dog.self).map(\.name) }
    /// ```
    ///
    /// The realm keeps its pinned version when no newer one exists, so consecutive blocks cost no more than
    /// the block itself. A newer version that fails its checks (damage another process wrote) stops the process
    /// with the damage, as ``refresh()`` does; when another process changed the schema under the realm's models, or
    /// ``Configuration/maximumNumberOfActiveVersions`` is reached, the block reads the realm's current version.
    /// - Parameter block: the reads, given the realm isolated.
    /// - Returns: the block's value.
    /// - Throws: the block's error.
    /// - Note: Strata addition: Realm Swift reads on the thread that owns the instance, with no block.
    public func read<Result: Sendable>(_ block: @Sendable (isolated Realm) throws -> Result) rethrows -> Result {
        // Another task's open transaction (begun with `beginWrite()`) is out of sight: the block reads the committed
        // version.
        try state.withCommittedView {
            if frozenSnapshot == nil, state.autorefresh { _ = advanceToNewest(logSchemaChange: false) }
            return try Realm.$current.withValue(self) { try block(self) }
        }
    }

    /// Begins a write transaction, waiting (without blocking a thread) for its turn: first for the tasks that share
    /// this realm and asked before, then for writers of other realms and processes on the file.
    ///
    /// The transaction belongs to the task that began it. Other tasks' ``write(_:)`` and `beginWrite()` wait until it
    /// ends; their write calls (`add`, `delete`, setting a property) throw
    /// ``RealmError/writeTransactionOfAnotherTask(_:)`` or stop with its message instead of landing in it, and their
    /// ``read(_:)`` blocks see the committed version.
    /// - Throws: ``RealmError`` on a frozen or read-only realm, on a closed realm (also when it is closed while this
    ///   call waits), ``RealmError/alreadyInWriteTransaction`` when this task's transaction is already open, or
    ///   ``RealmError/invalidSchemaChange(_:)`` when another process changed the schema under the realm's models;
    ///   `CancellationError` when the task is cancelled, before the call or while it waits, as Realm Swift's
    ///   `asyncWrite` does (no transaction is begun then).
    public func beginWrite() async throws {
        // Checked first, so that a cancelled task never begins a write, whether or not another task holds the turn
        // (waiting for one throws when cancelled).
        try Task.checkCancellation()
        try checkCanBeginWrite()
        // Waits resume on the realm's own thread, not by way of the cooperative pool (ResumeExecutor.swift).
        let executor = fileLease.executor
        if try !state.turns.tryAcquire() { try await resuming(on: executor) { try await state.turns.acquire() } }
        do {
            // The realm may have been closed or frozen meanwhile (the turn was given to this task at once, or at the
            // end of another task's transaction).
            try checkCanBeginWrite()
            let write = try await realmErrors { try await state.database.beginWrite(resumingOn: executor) }
            if write.lockWait > .zero { configuration.record(.writeLockWait(write.lockWait)) }
            do {
                guard !state.isClosed else { throw RealmError.closed }
                // Another process may have changed the schema under the realm's models: it then stays where it is.
                try state.followSchema(of: write)
            } catch {
                write.rollback()
                throw error
            }
            state.beginWrite(write, holdingTurn: true)
        } catch {
            // Still this task's turn (a transaction begun holds it until it ends; none was begun).
            state.turns.release()
            throw error
        }
    }

    /// How many tasks wait for their turn to begin a write transaction on this realm.
    var waitingWriters: Int { state.turns.waiterCount }

    private func checkCanBeginWrite() throws {
        guard frozenSnapshot == nil else { throw RealmError.frozen("a frozen Realm") }
        guard !state.isClosed else { throw RealmError.closed }
        guard state.ownedWrite == nil else { throw RealmError.alreadyInWriteTransaction }
        guard !configuration.readOnly else { throw RealmError.readOnly("write") }
    }

    /// Commits the write transaction durably.
    /// - Throws: ``RealmError/notInWriteTransaction(_:)`` without a write transaction, or the commit's
    ///   failure (nothing is committed then, and the realm stays usable).
    public func commitWrite() throws {
        try checkOwnsWrite("commit")
        guard let write = state.endWrite(rolledBack: false) else {
            throw RealmError.notInWriteTransaction("commit")
        }
        do {
            let result = try realmErrors { try write.commit() }
            configuration.reportCommit(result, database: state.database)
        } catch {
            state.commitFailed()
            configuration.reportCommitFailure(error, database: state.database)
            throw error
        }
        state.pinOwnCommit()
        deliverNotifications()
        fileLease.coordinator.committed(by: self)
    }

    /// Commits the write transaction durably, suspending (not blocking the realm's thread) until the sync
    /// that covers it: meanwhile other realms of the file reach the writer, and commits that queue together
    /// share one sync (group commit). Another call on this actor may run during the suspension; it reads the
    /// newest durable version.
    func commitWriteSuspending() async throws {
        try checkOwnsWrite("commit")
        guard let write = state.endWrite(rolledBack: false) else {
            throw RealmError.notInWriteTransaction("commit")
        }
        do {
            // Alone on the file's thread, a commit syncs there (no hand-over); otherwise it suspends and the
            // other realms' writes share its sync.
            let alone = !fileLease.executor.hasOtherJobs
            // Called here, not inside a closure: a closure that captures no isolated state is nonisolated, and the
            // commit (its writes and, alone, its fdatasync) would then run on the cooperative pool instead of
            // this realm's thread, with a hop there and back.
            let result: CommitResult
            do {
                result = try await write.commitSuspending(
                    syncInlineIfAlone: alone,
                    resumingOn: fileLease.executor,
                    isolation: self
                )
            } catch {
                throw RealmError.wrapping(error)
            }
            state.committed(result.version)
            configuration.reportCommit(result, database: state.database)
        } catch {
            state.commitFailed()
            configuration.reportCommitFailure(error, database: state.database)
            throw error
        }
        state.pinOwnCommit()
        deliverNotifications()
        fileLease.coordinator.committed(by: self)
    }

    /// Discards the write transaction's changes; objects added or created in it become invalidated.
    ///
    /// Called inside ``write(_:)``'s block, it ends the transaction there: `write` then returns the block's value
    /// without committing.
    /// - Precondition: a write transaction is open (as in Realm Swift, whose exception reads "Can't cancel a
    ///   non-existent write transaction").
    public func cancelWrite() {
        precondition(
            !state.isWriteOfAnotherTask,
            RealmError.writeTransactionOfAnotherTask("cancel a write transaction").description
        )
        guard let write = state.endWrite(rolledBack: true) else {
            preconditionFailure("Can't cancel a non-existent write transaction")
        }
        write.rollback()
        // Beginning the write moved the realm to the newest version: its observers hear of that move however the
        // write ends, as Realm's do (held back while the write was open).
        deliverNotifications()
    }

    /// Moves the realm to the newest version; returns whether there was a newer one.
    ///
    /// The newest version is the newest in the file, another process's commits included, whether or not the realm has
    /// change streams. A frozen realm never moves and returns false; so does a realm inside a write transaction, which
    /// already reads the newest version. When another process changed the schema in a way the realm's models cannot
    /// follow (it removed or retyped a property they read), the realm stays at its version and returns false, where
    /// Realm Swift raises; its writes throw ``RealmError/invalidSchemaChange(_:)``, and the configuration's logger
    /// gets the error.
    /// - Returns: whether the realm moved to a newer version.
    @discardableResult
    public func refresh() -> Bool {
        guard frozenSnapshot == nil, state.writeTransaction == nil, !state.isClosed else { return false }
        let moved = advanceToNewest(logSchemaChange: true)
        deliverNotifications()
        return moved
    }

    /// Moves the realm to the newest version, for ``refresh()`` and ``read(_:)``; whether it moved. A newer version
    /// that fails its checks is damage, not "nothing newer": it stops the process with the damage (ReadFailure.swift).
    /// Another process's schema change under the models (Realm Swift raises; logged when `logSchemaChange`) and the
    /// version limit keep the pinned version, which stays whole and readable; the realm's writes throw them.
    private func advanceToNewest(logSchemaChange: Bool) -> Bool {
        do {
            return try state.advance()
        } catch {
            if ReadFailure.isDamage(error) { ReadFailure.stop(error, reading: "the newest version of the realm") }
            if logSchemaChange, case RealmError.invalidSchemaChange = error {
                configuration.log(.error, .migration, "\(error)", metadata: ["path": configuration.path])
            }
            return false
        }
    }

    /// Releases the realm's pinned version (rolling back a write transaction); objects and results read
    /// before are invalid afterwards. On a frozen realm it does nothing.
    public func invalidate() {
        guard frozenSnapshot == nil else { return }
        state.invalidate()
    }

    /// Closes the realm: ends its transaction and releases its version.
    public func close() {
        guard frozenSnapshot == nil, !state.isClosed else { return }
        state.endObservation()
        state.coordinator.unobserve(self)
        state.close()
        configuration.log(.info, .lifecycle, "closed \(configuration.path)", metadata: ["path": configuration.path])
    }

    // MARK: Objects

    /// How ``add(_:update:)-(ObjectBase,_)`` and ``create(_:value:update:)`` treat an object whose primary key
    /// already exists.
    ///
    /// The policy is passed on to the objects the added or created object links to. A policy other than
    /// `.error` needs a class with a primary key.
    public enum UpdatePolicy: Int, Sendable {
        /// Throw ``RealmError/primaryKeyExists(type:value:)``.
        case error = 1
        /// Overwrite only the properties whose values differ; embedded objects are updated in place.
        case modified = 3
        /// Overwrite every property given; embedded objects are replaced by new ones.
        case all = 2
    }

    /// Adds an unmanaged object (and the unmanaged objects it links to) to the realm.
    ///
    /// With `.modified` or `.all`, an existing object with the same primary key is updated from every property
    /// of `object`, which becomes an accessor of it. The linked objects are added with the same policy, so a
    /// linked object whose primary key exists is updated too.
    /// - Throws: ``RealmError`` outside a write, for a duplicate primary key with `.error` (the object's or a
    ///   linked object's), for an object of another realm, or for a policy other than `.error` on a class
    ///   without a primary key.
    /// - Parameters:
    ///   - object: an unmanaged object; the unmanaged objects it links to are added with it.
    ///   - update: what to do when an object with the same primary key exists.
    /// - Note: Differs from Realm Swift: it throws where Realm Swift raises an exception.
    public func add(_ object: ObjectBase, update: UpdatePolicy = .error) throws {
        // The schema is looked up only for an update policy: a plain add (the common, hot case) needs none.
        if update != .error { try Self.checkUpdatable(object.objectSchema, update) }
        try checkWritable("add objects")
        try insert(object, update: update, copy: nil)
    }

    /// Adds every object of a sequence.
    /// - Parameters:
    ///   - objects: the objects, added in order.
    ///   - update: what to do when an object with the same primary key exists.
    /// - Throws: as ``add(_:update:)-(ObjectBase,_)``; the objects added before the failing one stay added until
    ///   the transaction rolls back.
    public func add<S: Sequence>(_ objects: S, update: UpdatePolicy = .error) throws where S.Element: ObjectBase {
        for object in objects { try add(object, update: update) }
    }

    /// Creates an object of `type` from a dictionary, array or object, and returns it managed.
    ///
    /// The value is copied: the unmanaged objects it holds stay unmanaged, and objects that are frozen, of
    /// another realm, or embedded are copied; a live object of this realm is linked as it is. Keys of a
    /// dictionary that name no property are ignored.
    ///
    /// With `.modified` or `.all`, an existing object with the same primary key is updated, and only the
    /// properties the value gives change: the keys of a dictionary, the first properties for an array, or every
    /// property an object shares. Nested values are created or updated with the same policy. Passing a live
    /// object of this realm with `.modified` or `.all` returns it unchanged.
    /// - Parameters:
    ///   - type: the class of the new object.
    ///   - value: a dictionary by property name, an array in property order, or an object to copy.
    ///   - update: what to do when an object with the same primary key exists.
    /// - Returns: the managed object.
    /// - Throws: ``RealmError`` outside a write transaction, for a duplicate primary key with `.error`, for a
    ///   value that does not fit or a deleted object in the value, or for a policy other than `.error` on a
    ///   class without a primary key.
    @discardableResult
    public func create<T: Object>(
        _ type: T.Type,
        value: Any = [String: Any](),
        update: UpdatePolicy = .error
    ) throws -> T {
        try Self.checkUpdatable(try ObjectClassInfo.of(type).schema, update)
        try checkWritable("create objects")
        if let source = value as? ObjectBase {
            if source.isInvalidated { throw RealmError.objectInvalidated("Object") }
            // Realm's create with an update policy leaves a live object of this realm as it is.
            if update != .error, let same = source as? T, let binding = same.binding,
                case .live(let owner) = binding.source, owner === self
            {
                return same
            }
        }
        let copy = ValueCopy(into: self)
        // `type`, not `T`: a runtime type passed as `Object.Type` (`create(type(of: object), …)`) makes an object of
        // its own class, as in Realm Swift.
        let object = type.init()
        try ObjectValueSetter.apply(value, to: object, copy: copy)
        try insert(object, update: update, copy: copy)
        return object
    }

    /// Realm's check that an update policy other than `.error` has a primary key to match objects on.
    private static func checkUpdatable(_ schema: ObjectSchema, _ update: UpdatePolicy) throws {
        guard update != .error, schema.primaryKeyProperty == nil else { return }
        throw RealmError.invalidValue("'\(schema.className)' does not have a primary key and can not be updated")
    }

    /// Adds `object` (and what it links to) for ``add(_:update:)-(ObjectBase,_)`` and ``create(_:value:update:)``.
    private func insert(_ object: ObjectBase, update: UpdatePolicy, copy: ValueCopy?) throws {
        let table = try register(Swift.type(of: object))
        do {
            try state.add(object, update: update, realm: self, table: table, copy: copy)
        } catch RealmError.primaryKeyExists(let type, let value) {
            configuration.reportDuplicatePrimaryKey(type: type, value: value)
            throw RealmError.primaryKeyExists(type: type, value: value)
        }
    }

    /// Deletes an object (and the embedded objects it owns).
    /// - Parameter object: a managed, live object of this realm.
    /// - Throws: ``RealmError/notInWriteTransaction(_:)`` outside a write transaction,
    ///   ``RealmError/objectInvalidated(_:)`` for an object already deleted or invalidated.
    /// - Note: Differs from Realm Swift: it throws where Realm Swift raises an exception.
    public func delete(_ object: ObjectBase) throws {
        try checkWritable("delete objects")
        if object.binding?.realmInvalidated == true { throw RealmError.objectInvalidated("The object being deleted") }
        try state.delete(object)
        object.deletedThroughSelf = true
    }

    /// Deletes every object of a sequence.
    /// - Parameter objects: managed, live objects of this realm (a live ``Results`` may be passed: it is read once,
    ///   before the first deletion).
    /// - Throws: as ``delete(_:)-(ObjectBase)``.
    public func delete<S: Sequence>(_ objects: S) throws where S.Element: ObjectBase {
        // Outside a write even no objects is a misuse, as Realm's delete of results or a list reports it.
        try checkWritable("delete objects")
        // Every object of a class nothing links to or from goes at once (WholeTableDeletion.swift).
        if let results = objects as? any WholeTableDeletable, try results.deleteWholeTable(of: self) { return }
        let objects = Array(objects)
        guard !objects.isEmpty else { return }
        // One batch: the AnyRealmValues that name the deleted objects are found with one scan, not one per object.
        try state.deletingInBatch {
            for object in objects { try delete(object) }
        }
    }

    /// Deletes every object of the realm.
    /// - Throws: ``RealmError/notInWriteTransaction(_:)`` outside a write transaction.
    /// - Complexity: O(n) for n objects.
    public func deleteAll() throws {
        try checkWritable("delete objects")
        guard let write = state.ownedWrite else { return }
        state.touchAll()
        try state.deletingInBatch {
            for table in state.schema.tables.values {
                try realmErrors { try write.deleteAllObjects(in: table.tableKey) }
            }
        }
    }

    /// Every object of `type`, as a live ``Results``.
    /// - Complexity: O(1); the results read the realm when used.
    /// - Parameter type: the model class.
    /// - Returns: live results of every object of the class (frozen ones on a frozen realm).
    public func objects<Element: Object>(_ type: Element.Type) -> Results<Element> {
        // Damage met while registering stops (ReadFailure.swift); a class the file cannot hold (a schema mismatch)
        // or that has no table outside a write gives results with no table, which read as empty.
        if frozenSnapshot == nil { _ = ReadFailure.unlessAbsent("the schema of \(type)") { try register(type) } }
        return Results(source: source, table: state.schema.table(ofType: type))
    }

    /// Every object of the class named `className`, as dynamic objects whose properties are read by
    /// name (empty if the realm has no such class).
    /// - Complexity: O(1); the results read the realm when used.
    /// - Parameter className: the class name as the file stores it.
    /// - Returns: results of dynamic objects, empty when the realm has no such class.
    public func dynamicObjects(_ className: String) -> Results<DynamicObject> {
        Results(source: source, className: className)
    }

    /// The object of `type` whose primary key is `key`, or nil.
    /// - Complexity: O(log n): one lookup in the primary key's index.
    /// - Parameters:
    ///   - type: the model class, which must declare a primary key (otherwise this stops with a message).
    ///   - key: the primary key value, of the key's type or convertible to it.
    /// - Returns: the live object (frozen on a frozen realm), or nil.
    public func object<Element: Object, KeyType>(ofType type: Element.Type, forPrimaryKey key: KeyType) -> Element? {
        var resolved = state.schema.table(ofType: type)
        // As in `objects(_:)`: damage stops, and a class the file cannot hold has no object.
        if resolved == nil, frozenSnapshot == nil {
            resolved = ReadFailure.unlessAbsent("the schema of \(type)") { try register(type) } ?? nil
        }
        guard let table = resolved else { return nil }
        if frozenSnapshot == nil, ObjectIdentifier(table.info.type) == ObjectIdentifier(Element.self) {
            return liveObject(Element.self, of: table, primaryKey: primaryKeyValue(in: table, key))
        }
        guard let found = objectKey(in: table, forPrimaryKey: key) else { return nil }
        if ObjectIdentifier(table.info.type) == ObjectIdentifier(Element.self) {
            return ObjectBinding.makeElement(Element.self, source, table, found)
        }
        return ObjectBinding.makeObject(source: source, table: table, key: found) as? Element
    }

    /// The live object of `table` (whose class is `Element`) with primary key `value`, made with its row already
    /// found in the table the lookup used: its first property read then needs no second search.
    private func liveObject<Element: Object>(
        _: Element.Type,
        of table: ResolvedTable,
        primaryKey value: StrataCore.Value
    ) -> Element? {
        let state = access.checked("Realm")
        let rows: StrataCore.Table
        do {
            rows = try state.table(table.tableKey)
        } catch {
            ReadFailure.stop(error, reading: "the \(table.className) objects", otherwise: "\(error)")
        }
        // The descriptions are autoclosures: a lookup builds no string unless it stops.
        guard let primary = table.info.primaryKeyIndex,
            let found = ReadFailure.unlessAbsent(
                "the \(table.className) objects",
                { try rows.firstObjectLocated(table.column(primary), equalTo: value) }
            ) ?? nil
        else { return nil }
        let context = BindingContext.of(source, table)
        let object: Element
        if context.isRecyclable {
            // The downcast holds: the caller checked that `Element` is the table's class, `context.type`, and the
            // recycler's objects are made with `context.type.init()`.
            let recycler = ObjectRecycler.forLookups(of: context, on: state.executor)
            object = unsafeDowncast(recycler.objectForLookup(found.key), to: Element.self)
        } else {
            object = ObjectBinding.makeElement(Element.self, context, found.key)
        }
        // The row the lookup read (an integer primary key that is the object's key), or found now.
        if let location = found.row
            ?? ReadFailure.unlessAbsent("the \(table.className) objects", { try rows.locate(found.key) }) ?? nil
        {
            object.binding.unsafelyUnwrapped.keep(location, in: rows, generation: state.generation, for: object)
        }
        return object
    }

    /// The key of the object of `table` whose primary key is `key`; stops for a class without a primary key or a
    /// key that does not convert to its type.
    @inline(__always)
    func objectKey<KeyType>(in table: ResolvedTable, forPrimaryKey key: KeyType) -> ObjectKey? {
        let value = primaryKeyValue(in: table, key)
        let primary = table.info.primaryKeyIndex.unsafelyUnwrapped
        let found = source.read("Realm") { reader in
            ReadFailure.unlessAbsent("the \(table.className) objects") {
                try reader.table(table.tableKey).firstObject(table.column(primary), equalTo: value)
            }
        }
        return found ?? nil
    }

    /// `key` as the engine value of `table`'s primary key; stops for a class without a primary key or a key that
    /// does not convert to its type.
    @inline(__always)
    func primaryKeyValue<KeyType>(in table: ResolvedTable, _ key: KeyType) -> StrataCore.Value {
        guard let primary = table.info.primaryKeyIndex else {
            preconditionFailure("'\(table.className)' does not have a primary key")
        }
        let value: StrataCore.Value
        let keyType = table.info.properties[primary].valueType
        if keyType == Int.self, KeyType.self == Int.self {
            // The common case, without a dynamic cast: the branch is taken only when `KeyType` is `Int`.
            value = .int(Int64(unsafeBitCast(key, to: Int.self)))
        } else if keyType == Int.self, let integer = key as? Int {
            value = .int(Int64(integer))
        } else {
            do {
                value = try ValueConversion.engineValue(
                    try ValueCoercion.coerce(key, to: keyType, property: "primary key")
                ) { _ in .null }
            } catch {
                preconditionFailure("\(error)")
            }
        }
        return value
    }

    /// Adds a class (and the classes it links to) to the realm's schema if the file lacks it; only
    /// inside a write transaction, where the tables can be created.
    @discardableResult
    func register(_ type: ObjectBase.Type) throws -> ResolvedTable? {
        if let table = state.table(ofType: type) { return table }
        let infos = try SchemaBinding.closure(of: [type] + state.schema.tables.values.map(\.info.type))
        let reader = try state.reader()
        let problems = try realmErrors { try SchemaBinding.differences(infos, in: reader) }
        guard problems.isEmpty else { throw RealmError.schemaMismatch(problems.joined(separator: " ")) }
        if try infos.contains(where: { try reader.table(named: $0.className) == nil }) {
            guard let write = state.ownedWrite else { return nil }
            try realmErrors { try SchemaBinding.createMissing(infos, in: write) }
        }
        state.schema = ResolvedSchema(tables: try SchemaBinding.resolve(infos, in: try state.reader()))
        return state.schema.table(ofType: type)
    }

    /// The source objects and results of this realm read from.
    nonisolated var source: RealmSource {
        if let frozenSnapshot { return .frozen(frozenSnapshot) }
        return .live(self)
    }

    /// Throws for writes on a frozen realm or outside a write transaction of the calling task.
    func checkWritable(_ what: String) throws {
        if frozenSnapshot != nil { throw RealmError.frozen("a frozen Realm (\(what))") }
        try checkOwnsWrite(what)
    }

    /// Throws unless the calling task's write transaction is open: ``RealmError/writeTransactionOfAnotherTask(_:)``
    /// while another task's is, ``RealmError/notInWriteTransaction(_:)`` without one.
    func checkOwnsWrite(_ what: String) throws {
        // Borrowed: the check counts no reference to the transaction.
        if state.withOwnedWrite({ _ in true }) == true { return }
        if state.isClosed { throw RealmError.closed }
        if state.isWriteOfAnotherTask { throw RealmError.writeTransactionOfAnotherTask(what) }
        throw RealmError.notInWriteTransaction(what)
    }

    /// A live instance of `type` for `key`, if the object exists.
    ///
    /// `nonisolated` because a frozen object's `thaw()` (synchronous, not isolated) calls it inside a block; it
    /// takes the state through the checked accessor, which stops unless the caller is on this realm's executor.
    nonisolated func liveObject<T: ObjectBase>(_ type: T.Type, table: ResolvedTable, key: ObjectKey) -> T? {
        guard let binding = liveBinding(className: table.className, key: key) else { return nil }
        // An object of the table's class when that is a `T` (`T` may be a base class such as `Object`); a
        // `DynamicObject` stays one.
        let object = (table.info.type as? T.Type)?.init() ?? T()
        object.binding = binding
        return object
    }

    /// A live binding of the object of class `className` with `key`, if it exists at this realm's version.
    ///
    /// `nonisolated` for the same reason as ``liveObject(_:table:key:)``: a frozen collection's `thaw()` calls it
    /// (synchronous, not isolated); it takes the state through the checked accessor, which stops unless the caller
    /// is on this realm's executor, so it never touches the state from another thread.
    nonisolated func liveBinding(className: String, key: ObjectKey) -> ObjectBinding? {
        let state = access.checked("realm")
        guard let table = state.schema.tables[className],
            ReadFailure.unlessAbsent(
                "the \(className) object",
                { try state.reader().table(table.tableKey).contains(key) }
            )
                == true
        else {
            return nil
        }
        return ObjectBinding(source: .live(self), table: table, key: key)
    }

    /// A snapshot of the current version for frozen objects and collections (called on the realm's
    /// executor: by the actor, or by a live object or collection's `freeze()`).
    ///
    /// The snapshot is of the version the realm reads (the newest committed one inside a write transaction);
    /// freezing again at the same version gives the same snapshot while it lives, so its frozen realm is the
    /// same instance.
    ///
    /// `nonisolated` because a live collection's or object's `freeze()` (synchronous, not isolated) calls it; it
    /// takes the state through the checked accessor, which stops unless the caller is on this realm's executor.
    nonisolated func makeFrozenSnapshot() throws -> FrozenSnapshot {
        if let frozenSnapshot { return frozenSnapshot }
        let state = access.checked("realm")
        if state.isMigration {
            throw RealmError.invalidValue("the objects and collections of a migration cannot be frozen")
        }
        do {
            return try makeFrozenSnapshot(state)
        } catch RealmError.tooManyActiveVersions(let limit) {
            configuration.reportVersionLimit(limit, database: state.database, refused: "freezing")
            throw RealmError.tooManyActiveVersions(limit)
        }
    }

    /// `makeFrozenSnapshot()` once the state is reached.
    ///
    /// `nonisolated` for the same caller; it is private and reached only from `makeFrozenSnapshot()` with the
    /// state that method took through the checked accessor, so it runs on this realm's executor.
    private nonisolated func makeFrozenSnapshot(_ state: RealmState) throws -> FrozenSnapshot {
        let reader = try state.reader()
        let transaction: ReadTransaction
        if let pinned = reader as? ReadTransaction {
            if let last = state.lastFrozen, last.version == pinned.version { return last }
            transaction = ReadTransaction(snapshot: pinned.snapshot, pin: pinned.pin)
        } else {
            transaction = try realmErrors { try state.database.beginRead() }
        }
        let snapshot = FrozenSnapshot(
            transaction: transaction,
            schema: state.schema,
            configuration: configuration,
            database: state.database
        )
        state.lastFrozen = snapshot
        configuration.reportPinnedVersions(state.database)
        return snapshot
    }

    /// The realm whose `read` or `write` block is running in this task.
    @TaskLocal static var current: Realm?

    /// The realm actor running now for the file at `path`, if the caller is inside its block.
    nonisolated static func currentIsolatedRealm(path: String) -> Realm? {
        guard let realm = current, realm.path == path, realm.frozenSnapshot == nil else { return nil }
        return realm
    }

    /// The live version, in this realm, of a frozen object, collection, map, sectioned result or projection of
    /// this realm's file: what its own `thaw()` gives inside this realm's `read` or `write` block, from any code
    /// isolated to the realm (a `func seed(_ realm: isolated Realm)`, an `extension Realm` method).
    ///
    /// ```swift
    /// let frozen = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
    /// try await realm.write { realm in
    ///     for dog in realm.thaw(frozen)! { dog.age += 1 }
    /// }
    /// ```
    /// - Parameter value: a frozen value of this realm's file; an unmanaged or live value is returned as it is.
    /// - Returns: the live value at this realm's version, or nil when it has been deleted.
    /// - Complexity: O(1); live results run their query on first access.
    public func thaw<T: ThreadConfined>(_ value: T) -> T? {
        if let object = value as? ObjectBase {
            guard let binding = object.binding else { return value }
            guard let table = state.schema.tables[binding.table.className] else { return nil }
            return liveObject(ObjectBase.self, table: table, key: binding.key).flatMap { $0 as? T }
        }
        guard value.isFrozen else { return value }
        return Realm.$current.withValue(self) { value.thaw() }
    }

    /// A frozen snapshot of a live object, collection, map, sectioned result or projection: its own `freeze()`.
    /// - Parameter value: a managed value.
    /// - Returns: the frozen value; a frozen one returns itself.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged value, or ``RealmError/tooManyActiveVersions(_:)``
    ///   when the realm's version limit is reached.
    /// - Note: Differs from Realm Swift: it throws, as every `freeze()` does (DESIGN.md section 3).
    public func freeze<T: ThreadConfined>(_ value: T) throws -> T { try value.freeze() }
}

extension Realm: Equatable {
    /// Whether two realms are the same instance, as Realm Swift compares its cached instances: each
    /// `Realm(configuration:)` is an actor of its own (Realm Swift's instance per thread), and freezing a
    /// realm twice at one version gives the same frozen realm.
    /// - Parameters:
    ///   - lhs: a realm.
    ///   - rhs: another realm.
    /// - Returns: whether they are the same instance.
    public static func == (lhs: Realm, rhs: Realm) -> Bool { lhs === rhs }
}

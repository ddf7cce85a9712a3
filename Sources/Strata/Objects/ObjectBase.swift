import Foundation
import StrataCore

/// The common base of ``Object`` and ``EmbeddedObject``: the managed/unmanaged state and the
/// key-value access every model has. Subclass ``Object`` or ``EmbeddedObject``, not this.
open class ObjectBase: CustomStringConvertible, Hashable {
    /// Set when the object is managed by a realm. Only ever assigned whole (its methods do not mutate it), which
    /// also forgets the row `liveRow` found for the previous binding; ``recycle(to:in:found:)`` alone changes its key.
    @usableFromInline final var binding: ObjectBinding? {
        @inline(__always) get { boundTo }
        set {
            boundTo = newValue
            // Through the context alone: copying the binding out would retain and release it.
            guard let context = newValue?.context else { return keepRow(LiveRow(), LiveRowReader()) }
            keepRow(LiveRow(), LiveRowReader(frozen: context.isFrozen))
            if context.hasRealmProperties, let newValue { attachRealmProperties(to: newValue) }
        }
    }
    /// The storage of ``binding``, which only its setter and ``recycle(to:in:found:)`` assign.
    ///
    /// `@exclusivity(unchecked)`, with this proof: every access is a read, a whole assignment or (in
    /// ``recycle(to:in:found:)``) an assignment of its key in place, none is passed `inout` to or held across a call
    /// that could reach the property again, so no two accesses on one thread ever
    /// overlap, which is all the run-time check can catch (it tracks each thread's own accesses). Every property
    /// read of every model reads it, from code inlined into the model's module, where the check cost a call and a
    /// thread-local lookup per read.
    @exclusivity(unchecked) @usableFromInline final var boundTo: ObjectBinding?
    /// A live object's row in its realm's current version (LiveRow.swift), found once per version.
    ///
    /// `@exclusivity(unchecked)`, with this proof: only a live object's reads and writes, and the `Results` iterator
    /// handing it its row (``keepFound(_:key:in:)``), touch it, and only after checking that they run on the thread of
    /// the object's realm (`RealmState.isConfined`, which ResultRowBinder checks before it gives a row; anything else
    /// stops the process before reaching it). That thread runs one job at a time, so no two threads' accesses overlap;
    /// on it, the row is only copied out, assigned whole or (by ``recycle(to:in:found:)`` and
    /// ``keepFound(_:key:in:)``) has a field assigned, never passed `inout` to code that could reach it again, so no
    /// access overlaps another there either. Frozen and unmanaged objects never touch it.
    @exclusivity(unchecked) var liveRow = LiveRow()
    /// The same row with its references borrowed, for typed reads (LiveRow.swift): `@exclusivity(unchecked)` with the
    /// proof of `liveRow`, whose references it borrows. Always assigned with it, by ``keepRow(_:_:)`` (or moved with
    /// it to another row of the same leaf, by ``recycle(to:in:found:)`` and ``keepFound(_:key:in:)``).
    @exclusivity(unchecked) var liveReader = LiveRowReader()
    /// Property values of an unmanaged object, by property index (declared defaults until first set).
    ///
    /// `@exclusivity(unchecked)`, with this proof: an object is not `Sendable`, so one task at a time reaches it;
    /// every access is one call of an `UnmanagedValues` member (a read, a set, `removeAll`), which runs no code of the
    /// caller's or of a model's while the access lasts (a boxed value is made from a value already in hand), so no
    /// access can begin while another is under way. The setters of every model, inlined into its module, paid a
    /// dynamic check and a retain of the object per assignment without it.
    @exclusivity(unchecked) @usableFromInline final var unmanagedValues = UnmanagedValues()
    /// The lists, sets and maps a live object gives for its properties, by property index, so that every read of a
    /// property gives the same one, as in Realm: the unmanaged ones the object held when it was added to a realm,
    /// which became its managed collections (AdoptableCollection.swift), and the ones its first reads made
    /// (`ObjectBinding.get`). Only ever touched on the thread of the object's realm (a live object is confined to
    /// it); frozen and unmanaged objects keep none.
    var adoptedCollections: [Int: AnyObject]?
    /// Set on probe objects that record which properties a key path reads. `@exclusivity(unchecked)` with the proof
    /// of `binding`: assigned whole, once, on a probe before it is used, and otherwise only read.
    @exclusivity(unchecked) @usableFromInline final var keyPathRecorder: KeyPathRecorder?

    /// Binds the object to the row of `key` through `context` (the context it is bound through), forgetting
    /// everything its previous binding left: its collections and whether it was deleted through itself. The
    /// caller, ObjectRecycler.swift, proves that no one else sees the object.
    ///
    /// With `found` (`key`'s row, as the iterator's ``ResultRowBinder`` gives it), the object keeps that row. Else a
    /// live object whose row is current and whose leaf holds `key` next (a walk in key order) moves to that row in
    /// place, with no reference counted; otherwise (and always when not `followingWalk`: a lookup, which gives the row
    /// next) its row is forgotten and found on its next read.
    func recycle(to key: ObjectKey, in context: BindingContext, found: FoundRow? = nil, followingWalk: Bool = true) {
        adoptedCollections = nil
        deletedThroughSelf = false
        // The recycler's objects are bound through its one context: only the key changes, in place, with no
        // reference counted.
        if boundTo?.context === context {
            boundTo!.key = key
        } else {
            boundTo = ObjectBinding(context: context, key: key)
        }
        if let found {
            keepFound(found, key: key, in: context)
        } else if followingWalk, let leaf = liveReader.leaf, let state = liveReader.state,
            let reader = liveReader.reader,
            leaf._withUnsafeGuaranteedRef({ leaf in
                state._withUnsafeGuaranteedRef { $0.generation == leaf.generation && $0.isConfined }
            }),
            let next = reader.sibling(key)
        {
            liveRow.row = next.rowIndex
            liveReader.reader = next
            liveReader.key = key
        } else {
            keepRow(LiveRow(), LiveRowReader(frozen: context.isFrozen))
        }
    }

    /// Keeps `found`, the row of `key` (the object's key, bound through live `context`), as the object's row: in place
    /// when the object's row is already in the same leaf (no reference counted), else with ``keepRow(_:_:)``.
    @inline(__always)
    func keepFound(_ found: FoundRow, key: ObjectKey, in context: BindingContext) {
        if let leaf = liveReader.leaf, leaf.toOpaque() == found.leaf.toOpaque(),
            liveReader.state?.toOpaque() == context.liveState?.toOpaque()
        {
            // The leaf the object's row is in already, which `liveRow` holds: only the row changes.
            liveRow.row = found.reader.rowIndex
            liveReader.reader = found.reader
            liveReader.key = key
            return
        }
        keepRow(
            LiveRow(leaf: found.leaf.takeUnretainedValue(), row: found.reader.rowIndex),
            LiveRowReader(
                leaf: found.leaf,
                reader: found.reader,
                state: context.liveState,
                resolved: Unmanaged.passUnretained(context.table),
                key: key
            )
        )
    }

    /// Keeps `row` and the borrowed `reader` of it (or forgets both), together, as LiveRowReader's invariant asks.
    @inline(__always)
    func keepRow(_ row: LiveRow, _ reader: LiveRowReader) {
        liveReader = LiveRowReader()
        liveRow = row
        liveReader = reader
    }

    /// Binds the object's ``RealmProperty`` values to it, so that they read and write its row.
    private func attachRealmProperties(to binding: ObjectBinding) {
        for property in binding.table.info.properties where property.isRealmProperty {
            (property.wrapperField.wrapper(of: self) as? any RealmPropertyStorage)?.attach(
                to: binding,
                at: property.position
            )
        }
    }

    /// Creates an unmanaged object; its properties take their declared defaults.
    public required init() {
        // A subclass's stored properties, its `@Persisted` wrappers among them, are set before this runs.
        PersistedSlots.fillIfKnown(self)
    }

    /// Creates an unmanaged object with values from a dictionary (`["name": "Ada"]`), an array (in
    /// property order) or another object.
    ///
    /// ```swift
    /// let person = Person(value: ["name": "Ada", "age": 36])
    /// ```
    /// - Parameter value: a `[String: Any]` by property name, an array of values in declaration order, or an
    ///   object whose properties are copied; a value that does not fit its property stops with a message.
    public convenience init(value: Any) {
        self.init()
        do {
            try ObjectValueSetter.apply(value, to: self)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The realm managing the object, or nil for an unmanaged object and for an object deleted through this instance
    /// (as Realm Swift's `realm` of an object passed to `delete` is nil).
    public var realm: Realm? { deletedThroughSelf ? nil : binding?.realm }

    /// Set when this instance was passed to `Realm.delete`, which gives up its realm (``realm``). Written once, on the
    /// realm's actor, which the object is confined to.
    var deletedThroughSelf = false

    /// Whether the object was deleted, or its realm invalidated or closed.
    public var isInvalidated: Bool {
        if let row = (self as? DynamicObject)?.specRow { return !row.isReadable }
        return binding?.isInvalidated ?? false
    }

    /// Whether the object is a frozen snapshot, readable from any task.
    public var isFrozen: Bool { binding?.isFrozen ?? false }

    /// The class info whose properties this object has: its table's class for a bound dynamic object.
    var propertyInfo: ObjectClassInfo? {
        if let binding { return binding.table.info }
        // Reflection on the model class, no file read: its one error is an invalid model declaration
        // (`RealmError.invalidSchema`), never damage; opening a realm that lists the class, or adding one, throws it.
        return try? ObjectClassInfo.of(type(of: self))
    }

    /// The object's schema.
    public var objectSchema: ObjectSchema {
        if let binding { return binding.table.info.schema }
        if let row = (self as? DynamicObject)?.specRow { return row.objectSchema }
        // As in `propertyInfo`: reflection, no file read; an invalid model declaration gives an empty schema.
        return (try? ObjectClassInfo.of(type(of: self)).schema)
            ?? ObjectSchema(className: "\(type(of: self))", properties: [], isEmbedded: false)
    }

    /// The name of the primary key property, or nil. Declare it with `@Persisted(primaryKey: true)`.
    /// - Returns: the primary key property's name, or nil when the class has none.
    open class func primaryKey() -> String? {
        // Reflection on the class, no file read: its one error is an invalid model declaration, never damage.
        (try? ObjectClassInfo.of(self))?.schema.primaryKeyProperty?.name
    }

    /// Maps Swift property names to the names the file stores them under; only renamed properties need an
    /// entry.
    ///
    /// ```swift
    /// final class Person: Object {
    ///     @Persisted var firstName = ""
    ///     override class func propertiesMapping() -> [String: String] { ["firstName": "first_name"] }
    /// }
    /// ```
    ///
    /// Queries, sorting and key-value access use the Swift names; ``Property/columnName`` gives the stored
    /// one (a migration's old objects are read by column name, as in Realm Swift).
    /// - Returns: Swift property names mapped to the names stored in the file.
    open class func propertiesMapping() -> [String: String] { [:] }

    /// The class name used in the schema: the unqualified Swift type name.
    /// - Returns: the class's name in the schema.
    /// - Note: Differs from Realm Swift: overriding it does not rename the class in the file: the schema always
    ///   uses the unqualified Swift type name.
    open class func className() -> String { ObjectClassInfo.unqualifiedName(of: self) }

    /// Reads or writes a property by name, as ``value(forKey:)`` and ``setValue(_:forKey:)`` do.
    ///
    /// ```swift
    /// person["age"] = 37
    /// let mood = person["mood"] as? String   // a PersistableEnum reads as its raw value
    /// ```
    /// - Parameter key: a property name. Reading an unknown one gives nil; writing one, or a value of the wrong type,
    ///   stops with a message. Writing a managed object needs a write transaction.
    public subscript(key: String) -> Any? {
        get { value(forKey: key) }
        set { setValue(newValue, forKey: key) }
    }

    /// The value of the property named `key`, as Realm Swift's key-value coding gives it.
    ///
    /// Nil for a nil optional, a missing link and ``AnyRealmValue/none``; an ``AnyRealmValue``'s payload (`1`
    /// for `.int(1)`, the object for `.object`, the ``List`` or ``Map`` for a nested collection); a
    /// ``PersistableEnum``'s raw value; a ``CustomPersistable`` or ``FailableCustomPersistable`` value's
    /// `persistableValue`; a collection property's ``List``, ``MutableSet`` or ``Map``. The typed
    /// `@Persisted` properties keep their own types. A ``DynamicObject``'s linked object is a ``DynamicObject``, and
    /// its list, set or map of objects a `List<DynamicObject>`, `MutableSet<DynamicObject>` or
    /// `Map<String, DynamicObject?>`, as in Realm Swift.
    ///
    /// ```swift
    /// person.value(forKey: "age") as? Int   // nil when `age: Int?` is nil
    /// ```
    /// - Parameter key: a property name.
    /// - Returns: the property's value, or nil for an unknown property.
    public func value(forKey key: String) -> Any? {
        if let dynamic = self as? DynamicObject { return dynamic.dynamicValue(forKey: key) }
        guard let info = propertyInfo, let index = info.index(ofProperty: key) else { return nil }
        return ValueConversion.keyValueCodingValue(info.properties[index].read(self))
    }

    /// Sets the property named `key`; stops with a message for an unknown property or a wrong type.
    ///
    /// Takes what ``value(forKey:)`` gives as well as the property's own type, as Realm Swift does: a payload
    /// for an ``AnyRealmValue`` (`"text"` or `.string("text")`), a raw value or a case for a
    /// ``PersistableEnum``, nil or `NSNull` for an optional (and for a list, set or map, which it empties). A list or
    /// set property takes an array or any Realm collection (a ``Results`` included), whose elements replace its own.
    /// - Parameters:
    ///   - value: the new value, converted to the property's type where Realm would convert it.
    ///   - key: a property name.
    public func setValue(_ value: Any?, forKey key: String) {
        stoppingOnError { try setValue(value, checkedForKey: key) }
    }

    /// Whether `object` is the same stored object as this one (the same row of the same realm file).
    /// - Parameter object: another object, or nil.
    /// - Returns: whether both are this instance, or both are managed and name the same stored object.
    /// - Note: Differs from Realm Swift, which also asks for the same realm instance: here two accessors of one
    ///   row are the same object even when read through different realms or versions.
    public func isSameObject(as object: ObjectBase?) -> Bool {
        guard let object else { return false }
        if object === self { return true }
        guard let lhs = binding, let rhs = object.binding else { return false }
        return lhs.table.tableKey == rhs.table.tableKey && lhs.key == rhs.key && lhs.databasePath == rhs.databasePath
    }

    /// Whether two objects are equal, by Realm Swift's rule.
    ///
    /// An instance is equal to itself. Two accessors of one stored object are equal when the class has a
    /// primary key or the objects are frozen, and they were read through the same realm (or frozen version)
    /// and still exist. Live objects of a class without a primary key, and unmanaged objects, are equal only
    /// to themselves: ``isSameObject(as:)`` compares stored objects whatever the class.
    ///
    /// ```swift
    /// let dog = try realm.create(Dog.self, value: ["name": "Rex"])   // Dog has no primary key
    /// dog == realm.objects(Dog.self).first!                          // false
    /// dog.isSameObject(as: realm.objects(Dog.self).first!)           // true
    /// ```
    /// - Parameters:
    ///   - lhs: an object.
    ///   - rhs: another object.
    /// - Returns: whether both are the same instance, or the same row by the rule above.
    public static func == (lhs: ObjectBase, rhs: ObjectBase) -> Bool {
        if lhs === rhs { return true }
        guard let left = lhs.binding, let right = rhs.binding,
            left.table.info.primaryKeyIndex != nil || left.isFrozen,
            left.source.isSame(as: right.source), left.table.tableKey == right.table.tableKey, left.key == right.key
        else { return false }
        return !left.isInvalidated && !right.isInvalidated
    }

    /// Hashes the object as Realm Swift does, to agree with ``==(_:_:)``: the primary key's value when the
    /// class has one, the stored object when frozen, else the instance.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        if let info = propertyInfo, let index = info.primaryKeyIndex {
            hasher.combine(ValueConversion.keyValueCodingValue(info.properties[index].read(self)) as? AnyHashable)
        } else if let binding, binding.isFrozen {
            hasher.combine(binding.table.tableKey.rawValue)
            hasher.combine(binding.key.rawValue)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    /// Hashes the stored object's identity (the instance, when unmanaged), to agree with ``isSameObject(as:)``.
    func hashStoredIdentity(into hasher: inout Hasher) {
        if let binding {
            hasher.combine(binding.table.tableKey.rawValue)
            hasher.combine(binding.key.rawValue)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    /// The class name and its property values, in Realm's format: linked objects and collections described
    /// in full, five levels deep at most.
    ///
    /// ```
    /// Dog {
    ///     name = Rex;
    ///     owner = Person {
    ///         name = Ada;
    ///     };
    /// }
    /// ```
    open var description: String { RealmDescription.object(self) }

    /// A property value as descriptions show it: a linked object as `Type { … }` (so that cycles end), an
    /// optional as its value or `nil`.
    static func describedValue(_ value: Any) -> String {
        if let object = value as? ObjectBase { return "\(type(of: object)) { … }" }
        if let optional = value as? any OptionalMarker {
            guard let wrapped = optional.wrappedValueIfAny else { return "nil" }
            return wrapped is ObjectBase ? "\(type(of: wrapped)) { … }" : "\(wrapped)"
        }
        return "\(value)"
    }
}

/// A model class stored in a realm: subclass it and declare properties with ``Persisted``.
///
/// ```swift
/// final class Person: Object {
///     @Persisted(primaryKey: true) var id: ObjectId
///     @Persisted var name = ""
///     @Persisted var age = 0
///     @Persisted var dogs: List<Dog>
/// }
/// ```
///
/// An unmanaged object behaves as a plain Swift object until it is added to a realm; a managed one
/// reads and writes through to the file and belongs to its realm's actor (use ``freeze()`` to pass a
/// snapshot to another task).
open class Object: ObjectBase, RealmCollectionValue {
    /// Creates an unmanaged object.
    public required init() {
        super.init()
    }

    /// An immutable snapshot of the object at the current version, readable from any task. Inside a write
    /// transaction the snapshot is the version the transaction started from, so it holds the values the object had
    /// then, and an object created in the transaction cannot be frozen.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged object or one created in the open write transaction
    ///   ("Cannot freeze an object in the same write transaction as it was created in."), ``RealmError`` when too
    ///   many versions are active.
    /// - Returns: the frozen object; a frozen object returns itself.
    /// - Note: Differs from Realm Swift: it throws instead of raising.
    public func freeze() throws -> Self {
        guard let binding else { throw RealmError.invalidValue("an unmanaged object cannot be frozen") }
        return try binding.frozenCopy(of: self)
    }

    /// The live object for a frozen one, in the realm whose actor is running; nil if it was deleted.
    /// - Returns: the live object, or nil; an unmanaged or live object returns itself. Outside a `read` or `write`
    ///   block it stops with a message (use ``Realm/thaw(_:)``).
    /// - Note: Differs from Realm Swift: the realm is the one whose block is running, not the current thread's.
    public func thaw() -> Self? {
        guard let binding else { return self }
        return binding.thawedCopy(of: self)
    }
}

/// A model stored only inside its parent object (deleted with it), declared like an ``Object``.
///
/// ```swift
/// final class Address: EmbeddedObject {
///     @Persisted var street = ""
///     @Persisted var city = ""
/// }
/// final class Person: Object {
///     @Persisted var address: Address?
/// }
/// ```
open class EmbeddedObject: ObjectBase, RealmCollectionValue {
    /// Creates an unmanaged embedded object.
    public required init() {
        super.init()
    }

    /// An immutable snapshot of the object, readable from any task (inside a write transaction, as the transaction
    /// began).
    /// - Returns: the frozen object; a frozen object returns itself.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged object or one created in the open write transaction,
    ///   ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    public func freeze() throws -> Self {
        guard let binding else { throw RealmError.invalidValue("an unmanaged object cannot be frozen") }
        return try binding.frozenCopy(of: self)
    }

    /// The live object for a frozen one, in the realm whose block is running; nil if it was deleted.
    /// - Returns: the live object, or nil; an unmanaged or live object returns itself. Outside a `read` or `write`
    ///   block it stops with a message.
    public func thaw() -> Self? {
        guard let binding else { return self }
        return binding.thawedCopy(of: self)
    }
}

import Foundation
import StrataCore
import Synchronization

/// Declares a property of an ``Object`` or ``EmbeddedObject`` subclass that Realm stores.
///
/// ```swift
/// final class Dog: Object {
///     @Persisted(primaryKey: true) var id: ObjectId
///     @Persisted(indexed: true) var name = ""
///     @Persisted var age: Int?
///     @Persisted var toys: List<String>
///     @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
/// }
/// ```
///
/// A property without a default is `nil` for optionals, zero for numbers, `false`, an empty string or
/// data, a new random value for ``ObjectId`` and `UUID`, the Unix epoch for `Date`, and the first case
/// of a ``PersistableEnum``. Properties without `@Persisted` are ignored.
@propertyWrapper
public struct Persisted<Value: _Persistable> {
    // Usable from inlinable code so that the initializers below are specialized in the model's module:
    // every object creation runs them once per property.
    /// The wrapper's number (see `PersistedSerial`); `PersistedSerial.managed` once its object is managed.
    @usableFromInline var serial: Int
    /// The value an unmanaged object holds: the declared or decoded value, then each value set while the object
    /// is unmanaged (and a collection once it is made), so that synthesized `Codable` encodes what the object
    /// holds. The object itself keeps the same values by index (``ObjectBase/unmanagedValues``) for `add`.
    @usableFromInline var initial: Value?
    @usableFromInline let options: PersistedOptions

    /// A property with the type's default value.
    @inlinable
    public init() {
        serial = PersistedSerial.next()
        initial = nil
        options = PersistedOptions()
    }

    /// A property with a default value.
    /// - Parameter wrappedValue: the value a new unmanaged object starts with.
    @inlinable
    public init(wrappedValue: Value) {
        serial = PersistedSerial.next()
        initial = wrappedValue
        options = PersistedOptions()
    }

    /// An indexed (or not) property with the type's default value.
    /// - Parameter indexed: whether to keep a search index (`Int`, `Bool`, `String`, `Date`, ``ObjectId``, `UUID`
    ///   and ``AnyRealmValue`` properties).
    @inlinable
    public init(indexed: Bool) {
        serial = PersistedSerial.next()
        initial = nil
        options = PersistedOptions(indexed: indexed)
    }

    /// An indexed (or not) property with a default value.
    /// - Parameters:
    ///   - wrappedValue: the value a new unmanaged object starts with.
    ///   - indexed: whether to keep a search index.
    @inlinable
    public init(wrappedValue: Value, indexed: Bool) {
        serial = PersistedSerial.next()
        initial = wrappedValue
        options = PersistedOptions(indexed: indexed)
    }

    /// The primary key (when `primaryKey` is true), with the type's default value.
    /// - Parameter primaryKey: whether the property is the class's primary key (`Int`, `String`, ``ObjectId`` or
    ///   `UUID`, optional or not).
    @inlinable
    public init(primaryKey: Bool) {
        serial = PersistedSerial.next()
        initial = nil
        options = PersistedOptions(primaryKey: primaryKey)
    }

    /// The primary key (when `primaryKey` is true), with a default value.
    /// - Parameters:
    ///   - wrappedValue: the value a new unmanaged object starts with.
    ///   - primaryKey: whether the property is the class's primary key.
    @inlinable
    public init(wrappedValue: Value, primaryKey: Bool) {
        serial = PersistedSerial.next()
        initial = wrappedValue
        options = PersistedOptions(primaryKey: primaryKey)
    }

    /// The objects of type `Source` whose property `originProperty` links to this object.
    /// - Parameter originProperty: the name of the link, list or set property of `Source` that points at this
    ///   object's class; a name `Source` lacks is refused when the realm opens.
    @inlinable
    public init<Source: ObjectBase>(originProperty: String) where Value == LinkingObjects<Source> {
        serial = PersistedSerial.next()
        initial = nil
        options = PersistedOptions(originProperty: originProperty)
    }

    /// Unavailable: `@Persisted` works only on properties of Realm objects.
    @available(*, unavailable, message: "@Persisted can only be used as a property on an Object or EmbeddedObject")
    public var wrappedValue: Value {
        get { fatalError("@Persisted can only be used as a property on an Object or EmbeddedObject") }
        // swift-format-ignore: NoEmptyClosureBody
        set { fatalError("@Persisted can only be used as a property on an Object or EmbeddedObject") }
    }

    /// Reads and writes the property through its object: the file for a managed object, the object's
    /// own storage for an unmanaged one.
    ///
    /// Inlinable so that each model's properties get a copy specialized for their type: `Int`, `Double`,
    /// `Bool` and `String` properties of managed objects then go straight to typed reads and writes.
    /// - Parameters:
    ///   - object: the object whose property is read or written.
    ///   - wrappedKeyPath: the key path of the property (not used).
    ///   - storageKeyPath: the key path of the property's `Persisted` storage, which tells which property it is.
    public static subscript<EnclosingSelf: ObjectBase>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Value {
        @inlinable
        get {
            let index =
                (PersistedIndexCache.fast(ObjectIdentifier(storageKeyPath)) ?? propertyIndex(object, storageKeyPath))
                & PersistedIndexCache.indexMask
            // The type's own read (`Int`, `Double`, `Bool` and `String` read the row in place, see
            // ObjectBase+TypedAccess.swift); nil sends the read down the general path.
            if object.isBound, object.keyPathRecorder == nil, let value = Value._rlmBoundValue(object, index) {
                return value
            }
            return value(of: object, index, storageKeyPath, wrappedKeyPath)
        }
        @inlinable
        set {
            let entry =
                PersistedIndexCache.fast(ObjectIdentifier(storageKeyPath)) ?? propertyIndex(object, storageKeyPath)
            let index = entry & PersistedIndexCache.indexMask
            if object.isBound {
                Value._rlmSetBound(newValue, object, index)
            } else {
                Value._rlmSetUnmanaged(newValue, object, index)
                // An encodable model's wrapper keeps the value too, for synthesized `Codable` (which sees only the
                // wrapper); the index's entry says whether the model is one, so other models pay one test.
                if entry & PersistedIndexCache.encodableFlag != 0 {
                    keepAssignedForCoding(object, storageKeyPath, newValue)
                }
            }
        }
    }

    /// The property's value, for every case but the typed reads above.
    @usableFromInline
    static func value<EnclosingSelf: ObjectBase>(
        of object: EnclosingSelf,
        _ index: Int,
        _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>,
        _ wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>
    ) -> Value {
        if let recorder = object.keyPathRecorder {
            return recorder.record(index, of: object, as: Value.self, through: wrappedKeyPath)
        }
        if object.isBound { return object.boundValue(index) as! Value }
        if let value = object.unmanagedValues[index] { return value as! Value }
        if let value = object[keyPath: storageKeyPath].initial {
            object.unmanagedValues[index] = value
            return value
        }
        // A default made now (a new collection, a fresh ObjectId) is the object's from here on: an encodable model's
        // wrapper keeps it as well, so that encoding sees the elements appended to it.
        let value = TypeInspector.defaultValue(Value.self) as! Value
        object.unmanagedValues[index] = value
        if PersistedIndexCache.isEncodable(ObjectIdentifier(storageKeyPath)) {
            keepForCoding(object, storageKeyPath, value)
        }
        return value
    }

    /// Keeps `value`, just given to unmanaged `object` of an `Encodable` model, in the property's wrapper:
    /// synthesized coding reads only the wrappers.
    @usableFromInline
    @inline(never)
    static func keepForCoding<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf,
        _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>,
        _ value: Value
    ) {
        object[keyPath: storageKeyPath].initial = value
    }

    /// Keeps `value`, just assigned to the property of unmanaged `object` of an `Encodable` model, in the property's
    /// wrapper. A list, set or map was copied into the one the property holds, which the wrapper keeps since it was
    /// made (see `value(of:_:_:_:)` and `PropertyInfo.read`): that one stays.
    @usableFromInline
    @inline(never)
    static func keepAssignedForCoding<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf,
        _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>,
        _ value: Value
    ) {
        if value is any AssignableCollection { return }
        keepForCoding(object, storageKeyPath, value)
    }

    /// The index of the property `storageKeyPath` names among its class's properties, with
    /// ``PersistedIndexCache/encodableFlag`` set when the model is `Encodable`.
    @usableFromInline
    static func propertyIndex<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf,
        _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Int {
        let identifier = ObjectIdentifier(storageKeyPath)
        if let known = PersistedIndexCache.entries.withLock({ $0[identifier] }) {
            PersistedIndexCache.remember(identifier, known)
            return known.packed
        }
        let info: ObjectClassInfo
        do {
            info = try ObjectClassInfo.of(type(of: object))
        } catch {
            preconditionFailure("\(error)")
        }
        let index = info.index(for: storageKeyPath)
        let entry = PersistedIndexCache.Entry(
            keyPath: storageKeyPath,
            index: index,
            encodable: EnclosingSelf.self is any Encodable.Type
        )
        PersistedIndexCache.entries.withLock { $0[identifier] = entry }
        PersistedIndexCache.remember(identifier, entry)
        return entry.packed
    }
}

/// Property indexes by storage key path identity: the key paths the compiler passes to `Persisted`'s subscript
/// are uniqued constants, so their identity is a cheap key (each entry retains its key path, so an identity is
/// never reused by another).
///
/// Every property access asks, so the common case is one lock-free load from `table` (PropertyIndexTable.swift),
/// whose words pack a key path's address with its index; a key path whose slots are all taken is answered by the
/// locked dictionary, which holds every key path seen. (The table was direct-mapped until 2026-12-06: a model whose
/// key paths shared a slot missed on every access of either, and the locked dictionary then cost 8% of a bulk insert,
/// in some runs only, as the key paths' addresses fell.)
@usableFromInline
enum PersistedIndexCache {
    /// A key path and its property index.
    ///
    /// `@unchecked Sendable`: `AnyKeyPath` is an immutable class the standard library does not mark `Sendable`,
    /// and an entry is never mutated after it is made, so any thread may read it.
    struct Entry: @unchecked Sendable {
        let keyPath: AnyKeyPath
        let index: Int
        /// Whether the key path's root class is `Encodable`: its wrappers then keep an unmanaged object's values.
        let encodable: Bool

        /// The index with ``PersistedIndexCache/encodableFlag`` when `encodable`, as ``fast(_:)`` answers.
        var packed: Int { index | (encodable ? PersistedIndexCache.encodableFlag : 0) }
    }

    static let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// The lock-free table in front of `entries` (PropertyIndexTable.swift): a test process holds a few thousand key
    /// paths, an application's models a few hundred.
    static let table = PropertyIndexTable(slotCount: 4096)

    static func address(_ identifier: ObjectIdentifier) -> UInt64 {
        UInt64(UInt(bitPattern: Int(bitPattern: identifier)))
    }

    /// The bit of an answer of ``fast(_:)`` that says the key path's root class is `Encodable`.
    @usableFromInline static let encodableFlag = 0x8000
    /// The bits of an answer of ``fast(_:)`` that hold the property's index.
    @usableFromInline static let indexMask = 0x7FFF
    /// The flag's bit in a slot, whose low 16 bits hold the index plus one with the flag above it.
    private static let encodableBit = UInt64(encodableFlag)

    /// The index recorded for `identifier`, with ``encodableFlag`` set for an `Encodable` model, if the table
    /// holds it.
    @usableFromInline
    static func fast(_ identifier: ObjectIdentifier) -> Int? {
        guard let word = table.word(for: address(identifier)) else { return nil }
        // The index plus one is at least 1, so subtracting 1 leaves the flag's bit as it is.
        return Int(word & 0xFFFF) - 1
    }

    /// Whether the root class of the key path `identifier` names is `Encodable` (the key path has been seen: its
    /// property's index was asked for first).
    @usableFromInline
    static func isEncodable(_ identifier: ObjectIdentifier) -> Bool {
        if let word = table.word(for: address(identifier)) { return word & encodableBit != 0 }
        return entries.withLock { $0[identifier]?.encodable } ?? false
    }

    /// Records `entry` for `identifier` in the lock-free table (skipped for addresses or indexes that do not fit a
    /// word, and when the key path's slots are all taken). The key path must be in `entries`, which keeps it alive:
    /// its address must never name another key path while the table holds it.
    /// - Returns: whether the table holds the entry now.
    @discardableResult
    static func remember(_ identifier: ObjectIdentifier, _ entry: Entry) -> Bool {
        let address = address(identifier)
        guard address != 0, address >> 48 == 0, entry.index >= 0, UInt64(entry.index + 1) < encodableBit else {
            return false
        }
        return table.record(address << 16 | UInt64(entry.index + 1) | (entry.encodable ? encodableBit : 0))
    }
}

/// The options of one `@Persisted` declaration. It holds no reference (a `LinkingObjects` origin property's
/// name is kept by number, see ``OriginPropertyNames``), so the wrappers of the common property types have
/// nothing to release when an object goes away.
@usableFromInline
struct PersistedOptions {
    @usableFromInline let primaryKey: Bool
    @usableFromInline let indexed: Bool
    /// The origin property's number in ``OriginPropertyNames`` plus one; 0 for none.
    @usableFromInline let originNumber: Int32

    /// The options of a property that is not a `LinkingObjects` one. Inlinable, as `Persisted`'s initializers are:
    /// every object creation makes each of its wrappers' options, and a call per wrapper was about 1% of a bulk insert.
    @inlinable
    init(primaryKey: Bool = false, indexed: Bool = false) {
        self.primaryKey = primaryKey
        self.indexed = indexed
        originNumber = 0
    }

    /// The options of a `LinkingObjects` property that follows `originProperty` back.
    @usableFromInline
    init(originProperty: String) {
        primaryKey = false
        indexed = false
        originNumber = OriginPropertyNames.number(of: originProperty) + 1
    }

    /// The property of the source type a `LinkingObjects` property follows back, if this is one.
    var originProperty: String? { originNumber == 0 ? nil : OriginPropertyNames.name(originNumber - 1) }
}

/// The names given as `@Persisted(originProperty:)`, each numbered once: every object creation makes its
/// wrappers again, and a number is cheaper to keep than a string.
enum OriginPropertyNames {
    private static let table = Locked<(names: [String], numbers: [String: Int32])>(([], [:]))

    /// The number of `name`, given on its first use.
    static func number(of name: String) -> Int32 {
        table.withLock { table in
            if let known = table.numbers[name] { return known }
            let number = Int32(table.names.count)
            table.names.append(name)
            table.numbers[name] = number
            return number
        }
    }

    /// The name numbered `number`.
    static func name(_ number: Int32) -> String { table.withLock { $0.names[Int(number)] } }
}

/// What schema discovery reads from a `Persisted` wrapper found by reflection, and what adding an unmanaged object
/// reads and marks in it (ObjectStore/Objects/WrapperField.swift).
protocol PersistedMarker {
    var serial: Int { get }
    var options: PersistedOptions { get }
    var initialValue: Any? { get }
    static var valueType: Any.Type { get }
    /// Keeps `value` (of the property's type) as the unmanaged object's value, for synthesized `Codable`.
    mutating func keep(_ value: Any)
    /// Marks the wrapper as a managed object's, so that synthesized coding refuses it.
    mutating func markManaged()
    /// The byte offset of the wrapper's unmanaged value (a `Value?`) inside it, or nil when the wrapper does not keep
    /// its value this way.
    static var initialValueOffset: Int? { get }
    /// The stored form of the value an unmanaged object that never read or set the property holds, given the address
    /// of the wrapper's unmanaged value (`initialValueOffset` into the wrapper): the declared value, or the type's
    /// default made now and kept there, so that reading the property again gives the same value (a fresh
    /// ``ObjectId``). Only for properties whose values hold no object. Static, so that the generic wrapper touches no
    /// `Value?` itself and makes no generic metadata on the way (see `_Persistable._rlmStoredInitialValue`).
    static func storedInitialValue(at initial: UnsafeMutableRawPointer) throws -> StrataCore.Value?
}

extension Persisted: PersistedMarker {
    var initialValue: Any? { initial.map { $0 as Any } }
    static var valueType: Any.Type { Value.self }
    mutating func keep(_ value: Any) { initial = value as? Value }
    mutating func markManaged() { serial = PersistedSerial.managed }

    static var initialValueOffset: Int? { MemoryLayout<Self>.offset(of: \Self.initial) }
    static func storedInitialValue(at initial: UnsafeMutableRawPointer) throws -> StrataCore.Value? {
        try Value._rlmStoredInitialValue(initial).value
    }
}

/// Numbers every `Persisted` wrapper as it is created, so that a key path can be matched to the
/// property it names (see ObjectClassInfo).
@usableFromInline
///
/// It also marks the wrappers of the `Encodable` objects Strata makes for rows of a realm (``managed``), so that
/// synthesized coding can refuse them: their wrappers never hold the row's values.
enum PersistedSerial {
    private static let counter = Atomic<Int>(0)
    /// Threads discovering a schema (only then do wrappers need their numbers) plus threads making managed
    /// `Encodable` objects, each counted as `managedUnit`: while it is 0, a wrapper's number is 0 at the cost of
    /// one relaxed load.
    @usableFromInline static let modes = Atomic<Int>(0)
    /// What a thread making managed objects adds to `modes` (above any number of probes).
    private static let managedUnit = 1 << 32

    /// The number of a wrapper made for a managed object.
    static let managed = -1

    /// A number unique among wrappers created while a probe object is being made (see
    /// ``ObjectClassInfo``), ``managed`` for a managed object's wrapper (see ``makingManaged(_:)``), 0 otherwise:
    /// an ordinary object's wrappers are never looked up by number, and a relaxed load is cheaper than a shared
    /// counter when many objects are created. Inlinable, as `Persisted`'s initializers are: the load is inlined into
    /// every object creation, with no call.
    @inlinable
    static func next() -> Int {
        let modes = modes.load(ordering: .relaxed)
        guard modes != 0 else { return 0 }
        return next(modes)
    }

    @usableFromInline
    static func next(_ modes: Int) -> Int {
        if modes >= managedUnit, pthread_getspecific(makingManagedKey) != nil { return managed }
        guard modes & (managedUnit - 1) > 0 else { return 0 }
        return counter.add(1, ordering: .relaxed).newValue
    }

    /// Runs `body` (which creates a probe object) with numbering on.
    static func numbering<T>(_ body: () throws -> T) rethrows -> T {
        modes.add(1, ordering: .sequentiallyConsistent)
        defer { modes.subtract(1, ordering: .sequentiallyConsistent) }
        return try body()
    }

    /// Runs `body`, which makes an object for a row of a realm, with the wrappers it creates on this thread
    /// numbered ``managed``.
    static func makingManaged<T>(_ body: () throws -> T) rethrows -> T {
        // The flag is this thread's own, and the count is read only to skip the flag when no thread sets one.
        let outer = pthread_getspecific(makingManagedKey)
        modes.add(managedUnit, ordering: .relaxed)
        pthread_setspecific(makingManagedKey, UnsafeRawPointer(bitPattern: 1))
        defer {
            pthread_setspecific(makingManagedKey, outer)
            modes.subtract(managedUnit, ordering: .relaxed)
        }
        return try body()
    }

    /// The thread-specific flag of ``makingManaged(_:)`` (non-nil while it runs on the thread).
    private static let makingManagedKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}

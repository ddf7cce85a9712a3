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
    /// `PersistedSerial.managed` once its object is managed (see `PersistedSerial`), else 0.
    @usableFromInline var serial: Int
    /// The value an unmanaged object holds: the declared or decoded value, then each value set while the object
    /// is unmanaged (and a collection once it is made), so that synthesized `Codable` encodes what the object
    /// holds. The object itself keeps the same values by index (``ObjectBase/unmanagedValues``) for `add`.
    @usableFromInline var initial: Value?
    @usableFromInline let options: PersistedOptions
    /// The property's number among its class's (with ``PersistedSlots/encodableFlag`` for an `Encodable` model) plus
    /// one, or 0 until Strata writes it: when the object is made, once the class is known (PersistedSlots.swift), else
    /// on the first access. Every access reads it here, so that the compiler never has to make the key paths it
    /// passes to the subscript below.
    @usableFromInline var slot: Int

    /// A property with the type's default value.
    @inlinable
    public init() {
        serial = PersistedSerial.next()
        slot = 0
        initial = nil
        options = PersistedOptions()
    }

    /// A property with a default value.
    /// - Parameter wrappedValue: the value a new unmanaged object starts with.
    @inlinable
    public init(wrappedValue: Value) {
        serial = PersistedSerial.next()
        slot = 0
        initial = wrappedValue
        options = PersistedOptions()
    }

    /// An indexed (or not) property with the type's default value.
    /// - Parameter indexed: whether to keep a search index (`Int`, `Bool`, `String`, `Date`, ``ObjectId``, `UUID`
    ///   and ``AnyRealmValue`` properties).
    @inlinable
    public init(indexed: Bool) {
        serial = PersistedSerial.next()
        slot = 0
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
        slot = 0
        initial = wrappedValue
        options = PersistedOptions(indexed: indexed)
    }

    /// The primary key (when `primaryKey` is true), with the type's default value.
    /// - Parameter primaryKey: whether the property is the class's primary key (`Int`, `String`, ``ObjectId`` or
    ///   `UUID`, optional or not).
    @inlinable
    public init(primaryKey: Bool) {
        serial = PersistedSerial.next()
        slot = 0
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
        slot = 0
        initial = wrappedValue
        options = PersistedOptions(primaryKey: primaryKey)
    }

    /// The objects of type `Source` whose property `originProperty` links to this object.
    /// - Parameter originProperty: the name of the link, list or set property of `Source` that points at this
    ///   object's class; a name `Source` lacks is refused when the realm opens.
    @inlinable
    public init<Source: ObjectBase>(originProperty: String) where Value == LinkingObjects<Source> {
        serial = PersistedSerial.next()
        slot = 0
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
    ///   - wrappedKeyPath: the key path of the property, which only the key path recorder's probes use.
    ///   - storageKeyPath: the key path of the property's `Persisted` storage, where the accessor reads its number.
    public static subscript<EnclosingSelf: ObjectBase>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Value {
        // Always inlined into the model's accessors, where the key paths are literals: see `slotEntry`. Everything
        // but the typed reads is a call that takes no storage key path. The getter's one use of `wrappedKeyPath`, the
        // recorder's (which tells `\.score` from a computed property that reads `score`), makes that key path on
        // every read (the compiler makes it at the top of the accessor, not in the branch): about half of what both
        // key paths cost; the setter makes none.
        @inlinable
        @inline(__always)
        get {
            let index = slotEntry(object, storageKeyPath) & PersistedSlots.indexMask
            // The type's own read (`Int`, `Double`, `Bool` and `String` read the row in place, see
            // ObjectBase+TypedAccess.swift); nil sends the read down the general path.
            if object.isBound, object.keyPathRecorder == nil, let value = Value._rlmBoundValue(object, index) {
                return value
            }
            if let recorder = object.keyPathRecorder {
                return recorded(by: recorder, object, index, wrappedKeyPath)
            }
            return value(of: object, index)
        }
        @inlinable
        @inline(__always)
        set {
            let entry = slotEntry(object, storageKeyPath)
            let index = entry & PersistedSlots.indexMask
            if object.isBound {
                Value._rlmSetBound(newValue, object, index)
            } else {
                Value._rlmSetUnmanaged(newValue, object, index)
                // An encodable model's wrapper keeps the value too, for synthesized `Codable` (which sees only the
                // wrapper); the slot says whether the model is one, so other models pay one test.
                if entry & PersistedSlots.encodableFlag != 0 { keepForCoding(newValue, object, index) }
            }
        }
    }

    /// The property's number (with ``PersistedSlots/encodableFlag``), read from the wrapper `storageKeyPath` names.
    ///
    /// Inlined into the model's accessors with its key path a literal, `object[keyPath: storageKeyPath].slot` compiles
    /// to a load from the object: the key path object itself is never made (which cost a runtime call, a retain and a
    /// release per key path per access). So no other use of `storageKeyPath` may reach code that is not inlined.
    @inlinable
    @inline(__always)
    static func slotEntry<EnclosingSelf: ObjectBase>(
        _ object: EnclosingSelf,
        _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Persisted<Value>>
    ) -> Int {
        let slot = object[keyPath: storageKeyPath].slot
        if _fastPath(slot != 0) { return slot &- 1 }
        PersistedSlots.fill(object)
        let filled = object[keyPath: storageKeyPath].slot
        if filled == 0 { PersistedSlots.unknownWrapper(object) }
        return filled &- 1
    }

    /// What probe `object`'s `recorder` answers for the property at `index`, read through `wrappedKeyPath`.
    @usableFromInline
    static func recorded<EnclosingSelf: ObjectBase>(
        by recorder: KeyPathRecorder,
        _ object: EnclosingSelf,
        _ index: Int,
        _ wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>
    ) -> Value {
        recorder.record(index, of: object, as: Value.self, through: wrappedKeyPath)
    }

    /// The property's value in `object`, for every case but the typed reads: a bound object's through its binding, an
    /// unmanaged one's as it holds it, or as declared, or the type's default made now (a new collection, a fresh
    /// ObjectId), which is the object's from here on (`PropertyInfo.read`).
    @usableFromInline
    static func value(of object: ObjectBase, _ index: Int) -> Value {
        if object.isBound { return object.boundValue(index) as! Value }
        if let value = object.unmanagedValues[index] { return value as! Value }
        return PersistedSlots.info(of: object).properties[index].read(object) as! Value
    }

    /// Keeps `value`, just assigned to the property at `index` of unmanaged `object` of an `Encodable` model, in the
    /// property's wrapper. A list, set or map was copied into the one the property holds, which the wrapper keeps
    /// since it was made (see `PropertyInfo.read`): that one stays.
    @usableFromInline
    @inline(never)
    static func keepForCoding(_ value: Value, _ object: ObjectBase, _ index: Int) {
        if value is any AssignableCollection { return }
        PersistedSlots.info(of: object).properties[index].wrapperField.keep(value, in: object)
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
    /// The byte offset of the wrapper's property number (an `Int`) inside it, or nil when it has none.
    static var slotOffset: Int? { get }
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
    static var slotOffset: Int? { MemoryLayout<Self>.offset(of: \Self.slot) }
    static func storedInitialValue(at initial: UnsafeMutableRawPointer) throws -> StrataCore.Value? {
        try Value._rlmStoredInitialValue(initial).value
    }
}

/// Marks the wrappers of the `Encodable` objects Strata makes for rows of a realm (``managed``), so that synthesized
/// coding can refuse them: their wrappers never hold the row's values.
@usableFromInline
enum PersistedSerial {
    /// How many threads are making managed `Encodable` objects: while it is 0, a wrapper's number is 0 at the cost of
    /// one relaxed load.
    @usableFromInline static let modes = Atomic<Int>(0)

    /// The number of a wrapper made for a managed object.
    static let managed = -1

    /// ``managed`` for a managed object's wrapper (see ``makingManaged(_:)``), 0 otherwise. Inlinable, as `Persisted`'s
    /// initializers are: the load is inlined into every object creation, with no call.
    @inlinable
    static func next() -> Int {
        let modes = modes.load(ordering: .relaxed)
        guard modes != 0 else { return 0 }
        return next(modes)
    }

    @usableFromInline
    static func next(_ modes: Int) -> Int {
        pthread_getspecific(makingManagedKey) != nil ? managed : 0
    }

    /// Runs `body`, which makes an object for a row of a realm, with the wrappers it creates on this thread
    /// numbered ``managed``.
    static func makingManaged<T>(_ body: () throws -> T) rethrows -> T {
        // The flag is this thread's own, and the count is read only to skip the flag when no thread sets one.
        let outer = pthread_getspecific(makingManagedKey)
        modes.add(1, ordering: .relaxed)
        pthread_setspecific(makingManagedKey, UnsafeRawPointer(bitPattern: 1))
        defer {
            pthread_setspecific(makingManagedKey, outer)
            modes.subtract(1, ordering: .relaxed)
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

import StrataCore
import Synchronization

/// The property numbers of model objects, kept in their `@Persisted` wrappers (`Persisted.slot`).
///
/// Every property access needs its property's number among its class's. The accessors the compiler makes pass the
/// property's key paths to `Persisted`'s subscript; asking anything of a key path object makes the runtime produce
/// it (a call, a retain and a release per key path per access, a fifth of iterating objects and reading their
/// properties). Reading a field of the wrapper through the key path does not: inlined into the model's accessor, it is
/// a load from the object. So each wrapper holds its number, written here:
///   1. when an object is made (`ObjectBase.init`), for every wrapper at once, once its class is known: a lock-free
///      lookup of the class, then one store per wrapper;
///   2. on the first access of an object made before its class was known (the first objects of a class made before
///      a realm listing it opened), for every wrapper of the object at once.
/// Such an object is unmanaged and not `Sendable`, so (2) writes to an object no other thread reads. Every object
/// Strata makes for a row (live or frozen) is made after its class is known, so it is written by (1) before any
/// other thread can reach it, and written again once made (`ObjectBinding.makeObject`), in case the class's own
/// `init()` replaced a wrapper after `ObjectBase.init` (a wrapper made anew holds 0): frozen objects read from many
/// tasks only ever read their wrappers' numbers.
@usableFromInline
enum PersistedSlots {
    /// The bit of a wrapper's entry (its slot minus one) that says the model is `Encodable`.
    @usableFromInline static let encodableFlag = 0x8000
    /// The bits of a wrapper's entry that hold its property's number.
    @usableFromInline static let indexMask = 0x7FFF

    /// One class's info, by the number ``classes`` gives it: an `Atomic` needs a class of its own in an array.
    private final class Registered: Sendable {
        /// The info's address (unretained: `ObjectClassInfo`'s cache keeps every info for the process's life), or 0.
        let info = Atomic<UInt>(0)
    }

    /// How many classes (1) serves without a lock; the classes after them are looked up in `ObjectClassInfo`'s cache.
    private static let capacity = 2048
    /// The registered infos, by number.
    private static let registered: [Registered] = (0..<capacity).map { _ in Registered() }
    /// How many numbers have been given.
    private static let count = Atomic<Int>(0)
    /// The number plus one of each registered class, by the address of its metadata (PropertyIndexTable.swift).
    private static let classes = PropertyIndexTable(slotCount: 4096)

    /// The address that names `type` in ``classes``, or nil when it does not fit the table's words.
    private static func address(_ type: ObjectBase.Type) -> UInt64? {
        let address = UInt64(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(type))))
        return address != 0 && address >> 48 == 0 ? address : nil
    }

    /// Makes `info`, which `ObjectClassInfo`'s cache holds for good, the one that writes new objects of its class.
    static func register(_ info: ObjectClassInfo) {
        guard let address = address(info.type) else { return }
        let number = count.add(1, ordering: .relaxed).oldValue
        guard number < capacity else { return }
        // Released before the table names the number: a reader that acquires a non-zero address sees the whole info.
        registered[number].info.store(UInt(bitPattern: Unmanaged.passUnretained(info).toOpaque()), ordering: .releasing)
        classes.record(address << 16 | UInt64(number + 1))
    }

    /// Writes the numbers of new `object`'s wrappers when its class is known (case 1 above); otherwise leaves them 0.
    static func fillIfKnown(_ object: ObjectBase) {
        let type = type(of: object)
        if let info = registeredInfo(type) {
            info._withUnsafeGuaranteedRef { $0.slotFields.stamp(object) }
            return
        }
        // A dynamic object has no wrappers, and its class is never discovered: nothing to ask the cache.
        guard type != DynamicObject.self else { return }
        // Not in the lock-free table (its class not known yet, or beyond its capacity): the cache answers, and never
        // builds an info here (building one makes a probe object, which would ask again).
        ObjectClassInfo.known(type)?.slotFields.stamp(object)
    }

    /// The info of `type` from the lock-free table, if it is registered there (unretained: the cache keeps it).
    @inline(__always)
    private static func registeredInfo(_ type: ObjectBase.Type) -> Unmanaged<ObjectClassInfo>? {
        guard let address = address(type), let word = classes.word(for: address) else { return nil }
        // A number read before its info's store is visible reads 0: the caller asks the cache then.
        let bits = registered[Int(word & 0xFFFF) - 1].info.load(ordering: .acquiring)
        return UnsafeRawPointer(bitPattern: bits).map { Unmanaged<ObjectClassInfo>.fromOpaque($0) }
    }

    /// Writes the numbers of `object`'s wrappers, discovering its class if needed (case 2 above). A class that
    /// cannot be a model stops, as any use of its properties does.
    @usableFromInline
    @inline(never)
    static func fill(_ object: ObjectBase) {
        info(of: object).slotFields.stamp(object)
    }

    /// The info of `object`'s class, discovering it if needed; a class that cannot be a model stops, as any use of its
    /// properties does.
    static func info(of object: ObjectBase) -> ObjectClassInfo {
        if let info = registeredInfo(type(of: object)) { return info.takeUnretainedValue() }
        do {
            return try ObjectClassInfo.of(type(of: object))
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Stops for a wrapper that discovery did not find among its object's class's properties.
    @usableFromInline
    @inline(never)
    static func unknownWrapper(_ object: ObjectBase) -> Never {
        preconditionFailure("a @Persisted property of \(type(of: object)) that is not among the class's properties")
    }
}

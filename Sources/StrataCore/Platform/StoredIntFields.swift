// StoredIntFields.swift: a fixed set of `Int` fields of one class's instances, each given its value in place at once.
//
// Format: none on disk. A set is the class and a list of (byte offset, value) pairs; each offset is where an `Int`
// lies inside an instance of the class, as the offsets of its stored properties (StoredField.swift) and of a field
// inside such a property's struct (`MemoryLayout.offset(of:)`) add up to.
//
// Invariants:
// - every offset names 8 bytes of an instance of exactly `owner` that hold an initialized `Int` for the instance's
//   whole lifetime (the caller builds the offsets from the runtime's own field offsets, see above);
// - `stamp` writes only into an instance whose dynamic class is `owner` (checked on every call), and only while no
//   other thread can reach the instance or its fields are being read (its caller's rule, see `stamp(_:)`).
//
// State machine: none; a set is immutable once made.
//
// Why it exists: the object layer writes each new model object's property numbers into its `@Persisted` wrappers once
// (PersistedSlots.swift), so that every later property access reads its number from the wrapper in one load.

/// `Int` fields of instances of one class, written together by their offsets.
package struct StoredIntFields: Sendable {
    /// The class whose instances hold the fields.
    private let owner: ObjectIdentifier
    /// Where each field lies in an instance, and the value it is given.
    private let writes: [(offset: Int, value: Int)]

    /// Fields of instances of `owner` at the byte offsets of `writes`, each to be given its value.
    /// - Precondition: each offset is 8-byte aligned and names an `Int` inside an instance of `owner`.
    package init(of owner: AnyClass, _ writes: [(offset: Int, value: Int)]) {
        precondition(
            writes.allSatisfy {
                $0.offset >= MemoryLayout<Int>.size * 2 && $0.offset % MemoryLayout<Int>.alignment == 0
            },
            "a field offset inside an object's header or unaligned"
        )
        self.owner = ObjectIdentifier(owner)
        self.writes = writes
    }

    /// Whether there is no field to write.
    package var isEmpty: Bool { writes.isEmpty }

    /// Gives every field of `object` its value.
    ///
    /// Call it only on an object no other thread can reach yet (one being made), or one whose fields no other thread
    /// reads while it runs (an object confined to the caller's thread).
    @inline(__always)
    package func stamp(_ object: AnyObject) {
        precondition(ObjectIdentifier(type(of: object)) == owner, "stored fields written on an object of another class")
        withExtendedLifetime(object) {
            // Each offset names an initialized `Int` of the instance (the invariants above); the object is alive.
            let base = Unmanaged.passUnretained(object).toOpaque()
            for write in writes { (base + write.offset).assumingMemoryBound(to: Int.self).pointee = write.value }
        }
    }
}

// StoredField.swift: one stored property of a class, read and written in place by its offset.
//
// Format: none on disk. A field is (class, offset, type) as the Swift runtime's metadata for the class gives them
// (`_forEachField`, the standard library's reflection entry point, which lists a class's stored properties base
// class first with their byte offsets in an instance).
//
// Invariants:
// - `offset` is the offset the runtime reported for a stored property of exactly `owner`, and `Value` is exactly
//   the type the runtime reported for it (checked when the field is made);
// - an access is only made on an instance whose dynamic class is `owner` (checked on every access), so the bytes at
//   `offset` are an initialized `Value` bound to that type for the instance's whole lifetime.
//
// State machine: none; a field is immutable once made.
//
// Why it exists: the object layer reads an unmanaged model object's property wrappers (their declared defaults) when
// the object is added to a realm. Reflection (`Mirror`) builds every child of the object to reach one, about 50 µs an
// object; an access by offset costs what reading the property costs.

@_spi(Reflection) import Swift

/// `_EachFieldOptions.classType` (bit 0, "the type is a class"): the standard library declares it a `static var`,
/// which Swift 6 refuses to read from nonisolated code, so its value is spelled here. A wrong value would make
/// `_forEachField` list nothing, and every model class would then fail discovery loudly.
private let classFields = _EachFieldOptions(rawValue: 1 << 0)

/// A stored property of `owner`, reached in an instance through its offset.
///
/// Accessing it bypasses the property's dynamic exclusivity check: callers use it only on an object confined to their
/// thread and never while the same property is being accessed through its accessors.
package struct StoredField<Value> {
    /// The class whose instances hold the field.
    private let owner: ObjectIdentifier
    /// The field's byte offset in an instance of `owner`.
    private let offset: Int

    /// The stored property named `name` of `owner`, or nil when `owner` has none of that name and type.
    package init?(named name: String, of owner: AnyClass) {
        var found: Int?
        _ = _forEachField(of: owner, options: classFields) { fieldName, offset, type, _ in
            guard String(cString: fieldName) == name else { return true }
            if type == Value.self { found = offset }
            return false
        }
        guard let found else { return nil }
        self.owner = ObjectIdentifier(owner)
        offset = found
    }

    /// The field's byte offset in an instance of its class.
    package var byteOffset: Int { offset }

    /// The names and types of `owner`'s stored properties, base class first.
    package static func fields(of owner: AnyClass) -> [(name: String, type: Any.Type)] {
        var fields: [(name: String, type: Any.Type)] = []
        _ = _forEachField(of: owner, options: classFields) { name, _, type, _ in
            fields.append((String(cString: name), type))
            return true
        }
        return fields
    }

    /// The field's value in `object`.
    @inline(__always)
    package func read(_ object: AnyObject) -> Value {
        withPointer(object) { $0.pointee }
    }

    /// Runs `body` on the field of `object` in place.
    @inline(__always)
    package func modify<Result>(_ object: AnyObject, _ body: (inout Value) throws -> Result) rethrows -> Result {
        try withPointer(object) { try body(&$0.pointee) }
    }

    /// Runs `body` on the address of the field of `object`, for a caller that reaches a stored part of it by that
    /// part's own offset (which the caller must have from the field's type, as `MemoryLayout.offset(of:)` gives it).
    @inline(__always)
    package func withAddress<Result>(
        _ object: AnyObject,
        _ body: (UnsafeMutableRawPointer) throws -> Result
    ) rethrows -> Result {
        try withPointer(object) { try body(UnsafeMutableRawPointer($0)) }
    }

    @inline(__always)
    private func withPointer<Result>(
        _ object: AnyObject,
        _ body: (UnsafeMutablePointer<Value>) throws -> Result
    ) rethrows -> Result {
        precondition(ObjectIdentifier(type(of: object)) == owner, "a stored field used on an object of another class")
        return try withExtendedLifetime(object) {
            // The bytes at `offset` hold the initialized `Value` the runtime reported (see the invariants above);
            // the object is kept alive for the access.
            let base = Unmanaged.passUnretained(object).toOpaque()
            return try body((base + offset).assumingMemoryBound(to: Value.self))
        }
    }
}

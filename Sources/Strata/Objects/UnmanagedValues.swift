import StrataCore

/// The property values an unmanaged object holds, by property index: a small array, cheaper than a
/// dictionary for the handful of properties a model has. `Int`, `Double`, `Bool` and `String` values set
/// through `Persisted`'s specialized setter are kept as engine values, so adding the object to a realm
/// takes them as they are instead of casting them back from `Any`.
@usableFromInline
struct UnmanagedValues {
    private enum Slot {
        case unset
        case boxed(Any)
        case plain(StrataCore.Value)
    }

    private var slots: [Slot] = []

    /// The value of property `index`, or nil when it was never read or set.
    @usableFromInline
    subscript(index: Int) -> Any? {
        get {
            guard index < slots.count else { return nil }
            switch slots[index] {
            case .unset: return nil
            case .boxed(let value): return value
            case .plain(.int(let value)): return Int(value)
            case .plain(.double(let value)): return value
            case .plain(.bool(let value)): return value
            case .plain(.string(let value)): return value
            case .plain(let value): preconditionFailure("\(value) is not a plain value")
            }
        }
        set { store(index, newValue.map(Slot.boxed) ?? .unset) }
    }

    /// Sets `Int` property `index`.
    @usableFromInline
    mutating func setInt(_ index: Int, _ value: Int) { store(index, .plain(.int(Int64(value)))) }

    /// Sets `Double` property `index`.
    @usableFromInline
    mutating func setDouble(_ index: Int, _ value: Double) { store(index, .plain(.double(value))) }

    /// Sets `Bool` property `index`.
    @usableFromInline
    mutating func setBool(_ index: Int, _ value: Bool) { store(index, .plain(.bool(value))) }

    /// Sets `String` property `index`.
    @usableFromInline
    mutating func setString(_ index: Int, _ value: String) { store(index, .plain(.string(value))) }

    /// The engine value of property `index` if one of the typed setters set it.
    func plainValue(_ index: Int) -> StrataCore.Value? {
        guard index < slots.count, case .plain(let value) = slots[index] else { return nil }
        return value
    }

    private mutating func store(_ index: Int, _ slot: Slot) {
        if index >= slots.count {
            if case .unset = slot { return }
            // One allocation for a typical model's properties, not one per newly set index.
            let count = Swift.max(index + 1, slots.count * 2, 8)
            if slots.isEmpty {
                slots = Array(repeating: .unset, count: count)
            } else {
                slots.append(contentsOf: repeatElement(.unset, count: count - slots.count))
            }
        }
        slots[index] = slot
    }

    /// Forgets every value (the object became managed).
    mutating func removeAll() { slots = [] }
}

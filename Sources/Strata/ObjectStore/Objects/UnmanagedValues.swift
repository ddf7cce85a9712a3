import StrataCore

/// The property values an unmanaged object holds, by property index. `Int`, `Double`, `Bool` and `String`
/// values set through `Persisted`'s specialized setters are kept as engine values in a small array (with one
/// bit per property saying which are set), so adding the object to a realm takes them as they are instead of
/// casting them back from `Any`; values of other types are kept boxed, apart.
@usableFromInline
struct UnmanagedValues {
    /// Engine values of the properties set through a typed setter (`.null` in the others).
    private var plain: [StrataCore.Value] = []
    /// Bit `i` is set when `plain[i]` holds property `i`'s value.
    private var plainSet: UInt64 = 0
    /// The values of every other property that was read or set (nil until there is one).
    private var boxed: [Int: Any]?

    /// How many properties can be kept as engine values; the ones past it are boxed.
    private static var plainLimit: Int { UInt64.bitWidth }

    /// The value of property `index`, or nil when it was never read or set.
    @usableFromInline
    subscript(index: Int) -> Any? {
        get {
            if let value = plainValue(index) {
                switch value {
                case .int(let value): return Int(value)
                case .double(let value): return value
                case .bool(let value): return value
                case .string(let value): return value
                default: preconditionFailure("\(value) is not a plain value")
                }
            }
            return boxed?[index]
        }
        set {
            if index < Self.plainLimit { plainSet &= ~(1 << UInt64(index)) }
            box(index, newValue)
        }
    }

    /// Sets `Int` property `index`.
    @usableFromInline
    mutating func setInt(_ index: Int, _ value: Int) { store(index, .int(Int64(value)), boxing: value) }

    /// Sets `Double` property `index`.
    @usableFromInline
    mutating func setDouble(_ index: Int, _ value: Double) { store(index, .double(value), boxing: value) }

    /// Sets `Bool` property `index`.
    @usableFromInline
    mutating func setBool(_ index: Int, _ value: Bool) { store(index, .bool(value), boxing: value) }

    /// Sets `String` property `index`.
    @usableFromInline
    mutating func setString(_ index: Int, _ value: String) { store(index, .string(value), boxing: value) }

    /// Whether property `index` was read or set (its value is kept here).
    func holds(_ index: Int) -> Bool { plainValue(index) != nil || boxed?[index] != nil }

    /// The engine value of property `index` if one of the typed setters set it.
    func plainValue(_ index: Int) -> StrataCore.Value? {
        guard index < Self.plainLimit, plainSet & (1 << UInt64(index)) != 0 else { return nil }
        return plain[index]
    }

    private mutating func store(_ index: Int, _ value: StrataCore.Value, boxing swiftValue: @autoclosure () -> Any) {
        guard index < Self.plainLimit else { return box(index, swiftValue()) }
        if index < plain.count {
            plain[index] = value
        } else {
            // One allocation for a typical model's properties, not one per newly set index: made in place
            // (`Array(repeating:count:)` of an engine value looks up the array's type metadata at run time on every
            // call, a hash lookup costing more than the allocation, and a literal of constants is a statically
            // allocated array that the first store copies again). The array ends at the highest index set, so the
            // row of a model whose properties are set in order needs no trimming (`takePlainRow`).
            if plain.isEmpty { plain.reserveCapacity(Swift.max(index + 1, 8)) }
            while plain.count < index { plain.append(.null) }
            plain.append(value)
        }
        plainSet |= 1 << UInt64(index)
        boxed?[index] = nil
    }

    /// Keeps `value` boxed for property `index` (nil forgets it); the dictionary is made on the first value.
    private mutating func box(_ index: Int, _ value: Any?) {
        guard let value else {
            boxed?[index] = nil
            return
        }
        if boxed == nil { boxed = [index: value] } else { boxed![index] = value }
    }

    /// The engine values of properties `0..<count`, taken out whole (the values kept here are then forgotten), when
    /// a typed setter set each of them and no other property holds a value; nil, changing nothing, otherwise. The
    /// row of an added object whose plain properties come first, with no array made for it
    /// (`RealmState.addRow`); ``restore(plainRow:)`` puts it back if the add fails.
    mutating func takePlainRow(count: Int) -> [StrataCore.Value]? {
        guard count > 0, count < Self.plainLimit, boxed == nil, plainSet == (1 << UInt64(count)) - 1 else {
            return nil
        }
        var row = plain
        plain = []
        plainSet = 0
        // `row` is the array's only reference now: trimming an unset tail (a property set, then forgotten) frees
        // nothing and copies nothing. One element at a time: `removeLast(_:)` takes the generic path.
        while row.count > count { row.removeLast() }
        return row
    }

    /// Puts back a row ``takePlainRow(count:)`` took, as the typed setters had left it.
    mutating func restore(plainRow row: [StrataCore.Value]) {
        plain = row
        plainSet = (1 << UInt64(row.count)) - 1
    }

    /// Forgets every value (the object became managed).
    mutating func removeAll() {
        plain = []
        plainSet = 0
        boxed = nil
    }
}

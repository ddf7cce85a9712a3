/// The property values an unmanaged object holds, by property index: a small array, cheaper than a
/// dictionary for the handful of properties a model has.
@usableFromInline
struct UnmanagedValues {
    private var values: [Any?] = []

    /// The value of property `index`, or nil when it was never read or set.
    @usableFromInline
    subscript(index: Int) -> Any? {
        get { index < values.count ? values[index] : nil }
        set {
            if index >= values.count {
                guard newValue != nil else { return }
                // One allocation for a typical model's properties, not one per newly set index.
                let count = Swift.max(index + 1, values.count * 2, 8)
                values.append(contentsOf: repeatElement(nil, count: count - values.count))
            }
            values[index] = newValue
        }
    }

    /// Forgets every value (the object became managed).
    mutating func removeAll() { values = [] }
}

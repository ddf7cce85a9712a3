/// The property values an unmanaged object holds, by property index: a small array, cheaper than a
/// dictionary for the handful of properties a model has.
struct UnmanagedValues {
    private var values: [Any?] = []

    /// The value of property `index`, or nil when it was never read or set.
    subscript(index: Int) -> Any? {
        get { index < values.count ? values[index] : nil }
        set {
            if index >= values.count {
                guard newValue != nil else { return }
                values.append(contentsOf: repeatElement(nil, count: index + 1 - values.count))
            }
            values[index] = newValue
        }
    }

    /// Forgets every value (the object became managed).
    mutating func removeAll() { values = [] }
}

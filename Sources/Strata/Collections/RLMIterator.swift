import StrataCore

/// An iterator over a ``Results`` collection: it reads the matching objects' keys once, then yields
/// each object in order.
///
/// ```swift
/// for dog in realm.objects(Dog.self) { print(dog.name) }
/// ```
public struct RLMIterator<Element>: IteratorProtocol {
    private let keys: [ObjectKey]
    private let make: (ObjectKey) -> Element
    private var position = 0

    init(keys: [ObjectKey], make: @escaping (ObjectKey) -> Element) {
        self.keys = keys
        self.make = make
    }

    /// The next object, or nil after the last.
    public mutating func next() -> Element? {
        guard position < keys.count else { return nil }
        defer { position += 1 }
        return make(keys[position])
    }
}

import StrataCore

/// An iterator over a ``Results`` collection: it reads the matching objects' keys once (a whole table
/// outside a write transaction, a piece at a time), then yields each object in order.
///
/// ```swift
/// for dog in realm.objects(Dog.self) { print(dog.name) }
/// ```
public struct RLMIterator<Element>: IteratorProtocol {
    private var keys: [ObjectKey]
    private var position = 0
    /// The keys after a given one, for iterators that read them a piece at a time (nil: `keys` is all).
    private let keysAfter: ((ObjectKey) -> [ObjectKey])?
    private let make: (ObjectKey) -> Element

    init(keys: [ObjectKey], make: @escaping (ObjectKey) -> Element) {
        self.keys = keys
        keysAfter = nil
        self.make = make
    }

    /// An iterator that reads keys in pieces: `keysAfter(nil)` first, then the ones after the last read,
    /// until a piece comes back empty.
    init(keysAfter: @escaping (ObjectKey?) -> [ObjectKey], make: @escaping (ObjectKey) -> Element) {
        keys = keysAfter(nil)
        self.keysAfter = { keysAfter($0) }
        self.make = make
    }

    /// The next object, or nil after the last.
    public mutating func next() -> Element? {
        if position == keys.count {
            guard let keysAfter, let last = keys.last else { return nil }
            keys = keysAfter(last)
            position = 0
            guard !keys.isEmpty else { return nil }
        }
        defer { position += 1 }
        return make(keys[position])
    }
}

import StrataCore

/// The iterator of every Realm collection: over objects it reads their keys once (a whole table outside a
/// write transaction, a piece at a time) and makes each object as it is reached; over values, or a
/// collection that gives its elements by position, it yields them in order.
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
    /// For iterators that make each object knowing its position among `keys` (a sorted `Results` whose rows are
    /// known: ResultRowBinder.swift); used instead of `make` when set.
    private let makeAt: ((Int, ObjectKey) -> Element)?
    /// For iterators by position: the element at a position, and how many there are.
    private let element: ((Int) -> Element)?
    private let count: Int

    init(keys: [ObjectKey], make: @escaping (ObjectKey) -> Element) {
        self.keys = keys
        keysAfter = nil
        self.make = make
        makeAt = nil
        element = nil
        count = 0
    }

    /// An iterator that reads keys in pieces: `keysAfter(nil)` first, then the ones after the last read,
    /// until a piece comes back empty.
    init(keysAfter: @escaping (ObjectKey?) -> [ObjectKey], make: @escaping (ObjectKey) -> Element) {
        keys = keysAfter(nil)
        self.keysAfter = { keysAfter($0) }
        self.make = make
        makeAt = nil
        element = nil
        count = 0
    }

    /// An iterator over the objects of `keys` that makes each one knowing its position among them.
    init(keys: [ObjectKey], makeAt: @escaping (Int, ObjectKey) -> Element) {
        self.keys = keys
        keysAfter = nil
        make = { _ in preconditionFailure("an iterator by position and key makes its objects with makeAt") }
        self.makeAt = makeAt
        element = nil
        count = 0
    }

    /// An iterator over `count` elements given by position.
    init(count: Int, element: @escaping (Int) -> Element) {
        keys = []
        keysAfter = nil
        make = { _ in preconditionFailure("an iterator by position has no keys") }
        makeAt = nil
        self.element = element
        self.count = count
    }

    /// The next element, or nil after the last.
    /// - Returns: the next element, or nil at the end.
    public mutating func next() -> Element? {
        if let element {
            guard position < count else { return nil }
            defer { position += 1 }
            return element(position)
        }
        if position == keys.count {
            guard let keysAfter, let last = keys.last else { return nil }
            keys = keysAfter(last)
            position = 0
            guard !keys.isEmpty else { return nil }
        }
        defer { position += 1 }
        if let makeAt { return makeAt(position, keys[position]) }
        return make(keys[position])
    }
}

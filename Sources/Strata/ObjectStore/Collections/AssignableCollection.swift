/// A `List`, `MutableSet` or `Map` held by an unmanaged object's property, which assignment fills rather than
/// replaces.
///
/// In Realm a collection property is one collection for the life of its object: assigning a collection to it (the
/// typed accessor, the subscript, `setValue(_:forKey:)`, `init(value:)`) copies the elements into that collection, so
/// a reference taken earlier sees them. Managed objects write the elements through their row; an unmanaged
/// object's property calls ``assignContents(of:)`` on the collection it holds.
///
/// ```swift
/// let person = Person()
/// let dogs = person.dogs
/// person.dogs = otherList   // `dogs` now holds otherList's elements; `person.dogs === dogs`
/// ```
protocol AssignableCollection: AnyObject {
    /// Replaces the elements of this collection with those of `other`, a collection of the same type; nothing
    /// when `other` is this collection.
    func assignContents(of other: Any)
}

extension List: AssignableCollection {
    func assignContents(of other: Any) {
        guard let other = other as? List<Element>, other !== self else { return }
        let elements = other.elements
        removeAll()
        append(objectsIn: elements)
    }
}

extension MutableSet: AssignableCollection {
    func assignContents(of other: Any) {
        guard let other = other as? MutableSet<Element>, other !== self else { return }
        let elements = other.elements
        removeAll()
        insert(objectsIn: elements)
    }
}

extension Map: AssignableCollection {
    func assignContents(of other: Any) {
        guard let other = other as? Map<Key, Value>, other !== self else { return }
        let entries = other.entries
        removeAll()
        merge(entries.map { (key: $0.key as! Key, value: $0.value) }) { $1 }
    }
}

/// An unmanaged `List`, `MutableSet` or `Map` that becomes managed when the object holding it is added to a realm.
///
/// In Realm a collection read from an unmanaged object is the object's own: after `add`, the same instance reads
/// and writes the managed property, so nothing appended to it afterwards is lost.
///
/// ```swift
/// let parent = Parent()
/// let children = parent.children   // unmanaged
/// try realm.add(parent)
/// children.append(Child())          // stored: `children` is now the managed list
/// ```
protocol AdoptableCollection: AnyObject {
    /// Makes this unmanaged collection read and write property `property` of the object `owner` binds (the
    /// collection's elements were copied there by `add`). A collection made managed is left as it is.
    func adopt(owner: ObjectBinding, property: Int)
}

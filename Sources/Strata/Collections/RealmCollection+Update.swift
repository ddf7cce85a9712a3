extension RealmCollection where Element: ObjectBase {
    /// Sets a property of every object to what `transform` makes of its value, as assigning each object in turn
    /// would: Strata's set-based form of a loop such as `for player in results { player.score += 1 }`.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     try realm.objects(Player.self).filter("team == 'red'").update(\.score) { $0 + 1 }
    /// }
    /// ```
    ///
    /// For a managed collection this needs a write transaction; outside one it stops with a message, as assigning a
    /// property does. A property holding a single value (not a link, a mixed value or the primary key) is read and
    /// written leaf by leaf in the file, without making an object per element; any other property, and the objects
    /// of an unmanaged collection, are assigned one by one. Either way the change notifications are those of the
    /// loop: every object counts as modified, and each ``ObjectChange`` carries its old and new value. An object a
    /// list holds twice is transformed twice, as the loop would.
    /// - Complexity: O(n) for n objects (O(n log n) when they are not in the table's order).
    /// - Parameters:
    ///   - keyPath: the property to set, such as `\.score`.
    ///   - transform: makes an object's new value from its current one.
    /// - Throws: what `transform` throws (the objects before the one it failed on keep their new values; the write
    ///   transaction is usually rolled back then), or ``RealmError`` when the file cannot be written.
    /// - Note: Strata addition. Realm Swift's one set-based write is ``setValue(_:forKey:)``.
    public func update<Value>(
        _ keyPath: ReferenceWritableKeyPath<Element, Value>,
        _ transform: (Value) throws -> Value
    ) throws {
        // A key path of a persisted property itself (not a computed property's, nor one through links) on a managed
        // collection may go leaf by leaf.
        if let results = _contents.results, let name = KeyPathRecorder.storedProperty(of: keyPath) {
            // The transform is called only during the update.
            let done = try withoutActuallyEscaping(transform) { transform in
                try results.updatePlainProperty(name, transform)
            }
            if done { return }
        }
        for object in self { object[keyPath: keyPath] = try transform(object[keyPath: keyPath]) }
    }
}

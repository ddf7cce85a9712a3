import StrataCore

/// The sections of sectioned results at one version: the distinct section keys in the order they first appear
/// in the sorted results, and for each key the positions of its objects in those results, in results order.
///
/// This is the one sectioning algorithm every `sectioned(...)` form runs, as realm-core's
/// `SectionedResults::calculate_sections` is: walk the results once, ask the key of each element, and append
/// the element to the section of that key, opening a new section at the end when the key is new. A key that
/// comes back after other keys joins its first section, so a section's objects need not be adjacent in the
/// results; sorting by the property the key comes from keeps them so.
///
/// Keys are kept as engine values, the form realm-core keys its sections by (`Mixed`): two keys are one section
/// when their stored values are equal, and a layout holds no `Key` instance that two tasks reading the same
/// frozen sectioned results could share (each read of a key builds its own).
struct SectionLayout: Sendable {
    /// The key of each section, in section order.
    private(set) var keys: [StrataCore.Value] = []
    /// The positions in the results of each section's objects, ascending.
    private(set) var positions: [[Int]] = []
    /// The section of each key.
    private var sectionOfKey: [StrataCore.Value: Int] = [:]

    /// Sections `results` by the key `key` gives each element, calling it once per element in results order.
    ///
    /// A key that is (or contains) an object stops with realm-core's message: links are not section keys.
    /// - Complexity: O(n) calls of `key` and O(n) hashing for n elements.
    init<Key: _Persistable, Element>(results: Results<Element>, key: (Element) -> Key) {
        for (position, element) in results.enumerated() {
            let sectionKey = Self.engineKey(key(element))
            if let section = sectionOfKey[sectionKey] {
                positions[section].append(position)
            } else {
                sectionOfKey[sectionKey] = keys.count
                keys.append(sectionKey)
                positions.append([position])
            }
        }
    }

    /// The section whose key is `key`, or nil.
    func section(of key: StrataCore.Value) -> Int? { sectionOfKey[key] }

    /// The engine value of a section key.
    static func engineKey<Key>(_ key: Key) -> StrataCore.Value {
        do {
            return try ValueConversion.engineValue(key) { _ in
                preconditionFailure("Links are not supported as section keys.")
            }
        } catch {
            preconditionFailure("\(Key.self) cannot be a section key: \(error)")
        }
    }

    /// The section key of type `Key` an engine value stands for.
    static func key<Key>(_ value: StrataCore.Value, as _: Key.Type, source: RealmSource) -> Key {
        ValueConversion.swiftValue(value, as: Key.self, source: source) as! Key
    }
}

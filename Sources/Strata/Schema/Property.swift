/// One persisted property of an ``ObjectSchema``.
///
/// ```swift
/// let property = realm.schema["Person"]!["age"]!
/// print(property.type, property.isOptional, property.isIndexed)
/// ```
public struct Property: Sendable, Equatable, CustomStringConvertible {
    /// The property's name.
    public let name: String
    /// The type of the property (of its elements, for collections).
    public let type: PropertyType
    /// Whether the property (or its elements) may be nil.
    public let isOptional: Bool
    /// Whether the property is a ``List`` (or a ``LinkingObjects``, a list of the objects that link to it, as Realm
    /// marks it).
    public let isArray: Bool
    /// Whether the property is a ``MutableSet``.
    public let isSet: Bool
    /// Whether the property is a ``Map``.
    public let isMap: Bool
    /// Whether the property has a search index.
    public let isIndexed: Bool
    /// Whether the property is the primary key.
    public let isPrimary: Bool
    /// The class name of linked objects, for ``PropertyType/object`` and ``PropertyType/linkingObjects``.
    public let objectClassName: String?
    /// For ``LinkingObjects``: the name of the link property on ``objectClassName``.
    public let linkOriginPropertyName: String?
    /// The name ``ObjectBase/propertiesMapping()`` gives the property in the file, when it renames it.
    var persistedName: String? = nil

    /// The name of the property's column in the file.
    ///
    /// It is ``name`` unless the class's ``ObjectBase/propertiesMapping()`` maps the property to another
    /// name. Queries, sorting and key-value access always use ``name``. (In Realm Swift a migration's old
    /// objects and ``Migration/renameProperty(onType:from:to:)`` use column names; Strata's migrations do
    /// not yet know about mapped names.)
    public var columnName: String { persistedName ?? name }

    /// The property's name and attributes, as Realm prints them, e.g.
    /// `age {\n\ttype = int;\n\tcolumnName = age;\n\tindexed = NO;\n…}`; a link or ``LinkingObjects`` property also
    /// names its class and origin property (`(null)` when it has none).
    public var description: String {
        var text = "\(name) {\n\ttype = \(type);\n"
        if type == .object || type == .linkingObjects {
            text += "\tobjectClassName = \(objectClassName ?? "(null)");\n"
            text += "\tlinkOriginPropertyName = \(linkOriginPropertyName ?? "(null)");\n"
        }
        text += "\tcolumnName = \(columnName);\n"
        text += "\tindexed = \(isIndexed ? "YES" : "NO");\n\tisPrimary = \(isPrimary ? "YES" : "NO");\n"
        text += "\tarray = \(isArray ? "YES" : "NO");\n\tset = \(isSet ? "YES" : "NO");\n"
        text += "\tdictionary = \(isMap ? "YES" : "NO");\n\toptional = \(isOptional ? "YES" : "NO");\n}"
        return text
    }
}

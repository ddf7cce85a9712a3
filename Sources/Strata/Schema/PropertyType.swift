/// The type of a persisted property, as ``Property/type`` reports it.
public enum PropertyType: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Integers of every width (`Int`, `Int8` … `Int64`).
    case int
    /// `Bool`.
    case bool
    /// `Float`.
    case float
    /// `Double`.
    case double
    /// `String`.
    case string
    /// `Data`.
    case data
    /// `Date`.
    case date
    /// ``ObjectId``.
    case objectId
    /// ``Decimal128``.
    case decimal128
    /// ``AnyRealmValue``.
    case any
    /// A link to another object (`Object?`, or the elements of a list, set or map of objects).
    case object
    /// ``LinkingObjects``: the objects that link to this one.
    case linkingObjects
    /// `UUID` (spelled as in Realm Swift).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case UUID

    /// The type's name, as Realm spells it.
    public var description: String {
        switch self {
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .data: return "data"
        case .date: return "date"
        case .objectId: return "object id"
        case .decimal128: return "decimal128"
        case .any: return "mixed"
        case .object: return "object"
        case .linkingObjects: return "linking objects"
        case .UUID: return "uuid"
        }
    }
}

/// What ``LinkingObjects`` is to `@Persisted(originProperty:)`: a collection of the objects of `Element` whose
/// named property links to the owning object, made from the source type and the property's name.
///
/// Realm Swift declares it for its property wrapper; user code rarely names it.
public protocol LinkingObjectsProtocol {
    /// The class of the objects that link here.
    associatedtype Element
    /// The objects of `fromType` whose `property` links to the owning object.
    /// - Parameters:
    ///   - fromType: the class whose property links here.
    ///   - property: the name of that link, list or set property.
    init(fromType: Element.Type, property: String)
}

extension LinkingObjects: LinkingObjectsProtocol {}

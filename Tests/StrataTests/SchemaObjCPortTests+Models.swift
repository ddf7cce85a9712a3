import Foundation
import Strata

// The models of SchemaObjCPortTests.swift, after the classes declared in realm-swift's Realm/Tests/SchemaTests.mm and
// Realm/Tests/ObjectSchemaTests.m (and the shared ones they use from Realm/Tests/TestUtils and RLMTestObjects).

/// As `IntObject`: one `Int`.
final class SCOInt: Object {
    @Persisted var intCol = 0
}

/// As `StringObject`: one optional `String`.
final class SCOString: Object {
    @Persisted var stringCol: String?
}

/// As `SchemaTestClassBase`: a model other models inherit from.
class SCOBase: Object {
    @Persisted var baseCol: SCOInt?
}

/// As `SchemaTestClassFirstChild`: the base's link, then its own.
final class SCOFirstChild: SCOBase {
    @Persisted var firstChildCol: SCOInt?
}

/// As `SchemaTestClassSecondChild`: the base's link, then its own.
final class SCOSecondChild: SCOBase {
    @Persisted var secondChildCol: SCOInt?
}

/// As `SchemaTestClassLink`: a link, a list and a set of the base class and of each child.
final class SCOLinks: Object {
    @Persisted var base: SCOBase?
    @Persisted var child: SCOFirstChild?
    @Persisted var secondChild: SCOSecondChild?
    @Persisted var baseArray: List<SCOBase>
    @Persisted var childArray: List<SCOFirstChild>
    @Persisted var secondChildArray: List<SCOSecondChild>
    @Persisted var baseSet: MutableSet<SCOBase>
    @Persisted var childSet: MutableSet<SCOFirstChild>
    @Persisted var secondChildSet: MutableSet<SCOSecondChild>
}

/// As `NumberObject`: a model a subclass extends.
class SCONumber: Object {
    @Persisted var intCol = 0
}

/// As `NumberDefaultsObject`: a subclass of ``SCONumber`` with a property of its own.
final class SCONumberDefaults: SCONumber {
    @Persisted var floatCol: Float = 1
}

/// As `PrimaryStringObject`: a `String` primary key and an `Int`.
final class SCOPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// As `EmbeddedIntObject`: an embedded object with one `Int`.
final class SCOEmbeddedInt: EmbeddedObject {
    @Persisted var intCol = 0
}

/// Links to ``SCOEmbeddedInt``, so that a realm stores it.
final class SCOEmbeddedLinkParent: Object {
    @Persisted var child: SCOEmbeddedInt?
}

/// As `RenamedProperties`: two properties stored under other column names.
final class SCORenamed: Object {
    @Persisted var intCol = 0
    @Persisted var stringCol: String?

    override class func propertiesMapping() -> [String: String] {
        ["intCol": "custom_intCol", "stringCol": "custom_stringCol"]
    }
}

/// As `UnindexableProperty`: an index on a `Double`.
final class SCOUnindexable: Object {
    @Persisted(indexed: true) var unindexable: Double
}

/// As `InvalidLinkingObjectsPropertyMissingSourcePropertyOfLink`: the origin property does not exist.
final class SCOMissingOrigin: Object {
    @Persisted(originProperty: "nosuchproperty") var linkingObjects: LinkingObjects<SCOMissingOrigin>
    @Persisted var link: SCOMissingOrigin?
}

/// As `InvalidLinkingObjectsPropertySourcePropertyNotALink`: the origin property is an integer.
final class SCONotALinkOrigin: Object {
    @Persisted(originProperty: "integer") var linkingObjects: LinkingObjects<SCONotALinkOrigin>
    @Persisted var integer: Int64
}

/// As `InvalidLinkingObjectsPropertySourcePropertyLinksElsewhere`: the origin property links to another class.
final class SCOElsewhereOrigin: Object {
    @Persisted(originProperty: "link") var linkingObjects: LinkingObjects<SCOElsewhereOrigin>
    @Persisted var link: SCOInt?
}

/// As `EmbeddedObjectWithPrimaryKey`.
final class SCOEmbeddedWithKey: EmbeddedObject {
    @Persisted(primaryKey: true) var pk = 0
}

/// As `LinkFromEmbeddedToTopLevel`: an embedded object linking to a top-level one.
final class SCOEmbeddedLink: EmbeddedObject {
    @Persisted var link: SCOInt?
}

/// As `ArrayFromEmbeddedToTopLevel`: an embedded object with a list of top-level ones.
final class SCOEmbeddedList: EmbeddedObject {
    @Persisted var array: List<SCOInt>
}

/// As `OrphanObject`: an embedded object no class links to.
final class SCOOrphan: EmbeddedObject {
    @Persisted var value = 0
}

/// As `NonDefaultObject`: a class no realm of these tests lists.
final class SCOUnlisted: Object {
    @Persisted var intCol = 0
}

/// As `NonDefaultArrayObject`: a list of ``SCOUnlisted``, listed nowhere either.
final class SCOUnlistedArray: Object {
    @Persisted var array: List<SCOUnlisted>
}

/// As `IntegerArrayPropertyObject`: an `Int` and a list of ``SCOUnlisted``.
final class SCOUnlistedNumberArray: Object {
    @Persisted var number = 0
    @Persisted var array: List<SCOUnlisted>
}

/// As `MutualLink1Object`: links to ``SCOMutual2``, which links back.
final class SCOMutual1: Object {
    @Persisted var object: SCOMutual2?
}

/// As `MutualLink2Object`.
final class SCOMutual2: Object {
    @Persisted var object: SCOMutual1?
}

/// One `Int`, not indexed here and indexed in ``SCOIndexOn``.
final class SCOIndexable: Object {
    @Persisted var intCol = 0
}

/// As `IndexedStringObject`: an indexed `String`, not indexed in ``SCOIndexOff``.
final class SCOIndexedString: Object {
    @Persisted(indexed: true) var stringCol = ""
}

/// The classes above as another realm declares them: the same names with an index added.
enum SCOIndexOn {
    /// ``SCOIndexable`` with its `Int` indexed.
    final class SCOIndexable: Object {
        @Persisted(indexed: true) var intCol = 0
    }
}

/// The classes above as another realm declares them: the same names with an index removed.
enum SCOIndexOff {
    /// ``SCOIndexedString`` without its index.
    final class SCOIndexedString: Object {
        @Persisted var stringCol = ""
    }
}

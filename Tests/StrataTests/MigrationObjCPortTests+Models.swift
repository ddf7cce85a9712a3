import Foundation
import Strata

// The models of MigrationObjCPortTests.swift and its extensions. Each `enum` is one schema version of a file: its
// classes share their unqualified names with the other versions' (a class is stored under its unqualified name), so a
// configuration lists the classes of one version only.

/// Two string properties, changed in the ways that need (or do not need) a migration.
enum MOCPairPlain {
    final class MOCPair: Object {
        @Persisted var col1 = ""
        @Persisted var col2 = ""
    }
}

enum MOCPairReordered {
    final class MOCPair: Object {
        @Persisted var col2 = ""
        @Persisted var col1 = ""
    }
}

enum MOCPairKeyedFirst {
    final class MOCPair: Object {
        @Persisted(primaryKey: true) var col1 = ""
        @Persisted var col2 = ""
    }
}

enum MOCPairKeyedSecond {
    final class MOCPair: Object {
        @Persisted var col1 = ""
        @Persisted(primaryKey: true) var col2 = ""
    }
}

enum MOCPairOptional {
    final class MOCPair: Object {
        @Persisted var col1: String?
        @Persisted var col2 = ""
    }
}

/// A class another one links to (MigrationTests.mm's `MigrationTestObject`).
final class MOCTarget: Object {
    @Persisted var intCol = 0
    @Persisted var stringCol = ""
}

/// A class with a link, a list and a set of `MOCTarget`, and versions of it where one of the three links to the
/// class itself instead.
enum MOCLinksPlain {
    final class MOCLinks: Object {
        @Persisted var object: MOCTarget?
        @Persisted var array: List<MOCTarget>
        @Persisted var set: MutableSet<MOCTarget>
    }
}

enum MOCLinksObjectRetargeted {
    final class MOCLinks: Object {
        @Persisted var object: MOCLinks?
        @Persisted var array: List<MOCTarget>
        @Persisted var set: MutableSet<MOCTarget>
    }
}

enum MOCLinksArrayRetargeted {
    final class MOCLinks: Object {
        @Persisted var object: MOCTarget?
        @Persisted var array: List<MOCLinks>
        @Persisted var set: MutableSet<MOCTarget>
    }
}

enum MOCLinksSetRetargeted {
    final class MOCLinks: Object {
        @Persisted var object: MOCTarget?
        @Persisted var array: List<MOCTarget>
        @Persisted var set: MutableSet<MOCLinks>
    }
}

/// A parent with a child class that is top-level in one version and embedded in the other.
enum MOCEmbedTopLevel {
    final class MOCChild: Object {
        @Persisted var intCol = 0
    }

    final class MOCParent: Object {
        @Persisted(primaryKey: true) var pk = 0
        @Persisted var object: MOCChild?
        @Persisted var array: List<MOCChild>
    }
}

enum MOCEmbedEmbedded {
    final class MOCChild: EmbeddedObject {
        @Persisted var intCol = 0
    }

    final class MOCParent: Object {
        @Persisted(primaryKey: true) var pk = 0
        @Persisted var object: MOCChild?
        @Persisted var array: List<MOCChild>
    }
}

/// A property of each value type, required in one version and optional in the other.
enum MOCOptionalsRequired {
    final class MOCOptionals: Object {
        @Persisted var intObj = 0
        @Persisted var floatObj: Float = 0
        @Persisted var doubleObj = 0.0
        @Persisted var boolObj = false
        @Persisted var string = ""
        @Persisted var data = Data()
        @Persisted var date = Date(timeIntervalSince1970: 0)
    }
}

enum MOCOptionalsOptional {
    final class MOCOptionals: Object {
        @Persisted var intObj: Int?
        @Persisted var floatObj: Float?
        @Persisted var doubleObj: Double?
        @Persisted var boolObj: Bool?
        @Persisted var string: String?
        @Persisted var data: Data?
        @Persisted var date: Date?
    }
}

/// An integer that becomes a primary key, and a string that does.
enum MOCIntKeyPlain {
    final class MOCIntKeyed: Object {
        @Persisted var intCol = 0
    }
}

enum MOCIntKeyKeyed {
    final class MOCIntKeyed: Object {
        @Persisted(primaryKey: true) var intCol = 0
    }
}

enum MOCStringKeyPlain {
    final class MOCStringKeyed: Object {
        @Persisted var stringCol = ""
    }
}

enum MOCStringKeyKeyed {
    final class MOCStringKeyed: Object {
        @Persisted(primaryKey: true) var stringCol = ""
    }
}

/// A primary key that moves from one property to the other (MigrationTests.mm's `PrimaryStringObject`).
enum MOCMovedKeyOnInt {
    final class MOCMovedKey: Object {
        @Persisted var stringCol = ""
        @Persisted(primaryKey: true) var intCol = 0
    }
}

enum MOCMovedKeyOnString {
    final class MOCMovedKey: Object {
        @Persisted(primaryKey: true) var stringCol = ""
        @Persisted var intCol = 0
    }
}

/// Properties stored in another order than the models declare them.
enum MOCRequiredStored {
    final class MOCRequired: Object {
        @Persisted var dateCol = Date(timeIntervalSince1970: 0)
        @Persisted var stringCol = ""
        @Persisted var binaryCol = Data()
    }
}

enum MOCRequiredDeclared {
    final class MOCRequired: Object {
        @Persisted var stringCol = ""
        @Persisted var binaryCol = Data()
        @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    }
}

/// Objects deleted and created again in a migration, with and without a primary key.
final class MOCInt: Object {
    @Persisted var intCol = 0
}

final class MOCPrimaryInt: Object {
    @Persisted(primaryKey: true) var intCol = 0
}

/// A class whose every property is renamed (`beforeX` to `x`), with a link, a mixed value and linking objects.
final class MOCRenameString: Object {
    @Persisted var stringCol = ""
}

enum MOCRenameAllBefore {
    final class MOCAllTypes: Object {
        @Persisted var beforeBoolCol = false
        @Persisted var beforeIntCol = 0
        @Persisted var beforeFloatCol: Float = 0
        @Persisted var beforeDoubleCol = 0.0
        @Persisted var beforeStringCol = ""
        @Persisted var beforeBinaryCol = Data()
        @Persisted var beforeDateCol = Date(timeIntervalSince1970: 0)
        @Persisted var beforeLongCol: Int64 = 0
        @Persisted var beforeDecimalCol = Decimal128(0)
        @Persisted var beforeObjectIdCol = ObjectId()
        @Persisted var beforeUuidCol = UUID()
        @Persisted var beforeObjectCol: MOCRenameString?
        @Persisted var beforeAnyCol: AnyRealmValue
        @Persisted(originProperty: "allTypes") var linkedFrom: LinkingObjects<MOCLinkToAll>
    }

    final class MOCLinkToAll: Object {
        @Persisted var allTypes: MOCAllTypes?
    }
}

enum MOCRenameAllAfter {
    final class MOCAllTypes: Object {
        @Persisted var boolCol = false
        @Persisted var intCol = 0
        @Persisted var floatCol: Float = 0
        @Persisted var doubleCol = 0.0
        @Persisted var stringCol = ""
        @Persisted var binaryCol = Data()
        @Persisted var dateCol = Date(timeIntervalSince1970: 0)
        @Persisted var longCol: Int64 = 0
        @Persisted var decimalCol = Decimal128(0)
        @Persisted var objectIdCol = ObjectId()
        @Persisted var uuidCol = UUID()
        @Persisted var objectCol: MOCRenameString?
        @Persisted var anyCol: AnyRealmValue
        @Persisted(originProperty: "allTypes") var linkedFrom: LinkingObjects<MOCLinkToAll>
    }

    final class MOCLinkToAll: Object {
        @Persisted var allTypes: MOCAllTypes?
    }
}

/// One string property renamed from `beforeStringCol` to `stringCol`, a primary key or indexed on either side.
enum MOCRenameBeforePlain {
    final class MOCRenamed: Object {
        @Persisted var beforeStringCol: String?
    }
}

enum MOCRenameBeforeKeyed {
    final class MOCRenamed: Object {
        @Persisted(primaryKey: true) var beforeStringCol: String?
    }
}

enum MOCRenameBeforeIndexed {
    final class MOCRenamed: Object {
        @Persisted(indexed: true) var beforeStringCol: String?
    }
}

enum MOCRenameAfterPlain {
    final class MOCRenamed: Object {
        @Persisted var stringCol: String?
    }
}

enum MOCRenameAfterKeyed {
    final class MOCRenamed: Object {
        @Persisted(primaryKey: true) var stringCol: String?
    }
}

enum MOCRenameAfterIndexed {
    final class MOCRenamed: Object {
        @Persisted(indexed: true) var stringCol: String?
    }
}

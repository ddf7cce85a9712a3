import Foundation
import Strata
import Testing

// Descriptions in Realm's format, as realm-swift's `RealmSwift/Tests/ObjectTests.swift` asserts them in
// testDescription, beyond DescriptionTests: every property type of `SwiftObject` (a set and a map of objects
// included), a cycle through a list and a set, renamed properties, an unmanaged object's LinkingObjects, and a managed
// object described as it was unmanaged. Strata prints a Decimal128 as Swift does (`1230000`, where Realm Swift prints
// `1.23E6`), as the migration guide says.

/// Realm Swift's `SwiftRenamedProperties1`: properties stored under other names, and the objects linking here.
final class OPTRenamed: Object {
    @Persisted var propA = 0
    @Persisted var propB = ""
    @Persisted(originProperty: "linkA") var linking: LinkingObjects<OPTRenamedLinker>

    override class func propertiesMapping() -> [String: String] { ["propA": "prop 1", "propB": "prop 2"] }
}

/// Realm Swift's `LinkToSwiftRenamedProperties1`.
final class OPTRenamedLinker: Object {
    @Persisted var linkA: OPTRenamed?
    @Persisted var linkB: OPTRenamed?
    @Persisted var array1: List<OPTRenamed>
    @Persisted var set1: MutableSet<OPTRenamed>
}

/// Replaces each collection's address with `0x…`.
private func withoutAddresses(_ text: String) -> String {
    text.replacing(#/<0x[0-9a-f]+>/#, with: "<0x…>")
}

/// `text` with `depth` tabs before each line.
private func indented(_ text: String, _ depth: Int) -> String {
    let tabs = String(repeating: "\t", count: depth)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { tabs + $0 }.joined(separator: "\n")
}

extension ObjectPortTests {
    @Test("An object with every property type is described in Realm's format")
    func describeEveryType() {
        // Realm Swift prints the decimal as `1.23E6`; Strata prints values as Swift does (the migration guide).
        let expected = """
            OSObject {
            \tboolCol = 0;
            \tintCol = 123;
            \tint8Col = 123;
            \tint16Col = 123;
            \tint32Col = 123;
            \tint64Col = 123;
            \tintEnumCol = 1;
            \tfloatCol = 1.23;
            \tdoubleCol = 12.3;
            \tstringCol = a;
            \tbinaryCol = <61 — 1 total bytes>;
            \tdateCol = 1970-01-01 00:00:01 +0000;
            \tdecimalCol = 1230000;
            \tobjectIdCol = 1234567890ab1234567890ab;
            \tobjectCol = OSBool {
            \t\tboolCol = 0;
            \t};
            \tuuidCol = 137DECC8-B300-4954-A233-F89909F4FD89;
            \tanyCol = (null);
            \tarrayCol = List<OSBool> <0x…> (
            \t
            \t);
            \tsetCol = MutableSet<OSBool> <0x…> (
            \t
            \t);
            \tmapCol = Map<string, OSBool> <0x…> (
            \t
            \t);
            }
            """
        #expect(withoutAddresses(OSObject().description) == expected)
    }

    @Test("A cycle through a list and a set is described to the maximum depth in both")
    func describeCycle() {
        let object = OPTRecursive()
        object.objects.append(object)
        object.objectSet.insert(object)
        let innermost = """
            [0] OPTRecursive {
            \tobjects = <Maximum depth exceeded>;
            \tobjectSet = <Maximum depth exceeded>;
            }
            """
        let middle = """
            [0] OPTRecursive {
            \tobjects = List<OPTRecursive> <0x…> (
            \(indented(innermost, 2))
            \t);
            \tobjectSet = MutableSet<OPTRecursive> <0x…> (
            \(indented(innermost, 2))
            \t);
            }
            """
        let expected = """
            OPTRecursive {
            \tobjects = List<OPTRecursive> <0x…> (
            \(indented(middle, 2))
            \t);
            \tobjectSet = MutableSet<OPTRecursive> <0x…> (
            \(indented(middle, 2))
            \t);
            }
            """
        #expect(withoutAddresses(object.description) == expected)
    }

    @Test("Renamed properties are described by their Swift names; a managed object as it was unmanaged")
    func describeRenamedAndLinking() async throws {
        let described = """
            OPTRenamedLinker {
            \tlinkA = OPTRenamed {
            \t\tpropA = 0;
            \t\tpropB = ;
            \t};
            \tlinkB = (null);
            \tarray1 = List<OPTRenamed> <0x…> (
            \t
            \t);
            \tset1 = MutableSet<OPTRenamed> <0x…> (
            \t
            \t);
            }
            """
        let realm = try await Realm(configuration: memoryConfiguration(optTypes))
        let texts = try await realm.write { realm in
            let linker = OPTRenamedLinker()
            linker.linkA = OPTRenamed()
            let unmanaged = [linker.description, linker.linkA!.linking.description]
            try realm.add(linker)
            return (unmanaged + [linker.description, linker.linkA!.linking.description]).map(withoutAddresses)
        }
        #expect(
            texts == [
                described, "LinkingObjects<OPTRenamedLinker> <0x…> (\n\n)", described,
                "LinkingObjects<OPTRenamedLinker> <0x…> (\n\(indented("[0] " + described, 1))\n)",
            ]
        )
    }
}

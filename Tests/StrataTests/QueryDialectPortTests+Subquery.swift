import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift, testSubquery: each row is realm-swift's predicate string, its arguments, its
// `Query` form and its count. Its data: one object (intCol 3, stringCol "Foó", arrayInt [1, 3]); after the first
// rows, a second (intCol 5, stringCol "Foo", no arrayInt) appended to the first's arrayCol and setCol. Inside a
// SUBQUERY every key path starts at the element (realm-core binds the body to the element's table), which is why
// the column comparison `$col1.stringCol == stringCol` counts 1 and the nested SUBQUERY over `arrayCol` counts 0.

/// One testSubquery row.
struct SubqueryPortRow: Sendable, CustomStringConvertible {
    let format: String
    let arguments: [any Sendable]
    let typed: @Sendable (Query<SubqueryPortObject>) -> Query<Bool>
    let count: Int
    /// Whether the row runs after the second object is appended.
    let afterAppend: Bool

    var description: String { format }
}

private func row(
    _ format: String,
    _ arguments: [any Sendable],
    count: Int,
    afterAppend: Bool,
    _ typed: @escaping @Sendable (Query<SubqueryPortObject>) -> Query<Bool>
) -> SubqueryPortRow {
    SubqueryPortRow(format: format, arguments: arguments, typed: typed, count: count, afterAppend: afterAppend)
}

extension QueryDialectPortTests {
    static let subqueryRows: [SubqueryPortRow] = [
        row("(SUBQUERY(arrayCol, $col1, ($col1.intCol != %@)).@count > %@)", [123, 0], count: 0, afterAppend: false) {
            ($0.arrayCol.intCol != 123).count > 0
        },
        row(
            "((intCol == %@) && (SUBQUERY(arrayCol, $col1, ($col1.stringCol == %@)).@count == %@))",
            [5, "Bar", 0],
            count: 0,
            afterAppend: false
        ) { $0.intCol == 5 && ($0.arrayCol.stringCol == "Bar").count == 0 },
        row(
            "((intCol == %@) && (SUBQUERY(setCol, $col1, ($col1.stringCol == %@)).@count == %@))",
            [5, "Bar", 0],
            count: 0,
            afterAppend: false
        ) { $0.intCol == 5 && ($0.setCol.stringCol == "Bar").count == 0 },
        row(
            "(SUBQUERY(arrayCol, $col1, ($col1.arrayInt.@count >= %@)).@count > %@)",
            [0, 0],
            count: 1,
            afterAppend: true
        ) { ($0.arrayCol.arrayInt.count >= 0).count > 0 },
        // A SUBQUERY in a SUBQUERY: the inner `arrayCol` is the element's.
        row(
            "(SUBQUERY(arrayCol, $col1, (($col1.arrayInt.@count >= %@) && (SUBQUERY(arrayCol, $col2, "
                + "($col2.intCol != %@)).@count > %@))).@count > %@)",
            [0, 123, 0, 0],
            count: 0,
            afterAppend: true
        ) { ($0.arrayCol.arrayInt.count >= 0 && ($0.arrayCol.intCol != 123).count > 0).count > 0 },
        row("(SUBQUERY(arrayCol, $col1, ($col1.intCol != %@)).@count > %@)", [123, 0], count: 1, afterAppend: true) {
            ($0.arrayCol.intCol != 123).count > 0
        },
        row(
            "(SUBQUERY(arrayCol, $col1, (($col1.intCol > %@) && ($col1.intCol <= %@))).@count > %@)",
            [0, 5, 0],
            count: 1,
            afterAppend: true
        ) { ($0.arrayCol.intCol > 0 && $0.arrayCol.intCol <= 5).count > 0 },
        row(
            "((SUBQUERY(arrayCol, $col1, ($col1.intCol == %@)).@count == %@) && (SUBQUERY(arrayCol, $col2, "
                + "($col2.stringCol == %@)).@count == %@))",
            [5, 1, "Bar", 0],
            count: 1,
            afterAppend: true
        ) { ($0.arrayCol.intCol == 5).count == 1 && ($0.arrayCol.stringCol == "Bar").count == 0 },
        row(
            "((intCol == %@) && (SUBQUERY(setCol, $col1, ($col1.stringCol == %@)).@count == %@))",
            [3, "Bar", 0],
            count: 1,
            afterAppend: true
        ) { ($0.intCol == 3) && ($0.setCol.stringCol == "Bar").count == 0 },
        row(
            "((intCol == %@) && (SUBQUERY(setCol, $col1, (($col1.intCol == %@) && ($col1.stringCol != %@))).@count "
                + "== %@))",
            [3, 5, "Blah", 1],
            count: 1,
            afterAppend: true
        ) { ($0.intCol == 3) && (($0.setCol.intCol == 5) && ($0.setCol.stringCol != "Blah")).count == 1 },
        // Column comparison: `stringCol` is the element's own, so each element equals itself.
        row(
            "(SUBQUERY(arrayCol, $col1, ($col1.stringCol == stringCol)).@count == %@)",
            [0],
            count: 1,
            afterAppend: true
        ) { ($0.arrayCol.stringCol == $0.stringCol).count == 0 },
    ]

    @Test("SUBQUERY: realm-swift's testSubquery, string and Query forms", arguments: Self.subqueryRows)
    func subquery(row: SubqueryPortRow) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SubqueryPortObject.self]))
        try await realm.write { realm in
            let object = SubqueryPortObject()
            object.intCol = 3
            object.stringCol = "Foó"
            object.arrayInt.append(objectsIn: [1, 3])
            try realm.add(object)
            guard row.afterAppend else { return }
            let appended = SubqueryPortObject()
            appended.intCol = 5
            appended.stringCol = "Foo"
            object.arrayCol.append(appended)
            object.setCol.insert(appended)
        }
        let (text, typed) = try await realm.read { realm in
            let all = realm.objects(SubqueryPortObject.self)
            let arguments: [Any] = row.arguments.map { $0 as Any }
            return (
                try all.filter(RealmPredicate(format: row.format, argumentArray: arguments)).count,
                all.where(row.typed).count
            )
        }
        #expect(text == row.count)
        #expect(typed == row.count)
    }

    @Test("A SUBQUERY body may not name another SUBQUERY's variable")
    func foreignVariable() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SubqueryPortObject.self]))
        let message = await realm.read { realm -> String in
            do {
                _ = try realm.objects(SubqueryPortObject.self).filter(
                    RealmPredicate(
                        format:
                            "SUBQUERY(arrayCol, $a, SUBQUERY($a.arrayCol, $b, $a.intCol == 1).@count > 0).@count > 0"
                    )
                )
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message.contains("'$a' is not the variable of this SUBQUERY ($b)"), "\(message)")
    }
}

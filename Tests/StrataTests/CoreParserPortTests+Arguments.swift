import Foundation
import Strata
import Testing

// realm-core test/test_parser.cpp, arguments, IN and BETWEEN: Parser_substitution, Parser_OperatorIN, Parser_OrOfIn,
// Parser_7642, Parser_KeyPathSubstitution (realm-core's `$K0` is `%K`), Parser_Between, Test_Between_OverLinks and
// Parser_RecursiveLogial. A managed object argument takes the place of realm-core's object keys.

/// realm-core's `person` table of Parser_substitution.
final class QCPPayer: Object {
    @Persisted var age = 0
    @Persisted var name = ""
    @Persisted var fees = 0.0
    @Persisted var paid: Bool?
    @Persisted var time: Date?
    @Persisted var binary: Data?
    @Persisted var floats: Float?
    @Persisted var nuldouble: Float?
    @Persisted var links: QCPPayer?
    @Persisted var list: List<QCPPayer>
}

/// Billy, Bob, Joe, Jane, Joel aged 0…4 with fees 2.0, 2.23, 2.25, 2.22, 3.73; Billy paid, Bob did not; Bob's time is
/// 2017-12-01 12:07:53 and a half (realm-core: and 505 ns); binaries "oe" and "eo", floats 2.33 and 2.22 for Billy and
/// Bob, who link to each other; Billy lists Billy, Bob and Joe, Bob lists Billy.
private func seedPayers(_ realm: isolated Realm) throws {
    let fees = [2.0, 2.23, 2.25, 2.22, 3.73]
    let payers = ["Billy", "Bob", "Joe", "Jane", "Joel"].enumerated().map { index, name in
        let payer = QCPPayer()
        payer.age = index
        payer.name = name
        payer.fees = fees[index]
        return payer
    }
    payers[0].paid = true
    payers[1].paid = false
    payers[1].time = qcpDecember2017 + 0.5
    payers[0].binary = Data("oe".utf8)
    payers[1].binary = Data("eo".utf8)
    payers[0].floats = 2.33
    payers[1].floats = 2.22
    payers[0].nuldouble = 2.33
    payers[1].nuldouble = 2.22
    payers[0].links = payers[1]
    payers[1].links = payers[0]
    payers[0].list.append(objectsIn: payers[0..<3])
    payers[1].list.append(payers[0])
    for payer in payers { try realm.add(payer) }
}

/// realm-core's arguments: 2, 2.25, "oe", null, true, the time, the binary "oe", the float 2.33, Billy, 3, 4, false.
private let payerArguments: @Sendable (isolated Realm) -> [Any] = { realm in
    [
        2, 2.25, "oe", NSNull(), true, qcpDecember2017 + 0.5, Data("oe".utf8), Float(2.33),
        realm.objects(QCPPayer.self).filter("name == 'Billy'").first!, 3, 4, false,
    ]
}

/// A row of Parser_substitution, with realm-core's arguments.
private func sub(_ query: String, _ count: Int) -> QCPRow { qcp(query, count, payerArguments) }

/// A row of Parser_substitution that throws.
private func subError(_ query: String, _ keys: [String] = []) -> QCPRow { qcpError(query, keys, payerArguments) }

/// Parser_7642's cars.
final class QCPCar: Object {
    @Persisted(indexed: true) var make = ""
    @Persisted(indexed: true) var value = 0
    @Persisted var unindexedValue = 0
}

/// Parser_KeyPathSubstitution's animals and people (primary keys are names).
final class QCPAnimal: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var legs = 0
}

final class QCPPetOwner: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var pet: QCPAnimal?
}

/// Parser_Between's table: ages 30, 35, 40 with scores 0…4 and 10…14, 5…9 and 15…19, 10…14 and 20…24.
final class QCPScores: Object {
    @Persisted var age = 0
    @Persisted var scores: List<Int>
}

/// Test_Between_OverLinks' tables: 100 children, two parents of each and one parent of none.
final class QCPChild: Object {
    @Persisted var int = 0
    @Persisted var timestamp = Date(timeIntervalSince1970: 0)
}

final class QCPParent: Object {
    @Persisted var child: QCPChild?
}

@Suite("realm-core's parser tests: arguments, IN and BETWEEN")
struct CoreParserArgumentTests {
    // Parser_substitution.
    static let substitutionRows: [QCPRow] = [
        sub("age > $0", 2), sub("age > $0 || fees == $1", 3), sub("name CONTAINS[c] $2", 2), sub("paid == $3", 3),
        sub("paid != $3", 2), sub("paid == $4", 1), sub("paid != $4", 4), sub("paid = $11", 1), sub("time == $5", 1),
        sub("time == $3", 4), sub("binary == $6", 1), sub("binary == $3", 3), sub("floats == $7", 1),
        sub("floats == $3", 3), sub("nuldouble == $7", 1), sub("nuldouble == $3", 3), sub("links == $3", 3),
        sub("ANY list == $8", 2), sub("list.@min.age < $0", 2), sub("list.@max.age >= $0", 1),
        sub("list.@sum.age >= $0", 1), sub("list.@avg.age < $0", 2), sub("list.@count > $0", 1),
        sub("list.@size > $0", 1), sub("(age > $0 || fees == $1) && age == $0", 1), subError("age > $-1"),
        subError("age > $"), subError("age > $age"), sub("name CONTAINS[c] $002", 2), sub("age == $10", 1),
        // Arguments of each type against properties of each type.
        sub("age > $1", 2), subError("age > $2"), sub("age > $3", 0), subError("age > $5"), subError("age > $6"),
        sub("age > $7", 2), qcpError("age == infinity", ["int"]), sub("fees > $0", 4),
        subError("fees > $2"), sub("fees > $3", 0), subError("fees > $5"),
        subError("fees > $6"), sub("fees > $7", 1), sub("floats > $0", 2), sub("floats > $1", 1),
        subError("floats > $2"), sub("floats > $3", 0), subError("floats > $5"), subError("floats > $6"),
        subError("name == $0"), subError("name == $1"), sub("name == $3", 0), subError("name == $4"),
        subError("name == $5"), subError("name == $6"), subError("name == $7"), subError("paid == $0"),
        subError("paid == $1"), subError("paid == $2"), subError("paid == $5"), subError("paid == $6"),
        subError("paid == $7"), subError("time == $0"), subError("time == $1"), subError("time == $2"),
        subError("time == $4"), subError("time == $6"), subError("time == $7"), subError("binary == $0"),
        subError("binary == $1"),
        qcpError("binary == $2", ["Cannot compare argument", "binary"], payerArguments),
        subError("binary == $4"), subError("binary == $5"),
        subError("binary == $7"),
        // An argument past the end of the list.
        qcpError("age > $0", ["argument"]), qcpError("age > $1", ["argument", "1"]) { _ in [1] },
        qcpError("age > $2", ["argument", "2"]) { _ in [1, 2] },
    ]

    @Test("Parser_substitution", arguments: Self.substitutionRows)
    func substitution(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPPayer.self, { [QCPPayer.self] }, seed: seedPayers).check(row)
    }

    // Parser_OperatorIN on the shop: a constant list or an array argument on the right of IN or of another operator.
    static let inRows: [QCPRow] = {
        let lists: [(String, [Any], Int)] = [
            ("customerId IN #", [], 0), ("customerId IN #", [0, 1, 2], 3), ("NOT customerId IN #", [0], 2),
            ("customerId != #", [0], 2), ("customerId != #", [0, 1], 3), ("NOT customerId IN #", [0, 1], 1),
            ("customerId != #", [0, 1, 2], 3), ("customerId > #", [0, 1], 2), ("customerId > #", [4, 5, 6], 0),
            ("customerId < #", [0, 1], 1), ("customerId < #", [0], 0), ("customerId >= #", [0, 1], 3),
            ("customerId >= #", [2, 3, 4], 1), ("customerId <= #", [0, 1], 2), ("customerId <= #", [-1], 0),
            ("favItem.name IN #", ["milk", "oranges", "cereal"], 2), ("favItem.price IN #", [6.5, 9.5], 1),
            ("favItem.name != #", ["milk", "oranges"], 3), ("NOT favItem.name IN #", ["milk", "oranges"], 1),
            ("favItem.name contains[c] #", ["ILK", "Range"], 2), ("favItem.name beginswith[c] #", ["MIL", "CERe"], 1),
            ("favItem.name endswith #", ["lk", "EAL", "GeS"], 1),
            ("favItem.name endswith[c] #", ["lk", "EAL", "GeS"], 2),
            ("favItem.name like #", ["*lk", "*zz*"], 2),
        ]
        var rows: [QCPRow] = []
        for (query, values, count) in lists {
            let literal = "{" + values.map { $0 is String ? "'\($0)'" : "\($0)" }.joined(separator: ", ") + "}"
            nonisolated(unsafe) let argument = values
            rows += [
                qcp(query.replacingOccurrences(of: "#", with: literal), count),
                qcp(query.replacingOccurrences(of: "#", with: "$0"), count) { _ in [argument] },
            ]
        }
        return rows + [
            // realm-core matches nothing against values of other types in the list; Realm Swift refuses them, as
            // Strata.
            qcpError(
                "favItem.name IN {0, null, -1, 'not found', 3.14, oid(000000000000000000000000)}",
                ["favItem.name"]
            ),
            qcpError("favItem.name IN $0") { _ in
                [[0, NSNull(), -1, "not found", 3.14, qcpObjectId(seconds: 0)]]
            },
            qcp("favItem.name IN $0", 0) { _ in [["not found", NSNull()]] },
            qcp("'dairy' in items.allergens.name", 3), qcp("5.5 IN items.price", 2), qcp("!(5.5 IN items.price)", 1),
            qcp("'milk' IN items.name", 2), qcp("'MiLk' IN[c] items.name", 2), qcp("NULL IN items.price", 0),
            qcp("'dairy' IN favItem.allergens.name", 2),
            qcp("favItem.price IN items.price", 2),
            qcpError("ANY 5.5 IN items.price"),
            qcpError("SOME 5.5 IN items.price"),
            qcpError("ALL 5.5 IN items.price"),
            qcpError("NONE 5.5 IN items.price"), qcpError("ALL customerId IN {0, 1, 2}"),
            qcpError("NONE customerId IN {0, 1, 2}"), qcpError("items.price IN 5.5", ["IN"]),
            qcpError("5.5 in favItem.price", ["IN"]),
        ]
    }()

    @Test("Parser_OperatorIN", arguments: Self.inRows)
    func operatorIn(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPCustomer.self, qcpShopTypes, seed: { realm in try qcpSeedShop(realm) }).check(row)
    }

    @Test("Parser_OperatorIN, through backlinks")
    func operatorInThroughBacklinks() async throws {
        try await QCPFixture.of(QCPItem.self, qcpShopTypes, seed: { realm in try qcpSeedShop(realm) })
            .check(qcp("20 IN @links.QCPCustomer.items.accountBalance", 1))
    }

    // Parser_OrOfIn: names Ani, Teddy, Poly, "" and null.
    @Test("Parser_OrOfIn")
    func orOfIn() async throws {
        let fixture = QCPFixture.of(
            QCPNamed.self,
            { [QCPNamed.self] },
            seed: { realm in
                for name in ["Ani", "Teddy", "Poly", "", nil] {
                    let person = QCPNamed()
                    person.name = name
                    try realm.add(person)
                }
            }
        )
        let twoLists = "name IN {'Ani', 'Teddy'} OR name IN {'Poly', 'Teddy'}"
        try await fixture.check(qcp(twoLists, 3))
        try await fixture.check(qcp("\(twoLists) OR name IN {null}", 4))
        try await fixture.check(qcp("\(twoLists) OR name IN {null} OR name IN {''}", 5))
    }

    // Parser_7642: an integer equals a float or a double only when it is a whole number; infinity and NaN are refused.
    static let carRows: [QCPRow] = {
        let values: @Sendable (isolated Realm) -> [Any] = { _ in
            [456, Float(789), 123.0, 789.10, Float(1000.1), Float.infinity, Float.nan]
        }
        return [
            qcp("make IN $0", 2) { _ in [["Tesla", "Audi"]] },
            qcp("value IN $0", 3) { _ in [[456, Float(789), 123.0, 789.10, Float(1000.1)]] },
            qcp("unindexedValue IN $0", 3) { _ in [[456, Float(789), 123.0, 789.10, Float(1000.1)]] },
            qcp("value == $0", 1, values), qcp("value == $1", 1, values),
            qcp("value == $2", 1, values), qcp("value == $3", 0, values), qcp("value == $4", 0, values),
            qcp("unindexedValue == $1", 1, values),
            qcpError("value == $5", ["infinity", "int"], values), qcpError("unindexedValue == $5", ["int"], values),
            qcpError("value == $6", ["int"], values),
            qcpError("unindexedValue == $6", ["int"], values),
        ]
    }()

    @Test("Parser_7642", arguments: Self.carRows)
    func cars(_ row: QCPRow) async throws {
        let fixture = QCPFixture.of(
            QCPCar.self,
            { [QCPCar.self] },
            seed: { realm in
                for (make, value) in [("Tesla", 123), ("Ford", 456), ("Audi", 789), ("Chevy", 1000)] {
                    let car = QCPCar()
                    car.make = make
                    car.value = value
                    car.unindexedValue = value
                    try realm.add(car)
                }
            }
        )
        try await fixture.check(row)
    }

    // Parser_KeyPathSubstitution: Adam, Brian, Charlie and David have Wanda (0 legs), Kaa (0), Zazu (2) and Pluto (4);
    // Eric has no pet. A %K argument must be a key path of the class.
    static let keyPathRows: [QCPRow] = [
        qcp("%K != null", 4) { _ in ["pet"] }, qcp("%K == null", 1) { _ in ["pet"] },
        qcp("%K = 0", 2) { _ in ["pet.legs"] }, qcp("%K > 0", 2) { _ in ["pet.legs"] },
        qcpError("%K = 0") { _ in [25] }, qcpError("%K = 0") { _ in [NSNull()] },
        qcpError("%K = 0", ["weight"]) { _ in ["pet.weight"] }, qcpError("%K = 0"),
    ]

    @Test("Parser_KeyPathSubstitution", arguments: Self.keyPathRows)
    func keyPaths(_ row: QCPRow) async throws {
        let fixture = QCPFixture.of(
            QCPPetOwner.self,
            { [QCPAnimal.self, QCPPetOwner.self] },
            seed: { realm in
                let pets = [("Wanda", 0), ("Kaa", 0), ("Zazu", 2), ("Pluto", 4)].map { name, legs in
                    let animal = QCPAnimal()
                    animal.name = name
                    animal.legs = legs
                    return animal
                }
                for (index, name) in ["Adam", "Brian", "Charlie", "David", "Eric"].enumerated() {
                    let owner = QCPPetOwner()
                    owner.name = name
                    owner.pet = index < pets.count ? pets[index] : nil
                    try realm.add(owner)
                }
            }
        )
        try await fixture.check(row)
    }

    // Parser_Between. realm-core allows only ALL before a list with BETWEEN; Realm Swift's dialect (Strata's) takes ANY
    // and NONE too (ParserCornerTests), so those rows give counts.
    static let betweenRows: [QCPRow] = [
        qcp("age between {30, 37}", 2), qcpError("NONE age between {30, 37}"), qcp("ALL scores between {5, 19}", 1),
        qcpError("scores between {5, 9}"), qcp("ANY scores between {5, 9}", 1),
        qcp("NONE scores between {10, 12}", 1),
    ]

    @Test("Parser_Between", arguments: Self.betweenRows)
    func between(_ row: QCPRow) async throws {
        let fixture = QCPFixture.of(
            QCPScores.self,
            { [QCPScores.self] },
            seed: { realm in
                for index in 0..<3 {
                    let object = QCPScores()
                    object.age = 5 * index + 30
                    object.scores.append(
                        objectsIn: (0..<5).map { $0 + index * 5 } + (0..<5).map { $0 + index * 5 + 10 }
                    )
                    try realm.add(object)
                }
            }
        )
        try await fixture.check(row)
    }

    // Test_Between_OverLinks: children 0…99 (ints i, timestamps i seconds after 1970), two parents of each.
    @Test("Test_Between_OverLinks", arguments: [false, true])
    func betweenOverLinks(throughParents: Bool) async throws {
        let types: @Sendable () -> [ObjectBase.Type] = { [QCPChild.self, QCPParent.self] }
        let seed: @Sendable (isolated Realm) throws -> Void = { realm in
            for index in 0..<100 {
                let child = QCPChild()
                child.int = index
                child.timestamp = Date(timeIntervalSince1970: Double(index))
                for _ in 0..<2 {
                    let parent = QCPParent()
                    parent.child = child
                    try realm.add(parent)
                }
            }
            try realm.add(QCPParent())
        }
        let fixture =
            throughParents
            ? QCPFixture.of(QCPParent.self, types, seed: seed) : QCPFixture.of(QCPChild.self, types, seed: seed)
        let (prefix, factor) = throughParents ? ("child.", 2) : ("", 1)
        for (low, high, count) in [(0, 100, 100), (1, 2, 2), (-1, -2, 0)] {
            try await fixture.check(qcp("\(prefix)int BETWEEN {\(low), \(high)}", count * factor))
            try await fixture.check(
                qcp("\(prefix)timestamp BETWEEN {$0, $1}", count * factor) { _ in
                    [Date(timeIntervalSince1970: Double(low)), Date(timeIntervalSince1970: Double(high))]
                }
            )
        }
    }

    // Parser_RecursiveLogial: one object whose id is all zeros; TRUEPREDICATE and FALSEPREDICATE among ORs and ANDs,
    // and an OR of 53 000 comparisons, which must not overflow the stack.
    @Test("Parser_RecursiveLogial")
    func recursiveLogical() async throws {
        let zero = qcpObjectId(seconds: 0)
        let fixture = QCPFixture.of(
            QCPObjectIds.self,
            { [QCPObjectIds.self] },
            seed: { realm in
                let object = QCPObjectIds()
                object.id = zero
                try realm.add(object)
            }
        )
        let three: @Sendable (isolated Realm) -> [Any] = { _ in
            [zero, qcpObjectId(seconds: 1), qcpObjectId(seconds: 2)]
        }
        let anyOfThree = "(id == $1 OR id == $2 OR id == $0)"
        for (query, count) in [
            ("TRUEPREDICATE AND \(anyOfThree) AND TRUEPREDICATE", 1),
            ("\(anyOfThree) AND (TRUEPREDICATE AND id == $0 AND id == $0) AND TRUEPREDICATE", 1),
            ("\(anyOfThree) AND (FALSEPREDICATE AND id == $0 AND id == $0) AND TRUEPREDICATE", 0),
            (
                "(id == $1 OR id == $2 OR FALSEPREDICATE) AND (TRUEPREDICATE AND id == $0 AND id == $0) "
                    + "AND TRUEPREDICATE",
                0
            ),
            ("\(anyOfThree) AND (TRUEPREDICATE AND id == $0 AND id == $0) AND FALSEPREDICATE", 0),
        ] {
            try await fixture.check(qcp(query, count, three))
        }
        let thousand: @Sendable (isolated Realm) -> [Any] = { _ in (1...1000).map { qcpObjectId(seconds: UInt32($0)) } }
        let base = (0..<1000).map { "\($0 == 0 ? "" : " OR ")id = $\($0)" }.joined()
        let long = "FALSEPREDICATE" + String(repeating: " OR " + base, count: 53)
        try await fixture.check(qcp(long, 0, thousand))
        try await fixture.check(qcp(long + " OR id = oid(\(zero.stringValue)) OR " + base, 1, thousand))
    }
}

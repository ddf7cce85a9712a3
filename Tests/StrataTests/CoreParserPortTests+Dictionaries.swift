import Foundation
import Strata
import Testing

// realm-core test/test_parser.cpp, maps of links and of numbers: Parser_DictionaryObjects, Parser_DictionaryAggregates
// and Parser_CollectionLinks. The dialect notes of CoreParserPortTests.swift apply: a key path through a map's values
// or a list takes ANY; realm-core's `relations.partner` (a key after a dot) is `relations['partner']`, `[SIZE]` is
// `@size` and `children[*].name` is `ANY children.name`; `pets.@values == ANY {…}` (a quantifier after the operator)
// is `ANY pets.@values IN $0` with an array of objects, and `obj('dog', …)` a managed object argument. Left out: list
// subscripts on typed lists (`scores[FIRST]`, `children[LAST]`), and Parser_Wildcard, whose queries compare nested
// collections with list literals in order (`value[*][*] = {3, 2, 1}`), subscript typed lists (`link[0].list`,
// `list_any[2][1]`) or compare two multi-valued key paths, none of which Realm Swift's dialect has.

/// realm-core's `dog` table of Parser_DictionaryObjects.
final class QCSDog: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var age = 0
}

/// realm-core's `person` table of Parser_DictionaryObjects: a map of dogs and a friend.
final class QCSPetOwner: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var pets: Map<String, QCSDog?>
    @Persisted var friend: QCSPetOwner?
}

/// Dogs astro 4, pluto 5, lady 5, snoopy 3; adam has pluto, lady and a null, bernie astro and snoopy, charlie pluto;
/// adam and bernie are each other's friend.
private func seedPets(_ realm: isolated Realm) throws {
    var dogs: [String: QCSDog] = [:]
    for (name, age) in [("astro", 4), ("pluto", 5), ("lady", 5), ("snoopy", 3)] {
        let dog = QCSDog()
        dog.name = name
        dog.age = age
        dogs[name] = dog
    }
    let owners = ["adam", "bernie", "charlie"].map { name in
        let owner = QCSPetOwner()
        owner.name = name
        return owner
    }
    owners[0].pets["dog1"] = dogs["pluto"]
    owners[0].pets["dog2"] = dogs["lady"]
    owners[0].pets["none"] = .some(nil)
    owners[1].pets["dog1"] = dogs["astro"]
    owners[1].pets["dog2"] = dogs["snoopy"]
    owners[2].pets["dog1"] = dogs["pluto"]
    owners[0].friend = owners[1]
    owners[1].friend = owners[0]
    for owner in owners { try realm.add(owner) }
}

private func dog(_ realm: isolated Realm, _ name: String) -> QCSDog {
    realm.object(ofType: QCSDog.self, forPrimaryKey: name)!
}

/// realm-core's `table` of Parser_DictionaryAggregates, for its three types at once.
final class QCSNumberMaps: Object {
    @Persisted var floats: Map<String, Float>
    @Persisted var doubles: Map<String, Double>
    @Persisted var decimals: Map<String, Decimal128>
}

/// realm-core's `link` table of Parser_DictionaryAggregates.
final class QCSNumberMapLink: Object {
    @Persisted var link: QCSNumberMaps?
}

/// One object maps "1", "2", "3" to 5.55444333, 6.55444333, 7.55444333 in each type, one holds empty maps; links go
/// to each and a third links nowhere.
private func seedNumberMaps(_ realm: isolated Realm) throws {
    let filled = QCSNumberMaps()
    for (key, value) in zip(["1", "2", "3"], [5.55444333, 6.55444333, 7.55444333]) {
        filled.floats[key] = Float(value)
        filled.doubles[key] = value
        filled.decimals[key] = Decimal128(floatLiteral: value)
    }
    let empty = QCSNumberMaps()
    for target in [filled, empty, nil] {
        let link = QCSNumberMapLink()
        link.link = target
        try realm.add(link)
    }
    try realm.add(empty)
}

/// realm-core's `person` table of Parser_CollectionLinks.
final class QCSRelative: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var relations: Map<String, QCSRelative?>
    @Persisted var children: List<QCSRelative>
    @Persisted var scores: List<Int>
    @Persisted var spouse: QCSRelative?
}

/// adam…hutch. Relations: adam's partner bernie and colleague charlie; bernie's both charlie; charlie's partner adam,
/// colleague bernie and uncle gary. Scores: bernie 1, 2, 3; charlie 3, 4, 5. Children: adam [david], david [gary,
/// hutch], bernie [gary, david].
private func seedRelatives(_ realm: isolated Realm) throws {
    var people: [String: QCSRelative] = [:]
    for name in ["adam", "bernie", "charlie", "david", "elisabeth", "felix", "gary", "hutch"] {
        let person = QCSRelative()
        person.name = name
        people[name] = person
    }
    func relate(_ name: String, _ relations: [(String, String)]) {
        for (key, other) in relations { people[name]!.relations[key] = people[other]! }
    }
    relate("adam", [("partner", "bernie"), ("colleague", "charlie")])
    relate("bernie", [("partner", "charlie"), ("colleague", "charlie")])
    relate("charlie", [("partner", "adam"), ("colleague", "bernie"), ("uncle", "gary")])
    people["bernie"]!.scores.append(objectsIn: [1, 2, 3])
    people["charlie"]!.scores.append(objectsIn: [3, 4, 5])
    people["adam"]!.children.append(people["david"]!)
    people["david"]!.children.append(objectsIn: [people["gary"]!, people["hutch"]!])
    people["bernie"]!.children.append(objectsIn: [people["gary"]!, people["david"]!])
    for person in people.values { try realm.add(person) }
}

@Suite("realm-core's parser tests: maps of links and of numbers")
struct CoreParserDictionaryTests {
    // Parser_DictionaryObjects.
    static let objectRows: [QCPRow] = [
        qcp("ANY pets.@values.age > 4", 2), qcp("ANY friend.pets.@values.age > 4", 1),
        qcp("ANY pets.@values == $0", 2) { realm in [dog(realm, "pluto")] },
        qcp("ANY pets.@values != $0", 2) { realm in [dog(realm, "pluto")] },
        qcp("ANY pets.@values IN $0", 2) { realm in [[dog(realm, "lady"), dog(realm, "astro")]] },
        qcp("ANY pets.@values IN $0", 2) { realm in [[dog(realm, "astro"), NSNull()] as [Any]] },
    ]

    @Test("Parser_DictionaryObjects", arguments: Self.objectRows)
    func objects(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCSPetOwner.self, { [QCSDog.self, QCSPetOwner.self] }, seed: seedPets).check(row)
    }

    // Parser_DictionaryAggregates, for floats, doubles and decimals: the filled map's @min, @max, @sum and @avg
    // (computed in the map's type) match it, through a link too; null matches an empty map's @min, @max and @avg (and
    // a missing link's) but no @sum, and an empty map's @sum is 0.
    static let aggregateRows: [QCPRow] = {
        let values = [5.55444333, 6.55444333, 7.55444333]
        let floats = values.map { Float($0) }
        let decimals = values.map { Decimal128(floatLiteral: $0) }
        let typed: [(String, [@Sendable () -> Any])] = [
            (
                "floats",
                [
                    { floats[0] }, { floats[2] }, { floats[0] + floats[1] + floats[2] },
                    { (floats[0] + floats[1] + floats[2]) / 3 }, { Float(0) },
                ]
            ),
            (
                "doubles",
                [
                    { values[0] }, { values[2] }, { values[0] + values[1] + values[2] },
                    { (values[0] + values[1] + values[2]) / 3 }, { 0.0 },
                ]
            ),
            (
                "decimals",
                [
                    { decimals[0] }, { decimals[2] }, { decimals[0] + decimals[1] + decimals[2] },
                    { (decimals[0] + decimals[1] + decimals[2]) / Decimal128(exactly: 3)! },
                    { Decimal128(exactly: 0)! },
                ]
            ),
        ]
        var rows: [QCPRow] = []
        for (property, arguments) in typed {
            for (root, prefix) in [(true, ""), (false, "link.")] {
                let aggregates = ["@min", "@max", "@sum", "@avg"]
                for (aggregate, argument) in zip(aggregates, arguments) {
                    rows.append(qcp("\(prefix)\(property).\(aggregate) == $0", 1) { _ in [argument()] })
                }
                for (aggregate, count) in zip(aggregates, root ? [1, 1, 0, 1] : [2, 2, 0, 2]) {
                    rows.append(qcp("\(prefix)\(property).\(aggregate) == $0", count) { _ in [NSNull()] })
                }
                rows.append(qcp("\(prefix)\(property).@sum == $0", root ? 1 : 2) { _ in [arguments[4]()] })
            }
        }
        return rows
    }()

    @Test("Parser_DictionaryAggregates", arguments: Self.aggregateRows)
    func aggregates(_ row: QCPRow) async throws {
        let types: @Sendable () -> [ObjectBase.Type] = { [QCSNumberMaps.self, QCSNumberMapLink.self] }
        let fixture =
            row.query.hasPrefix("link.")
            ? QCPFixture.of(QCSNumberMapLink.self, types, seed: seedNumberMaps)
            : QCPFixture.of(QCSNumberMaps.self, types, seed: seedNumberMaps)
        try await fixture.check(row)
    }

    // Parser_CollectionLinks.
    static let linkRows: [QCPRow] = [
        qcp("relations['partner'].name == 'bernie'", 1), qcp("relations.@size == 3", 1),
        qcp("relations['partner'].relations['partner'].name == 'bernie'", 1),
        qcp("relations['colleague'].name == 'charlie'", 2),
        // realm-core's `relations.colleague.scores[FIRST] == 1` (1) and `[LAST] > 2` (3), without list subscripts.
        qcp("ANY relations['colleague'].scores == 1", 1), qcp("relations['colleague'].scores.@max > 2", 3),
        // Not in realm-core's test: a key only one map holds, and a list of values after the link a key holds.
        qcp("relations['uncle'].name == 'gary'", 1), qcp("relations['partner'].scores.@count == 3", 2),
        qcp("ANY children.name == 'david'", 2),
        qcp("children.@size == 2", 2), qcpError("spouse[5].name == 'elisabeth'"),
    ]

    @Test("Parser_CollectionLinks", arguments: Self.linkRows)
    func collectionLinks(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCSRelative.self, { [QCSRelative.self] }, seed: seedRelatives).check(row)
    }
}

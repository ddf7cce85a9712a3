import Foundation
import Strata
import Testing

// realm-core test/test_parser.cpp, queries through links, lists of objects and backlinks: Parser_LinksToSameTable,
// Parser_LinksToDifferentTable, Parser_TwoColumnAggregates, Parser_Subquery, Parser_AggregateShortcuts,
// Parser_Backlinks, Parser_BacklinkCount, Parser_BacklinksIndex and Parser_Object, on the shop and the other data of
// CoreParserPortTests+CollectionModels.swift. A key path through a list takes ANY, SOME, ALL or NONE (realm-core
// implies ANY), and realm-core's `class_Person` is `QCPCustomer` in `@links.QCPCustomer.items`.

private let shop = QCPFixture.of(QCPCustomer.self, qcpShopTypes, seed: { realm in try qcpSeedShop(realm) })
private let shopItems = QCPFixture.of(QCPItem.self, qcpShopTypes, seed: { realm in try qcpSeedShop(realm) })
private let shopWithCoffee = QCPFixture.of(
    QCPCustomer.self,
    qcpShopTypes,
    seed: { realm in
        try qcpSeedShop(realm, extra: ("coffee", 17.5))
    }
)
private let shopWithBread = QCPFixture.of(
    QCPCustomer.self,
    qcpShopTypes,
    seed: { realm in
        try qcpSeedShop(realm, extra: ("bread", 3.5))
    }
)
private let shopItemsWithBread = QCPFixture.of(
    QCPItem.self,
    qcpShopTypes,
    seed: { realm in
        try qcpSeedShop(realm, extra: ("bread", 3.5))
    }
)

private func item(_ realm: isolated Realm, _ name: String) -> QCPItem {
    realm.objects(QCPItem.self).filter("name == %@", name).first!
}

/// Parser_Object's table: two links to the same table.
final class QCPTwoLinks: Object {
    @Persisted var name = ""
    @Persisted var link: QCPTwoLinks?
    @Persisted var linkx: QCPTwoLinks?
}

@Suite("realm-core's parser tests: links, lists of objects and backlinks")
struct CoreParserLinkTests {
    // Parser_LinksToSameTable: Billy Bob Joe Jane Joel aged 0…4, each one's buddy the next, Joel's none.
    @Test("Parser_LinksToSameTable")
    func linksToSameTable() async throws {
        let fixture = QCPFixture.of(
            QCPPerson.self,
            { [QCPPerson.self] },
            seed: { realm in
                try qcpSeedPeople(realm)
                let people = Array(realm.objects(QCPPerson.self).sorted(byKeyPath: "age"))
                for (person, next) in zip(people, people.dropFirst()) { person.buddy = next }
            }
        )
        for (path, count) in [("", 4), ("buddy.", 4), ("buddy.buddy.", 3), ("buddy.buddy.buddy.", 2)] {
            try await fixture.check(qcp("\(path)age > 0", count))
        }
        try await fixture.check(qcp("buddy.buddy.buddy.buddy.age > 0", 1))
        try await fixture.check(qcp("buddy.buddy.buddy.buddy.buddy.age > 0", 0))
        try await fixture.check(qcpError("buddy.buddy.missing_property > 2", ["QCPPerson", "missing_property"]))
    }

    // Parser_LinksToDifferentTable (with coffee, which nobody buys).
    static let differentTableRows: [QCPRow] = [
        qcp("ANY items == %@", 0) { realm in [item(realm, "coffee")] },
        qcp("ANY items == %@", 2) { realm in [item(realm, "milk")] }, qcp("items.@count > 2", 3),
        qcp("ANY items.price > 3.0", 3), qcp("ANY items.name ==[c] 'milk'", 2),
        qcp("ANY items.discount.active == true", 3), qcp("ANY items.discount.reducedBy > 2.0", 2),
        qcp("items.@sum.price > 50", 1), qcp("items.@avg.price > 7", 1),
        qcpError("missing_property > 2", ["QCPCustomer", "missing_property"]),
        qcpError("items.absent_property > 2", ["QCPItem", "absent_property"]),
        qcpError("items.discount.nonexistent_property > 2", ["QCPDiscount", "nonexistent_property"]),
        qcpError("customerId.property > 2", ["customerId"]), qcpError("items.price.property > 2", ["price"]),
        qcpError("items == NULL"), qcpError("items != NULL"), qcpError("items.discount == NULL"),
    ]

    @Test("Parser_LinksToDifferentTable", arguments: Self.differentTableRows)
    func linksToDifferentTable(_ row: QCPRow) async throws {
        try await shopWithCoffee.check(row)
    }

    // Parser_TwoColumnAggregates: aggregates of the items' prices (as doubles, floats, decimals and mixed values) and
    // creation dates, compared with constants and with the customer's own balance and creation date.
    static let twoColumnRows: [QCPRow] = {
        var rows = [
            qcp("customerId < items.@count", 3), qcp("customerId < items.@size", 3),
            // realm-core's parser compares two aggregates (each of these matches 1); Realm Swift's RLMQueryUtil never
            // does, and neither does Strata (QueryLanguage.md).
            qcpError("items.@min.price > items.@count", [qcpAggregatePair]),
            qcpError("items.@min.price > items.@size", [qcpAggregatePair]),
        ]
        for suffix in ["", "Float", "Decimal", "Mixed"] {
            let (price, balance) = ("price\(suffix)", "accountBalance\(suffix)")
            rows += [
                qcp("items.@sum.\(price) == 25.5", 2), qcp("items.@min.\(price) == 4.0", 1),
                qcp("items.@max.\(price) == 9.5", 2), qcp("items.@avg.\(price) == 6.375", 1),
                qcp("items.@sum.\(price) > \(balance)", 2), qcp("items.@min.\(price) > \(balance)", 0),
                qcp("items.@max.\(price) > \(balance)", 0), qcp("items.@avg.\(price) > \(balance)", 0),
            ]
        }
        rows += [
            qcp("items.@min.creationDate == T40:0", 1), qcp("items.@max.creationDate == T95:0", 2),
            qcp("items.@min.creationDate > accountCreationDate", 2),
            qcp("items.@max.creationDate > accountCreationDate", 3),
            // realm-core's parser compares a count with a double property (this matches 3); Realm Swift reads the
            // property as an int (RLMQueryUtil's add_collection_operation_constraint) and refuses it.
            qcpError("items.@count < accountBalance", ["Expected accountBalance to be a col_type_Int"]),
            qcp("items.@count > 3", 2), qcp("items.@count == 3.0", 1), qcp("items.@count == 3.1", 0),
        ]
        // Strings and links do not aggregate; dates have no sum or average.
        for aggregate in ["@min", "@max", "@sum", "@avg"] {
            rows += [
                qcpError("items.\(aggregate).name > accountBalance"),
                qcpError("items.\(aggregate).discount > accountBalance"),
            ]
        }
        return rows + [
            qcpError("items.@sum.creationDate > accountCreationDate"),
            qcpError("items.@avg.creationDate > accountCreationDate"),
        ]
    }()

    @Test("Parser_TwoColumnAggregates", arguments: Self.twoColumnRows)
    func twoColumnAggregates(_ row: QCPRow) async throws {
        try await shop.check(row)
    }

    // Parser_TwoColumnAggregates on the items: a discount's promotion compared with the item's name ("pizza lunch
    // special" begins with and contains "pizza").
    static let promotionRows: [QCPRow] = [
        qcp("discount.promotion == name", 0), qcp("discount.promotion != name", 4),
        qcp("discount.promotion CONTAINS name", 1), qcp("discount.promotion BEGINSWITH name", 1),
        qcp("discount.promotion ENDSWITH name", 0), qcp("discount.promotion LIKE name", 0),
        qcp("discount.promotion ==[c] name", 0), qcp("discount.promotion !=[c] name", 4),
        qcp("discount.promotion CONTAINS[c] name", 1), qcp("discount.promotion BEGINSWITH[c] name", 1),
        qcp("discount.promotion ENDSWITH[c] name", 0), qcp("discount.promotion LIKE[c] name", 0),
    ]

    @Test("Parser_TwoColumnAggregates, comparing two string properties", arguments: Self.promotionRows)
    func promotions(_ row: QCPRow) async throws {
        try await shopItems.check(row)
    }

    // Parser_Subquery.
    static let subqueryRows: [QCPRow] = [
        qcp("SUBQUERY(items, $x, TRUEPREDICATE).@count > 0", 3),
        qcp("!SUBQUERY(items, $x, TRUEPREDICATE).@count > 0", 0),
        qcp("SUBQUERY(items, $x, !TRUEPREDICATE).@count > 0", 0),
        qcp("SUBQUERY(items, $x, FALSEPREDICATE).@count == 0", 3),
        qcp("!SUBQUERY(items, $x, FALSEPREDICATE).@count == 0", 0),
        qcp("SUBQUERY(items, $x, !FALSEPREDICATE).@count == 0", 0),
        qcp("SUBQUERY(items, $x, 5.5 == $x.price ).@count > 0", 2),
        qcp("SUBQUERY(items, $x, $x.name CONTAINS[c] 'MILK').@count >= 1", 2),
        qcp("SUBQUERY(items, $x, $x.name CONTAINS[c] 'MILK' && $x.price == 5.5).@count >= 1", 2),
        qcp("SUBQUERY(items, $x, $x.name CONTAINS[c] 'MILK' || $x.price >= 5.5).@count >= 1", 3),
        qcp("SUBQUERY(items, $anyNAME_0123456789, 5.5 == $anyNAME_0123456789.price ).@count > 0", 2),
        qcpError("SUBQUERY(items, $x.y, 5.5 == $x.y.price ).@count > 0"),
        qcpError("SUBQUERY(items, x, 5.5 == x.y.price ).@count > 0"),
        qcp("SUBQUERY(items, $x, $x.allergens.@count > 1).@count > 0", 2),
        qcp("SUBQUERY(items, $x, $x.allergens.@min.populationAffected < 0.10).@count > 0", 2),
        qcp("SUBQUERY(items, $x, $x.allergens.@max.populationAffected > 0.50).@count > 0", 3),
        qcp("SUBQUERY(items, $x, $x.allergens.@sum.populationAffected > 0.75).@count > 0", 2),
        qcp("SUBQUERY(items, $x, $x.allergens.@avg.populationAffected > 0.50).@count > 0", 2),
        qcp("SUBQUERY(items, $x, $x.discount.promotion CONTAINS[c] $x.name).@count > 0", 2),
        // realm-core compares a SUBQUERY's count with a property too; Realm Swift only with a constant number
        // (RLMQueryUtil.mm: "SUBQUERY(…).@count is only supported when compared with a constant number"), as Strata.
        qcpError("SUBQUERY(items, $x, $x.discount.promotion CONTAINS[c] $x.name).@count < accountBalance", ["number"]),
        qcp("SUBQUERY(favItem.allergens, $x, $x.name CONTAINS[c] 'dairy').@count > 0", 2),
        qcp(
            "SUBQUERY(items, $x, SUBQUERY($x.allergens, $allergy, $allergy.name CONTAINS[c] 'dairy').@count > 0)"
                + ".@count > 0",
            3
        ),
        // A nested SUBQUERY may not reuse its parent's variable; a SUBQUERY needs a list.
        qcpError(
            "SUBQUERY(items, $x, SUBQUERY($x.discount.@links.QCPItem.discount, $x, $x.price > 5).@count > 0)"
                + ".@count > 0",
            ["$x", "identical variable"]
        ),
        qcpError("SUBQUERY(accountBalance, $x, TRUEPREDICATE).@count > 0", ["accountBalance"]),
        qcpError("SUBQUERY(favItem, $x, TRUEPREDICATE).@count > 0", ["favItem"]),
    ]

    @Test("Parser_Subquery", arguments: Self.subqueryRows)
    func subquery(_ row: QCPRow) async throws {
        try await shop.check(row)
    }

    // Parser_AggregateShortcuts: ANY, SOME, ALL and NONE, alone, in AND, OR and NOT, inside a SUBQUERY, through links
    // before and after the list, and compared with properties and aggregates.
    static let shortcutRows: [QCPRow] = {
        var rows: [QCPRow] = []
        let quantified: [(String, [Int])] = [
            ("# items.price == 5.5", [2, 2, 1, 1]), ("# items.name == 'milk'", [2, 2, 1, 1]),
            ("customerId > 0 and # items.price == 5.5", [1, 1, 1, 1]),
            ("customerId > 1 or # items.price == 5.5", [3, 3, 2, 1]), ("!(# items.price == 5.5)", [1, 1, 2, 2]),
            ("SUBQUERY(items, $x, # $x.allergens.name CONTAINS[c] 'WHEAT').@count > 0", [2, 2, 1, 2]),
            ("# favItem.allergens.name CONTAINS 'dairy'", [2, 2, 2, 1]),
            ("# items.allergens.name == 'dairy'", [3, 3, 1, 0]),
        ]
        for (query, counts) in quantified {
            for (word, count) in zip(["ANY", "SOME", "ALL", "NONE"], counts) {
                rows.append(qcp(query.replacingOccurrences(of: "#", with: word), count))
            }
        }
        return rows + [
            qcp("ANY items.name == favItem.name", 2), qcp("SOME items.name == favItem.name", 2),
            qcp("ANY items.price == items.@max.price", 3), qcp("SOME items.price == items.@max.price", 3),
            qcp("ANY items.price == items.@min.price", 3), qcp("SOME items.price == items.@min.price", 3),
            qcp("ANY items.price > items.@avg.price", 2), qcp("SOME items.price > items.@avg.price", 2),
            qcp("ALL items.name == favItem.name", 0), qcp("NONE items.name == favItem.name", 1),
            qcpError("ANY favItem.name == 'milk'"), qcpError("SOME favItem.name == 'milk'"),
            qcpError("ALL favItem.name == 'milk'"), qcpError("NONE favItem.name == 'milk'"),
            qcpError("ANY 'milk' == favItem.name"), qcpError("SOME 'milk' == favItem.name"),
            qcpError("ALL 'milk' == favItem.name"), qcpError("NONE 'milk' == favItem.name"),
            // realm-core implies ANY before a key path through a list; Strata asks for it (DESIGN §3).
            qcpError("items.price == 5.5", ["ANY"]),
        ]
    }()

    @Test("Parser_AggregateShortcuts", arguments: Self.shortcutRows)
    func shortcuts(_ row: QCPRow) async throws {
        try await shop.check(row)
    }

    static let shortcutItemRows: [QCPRow] = {
        var rows: [QCPRow] = []
        let quantified: [(String, [Int])] = [
            ("# @links.QCPCustomer.items.accountBalance > 15", [3, 3, 0, 1]),
            ("# @links.QCPCustomer.items.favItem.name CONTAINS 'milk'", [4, 4, 1, 0]),
        ]
        for (query, counts) in quantified {
            for (word, count) in zip(["ANY", "SOME", "ALL", "NONE"], counts) {
                rows.append(qcp(query.replacingOccurrences(of: "#", with: word), count))
            }
        }
        return rows
    }()

    @Test("Parser_AggregateShortcuts, through backlinks", arguments: Self.shortcutItemRows)
    func shortcutsThroughBacklinks(_ row: QCPRow) async throws {
        try await shopItems.check(row)
    }

    // Parser_Backlinks (with bread, which nobody buys): Adam, James and John (balances 10, 20, 30) favour milk,
    // oranges and pizza.
    static let backlinkRows: [QCPRow] = [
        qcp("ANY @links.QCPCustomer.favItem.accountBalance > 20", 1),
        qcp("ANY @links.QCPCustomer.items.accountBalance > 20", 2),
        qcp("ANY @links.QCPCustomer.items.name LIKE[c] 'j*'", 3),
        qcp("ANY @links.QCPCustomer.items.name BEGINSWITH 'J'", 3), qcp("@links.QCPCustomer.items.@count > 2", 2),
        qcp("@links.QCPCustomer.items.@size > 2", 2), qcp("@links.QCPCustomer.items.@min.accountBalance <= 10", 4),
        qcp("@links.QCPCustomer.items.@max.accountBalance > 10", 3),
        qcp("@links.QCPCustomer.items.@sum.accountBalance > 20", 3),
        qcp("@links.QCPCustomer.items.@avg.accountBalance > 20", 1),
        qcp("SUBQUERY(@links.QCPCustomer.items, $x, $x.accountBalance >= 20).@count > 2", 1),
        qcpError("@links.QCPCustomer.items == NULL"), qcpError("@links.QCPCustomer.favItem == NULL"),
        qcpError("@links.attr. > 0"), qcpError("@links.QCPFactory.items > 0"),
        qcpError("@links.QCPCustomer.artifacts > 0"), qcpError("@links.class_QCPCustomer.items.@count > 2"),
    ]

    @Test("Parser_Backlinks", arguments: Self.backlinkRows)
    func backlinks(_ row: QCPRow) async throws {
        try await shopItemsWithBread.check(row)
    }

    @Test("Parser_Backlinks, through a link first")
    func backlinksThroughLinks() async throws {
        try await shopWithBread.check(qcp("favItem.@links.QCPCustomer.favItem.@count > 1", 0))
        try await shopWithBread.check(qcp("favItem.@links.QCPCustomer.items.@count > 1 ", 2))
    }

    // Parser_BacklinkCount: `@links.@count` counts every link to an object, from any class and property. Items 5, 2,
    // 12, 14, 20 have 13, 3, 5, 1 and 0 links.
    static let backlinkCountRows: [QCPRow] = [
        qcp("@links.@count == 0", 1), qcp("@links.@count == 0 && itemId == 20", 1),
        qcp("@links.@count == 1 && itemId == 14", 1), qcp("@links.@count == 5 && itemId == 12", 1),
        qcp("@links.@count == 3 && itemId == 2", 1), qcp("@links.@count == 13 && itemId == 5", 1),
        qcp("@links.@size == 0", 1), qcp("@links.@size == 0 && itemId == 20", 1),
        // Through backlinks first: the links to every object reached, added up.
        qcp("@links.QCPStockItem.me.@links.@count == 1 && itemId == 14", 1),
        qcp("@links.QCPShopper.items.@links.@count == 0", 5),
        qcp("@links.QCPShopper.favItem.items.@links.@count == 130 && itemId == 2", 1),
        qcp("@links.QCPShopper.favItem.favItem.@links.@count == 3 && itemId == 2", 1),
        qcp("@links.@count >= itemId", 2), qcp("@links.@count == 0.0", 1),
        // realm-core's parser compares a count with a double property (this matches 3); Realm Swift compares a count
        // with an int property only.
        qcpError("@links.@count >= doubleCol", ["Expected doubleCol to be a col_type_Int"]),
        // realm-core's parser compares two counts (these match 1, 1 and 2); Realm Swift's RLMQueryUtil never
        // compares two aggregates, and neither does Strata (QueryLanguage.md).
        qcpError("@links.@count == @links.QCPShopper.favItem.@count", [qcpAggregatePair]),
        qcpError("@links.@count == @links.QCPShopper.items.@count", [qcpAggregatePair]),
        qcpError("@links.@count == @links.QCPStockItem.me.@count", [qcpAggregatePair]),
        // realm-core's parser counts a to-one link (0 or 1); Realm Swift's dialect, which Strata follows, refuses it.
        qcpToOneCount("@links.@count >= me.@count", "me.@count"),
        qcpError("@links.@count == 'string'"),
        qcpError("@links.@count == 2018-04-09@14:21:0"), qcpError("@links.@count.itemId == 0"),
        qcpError("@links.@avg.itemId == 1"), qcpError("@links.@avg == 1"), qcpError("@links.@sum == 1"),
        // Per class and property.
        qcp("@links.QCPShopper.items.@count == 11 && itemId == 5", 1),
        qcp("@links.QCPStockItem.me.@count == 1", 4), qcp("@links.QCPShopper.favItem.@count == 0", 2),
        // realm-core's parser counts a to-one link (0 or 1); Realm Swift's dialect, which Strata follows, refuses it.
        qcpToOneCount("me.@count == 0", "me.@count"),
        qcpToOneCount("me.@size == 1", "me.@size"),
        qcpError("me.@min.itemId == 5", ["must be applied to a collection"]),
    ]

    @Test("Parser_BacklinkCount", arguments: Self.backlinkCountRows)
    func backlinkCount(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPStockItem.self, { [QCPStockItem.self, QCPShopper.self] }, seed: qcpSeedStock).check(
            row
        )
    }

    // Parser_BacklinkCount from the shoppers: through a link, and through a list (each listed item's links, added
    // up).
    static let shopperBacklinkCountRows: [QCPRow] = [
        qcp("favItem.@links.@count == 5 && favItem.itemId == 12", 1),
        qcp("favItem.@links.@count == 3 && favItem.itemId == 2", 1),
        qcp("favItem.@links.@count == 13 && favItem.itemId == 5", 1),
        qcp("items.@links.@count == 21 && customerId == 0", 1), qcp("items.@links.@count == 130 && customerId == 1", 1),
        qcp("items.@links.@count == 10 && customerId == 2", 1),
        // realm-core's parser compares the two counts (1 match); Realm Swift's RLMQueryUtil never compares two
        // aggregates, and neither does Strata (QueryLanguage.md).
        qcpError("items.@count >= favItem.@links.@count", [qcpAggregatePair]),
        qcp("@links.@count == 0", 3),
        // realm-core's parser counts a to-one link (0 or 1), after a link or a list; Realm Swift's dialect, which
        // Strata follows, refuses it (`me` is to-one, whatever precedes it).
        qcpToOneCount("favItem.me.@count == 1", "favItem.me.@count"),
        qcpToOneCount("items.me.@count == 0", "items.me.@count"),
        qcpToOneCount("items.me.@count == 1", "items.me.@count"),
    ]

    @Test("Parser_BacklinkCount, from the shoppers", arguments: Self.shopperBacklinkCountRows)
    func backlinkCountFromShoppers(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPShopper.self, { [QCPStockItem.self, QCPShopper.self] }, seed: qcpSeedStock).check(
            row
        )
    }

    // Parser_BacklinksIndex: backlinks from a list, a set and a map.
    static let backlinkIndexRows: [QCPRow] = [
        qcp("ANY @links.QCPOwner.owns.age == 48", 2), qcp("ANY @links.QCPOwner.wish.age == 48", 2),
        qcp("ANY @links.QCPOwner.borrowed.age == 25", 1),
    ]

    @Test("Parser_BacklinksIndex", arguments: Self.backlinkIndexRows)
    func backlinksIndex(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPStockItem.self, { [QCPStockItem.self, QCPOwner.self] }, seed: qcpSeedOwners).check(
            row
        )
    }

    // Parser_Object: a link compared with null, with an object, and with another link.
    @Test("Parser_Object")
    func links() async throws {
        let fixture = QCPFixture.of(
            QCPTwoLinks.self,
            { [QCPTwoLinks.self] },
            seed: { realm in
                let objects = (0..<3).map { index in
                    let object = QCPTwoLinks()
                    object.name = "\(index)"
                    return object
                }
                objects[0].link = objects[1]
                objects[0].linkx = objects[1]
                objects[1].link = objects[1]
                for object in objects { try realm.add(object) }
            }
        )
        try await fixture.check(qcp("link == NULL", 1))
        try await fixture.check(
            qcp("link == %@", 2) { realm in [realm.objects(QCPTwoLinks.self).filter("name == '1'").first!] }
        )
        try await fixture.check(qcp("link == linkx", 2))
    }
}

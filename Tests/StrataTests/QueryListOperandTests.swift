import Foundation
import Strata
import Testing

/// realm-core's Parser_OperatorIN items.
final class ShopItem: Object {
    @Persisted var name = ""
    @Persisted var price = 0.0
}

/// realm-core's Parser_OperatorIN people: customer ids 0, 1, 2, favourite items milk, oranges, pizza.
final class ShopCustomer: Object {
    @Persisted var customerId = 0
    @Persisted var accountBalance = 0.0
    @Persisted var items: List<ShopItem>
    @Persisted var favItem: ShopItem?
}

// Facts from realm-core's test_parser.cpp (Parser_OperatorIN and the lexer's valid queries): a list of values on the
// right of an operator other than IN matches when the comparison holds for any of them (none of them under NONE);
// string escapes and numbers written from their point.
@Suite("Queries: lists of values with every operator, escapes, numbers from their point")
struct QueryListOperandTests {
    static let rows: [(String, Int)] = [
        ("customerId IN {}", 0),
        ("customerId IN {0, 1, 2}", 3),
        ("NOT customerId IN {0}", 2),
        ("customerId != {0}", 2),
        ("customerId != {0, 1}", 3),
        ("NOT customerId IN {0, 1}", 1),
        ("customerId != {0, 1, 2}", 3),
        ("customerId > {0, 1}", 2),
        ("customerId > {4, 5, 6}", 0),
        ("customerId < {0, 1}", 1),
        ("customerId < {0}", 0),
        ("customerId >= {0, 1}", 3),
        ("customerId >= {2, 3, 4}", 1),
        ("customerId <= {0, 1}", 2),
        ("customerId <= {-1}", 0),
        ("customerId > {}", 0),
        ("favItem.name IN {'milk', 'oranges', 'cereal'}", 2),
        ("favItem.price IN {6.5, 9.5}", 1),
        ("favItem.name != {'milk', 'oranges'}", 3),
        ("NOT favItem.name IN {'milk', 'oranges'}", 1),
        ("favItem.name contains[c] {'ILK', 'Range'}", 2),
        ("favItem.name beginswith[c] {'MIL', 'CERe'}", 1),
        ("favItem.name endswith {'lk', 'EAL', 'GeS'}", 1),
        ("favItem.name endswith[c] {'lk', 'EAL', 'GeS'}", 2),
        ("favItem.name like {'*lk', '*zz*'}", 2),
        ("ANY items.name beginswith {'pi', 'or'}", 2),
        ("NONE items.name beginswith {'pi', 'or'}", 1),
        ("NONE items.name beginswith {}", 3),
        ("accountBalance > .5", 3),
        ("accountBalance > -.5", 3),
        ("accountBalance >= 30.", 1),
        ("favItem.name == 'mi\\u006Ck'", 1),
        ("favItem.name != 'milk\\r'", 3),
    ]

    @Test("each query counts as realm-core's test says", arguments: rows)
    func count(_ row: (String, Int)) async throws {
        let realm = try await Self.populated()
        let count = try await realm.read { realm in
            try realm.objects(ShopCustomer.self).filter(RealmPredicate(format: row.0)).count
        }
        #expect(count == row.1, "\(row.0)")
    }

    @Test("the same lists given as arguments")
    func arguments() async throws {
        let realm = try await Self.populated()
        let counts = try await realm.read { realm in
            let people = realm.objects(ShopCustomer.self)
            return try [
                people.filter(RealmPredicate(format: "customerId != %@", [0, 1])).count,
                people.filter(RealmPredicate(format: "customerId > %@", [0, 1])).count,
                people.filter(RealmPredicate(format: "favItem.name beginswith[c] %@", ["MIL", "CERe"])).count,
                people.filter(RealmPredicate(format: "customerId < %@", [Int]())).count,
            ]
        }
        #expect(counts == [3, 2, 1, 0])
    }

    @Test("ALL with a list of values is refused with a message")
    func allWithList() throws {
        #expect(throws: (any Error).self) { try RealmPredicate(format: "ALL items.name beginswith {'a', 'b'}") }
    }

    static func populated() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([ShopItem.self, ShopCustomer.self]))
        try await realm.write { realm in
            let items = [("milk", 5.5), ("oranges", 4.0), ("pizza", 9.5), ("cereal", 6.5)].map { name, price in
                let item = ShopItem()
                item.name = name
                item.price = price
                return item
            }
            for item in items { try realm.add(item) }
            let lists = [[0, 1, 2, 3], Array(repeating: 0, count: 10), [2, 2, 3]]
            for id in 0..<3 {
                let customer = ShopCustomer()
                customer.customerId = id
                customer.accountBalance = Double(id + 1) * 10
                customer.favItem = items[id]
                customer.items.append(objectsIn: lists[id].map { items[$0] })
                try realm.add(customer)
            }
        }
        return realm
    }
}

import Foundation
import Strata

// A writer task adds, updates and deletes orders while three consumers, each on an actor of its own, follow a
// query with `for await` and print the change sets they see. Each change carries the results frozen at the
// version it describes, so the consumers read them on their own actors.

final class Order: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var customer = ""
    @Persisted var total = 0.0
}

/// A consumer of one query's changes, isolated to an actor of its own.
actor Dashboard {
    let name: String
    private(set) var lines: [String] = []

    init(name: String) { self.name = name }

    func follow(_ changes: ChangeStream<RealmCollectionChange<Results<Order>>>, until count: Int) async {
        for await change in changes {
            switch change {
            case .initial(let orders):
                lines.append("\(name): initial \(orders.map(\.id))")
            case .update(let orders, let deletions, let insertions, let modifications):
                lines.append(
                    "\(name): \(orders.map(\.id)) deleted \(deletions) inserted \(insertions) modified \(modifications)"
                )
            case .error(let error):
                lines.append("\(name): error \(error)")
            }
            if lines.count == count { break }
        }
    }
}

let configuration = Realm.Configuration(inMemoryIdentifier: "change-feed", objectTypes: [Order.self])
let realm = try await Realm(configuration: configuration)
let streams = await realm.read { realm in
    let orders = realm.objects(Order.self)
    return [
        ("all orders", orders.sorted(byKeyPath: "id").changes()),
        ("big orders", orders.filter("total >= 100").sorted(byKeyPath: "total", ascending: false).changes()),
        ("ada's orders", orders.filter("customer == 'Ada'").changes()),
    ]
}

// Each consumer stops after its initial element and four updates; the writer's commits are awaited one at a
// time, so every consumer sees each one (a slower consumer would get them coalesced).
let dashboards = streams.map { Dashboard(name: $0.0) }
let consumers = zip(dashboards, streams).map { dashboard, stream in
    Task { await dashboard.follow(stream.1, until: 5) }
}

let writer = try await Realm(configuration: configuration)
try await writer.write { realm in
    try realm.add(Order(value: ["id": 1, "customer": "Ada", "total": 120.0]))
    try realm.add(Order(value: ["id": 2, "customer": "Bob", "total": 40.0]))
}
try await writer.write { realm in
    try realm.add(Order(value: ["id": 3, "customer": "Ada", "total": 15.0]))
}
try await writer.write { realm in
    realm.object(ofType: Order.self, forPrimaryKey: 2)!.total = 250
}
try await writer.write { realm in
    try realm.delete(realm.object(ofType: Order.self, forPrimaryKey: 1)!)
}
try await writer.write { realm in
    realm.object(ofType: Order.self, forPrimaryKey: 3)!.customer = "Ada Lovelace"
    try realm.add(Order(value: ["id": 4, "customer": "Ada", "total": 500.0]))
}

// Consumers whose query a commit did not change see fewer updates: give them a moment, then stop them.
try await Task.sleep(for: .milliseconds(200))
for consumer in consumers { consumer.cancel() }
for dashboard in dashboards {
    for line in await dashboard.lines { print(line) }
}

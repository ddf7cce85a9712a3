import Foundation
import Strata

// The tables of realm-core's test/test_parser.cpp that hold links, lists, sets and maps, as Strata models (prefix QCP)
// with the data each test writes. See CoreParserPortTests+Models.swift for the naming.

// MARK: The shop (Parser_LinksToDifferentTable, Parser_TwoColumnAggregates, Parser_Subquery, Parser_OperatorIN,
// Parser_AggregateShortcuts, Parser_Backlinks)

/// realm-core's `class_Discounts`.
final class QCPDiscount: Object {
    @Persisted var promotion: String?
    @Persisted var reducedBy = 0.0
    @Persisted var active = false
}

/// realm-core's `class_Allergens`.
final class QCPAllergen: Object {
    @Persisted var name = ""
    @Persisted var populationAffected = 0.0
}

/// realm-core's `class_Items`.
final class QCPItem: Object {
    @Persisted var name = ""
    @Persisted var price = 0.0
    @Persisted var priceFloat: Float = 0
    @Persisted var priceDecimal: Decimal128 = 0
    @Persisted var priceMixed: AnyRealmValue
    @Persisted var discount: QCPDiscount?
    @Persisted var creationDate = Date(timeIntervalSince1970: 0)
    @Persisted var allergens: List<QCPAllergen>
}

/// realm-core's `class_Person` of the shop tests.
final class QCPCustomer: Object {
    @Persisted var customerId = 0
    @Persisted var name = ""
    @Persisted var accountBalance = 0.0
    @Persisted var accountBalanceFloat: Float = 0
    @Persisted var accountBalanceDecimal: Decimal128 = 0
    @Persisted var accountBalanceMixed: AnyRealmValue
    @Persisted var accountCreationDate = Date(timeIntervalSince1970: 0)
    @Persisted var items: List<QCPItem>
    @Persisted var favItem: QCPItem?
}

func qcpShopTypes() -> [ObjectBase.Type] { [QCPDiscount.self, QCPAllergen.self, QCPItem.self, QCPCustomer.self] }

/// The shop's data, common to the tests that use it. Discounts 3.0 (inactive, "back to school"), 2.5 ("pizza lunch
/// special"), 0.5 ("manager's special") and 1.5 (no promotion); allergens dairy 0.75, nuts 0.01, wheat 0.01, soy 0.005;
/// items milk 5.5 (discount 0.5, dairy), oranges 4.0, pizza 9.5 (discount 2.5; dairy, wheat, soy) and cereal 6.5
/// (discount 3.0; dairy, nuts, wheat), each created at ten times its price in seconds, and `extra` (Parser_Backlinks'
/// bread 3.5, Parser_LinksToDifferentTable's coffee 17.5) bought by nobody; customers 0, 1, 2 (Adam, James, John) with
/// balances 10, 20, 30, created at 30, 50, 70 s, whose favourite is item 0, 1, 2 and who bought [milk, oranges, pizza,
/// cereal], ten milks, and [pizza, pizza, cereal].
func qcpSeedShop(_ realm: isolated Realm, extra: (name: String, price: Double)? = nil) throws {
    let discounts =
        [(3.0, false, "back to school"), (2.5, true, "pizza lunch special"), (0.5, true, "manager's special")]
        .map { ($0.0, $0.1, Optional($0.2)) } + [(1.5, true, nil)]
    let discountObjects = discounts.map { reducedBy, active, promotion in
        let discount = QCPDiscount()
        discount.reducedBy = reducedBy
        discount.active = active
        discount.promotion = promotion
        return discount
    }
    let allergens = [("dairy", 0.75), ("nuts", 0.01), ("wheat", 0.01), ("soy", 0.005)].map { name, affected in
        let allergen = QCPAllergen()
        allergen.name = name
        allergen.populationAffected = affected
        return allergen
    }
    var catalogue = [("milk", 5.5), ("oranges", 4.0), ("pizza", 9.5), ("cereal", 6.5)]
    if let extra { catalogue.append(extra) }
    let items = catalogue.map { name, price in
        let item = QCPItem()
        item.name = name
        item.price = price
        item.priceFloat = Float(price)
        item.priceDecimal = Decimal128(floatLiteral: price)
        item.priceMixed = .double(price)
        item.creationDate = Date(timeIntervalSince1970: price * 10)
        return item
    }
    items[0].discount = discountObjects[2]
    items[0].allergens.append(allergens[0])
    items[2].discount = discountObjects[1]
    items[2].allergens.append(objectsIn: [allergens[0], allergens[2], allergens[3]])
    items[3].discount = discountObjects[0]
    items[3].allergens.append(objectsIn: [allergens[0], allergens[1], allergens[2]])
    let purchases = [[0, 1, 2, 3], Array(repeating: 0, count: 10), [2, 2, 3]]
    for index in 0..<3 {
        let customer = QCPCustomer()
        let balance = Double(index + 1) * 10
        customer.customerId = index
        customer.name = ["Adam", "James", "John"][index]
        customer.accountBalance = balance
        customer.accountBalanceFloat = Float(balance)
        customer.accountBalanceDecimal = Decimal128(floatLiteral: balance)
        customer.accountBalanceMixed = .double(balance)
        customer.accountCreationDate = Date(timeIntervalSince1970: Double(30 + 20 * index))
        customer.favItem = items[index]
        customer.items.append(objectsIn: purchases[index].map { items[$0] })
        try realm.add(customer)
    }
    for item in items { try realm.add(item) }
    for discount in discountObjects { try realm.add(discount) }
}

// MARK: Parser_collection_aggregates

/// realm-core's `class_Course`.
final class QCPCourse: Object {
    @Persisted var title = ""
    @Persisted var credits = 0.0
    @Persisted var hoursRequired = 0
    @Persisted var failurePercentage: Float = 0
    @Persisted var startDate = Date(timeIntervalSince1970: 0)
}

/// realm-core's `class_Person` of Parser_collection_aggregates.
final class QCPStudent: Object {
    @Persisted var age = 0
    @Persisted var name = ""
    @Persisted var coursesTaken: List<QCPCourse>
    @Persisted var hash = Data()
}

/// Students Billy 18, Bob 17, Joe 19, Jane 20, Joel 18 (hashes of 0…4 bytes); courses Math, Comp Sci, Chemistry,
/// English, Physics (credits 5.0 4.5 4.0 3.5 4.5, hours 42 45 41 40 42, failure 0.36 0.25 0.40 0.07 0.42, starting
/// at 10…14 s); Billy takes Math, Comp Sci, Physics; Bob Math and Comp Sci twice; Joe English; Jane Chemistry and
/// Physics; Joel nothing.
func qcpSeedStudents(_ realm: isolated Realm) throws {
    let courses = [
        ("Math", 5.0, 42, Float(0.36)), ("Comp Sci", 4.5, 45, 0.25), ("Chemistry", 4.0, 41, 0.40),
        ("English", 3.5, 40, 0.07), ("Physics", 4.5, 42, 0.42),
    ].enumerated().map { index, info in
        let course = QCPCourse()
        course.title = info.0
        course.credits = info.1
        course.hoursRequired = info.2
        course.failurePercentage = info.3
        course.startDate = Date(timeIntervalSince1970: Double(10 + index))
        return course
    }
    let taken = [[0, 1, 4], [0, 1, 1], [3], [2, 4], []]
    for (index, (name, age)) in [("Billy", 18), ("Bob", 17), ("Joe", 19), ("Jane", 20), ("Joel", 18)].enumerated() {
        let student = QCPStudent()
        student.name = name
        student.age = age
        student.hash = Data(repeating: UInt8(ascii: "a"), count: index)
        student.coursesTaken.append(objectsIn: taken[index].map { courses[$0] })
        try realm.add(student)
    }
    for course in courses { try realm.add(course) }
}

// MARK: Parser_BacklinkCount, Parser_BacklinksIndex

/// realm-core's `class_Items` of Parser_BacklinkCount: an id, a link to itself (`self` there) and a double.
final class QCPStockItem: Object {
    @Persisted var itemId = 0
    @Persisted var me: QCPStockItem?
    @Persisted var doubleCol = 0.0
}

/// realm-core's `class_Person` of Parser_BacklinkCount.
final class QCPShopper: Object {
    @Persisted var customerId = 0
    @Persisted var items: List<QCPStockItem>
    @Persisted var favItem: QCPStockItem?
    @Persisted var floatCol: Float = 0
}

/// Items 5, 2, 12, 14, 20 (doubles 0.5…4.5), each linking to itself but 20; shoppers 0, 1, 2 (floats 0.5, 1.5, 2.5)
/// whose favourites are items 12, 2, 5 and who bought [5, 2, 12], ten of 5, and [12, 12].
func qcpSeedStock(_ realm: isolated Realm) throws {
    let items = [5, 2, 12, 14, 20].enumerated().map { index, id in
        let item = QCPStockItem()
        item.itemId = id
        item.doubleCol = Double(index) + 0.5
        return item
    }
    for item in items.dropLast() { item.me = item }
    let lists = [[0, 1, 2], Array(repeating: 0, count: 10), [2, 2]]
    for index in 0..<3 {
        let shopper = QCPShopper()
        shopper.customerId = index
        shopper.favItem = items[2 - index]
        shopper.floatCol = Float(index) + 0.5
        shopper.items.append(objectsIn: lists[index].map { items[$0] })
        try realm.add(shopper)
    }
    for item in items { try realm.add(item) }
}

/// realm-core's `class_person` of Parser_BacklinksIndex: a list, a set and a map of items.
final class QCPOwner: Object {
    @Persisted(indexed: true) var age = 0
    @Persisted var owns: List<QCPStockItem>
    @Persisted var wish: MutableSet<QCPStockItem>
    @Persisted var borrowed: Map<String, QCPStockItem?>
}

/// Paul (48) owns items 5 and 2 and wishes for 12 and 14; Peter (25) owns 5 and 20 and borrowed 14 from Mary.
func qcpSeedOwners(_ realm: isolated Realm) throws {
    let items = [5, 2, 12, 14, 20].map { id in
        let item = QCPStockItem()
        item.itemId = id
        return item
    }
    let paul = QCPOwner()
    paul.age = 48
    paul.owns.append(objectsIn: [items[0], items[1]])
    paul.wish.insert(objectsIn: [items[2], items[3]])
    let peter = QCPOwner()
    peter.age = 25
    peter.owns.append(objectsIn: [items[0], items[4]])
    peter.borrowed["Mary"] = items[3]
    peter.borrowed["Paul"] = .some(nil)
    try realm.add(paul)
    try realm.add(peter)
}

// MARK: Parser_list_of_primitive_ints, Parser_list_of_primitive_strings, Parser_Set

/// realm-core's Parser_list_of_primitive_ints table.
final class QCPIntLists: Object {
    @Persisted var integers: List<Int>
    @Persisted var singleInt = 0
    @Persisted var integersNullable: List<Int?>
    @Persisted var singleIntNullable: Int?
}

/// realm-core's `table2` of Parser_list_of_primitive_ints: a link and a list.
final class QCPIntListHolder: Object {
    @Persisted var link: QCPIntLists?
    @Persisted var list: List<QCPIntLists>
}

/// Ten objects i = 0…9 with [i] in both lists and i in both singles; with `extras`, one of defaults and one whose
/// nullable list holds a null. Holders: one links to 1 and lists [1]; one links to 2 and lists all ten; one is empty.
func qcpSeedIntLists(_ realm: isolated Realm, extras: Bool) throws {
    let lists = (0..<10).map { index in
        let object = QCPIntLists()
        object.integers.append(index)
        object.singleInt = index
        object.integersNullable.append(index)
        object.singleIntNullable = index
        return object
    }
    for object in lists { try realm.add(object) }
    if extras {
        try realm.add(QCPIntLists())
        let withNull = QCPIntLists()
        withNull.integersNullable.append(nil)
        try realm.add(withNull)
    }
    let first = QCPIntListHolder()
    first.link = lists[1]
    first.list.append(lists[1])
    let second = QCPIntListHolder()
    second.link = lists[2]
    second.list.append(objectsIn: lists)
    try realm.add(first)
    try realm.add(second)
    try realm.add(QCPIntListHolder())
}

/// realm-core's Parser_list_of_primitive_strings table.
final class QCPStringLists: Object {
    @Persisted var strings: List<String?>
}

/// "string_0"…"string_9" one to an object, then an empty list, [null] and [""].
func qcpSeedStringLists(_ realm: isolated Realm) throws {
    for index in 0..<10 {
        let object = QCPStringLists()
        object.strings.append("string_\(index)")
        try realm.add(object)
    }
    try realm.add(QCPStringLists())
    for value in [String?.none, ""] {
        let object = QCPStringLists()
        object.strings.append(value)
        try realm.add(object)
    }
}

/// realm-core's Parser_Set table, for integers and strings.
final class QCPSets: Object {
    @Persisted var intSet: MutableSet<Int>
    @Persisted var intValue = 0
    @Persisted var stringSet: MutableSet<String>
    @Persisted var stringValue = ""
}

/// Sets {0, 1}, {2, 3, 4, 5}, {6, 7, 100, 8, 9}, {3} and {}, and the value 3 in every object ("String 3" and so on
/// for the strings, as realm-core's test value generator writes them).
func qcpSeedSets(_ realm: isolated Realm) throws {
    for values in [[0, 1], [2, 3, 4, 5], [6, 7, 100, 8, 9], [3], []] {
        let object = QCPSets()
        object.intSet.insert(objectsIn: values)
        object.stringSet.insert(objectsIn: values.map { "String \($0)" })
        object.intValue = 3
        object.stringValue = "String 3"
        try realm.add(object)
    }
}

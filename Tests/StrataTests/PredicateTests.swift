import Foundation
import Strata
import Testing

@Suite("Foundation #Predicate")
struct PredicateTests {
    @Test("#Predicate filters agree with the string form")
    func agreesWithStrings() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let pairs = try await realm.read { realm -> [(String, [Int], [Int])] in
            let all = realm.objects(Employee.self)
            func both(_ text: String, _ predicate: Predicate<Employee>) throws -> (String, [Int], [Int]) {
                (text, all.filter(text).map(\.id).sorted(), try all.filter(predicate).map(\.id).sorted())
            }
            return [
                try both("id == 3", #Predicate<Employee> { $0.id == 3 }),
                try both("id != 3", #Predicate<Employee> { $0.id != 3 }),
                try both("salary > 5000", #Predicate<Employee> { $0.salary > 5000 }),
                try both("salary <= 3900", #Predicate<Employee> { $0.salary <= 3900 }),
                try both("salary >= 6100", #Predicate<Employee> { 6100 <= $0.salary }),
                try both("active == true", #Predicate<Employee> { $0.active }),
                try both("NOT active == true", #Predicate<Employee> { !$0.active }),
                try both("name == 'Ada'", #Predicate<Employee> { $0.name == "Ada" }),
                try both("name CONTAINS 'ar'", #Predicate<Employee> { $0.name.contains("ar") }),
                try both("name BEGINSWITH 'G'", #Predicate<Employee> { $0.name.starts(with: "G") }),
                try both("salary > 4000 AND active == true", #Predicate<Employee> { $0.salary > 4000 && $0.active }),
                try both("id < 2 OR id > 7", #Predicate<Employee> { $0.id < 2 || $0.id > 7 }),
                try both("age == nil", #Predicate<Employee> { $0.age == nil }),
                try both("manager.name == 'Ada'", #Predicate<Employee> { $0.manager?.name == "Ada" }),
                try both("manager == nil", #Predicate<Employee> { $0.manager == nil }),
                try both("tags.@count == 2", #Predicate<Employee> { $0.tags.count == 2 }),
                try both("nickname == 'Z'", #Predicate<Employee> { $0.nickname == "Z" }),
            ]
        }
        for (text, expected, translated) in pairs {
            #expect(translated == expected, "\(text)")
        }
    }

    @Test("#Predicate over more property types agrees with the string form")
    func everyPropertyType() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Specimen.self]))
        try await makeSpecimens(realm)
        let pairs = try await realm.read { realm -> [(String, [Int], [Int])] in
            let all = realm.objects(Specimen.self)
            func both(_ text: String, _ predicate: Predicate<Specimen>) throws -> (String, [Int], [Int]) {
                (text, all.filter(text).map(\.id).sorted(), try all.filter(predicate).map(\.id).sorted())
            }
            let cutoff = specimenDate("2000-01-01")
            return [
                try both("bool == true", #Predicate<Specimen> { $0.bool }),
                try both("int8 > 0", #Predicate<Specimen> { $0.int8 > 0 }),
                try both("int16 <= 2", #Predicate<Specimen> { $0.int16 <= 2 }),
                try both("int64 < 0", #Predicate<Specimen> { $0.int64 < 0 }),
                try both("float == 1.5", #Predicate<Specimen> { $0.float == 1.5 }),
                try both("double > 100", #Predicate<Specimen> { $0.double > 100 }),
                try both("string BEGINSWITH 'B'", #Predicate<Specimen> { $0.string.starts(with: "B") }),
                try both("string CONTAINS 'ph'", #Predicate<Specimen> { $0.string.contains("ph") }),
                try both("date > 2000-01-01@00:00:00", #Predicate<Specimen> { $0.date > cutoff }),
                try both("optInt == nil", #Predicate<Specimen> { $0.optInt == nil }),
                try both("optInt == 10", #Predicate<Specimen> { $0.optInt == 10 }),
                try both("optString == 'x'", #Predicate<Specimen> { $0.optString == "x" }),
                try both("ints.@count == 0", #Predicate<Specimen> { $0.ints.count == 0 }),
                try both("friend.id == 2", #Predicate<Specimen> { $0.friend?.id == 2 }),
                try both("friend == nil", #Predicate<Specimen> { $0.friend == nil }),
                try both("bool == true AND int8 > 0", #Predicate<Specimen> { $0.bool && $0.int8 > 0 }),
                try both("NOT (int8 > 0 OR id == 1)", #Predicate<Specimen> { !($0.int8 > 0 || $0.id == 1) }),
            ]
        }
        for (text, expected, translated) in pairs {
            #expect(translated == expected, "\(text)")
        }
    }

    @Test("A construct with no Realm equivalent gives an error naming it")
    func untranslatable() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        let message = await realm.read { realm -> String in
            do {
                _ = try realm.objects(Employee.self).filter(#Predicate<Employee> { ($0.age ?? 0) > 30 })
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message.contains("#Predicate construct 'NilCoalesce'"), "\(message)")
    }

    // Realm Swift's Query turns a condition on a collection's elements into SUBQUERY (objects) or ANY (values);
    // `contains(where:)` takes the same two forms.
    @Test("contains(where:) becomes SUBQUERY over objects and ANY over values")
    func containsWhere() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self, Specimen.self]))
        try await makeEmployees(realm)
        try await makeSpecimens(realm)
        let pairs = await realm.read { realm -> [(String, [Int], [Int])] in
            let employees = realm.objects(Employee.self)
            let specimens = realm.objects(Specimen.self)
            func both(_ text: String, _ predicate: Predicate<Employee>) -> (String, [Int], [Int]) {
                (text, employees.filter(text).map(\.id).sorted(), ids { try employees.filter(predicate).map(\.id) })
            }
            func both(_ text: String, _ predicate: Predicate<Specimen>) -> (String, [Int], [Int]) {
                (text, specimens.filter(text).map(\.id).sorted(), ids { try specimens.filter(predicate).map(\.id) })
            }
            func ids(_ translated: () throws -> [Int]) -> [Int] {
                do {
                    return try translated().sorted()
                } catch {
                    Issue.record("\(error)")
                    return []
                }
            }
            return [
                both(
                    "SUBQUERY(reports, $r, $r.salary > 5000).@count > 0",
                    #Predicate<Employee> { $0.reports.contains { $0.salary > 5000 } }
                ),
                both(
                    "SUBQUERY(reports, $r, $r.active == true AND $r.salary < 4000).@count > 0",
                    #Predicate<Employee> { $0.reports.contains { $0.active && $0.salary < 4000 } }
                ),
                both(
                    "SUBQUERY(reports, $r, $r.name BEGINSWITH 'G' OR NOT $r.active == true).@count > 0",
                    #Predicate<Employee> { $0.reports.contains { $0.name.starts(with: "G") || !$0.active } }
                ),
                both(
                    "id > 1 AND SUBQUERY(reports, $r, $r.tags.@count == 0).@count > 0",
                    #Predicate<Employee> { $0.id > 1 && $0.reports.contains { $0.tags.count == 0 } }
                ),
                both("ANY tags == 'math'", #Predicate<Employee> { $0.tags.contains { $0 == "math" } }),
                both("ANY scores > 8", #Predicate<Employee> { $0.scores.contains { $0 > 8 } }),
                both(
                    "ANY scores < 2 OR ANY scores > 9",
                    #Predicate<Employee> { $0.scores.contains { $0 < 2 || $0 > 9 } }
                ),
                both("ANY tags BEGINSWITH 'c'", #Predicate<Employee> { $0.tags.contains { $0.starts(with: "c") } }),
                both("ANY tags CONTAINS 'e'", #Predicate<Employee> { $0.tags.contains { $0.contains("e") } }),
                both(
                    "SUBQUERY(friends, $f, SUBQUERY($f.friends, $g, $g.id == 1).@count > 0).@count > 0",
                    #Predicate<Specimen> { $0.friends.contains { $0.friends.contains { $0.id == 1 } } }
                ),
                both(
                    "SUBQUERY(friendSet, $f, ANY $f.ints > 5).@count > 0",
                    #Predicate<Specimen> { $0.friendSet.contains { $0.ints.contains { $0 > 5 } } }
                ),
                both(
                    "SUBQUERY(fans, $f, $f.bool == false).@count > 0",
                    #Predicate<Specimen> { $0.fans.contains { !$0.bool } }
                ),
                both(
                    "SUBQUERY(friendSet, $f, $f.friend == nil).@count > 0",
                    #Predicate<Specimen> { $0.friendSet.contains { $0.friend == nil } }
                ),
            ]
        }
        for (text, expected, translated) in pairs {
            #expect(translated == expected, "\(text)")
        }
    }

    @Test("contains(where:) that Realm cannot express gives an error saying why")
    func containsWhereRefused() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        let messages = await realm.read { realm -> [String] in
            let all = realm.objects(Employee.self)
            let predicates = [
                // The body names the queried object: inside SUBQUERY that would read the element instead.
                #Predicate<Employee> { employee in employee.reports.contains { $0.salary > employee.salary } },
                // ANY does not distribute over AND: "some score above 1 and below 5" is no ANY comparison.
                #Predicate<Employee> { $0.scores.contains { $0 > 1 && $0 < 5 } },
                // A condition without the element would hold for an empty list too.
                #Predicate<Employee> { employee in employee.scores.contains { _ in employee.salary > 1000 } },
            ]
            return predicates.map { predicate in
                do {
                    _ = try all.filter(predicate)
                    return "no error"
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(messages[0].contains("names an object other than its own element"), "\(messages[0])")
        #expect(messages[1].contains("comparisons of the element joined by ||"), "\(messages[1])")
        #expect(messages[2].contains("comparisons of the element joined by ||"), "\(messages[2])")
    }
}

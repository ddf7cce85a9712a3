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
}

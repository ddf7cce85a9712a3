import Foundation
import Strata
import Testing

@Suite("Type-safe Query<T>")
struct TypedQueryTests {
    @Test("Each where { } query agrees with its string form")
    func agreesWithStrings() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let pairs = await realm.read { realm -> [(String, [Int], [Int])] in
            let all = realm.objects(Employee.self)
            func both(_ text: String, _ typed: Results<Employee>) -> (String, [Int], [Int]) {
                (text, all.filter(text).map(\.id).sorted(), typed.map(\.id).sorted())
            }
            return [
                both("id == 3", all.where { $0.id == 3 }),
                both("id != 3", all.where { $0.id != 3 }),
                both("age > 40", all.where { $0.age > 40 }),
                both("age <= 28", all.where { $0.age <= 28 }),
                both("age == nil", all.where { $0.age == nil }),
                both("salary >= 6100", all.where { $0.salary >= 6100 }),
                both("active == true", all.where { $0.active }),
                both("NOT active == true", all.where { !$0.active }),
                both("name BEGINSWITH[c] 'a'", all.where { $0.name.starts(with: "a", options: .caseInsensitive) }),
                both("name ENDSWITH 'a'", all.where { $0.name.ends(with: "a") }),
                both(
                    "name CONTAINS[cd] 'E'",
                    all.where { $0.name.contains("E", options: [.caseInsensitive, .diacriticInsensitive]) }
                ),
                both("name LIKE[c] 'a*'", all.where { $0.name.like("a*", caseInsensitive: true) }),
                both("name ==[c] 'ADA'", all.where { $0.name.equals("ADA", options: .caseInsensitive) }),
                both("name IN {'ken', 'linus'}", all.where { $0.name.in(["ken", "linus"]) }),
                both("salary BETWEEN {3000, 5000}", all.where { $0.salary.contains(3000...5000) }),
                both("age > 30 AND active == true", all.where { $0.age > 30 && $0.active }),
                both("age < 20 OR age > 80", all.where { $0.age < 20 || $0.age > 80 }),
                both("ANY tags == 'math'", all.where { $0.tags.contains("math") }),
                both("tags.@count == 2", all.where { $0.tags.count == 2 }),
                both("scores.@sum == 20", all.where { $0.scores.sum == 20 }),
                both("scores.@max == 10", all.where { $0.scores.max == 10 }),
                both("manager.name == 'Ada'", all.where { $0.manager.name == "Ada" }),
                both("manager.age > 30", all.where { $0.manager.age > 30 }),
                both("ANY reports.name BEGINSWITH 'G'", all.where { $0.reports.name.starts(with: "G") }),
                both("nickname == nil", all.where { $0.nickname == nil }),
                both(
                    "hired > 2020-01-01@00:00:00",
                    all.where { $0.hired > Date(timeIntervalSince1970: 1_577_836_800) }
                ),
            ]
        }
        for (text, expected, typed) in pairs {
            #expect(typed == expected, "\(text)")
        }
        let index = await realm.read { realm in
            realm.objects(Employee.self).sorted(byKeyPath: "id").index(matching: { $0.name == "ken" })
        }
        #expect(index == 6)
    }
}

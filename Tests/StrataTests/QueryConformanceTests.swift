import Foundation
import Strata
import Testing

// The data set (makeSpecimens), ids 1…6:
//
//  id bool int8 int16 int32 int64  float double   string      data       date              decimal any        mood
//  1  T    -5   300   70000 5e9    1.5   -2.25    "alpha"     01 02 03   2000-01-01        1.10    int 5      happy
//  2  F    0    -300  -1    0      0     0        ""          (empty)    1970-01-01        0       string "5" grumpy
//  3  T    127  1     2     3      -0.5  100.125  "Beta"      FF         2024-02-29        99.99   double 5   happy
//  4  F    -128 32767 42    -7     3.25  1e10     "gamma ray" 01 02      1969-12-31        -1.5    nil        grumpy
//  5  T    1    2     3     4      1.5   2.5      "Ärger"     02 03      2010-06-15 12:30  2.5     bool true  happy
//  6  F    64   64    64    64     64    64       "Alpha"     01…04      2030-12-31        64      date 2000  happy
//
//  id optInt optFloat optDouble optString optData optDate    optDecimal optObjectId optUUID optBool
//  1  10     nil      0.5       "x"       nil     2020-01-01 2.5        oid 1       nil     T
//  2  nil    2.5      nil       nil       09      nil        nil        nil         uuid 2  F
//  3  -10    0        nil       ""        (empty) 1999-12-31 0          nil         nil     nil
//  4  0      nil      7.75      "X"       nil     nil        nil        oid 4       uuid 4  nil
//  5  nil    -1       nil       "xyz"     01      2020-01-01 -3         nil         nil     T
//  6  10     2.5      0.5       nil       nil     nil        100        nil         uuid 6  F
//
//  id ints     optInts  doubles   strings      dates                 stringSet         intSet    intMap     stringMap
//  1  1,2,3    1,nil    1.5       a,b          2000-01-01            red,green         1,2       a:1,b:2    k:"v"
//  2  -        -        -         -            -                     -                 -         -          -
//  3  5        nil      .5,.5     A            -                     Red               5         a:10       k:nil
//  4  3,3,3    3        -1,1      b,c,a        1970-01-01,2030-01-01 blue              -1,0,1    z:0        k:"V",j:"w"
//  5  10,-10   nil,nil  100       ""           2020-01-01            red,blue,green    100       a:1,c:3    q:""
//  6  7        7,8      2.5       alpha        -                     -                 7         b:5        -
//
//  friend: 1→2, 2→3, 4→1, 5→5 (3 and 6 nil).  friends: 1:[2,3] 3:[1] 4:[1,2,3] 5:[6,4].
//  friendSet: 1:{4} 4:{5,6} 6:{1}.  fans (LinkingObjects of friends): 1:{3,4} 2:{1,4} 3:{1,4} 4:{5} 6:{5}.

@Suite("Query conformance over every property type")
struct QueryConformanceTests {
    static let cases: [(String, [Int])] = [
        // Bool
        ("bool == true", [1, 3, 5]),
        ("bool != true", [2, 4, 6]),
        ("bool == false", [2, 4, 6]),
        ("bool == TRUE AND id > 2", [3, 5]),
        ("NOT bool == false", [1, 3, 5]),
        // Int8, Int16, Int32, Int64
        ("int8 > 0", [3, 5, 6]),
        ("int8 < 0", [1, 4]),
        ("int8 == -128", [4]),
        ("int8 == 127", [3]),
        ("int8 >= -5", [1, 2, 3, 5, 6]),
        ("int8 BETWEEN {-5, 1}", [1, 2, 5]),
        ("int8 IN {0, 64, 100}", [2, 6]),
        ("int8 > 1.5", [3, 6]),
        ("int8 == 0x40", [6]),
        ("int8 != 0", [1, 3, 4, 5, 6]),
        ("int16 > 100", [1, 4]),
        ("int16 < 0", [2]),
        ("int16 == 32767", [4]),
        ("int16 <= 2", [2, 3, 5]),
        ("int16 BETWEEN {1, 64}", [3, 5, 6]),
        ("int32 > 65535", [1]),
        ("int32 == -1", [2]),
        ("int32 IN {2, 3, 4}", [3, 5]),
        ("int32 < 42", [2, 3, 5]),
        ("int32 >= 42", [1, 4, 6]),
        ("int64 > 4294967296", [1]),
        ("int64 == 5000000000", [1]),
        ("int64 < 0", [4]),
        ("int64 BETWEEN {3, 64}", [3, 5, 6]),
        ("int64 == int32", [6]),
        ("int8 == int16", [6]),
        ("int16 > int32", [4]),
        // Float, Double
        ("float == 1.5", [1, 5]),
        ("float > 1.5", [4, 6]),
        ("float < 0", [3]),
        ("float BETWEEN {0, 2}", [1, 2, 5]),
        ("float != 0", [1, 3, 4, 5, 6]),
        ("float >= 3.25", [4, 6]),
        ("float == 64", [6]),
        // Integers of any width compare with each other (a float with an int8 is refused: `columnMismatches`).
        ("int8 == int64", [2, 6]),
        ("int16 > int32", [4]),
        ("double < 0", [1]),
        ("double > 100", [3, 4]),
        ("double == 1e10", [4]),
        ("double == 100.125", [3]),
        ("double BETWEEN {-3, 3}", [1, 2, 5]),
        ("double >= 2.5 AND double <= 64", [5, 6]),
        ("double == 64", [6]),
        ("double < inf", [1, 2, 3, 4, 5, 6]),
        ("double > -infinity", [1, 2, 3, 4, 5, 6]),
        // String
        ("string == 'alpha'", [1]),
        ("string ==[c] 'ALPHA'", [1, 6]),
        ("string != 'alpha'", [2, 3, 4, 5, 6]),
        ("string == ''", [2]),
        ("string == \"Beta\"", [3]),
        ("string BEGINSWITH 'a'", [1]),
        ("string BEGINSWITH[c] 'a'", [1, 6]),
        ("string BEGINSWITH[cd] 'a'", [1, 5, 6]),
        ("string BEGINSWITH[d] 'A'", [5, 6]),
        ("string ENDSWITH 'a'", [1, 3, 6]),
        ("string ENDSWITH 'ray'", [4]),
        ("string ENDSWITH[c] 'ALPHA'", [1, 6]),
        ("string CONTAINS ' '", [4]),
        ("string CONTAINS 'ph'", [1, 6]),
        ("string CONTAINS[c] 'R'", [4, 5]),
        ("string CONTAINS 'r'", [4, 5]),
        ("string LIKE '*a'", [1, 3, 6]),
        ("string LIKE '?eta'", [3]),
        ("string LIKE 'gamma*'", [4]),
        ("string LIKE '*'", [1, 2, 3, 4, 5, 6]),
        ("string LIKE '?*'", [1, 3, 4, 5, 6]),
        ("string LIKE[c] 'ALPHA'", [1, 6]),
        ("string IN {'alpha', 'Beta'}", [1, 3]),
        ("string ==[d] 'Arger'", [5]),
        ("string ==[cd] 'arger'", [5]),
        // Binary
        ("data == B64\"AQID\"", [1]),
        ("data != B64\"AQID\"", [2, 3, 4, 5, 6]),
        ("data BEGINSWITH B64\"AQI=\"", [1, 4, 6]),
        ("data ENDSWITH B64\"AgM=\"", [1, 5]),
        ("data CONTAINS B64\"Ag==\"", [1, 4, 5, 6]),
        ("data == B64\"/w==\"", [3]),
        // Date
        ("date > 2000-01-01@00:00:00", [3, 5, 6]),
        ("date >= 2000-01-01@00:00:00", [1, 3, 5, 6]),
        ("date == 1970-01-01@00:00:00", [2]),
        ("date < 1970-01-01@00:00:00", [4]),
        ("date == T0:0", [2]),
        ("date < T0:0", [4]),
        ("date == 2024-02-29T00:00:00", [3]),
        ("date BETWEEN {2000-01-01@00:00:00, 2020-01-01@00:00:00}", [1, 5]),
        ("date == 2010-06-15@12:30:00", [5]),
        ("date > 2010-06-15@12:30:00:1", [3, 6]),
        ("date > optDate", [3]),
        // Decimal128
        ("decimal > 2", [3, 5, 6]),
        ("decimal == 2.5", [5]),
        ("decimal < 0", [4]),
        ("decimal == 1.1", [1]),
        ("decimal BETWEEN {0, 64}", [1, 2, 5, 6]),
        ("decimal == 64", [6]),
        ("decimal >= 99.99", [3]),
        // ObjectId, UUID
        ("objectId == oid(000000000000000000000003)", [3]),
        ("objectId != oid(000000000000000000000003)", [1, 2, 4, 5, 6]),
        ("objectId == oid(000000000000000000000005) OR objectId == oid(000000000000000000000006)", [5, 6]),
        ("objectId IN {oid(000000000000000000000001), oid(000000000000000000000006)}", [1, 6]),
        ("uuid == uuid(00000000-0000-0000-0000-000000000002)", [2]),
        ("uuid != uuid(00000000-0000-0000-0000-000000000002)", [1, 3, 4, 5, 6]),
        ("uuid IN {uuid(00000000-0000-0000-0000-000000000001), uuid(00000000-0000-0000-0000-000000000002)}", [1, 2]),
        // AnyRealmValue
        ("any == 5", [1, 3]),
        ("any == '5'", [2]),
        ("any == nil", [4]),
        ("any != nil", [1, 2, 3, 5, 6]),
        ("any == true", [5]),
        ("any > 4", [1, 3]),
        ("any == 2000-01-01@00:00:00", [6]),
        ("any BEGINSWITH '5'", [2]),
        // Two mixed properties compare with == and != only (ordered: `columnMismatches`), as realm-core compares
        // mixed values: a string never equals a number, null only null.
        ("any == friend.any", [5]),
        ("any != friend.any", [1, 2, 3, 4, 6]),
        // [c] is taken and ignored there, as RLMQueryUtil's add_mixed_constraint ignores it for a column.
        ("any ==[c] friend.any", [5]),
        // PersistableEnum
        ("mood == 'grumpy'", [2, 4]),
        ("mood != 'grumpy'", [1, 3, 5, 6]),
        ("mood BEGINSWITH 'h'", [1, 3, 5, 6]),
        // Optionals and nil
        ("optInt == nil", [2, 5]),
        ("optInt != nil", [1, 3, 4, 6]),
        ("optInt == 10", [1, 6]),
        ("optInt > 0", [1, 6]),
        ("optInt <= 0", [3, 4]),
        ("optInt != 10", [2, 3, 4, 5]),
        ("optInt BETWEEN {-10, 0}", [3, 4]),
        ("optInt IN {0, 10}", [1, 4, 6]),
        ("NOT optInt == 10", [2, 3, 4, 5]),
        ("optFloat == nil", [1, 4]),
        ("optFloat == 2.5", [2, 6]),
        ("optFloat < 1", [3, 5]),
        ("optFloat != 2.5", [1, 3, 4, 5]),
        ("optDouble == nil", [2, 3, 5]),
        ("optDouble > 0.5", [4]),
        ("optDouble >= 0.5", [1, 4, 6]),
        ("optDouble == 0.5", [1, 6]),
        ("optString == nil", [2, 6]),
        ("optString == ''", [3]),
        ("optString != nil", [1, 3, 4, 5]),
        ("optString ==[c] 'x'", [1, 4]),
        ("optString BEGINSWITH 'x'", [1, 5]),
        ("optString != 'x'", [2, 3, 4, 5, 6]),
        ("optString LIKE 'x*'", [1, 5]),
        ("optString CONTAINS[c] 'Y'", [5]),
        ("optData == nil", [1, 4, 6]),
        ("optData != nil", [2, 3, 5]),
        ("optData == B64\"CQ==\"", [2]),
        ("optDate == nil", [2, 4, 6]),
        ("optDate == 2020-01-01@00:00:00", [1, 5]),
        ("optDate < 2000-01-01@00:00:00", [3]),
        ("optDate != 2020-01-01@00:00:00", [2, 3, 4, 6]),
        ("optDecimal == nil", [2, 4]),
        ("optDecimal > 0", [1, 6]),
        ("optDecimal < 1", [3, 5]),
        ("optObjectId == nil", [2, 3, 5, 6]),
        ("optObjectId == objectId", [1, 4]),
        ("optObjectId == oid(000000000000000000000004)", [4]),
        ("optUUID == nil", [1, 3, 5]),
        ("optUUID == uuid", [2, 4, 6]),
        ("optUUID != uuid(00000000-0000-0000-0000-000000000004)", [1, 2, 3, 5, 6]),
        ("optBool == true", [1, 5]),
        ("optBool == false", [2, 6]),
        ("optBool == nil", [3, 4]),
        ("optBool != true", [2, 3, 4, 6]),
        // Lists of values
        ("ANY ints == 3", [1, 4]),
        ("ALL ints == 3", [2, 4]),
        ("NONE ints == 3", [2, 3, 5, 6]),
        ("ANY ints > 5", [5, 6]),
        ("ALL ints > 0", [1, 2, 3, 4, 6]),
        ("ints.@count == 0", [2]),
        ("ints.@size >= 2", [1, 4, 5]),
        ("ints.@sum == 6", [1]),
        ("ints.@sum == 0", [2, 5]),
        ("ints.@min == 3", [4]),
        ("ints.@max > 5", [5, 6]),
        ("ints.@avg == 3", [4]),
        ("ints.@avg == nil", [2]),
        ("ints.@min == nil", [2]),
        ("5 IN ints", [3]),
        ("ANY ints IN {7, 10}", [5, 6]),
        ("ANY ints BETWEEN {4, 8}", [3, 6]),
        ("ALL ints BETWEEN {4, 8}", [2, 3, 6]),
        ("ANY optInts == nil", [1, 3, 5]),
        ("ALL optInts == nil", [2, 3, 5]),
        ("ANY optInts > 2", [4, 6]),
        ("optInts.@count == 2", [1, 5, 6]),
        ("optInts.@sum == 1", [1]),
        ("optInts.@max == nil", [2, 3, 5]),
        ("doubles.@sum == 1", [3]),
        ("doubles.@avg == 0", [4]),
        ("ANY doubles < 0", [4]),
        ("doubles.@max >= 2.5", [5, 6]),
        ("ALL doubles == 0.5", [2, 3]),
        ("ANY strings == 'a'", [1, 4]),
        ("ANY strings ==[c] 'a'", [1, 3, 4]),
        ("ANY strings BEGINSWITH 'al'", [6]),
        ("'b' IN strings", [1, 4]),
        ("ALL strings != ''", [1, 2, 3, 4, 6]),
        ("NONE strings ==[c] 'A'", [2, 5, 6]),
        ("strings.@count == 1", [3, 5, 6]),
        ("ANY strings LIKE '?'", [1, 3, 4]),
        ("ANY strings IN {'c', 'alpha'}", [4, 6]),
        ("ANY dates > 2015-01-01@00:00:00", [4, 5]),
        ("dates.@count == 0", [2, 3, 6]),
        ("dates.@max == 2030-01-01@00:00:00", [4]),
        ("dates.@min < 1980-01-01@00:00:00", [4]),
        // An aggregate compared with a property of its elements' type (of another type: `columnMismatches`).
        ("dates.@max > date", [4, 5]),
        ("date == dates.@min", [1]),
        // Sets of values
        ("ANY stringSet == 'red'", [1, 5]),
        ("ANY stringSet ==[c] 'red'", [1, 3, 5]),
        ("stringSet.@count == 0", [2, 6]),
        ("'blue' IN stringSet", [4, 5]),
        ("ALL stringSet != 'blue'", [1, 2, 3, 6]),
        ("stringSet.@count >= 2", [1, 5]),
        ("NONE stringSet BEGINSWITH 'g'", [2, 3, 4, 6]),
        ("ANY intSet == 1", [1, 4]),
        ("intSet.@sum == 0", [2, 4]),
        ("intSet.@max > 50", [5]),
        ("intSet.@min < 0", [4]),
        ("intSet.@avg == 1.5", [1]),
        ("ALL intSet > 0", [1, 2, 3, 5, 6]),
        // Maps
        ("ANY intMap.@keys == 'a'", [1, 3, 5]),
        ("ANY intMap.@keys == 'z'", [4]),
        ("ANY intMap.@values == 1", [1, 5]),
        ("ANY intMap.@values > 4", [3, 6]),
        ("intMap.@count == 2", [1, 5]),
        ("intMap.@sum == 4", [5]),
        ("intMap.@max == 10", [3]),
        // A map's value by key compares with a property of another type, as a mixed value does (realm-core).
        ("intMap['a'] < double", [3, 5]),
        ("intMap.@min == 0", [4]),
        ("intMap.@avg == 1.5", [1]),
        ("ANY intMap == 5", [6]),
        ("ALL intMap.@values > 0", [1, 2, 3, 5, 6]),
        ("NONE intMap.@keys == 'b'", [2, 3, 4, 5]),
        ("ANY stringMap.@values == 'v'", [1]),
        ("ANY stringMap.@values ==[c] 'v'", [1, 4]),
        ("ANY stringMap.@values == nil", [3]),
        ("ANY stringMap.@keys == 'k'", [1, 3, 4]),
        ("stringMap.@count == 0", [2, 6]),
        ("ANY stringMap.@values BEGINSWITH 'w'", [4]),
        // To-one links
        ("friend == nil", [3, 6]),
        ("friend != nil", [1, 2, 4, 5]),
        ("friend.id == 2", [1]),
        ("friend.string == 'alpha'", [4]),
        ("friend.bool == true", [2, 4, 5]),
        ("friend.friend.id == 3", [1]),
        ("friend.friend == nil", [2, 3, 6]),
        ("friend.optInt == nil", [1, 3, 5, 6]),
        ("friend.int8 > 0", [2, 5]),
        ("friend.ints.@count > 0", [2, 4, 5]),
        ("ANY friend.ints == 5", [2]),
        ("friend.id == id", [5]),
        // Lists and sets of objects
        ("friends.@count == 0", [2, 6]),
        ("friends.@count == 3", [4]),
        ("ANY friends.id == 1", [3, 4]),
        ("ALL friends.bool == true", [2, 3, 6]),
        ("NONE friends.bool == true", [2, 5, 6]),
        ("ANY friends.string BEGINSWITH[c] 'a'", [3, 4, 5]),
        ("friends.@sum.int32 == 1", [1]),
        ("friends.@max.double > 1000", [5]),
        ("friends.@min.int8 < 0", [3, 4, 5]),
        ("friends.@avg.float == 1.5", [3]),
        // @count compared with an int property of any width, optional or not; @min and @max of dates and of mixed
        // values with a property of the same type (the mixed minimum and maximum order numbers before strings and
        // dates, as realm-core does: the maximum of 1's friends is "5", which no number equals).
        ("friends.@count < optInt", [1, 6]),
        ("int8 < ints.@count", [1, 4, 5]),
        ("friends.@max.date > date", [1, 4, 5]),
        ("friends.@max.any == any", [3]),
        ("friends.@min.any >= any", [1, 3]),
        ("ANY friends.friend.id == 3", [1, 4]),
        ("ANY friendSet.id == 5", [4]),
        ("friendSet.@count == 0", [2, 3, 5]),
        ("ANY friendSet.mood == 'grumpy'", [1]),
        // Subqueries
        ("SUBQUERY(friends, $f, $f.bool == false AND $f.int32 > 0).@count > 0", [5]),
        ("SUBQUERY(friends, $f, $f.ints.@count > 0).@count == 2", [4, 5]),
        ("SUBQUERY(friends, $f, ANY $f.strings == 'a').@count >= 1", [3, 4, 5]),
        ("SUBQUERY(friendSet, $s, $s.mood == 'happy').@count == 2", [4]),
        ("SUBQUERY(fans, $fan, $fan.id > 3).@count > 0", [1, 2, 3, 4, 6]),
        // Backlinks
        ("fans.@count == 0", [5]),
        ("fans.@count == 2", [1, 2, 3]),
        ("ANY fans.id == 5", [4, 6]),
        ("ALL fans.bool == true", [4, 5, 6]),
        ("fans.@max.id == 4", [1, 2, 3]),
        ("@links.Specimen.friends.@count == 1", [4, 6]),
        ("@links.Specimen.friend.@count > 0", [1, 2, 3, 5]),
        ("ANY @links.Specimen.friend.id == 4", [1]),
        ("@links.Specimen.friendSet.@count > 0", [1, 4, 5, 6]),
        // Compound predicates
        ("bool == true AND int8 > 0", [3, 5]),
        ("bool == true OR optInt == nil", [1, 2, 3, 5]),
        ("NOT (bool == true OR optInt == nil)", [4, 6]),
        ("(int8 > 0 AND int16 > 0) OR string == ''", [2, 3, 5, 6]),
        ("!(ints.@count > 0) && !(strings.@count > 0)", [2]),
        ("TRUEPREDICATE AND FALSEPREDICATE", []),
        ("TRUEPREDICATE OR FALSEPREDICATE", [1, 2, 3, 4, 5, 6]),
        ("NOT FALSEPREDICATE", [1, 2, 3, 4, 5, 6]),
        ("id == 1 OR id == 2 OR id == 3 AND bool == false", [1, 2]),
        ("(id == 1 OR id == 3) AND bool == true", [1, 3]),
        ("id > 2 LIMIT(10)", [3, 4, 5, 6]),
        // Sort, distinct, limit (order matters)
        ("TRUEPREDICATE SORT(int8 ASC)", [4, 1, 2, 5, 6, 3]),
        ("TRUEPREDICATE SORT(double DESC)", [4, 3, 6, 5, 2, 1]),
        ("TRUEPREDICATE SORT(optInt ASC, id DESC)", [5, 2, 3, 4, 6, 1]),
        ("TRUEPREDICATE SORT(optInt DESC, id ASC)", [1, 6, 4, 3, 2, 5]),
        ("TRUEPREDICATE SORT(string ASC)", [2, 1, 6, 5, 3, 4]),
        // 3 and 6 have no friend: a broken link sorts last ascending (realm-core's rule, not a null value's).
        ("TRUEPREDICATE SORT(friend.id ASC, id ASC)", [4, 1, 2, 5, 3, 6]),
        ("TRUEPREDICATE SORT(bool DESC, id ASC)", [1, 3, 5, 2, 4, 6]),
        ("TRUEPREDICATE SORT(date ASC)", [4, 2, 1, 5, 3, 6]),
        ("TRUEPREDICATE SORT(decimal DESC)", [3, 6, 5, 1, 2, 4]),
        ("TRUEPREDICATE SORT(uuid DESC)", [6, 5, 4, 3, 2, 1]),
        ("TRUEPREDICATE SORT(objectId ASC)", [1, 2, 3, 4, 5, 6]),
        ("TRUEPREDICATE SORT(mood ASC, id DESC)", [4, 2, 6, 5, 3, 1]),
        ("TRUEPREDICATE SORT(float ASC, id ASC)", [3, 2, 1, 5, 4, 6]),
        ("bool == true SORT(id DESC) LIMIT(2)", [5, 3]),
        ("TRUEPREDICATE LIMIT(3) SORT(id DESC)", [3, 2, 1]),
        ("TRUEPREDICATE DISTINCT(bool) SORT(id ASC)", [1, 2]),
        ("TRUEPREDICATE DISTINCT(mood, bool) SORT(id ASC)", [1, 2, 6]),
        ("TRUEPREDICATE DISTINCT(optInt) SORT(id ASC)", [1, 2, 3, 4]),
        ("TRUEPREDICATE DISTINCT(float) SORT(id ASC)", [1, 2, 3, 4, 6]),
        ("TRUEPREDICATE SORT(int64 ASC) LIMIT(1)", [4]),
    ]

    @Test("Each query of the table selects exactly its expected objects", arguments: Self.cases)
    func conformance(query: String, expected: [Int]) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Specimen.self]))
        try await makeSpecimens(realm)
        let ids = await realm.read { realm -> [Int] in
            do {
                return try realm.objects(Specimen.self).filter(RealmPredicate(format: query)).map(\.id)
            } catch {
                Issue.record("'\(query)': \(error)")
                return []
            }
        }
        let ordered = query.contains("SORT")
        #expect((ordered ? ids : ids.sorted()) == expected, "\(query)")
    }

    /// Two properties of different types, two aggregates, two mixed properties ordered, an aggregate with a property
    /// of another type and a binary property with a string, with Realm Swift's message for each (RLMQueryUtil's
    /// apply_column_expression and validate_comparison); realm-core's parser compares them.
    static let columnMismatches: [(String, String)] = [
        ("float == int8", "Property type mismatch between float and int"),
        ("double > float", "Property type mismatch between double and float"),
        ("optDecimal < int64", "Property type mismatch between decimal128 and int"),
        ("any == int32", "Property type mismatch between mixed and int"),
        ("string == data", "Property type mismatch between string and data"),
        // Two mixed properties: == and != only (RLMQueryUtil's add_mixed_constraint for a column).
        ("any > any", "Operator '>' not supported for type 'object'"),
        ("friend.any <= any", "Operator '<=' not supported for type 'object'"),
        ("any BEGINSWITH friend.any", "Operator 'BEGINSWITH' not supported for type 'object'"),
        // An aggregate with a property: a "numeric" one (int, float, double, decimal128, date or mixed; RLMQueryUtil's
        // CollectionOperation::validate_comparison), of the type realm-core reads it as (an int for @count, the
        // elements' type otherwise; LinkChain::column's message).
        ("ints.@count == string", "@count can only be compared with a numeric value"),
        (
            "friends.@min.int8 == string",
            "@min on a property of type int cannot be compared with property of type 'string'"
        ),
        ("bool == dates.@max", "@max on a property of type date cannot be compared with property of type 'bool'"),
        ("ints.@count == double", "Expected double to be a col_type_Int"),
        ("friends.@count > date", "Expected date to be a col_type_Int"),
        ("any < ints.@count", "Expected any to be a col_type_Int"),
        ("ints.@max > double", "Expected double to be a col_type_Int"),
        ("doubles.@sum < int64", "Expected int64 to be a col_type_Double"),
        ("friends.@avg.float > double", "Expected double to be a col_type_Float"),
        ("dates.@max > optInt", "Expected optInt to be a col_type_Timestamp"),
        ("friends.@max.any > int8", "Expected int8 to be a col_type_Mixed"),
        ("friends.@max.date > any", "Expected any to be a col_type_Timestamp"),
        // A binary property takes no string (RLMQueryUtil's validate_comparison), a literal nor an argument.
        ("data == 'a'", "Cannot compare value 'a' of type 'String' to property 'data' of type 'data'"),
        ("data BEGINSWITH 'a'", "Cannot compare value 'a' of type 'String' to property 'data' of type 'data'"),
        ("optData IN {'a', 'b'}", "Cannot compare value 'a' of type 'String' to property 'optData' of type 'data'"),
        ("ANY ints == double", "Property type mismatch between int and double"),
        (
            "friends.@count > friendSet.@count",
            "Key paths including aggregate operations cannot be compared with other aggregate operations"
        ),
    ]

    @Test("Pairs Realm Swift refuses, and a binary property with a string", arguments: Self.columnMismatches)
    func columnMismatch(query: String, message: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Specimen.self]))
        try await makeSpecimens(realm)
        let outcome = await realm.read { realm -> String in
            do {
                return "count \(try realm.objects(Specimen.self).filter(RealmPredicate(format: query)).count)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome.contains(message), "\(query): \(outcome)")
    }
}

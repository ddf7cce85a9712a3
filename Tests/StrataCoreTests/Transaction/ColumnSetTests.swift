import StrataCore
import Testing

@Suite("ColumnSet")
struct ColumnSetTests {
    @Test("columns lists every inserted column once, ascending, below and above 64")
    func columnsAscending() {
        var set = ColumnSet()
        let keys: [UInt32] = [70, 0, 63, 5, 64, 5, 200]
        for key in keys { set.insert(ColumnKey(key)) }
        #expect(set.columns == [0, 5, 63, 64, 70, 200].map { ColumnKey($0) })
        #expect(ColumnSet().columns.isEmpty)
    }

    @Test("formUnion holds exactly the columns of both sets")
    func union() {
        var first: ColumnSet = [ColumnKey(1), ColumnKey(63), ColumnKey(100)]
        let second: ColumnSet = [ColumnKey(2), ColumnKey(63), ColumnKey(64)]
        first.formUnion(second)
        #expect(first.columns == [1, 2, 63, 64, 100].map { ColumnKey($0) })
        for key in [1, 2, 63, 64, 100] { #expect(first.contains(ColumnKey(UInt32(key)))) }
        #expect(!first.contains(ColumnKey(3)) && !first.contains(ColumnKey(65)))
    }
}

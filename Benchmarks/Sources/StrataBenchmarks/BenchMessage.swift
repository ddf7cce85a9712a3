import Foundation
import Strata

/// A chat message as a new user writes one: its key and its time left at their declared defaults (a fresh
/// ``ObjectId`` and `Date()`), only the room and the text set. Bulk insert of these is a row of its own: a defaulted
/// property must cost what a set one costs.
final class BenchMessage: Object {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var room = 0
    @Persisted var text = ""
    @Persisted var sent = Date()
}

/// Message `i`'s room and text, the same in both engines.
struct MessageRow {
    let room: Int
    let text: String

    init(_ i: Int) {
        room = i % 16
        text = "message \(i)"
    }
}

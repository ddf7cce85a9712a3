import Foundation
import Strata
import StrataSync

// The models the replication tests sync.

final class SyncDog: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var owner: SyncPerson?
    @Persisted var tags: List<String>
}

final class SyncPerson: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var dogs: List<SyncDog>
}

/// Every property type replication carries.
final class SyncAllTypes: Object {
    @Persisted(primaryKey: true) var id = ObjectId()
    @Persisted var int = 0
    @Persisted var int8: Int8 = 0
    @Persisted var bool = false
    @Persisted var float: Float = 0
    @Persisted var double: Double = 0
    @Persisted var string = ""
    @Persisted var data = Data()
    @Persisted var date = Date(timeIntervalSince1970: 0)
    @Persisted var decimal = Decimal128(0)
    @Persisted var objectId = ObjectId()
    @Persisted var uuid = UUID()
    @Persisted var any: AnyRealmValue = .none
    @Persisted var optionalInt: Int?
    @Persisted var optionalString: String?
    @Persisted var doubles: List<Double>
    @Persisted var set: MutableSet<Int>
    @Persisted var map: Map<String, String>
}

/// A class without a primary key: milestone 1 does not sync it.
final class SyncUnkeyed: Object {
    @Persisted var value = 0
}

/// A temporary directory for the tests' files, removed when the value goes away.
final class SyncDirectory: Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "strata-sync-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A configuration of file `name` in the directory, replicating `database` through `conninfo`.
    func configuration(
        _ name: String,
        conninfo: String,
        database: String,
        types: [ObjectBase.Type] = [SyncDog.self, SyncPerson.self, SyncAllTypes.self, SyncUnkeyed.self]
    ) -> Realm.Configuration {
        var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path + "/" + name + ".strata"))
        configuration.objectTypes = types
        var sync = SyncConfiguration(connectionString: conninfo, databaseName: database)
        sync.pollInterval = .milliseconds(200)
        configuration.syncConfiguration = sync
        return configuration
    }
}

import Foundation
import Strata
import Testing

@testable import StrataSync

@Suite struct SyncErrorTests {
    @Test func typeMismatchNamesClassPropertyAndBothTypes() {
        let error = SyncError.propertyTypeMismatch(className: "Dog", property: "age", local: "int", hub: "string")
        #expect(error.description == "Dog.age is int here but string on the hub; Dog stops syncing")
    }

    @Test func configurationTakesSyncConfigurationThirdAsRealmDoes() {
        let sync = SyncConfiguration(connectionString: "host=localhost dbname=app", databaseName: "orders")
        let configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: "/tmp/orders.realm"),
            syncConfiguration: sync,
            schemaVersion: 3,
            filePermissions: 0o640
        )
        #expect(configuration.syncConfiguration == sync)
        #expect(configuration.fileURL?.path == "/tmp/orders.realm" && configuration.schemaVersion == 3)
        #expect(configuration.filePermissions == 0o640)
        #expect(Realm.Configuration(syncConfiguration: nil).syncConfiguration == nil)
        #expect(Realm.Configuration().syncConfiguration == nil)
    }
}

import Testing

@testable import StrataSync

@Suite struct SyncErrorTests {
    @Test func typeMismatchNamesClassPropertyAndBothTypes() {
        let error = SyncError.propertyTypeMismatch(className: "Dog", property: "age", local: "int", hub: "string")
        #expect(error.description == "Dog.age is int here but string on the hub; Dog stops syncing")
    }
}

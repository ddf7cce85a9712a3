// InterprocessModels.swift: the models of the interprocess tests' child modes (InterprocessChild.swift).
//
// Tests/StrataTests/InterprocessObjCPortTests+Models.swift declares the same classes with the same properties: two
// processes agree on a file's schema by class names and properties, not by sharing the Swift types.

import Strata

/// Realm's `IntObject`: the counter and the objects the interprocess tests count.
final class IPCInt: Object {
    @Persisted var intCol = 0
}

/// Realm's `DoubleObject`: what the many-writers mode adds and deletes.
final class IPCDouble: Object {
    @Persisted var doubleCol = 0.0
}

/// Realm's `StringObject`: the class of the class-subset mode, which the parent does not list.
final class IPCString: Object {
    @Persisted var stringCol = ""
}

/// The models after a migration that changed `IPCInt.intCol` from an integer to a float (schema version 1).
enum IPCMigrated {
    /// `IPCInt` with its property's type changed.
    final class IPCInt: Object {
        @Persisted var intCol: Float = 0
    }
}

/// The models after a migration that only added a property to `IPCInt` (schema version 1).
enum IPCWidened {
    /// `IPCInt` with a property more.
    final class IPCInt: Object {
        @Persisted var intCol = 0
        @Persisted var stringCol = ""
    }
}

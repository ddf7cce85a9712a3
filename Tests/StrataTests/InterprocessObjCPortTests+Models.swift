import Strata

// The models of the interprocess tests. The child process declares the same classes with the same properties in
// Sources/StrataAPICrashWriter/InterprocessModels.swift: the two processes agree on the file's schema by class names
// and properties.

/// Realm's `IntObject`: the counter and the objects the interprocess tests count.
final class IPCInt: Object {
    @Persisted var intCol = 0
}

/// Realm's `DoubleObject`: what the many-writers mode adds and deletes.
final class IPCDouble: Object {
    @Persisted var doubleCol = 0.0
}

/// Realm's `StringObject`: the class of the child's class subset.
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

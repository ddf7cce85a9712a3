import StrataCore

/// An error thrown by Strata. Each case names what went wrong; `description` says it in full.
///
/// ```swift
/// do {
///     try await realm.write { realm in try realm.add(duplicate) }
/// } catch RealmError.primaryKeyExists(let type, let value) {
///     print("\(type) \(value) already exists")
/// }
/// ```
public enum RealmError: Error, CustomStringConvertible, Sendable, Equatable {
    /// An object with the same primary key already exists (``Realm/UpdatePolicy/error``).
    case primaryKeyExists(type: String, value: String)
    /// A write operation was called outside a write transaction.
    case notInWriteTransaction(String)
    /// A write transaction was begun inside another one.
    case alreadyInWriteTransaction
    /// A write operation was called by a task while another task's write transaction (begun with
    /// ``Realm/beginWrite()``) is open on the realm: it does not land in the other task's transaction.
    case writeTransactionOfAnotherTask(String)
    /// The object was deleted, or its realm was invalidated or closed.
    case objectInvalidated(String)
    /// The object or collection is frozen and cannot be changed.
    case frozen(String)
    /// The object belongs to another realm.
    case wrongRealm(String)
    /// A value does not fit its property, or an argument is malformed.
    case invalidValue(String)
    /// The schema of the models is invalid (two primary keys, an unsupported type, …).
    case invalidSchema(String)
    /// The file's schema differs from the models and no migration was allowed.
    case schemaMismatch(String)
    /// Another process changed the file's schema in a way the realm's models cannot follow (removed a class or a
    /// property they read, changed a property's type or optionality, or a primary key): the realm stays at the version
    /// it reads, and refuses to write. The value lists the changes, one line each ("- Property 'Dog.age' has been
    /// changed from 'int' to 'float'."), as realm-core's `InvalidSchemaChange` does.
    case invalidSchemaChange(String)
    /// A thread-safe reference was resolved twice.
    case referenceAlreadyResolved
    /// The realm is closed.
    case closed
    /// The file could not be opened or written (a damaged file, a full disk, a failed sync…).
    case fileError(String)
    /// The realm was opened read-only.
    case readOnly(String)
    /// Pinning one more version would exceed `maximumNumberOfActiveVersions`.
    case tooManyActiveVersions(Int)
    /// The feature is not supported yet.
    case notSupported(String)
    /// A query is malformed or does not fit the schema; the message names the problem and its column.
    case invalidQuery(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .primaryKeyExists(let type, let value):
            return "Attempting to create an object of type '\(type)' with an existing primary key value '\(value)'."
        case .notInWriteTransaction(let what):
            return "Cannot \(what) outside of a write transaction; call it inside realm.write { }."
        case .alreadyInWriteTransaction: return "The realm is already in a write transaction."
        case .writeTransactionOfAnotherTask(let what):
            return
                "Cannot \(what): the realm's open write transaction belongs to another task (begun with beginWrite()); call it inside realm.write { }, which waits its turn."
        case .objectInvalidated(let what): return "\(what) has been deleted or invalidated."
        case .frozen(let what): return "Cannot modify \(what): it is frozen. Thaw it inside a write to change it."
        case .wrongRealm(let what): return what
        case .invalidValue(let what): return what
        case .invalidSchema(let what): return "Invalid schema: \(what)"
        case .schemaMismatch(let what): return "Migration is required: \(what)"
        case .invalidSchemaChange(let changes):
            return "Unsupported schema changes were made by another client or process:\n\(changes)\n"
                + "If your app is running in development mode, you can delete the realm and restart the app to update "
                + "your schema."
        case .referenceAlreadyResolved: return "A ThreadSafeReference can be resolved only once."
        case .closed: return "The realm is closed."
        case .fileError(let what): return what
        case .readOnly(let what): return "Cannot \(what): the realm was opened read-only."
        case .tooManyActiveVersions(let limit):
            return
                "Number of active versions exceeds maximumNumberOfActiveVersions (\(limit)); release frozen objects and old references."
        case .notSupported(let what): return "\(what) is not supported yet."
        case .invalidQuery(let what): return what
        }
    }

    /// What an encryption key is answered with: Strata does not encrypt files.
    static var encryptionNotSupported: RealmError { .notSupported("Encryption (a non-nil encryptionKey)") }

    /// Converts an engine error into the public error.
    static func wrapping(_ error: any Error) -> any Error {
        if let query = error as? QueryError { return RealmError.invalidQuery(query.description) }
        guard let storage = error as? StorageError else { return error }
        switch storage {
        case .duplicateKey(let table, _, let value): return RealmError.primaryKeyExists(type: table, value: value)
        case .tooManyActiveVersions(let limit): return RealmError.tooManyActiveVersions(limit)
        case .closed: return RealmError.closed
        case .readOnly: return RealmError.readOnly("write")
        case .schema(let detail): return RealmError.invalidValue(detail)
        default: return RealmError.fileError(storage.description)
        }
    }
}

/// Runs `body`, turning engine errors into ``RealmError``.
@inline(__always)
@discardableResult
func realmErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw RealmError.wrapping(error)
    }
}

/// Runs an async `body`, turning engine errors into ``RealmError``.
@discardableResult
func realmErrors<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch {
        throw RealmError.wrapping(error)
    }
}

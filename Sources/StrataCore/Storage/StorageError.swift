// StorageError.swift: every way the engine refuses a file, a call or an operation.

/// An error from the storage engine. Each case names what went wrong in words a user can act on.
package enum StorageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file does not start with Strata's magic number.
    case notAStrataFile(path: String)
    /// The file was written by a format version this build cannot read.
    case unsupportedFormat(path: String, version: UInt32)
    /// Bytes in the file contradict the format; `detail` says where and how.
    case corrupt(String)
    /// A system call failed.
    case io(SystemError)
    /// An earlier sync failed, so the kernel may have dropped written data; the file must be reopened.
    case poisoned(path: String, cause: String)
    /// Pinning one more version would exceed `maximumNumberOfActiveVersions`.
    case tooManyActiveVersions(limit: Int)
    /// A unique index already holds this value.
    case duplicateKey(table: String, column: String, value: String)
    /// The database was closed.
    case closed
    /// The database was opened read-only.
    case readOnly
    /// A table, column or object that does not exist, or an operation that does not fit the schema.
    case schema(String)
    /// The file is replicated (StrataSync) but was opened without its sync configuration: a local change would
    /// never be pushed.
    case replicatedFileNotAttached(path: String)

    package var description: String {
        switch self {
        case .notAStrataFile(let path): return "\(path) is not a Strata database (bad magic number)"
        case .unsupportedFormat(let path, let version):
            return "\(path) uses file format \(version), which this version of Strata cannot read"
        case .corrupt(let detail): return "the database file is damaged: \(detail)"
        case .io(let error): return error.description
        case .poisoned(let path, let cause):
            return "writes to \(path) are disabled because an earlier sync failed (\(cause)); reopen the file"
        case .tooManyActiveVersions(let limit):
            return "the number of active versions would exceed maximumNumberOfActiveVersions (\(limit)); "
                + "release frozen objects or old references"
        case .duplicateKey(let table, let column, let value):
            return "\(table).\(column) already has an object with the value \(value)"
        case .closed: return "the database is closed"
        case .readOnly: return "the database was opened read-only"
        case .schema(let detail): return detail
        case .replicatedFileNotAttached(let path):
            return "\(path) is replicated through StrataSync: open it with its syncConfiguration to write it"
        }
    }
}

/// Runs `body`, turning a thrown `SystemError` into `StorageError.io`.
@inline(__always)
func mappingSystemErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as SystemError {
        throw StorageError.io(error)
    }
}

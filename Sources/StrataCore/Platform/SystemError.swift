// SystemError.swift: a failed system call, as the Platform layer reports it.
//
// Every wrapper in Platform/ retries EINTR itself, so a SystemError never carries EINTR.
// EBADF and EFAULT are programming errors and stop the process instead of being thrown.

import Glibc

/// A system call that failed, with its errno and the file it concerned.
package struct SystemError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The call that failed, e.g. `"pwrite"`.
    var operation: String
    /// The errno value the call reported.
    package var code: Int32
    /// The file involved, when there is one.
    var path: String?

    package init(_ operation: String, code: Int32, path: String?) {
        precondition(
            code != EBADF && code != EFAULT,
            "\(operation) on \(path ?? "?"): programming error, errno \(code)"
        )
        self.operation = operation
        self.code = code
        self.path = path
    }

    /// True for the errors that mean "no space": ENOSPC, EDQUOT and EFBIG.
    var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT || code == EFBIG }

    package var description: String {
        let reason = String(cString: strerror(code))
        return "\(operation) failed\(path.map { " on \($0)" } ?? ""): \(reason) (errno \(code))"
    }
}

/// Runs `body` until it does not fail with EINTR; returns its result or throws a ``SystemError``.
@inline(__always)
func retryingOnInterrupt<T: BinaryInteger>(
    _ operation: String,
    path: String?,
    _ body: () -> T
) throws(SystemError) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemError(operation, code: code, path: path)
    }
}

// Locked.swift: a value behind a pthread mutex.
//
// Give it a value that has a size: the sanitizer sees an access to a zero-sized value (`Locked(())`) at the
// address of the field beside it, the mutex pointer read before locking, and reports a race that is not one.
//
// Used instead of Synchronization.Mutex, whose Linux implementation waits on futexes directly: the
// thread sanitizer cannot see those, and reports every access the mutex protects as a race. A pthread
// mutex is understood by the sanitizers and costs the same uncontended.
//
// Sendable: `Locked` is Sendable only where its value is (as swift-nio's NIOLockedValueBox and GRDB's lock boxes
// are): the lock keeps two threads from reaching the value at once, but a value that is not Sendable (a class
// instance) could still be reached outside the lock, through a reference the caller kept or one that `withLock`
// returned. `UncheckedLocked` is the explicit exception: each use states, beside it, why its value is never reached
// outside the lock by two threads at once.

import Glibc

/// A value only reachable while holding its lock.
package final class Locked<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with exclusive access to the value if the lock is free now; nil, without waiting, if another
    /// thread holds it (for code that must not block, such as an exit handler while other threads still run).
    package func withLockIfAvailable<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// Proof: the value is reached only inside `withLock`/`withLockIfAvailable`, under the mutex, and it is Sendable, so
// whatever a caller takes out of it may be used by any thread.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// A ``Locked`` value that is not `Sendable`, shared between threads anyway. Each use carries a comment proving that
/// no two threads use the value, or anything reachable from it, at once outside the lock.
package struct UncheckedLocked<Value>: @unchecked Sendable {
    private let base: Locked<Value>

    package init(_ value: Value) { base = Locked(value) }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try base.withLock(body)
    }
}

// AtomicFlag.swift: a flag that can be set exactly once from any thread.

import Synchronization

/// A Boolean that flips from false to true once; `setOnce()` tells the one caller that flipped it.
package final class AtomicFlag: Sendable {
    private let value = Atomic<Bool>(false)

    package init() {}

    /// Sets the flag; returns true only for the call that changed it.
    package func setOnce() -> Bool {
        value.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// Whether the flag has been set.
    var isSet: Bool { value.load(ordering: .acquiring) }
}

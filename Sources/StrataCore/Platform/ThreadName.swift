// ThreadName.swift: the name the kernel shows for a thread Strata owns.
//
// Foundation's `Thread.name` does not reach the kernel on Linux, and `pthread_setname_np` is a GNU extension
// Swift does not import, so the name is written where the kernel keeps it, `/proc/thread-self/comm`: what
// `top -H`, `ps -T`, `perf` and the crash reports of a server show for the thread. Best effort: a system without
// `/proc` keeps the inherited name.

import Foundation

/// Names the calling thread for the tools that list threads.
package enum ThreadName {
    /// Sets the calling thread's name (cut to the kernel's 15 bytes).
    package static func setCurrent(_ name: String) {
        let bytes = Array(name.utf8.prefix(15))
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}

import StrataCore

/// A synced realm's connection to its hub: its state, and waits for uploads and downloads to finish.
///
/// ```swift
/// try await realm.write { realm in realm.add(order) }
/// try await realm.syncSession?.wait(for: .upload)  // the order is on the hub: every instance can pull it
/// ```
public final class SyncSession: Sendable {
    /// Where the session is.
    public enum State: Sendable, Equatable {
        /// Connected: uploads and downloads flow.
        case active
        /// Not connected (starting, PostgreSQL unreachable or restarting, the session stopped); it retries by
        /// itself, and local writes go on meanwhile.
        case offline(String)
        /// Stopped by an error that retrying does not fix (a missing privilege, a hub schema from a newer Strata);
        /// it keeps retrying in case the cause is fixed.
        case error(SyncError)
    }

    /// Which way a ``wait(for:)`` looks.
    public enum ProgressDirection: Sendable {
        /// Local commits to the hub.
        case upload
        /// The hub's changes to this file.
        case download
    }

    private struct Owner: Sendable {
        weak var replica: Replica?
    }

    private let broadcast = StateBroadcast<State>(.offline("connecting"))
    private let owner = Locked(Owner())

    init() {}

    /// The replica the session belongs to (weak: the session does not keep it running).
    var replica: Replica? {
        get { owner.withLock { $0.replica } }
        set { owner.withLock { $0.replica = newValue } }
    }

    /// The session's state now.
    public var state: State { broadcast.value }

    /// The session's state now and each change of it; the stream ends when the session stops.
    public var states: AsyncStream<State> { broadcast.stream() }

    /// Waits until every local commit made before the call is on the hub (`.upload`), or until this file has every
    /// change the hub had when the call was made (`.download`): read-your-writes across instances, when one instance
    /// waits for upload and the other for download.
    /// - Throws: ``SyncError`` when the session stops meanwhile, or when asking the hub for its newest version fails;
    ///   `CancellationError` is not thrown: a cancelled task's wait ends when the session stops.
    public func wait(for direction: ProgressDirection) async throws {
        guard let replica else { throw SyncError.invalidConfiguration("the sync session stopped") }
        switch direction {
        case .upload: try await replica.waitForUpload()
        case .download: try await replica.waitForDownload()
        }
    }

    func setState(_ state: State) { broadcast.set(state) }
}

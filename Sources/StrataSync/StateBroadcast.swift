import StrataCore

/// A value that changes over time, readable at once and followed as an `AsyncStream` that starts with the current
/// value and ends when the broadcast finishes (a session stopping, a subscription removed).
final class StateBroadcast<Value: Sendable & Equatable>: Sendable {
    private struct State {
        var value: Value
        var listeners: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextListener = 0
        var finished = false
    }

    private let state: Locked<State>

    init(_ value: Value) { state = Locked(State(value: value)) }

    var value: Value { state.withLock { $0.value } }

    /// Sets the value and tells the listeners, when it changed.
    func set(_ value: Value) {
        let listeners = state.withLock { state -> [AsyncStream<Value>.Continuation] in
            guard state.value != value, !state.finished else { return [] }
            state.value = value
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.yield(value) }
    }

    /// Ends every stream (after its last value).
    func finish() {
        let listeners = state.withLock { state -> [AsyncStream<Value>.Continuation] in
            state.finished = true
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    /// A stream of the current value and each later one.
    func stream() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(16))
        let id = state.withLock { state -> Int? in
            continuation.yield(state.value)
            guard !state.finished else { return nil }
            let id = state.nextListener
            state.nextListener += 1
            state.listeners[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }
}

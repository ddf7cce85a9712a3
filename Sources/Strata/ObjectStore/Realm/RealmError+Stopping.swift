// The one place a non-throwing, Realm-compatible spelling turns the error of its throwing form into a stop: the
// message is the error's own, so both forms report a mistake in the same words (DESIGN.md section 3, "Parsing
// never crashes a server").

/// The value `body` gives; an error it throws stops the process with the error's message, as Realm Swift raises.
/// - Parameter body: the throwing form of the call.
/// - Returns: what `body` returns.
func stoppingOnError<T>(_ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        preconditionFailure("\(error)")
    }
}

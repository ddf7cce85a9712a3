import Foundation
import StrataCore

extension Replica {
    /// Checks the hub's schema on `connection`, installing it when it is missing (and the configuration allows),
    /// and maps what can go wrong to a ``SyncError`` that says how to fix it.
    func prepareHub(_ connection: PostgresConnection) throws {
        guard !connection.prepared.contains("hub") else { return }
        try checkHubSchema(connection)
        connection.prepared.insert("hub")
    }

    /// Makes this connection the one live session of the file's client identity: a second live process with the
    /// same identity (two copies of one file) is refused. The session-level advisory lock goes with the connection.
    func claimClientIdentity(_ connection: PostgresConnection) throws {
        guard !connection.prepared.contains("client") else { return }
        let result = try connection.execute(
            "SELECT pg_try_advisory_lock(hashtextextended($1, 0))",
            ["strata.client/" + configuration.databaseName + "/" + clientID]
        )
        guard result.rows.first?.first == "t" else {
            throw SyncError.duplicateClient(
                "another live process replicates \(configuration.databaseName) with client identity \(clientID): two "
                    + "copies of one file must not both sync (writeCopy gives a copy its own identity)"
            )
        }
        connection.prepared.insert("client")
    }

    private func checkHubSchema(_ connection: PostgresConnection) throws {
        var version: Int?
        do {
            let result = try connection.execute("SELECT strata.hub_version()")
            version = result.rows.first?.first.flatMap { $0.flatMap { Int($0) } }
        } catch let error as PostgresError where error.sqlState == "3F000" || error.sqlState == "42883" {
            version = nil
        } catch let error as PostgresError where error.isInsufficientPrivilege {
            throw SyncError.missingPrivilege(Self.grantAdvice(error))
        }
        if version == nil || version! < HubSchema.version {
            guard configuration.installsHubSchema else {
                throw SyncError.hubSchema(
                    "the hub schema (version \(HubSchema.version)) is not installed in this PostgreSQL database: "
                        + "have it installed with the SQL `strata sync-schema` prints"
                )
            }
            do {
                do {
                    try connection.executeScript(HubSchema.installSQL)
                } catch {
                    // The script opens its own transaction block; a failure leaves it aborted.
                    _ = try? connection.executeScript("ROLLBACK")
                    throw error
                }
            } catch let error as PostgresError where error.isInsufficientPrivilege {
                throw SyncError.missingPrivilege(
                    "installing the hub schema needs CREATE on the database (\(error.message)); or have a DBA run "
                        + "the SQL `strata sync-schema` prints, then GRANT USAGE ON SCHEMA strata and GRANT EXECUTE "
                        + "ON ALL FUNCTIONS IN SCHEMA strata to the application's role"
                )
            }
        } else if let version, version > HubSchema.version {
            throw SyncError.hubSchema(
                "the hub schema is version \(version), installed by a newer Strata; this library knows version "
                    + "\(HubSchema.version)"
            )
        }
    }

    /// The advice a permission error on the hub's functions gets.
    static func grantAdvice(_ error: PostgresError) -> String {
        "\(error.message): GRANT USAGE ON SCHEMA strata TO <role>; GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA strata "
            + "TO <role>"
    }

    /// Registers `synced`'s property types with the hub; a property of another type there stops the class.
    func register(_ synced: SyncedClass, on connection: PostgresConnection) throws {
        let types = try JSONSerialization.data(withJSONObject: synced.types, options: [.sortedKeys])
        do {
            _ = try connection.execute(
                "SELECT strata.register_class($1, $2, $3::jsonb)",
                [configuration.databaseName, synced.name, String(decoding: types, as: UTF8.self)]
            )
        } catch let error as PostgresError where error.sqlState == "ST001" {
            let property = error.message
            throw SyncError.propertyTypeMismatch(
                className: synced.name,
                property: property,
                local: synced.types[property] ?? "?",
                hub: error.detail ?? "?"
            )
        } catch let error as PostgresError where error.isInsufficientPrivilege {
            throw SyncError.missingPrivilege(Self.grantAdvice(error))
        }
    }

    /// The hub's newest version of this logical database.
    func hubHead() async throws -> Int64 {
        let name = configuration.databaseName
        return try await mappingConnectionErrors {
            try await pushLink.run { connection in
                let result = try connection.execute("SELECT strata.head($1)", [name])
                return result.rows.first?.first.flatMap { $0.flatMap { Int64($0) } } ?? 0
            }
        }
    }

    /// Runs `body`, turning a lost connection into ``SyncError/unreachable(_:)``.
    func mappingConnectionErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgresError where error.isConnectionFailure {
            throw SyncError.unreachable(error.message)
        } catch let error as PostgresError where error.isInsufficientPrivilege {
            throw SyncError.missingPrivilege(Self.grantAdvice(error))
        }
    }

    /// Why a loop iteration failed, for the session's state: a connection problem is `.offline` (retried), anything
    /// else `.error`.
    func report(_ error: any Error) {
        if case SyncError.unreachable(let reason) = error {
            session.setState(.offline(reason))
        } else if let error = error as? PostgresError, error.isConnectionFailure {
            session.setState(.offline(error.message))
        } else if let error = error as? SyncError {
            session.setState(.error(error))
        } else {
            session.setState(.error(.rejected("\(error)")))
        }
        log(.warning, "replication paused: \(error)")
    }
}

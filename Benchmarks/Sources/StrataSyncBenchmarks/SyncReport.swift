import Foundation

/// The whole run, as written to results/sync-latest.json.
struct SyncReport: Codable {
    var date: String
    /// Seconds for 1,000 rounds of one 4 KiB write + `fdatasync` on this disk (``DiskFloor``).
    var diskFloor: Double
    var pushes: [PushFigure]
    var latency: [LatencyFigure]
    var outbox: [OutboxFigure]
    /// What the run could not measure, and why.
    var notes: [String]

    func printTable() {
        print("")
        print("Replication (StrataSync through PostgreSQL 15 on this machine, reached through a Unix socket)")
        print(
            String(
                format: "disk floor: 1,000 x (4 KiB pwrite + fdatasync) in %.1f ms: %.0f syncs/s",
                diskFloor * 1e3,
                1_000 / diskFloor
            )
        )
        print("")
        print("pushes into one logical database (a local commit, wait(for: .upload))    pushes/s   objects/s")
        for figure in pushes {
            let name =
                "\(figure.pushers) pusher\(figure.pushers == 1 ? "" : "s") (\(figure.pushers) file"
                + "\(figure.pushers == 1 ? "" : "s")), \(figure.objectsPerPush) object"
                + "\(figure.objectsPerPush == 1 ? "" : "s") per push, \(figure.pushes) pushes"
            print(pad(name, 70) + String(format: "%11.0f %11.0f", figure.pushesPerSecond, figure.objectsPerSecond))
        }
        print("")
        print("propagation: write returns in A → for-await on changes() in B, another process       p50         p99")
        for figure in latency {
            let name =
                figure.notify
                ? "NOTIFY on, \(figure.samples) writes one after another"
                : String(
                    format: "NOTIFY off (poll every %.0f s), %d writes at random moments",
                    figure.pollInterval,
                    figure.samples
                )
            print(pad(name, 80) + "\(Self.format(figure.median)) \(Self.format(figure.p99))")
        }
        print("")
        print(
            "outbox cost (awaited from a pool task)     not synced      synced   ratio   upload drain   hub unreachable"
        )
        for figure in outbox {
            print(
                pad(figure.workload, 41) + "\(Self.format(figure.notSynced)) \(Self.format(figure.synced))"
                    + String(format: "  %5.2fx", figure.ratio) + "    \(Self.format(figure.syncedUploadDrain))"
                    + "    \(Self.format(figure.syncedHubUnreachable))"
                    + String(format: " %5.2fx", figure.hubUnreachableRatio)
            )
        }
        for note in notes { print("note: \(note)") }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }

    static func format(_ seconds: Double) -> String {
        let text = seconds < 0.001 ? String(format: "%.0f µs", seconds * 1e6) : String(format: "%.1f ms", seconds * 1e3)
        return String(repeating: " ", count: max(0, 11 - text.count)) + text
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}

extension RealmMetric {
    /// One named number of a ``RealmMetric``: what a metrics system records.
    ///
    /// ```swift
    /// configuration.metrics = { metric in
    ///     for sample in metric.samples where sample.kind == .timer { print(sample.label, sample.value, "ns") }
    /// }
    /// ```
    public struct Sample: Sendable, Equatable {
        /// How a metrics system should record a sample.
        public enum Kind: Sendable, Equatable {
            /// A duration in nanoseconds (swift-metrics' `Timer`).
            case timer
            /// An amount to add to a running total (swift-metrics' `Counter`).
            case counter
            /// The current value of a level (swift-metrics' `Gauge`).
            case gauge
        }

        /// A dotted name such as `strata.commit.duration`.
        public var label: String
        /// How to record it.
        public var kind: Kind
        /// Nanoseconds for a timer, otherwise the amount or level.
        public var value: Int64
    }
}

import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A range printed without some of its charts (`--keep-going`): the output still goes where it
/// was to go, then this line on stderr, and the run ends with exit 23.
struct PartialResult: ReportableError {
    var output: CommandOutput
    let message: String

    /// Names every missing chart, so that a script can ask for just those again.
    init(output: CommandOutput, missing: [(chart: MissingChart, reason: String)], total: Int) {
        self.output = output
        message = RangeFailure.summary(
            missing.map { ($0.chart.label, $0.reason) }, head: "\(missing.count) of \(total) charts failed and are missing", outcome: "")
    }
}

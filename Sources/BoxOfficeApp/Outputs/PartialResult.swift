import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An output printed whole that still ends the run in failure: a range printed without some of
/// its charts (`--keep-going`, exit 23), or `archive check`'s findings (exit 65). The output goes
/// where it was to go, then this line on stderr, and the run ends with `code`.
package struct PartialResult: ReportableError {
    package var output: CommandOutput
    package let message: String
    var code = ExitCode.partial

    init(output: CommandOutput, message: String, code: ExitCode) {
        self.output = output
        self.message = message
        self.code = code
    }

    /// Names every missing chart, so that a script can ask for just those again.
    init(output: CommandOutput, missing: [(chart: MissingChart, reason: String)], total: Int) {
        self.output = output
        message = RangeFailure.summary(
            missing.map { ($0.chart.label, $0.reason) },
            head: bilingual(
                "\(missing.count) of \(total) charts failed and are missing",
                "박스오피스 \(NumberText.grouped(total))개 가운데 \(NumberText.grouped(missing.count))개를 받지 못해 빠졌습니다"),
            outcome: "")
    }
}

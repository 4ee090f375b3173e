import BoxOfficeCore
/// How much room the posters a report carries inside itself have. A page's images may take
/// 8 MiB in all. A mail message is held whole to its budget, headers and base64 included: a mail
/// server refuses a message past its limit (Postfix's `sendmail -t` exits 75), so a cron mail
/// with one poster too many would never leave. Posters past the room are linked instead, in rank
/// order, and the report says so.
package enum PosterRoom: Sendable {
    /// A web page (`--format html`).
    case page
    /// A mail message of at most `budget` bytes (`--format email`).
    case mail(MailEnvelope, budget: Int)

    private static let pageMebibytes = DailyReport.embeddedPosterBudget / (1024 * 1024)

    /// The most bytes one download may bring: an image any larger could never fit.
    package var largestImage: Int {
        switch self {
        case .page: DailyReport.embeddedPosterBudget
        // Base64 makes four bytes of every three.
        case .mail(_, let budget): budget / 4 * 3
        }
    }

    /// The room in words, for a warning: "posters stay links: <limit>".
    package var limit: String {
        switch self {
        case .page:
            bilingual("the images embedded in a page may take \(Self.pageMebibytes) MiB in all", "페이지에 넣는 이미지는 모두 합쳐 \(Self.pageMebibytes) MiB까지입니다")
        case .mail(_, let budget):
            bilingual(
                "a mail message may take \(NumberText.grouped(Int64(budget))) bytes in all, headers and base64 included",
                "메일 한 통은 헤더와 base64를 포함해 모두 \(NumberText.grouped(Int64(budget)))바이트까지입니다")
        }
    }

    /// What the report says, where its readers see it, when posters were linked for want of room.
    package var note: String {
        switch self {
        case .page:
            bilingual(
                "Some posters are linked rather than embedded, to keep this page's images within \(Self.pageMebibytes) MiB.",
                "이 페이지의 이미지를 \(Self.pageMebibytes) MiB 안에 두려고 일부 포스터는 넣지 않고 링크로 두었습니다.")
        case .mail(_, let budget):
            bilingual(
                "Some posters are linked rather than attached, to keep this message within \(NumberText.grouped(Int64(budget))) bytes.",
                "이 메일을 \(NumberText.grouped(Int64(budget)))바이트 안에 두려고 일부 포스터는 첨부하지 않고 링크로 두었습니다.")
        }
    }

    /// The report with its posters downloaded, in rank order while they fit in the room; the
    /// rest stay links. Returns the report and how many posters the room left as links.
    package func embeddingPosters(in report: DailyReport, with downloader: ImageDownloader) async -> (report: DailyReport, leftAsLinks: Int) {
        switch self {
        case .page:
            return await report.embeddingPosters(with: downloader)
        case .mail(let envelope, let budget):
            let note = self.note
            return await report.embeddingPosters(with: downloader) { candidate in
                // Measured with the note, which the finished message can only leave out.
                let output = ReportOutput(candidate, withPosters: true, linkedPosterNote: note)
                return MailMessage(envelope: envelope).size(of: output.document) <= budget
            }
        }
    }
}

extension DailyReport {
    /// The most image bytes a page embeds, all posters together (a third more as base64): the
    /// page opens quickly, and a run never holds ten 20 MiB images.
    public static let embeddedPosterBudget = 8 * 1024 * 1024

    /// The bytes of the posters downloaded into the report, all together.
    var embeddedPosterBytes: Int {
        movies.reduce(0) { $0 + ($1.posterImage?.data.count ?? 0) }
    }

    /// The report with the posters downloaded into `posterImage`, so a page or a mail carries
    /// them, in rank order while they fit in `budget` bytes together; from the first that does
    /// not fit on, posters stay links and are not downloaded. A poster that cannot be had stays
    /// a link too; only http and https addresses are downloaded, and `posterURL` is left as it
    /// was. Give it a downloader whose transport refuses a body past `budget`, so that no
    /// download holds more. Returns the report and how many posters the budget left as links.
    public func embeddingPosters(
        with downloader: ImageDownloader, budget: Int = embeddedPosterBudget
    ) async -> (report: DailyReport, leftAsLinks: Int) {
        await embeddingPosters(with: downloader) { $0.embeddedPosterBytes <= budget }
    }

    /// The same with room measured by `fits`, asked of the report with each poster added in
    /// turn: a mail message counts itself whole, headers and base64 included.
    package func embeddingPosters(
        with downloader: ImageDownloader, while fits: (DailyReport) -> Bool
    ) async -> (report: DailyReport, leftAsLinks: Int) {
        var report = self
        // A wave of downloads at a time, so that at most one wave of images is held at once.
        var pending = movies.indices.filter { movies[$0].posterURL.map(WebAddress.isWeb) ?? false }[...]
        while !pending.isEmpty {
            let wave = Array(pending.prefix(PosterFinder.jobs))
            pending = pending.dropFirst(wave.count)
            let images = await ConcurrentMap.run(wave.compactMap { movies[$0].posterURL }, limit: PosterFinder.jobs) { address in
                try await downloader.image(at: address)
            }
            for (position, (index, result)) in zip(wave, images).enumerated() {
                switch result {
                case .success(let data):
                    guard let image = DownloadedImage(data) else { continue }
                    var candidate = report
                    candidate.movies[index].posterImage = image
                    guard fits(candidate) else { return (report, wave.count - position + pending.count) }
                    report = candidate
                case .failure(BoxOfficeError.imageTooLarge):
                    return (report, wave.count - position + pending.count)
                case .failure:
                    continue
                }
            }
        }
        return (report, 0)
    }
}

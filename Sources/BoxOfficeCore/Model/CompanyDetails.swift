/// One company's details.
public struct CompanyDetails: Sendable, Equatable {
    /// The KOBIS company code.
    public var code: String
    /// Korean name.
    public var name: String
    /// English name.
    public var nameEnglish: String?
    /// The chief executive.
    public var ceo: String?
    /// Its parts.
    public var parts: [String]
    /// Films, each once with every part the company had in it.
    public var filmography: [Film]

    /// A film and the company's parts in it.
    public struct Film: Sendable, Equatable {
        /// The movie's code.
        public var movieCode: String
        /// Its title.
        public var title: String?
        /// The parts, such as `배급사` and `수입사`.
        public var parts: [String]
    }

    /// Maps KOBIS company info; no record means the code is unknown. KOBIS lists a film once per
    /// part (a distributor that also imported it); here it appears once, at its first place.
    public init(_ response: CompanyInfoResponse, requestedCode: String) throws {
        let text = WireValue.text
        guard let info = response.companyInfoResult.companyInfo, let code = text(info.companyCd) else {
            throw BoxOfficeError.notFound(.company(code: requestedCode))
        }
        self.code = code
        name = text(info.companyNm) ?? code
        nameEnglish = text(info.companyNmEn)
        ceo = text(info.ceoNm)
        parts = (info.parts ?? []).compactMap { text($0.companyPartNm) }
        var films: [Film] = []
        var positions: [String: Int] = [:]
        for film in info.filmos ?? [] {
            guard let movieCode = text(film.movieCd) else { continue }
            let part = text(film.companyPartNm)
            if let position = positions[movieCode] {
                if let part, !films[position].parts.contains(part) { films[position].parts.append(part) }
            } else {
                positions[movieCode] = films.count
                films.append(Film(movieCode: movieCode, title: text(film.movieNm), parts: part.map { [$0] } ?? []))
            }
        }
        filmography = films
    }
}

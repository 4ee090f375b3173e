/// One person's details.
public struct PersonDetails: Sendable, Equatable {
    /// The KOBIS person code.
    public var code: String
    /// Korean name.
    public var name: String
    /// Romanised name.
    public var nameEnglish: String?
    /// `남자`, `여자`.
    public var sex: String?
    /// Main role.
    public var role: String?
    /// Home pages.
    public var homepages: [String]
    /// Films and the part in each, whose codes feed `boxoffice movie`.
    public var filmography: [Film]

    /// A film and the part in it.
    public struct Film: Sendable, Equatable {
        /// The movie's code.
        public var movieCode: String
        /// Its title.
        public var title: String?
        /// The part, such as `감독`.
        public var part: String?
    }

    /// Maps KOBIS people info; no record means the code is unknown.
    public init(_ response: PeopleInfoResponse, requestedCode: String) throws {
        let text = WireValue.text
        guard let info = response.peopleInfoResult.peopleInfo, let code = text(info.peopleCd) else {
            throw BoxOfficeError.notFound(.person(code: requestedCode))
        }
        self.code = code
        name = text(info.peopleNm) ?? code
        nameEnglish = text(info.peopleNmEn)
        sex = text(info.sex)
        role = text(info.repRoleNm)
        homepages = (info.homepages ?? []).compactMap { text($0.homeUrl) }
        filmography = (info.filmos ?? []).compactMap { film in
            text(film.movieCd).map { Film(movieCode: $0, title: text(film.movieNm), part: text(film.moviePartNm)) }
        }
    }
}

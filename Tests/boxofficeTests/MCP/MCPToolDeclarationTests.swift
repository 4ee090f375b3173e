@testable import BoxOfficeApp
@testable import boxoffice
import BoxOfficeCore
import Testing

/// Each tool is its command seen from a model's side: its arguments are the command's own
/// declarations, read by the command's own reader, with JSON's types and the model's names.
struct MCPToolDeclarationTests {
    static let today = KSTDate(year: 2026, month: 11, day: 22)!

    /// Every tool argument, as models see them: what the README documents.
    static let arguments: [String: [String]] = [
        "daily_box_office": ["date", "nation", "type", "region", "limit", "posters", "from", "to", "keep-going"],
        "weekly_box_office": ["date", "period", "nation", "type", "region", "limit", "posters", "from", "to", "keep-going"],
        "movie_details": ["code"],
        "search_movies": ["title", "director", "year", "opened-from", "opened-to", "made-from", "made-to", "nation", "type", "page", "limit"],
        "search_people": ["name", "filmography", "page", "limit"],
        "person_details": ["code"],
        "search_companies": ["name", "ceo", "part", "page", "limit"],
        "company_details": ["code"],
        "code_list": ["group"],
        "movie_poster": ["code"],
        "box_office_report": ["date", "days", "posters"],
        "movie_trend": ["code", "from", "to", "keep-going"],
        "box_office_top": ["year", "month", "from", "to", "all-time", "by", "limit", "strict"],
        "box_office_share": ["year", "month", "from", "to", "all-time", "by", "strict"],
        "archive_status": [],
        "archive_query": ["sql"],
        "archive_sync": ["from", "to", "budget", "wide"],
        "api_quota": [],
    ]

    /// What makes each tool's command valid besides the argument tried, as JSON and as the
    /// command line's words: an argument tried alone could be refused both ways and prove nothing.
    static let context: [String: (json: [(String, JSONValue)], words: [String])] = [
        "movie_details": ([("code", .string("20124079"))], ["20124079"]),
        "person_details": ([("code", .string("10001"))], ["10001"]),
        "company_details": ([("code", .string("20122497"))], ["20122497"]),
        "movie_poster": ([("code", .string("20124079"))], ["20124079"]),
        "movie_trend": ([("code", .string("20218541"))], ["20218541"]),
        "code_list": ([("group", .string("regions"))], ["regions"]),
        "search_movies": ([("title", .string("밀수"))], ["밀수"]),
        "search_people": ([("name", .string("봉준호"))], ["봉준호"]),
        "search_companies": ([("name", .string("쇼박스"))], ["쇼박스"]),
        "archive_query": ([("sql", .string("SELECT 1"))], ["SELECT 1"]),
    ]

    /// The arguments a command refuses alone, in the caller's words: a range needs both ends.
    static let refusedAlone: Set<String> = [
        "daily_box_office.from", "daily_box_office.to", "weekly_box_office.from", "weekly_box_office.to", "box_office_top.from", "box_office_top.to",
        "box_office_share.from", "box_office_share.to",
        // A single chart arrives or fails whole: going on past failures is for a range.
        "daily_box_office.keep-going", "weekly_box_office.keep-going",
        // A month is YYYY-MM; the sample text is not one.
        "box_office_top.month", "box_office_share.month",
        // The sample year (the range's lowest but one) is before KOBIS's first chart: no sync fills it.
        "box_office_top.year", "box_office_share.year",
    ]

    /// The words that name a command on the command line: `archive status` for `status`.
    static func path(to command: CommandSpec, below parent: CommandSpec = CommandCatalog.root) -> [String]? {
        for child in parent.subcommands {
            if child.name == command.name && child.abstract == command.abstract { return [child.name] }
            if let rest = path(to: command, below: child) { return [child.name] + rest }
        }
        return nil
    }

    static func members(_ value: JSONValue?) -> [(String, JSONValue)] {
        if case .object(let members)? = value { members } else { [] }
    }

    static func schemaProperties(_ tool: MCPTool) -> [(String, JSONValue)] {
        members(tool.inputSchema["properties"])
    }

    /// Clients that make typed results from a schema need an object with properties at its root:
    /// a day and a range of `daily_box_office` are one object with the members of both.
    @Test func everyOutputSchemaIsAnObjectWithPropertiesAtItsRoot() throws {
        for tool in MCPTool.all {
            let schema = tool.outputSchema
            let isObject = if case .string("object")? = schema["type"] { true } else { false }
            #expect(isObject && schema["anyOf"] == nil, "\(tool.name): \(schema.serialized(compact: true).prefix(200))")
            guard case .object(let properties)? = schema["properties"] else {
                Issue.record("\(tool.name) has no properties at its root")
                continue
            }
            #expect(!properties.isEmpty, "\(tool.name)")
        }
        let daily = try #require(MCPTool.named("daily_box_office")).outputSchema
        guard case .object(let members)? = daily["properties"] else { return }
        #expect(["kind", "startDate", "movies", "charts"].allSatisfy { name in members.contains { $0.0 == name } }, "\(members.map(\.0))")
    }

    @Test func aChartToolsOutputSchemaNamesOnlyTheKindsItsCommandPrints() throws {
        let daily = try #require(MCPTool.named("daily_box_office")).outputSchema.serialized(compact: true)
        let weekly = try #require(MCPTool.named("weekly_box_office")).outputSchema.serialized(compact: true)
        #expect(daily.contains(#""enum":["daily"]"#) && !daily.contains("weekend"), "\(daily)")
        #expect(weekly.contains(#""enum":["week","weekend","weekdays"]"#) && !weekly.contains(#""daily""#), "\(weekly)")
    }

    @Test func everyToolArgumentIsAnOptionOrAnArgumentOfItsCommand() {
        #expect(MCPTool.all.map(\.name).sorted() == Self.arguments.keys.sorted())
        for tool in MCPTool.all {
            #expect(Self.schemaProperties(tool).map(\.0) == Self.arguments[tool.name], "\(tool.name)")
            #expect(tool.command.make != nil, "\(tool.name) runs a command that runs")
            #expect(tool.command.outputSchema != nil, "\(tool.name)'s command declares what its data is")
            for name in tool.options {
                #expect(tool.command.option(name) != nil, "\(tool.name): '\(tool.command.name)' has no --\(name.rawValue)")
            }
            for argument in tool.command.arguments {
                #expect(argument.key != nil, "\(tool.name): <\(argument.name)> has no name a model can pass")
            }
        }
    }

    @Test func theSchemaSaysWhatTheDeclarationSays() throws {
        let daily = try #require(MCPTool.named("daily_box_office"))
        let properties = Self.schemaProperties(daily)
        func property(_ name: String) -> JSONValue? { properties.first { $0.0 == name }?.1 }
        #expect(property("limit")?["type"]?.stringValue == "integer")
        #expect(property("limit")?["minimum"].map { "\($0)" } == "\(JSONValue.integer(1))")
        #expect(property("limit")?["maximum"].map { "\($0)" } == "\(JSONValue.integer(ChartFilter.maximumItemsPerPage))")
        #expect(property("limit")?["default"].map { "\($0)" } == "\(JSONValue.integer(ChartFilter.maximumItemsPerPage))")
        #expect(property("nation")?["enum"].map { "\($0)" } == "\(JSONValue.array([.string("korean"), .string("foreign")]))")
        #expect(property("region")?["enum"] == nil, "a region is any name or code, not a choice")
        #expect(property("posters")?["type"]?.stringValue == "boolean")
        #expect(property("date")?["default"]?.stringValue == "yesterday")
        #expect(property("date")?["description"]?.stringValue?.contains("YYYYMMDD") == true)
        let search = try #require(MCPTool.named("search_movies"))
        let nation = Self.schemaProperties(search).first { $0.0 == "nation" }?.1
        #expect(nation?["type"]?.stringValue == "array" && nation?["items"]?["type"]?.stringValue == "string", "an option that may repeat")
        let trend = try #require(MCPTool.named("movie_trend"))
        #expect(trend.inputSchema["required"].map { "\($0)" } == "\(JSONValue.array([.string("code")]))")
        #expect(Self.schemaProperties(trend).first { $0.0 == "from" }?.1["description"]?.stringValue?.contains("the opening date") == true)
    }

    @Test func schemasSpeakNoCommandLine() {
        for tool in MCPTool.all {
            for (name, property) in Self.schemaProperties(tool) {
                let description = property["description"]?.stringValue ?? ""
                #expect(!description.isEmpty, "\(tool.name).\(name)")
                for word in ["--", "boxoffice ", "stderr", "exit", "_API_KEY"] {
                    #expect(!description.contains(word), "\(tool.name).\(name) says '\(word)': \(description)")
                }
            }
        }
    }

    /// The command a tool call makes, or its error as the shell would read it.
    func outcome(_ tool: MCPTool, _ arguments: [(String, JSONValue)]) -> String {
        do {
            let reader = OptionReader(source: try ToolArguments(tool, arguments: .object(arguments)), today: Self.today)
            let make = try #require(tool.command.make)
            return "\(try make(reader))"
        } catch let error as UsageError {
            return "error: " + error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    /// The command a command line makes, or its error.
    func outcome(_ words: [String]) -> String {
        do {
            let invocation = try CommandLineParser.parse(words)
            let reader = OptionReader(source: invocation, today: Self.today)
            let make = try #require(invocation.command.make)
            return "\(try make(reader))"
        } catch let error as UsageError {
            return "error: " + error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    /// A shell's message as a model reads it: `date` where the shell reads `--date`.
    static func inModelWords(_ message: String, _ tool: MCPTool) -> String {
        tool.arguments.reduce(message) { $0.replacing("--\($1.rawValue)", with: $1.rawValue) }
    }

    /// A value of the option's kind, as JSON and as words.
    static func sample(_ option: OptionSpec) -> (json: JSONValue, words: [String]) {
        let name = "--" + option.name
        switch (option.key, option.kind) {
        case (.region, _): return (.string("busan"), [name, "busan"])
        case (_, .flag): return (.bool(true), [name])
        case (_, .date): return (.string("2023-08-18"), [name, "2023-08-18"])
        case (_, .integer(let range)): return (.integer(Int64(range.lowerBound + 1)), [name, String(range.lowerBound + 1)])
        case (_, .seconds(let range)): return (.number(range.upperBound), [name, "\(range.upperBound)"])
        case (_, .choice(let choices)): return (.string(choices.last ?? ""), [name, choices.last ?? ""])
        case (_, .text) where option.repeats: return (.array([.string("한국"), .string("2")]), [name, "한국", name, "2"])
        case (_, .text): return (.string("봉준호"), [name, "봉준호"])
        }
    }

    @Test func everyToolArgumentReachesItsCommandAsItsOptionDoes() throws {
        var compared = 0
        for tool in MCPTool.all {
            let context = Self.context[tool.name] ?? ([], [])
            let path = try #require(Self.path(to: tool.command), "\(tool.name)'s command is in the catalog")
            let alone = outcome(tool, context.json)
            #expect(!alone.hasPrefix("error") && alone == outcome(path + context.words), "\(tool.name) \(context.words)")
            for argument in tool.command.arguments {
                let key = try #require(argument.key)
                let call = outcome(tool, [(key.rawValue, .string("20218541"))])
                #expect(!call.hasPrefix("error") && call == outcome(path + ["20218541"]), "\(tool.name) <\(argument.name)>")
                compared += 1
            }
            for name in tool.options {
                let (json, words) = Self.sample(try #require(tool.command.option(name)))
                let call = outcome(tool, context.json + [(name.rawValue, json)])
                // Where the command refuses it alone (a range needs both ends), it says so in the caller's words.
                let shell = Self.inModelWords(outcome(path + context.words + words), tool)
                #expect(
                    call.hasPrefix("error") == Self.refusedAlone.contains("\(tool.name).\(name.rawValue)"), "\(tool.name) \(name.rawValue): \(call)")
                #expect(call == shell, "\(tool.name) \(name.rawValue)")
                compared += 1
            }
        }
        #expect(compared == Self.arguments.values.map(\.count).reduce(0, +))
    }

    @Test(arguments: [
        (#"{"limit": "5"}"#, "'5' is not a valid value for 'limit'; use a whole number from 1 to 10."),
        (#"{"limit": 5.5}"#, "5.5 is not a valid value for 'limit'; use a whole number from 1 to 10."),
        (#"{"posters": "yes"}"#, "'yes' is not a valid value for 'posters'; use true or false."),
        (#"{"date": 20230818}"#, "20230818 is not a valid date for 'date'; use YYYYMMDD, YYYY-MM-DD, today, yesterday or -Nd."),
        (#"{"nation": "KOREAN", "limit": 5.0, "posters": false, "region": null}"#, nil),
        (
            #"{"limt": 5}"#,
            "Unknown argument 'limt'. Did you mean 'limit'? daily_box_office takes date, nation, type, region, limit, posters, from, to and keep-going."
        ),
        (#"{"date": "20230818", "from": "20230801", "to": "20230802"}"#, "Use either date or from/to, not both."),
    ])
    func jsonKeepsItsTypes(arguments: String, error: String?) throws {
        let tool = try #require(MCPTool.named("daily_box_office"))
        let call = outcome(tool, Self.members(try JSONParser.parse(Array(arguments.utf8))))
        if let error {
            #expect(call == "error: " + error)
        } else {
            #expect(!call.hasPrefix("error") && !call.hasPrefix("unexpected"), "\(call)")
        }
    }

    @Test func aToolThatNeedsItsArgumentSaysSoByItsName() throws {
        let movie = try #require(MCPTool.named("movie_details"))
        #expect(outcome(movie, []) == "error: Missing expected argument 'code'.")
        #expect(outcome(movie, [("code", .integer(20_124_079))]) == "error: 20124079 is not a valid value for 'code'; use a string.")
        #expect(outcome(movie, [("code", .string(" "))]) == "error: The movie code is empty; find one with `search_movies`.")
    }
}

import BoxOfficeCore
/// A chart command's output written a chart at a time, in date order, as each is decided, so
/// that a range of any length needs the memory of a few charts. A range in a row-shaped format
/// (CSV, TSV, JSON Lines) or in JSON is written as it comes: each chart's lines (or its element
/// of the array) are handed on and the chart let go. The formats for people lay a range out as
/// one whole, and so does JSON for a single chart (an object, not an array): those keep the
/// charts (the models, never the answers) and write them at the end. Either way the text is
/// exactly what `DocumentWriter` makes of the whole `ChartsOutput`.
package struct ChartRangeWriter {
    private let format: OutputFormat
    private let style: RenderStyle
    private let fields: [String]?
    private let asRange: Bool
    private let withPosters: Bool
    /// The parts kept for the end, when the format is not written as it comes.
    private var kept: [ChartsOutput.Part] = []
    /// Whether something came before: the CSV or TSV header, a JSON array's first element.
    private var started = false

    /// A writer of a chart command's output: one chart (`asRange` false) or a range.
    package init(format: OutputFormat, style: RenderStyle = RenderStyle(), fields: [String]? = nil, asRange: Bool, withPosters: Bool) {
        self.format = format
        self.style = style
        self.fields = fields
        self.asRange = asRange
        self.withPosters = withPosters
    }

    /// Whether each chart is written as it comes, rather than at the end.
    package var writesAsItComes: Bool {
        asRange && [.csv, .tsv, .jsonl, .json].contains(format)
    }

    /// Hands the text of the next part to `emit`, a line (or a JSON element) at a time; nothing
    /// yet when the format is written at the end.
    package mutating func write(_ part: ChartsOutput.Part, to emit: (String) throws -> Void) rethrows {
        guard writesAsItComes else {
            kept.append(part)
            return
        }
        let output = ChartsOutput(parts: [part], asRange: true, withPosters: withPosters)
        switch format {
        case .csv, .tsv:
            let document = fields.map(output.document.selecting) ?? output.document
            if try DelimitedWriter(format: format).writeLines(of: document, withHeader: !started, to: emit) { started = true }
        case .jsonl:
            for line in output.jsonLines {
                try emit((fields.map(line.selecting) ?? line).serialized(compact: true) + "\n")
            }
        default:
            // `[`, then each element a level deep, a comma before all but the first.
            try emit((started ? ",\n" : "[\n") + JSONValue.indentation(1) + ChartsOutput.json(part, withPosters: withPosters).serialized(atDepth: 1))
            started = true
        }
    }

    /// Hands the rest to `emit`: the end of a JSON array, or the whole output when it is written
    /// at the end.
    package mutating func finish(to emit: (String) throws -> Void) rethrows {
        guard writesAsItComes else {
            let output = ChartsOutput(parts: kept, asRange: asRange, withPosters: withPosters)
            kept = []
            try emit(DocumentWriter.write(output, format: format, style: style, fields: fields))
            return
        }
        if format == .json { try emit(started ? "\n]\n" : "[]\n") }
    }
}

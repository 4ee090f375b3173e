import BoxOfficeCore

/// A list fetched whole (`--all`), which stops at `ListPager.mostResults`: its JSON says whether
/// it stopped short (`"truncated"`), and its JSON Lines end with a marker line when it did, so a
/// script that reads either knows it lacks the rest; the table's own count says it to people.
package struct WholeList<Base: Presentable>: Presentable {
    package let base: Base
    /// Results in the list.
    package let shown: Int
    /// Results KOBIS counts.
    package let total: Int

    /// Creates the list's output.
    package init(_ base: Base, shown: Int, total: Int) {
        self.base = base
        self.shown = shown
        self.total = total
    }

    /// Whether the list stopped before the results KOBIS counts.
    package var isTruncated: Bool { shown < total }

    package var document: Document { base.document }

    /// The base's JSON and `"truncated"`.
    package var json: JSONValue { .object(base.json.members + [("truncated", .bool(isTruncated))]) }

    /// The base's schema; `truncated` comes with `--all` only.
    package static var jsonSchema: JSONSchema {
        guard case .object(let members) = Base.jsonSchema else { return Base.jsonSchema }
        return .object(members + [("truncated", .sometimes(.boolean))])
    }

    /// The base's lines, then `{"truncated": true, "shown", "totalCount"}` when it stopped short.
    package var jsonLines: [JSONValue] {
        guard isTruncated else { return base.jsonLines }
        return base.jsonLines + [.object([("truncated", .bool(true)), ("shown", .integer(shown)), ("totalCount", .integer(total))])]
    }
}

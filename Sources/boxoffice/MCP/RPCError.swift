import BoxOfficeApp
import BoxOfficeCore

/// A JSON-RPC error answer: the protocol could not be served, as opposed to a tool that failed.
struct RPCError: Error {
    let code: Int
    let message: String
    var data: JSONValue?

    static func parse(_ reason: String) -> RPCError { RPCError(code: -32700, message: "Parse error: \(reason).") }
    static func invalidRequest(_ reason: String) -> RPCError { RPCError(code: -32600, message: "Invalid request: \(reason).") }
    static func methodNotFound(_ method: String) -> RPCError { RPCError(code: -32601, message: "Method not found: \(method).") }
    static func invalidParams(_ reason: String) -> RPCError { RPCError(code: -32602, message: "Invalid params: \(reason).") }

    /// A call still unanswered when its time after the end of the input ran out (-32603, internal).
    static func inputEnded(_ seconds: Double) -> RPCError {
        RPCError(code: -32603, message: "The input ended, and the call was stopped unanswered \(seconds) s later.")
    }

    /// -32022: the request's protocol version is not one this server speaks.
    static func unsupportedVersion(_ requested: JSONValue, supported: [String]) -> RPCError {
        RPCError(
            code: -32022, message: "Unsupported protocol version",
            data: .object([("supported", .array(supported.map(JSONValue.string))), ("requested", requested)]))
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .integer(code)), ("message", .string(message))]
        if let data { members.append(("data", data)) }
        return .object(members)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BoxOfficeClient {
    /// Turns a body into the endpoint's response, or into the error the service meant.
    /// `response` is nil for a cached body, which was a success when it was stored.
    func interpret<Response>(_ data: Data, response: HTTPResponse?, for endpoint: Endpoint<Response>) throws -> Response {
        let service = endpoint.service
        if let response, !response.isSuccess {
            throw Self.statusError(service: service, status: response.statusCode, body: data)
        }
        let decoder = JSONDecoder()
        switch service {
        case .kobis:
            // KOBIS reports errors with HTTP 200, so the fault has to be looked for first; a body
            // without the word cannot hold one, which spares a second parse of every answer.
            if Self.contains(data, Self.faultMarker), let envelope = try? decoder.decode(KOBISFaultEnvelope.self, from: data),
                let fault = envelope.faultInfo
            {
                throw Self.faultError(fault)
            }
        case .kakao:
            if let body = try? decoder.decode(KakaoErrorBody.self, from: data), body.code != nil || body.errorType != nil {
                throw Self.kakaoError(status: nil, body: body)
            }
        }
        do {
            let value = try decoder.decode(Response.self, from: data)
            try endpoint.validate(value)
            return value
        } catch let error as DecodingError {
            throw BoxOfficeError.malformedResponse(
                service, expected: Words("a \(endpoint.info.bodyName) JSON body", "\(endpoint.info.bodyName) JSON 본문"),
                detail: Self.explain(error, data: data))
        }
    }

    private static let faultMarker = Array("faultInfo".utf8)

    /// Whether `needle` occurs in `data`.
    static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            guard let first = needle.first, bytes.count >= needle.count else { return false }
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return true }
                index += 1
            }
            return false
        }
    }

    static func faultError(_ fault: KOBISFault) -> BoxOfficeError {
        let code = fault.errorCode ?? "unknown"
        let message = fault.message ?? "no message"
        // The limit first: its message may mention the key it counts against.
        if message.contains("초과") || message.lowercased().contains("limit") {
            return .quotaExceeded(.kobis, message: message)
        }
        if code == FaultCode.invalidKey || message.contains("키") || message.lowercased().contains("key") {
            return .keyRejected(.kobis, code: code, message: message)
        }
        return .serviceFault(.kobis, code: code, message: message)
    }

    static func statusError(service: APIService, status: Int, body: Data) -> BoxOfficeError {
        if service == .kakao, let parsed = try? JSONDecoder().decode(KakaoErrorBody.self, from: body) {
            return kakaoError(status: status, body: parsed)
        }
        switch status {
        case 401, 403: return .keyRejected(service, code: "HTTP \(status)", message: "access denied")
        case 429: return .rateLimited(service, message: nil)
        default: return .httpStatus(service, status: status, message: nil)
        }
    }

    static func kakaoError(status: Int?, body: KakaoErrorBody) -> BoxOfficeError {
        let message = body.text ?? body.errorType ?? "no message"
        if body.code == KakaoErrorCode.quotaExceeded {
            return .quotaExceeded(.kakao, message: message)
        }
        switch status {
        case 401, 403: return .keyRejected(.kakao, code: body.errorType, message: message)
        case 429: return .rateLimited(.kakao, message: message)
        case .some(let status):
            return .httpStatus(.kakao, status: status, message: [body.errorType, message].compactMap { $0 }.joined(separator: ": "))
        case nil: return .serviceFault(.kakao, code: body.errorType ?? body.code.map(String.init) ?? "unknown", message: message)
        }
    }

    /// Names the field and the problem, so a person can see what the service got wrong.
    private static func explain(_ error: DecodingError, data: Data) -> Words {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "top level" : text)
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            let name = "\(parent == "top level" ? "" : parent + ".")\(key.stringValue)"
            return Words("missing \(name)", "\(name) 항목이 없습니다")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let name = typeName(type)
            return Words("\(path(context)) is not a \(name.english)", "\(path(context)) 값이 \(name.korean)이 아닙니다")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                if data.isEmpty { return Words("the body is empty", "본문이 비어 있습니다") }
                return looksLikeHTML(data) ? Words("it is HTML", "HTML입니다") : Words("it is not valid JSON", "올바른 JSON이 아닙니다")
            }
            return Words("\(path(context)) is invalid", "\(path(context)) 값이 올바르지 않습니다")
        @unknown default:
            return Words("it could not be decoded", "해석할 수 없습니다")
        }
    }

    private static func typeName(_ type: Any.Type) -> Words {
        switch type {
        case is String.Type: Words("string", "문자열")
        case is Int.Type: Words("number", "숫자")
        case is Bool.Type: Words("boolean", "참/거짓 값")
        default: type is any Collection.Type ? Words("list", "목록") : Words("object", "객체")
        }
    }

    private static func looksLikeHTML(_ data: Data) -> Bool {
        let prefix = String(decoding: data.prefix(256), as: UTF8.self)
            .trimmed.lowercased()
        return prefix.hasPrefix("<")
    }
}

/// KOBIS `faultInfo.errorCode` values we act on.
enum FaultCode {
    static let invalidKey = "320010"
}

/// Kakao `code` values we act on.
enum KakaoErrorCode {
    /// "허용된 요청 횟수 초과": the key's quota is used up.
    static let quotaExceeded = -10
}

import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who a mail goes to and from, and what the command knows that a writer must not make up: the
/// time and a unique token for the Message-ID and the boundaries.
package struct MailEnvelope: Sendable {
    /// The recipients (`To:`).
    package var recipients: [MailAddress]
    /// The sender (`From:`); the command line gives one always, the user at this machine unless told.
    package var sender: MailAddress?
    /// The subject; nil for the document's first heading.
    package var subject: String?
    /// When the message was written (`Date:`).
    package var date: Date
    /// Letters and digits unique to this message.
    package var token: String

    /// Creates an envelope.
    package init(
        recipients: [MailAddress] = [], sender: MailAddress? = nil, subject: String? = nil, date: Date = Date(timeIntervalSince1970: 0),
        token: String = "boxoffice"
    ) {
        self.recipients = recipients
        self.sender = sender
        self.subject = subject
        self.date = date
        self.token = String(
            String.UnicodeScalarView(token.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }))
    }
}

/// Writes a document as one whole mail message for `sendmail -t` or `msmtp -t` (RFC 5322, MIME):
/// `multipart/alternative` of the text a terminal shows and HTML made for mail clients; the images
/// the document carries become `multipart/related` parts the HTML names by `cid:`, and the text
/// says "attached" where each is, so no image travels twice. Every body is base64 (7-bit, lines
/// of 76), headers are ASCII (RFC 2047 words) and folded, lines end in LF as a local mailer reads
/// them.
package struct MailMessage: Sendable {
    /// The envelope.
    package let envelope: MailEnvelope

    /// The most bytes a whole message takes by default, headers and base64 included. Postfix
    /// refuses a message past its `message_size_limit`, 10,240,000 bytes unless set otherwise,
    /// and counts it as it arrives: with CRLF line ends (a byte more on every line of 77) and
    /// with the headers each relay adds (Received, DKIM and ARC signatures); other servers stop
    /// at 10 MB of 10,000,000 bytes. A tenth less leaves room for all of that.
    package static let defaultBudget = 9_000_000

    /// The Message-ID's right side when there is no sender to take it from.
    static let fallbackDomain = "boxoffice.invalid"
    /// The plain-text part's width: RFC 5322's 78 characters a line.
    static let textColumns = 78
    /// Base64 line length (RFC 2045 §6.8).
    static let lineLength = 76

    /// Creates a writer.
    package init(envelope: MailEnvelope) {
        self.envelope = envelope
    }

    /// The message.
    package func write(_ document: Document) -> String {
        var text = MessageText()
        compose(document, into: &text)
        return text.message
    }

    /// The bytes `write(_:)` returns for the document, counted without encoding its images: what
    /// a budget is held to.
    package func size(of document: Document) -> Int {
        var size = MessageSize()
        compose(document, into: &size)
        return size.bytes
    }

    private func compose(_ document: Document, into message: inout some MessageSink) {
        let domain = envelope.sender?.domain ?? Self.fallbackDomain
        let token = envelope.token.isEmpty ? "boxoffice" : envelope.token
        var images: [MailHTMLWriter.Image] = []
        let html = MailHTMLWriter(contentIDDomain: "\(token).\(domain)").write(document, images: &images)
        // Laid out for a reader 78 columns wide (mutt, a phone's plain text): columns that do not
        // fit give way as on a narrow terminal, rather than every row wrapping.
        let text = TerminalWriter(style: RenderStyle(terminalWidth: Self.textColumns, keepsTitlesWhole: true)).write(document)
        let heading =
            document.sections.lazy.flatMap(\.blocks).compactMap { block -> String? in
                if case .heading(let text, _) = block { return text }
                return nil
            }.first ?? "boxoffice"

        var headers: [String] = []
        if let sender = envelope.sender { headers.append("From: " + sender.headerText) }
        if !envelope.recipients.isEmpty { headers.append("To: " + envelope.recipients.map(\.headerText).joined(separator: ",\n ")) }
        headers.append("Subject: " + Self.encodedWords(TerminalText.sanitize(envelope.subject ?? heading)).joined(separator: "\n "))
        headers.append("Date: " + Self.dateText(envelope.date))
        headers.append("Message-ID: <\(token)@\(domain)>")
        headers.append("MIME-Version: 1.0")
        // RFC 3834: made by a program, so vacation and other automatic replies leave it unanswered.
        headers.append("Auto-Submitted: auto-generated")

        let alternative = "=_boxoffice_alternative_\(token)"
        let related = "=_boxoffice_related_\(token)"
        message.append(headers.joined(separator: "\n") + "\n")
        message.append("Content-Type: multipart/alternative;\n boundary=\"\(alternative)\"\n\n")
        // The preamble stays ASCII in both languages, as RFC 2046 asks: only a reader that knows no MIME shows it.
        message.append("This is a MIME message: a text and an HTML version of the same report.\n")
        message.append("--\(alternative)\n")
        message.appendPart(type: "text/plain; charset=utf-8", body: Data(text.utf8))
        message.append("--\(alternative)\n")
        if images.isEmpty {
            message.appendPart(type: "text/html; charset=utf-8", body: Data(html.utf8))
        } else {
            message.append("Content-Type: multipart/related; type=\"text/html\";\n boundary=\"\(related)\"\n\n")
            message.append("--\(related)\n")
            message.appendPart(type: "text/html; charset=utf-8", body: Data(html.utf8))
            for image in images {
                message.append("--\(related)\n")
                message.appendPart(
                    type: image.downloaded.kind.mediaType,
                    headers: ["Content-ID: <\(image.contentID)>", "Content-Disposition: inline; filename=\"\(image.fileName)\""],
                    body: image.downloaded.data)
            }
            message.append("--\(related)--\n")
        }
        message.append("--\(alternative)--\n")
    }

    /// Base64 text in lines of 76.
    static func wrapped(_ base64: String) -> String {
        var lines: [Substring] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(rest.prefix(lineLength))
            rest = rest.dropFirst(lineLength)
        }
        return lines.joined(separator: "\n")
    }

    /// The length of `wrapped` for the base64 of `count` bytes: four characters for every three
    /// bytes begun, and a line end between lines.
    static func wrappedLength(ofBase64Of count: Int) -> Int {
        let characters = (count + 2) / 3 * 4
        let lines = (characters + lineLength - 1) / lineLength
        return characters + max(lines - 1, 0)
    }

    /// Text for a header: as it is when it is short printable ASCII, otherwise RFC 2047 encoded
    /// words of at most 75 characters, each holding whole scalars, to be folded between.
    static func encodedWords(_ text: String) -> [String] {
        if text.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }), text.utf8.count <= 60, !text.contains("=?") {
            return [text]
        }
        // 39 bytes make 52 base64 characters; with `=?UTF-8?B?` and `?=` a word is 64, so that
        // `Subject: ` and the first word stay within RFC 5322's 78 octets a line.
        let maximumBytes = 39
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > maximumBytes {
                words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sat, 19 Aug 2023 07:00:00 +0900` (RFC 5322 §3.3), in Seoul time as the report is: the
    /// day and its time are KSTDate's, the one calendar of the package.
    static func dateText(_ date: Date) -> String {
        let day = KSTDate.today(at: date)
        let second = KSTDate.secondOfDay(at: date)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(weekdays[day.weekday - 1]), \(day.day) \(months[day.month - 1]) \(day.year) \(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) +0900"
    }
}

/// Where a message is composed: its text, or only its length.
private protocol MessageSink {
    /// Adds text.
    mutating func append(_ text: String)
    /// Adds the base64 of the bytes in lines of 76, and a line end.
    mutating func appendBase64(_ data: Data)
}

extension MessageSink {
    /// A part's headers, a blank line and its body in base64.
    mutating func appendPart(type: String, headers: [String] = [], body: Data) {
        append((["Content-Type: \(type)", "Content-Transfer-Encoding: base64"] + headers).joined(separator: "\n") + "\n\n")
        appendBase64(body)
    }
}

/// The message as text.
private struct MessageText: MessageSink {
    var message = ""

    mutating func append(_ text: String) {
        message += text
    }

    mutating func appendBase64(_ data: Data) {
        message += MailMessage.wrapped(data.base64EncodedString()) + "\n"
    }
}

/// The message's length in bytes, its base64 counted rather than made.
private struct MessageSize: MessageSink {
    var bytes = 0

    mutating func append(_ text: String) {
        bytes += text.utf8.count
    }

    mutating func appendBase64(_ data: Data) {
        bytes += MailMessage.wrappedLength(ofBase64Of: data.count) + 1
    }
}

/// `%XX` for one byte, as RFC 3986 writes it.
enum PercentEncoding {
    private static let hex = Array("0123456789ABCDEF")

    static func escape(_ byte: UInt8) -> String {
        "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
    }
}

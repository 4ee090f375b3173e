/// The error body KOBIS sends with HTTP 200: `{"faultInfo":{"message":…,"errorCode":…}}`.
struct KOBISFaultEnvelope: Decodable {
    let faultInfo: KOBISFault?
}

/// The fault itself.
struct KOBISFault: Decodable {
    let message: String?
    let errorCode: String?
}

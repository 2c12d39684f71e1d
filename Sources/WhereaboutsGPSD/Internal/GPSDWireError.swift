/// Why a line decoded as JSON is still not a gpsd message.
struct GPSDWireError: Error {
    let message: String
}

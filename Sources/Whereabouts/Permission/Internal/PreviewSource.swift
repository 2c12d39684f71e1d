/// The source of a previewed device: one position and one heading, then nothing more until the OS stops reading.
struct PreviewSource: LocationSource {
    let position: Location
    let heading: Heading

    var providesHeadings: Bool { true }

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        // The stream stays open (a device standing still) so the OS never reports the source as ended.
        AsyncThrowingStream { continuation in
            continuation.yield(.location(position))
            continuation.yield(.heading(heading))
        }
    }
}

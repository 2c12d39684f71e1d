import Foundation
@_spi(Testing) import WhereaboutsGPSD

/// Compares what the two paths of ``GPSDDecoder`` give, to the bit: `-0.0` is not `0.0` here, unlike in `==`.
enum TPVComparison {
    /// What a decoder made of a line: its message or its error.
    typealias Outcome = Result<GPSDMessage, GPSDDecodingError>

    /// Runs a decoder on a line, keeping its error.
    static func outcome(_ decode: () throws(GPSDDecodingError) -> GPSDMessage) -> Outcome {
        do {
            return .success(try decode())
        } catch {
            return .failure(error)
        }
    }

    /// Whether two outcomes are the same message, or the same error.
    static func same(_ first: Outcome, _ second: Outcome) -> Bool {
        switch (first, second) {
        case (.success(let one), .success(let other)): same(one, other)
        case (.failure(let one), .failure(let other)): one == other
        default: false
        }
    }

    /// Whether two messages are equal, with a `TPV`'s numbers compared bit for bit.
    static func same(_ first: GPSDMessage, _ second: GPSDMessage) -> Bool {
        guard case .tpv(let one) = first, case .tpv(let other) = second else { return first == second }
        let numbers: [KeyPath<GPSDReport, Double?>] = [
            \.lat, \.lon, \.altHAE, \.altMSL, \.alt, \.eph, \.epx, \.epy, \.epv, \.speed, \.track, \.climb,
        ]
        return one == other && one.device == other.device && one.mode == other.mode
            && one.time?.timeIntervalSinceReferenceDate.bitPattern
                == other.time?.timeIntervalSinceReferenceDate.bitPattern
            && numbers.allSatisfy { one[keyPath: $0]?.bitPattern == other[keyPath: $0]?.bitPattern }
    }
}

/// A number split at its decimal point: `integer.mantissa`, the mantissa with `fractionDigits` digits.
struct NMEADigits {
    var integer = 0
    var integerDigits = 0
    var mantissa = 0
    var fractionDigits = 0

    /// The value, correctly rounded: `(integer × 10ᵏ + mantissa) / 10ᵏ` divides two numbers a
    /// `Double` holds exactly when they are below 2⁵³, which is why digits beyond 15 are dropped.
    var value: Double {
        guard fractionDigits > 0 else { return Double(integer) }
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let (scaled, overflow) = integer.multipliedReportingOverflow(by: scale)
        if !overflow, scaled < (1 << 53) - mantissa {
            return Double(scaled + mantissa) / Double(scale)
        }
        return Double(integer) + Double(mantissa) / Double(scale)
    }
}

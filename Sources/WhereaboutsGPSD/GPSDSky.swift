/// A gpsd `SKY` report: how many satellites are seen and used, and the dilutions of precision.
///
/// Every value is optional, as gpsd leaves out what it has not computed yet. Names follow gpsd's
/// JSON keys, as ``GPSDReport``'s do.
public struct GPSDSky: Hashable, Sendable {
    /// The device that reported, as gpsd names it.
    public var device: String?
    /// Satellites in view (`nSat`).
    public var nSat: Int?
    /// Satellites used in the fix (`uSat`).
    public var uSat: Int?
    /// Horizontal dilution of precision (`hdop`).
    public var hdop: Double?
    /// Vertical dilution of precision (`vdop`).
    public var vdop: Double?
    /// Position (3-D) dilution of precision (`pdop`).
    public var pdop: Double?

    /// Creates a sky report.
    ///
    /// - Parameters:
    ///   - device: The reporting device.
    ///   - nSat: Satellites in view.
    ///   - uSat: Satellites used in the fix.
    ///   - hdop: Horizontal dilution of precision.
    ///   - vdop: Vertical dilution of precision.
    ///   - pdop: Position dilution of precision.
    public init(
        device: String? = nil,
        nSat: Int? = nil,
        uSat: Int? = nil,
        hdop: Double? = nil,
        vdop: Double? = nil,
        pdop: Double? = nil
    ) {
        self.device = device
        self.nSat = nSat
        self.uSat = uSat
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
    }
}

/// A position on the WGS-84 ellipsoid, in decimal degrees.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator, -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and inside their ranges. A coordinate that is not valid is
    /// never used for distance.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
    }
}

import Foundation

/// What a Traccar Client (OsmAnd protocol) request carries, whichever way it was sent: query
/// parameters, a form body, or a JSON body.
public enum TraccarReport {
    /// The positions of one request: its `query` (after `?`) and, for a POST, its `body` with its
    /// `contentType`. JSON (a body starting with `{`, or `application/json`) is Traccar Client 9's shape;
    /// otherwise the body's form parameters, merged after the query's. Each position's refusal is
    /// returned in its place, so one bad report of a batch does not lose the others.
    public static func positions(query: Substring, body: Data, contentType: String?) -> [Result<
        PhonePosition, PhoneRefusal
    >] {
        let isJSON =
            contentType?.lowercased().hasPrefix("application/json") == true
            || body.first(where: { $0 > 0x20 }) == UInt8(ascii: "{")
        if isJSON {
            do {
                let dto = try TraccarJSONReportDTO.decode(body)
                return dto.locations.map { location in
                    Result { () throws(PhoneRefusal) in try location.toPosition(device: dto.deviceID) }
                }
            } catch {
                return [.failure(error)]
            }
        }
        var parameters = OsmAndParameters(urlEncoded: query)
        if !body.isEmpty {
            guard let text = String(data: body, encoding: .utf8) else { return [.failure(.malformed)] }
            let form = OsmAndParameters(urlEncoded: Substring(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            parameters.values.merge(form.values) { query, _ in query }
        }
        return [Result { () throws(PhoneRefusal) in try parameters.toPosition() }]
    }
}

import GeoCore
import Testing
@testable import MapRender

/// A name with several OpenStreetMap values ("a;b") is labelled by its first, trimmed.
@Suite struct LabelTextTests {
    @Test func aLabelShowsTheFirstOfSeveralValues() throws {
        let sculpture = Feature(id: FeatureID(kind: .poi, row: 1), category: "see", name: "Äiti ja lapset;Kaksi lasta",
                                geometry: .point(Coordinate(lat: 60.1622, lon: 24.9398)))
        let layout = try MapRenderer.drawn(MapRequest(features: [sculpture], framing: .center(Coordinate(lat: 60.1622, lon: 24.9398), zoom: 16),
                                                      width: 400, height: 300, style: try MapStyle.named("default"))).annotations
        #expect(layout.labels.map(\.text) == ["Äiti ja lapset"])
        #expect(LabelText.of(" Kamppi ; Kampen") == "Kamppi" && LabelText.of(";") == nil && LabelText.of("Esplanadi") == "Esplanadi")
        #expect(LabelText.of(" ; Kampen") == "Kampen" && LabelText.of("  ") == nil)
        // A line break is a space: lines are broken only where the label's width asks.
        #expect(LabelText.of("Kansallis-\nmuseo") == "Kansallis- museo" && LabelText.of("Ateneum\r\n;Ateneum") == "Ateneum")
        #expect(LabelText.of("\u{A0}Kiasma ") == "Kiasma" && LabelText.of("") == nil && LabelText.of(nil) == nil && LabelText.of("Oodi") == "Oodi")
        // Names that leave the plain fast path: letters beyond ASCII at either end, a space before one.
        #expect(LabelText.of("\tKamppi ") == "Kamppi" && LabelText.of("Töölö") == "Töölö" && LabelText.of("Ö-ö ") == "Ö-ö")
    }
}

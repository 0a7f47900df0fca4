import GeoCore

// Every text a record brings is checked here, once for all formats: a NUL (U+0000) would cut
// the text short where it is stored (SQLite takes text up to its first NUL), so a record with
// one is refused, naming the field, rather than stored truncated.

/// A record whose texts `ParsedFile.collect`/`attempt` check before keeping it.
protocol RecordTexts {
    func checkTexts() throws(GeoError)
}

/// Refuses `text` when it holds a NUL; `field` is made only then.
private func check(_ field: @autoclosure () -> String, _ text: String?) throws(GeoError) {
    guard let text, text.utf8.contains(0) else { return }
    throw .invalid(field: field(), reason: "contains a NUL character (U+0000), which text may not hold")
}

private func check(_ base: String, _ texts: [String: String]) throws(GeoError) {
    for (language, text) in texts {
        try check("\(base):\(language)", language)
        try check("\(base):\(language)", text)
    }
}

extension ImportRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        switch self {
        case let .place(p): try p.checkTexts()
        case let .water(w): try w.checkTexts()
        case let .cinema(c): try c.checkTexts()
        case let .trip(t): try t.checkTexts()
        }
    }
}

extension PlaceRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        try check("category", category)
        try check("name", name)
        try check("name", names)
        for other in alternateNames { try check("alt_names", other) }
        try check("description", description)
        try check("description", descriptions)
        try check("address", address)
        try check("phone", phone)
        try check("mobile", mobilePhone)
        try check("email", email)
        try check("website", website)
        for image in images { try check("image", image) }
        try check("timezone", timezone)
        try check("id", sourceID)
    }
}

extension WaterRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        try check("name", name)
        for other in alternateNames { try check("alt_names", other) }
        try check("water", waterKind)
        try check("district", district)
        try check("organisation", organisation)
        try check("id", sourceID)
    }
}

extension CinemaRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        try check("name", name)
        for other in alternateNames { try check("alt_names", other) }
        try check("address", address)
        try check("website", website)
        try check("timezone", timezone)
        try check("id", sourceID)
        for (i, s) in screenings.enumerated() {
            try check("screenings[\(i)].title", s.title)
            try check("screenings[\(i)].rating", s.rating)
            try check("screenings[\(i)].version", s.version)
        }
    }
}

extension TripRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        try check("name", name)
        try check("notes", notes)
        try check("weather", weather)
        try check("water", waterName)
        try check("id", sourceID)
        for (i, fish) in catches.enumerated() {
            try check("catches[\(i)].species", fish.species)
            try check("catches[\(i)].bait", fish.bait)
        }
    }
}

import GeoCore

// Every text a record brings is checked here, once for all formats: a NUL (U+0000) would cut
// the text short where it is stored (`TextRule.stored`), so a record with one is refused, naming
// the field, rather than stored truncated; and a text longer than its
// field's limit (`TextLimit`) is refused, since every answer, table and search carries it.

/// A record whose texts `ParsedFile.collect`/`attempt` check before keeping it.
protocol RecordTexts {
    func checkTexts() throws(GeoError)
}

/// The most characters a record's text may hold, by what the text is.
package enum TextLimit {
    /// Codes: a category, a zone, an id, a rating, a language.
    package static let code = 200
    /// A name in any language, another name, a film's title, a species.
    package static let name = 1_000
    /// An address, a phone number, an e-mail address, a web address, a district.
    package static let text = 2_000
    /// A description, a trip's notes.
    package static let long = 100_000
}

/// Refuses `text` when it holds a NUL or is longer than `limit`; `field` is made only then.
private func check(_ field: @autoclosure () -> String, _ text: String?, atMost limit: Int = TextLimit.text) throws(GeoError) {
    guard let text else { return }
    // Counting characters reads the whole text: only for texts whose bytes could exceed it.
    if text.utf8.count > limit, case let count = text.count, count > limit {
        throw .invalid(field: .record(field()), reason: "is \(count) characters long, more than \(limit)")
    }
    if let reason = TextRule.stored.refusal(text) { throw .invalid(field: .record(field()), reason: reason) }
}

private func check(_ base: String, _ texts: [String: String], atMost limit: Int) throws(GeoError) {
    for (language, text) in texts {
        try check("\(base):\(language)", language, atMost: TextLimit.code)
        try check("\(base):\(language)", text, atMost: limit)
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
        try check("category", category, atMost: TextLimit.code)
        try check("name", name, atMost: TextLimit.name)
        try check("name", names, atMost: TextLimit.name)
        for other in alternateNames { try check("alt_names", other, atMost: TextLimit.name) }
        try check("description", description, atMost: TextLimit.long)
        try check("description", descriptions, atMost: TextLimit.long)
        try check("address", address)
        try check("phone", phone)
        try check("mobile", mobilePhone)
        try check("email", email)
        try check("website", website)
        for image in images { try check("image", image) }
        try check("timezone", timezone, atMost: TextLimit.code)
        try check("id", sourceID)
    }
}

extension WaterRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        try check("name", name, atMost: TextLimit.name)
        for other in alternateNames { try check("alt_names", other, atMost: TextLimit.name) }
        try check("water", waterKind, atMost: TextLimit.code)
        try check("district", district)
        try check("organisation", organisation)
        try check("id", sourceID)
    }
}

extension CinemaRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        try check("name", name, atMost: TextLimit.name)
        for other in alternateNames { try check("alt_names", other, atMost: TextLimit.name) }
        try check("address", address)
        try check("website", website)
        try check("timezone", timezone, atMost: TextLimit.code)
        try check("id", sourceID)
        for (i, s) in screenings.enumerated() {
            try check("screenings[\(i)].title", s.title, atMost: TextLimit.name)
            try check("screenings[\(i)].rating", s.rating, atMost: TextLimit.code)
            try check("screenings[\(i)].version", s.version, atMost: TextLimit.code)
        }
    }
}

extension TripRecord: RecordTexts {
    func checkTexts() throws(GeoError) {
        try check("name", name, atMost: TextLimit.name)
        try check("notes", notes, atMost: TextLimit.long)
        try check("weather", weather)
        try check("water", waterName, atMost: TextLimit.name)
        try check("id", sourceID)
        for (i, fish) in catches.enumerated() {
            try check("catches[\(i)].species", fish.species, atMost: TextLimit.name)
            try check("catches[\(i)].bait", fish.bait)
        }
    }
}

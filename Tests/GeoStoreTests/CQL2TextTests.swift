import Foundation
import GeoCore
import Testing
@testable import GeoStore

/// CQL2 text read into the trees written out here (known values), with the standard's precedence
/// (NOT over AND over OR), and what a filter keeps: text compared as stored after NFC, by code
/// points, a missing value or position making a test unknown (CQL2's three values).
@Suite struct CQL2TextTests {
    @Test func textReadsIntoTheTreeItMeans() throws {
        let eat = FeatureFilter.compare(.category, .equal, "eat")
        let box = BoundingBox(minLon: 1, minLat: 2, maxLon: 3, maxLat: 4)
        let read: [(String, FeatureFilter)] = [
            ("category = 'eat'", eat),
            ("category='eat'", eat),
            ("\"category\" = 'eat'", eat),
            ("'eat' = category", eat),
            ("'m' < name", .compare(.name, .greater, "m")),
            ("name <> 'it''s'", .compare(.name, .notEqual, "it's")),
            ("name <= 'a' or name >= 'b' and not source is null",
             .or([.compare(.name, .lessOrEqual, "a"), .and([.compare(.name, .greaterOrEqual, "b"), .not(.isNull(.source))])])),
            ("(name < 'a' OR name > 'b') AND source IS NOT NULL",
             .and([.or([.compare(.name, .less, "a"), .compare(.name, .greater, "b")]), .not(.isNull(.source))])),
            ("S_INTERSECTS(geometry, BBOX(1, 2, 3, 4))", .intersects(box)),
            ("S_Intersects(BBOX(1,2,3,4),geometry)", .intersects(box)),
            ("S_INTERSECTS(geometry, POLYGON((1 2, 3 2, 3 4, 1 4, 1 2)))", .intersects(box)),
            ("S_INTERSECTS(geometry, POLYGON((1 2, 1 4, 3 4, 3 2, 1 2)))", .intersects(box)),
            ("S_INTERSECTS(geometry, POINT(1 2))", .intersects(BoundingBox(minLon: 1, minLat: 2, maxLon: 1, maxLat: 2))),
            ("TRUE AND NOT FALSE", .and([.and([]), .not(.or([]))])),
        ]
        for (text, tree) in read {
            #expect(try CQL2Text.parse(text) == tree, "\(text)")
        }
        // The box a listing walks: a top-level intersects, alone or in an AND, and no other.
        #expect(try CQL2Text.parse("category = 'eat' AND S_INTERSECTS(geometry, BBOX(1,2,3,4))").box == box)
        #expect(try CQL2Text.parse("category = 'eat' OR S_INTERSECTS(geometry, BBOX(1,2,3,4))").box == nil)
        #expect(try CQL2Text.parse("NOT S_INTERSECTS(geometry, BBOX(1,2,3,4))").box == nil)
    }

    /// Nesting as deep as the limit reads; one level more, or a hundred thousand, is refused
    /// naming the filter (the parser recurses: a request must not run its stack out).
    @Test func nestingIsBounded() throws {
        let limit = CQL2Text.maxDepth
        #expect(try CQL2Text.parse(String(repeating: "(", count: limit) + "name = 'a'" + String(repeating: ")", count: limit)) == .compare(.name, .equal, "a"))
        for text in [String(repeating: "(", count: limit + 1) + "name = 'a'" + String(repeating: ")", count: limit + 1),
                     String(repeating: "NOT ", count: limit + 1) + "name = 'a'", String(repeating: "(", count: 100_000),
                     String(repeating: "NOT ", count: 100_000) + "TRUE"] {
            #expect(throws: GeoError.self) { try CQL2Text.parse(text) }
            do { _ = try CQL2Text.parse(text) } catch { #expect(error.field == .filter && "\(error)".contains("nested deeper"), "\(error)") }
        }
    }

    @Test func whatAFilterKeeps() {
        func place(_ name: String?, source: String? = nil, at c: Coordinate? = Coordinate(lat: 3, lon: 2)) -> Feature {
            Feature(id: FeatureID(kind: .poi, row: 1), category: "eat", name: name, geometry: c.map(Geometry.point) ?? Feature.unlocated, source: source)
        }
        // "é" composed and decomposed are one name; "É" is another; "Z" sorts before "a" (code points).
        #expect(FeatureFilter.compare(.name, .equal, "Caf\u{E9}").keeps(place("Cafe\u{301}")))
        #expect(!FeatureFilter.compare(.name, .equal, "CAF\u{C9}").keeps(place("Caf\u{E9}")))
        #expect(FeatureFilter.compare(.name, .less, "a").keeps(place("Z")))
        #expect(FeatureFilter.compare(.name, .greaterOrEqual, "ab").keeps(place("ab")) && !FeatureFilter.compare(.name, .greater, "ab").keeps(place("ab")))
        // No name: no comparison holds, not even <>; IS NULL does.
        #expect(!FeatureFilter.compare(.name, .notEqual, "x").keeps(place(nil)) && FeatureFilter.isNull(.name).keeps(place(nil)))
        #expect(FeatureFilter.compare(.source, .equal, "osm").keeps(place("a", source: "osm")))
        let box = BoundingBox(minLon: 1, minLat: 2, maxLon: 3, maxLat: 4)
        #expect(FeatureFilter.intersects(box).keeps(place("a")) && !FeatureFilter.intersects(box).keeps(place("a", at: Coordinate(lat: 5, lon: 2))))
        #expect(!FeatureFilter.intersects(box).keeps(place("a", at: nil)))
        #expect(FeatureFilter.intersects(BoundingBox(minLon: 170, minLat: -10, maxLon: -170, maxLat: 10)).keeps(place("a", at: Coordinate(lat: 0, lon: -175))))
    }

    /// CQL2's unknown, against the standard's truth tables (Kleene's) written out here: a
    /// feature without a name is unknown to `name = 'a'` and to `NOT name = 'a'`, kept by neither;
    /// one without a position likewise to a box; `OR` with a true side and `IS NULL` are known.
    @Test func aMissingValueIsUnknownEvenUnderNot() throws {
        let box = BoundingBox(minLon: 0, minLat: 0, maxLon: 10, maxLat: 10)
        let nameless = Feature(id: FeatureID(kind: .water, row: 1), category: "water", name: nil, geometry: .point(Coordinate(lat: 5, lon: 5)))
        let unlocated = Feature(id: FeatureID(kind: .poi, row: 2), category: "stay", name: "a", geometry: Feature.unlocated)
        let named = FeatureFilter.compare(.name, .equal, "a"), inBox = FeatureFilter.intersects(box)
        let cases: [(FeatureFilter, Feature, Bool?)] = [
            (named, nameless, nil), (.not(named), nameless, nil), (.not(.not(named)), nameless, nil),
            (.isNull(.name), nameless, true), (.not(.isNull(.name)), nameless, false),
            (.and([named, .isNull(.name)]), nameless, nil), (.and([named, .not(.isNull(.name))]), nameless, false),
            (.or([named, .isNull(.name)]), nameless, true), (.or([named, .not(.isNull(.name))]), nameless, nil),
            (inBox, nameless, true), (.not(inBox), nameless, false),
            (inBox, unlocated, nil), (.not(inBox), unlocated, nil), (.or([.not(inBox), named]), unlocated, true),
            (.and([.not(inBox), named]), unlocated, nil), (.and([]), unlocated, true), (.or([]), unlocated, false),
        ]
        for (filter, feature, expected) in cases {
            #expect(filter.meets(feature) == expected, "\(filter) on \(feature.id)")
            #expect(filter.keeps(feature) == (expected == true), "\(filter) on \(feature.id)")
        }
    }
}

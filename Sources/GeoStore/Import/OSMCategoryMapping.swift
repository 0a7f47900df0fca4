/// Maps OpenStreetMap tags to Waymark's category codes.
public enum OSMCategoryMapping {
    /// The mapping, in order of precedence (`values` nil = any value of the key):
    ///
    /// | OSM tag | category |
    /// |---|---|
    /// | amenity=restaurant, cafe, fast_food, pub, bar, food_court, ice_cream, biergarten | eat |
    /// | tourism=hotel, guest_house, hostel, motel, camp_site, caravan_site, chalet, apartment | stay |
    /// | tourism=artwork, museum, viewpoint, attraction, gallery | see |
    /// | historic=* | see |
    /// | amenity=place_of_worship, theatre, arts_centre | see |
    /// | amenity=nightclub, casino | do |
    /// | leisure=* | leisure |
    /// | sport=* | leisure |
    /// | amenity=cinema | cinema |
    /// | natural=water | water |
    /// | waterway=* | water |
    /// | water=* | water |
    /// | place=city, town, village, hamlet | city |
    ///
    /// OpenStreetMap's `leisure=*` (parks, pitches, playgrounds, sports centres, marinas…) is a
    /// category of its own: "do" is the travel guide's "Ko darīt", which a town's every playground
    /// would bury.
    ///
    /// Keys are tried in the order they first appear here (amenity, tourism, historic, leisure,
    /// sport, natural, waterway, water, place), so `amenity=restaurant` + `tourism=hotel` is eat.
    /// A semicolon list such as `amenity=nightclub;restaurant` tries its values in order (→ do).
    /// Tags that map to nothing give nil; the importers then use the category `other`, so such
    /// places are kept and can still be found by name.
    public static let table: [(key: String, values: [String]?, category: String)] = [
        ("amenity", ["restaurant", "cafe", "fast_food", "pub", "bar", "food_court", "ice_cream", "biergarten"], "eat"),
        ("tourism", ["hotel", "guest_house", "hostel", "motel", "camp_site", "caravan_site", "chalet", "apartment"], "stay"),
        ("tourism", ["artwork", "museum", "viewpoint", "attraction", "gallery"], "see"),
        ("historic", nil, "see"),
        ("amenity", ["place_of_worship", "theatre", "arts_centre"], "see"),
        ("amenity", ["nightclub", "casino"], "do"),
        ("leisure", nil, "leisure"),
        ("sport", nil, "leisure"),
        ("amenity", ["cinema"], "cinema"),
        ("natural", ["water"], "water"),
        ("waterway", nil, "water"),
        ("water", nil, "water"),
        ("place", ["city", "town", "village", "hamlet"], "city"),
    ]

    /// The category of the first tag that maps, or nil when none does.
    public static func category(for tags: [String: String]) -> String? {
        category { tags[$0] }
    }

    /// The keys of `table`, each once, in the order they are tried.
    static let keys: [String] = {
        var seen = Set<String>()
        return table.map(\.key).filter { seen.insert($0).inserted }
    }()

    /// `category(for:)` over tags that `tag` looks up by key.
    static func category(lookup tag: (String) -> String?) -> String? {
        for key in keys {
            guard let list = tag(key) else { continue }
            for value in list.split(separator: ";").map({ String($0).trimmed }) where !value.isEmpty {
                let match = table.first { $0.key == key && ($0.values?.contains(value) ?? true) }
                if let match { return match.category }
            }
        }
        return nil
    }
}

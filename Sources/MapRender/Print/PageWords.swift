/// The page's own words in the map's language (the data brings its names; these are ours).
struct PageWords {
    let continued, noObjects, data, unnamed: String

    init(_ language: String?) {
        switch language?.lowercased().prefix(2) {
        case "lv": self.init(continued: "rādītājs, turpinājums", noObjects: "Šajā apvidū nav izvēlēto kategoriju objektu.", data: "Dati", unnamed: "(bez nosaukuma)")
        case "cs": self.init(continued: "rejstřík, pokračování", noObjects: "V této oblasti nejsou žádné objekty zvolených kategorií.", data: "Data", unnamed: "(bez názvu)")
        default: self.init(continued: "index, continued", noObjects: "No objects of the chosen categories in this area.", data: "Data", unnamed: "(unnamed)")
        }
    }

    private init(continued: String, noObjects: String, data: String, unnamed: String) {
        (self.continued, self.noObjects, self.data, self.unnamed) = (continued, noObjects, data, unnamed)
    }
}

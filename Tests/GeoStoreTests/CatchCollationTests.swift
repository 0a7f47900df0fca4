import Testing
@testable import GeoStore

/// The catch statistics' groups in a language's order (issue 30, item 4: "Štika" came last, after
/// "Zander", in the order of code points). The oracle is each alphabet as its language teaches it:
/// Czech has č after c, ř after r, š after s as letters of their own; Finnish has å after z;
/// Unicode's root collation, without a language, sorts a letter with its diacritic beside the
/// letter, after it only where the words are otherwise equal.
@Suite struct CatchCollationTests {
    static let species = ["Štika", "Zander", "Sumec", "Cejn", "Čtverec", "candát", "Řízek", "Rak", "Kapr", "Åland", "Stika"]

    static func order(_ language: String?) -> [String] {
        let rows: [CatchStatistic.Row] = species.map { (1, "Orlík", "2024-05-18T05:00:00Z", nil, "Europe/Prague", $0, "2024-05-18T06:00:00Z", nil, nil) }
        return CatchStatistic.tally(rows, by: [.species], filter: CatchFilter(), language: language).map { $0.group[0] }
    }

    @Test func czechSortsEachLetterWithADiacriticAfterItsBase() {
        #expect(Self.order("cs") == ["Åland", "candát", "Cejn", "Čtverec", "Kapr", "Rak", "Řízek", "Stika", "Sumec", "Štika", "Zander"])
    }

    @Test func finnishSortsÅAfterZ() {
        #expect(Self.order("fi").last == "Åland")
    }

    @Test func withoutALanguageADiacriticSortsBesideItsLetter() {
        #expect(Self.order(nil) == ["Åland", "candát", "Cejn", "Čtverec", "Kapr", "Rak", "Řízek", "Stika", "Štika", "Sumec", "Zander"])
    }

    /// Groups of several values are ordered by the first, then the next: water, then species.
    @Test func groupsAreOrderedValueByValue() {
        let rows: [CatchStatistic.Row] = [(1, "Želivka", "Kapr"), (2, "Orlík", "Štika"), (2, "Orlík", "Sumec"), (3, "Lipno", "Štika")].map {
            ($0.0, $0.1, nil, nil, nil, $0.2, nil, nil, nil)
        }
        #expect(CatchStatistic.tally(rows, by: [.water, .species], filter: CatchFilter(), language: "cs").map(\.group)
                == [["Lipno", "Štika"], ["Orlík", "Sumec"], ["Orlík", "Štika"], ["Želivka", "Kapr"]])
    }
}

import GeoCore
import GeoStore
import MapRender

// The one bridge from a store to a map: the renderer itself is handed features and never reads
// a database; the CLI, the server and the tests fetch them here, all the same way.

extension MapRequest {
    /// The request with `features` fetched from `store` and the attribution their sources ask
    /// for: all of the chosen categories when fitting; otherwise those within the image's fetch
    /// area (the image, and around it what its pins, clusters and labels depend on).
    /// With `base`, also the base map under the frame (at the frame's zoom) and its credits.
    /// Stops with `CancellationError` between pages once `cancellation` is cancelled.
    public func fetchingFeatures(from store: any FeatureStore, base: (any BaseMapSource)? = nil,
                                 cancellation: Cancellation = .never) throws -> MapRequest {
        var request = self
        let area: BoundingBox = if case .fit = framing {
            BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90)
        } else {
            MapRenderer.fetchArea(try MapRenderer.frame(self, []), style: style)
        }
        request.features = try store.features(in: area, categories: categories, cancellation: cancellation)
        request.attribution = Attribution.lines(for: request.features)
        if let base {
            try cancellation.check()
            request.base = try base.baseFeatures(for: MapRenderer.frame(request, request.features), style: style)
            request.attribution = Set(request.attribution + Attribution.lines(forBaseFiles: try base.baseSources())).sorted()
        }
        return request
    }
}

extension BaseMapSource {
    /// The base features a map or tile with this viewport draws: those of its zoom's band within
    /// its base fetch area (the image, and around it what road casings and names depend on).
    public func baseFeatures(for viewport: Viewport, style: MapStyle) throws -> [BaseFeature] {
        try baseFeatures(in: MapRenderer.baseFetchArea(viewport, style: style), zoom: MapRenderer.baseZoom(viewport))
    }
}

extension FeatureStore {
    /// Every feature of `categories` in `box`, page after page; with `cancellation`, stopping
    /// between pages once it is cancelled, and within a page between batches of rows where the
    /// store checks `Cancellation.current` (SpatiaLite's walk does: a page of a large box walks
    /// every row of it).
    public func features(in box: BoundingBox, categories: CategoryFilter, cancellation: Cancellation = .never) throws -> [Feature] {
        var features: [Feature] = [], after: Cursor?
        repeat {
            try cancellation.check()
            let page = try cancellation.bound { try bbox(BoxQuery(box: box, limit: maximumLimit, categories: categories, after: after)) }
            features += page.features
            after = page.next
        } while after != nil
        return features
    }
}

extension PrintedMap {
    /// The map with its features fetched from `store`: every feature of its categories when
    /// fitting, else those within the area its frame shows; with the credits their sources ask for.
    public func fetchingFeatures(from store: any FeatureStore, base: (any BaseMapSource)? = nil) throws -> PrintedMap {
        var map = self
        if case .fit = area {
            map.features = try store.features(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), categories: categories)
        } else {
            // The frame depends on the legend's rows, and with all categories the legend is made of
            // those the features bring: fetch again until what was fetched covers the final frame.
            var fetched: BoundingBox?
            for _ in 0..<4 {
                let frame = try PrintLayout(map).viewport.bounds
                let corners = [(frame.minLat, frame.minLon), (frame.minLat, frame.maxLon), (frame.maxLat, frame.minLon), (frame.maxLat, frame.maxLon)]
                if let fetched, corners.allSatisfy({ fetched.contains(Coordinate(lat: $0.0, lon: $0.1)) }) { break }
                map.features = try store.features(in: frame, categories: categories)
                fetched = frame
            }
        }
        map.attribution = Attribution.lines(for: map.features)
        if let base {
            map.base = try base.baseFeatures(for: PrintLayout(map).viewport, style: map.style)
            map.attribution = Set(map.attribution + Attribution.lines(forBaseFiles: try base.baseSources())).sorted()
        }
        return map
    }
}

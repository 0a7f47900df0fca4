import Foundation
import GeoCore

/// The pins and labels of one map image or tile: marks merged into clusters on the world grid,
/// labels placed by `LabelPlacement`. All decisions are made on the viewport's world plane, so an
/// image shows exactly what any other window on the same plane shows where the two overlap —
/// provided both were handed the marks within `margin` of themselves.
struct AnnotationLayout {
    struct Pin {
        let group: MarkGroup
        /// The tip, in image pixels.
        let tip: (x: Double, y: Double)
        let extent: PixelExtent
    }

    /// The pins that reach into the image, in drawing order (north to south, so that a pin
    /// stands in front of those behind it).
    let pins: [Pin]
    /// The labels that reach into the image, in image pixels.
    let labels: [PlacedLabel]

    /// Space between a pin's extent and its label.
    static let labelGap = 2.0

    /// - Parameter keepInside: for a finished image: labels stay whole inside it and off
    ///   `obstacles` (image pixels: legend, scale bar). Without it (tiles and overlays) labels
    ///   are decided as on an endless map, so that neighbouring tiles fit together.
    init(features: [Feature], viewport: Viewport, style: MapStyle, language: String?, keepInside: Bool, obstacles: [PixelRect] = [],
         measure: @escaping (String) -> (width: Double, height: Double)) {
        let origin = viewport.origin
        let window = PixelRect(x: origin.x, y: origin.y, width: viewport.width, height: viewport.height)
        let margin = Self.margin(style)
        let rank = Dictionary(style.legend.order.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        let positions = features.map(MapRenderer.pinPosition)
        let grid = ClusterGrid(count: features.count, cellSize: MapRenderer.clusterCell(style),
                               area: window.grown(by: margin), position: { positions[$0].map(viewport.worldPixel) },
                               category: { features[$0].category }) { i in
            // A category earlier in the legend's order has its labels placed first.
            let f = features[i]
            return LayoutMark(id: f.id.description, category: f.category, position: positions[i]!, label: f.name(in: language),
                              priority: rank[f.category] ?? rank.count)
        }
        // The groups whose pins may meet `rect`: their tips lie within the largest pin's reach.
        let largest = MapRenderer.largestMarkExtent(style), ink = Self.shadowReach(style) * style.clusters.maxScale
        let pinReach = (x: max(largest.left, largest.right) + ink, y: max(largest.top, largest.bottom) + ink)
        func groups(near rect: PixelRect) -> [ClusterGrid.Placed] {
            var found: [ClusterGrid.Placed] = []
            grid.forEachCell(meeting: rect.grown(by: pinReach)) { found += grid.groups(inCell: $0) }
            return found
        }
        func extent(_ g: MarkGroup) -> PixelExtent { MapRenderer.pinExtent(style, count: g.members.count) }

        pins = groups(near: window).filter { p in
            PixelRect(anchor: p.tip, extent: extent(p.group)).grown(by: ink).intersects(window)
        }
        // By the foot of each mark: a disc's lowest point, a pin's tip.
        .sorted { ($0.tip.y + extent($0.group).bottom, $0.tip.x, $0.group.id) < ($1.tip.y + extent($1.group).bottom, $1.tip.x, $1.group.id) }
        .map { Pin(group: $0.group, tip: ($0.tip.x - origin.x, $0.tip.y - origin.y), extent: extent($0.group)) }

        // Label requests are made cell by cell as placement asks about them, and numbered then.
        var requests: [LabelRequest] = [], numbered = [[Int]?](repeating: nil, count: grid.cellCount)
        let maxSize = Self.maxLabelSize(style)
        let labelReach = LabelRequest.reach(MapRenderer.pinExtent(style, count: 1), size: maxSize, gap: Self.labelGap)
        func requestsNear(_ rect: PixelRect) -> [Int] {
            var found: [Int] = []
            grid.forEachCell(meeting: rect.grown(by: labelReach)) { cell in
                if let known = numbered[cell] { return found += known }
                let made = grid.groups(inCell: cell).compactMap { p -> Int? in
                    guard !p.group.isCluster, let text = p.group.members[0].label, !text.isEmpty else { return nil }
                    requests.append(LabelRequest(groupID: p.group.id, text: text, anchor: p.tip, pinExtent: extent(p.group),
                                                 priority: p.group.members[0].priority))
                    return requests.count - 1
                }
                numbered[cell] = made
                found += made
            }
            return found
        }
        // The pins' rects by cell, made once: placement tests every spot it tries against them.
        var pinRects = [[PixelRect]?](repeating: nil, count: grid.cellCount)
        func isCoveredByPin(_ rect: PixelRect) -> Bool {
            var covered = false
            grid.forEachCell(meeting: rect.grown(by: pinReach)) { cell in
                guard !covered else { return }
                let rects = pinRects[cell] ?? {
                    let made = grid.groups(inCell: cell).map { PixelRect(anchor: $0.tip, extent: extent($0.group)) }
                    pinRects[cell] = made
                    return made
                }()
                covered = rects.contains { $0.intersects(rect) }
            }
            return covered
        }
        var furniture = RectIndex()
        if keepInside { for o in obstacles { furniture.insert(o.offset(by: origin)) } }
        let neighbourhood = LabelPlacement.Neighbourhood(
            requestsNear: requestsNear, request: { requests[$0] },
            isBlocked: { isCoveredByPin($0) || furniture.intersectsAny($0) })
        let placed = LabelPlacement.place(requestsNear(window), in: neighbourhood, bounds: keepInside ? window : nil, window: window,
                                          maxSize: maxSize, gap: Self.labelGap) { text in
            Self.shortened(text, maxWidth: maxSize.width, measure: measure)
        }
        labels = placed.map { PlacedLabel(groupID: $0.groupID, text: $0.text, rect: $0.rect.offset(by: (-origin.x, -origin.y))) }
    }

    /// How far beyond an image or tile, in pixels on each axis, the marks it is handed must
    /// reach for its clusters and labels to come out as on the whole map: label decisions look
    /// `LabelPlacement.dependencyReach` label reaches away, then the largest pin, then a whole
    /// cluster cell (so that every cluster found there is complete).
    static func margin(_ style: MapStyle) -> (x: Double, y: Double) {
        let pin = MapRenderer.pinExtent(style, count: 1), largest = MapRenderer.largestMarkExtent(style)
        let reach = LabelRequest.reach(pin, size: maxLabelSize(style), gap: labelGap)
        let cell = MapRenderer.clusterCell(style), ink = shadowReach(style) * style.clusters.maxScale
        return (LabelPlacement.dependencyReach * reach.x + max(largest.left, largest.right) + ink + cell,
                LabelPlacement.dependencyReach * reach.y + max(largest.top, largest.bottom) + ink + cell)
    }

    /// The largest label box: `labels.maxWidth` wide, one line high with its halo.
    static func maxLabelSize(_ style: MapStyle) -> (width: Double, height: Double) {
        (style.labels.maxWidth, labelHeight(style))
    }

    static func labelHeight(_ style: MapStyle) -> Double { style.labels.fontSize * 1.25 + 2 * style.labels.haloWidth }

    /// `text`, or as much of it as fits `maxWidth` followed by "…".
    static func shortened(_ text: String, maxWidth: Double, measure: (String) -> (width: Double, height: Double))
        -> (text: String, width: Double, height: Double) {
        let whole = measure(text)
        guard whole.width > maxWidth else { return (text, whole.width, whole.height) }
        // Bisection on the number of characters kept: measuring is the costly part.
        let characters = Array(text)
        var (low, high) = (0, characters.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(String(characters[..<mid]).trimmingWhiteSpace + "…").width <= maxWidth { low = mid } else { high = mid - 1 }
        }
        let short = String(characters[..<low]).trimmingWhiteSpace + "…"
        let size = measure(short)
        return (short, size.width, size.height)
    }

    /// How far a single pin's shadow and outline reach beyond its extent.
    static func shadowReach(_ style: MapStyle) -> Double {
        let p = style.pins
        let r = PinLook.shadowRadii
        return max(p.outlineWidth / 2, p.width * r.x + abs(p.shadowOffset.dx) - p.width / 2, p.width * r.y + abs(p.shadowOffset.dy))
    }
}

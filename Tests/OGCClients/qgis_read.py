"""Reads Waymark as QGIS does, headless (Debian's python3-qgis, run by /usr/bin/python3 with
QT_QPA_PLATFORM=offscreen): the `poi` collection through QGIS's OAPIF provider (its count, every
feature, a filter rectangle, a subset string on category), and the vector tiles as a vector tile
layer drawn by a map renderer job, each mark a square of its own `color` property. Prints what it
read as JSON, for the Swift test to compare with the fixture's records and with what
mapbox-vector-tile decodes of the same tile.

usage: qgis_read.py OGC_URL MINLON,MINLAT,MAXLON,MAXLAT CATEGORY TILE_TEMPLATE Z X Y SIZE
       stdin: JSON [[px, py], …], the image pixels whose colours to report
"""
import json
import math
import sys

from qgis.core import (QgsApplication, QgsCoordinateReferenceSystem, QgsFeatureRequest,
                       QgsMapRendererSequentialJob, QgsMapSettings, QgsMarkerSymbol, QgsProperty, QgsRectangle,
                       QgsSymbolLayer, QgsVectorLayer, QgsVectorTileBasicRenderer, QgsVectorTileBasicRendererStyle,
                       QgsVectorTileLayer, QgsWkbTypes)
from qgis.PyQt.QtCore import QSize
from qgis.PyQt.QtGui import QColor

ogc, box, category, template = sys.argv[1], [float(v) for v in sys.argv[2].split(",")], sys.argv[3], sys.argv[4]
z, x, y, size = (int(v) for v in sys.argv[5:9])
pixels = json.load(sys.stdin)

application = QgsApplication([], False)
application.setPrefixPath("/usr", True)
application.initQgis()

# The OAPIF provider's data source as the README gives it (QgsDataSourceUri's key='value' pairs).
layer = QgsVectorLayer(f"url='{ogc}' typename='poi'", "poi", "OAPIF")
if not layer.isValid():
    sys.exit(f"the OAPIF layer is not valid: {layer.error().summary()}")


def names(request=QgsFeatureRequest()):
    return [feature["name"] for feature in layer.getFeatures(request)]


# The count the provider reports before reading any feature (from the server's numberMatched, or
# -1: unknown), then after every feature has been read.
counted_first = layer.featureCount()
every = names()
counted = layer.featureCount()
boxed = names(QgsFeatureRequest().setFilterRect(QgsRectangle(*box)))
layer.setSubsetString(f"category = '{category}'")
subset = names()
layer.setSubsetString("")

# The tiles: a layer of the template (QGIS expands {z}/{x}/{y}), drawn over exactly one tile's
# extent at SIZE pixels, no antialiasing, so a mark's centre pixel is its colour.
tiles = QgsVectorTileLayer(f"type=xyz&url={template}&zmin=0&zmax={z}", "waymark")
style = QgsVectorTileBasicRendererStyle("marks", "marks", QgsWkbTypes.PointGeometry)
symbol = QgsMarkerSymbol.createSimple({"name": "square", "size": "5", "size_unit": "Pixel", "outline_style": "no"})
symbol.symbolLayer(0).setDataDefinedProperty(QgsSymbolLayer.PropertyFillColor, QgsProperty.fromExpression('"color"'))
style.setSymbol(symbol)
renderer = QgsVectorTileBasicRenderer()
renderer.setStyles([style])
tiles.setRenderer(renderer)

half = math.pi * 6378137
span = 2 * half / 2 ** z
settings = QgsMapSettings()
settings.setDestinationCrs(QgsCoordinateReferenceSystem("EPSG:3857"))
settings.setExtent(QgsRectangle(-half + x * span, half - (y + 1) * span, -half + (x + 1) * span, half - y * span))
settings.setOutputSize(QSize(size, size))
settings.setBackgroundColor(QColor(255, 255, 255))
settings.setFlag(QgsMapSettings.Antialiasing, False)
settings.setLayers([tiles])
job = QgsMapRendererSequentialJob(settings)
job.start()
job.waitForFinished()
image = job.renderedImage()
colours = []
for px, py in pixels:
    c = QColor(image.pixel(px, py))
    colours.append("#%02x%02x%02x" % (c.red(), c.green(), c.blue()))

print(json.dumps({
    "countedFirst": counted_first,
    "counted": counted,
    "every": every,
    "boxed": boxed,
    "subset": subset,
    "tilesValid": tiles.isValid(),
    "tilesZooms": [tiles.sourceMinZoom(), tiles.sourceMaxZoom()],
    "image": [image.width(), image.height()],
    "pixels": colours,
}))
application.exitQgis()

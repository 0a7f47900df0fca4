"""An independent check of a MapLibre glyph range (glyphs.proto): decodes the message with a
Protocol Buffers reader of its own, draws each asked character with Pillow from the font file
(FreeType through Pillow, not Cairo), and compares the signed distance field with that drawing:
inside where Pillow's ink is full, outside where it has none.

usage: glyph_check.py RANGE.pbf FONT.ttf CHARACTERS  → a JSON report on stdout"""
import json
import struct
import sys

from PIL import Image, ImageDraw, ImageFont

SIZE, BUFFER = 24, 3


def varint(data, i):
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def fields(data):
    """(field number, value) pairs of a message: varints as ints, length-delimited as bytes."""
    i, out = 0, []
    while i < len(data):
        key, i = varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(data, i)
        elif wire == 2:
            length, i = varint(data, i)
            value, i = data[i:i + length], i + length
        else:
            raise ValueError("unexpected wire type %d" % wire)
        out.append((number, value))
    return out


def unzigzag(v):
    return (v >> 1) ^ -(v & 1)


def ascender_ratio(path):
    """hhea.ascender / head.unitsPerEm, read from the font's own tables."""
    data = open(path, "rb").read()
    count = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for k in range(count):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * k:28 + 16 * k])
        tables[tag] = offset
    units = struct.unpack(">H", data[tables[b"head"] + 18:tables[b"head"] + 20])[0]
    ascender = struct.unpack(">h", data[tables[b"hhea"] + 4:tables[b"hhea"] + 6])[0]
    return ascender / units


def main(pbf, font_path, characters):
    stacks = [v for n, v in fields(open(pbf, "rb").read()) if n == 1]
    report = {"stacks": len(stacks), "glyphs": {}}
    stack = dict((n, v) for n, v in fields(stacks[0]) if n in (1, 2))
    report["name"], report["range"] = stack[1].decode(), stack[2].decode()
    glyphs = {}
    for n, v in fields(stacks[0]):
        if n == 3:
            g = dict(fields(v))
            glyphs[g[1]] = {"bitmap": g.get(2, b""), "width": g[3], "height": g[4], "left": unzigzag(g[5]),
                            "top": unzigzag(g[6]), "advance": g[7]}
    report["ids"] = sorted(glyphs)
    font = ImageFont.truetype(font_path, SIZE)
    ascender = round(ascender_ratio(font_path) * SIZE)
    for ch in characters:
        g = glyphs.get(ord(ch))
        if g is None:
            report["glyphs"][ch] = None
            continue
        w, h = g["width"] + 2 * BUFFER, g["height"] + 2 * BUFFER
        entry = {"bitmap_ok": len(g["bitmap"]) == w * h, "advance": g["advance"], "pillow_advance": font.getlength(ch)}
        image = Image.new("L", (w, h), 0)
        # The pen where the field's box puts it: `left` right of its left edge less the border, the
        # baseline `top` + ascender below its top plus the border.
        ImageDraw.Draw(image).text((BUFFER - g["left"], BUFFER + g["top"] + ascender), ch, font=font, fill=255, anchor="ls")
        ink = image.load()
        inside = outside = wrong_inside = wrong_outside = 0
        for y in range(h):
            for x in range(w):
                value = g["bitmap"][y * w + x] if entry["bitmap_ok"] else 0
                distance = (191 - value) / 32  # px from the outline, positive outside
                if ink[x, y] >= 252:
                    inside += 1
                    wrong_inside += distance > 0.75
                elif ink[x, y] == 0:
                    outside += 1
                    wrong_outside += distance < -0.75
        entry.update(inside=inside, outside=outside, wrong_inside=wrong_inside, wrong_outside=wrong_outside,
                     pillow_ink=sum(1 for y in range(h) for x in range(w) if ink[x, y] > 0), pixels=w * h)
        report["glyphs"][ch] = entry
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])

#!/usr/bin/python3
"""Draws evaluation lines with FreeType through Pillow (another rasteriser than the training's Skia
and Chromium), with libraqm shaping for Arabic. Reads a JSON list of jobs on stdin:
  {"file": font path, "text": str, "size": px, "rtl": bool, "fg": [r,g,b], "bg": [r,g,b], "out": png path}
Run by evaluate.ts with /usr/bin/python3 (Debian's python3-pil).
"""
import json
import sys

from PIL import Image, ImageDraw, ImageFont, features



def runs(font, text, size, kw):
    """The line as (x, words) runs: one run, or, when the font has no space glyph (a subset file such
    as Blaka's Arabic one, where Pillow would draw its .notdef box), the words a quarter em apart,
    right to left in RTL text, as a browser sets them with a fallback font's space."""
    if ' ' not in text or font.getmask(' ').getbbox() is None:
        return [(0.0, text)]
    words = text.split(' ')
    order = list(reversed(words)) if kw.get('direction') == 'rtl' else words
    out, x = [], 0.0
    for w in order:
        out.append((x, w))
        x += font.getlength(w, **kw) + 0.25 * size
    return out


jobs = json.load(sys.stdin)
engine = ImageFont.Layout.RAQM if features.check('raqm') else ImageFont.Layout.BASIC
for job in jobs:
    font = ImageFont.truetype(job['file'], job['size'], layout_engine=engine)
    kw = {'direction': 'rtl', 'language': 'ar'} if job['rtl'] and engine == ImageFont.Layout.RAQM else {}
    parts = runs(font, job['text'], job['size'], kw)
    boxes = [font.getbbox(t, **kw) for _, t in parts]
    x0 = min(x + b[0] for (x, _), b in zip(parts, boxes))
    x1 = max(x + b[2] for (x, _), b in zip(parts, boxes))
    y0, y1 = min(b[1] for b in boxes), max(b[3] for b in boxes)
    pad_x, pad_y = int(job['size'] * 0.8), int(job['size'] * 0.6)
    img = Image.new('RGB', (int(x1 - x0) + 2 * pad_x, y1 - y0 + 2 * pad_y), tuple(job['bg']))
    draw = ImageDraw.Draw(img)
    for x, t in parts:
        draw.text((pad_x - x0 + x, pad_y - y0), t, font=font, fill=tuple(job['fg']), **kw)
    img.save(job['out'])
print(json.dumps({'engine': 'raqm' if engine == ImageFont.Layout.RAQM else 'basic', 'lines': len(jobs)}))

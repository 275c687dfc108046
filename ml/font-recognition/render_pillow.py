#!/usr/bin/python3
"""Draws evaluation lines with FreeType through Pillow (another rasteriser than the training's Skia
and Chromium), with libraqm shaping for Arabic. Reads a JSON list of jobs on stdin:
  {"file": font path, "text": str, "size": px, "rtl": bool, "fg": [r,g,b], "bg": [r,g,b], "out": png path}
Run by evaluate.ts with /usr/bin/python3 (Debian's python3-pil).
"""
import json
import sys

from PIL import Image, ImageDraw, ImageFont, features

jobs = json.load(sys.stdin)
engine = ImageFont.Layout.RAQM if features.check('raqm') else ImageFont.Layout.BASIC
for job in jobs:
    font = ImageFont.truetype(job['file'], job['size'], layout_engine=engine)
    kw = {'direction': 'rtl', 'language': 'ar'} if job['rtl'] and engine == ImageFont.Layout.RAQM else {}
    x0, y0, x1, y1 = font.getbbox(job['text'], **kw)
    pad_x, pad_y = int(job['size'] * 0.8), int(job['size'] * 0.6)
    img = Image.new('RGB', (x1 - x0 + 2 * pad_x, y1 - y0 + 2 * pad_y), tuple(job['bg']))
    ImageDraw.Draw(img).text((pad_x - x0, pad_y - y0), job['text'], font=font, fill=tuple(job['fg']), **kw)
    img.save(job['out'])
print(json.dumps({'engine': 'raqm' if engine == ImageFont.Layout.RAQM else 'basic', 'lines': len(jobs)}))

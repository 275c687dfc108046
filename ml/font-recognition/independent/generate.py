#!/usr/bin/python3
"""Draws one split of the independent font sets (issue 38, decision 0045) with a pipeline that shares
nothing with training but the families' names: FreeType through Pillow with raqm shaping (training
draws with Skia), Debian's own builds of the families where they exist (font-plan.ts), text written for
the set (texts.py), real photographs and textures from Debian packages as backgrounds
(backgrounds.json; training and the generator's evaluation use the project's own media), its own
placement, colours and degradations.

  /usr/bin/python3 ml/font-recognition/independent/generate.py --split measure \
      --plan ml/font-recognition/work/independent/font-plan.json --out ml/font-recognition/work/independent

Deterministic from the seed: every image draws from its own generator, seeded with (seed, kind, index),
so a rerun draws the same images, and resumable: an image whose record exists is kept. Writes
<out>/<split>/<id>.png|jpg with a record <id>.json beside it, then <out>/<split>/manifest.jsonl (every
record, with the image's sha256); with --record also the committed copy
ml/font-recognition/independent/manifest-<split>.jsonl, which the evaluation compares every draw with.
"""
import argparse
import colorsys
import functools
import hashlib
import io
import json
import math
import os
import random
import sys
from multiprocessing import Pool

import numpy as np
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFilter, ImageFont, features

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from texts import SENTENCES, SHORT_WORDS, digit_line  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "../../.."))
RECIPE = 1  # bump when drawing changes: records of another recipe are redrawn

SEEDS = {"measure": 380_001, "calibrate": 380_501}
# Images per family (in-library kinds) or per out-of-library family, and text-free images per kind.
COUNTS = {
    "measure": {"line": 3, "short": 2, "digits": 2, "frame": 1, "ool": {"arabic": 24, "latin": 12},
                "photo-crop": 120, "photo-whole": 40, "texture": 80, "object": 40},
    "calibrate": {"line": 2, "short": 1, "digits": 1, "frame": 0, "ool": {"arabic": 16, "latin": 8},
                  "photo-crop": 80, "photo-whole": 40, "texture": 40, "object": 20},
}
MAX_SIDE = 2400  # longest side of a cropped upload
FRAME = (1920, 1080)


# ---------------------------------------------------------------- fonts

_cmaps = {}
_ttf = {}


def ttf_path(path, cache):
    """A TrueType/OpenType file FreeType reads: woff2 is unpacked once into the cache."""
    if not path.endswith(".woff2"):
        return path
    if path not in _ttf:
        out = os.path.join(cache, "fonts", hashlib.sha1(path.encode()).hexdigest()[:16] + ".ttf")
        if not os.path.exists(out):
            os.makedirs(os.path.dirname(out), exist_ok=True)
            f = TTFont(path)
            f.flavor = None
            tmp = f"{out}.{os.getpid()}.tmp"
            f.save(tmp)
            os.replace(tmp, out)
        _ttf[path] = out
    return _ttf[path]


def cmap(path):
    if path not in _cmaps:
        f = TTFont(path, lazy=True)
        _cmaps[path] = set(f.getBestCmap() or {})
    return _cmaps[path]


def covers(path, text):
    c = cmap(path)
    return all(ord(ch) in c for ch in text if ch != " ")


def file_for(variant, text):
    """The variant's file that draws every character of the text (one file: FreeType has no fallback)."""
    files = [variant["otherBuild"]["file"]] if variant.get("otherBuild") else []
    files += variant["files"]
    for f in files:
        if covers(f, text):
            return f
    return None


# ---------------------------------------------------------------- text

def letters(word):
    return sum(1 for ch in word if ch.isalpha())


def pick_text(rng, split, kind, script, variant, arabic_indic_first=True):
    """(text, file, digits kind) for a line of this kind in this script that one file of the variant draws."""
    for _ in range(40):
        if kind == "short":
            text = rng.choice(SHORT_WORDS[split][script])
            assert 3 <= letters(text) <= 5, text
            digits = None
        elif kind == "digits":
            indic = script == "arabic" and (arabic_indic_first or rng.random() < 0.5)
            text = digit_line(rng, indic)
            digits = "arabic-indic" if indic else "latin"
        else:
            words = rng.choice(SENTENCES[split][script]).split()
            n = rng.randint(min(3, len(words)), len(words))
            start = rng.randint(0, len(words) - n)
            text = " ".join(words[start:start + n])
            digits = None
        f = file_for(variant, text)
        if f:
            return text, f, digits
        if kind == "digits" and script == "arabic":
            arabic_indic_first = False  # no Arabic-Indic digits in this font: Latin digits
    return None, None, None


def runs(font, text, size, kw):
    """The line as (x, words) runs: one run, or for a file without a space glyph, the words a quarter em
    apart (right to left in RTL text), as a browser sets them with a fallback font's space."""
    if " " not in text or 32 in cmap(font.path):
        return [(0.0, text)]
    words = text.split(" ")
    order = list(reversed(words)) if kw.get("direction") == "rtl" else words
    out, x = [], 0.0
    for w in order:
        out.append((x, w))
        x += font.getlength(w, **kw) + 0.25 * size
    return out


def text_mask(path, size, text, rtl):
    """The text's ink as an L image cropped to its ink."""
    font = ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.RAQM)
    kw = {"direction": "rtl", "language": "ar"} if rtl else {"direction": "ltr", "language": "en"}
    parts = runs(font, text, size, kw)
    boxes = [font.getbbox(t, **kw) for _, t in parts]
    x0 = min(x + b[0] for (x, _), b in zip(parts, boxes))
    x1 = max(x + b[2] for (x, _), b in zip(parts, boxes))
    y0, y1 = min(b[1] for b in boxes), max(b[3] for b in boxes)
    pad = int(size * 0.5) + 4
    img = Image.new("L", (int(x1 - x0) + 2 * pad, int(y1 - y0) + 2 * pad), 0)
    d = ImageDraw.Draw(img)
    for x, t in parts:
        d.text((pad - x0 + x, pad - y0), t, font=font, fill=255, **kw)
    bbox = img.getbbox()
    return img.crop(bbox) if bbox else None


# ---------------------------------------------------------------- backgrounds

def load_background(entry, cache):
    """A background file scaled to at most 2400 px on its longest side (cached as JPEG)."""
    out = os.path.join(cache, "backgrounds", hashlib.sha1(entry["path"].encode()).hexdigest()[:16] + ".jpg")
    if not os.path.exists(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        im = Image.open(entry["path"])
        im.draft("RGB", (MAX_SIDE, MAX_SIDE))
        im = im.convert("RGB")
        s = min(1.0, MAX_SIDE / max(im.size))
        if s < 1:
            im = im.resize((round(im.width * s), round(im.height * s)), Image.LANCZOS)
        tmp = f"{out}.{os.getpid()}.tmp.jpg"
        im.save(tmp, quality=95)
        os.replace(tmp, out)
    return Image.open(out).convert("RGB")


def crop_of(rng, im, w, h, tile=False):
    """A w x h view of the image: a random window of that shape (a third of the largest one or more,
    never enlarged past 1/0.6), or the image tiled when it is a small repeating texture."""
    if tile and (im.width < w or im.height < h):
        out = Image.new("RGB", (w, h))
        for y in range(0, h, im.height):
            for x in range(0, w, im.width):
                out.paste(im, (x, y))
        return out
    largest = min(im.width / w, im.height / h)
    k = rng.uniform(min(largest, max(0.6, 0.35 * largest)), largest)
    cw, ch = max(1, min(im.width, round(w * k))), max(1, min(im.height, round(h * k)))
    x, y = rng.randint(0, im.width - cw), rng.randint(0, im.height - ch)
    return im.crop((x, y, x + cw, y + ch)).resize((w, h), Image.LANCZOS)


def plain(rng, w, h):
    base = [rng.randint(0, 255) for _ in range(3)]
    if rng.random() < 0.5:
        return Image.new("RGB", (w, h), tuple(base))
    other = [min(255, max(0, c + rng.randint(-60, 60))) for c in base]
    t = np.linspace(0, 1, w if rng.random() < 0.5 else h, dtype=np.float32)
    grad = np.array(base, np.float32)[None, :] * (1 - t[:, None]) + np.array(other, np.float32)[None, :] * t[:, None]
    arr = np.broadcast_to(grad[None, :, :], (h, w, 3)) if len(t) == w else np.broadcast_to(grad[:, None, :], (h, w, 3))
    return Image.fromarray(np.ascontiguousarray(arr).astype(np.uint8))


def background(rng, bgs, w, h, cache):
    r = rng.random()
    if r < 0.25:
        return plain(rng, w, h), "plain"
    pool = bgs["photos"] if r < 0.75 else bgs["textures"]
    entry = rng.choice(pool)
    im = load_background(entry, cache)
    return crop_of(rng, im, w, h, tile=entry.get("tile", False)), f"{entry['kind']}:{entry['package']}:{os.path.basename(entry['path'])}"


def luminance(im):
    a = np.asarray(im.convert("L"), dtype=np.float32) / 255
    return float(a.mean()), float(a.std())


def ink_for(rng, region):
    """An ink a person can read on the region: dark on light, light on dark, of some hue."""
    m, _ = luminance(region)
    hue = rng.random()
    if m >= 0.5:
        v = rng.uniform(0.0, 0.3) if m > 0.6 else 0.0
    else:
        v = rng.uniform(0.85, 1.0) if m < 0.4 else 1.0
    sat = rng.uniform(0, 0.7) if v < 0.5 else rng.uniform(0, 0.25)
    return tuple(round(c * 255) for c in colorsys.hsv_to_rgb(hue, sat, v))


# ---------------------------------------------------------------- degradations

def degrade(rng, im):
    steps = {}
    if rng.random() < 0.3:
        r = round(rng.uniform(0.3, 1.0), 2)
        im = im.filter(ImageFilter.GaussianBlur(r))
        steps["blur"] = r
    if rng.random() < 0.3:
        sigma = round(rng.uniform(2, 7), 1)
        a = np.asarray(im, dtype=np.float32)
        a = a + np.random.default_rng(rng.randint(0, 2**31)).normal(0, sigma, a.shape)
        im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
        steps["noise"] = sigma
    jpeg = rng.random() < 0.6
    if jpeg:
        steps["jpeg"] = rng.randint(55, 92)
    return im, steps


def encode(im, steps):
    buf = io.BytesIO()
    if "jpeg" in steps:
        im.save(buf, format="JPEG", quality=steps["jpeg"])
        return buf.getvalue(), "jpg"
    im.save(buf, format="PNG", compress_level=3)
    return buf.getvalue(), "png"


# ---------------------------------------------------------------- the sets

def log_uniform(rng, lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def text_image(rng, spec, bgs, cache):
    """Renders an image with one line of text; returns (image, record fields) or None when no file draws it."""
    variant = spec["variant"]
    text, path, digits = pick_text(rng, spec["split"], spec["textKind"], spec["script"], variant)
    if not text:
        return None
    # Right to left when the text holds Arabic letters or digits (not for Latin digits in an Arabic font).
    rtl = any("\u0600" <= ch <= "\u06ff" for ch in text)
    size = round(log_uniform(rng, 14, 160))
    frame = spec["kind"] == "frame"
    limit = FRAME[0] - 120 if frame else MAX_SIDE - 100
    mask = None
    for _ in range(30):
        mask = text_mask(ttf_path(path, cache), size, text, rtl)
        if mask is None:
            return None
        if mask.width <= limit and mask.height <= (FRAME[1] - 120 if frame else MAX_SIDE - 100):
            break
        words = text.split(" ")
        if len(words) > 2 and spec["textKind"] == "line":
            text = " ".join(words[:-1])
        else:
            size = max(14, round(size * 0.85))
    angle = round(rng.uniform(-3, 3), 1) if rng.random() < 0.25 else 0.0
    if angle:
        mask = mask.rotate(angle, resample=Image.BICUBIC, expand=True)
    tw, th = mask.size
    if frame:
        w, h = FRAME
    else:
        coverage = log_uniform(rng, 0.02, 0.30)
        aspect = rng.choice([1.0, 4 / 3, 3 / 2, 16 / 9, 3 / 4, 9 / 16, 2.5])
        area = tw * th / coverage
        w, h = math.sqrt(area * aspect), math.sqrt(area / aspect)
        pad = max(6, round(0.25 * th))
        w, h = max(round(w), tw + 2 * pad), max(round(h), th + 2 * pad)
        s = min(1.0, MAX_SIDE / max(w, h))
        w, h = max(tw + 2 * pad, round(w * s)), max(th + 2 * pad, round(h * s))
    margin_x, margin_y = max(4, min(60, (w - tw) // 10)), max(4, min(60, (h - th) // 10))
    for attempt in range(6):
        bg, source = background(rng, bgs, w, h, cache)
        x = rng.randint(margin_x, max(margin_x, w - tw - margin_x))
        y = rng.randint(margin_y, max(margin_y, h - th - margin_y))
        region = bg.crop((x, y, x + tw, y + th))
        # Text on a busy stretch of a photograph is hard for a person too: take another stretch.
        if luminance(region)[1] <= 0.2 or attempt == 5:
            break
    if luminance(region)[1] > 0.2:
        bg, source = plain(rng, w, h), "plain"
        region = bg.crop((x, y, x + tw, y + th))
    ink = ink_for(rng, region)
    bg.paste(Image.new("RGB", (tw, th), ink), (x, y), mask)
    return bg, {
        "text": text,
        "file": path,
        "sizePx": size,
        "angle": angle,
        "frame": [w, h],
        "box": [x, y, tw, th],
        "coverage": round(tw * th / (w * h), 5),
        "background": source,
        "ink": list(ink),
        **({"digits": digits} if digits else {}),
    }


def no_text_image(rng, spec, bgs, cache):
    kind = spec["kind"]
    if kind == "photo-whole":
        entry = bgs["photos"][spec["index"] % len(bgs["photos"])]
        im = load_background(entry, cache)
        s = min(1.0, 1920 / max(im.size))
        im = im.resize((round(im.width * s), round(im.height * s)), Image.LANCZOS)
        return im, {"background": f"{entry['kind']}:{entry['package']}:{os.path.basename(entry['path'])}", "frame": list(im.size)}
    pool = {"photo-crop": bgs["photos"], "texture": bgs["textures"], "object": bgs["objects"]}[kind]
    entry = rng.choice(pool)
    im = load_background(entry, cache)
    w = round(log_uniform(rng, 320, 1920))
    h = round(w / rng.choice([1.0, 4 / 3, 3 / 2, 16 / 9, 3 / 4]))
    return crop_of(rng, im, w, h, tile=entry.get("tile", False)), {
        "background": f"{entry['kind']}:{entry['package']}:{os.path.basename(entry['path'])}",
        "frame": [w, h],
    }


def specs(plan, split, seed):
    """Every image of the split, in a fixed order, with what it must show."""
    out = []
    c = COUNTS[split]
    for fam in plan["library"]:
        variants = fam["variants"]
        with_other = [v for v in variants if v.get("otherBuild")]
        for kind, text_kind in (("line", "line"), ("short", "short"), ("digits", "digits"), ("frame", "line")):
            for i in range(c[kind]):
                rng = random.Random(f"{seed}/{kind}/{fam['id']}/{i}")
                v = rng.choice(with_other or variants)
                script = fam["script"]
                # English set in a bilingual Arabic family: one line in four, from its Latin file.
                if fam.get("bilingual") and kind in ("line", "frame") and rng.random() < 0.25:
                    script = "latin"
                out.append({"id": f"{kind}-{fam['id']}-{i}", "kind": kind, "textKind": text_kind, "family": fam["id"],
                            "inLibrary": True, "familyScript": fam["script"], "script": script, "variant": v})
    for fam in plan["outOfLibrary"][split]:
        for i in range(c["ool"][fam["script"]]):
            rng = random.Random(f"{seed}/ool/{fam['id']}/{i}")
            v = rng.choice(fam["variants"])
            out.append({"id": f"ool-{fam['id']}-{i}", "kind": "ool", "textKind": "short" if i % 4 == 3 else "line",
                        "family": fam["id"], "inLibrary": False, "familyScript": fam["script"],
                        "script": fam["script"], "variant": v})
    whole = len(backgrounds_of(split)["photos"])
    for kind in ("photo-crop", "photo-whole", "texture", "object"):
        # Each whole photograph once.
        for i in range(min(c[kind], whole) if kind == "photo-whole" else c[kind]):
            out.append({"id": f"{kind}-{i}", "kind": kind, "index": i})
    for s in out:
        s["split"] = split
        s["seed"] = seed
    return out


@functools.lru_cache(maxsize=None)
def backgrounds_of(split):
    """The split's half of backgrounds.json: within each kind, sorted by path, every other file to the
    measuring split and the rest to the calibration split, so no file is in both."""
    data = json.load(open(os.path.join(HERE, "backgrounds.json")))
    out = {"photos": [], "textures": [], "objects": []}
    for kind, key in (("photo", "photos"), ("object", "objects"), ("texture", "textures")):
        files = sorted((e for e in data["files"] if e["kind"] == kind), key=lambda e: e["path"])
        out[key] = [e for i, e in enumerate(files) if (i % 2 == 0) == (split == "measure") and os.path.exists(e["path"])]
    # Objects are photographs too: a text line may sit on them as on any photo.
    out["photos"] = out["photos"] + out["objects"]
    return out


def render(args):
    spec, out_dir, cache = args
    rec_path = os.path.join(out_dir, spec["id"] + ".json")
    if os.path.exists(rec_path):
        rec = json.load(open(rec_path))
        if rec.get("recipe") == RECIPE and rec.get("seed") == spec["seed"]:
            return rec
    bgs = backgrounds_of(spec["split"])
    rng = random.Random(f"{spec['seed']}/draw/{spec['id']}")
    if "family" in spec:
        got = text_image(rng, spec, bgs, cache)
        if got is None:
            rec = {"id": spec["id"], "recipe": RECIPE, "seed": spec["seed"], "skipped": "no file of the variant draws the text"}
            json.dump(rec, open(rec_path, "w"))
            return rec
        im, fields = got
        v = spec["variant"]
        fields.update({"family": spec["family"], "inLibrary": spec["inLibrary"], "familyScript": spec["familyScript"],
                       "script": spec["script"], "weight": v["weight"], "italic": v["italic"],
                       "fontSource": (v["otherBuild"]["package"] + " " + v["otherBuild"]["version"])
                       if v.get("otherBuild") and fields["file"] == v["otherBuild"]["file"] else v.get("source", "library")})
    else:
        im, fields = no_text_image(rng, spec, bgs, cache)
    im, steps = degrade(rng, im)
    data, ext = encode(im, steps)
    name = f"{spec['id']}.{ext}"
    tmp = os.path.join(out_dir, name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, os.path.join(out_dir, name))
    rec = {"id": spec["id"], "recipe": RECIPE, "seed": spec["seed"], "kind": spec["kind"], "image": name, **fields,
           "degrade": steps, "sha256": hashlib.sha256(data).hexdigest()}
    if rec.get("file", "").startswith(REPO):
        rec["file"] = os.path.relpath(rec["file"], REPO)
    tmp = rec_path + ".tmp"
    json.dump(rec, open(tmp, "w"), ensure_ascii=False)
    os.replace(tmp, rec_path)
    return rec


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", choices=["measure", "calibrate"], required=True)
    ap.add_argument("--plan", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, help="another draw than the split's own seed (SEEDS)")
    ap.add_argument("--limit", type=int, default=0, help="draw only the first N images (a quick look)")
    ap.add_argument(
        "--record",
        action="store_true",
        help="also write the committed manifest-<split>.jsonl (only when the set itself is changed on purpose)",
    )
    a = ap.parse_args()
    if not features.check("raqm"):
        sys.exit("Pillow has no raqm: apt-get install -y python3-pil libraqm0")
    plan = json.load(open(a.plan))
    out_dir = os.path.join(a.out, a.split)
    cache = os.path.join(a.out, "cache")
    os.makedirs(out_dir, exist_ok=True)
    todo = specs(plan, a.split, a.seed if a.seed is not None else SEEDS[a.split])
    if a.limit:
        todo = todo[: a.limit]
    records = []
    with Pool(a.jobs) as pool:
        for i, rec in enumerate(pool.imap(render, [(s, out_dir, cache) for s in todo], chunksize=4)):
            records.append(rec)
            if (i + 1) % 250 == 0:
                print(f"{a.split}: {i + 1}/{len(todo)}", flush=True)
    records.sort(key=lambda r: r["id"])
    lines = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records)
    open(os.path.join(out_dir, "manifest.jsonl"), "w").write(lines)
    # The committed copy is what the report compares each draw with (how many images match it byte for
    # byte); a draw on another machine must not rewrite it, or every draw would match.
    if a.record and not a.limit:
        open(os.path.join(HERE, f"manifest-{a.split}.jsonl"), "w").write(lines)
    skipped = sum(1 for r in records if r.get("skipped"))
    print(json.dumps({"split": a.split, "images": len(records) - skipped, "skipped": skipped}))


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Encode the rendered frames in media/scenes/.frames/ into seamless, muted loops:
# NAME.webm (VP9), NAME.mp4 (H.264, yuv420p, +faststart) and NAME-poster.jpg (first frame).
# Usage: bash media/scenes/encode.sh [hero-loop|showcase-loop ...]
set -euo pipefail
cd "$(dirname "$0")"
F=.frames
OUT=..
FF="nice -n 19 ffmpeg -v error -y -threads 2"

# $1 name, $2 intermediate lossless file, $3 VP9 crf, $4 x264 crf
finish() {
  local name=$1 src=$2
  $FF -i "$src" -an -c:v libvpx-vp9 -b:v 0 -crf "$3" -row-mt 1 -deadline good -cpu-used 4 \
    -pix_fmt yuv420p "$OUT/$name.webm"
  $FF -i "$src" -an -c:v libx264 -preset medium -crf "$4" -profile:v high -pix_fmt yuv420p \
    -movflags +faststart "$OUT/$name.mp4"
  $FF -i "$src" -frames:v 1 -q:v 3 "$OUT/$name-poster.jpg"
  ls -l "$OUT/$name".{webm,mp4} "$OUT/$name-poster.jpg"
}

hero() { # the hero set at display size (hero_set.py): two key-light positions, cosine cross-fade
  # over 6 s, no push-in (a still frame compresses to a fraction); the stills are published too
  local d=$F/hero a=$F/hero/hero-a.png b=$F/hero/hero-b.png
  local bsrc="-loop 1 -framerate 24 -t 6 -i $b" pre=""
  if [ ! -f "$b" ]; then # only one key position rendered: the key "breathes" (a brighter, warmer copy)
    bsrc="-loop 1 -framerate 24 -t 6 -i $a"
    pre="[1]curves=all='0/0 0.5/0.56 1/1',colorbalance=rm=0.03:bm=-0.03[b1];[0][b1]"
  fi
  $FF -loop 1 -framerate 24 -t 6 -i $a $bsrc \
    -filter_complex "${pre:-[0][1]}blend=all_expr='A*(0.5+0.5*cos(2*PI*T/6))+B*(0.5-0.5*cos(2*PI*T/6))',format=yuv444p" \
    -frames:v 144 -c:v ffv1 $F/hero-loop.mkv
  finish hero-loop $F/hero-loop.mkv 36 26
  # the poster is the first frame (key a); the stills as JPEG
  $FF -i $a -q:v 2 "$OUT/hero-loop-poster.jpg"
  $FF -i "$([ -f "$b" ] && echo $b || echo $a)" -q:v 2 "$OUT/nawat-hero.jpg"
  $FF -i $F/hero/hero-portrait.png -q:v 2 "$OUT/hero-portrait.jpg"
  $FF -i $F/hero/hero-tablet.png -q:v 2 "$OUT/hero-tablet.jpg"
  # where the product is in each (content/art-direction.json, read by <Picture> and the tests)
  python3 - "$F/hero" ../../content/art-direction.json <<'PY'
import json, sys
d, out = sys.argv[1], sys.argv[2]
box = lambda tag: json.load(open("%s/hero-%s.subject.json" % (d, tag)))
doc = json.load(open(out))
doc["subjects"].update({"hero-loop-poster.jpg": box("a"), "nawat-hero.jpg": box("a"),
                        "hero-portrait.jpg": box("portrait"), "hero-tablet.jpg": box("tablet")})
rows = ",\n".join("    %s: %s" % (json.dumps(k), json.dumps(v)) for k, v in sorted(doc["subjects"].items()))
open(out, "w").write('{\n  "subjects": {\n%s\n  }\n}\n' % rows)
PY
}

showcase() { # 6 eased positions: hold, open, hold, close; 4 fps -> 24 fps by motion interpolation
  local d=$F/showcase-loop s=$F/showcase-seq
  rm -rf $s && mkdir -p $s
  local i=0
  for k in 0 0 0 1 2 3 4 5 5 5 5 5 5 4 3 2 1 0 0 0; do
    cp $d/showcase-loop-$k.png $(printf "$s/%03d.png" $i); i=$((i+1))
  done
  $FF -framerate 4 -i $s/%03d.png \
    -vf "scale=1440:810:flags=lanczos,eq=gamma=0.82:saturation=1.3:contrast=1.05,minterpolate=fps=24:mi_mode=mci:mc_mode=aobmc:me_mode=bidir:vsbmc=1,format=yuv444p" \
    -frames:v 120 -c:v ffv1 $F/showcase-loop.mkv
  finish showcase-loop $F/showcase-loop.mkv 38 27
}

for what in "${@:-hero-loop showcase-loop}"; do
  for w in $what; do
    case $w in
      hero-loop) hero ;; showcase-loop) showcase ;;
      *) echo "unknown video $w" >&2; exit 1 ;;
    esac
  done
done

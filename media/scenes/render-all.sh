#!/usr/bin/env bash
# Re-render every image and video of media/ from the scene scripts (deterministic:
# fixed seeds). Needs Debian's blender (Cycles, CPU), ffmpeg and node (sharp).
#   bash media/scenes/render-all.sh            # everything
#   MEDIA_SCALE=1 MEDIA_SAMPLES=64 bash ...    # full-size stills, more samples (slower)
set -euo pipefail
cd "$(dirname "$0")"
B="nice -n 19 blender -b -noaudio -P"
STILLS="hero_set nawat_card nawat_top nawat_side nawat_exploded og_image sanam_card
        sanam_teaser desert_dunes craft_detail bts_2"
VIDEOS="showcase_loop"
for s in $STILLS $VIDEOS; do
  echo "== $s"
  mkdir -p .frames && $B "$s.py" > ".frames/$s.log" 2>&1
done
bash encode.sh
(cd ../.. && node media/scenes/sketches.mjs)
echo "done"

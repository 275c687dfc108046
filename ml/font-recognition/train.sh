#!/usr/bin/env bash
# Retrains the font-recognition model from scratch and writes models/font-recognition/
# (library.json, model.onnx, labels.json). About an hour on 2 cores:
#   bash ml/font-recognition/train.sh            # defaults below
#   TRAIN_PER_FAMILY=300 MINUTES=10 bash ml/font-recognition/train.sh   # a quick smoke model
set -euo pipefail
cd "$(dirname "$0")/../.."

TRAIN_PER_FAMILY="${TRAIN_PER_FAMILY:-800}"
VAL_PER_FAMILY="${VAL_PER_FAMILY:-60}"
TEST_PER_FAMILY="${TEST_PER_FAMILY:-40}"
MINUTES="${MINUTES:-55}"
JOBS="${JOBS:-2}"
DATA=ml/font-recognition/work/data

# Heavy jobs share the machine: run them at low priority.
nice -n 10 node --import tsx ml/font-recognition/build-library.ts
rm -rf "$DATA"
nice -n 10 node --import tsx ml/font-recognition/render-dataset.ts \
  --train "$TRAIN_PER_FAMILY" --val "$VAL_PER_FAMILY" --test "$TEST_PER_FAMILY" --jobs "$JOBS" --out "$DATA"
# Debian's torch: /usr/bin/python3, not the python3 on PATH.
nice -n 10 /usr/bin/python3 ml/font-recognition/train.py --data "$DATA" --minutes "$MINUTES" --threads 2
# Temperature for the server's crop-averaged confidence, on fresh renders of training words.
nice -n 10 node --import tsx ml/font-recognition/calibrate.ts
# The text gate (no text / text / unreadable): data (resumable: parts already written are kept),
# training, thresholds. GATE_IMAGES=0 keeps the committed gate.
GATE_IMAGES="${GATE_IMAGES:-3500}"
GATE_MINUTES="${GATE_MINUTES:-5}"
GATE=ml/font-recognition/work/gate
if [ "$GATE_IMAGES" != "0" ]; then
  nice -n 10 node --import tsx ml/font-recognition/render-gate.ts --images "$GATE_IMAGES" --jobs "$JOBS" --seed 0 --out "$GATE"
  nice -n 10 node --import tsx ml/font-recognition/render-gate.ts --images "$GATE_IMAGES" --jobs "$JOBS" --seed 1 --out "$GATE-s1"
  nice -n 10 /usr/bin/python3 ml/font-recognition/train_gate.py --minutes "$GATE_MINUTES" --threads 2 --data "$GATE,$GATE-s1"
  nice -n 10 node --import tsx ml/font-recognition/calibrate-gate.ts --images 450
fi
# "Not in our library": fitted on the held-out calibration group (held-out-fonts.ts), after the gate.
nice -n 10 node --import tsx ml/font-recognition/calibrate-open-set.ts
echo "Model written to models/font-recognition/. Measure it with: npm run font:eval"

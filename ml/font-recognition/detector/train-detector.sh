#!/usr/bin/env bash
# The text detector end to end (decision 0046), every step resumable and under nice -n 10:
# render the crops, train for MINUTES, export, fit the postprocessing on the independent calibration
# split and measure on the measuring split. Rerun the same command after a kill: it continues.
#   CROPS=12000 MINUTES=60 bash ml/font-recognition/detector/train-detector.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
CROPS=${CROPS:-12000}
MINUTES=${MINUTES:-60}
JOBS=${JOBS:-2}
WORK=ml/font-recognition/work/detector
mkdir -p "$WORK"

nice -n 10 node --import tsx ml/font-recognition/detector/render-detector-data.ts --crops "$CROPS" --jobs "$JOBS"
nice -n 10 /usr/bin/python3 ml/font-recognition/train_detector.py --minutes "$MINUTES"
nice -n 10 /usr/bin/python3 ml/font-recognition/train_detector.py --export
node --import tsx ml/font-recognition/detector/time-detector.ts --runs 30

# The independent sets' images (generate.py, resumable; `npm run font:eval` draws the measuring split
# the same way): fitted on the calibration split, measured on the measuring split.
node --import tsx ml/font-recognition/independent/font-plan.ts
for split in calibrate measure; do
  [ -f "ml/font-recognition/work/independent/$split/manifest.jsonl" ] ||
    nice -n 10 /usr/bin/python3 ml/font-recognition/independent/generate.py --split "$split" \
      --plan ml/font-recognition/work/independent/font-plan.json --out ml/font-recognition/work/independent --jobs "$JOBS"
done
nice -n 10 node --import tsx ml/font-recognition/detector/measure-detector.ts --split calibrate --fit
nice -n 10 node --import tsx ml/font-recognition/detector/measure-detector.ts --split measure --frames

#!/usr/bin/env bash
# The end-of-session measures that the README, the model card and the closing note report, written
# to runs/*-TAG.txt. They are eval500 with oracle corners, with --perturb and with the reader; the
# real photos; and the bench on three 12 MP enlargements (made once, under runs/bench/). Run it on an
# idle machine, after `burraco synth --out data/eval500 --n 500 --seed 1 --designs eval --no-tiles
# --no-crops`. It never tunes anything: it only reports.
#   bash tools/end_measure.sh TAG
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:?usage: bash tools/end_measure.sh TAG}"
burraco=.venv/bin/burraco
mkdir -p runs/bench
[ -d data/eval500/truth ] || { echo "data/eval500 is missing: make it first (see above)" >&2; exit 2; }
.venv/bin/python - <<'EOF'
import math
from pathlib import Path
import cv2
for src, name in [("../shared/eval/real-bidly/deal1-md-sq.jpg", "real"),
                  ("sample_images/eval_table_and_hand.jpg", "hand"), ("sample_images/eval_table_2.jpg", "table")]:
    out = Path(f"runs/bench/{name}12.jpg")
    if out.exists() or not Path(src).exists():
        continue
    image = cv2.imread(src)
    h, w = image.shape[:2]
    s = math.sqrt(12e6 / (h * w))
    cv2.imwrite(str(out), cv2.resize(image, (round(w * s), round(h * s)), interpolation=cv2.INTER_CUBIC),
                [cv2.IMWRITE_JPEG_QUALITY, 92])
EOF
$burraco eval data/eval500 --oracle 2>/dev/null > "runs/eval500-oracle-$tag.txt"
$burraco eval data/eval500 --oracle --perturb 2>/dev/null > "runs/eval500-perturb-$tag.txt"
$burraco eval data/eval500 2>/dev/null > "runs/eval500-reader-$tag.txt"
$burraco eval-real ../shared/eval/real-bidly 2>/dev/null > "runs/real-$tag.txt"
{ $burraco bench runs/bench/*12.jpg 2>/dev/null | tail -1
  $burraco bench runs/bench/*12.jpg --as table 2>/dev/null | tail -1; } > "runs/bench-$tag.txt"
for f in oracle perturb reader; do
  echo "== eval500 $f"
  grep -E "^(corner recall|corner precision|cards exact|hand score exact|melds exact|photo score exact|silent errors):" \
    "runs/eval500-$f-$tag.txt"
done
echo "== real photos"; grep -E "^corner (recall|precision):" "runs/real-$tag.txt"
echo "== bench"; cat "runs/bench-$tag.txt"

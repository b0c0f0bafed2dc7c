#!/usr/bin/env bash
# Models compared on the reader's four development sets (valart, heldout, val150, unseen; never
# eval500 or the real photos): `burraco eval` of each with the models in a folder, into
# runs/models-TAG-SET.txt, then one line per set and measure. Used to choose between the committed
# models and a lent GPU's (or a mix of the two: copy one detector.onnx and one classifier.onnx into
# a folder).
#   bash tools/models_eval.sh TAG [MODELS_DIR]      (default: models/; SETS='a b' for fewer sets)
# A set already measured under TAG (its file not empty) is not read again: use a new TAG for new models.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:?usage: bash tools/models_eval.sh TAG [MODELS_DIR]}"
models="${2:-models}"
sets="${SETS:-valart heldout val150 unseen}"
for s in $sets; do
  [ -d "data/$s/truth" ] || { echo "data/$s is missing: python tools/dev_melds.py make prints its command" >&2; exit 2; }
  out="runs/models-$tag-$s.txt"
  [ -s "$out" ] || .venv/bin/burraco eval "data/$s" --models "$models" 2>/dev/null > "$out"
done
for s in $sets; do
  echo "== $s ($models)"
  grep -E "^(corner recall|corner precision|cards exact|hand score exact|melds exact|photo score exact|silent errors):" \
    "runs/models-$tag-$s.txt"
done

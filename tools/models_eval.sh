#!/usr/bin/env bash
# Models compared on the reader's development sets (never eval500 or the real photos): `burraco eval`
# of valart, heldout, val150, unseen and heldout-real-size (the held-out decks at the real photos'
# index sizes) with the models in a folder, into runs/models-TAG-SET.txt,
# one line per set and measure; then the meld photos of valart2, valart3 and heldout2 read by
# `tools/dev_melds.py run --reader` into runs/models-TAG-extra.json, one line per set. Used to choose
# between the committed models and new ones (or a mix: copy one detector.onnx and one
# classifier.onnx into a folder; `burraco train average` makes one classifier of several).
#   bash tools/models_eval.sh TAG [MODELS_DIR]      (default: models/; SETS='a b', EXTRA='' for fewer sets)
# A set already measured under TAG (its file not empty) is not read again: use a new TAG for new models.
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${1:?usage: bash tools/models_eval.sh TAG [MODELS_DIR]}"
models="${2:-models}"
sets="${SETS-valart heldout val150 unseen heldout-real-size}"
extra="${EXTRA-valart2 valart3 heldout2}"
for s in $sets $extra; do
  [ -d "data/$s/truth" ] || { echo "data/$s is missing: python tools/dev_melds.py make prints its command" >&2; exit 2; }
done
for s in $sets; do
  out="runs/models-$tag-$s.txt"
  [ -s "$out" ] || .venv/bin/burraco eval "data/$s" --models "$models" 2>/dev/null > "$out"
done
for s in $sets; do
  echo "== $s ($models)"
  grep -E "^(corner recall|corner precision|cards exact|hand score exact|melds exact|photo score exact|silent errors):" \
    "runs/models-$tag-$s.txt"
done
if [ -n "$extra" ]; then
  out="runs/models-$tag-extra.json"
  [ -s "$out" ] || .venv/bin/python tools/dev_melds.py run "$out" --reader --models "$models" \
      --sets "$(echo $extra | tr ' ' ',')" > /dev/null
  echo "== $extra ($models; meld photos only)"
  .venv/bin/python tools/dev_melds.py sets "$out"
fi

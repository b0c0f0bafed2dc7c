#!/usr/bin/env bash
# Rehearse vision/train/gpu_job.py on this CPU as the lent GPU machine runs it: the project not
# installed (PYTHONPATH=.), ultralytics only from the carried wheels, no polars and no flask, and
# none of Debian's card decks, fonts or rsvg-convert, nor the rendered-artwork cache: they are
# hidden in a private mount namespace (so it needs root, for unshare -m), and rsvg-convert is
# replaced by a program that leaves a mark if anything calls it.
#
#   tools/rehearse-gpu-job.sh PACK OUT [gpu_job options]    e.g. a tiny run:
#   nice -n 15 tools/rehearse-gpu-job.sh packs/rehearsal.pack /tmp/gpu-out --total-min 6 --photos 20 \
#       --synth-workers 2 --synth-min 1 --detector-min 1 --detector-batch 16 --detector-workers 2 \
#       --classifier-epochs 1 --classifier-max-crops 1500 --classifier-batch 256
set -euo pipefail
pack=$1 out=$2
shift 2
py=${PYTHON:-.venv/bin/python}
mimic=$(mktemp -d /tmp/gpu-mimic.XXXXXX)
mkdir -p "$mimic/stubs" "$mimic/cache"
# modules the GPU machine lacks; ultralytics too, so that only the job's own install can serve it
for module in polars flask ultralytics; do
    echo "raise ImportError('$module is not on the GPU machine')" >"$mimic/stubs/$module.py"
done
printf '#!/bin/sh\necho "rsvg-convert $*" >>%s/forbidden.log\nexit 1\n' "$mimic" >"$mimic/rsvg-convert"
chmod +x "$mimic/rsvg-convert"
export MIMIC="$mimic" PACK="$pack" OUT="$out" PY="$py"
unshare -m --propagation private bash -s -- "$@" <<'EOF'
set -euo pipefail
for d in /usr/share/fonts /usr/share/aisleriot /usr/share/carddecks "$HOME/.cache/burraco"; do
    if [ -d "$d" ]; then mount -t tmpfs none "$d"; fi
done
if [ -e /usr/bin/rsvg-convert ]; then mount --bind "$MIMIC/rsvg-convert" /usr/bin/rsvg-convert; fi
echo "hidden: $(find /usr/share/fonts /usr/share/aisleriot /usr/share/carddecks -type f | wc -l) files left in the font and deck folders; work files in $MIMIC"
rm -rf "$OUT"
status=0
env PYTHONPATH="$MIMIC/stubs:." BURRACO_CACHE="$MIMIC/cache" PYTHONUNBUFFERED=1 \
    "$PY" -m vision.train.gpu_job --pack "$PACK" --wheels .whl --out "$OUT" --site "$MIMIC/site" \
    --work "$MIMIC/work" "$@" || status=$?
echo "job exit status: $status"
ls -la "$OUT"
if [ -e "$MIMIC/forbidden.log" ]; then echo "FAILED: rsvg-convert was called:"; cat "$MIMIC/forbidden.log"; exit 1; fi
if [ -n "$(ls -A "$MIMIC/cache")" ]; then echo "FAILED: artwork was rendered into the cache"; exit 1; fi
echo "no rsvg-convert call, nothing rendered, no font or deck folder to read"
exit $status
EOF

"""Writing a synthetic sample as training data: the full photo with YOLO labels and its truth,
tiles cut at native scale, and crops of single indices plus "not an index" negatives."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from ..classes import CLASS_NAMES, NONE_CLASS
from .synth import Sample
from .synth_settings import SynthSettings

SUBDIRS = ("images", "labels", "truth", "tiles/images", "tiles/labels", "crops")


def prepare(out: Path) -> None:
    for sub in SUBDIRS:
        (out / sub).mkdir(parents=True, exist_ok=True)
    (out / "classes.txt").write_text("\n".join(CLASS_NAMES) + "\n")
    names = "".join(f"  {i}: {n}\n" for i, n in enumerate(CLASS_NAMES))
    for name, sub in (("dataset.yaml", "images"), ("tiles.yaml", "tiles/images")):
        (out / name).write_text(f"path: {out.resolve()}\ntrain: {sub}\nval: {sub}\nnames:\n{names}")


def yolo_lines(boxes: np.ndarray, classes: np.ndarray, w: int, h: int) -> str:
    lines = []
    for (x0, y0, x1, y1), c in zip(boxes, classes):
        lines.append(f"{int(c)} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} {(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}")
    return "\n".join(lines) + ("\n" if lines else "")


def tiles(sample: Sample, s: SynthSettings, rng: np.random.Generator):
    """Square tiles at native scale; a box goes with a tile when at least ``min_visible`` of it is inside."""
    h, w = sample.image.shape[:2]
    t = s.tile
    xs = list(range(0, max(1, w - t), s.tile_stride)) + [max(0, w - t)]
    ys = list(range(0, max(1, h - t), s.tile_stride)) + [max(0, h - t)]
    for ty in sorted(set(ys)):
        for tx in sorted(set(xs)):
            b = sample.boxes.copy()
            if len(b):
                area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
                c = np.clip(b, [tx, ty, tx, ty], [tx + t, ty + t, tx + t, ty + t])
                inside = (c[:, 2] - c[:, 0]) * (c[:, 3] - c[:, 1]) / np.maximum(area, 1)
                keep = inside >= s.min_visible
                b, cls = c[keep] - [tx, ty, tx, ty], sample.classes[keep]
            else:
                cls = sample.classes
            if not len(b) and rng.random() >= s.empty_tile_p:
                continue
            img = sample.image[ty:ty + t, tx:tx + t]
            if img.shape[:2] != (t, t):
                img = cv2.copyMakeBorder(img, 0, t - img.shape[0], 0, t - img.shape[1], cv2.BORDER_CONSTANT)
            yield (tx, ty), img, b, cls


def crop_square(img: np.ndarray, cx: float, cy: float, side: float, angle: float, size: int) -> np.ndarray:
    """A square of ``side`` pixels centred on (cx, cy), turned by ``angle``, resized to ``size``."""
    m = cv2.getRotationMatrix2D((cx, cy), angle, size / side)
    m[:, 2] += (size / 2 - cx, size / 2 - cy)
    return cv2.warpAffine(img, m, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)


def crops(sample: Sample, s: SynthSettings, rng: np.random.Generator):
    """(image, class name) pairs: every labelled index at a random turn, then negatives taken
    where no index shows: card faces (pips, court details), backs and the table."""
    sides = []
    for (x0, y0, x1, y1), c in zip(sample.boxes, sample.classes):
        side = max(x1 - x0, y1 - y0) * (1 + s.crop_pad)
        sides.append(side)
        for _ in range(s.crops_per_index):
            cx, cy = (x0 + x1) / 2 + rng.uniform(-1, 1) * s.crop_shift * side, \
                (y0 + y1) / 2 + rng.uniform(-1, 1) * s.crop_shift * side
            yield crop_square(sample.image, cx, cy, side * rng.uniform(*s.crop_scale), rng.uniform(0, 360),
                               s.crop), CLASS_NAMES[int(c)]
    h, w = sample.image.shape[:2]
    typical = float(np.median(sides)) if sides else 40.0
    on_card = np.argwhere(sample.card_map > 0)
    made = tries = 0
    while made < s.negatives_per_image and tries < s.negatives_per_image * 20:
        tries += 1
        if len(on_card) and rng.random() < 0.75:
            cy, cx = on_card[rng.integers(len(on_card))]
        else:
            cy, cx = rng.integers(h), rng.integers(w)
        side = typical * rng.uniform(0.7, 1.5)
        y0, y1 = int(max(0, cy - side / 2)), int(min(h, cy + side / 2))
        x0, x1 = int(max(0, cx - side / 2)), int(min(w, cx + side / 2))
        if y1 <= y0 or x1 <= x0 or np.any(sample.index_map[y0:y1, x0:x1]):
            continue
        made += 1
        yield crop_square(sample.image, float(cx), float(cy), side, rng.uniform(0, 360), s.crop), NONE_CLASS


def write_sample(sample: Sample, out: Path, name: str, s: SynthSettings, with_tiles: bool = True,
                 with_crops: bool = True) -> dict:
    """Write one sample; returns counts (boxes, tiles, crops) and the crop label rows."""
    rng = np.random.default_rng([sample.truth["seed"], sample.truth["index"], 2])
    h, w = sample.image.shape[:2]
    quality = [cv2.IMWRITE_JPEG_QUALITY, s.jpeg_quality]
    cv2.imwrite(str(out / "images" / f"{name}.jpg"), sample.image, quality)
    (out / "labels" / f"{name}.txt").write_text(yolo_lines(sample.boxes, sample.classes, w, h))
    truth = dict(sample.truth, image=f"images/{name}.jpg")
    (out / "truth" / f"{name}.json").write_text(json.dumps(truth))
    n_tiles, rows = 0, []
    if with_tiles:
        for (tx, ty), img, b, cls in tiles(sample, s, rng):
            tname = f"{name}_{tx}_{ty}"
            cv2.imwrite(str(out / "tiles" / "images" / f"{tname}.jpg"), img, quality)
            (out / "tiles" / "labels" / f"{tname}.txt").write_text(yolo_lines(b, cls, s.tile, s.tile))
            n_tiles += 1
    if with_crops:
        for k, (img, label) in enumerate(crops(sample, s, rng)):
            cname = f"{name}_{k:03d}.png"
            cv2.imwrite(str(out / "crops" / cname), img)
            rows.append((f"crops/{cname}", label))
    return {"boxes": len(sample.boxes), "tiles": n_tiles, "crops": rows}

"""A contact sheet of one design: its 53 faces with the index boxes found, to check at a glance."""
from __future__ import annotations

from typing import Optional, Sequence

import cv2
import numpy as np

from engine.card import Card, full_deck

from .design import FACE_HEIGHT, CardFace, Design

BACKGROUND = (70, 120, 70)
BOX_COLOURS = ((0, 0, 255), (255, 0, 255), (255, 128, 0), (0, 160, 255))  # BGR per corner order


def composite(face_bgra: np.ndarray, background=BACKGROUND) -> np.ndarray:
    """The BGRA face over a flat background, as BGR."""
    a = face_bgra[:, :, 3:].astype(np.float32) / 255.0
    bg = np.array(background, np.float32).reshape(1, 1, 3)
    return (face_bgra[:, :, :3] * a + bg * (1 - a)).astype(np.uint8)


def draw_boxes(img_bgr: np.ndarray, boxes: np.ndarray, thickness: int = 2) -> np.ndarray:
    """A copy of ``img_bgr`` with ``boxes`` (K x 4) outlined, one colour per position in the list."""
    out = img_bgr.copy()
    for i, (x0, y0, x1, y1) in enumerate(np.asarray(boxes).reshape(-1, 4)):
        cv2.rectangle(out, (int(x0), int(y0)), (int(np.ceil(x1)) - 1, int(np.ceil(y1)) - 1),
                      BOX_COLOURS[i % len(BOX_COLOURS)], thickness)
    return out


def face_tile(face: CardFace, label: str, height: int = FACE_HEIGHT) -> np.ndarray:
    tile = draw_boxes(composite(face.image), face.indices)
    if tile.shape[0] != height:
        tile = cv2.resize(tile, (int(round(tile.shape[1] * height / tile.shape[0])), height))
    bar = np.full((22, tile.shape[1], 3), 30, np.uint8)
    colour = (255, 255, 255) if len(face.indices) >= 2 else (0, 0, 255)
    cv2.putText(bar, f"{label} k={len(face.indices)}", (4, 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                colour, 1, cv2.LINE_AA)
    return np.vstack([tile, bar])


def grid(tiles: Sequence[np.ndarray], cols: int, pad: int = 6, background=(40, 40, 40)) -> np.ndarray:
    th = max(t.shape[0] for t in tiles)
    tw = max(t.shape[1] for t in tiles)
    rows = (len(tiles) + cols - 1) // cols
    out = np.full((rows * (th + pad) + pad, cols * (tw + pad) + pad, 3), background, np.uint8)
    for i, t in enumerate(tiles):
        r, c = divmod(i, cols)
        y, x = pad + r * (th + pad), pad + c * (tw + pad)
        out[y:y + t.shape[0], x:x + t.shape[1]] = t
    return out


def deck_montage(design: Design, cards: Optional[Sequence[Card]] = None, cols: int = 13,
                 tile_height: int = 240) -> np.ndarray:
    """BGR image: every face of ``design`` (default all 53) with its index boxes, title on top."""
    cards = list(full_deck()) if cards is None else list(cards)
    tiles = [face_tile(design.face(c), str(c), tile_height) for c in cards]
    body = grid(tiles, cols)
    title = np.full((34, body.shape[1], 3), 20, np.uint8)
    cv2.putText(title, f"{design.name}  [{design.source}, {design.split}]", (8, 24),
                cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 2, cv2.LINE_AA)
    return np.vstack([title, body])


def photo_sheet(synth_dir, count: int = 12, cols: int = 4, cell: int = 480) -> np.ndarray:
    """BGR contact sheet of the first ``count`` photos of a ``burraco synth`` folder, each with
    its labelled index boxes, scaled to fit ``cell`` pixels."""
    from pathlib import Path
    folder = Path(synth_dir)
    tiles = []
    for img_path in sorted((folder / "images").glob("*.jpg"))[:count]:
        img = cv2.imread(str(img_path))
        h, w = img.shape[:2]
        label = folder / "labels" / f"{img_path.stem}.txt"
        rows = [r.split() for r in label.read_text().splitlines()] if label.exists() else []
        boxes = np.array([[(float(x) - float(bw) / 2) * w, (float(y) - float(bh) / 2) * h,
                           (float(x) + float(bw) / 2) * w, (float(y) + float(bh) / 2) * h]
                          for _, x, y, bw, bh in rows]).reshape(-1, 4)
        img = draw_boxes(img, boxes, thickness=max(1, w // 800))
        f = cell / max(h, w)
        img = cv2.resize(img, (int(w * f), int(h * f)), interpolation=cv2.INTER_AREA)
        tile = np.full((cell, cell, 3), 40, np.uint8)
        tile[:img.shape[0], :img.shape[1]] = img
        tiles.append(tile)
    if not tiles:
        raise FileNotFoundError(f"no photos in {folder / 'images'}")
    return grid(tiles, min(cols, len(tiles)))

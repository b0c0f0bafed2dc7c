"""A YOLO detector's boxes from its raw head: the anchors of each level and the box-distance
decoding (DFL) that ``vision/train/onnx_head.py`` cuts from the graph, done here only for the
anchors whose score is worth it."""
from __future__ import annotations

import numpy as np

STRIDES = (8, 16, 32)      # the three levels of a YOLO11 detector
BINS = 16                  # box-distance bins per side (``reg_max``)


def anchors(height: int, width: int, strides: tuple[int, ...] = STRIDES) -> tuple[np.ndarray, np.ndarray]:
    """The anchor points (A x 2, in grid cells: x + 0.5, y + 0.5, row by row, level by level) and
    each one's stride (A) of an input of ``height`` x ``width`` pixels."""
    points, steps = [], []
    for s in strides:
        h, w = -(-height // s), -(-width // s)
        ys, xs = np.meshgrid(np.arange(h, dtype=np.float32) + 0.5, np.arange(w, dtype=np.float32) + 0.5,
                             indexing="ij")
        points.append(np.stack([xs.ravel(), ys.ravel()], axis=1))
        steps.append(np.full(h * w, s, np.float32))
    return np.concatenate(points), np.concatenate(steps)


def decode_boxes(distances: np.ndarray, points: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """Boxes (N x 4: x1, y1, x2, y2 in input pixels) of N anchors from their 4 x ``BINS`` distance
    logits (N x 64: left, top, right, bottom): each side's distance is the expectation of the
    softmax over its bins, in cells of the anchor's stride."""
    logits = distances.reshape(len(distances), 4, BINS).astype(np.float32)
    logits = logits - logits.max(axis=2, keepdims=True)
    p = np.exp(logits)
    dist = (p * np.arange(BINS, dtype=np.float32)).sum(axis=2) / p.sum(axis=2)      # N x 4
    xy1 = points - dist[:, :2]
    xy2 = points + dist[:, 2:]
    return np.concatenate([xy1, xy2], axis=1) * steps[:, None]

"""Finding corner indices with the one-class YOLO detector exported to ONNX.

The photo is looked at whole, at its own size or shrunk to ``first_side`` pixels on its long
side (the detector learnt indices at native scale, 9-59 px). When its indices come out small
there, it is looked at again, enlarged so that they come out near the size the detector sees
best (``target_index``), up to ``max_side``: a large photo up to its own size, a small one (a
screenshot, a far shot) beyond it. A photo no larger than ``first_side`` is also looked at
``zoom`` times larger, when that stays within ``zoom_side`` pixels, and the boxes of both looks
are united: cheap, and it finds what one scale misses. Such a photo (no larger than
``turned_side``) is also looked at turned half round, at its last look's scale: indices lie both
ways up on a table, and the detector finds some better one way than the other; the boxes come
back turned and are united with the others. A large photo gets neither look: it is looked at
shrunk first, and another look would cost too much.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple, Optional

import cv2
import numpy as np

from .corners import index_sizes
from .settings import ReaderSettings
from .yolo_head import anchors, decode_boxes

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
import onnxruntime as ort  # noqa: E402


def session(path: Path) -> ort.InferenceSession:
    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])


class Look(NamedTuple):
    """What one look at a photo found: boxes (pixels of the photo looked at) and scores, and the
    long side it was looked at."""
    boxes: np.ndarray
    scores: np.ndarray
    side: int

    def scaled(self, sx: float, sy: float) -> "Look":
        """The same look, its boxes in pixels ``sx`` times wider and ``sy`` times taller."""
        return Look(self.boxes * np.array([sx, sy, sx, sy], np.float32), self.scores, self.side)

    def index_size(self, long_side: int) -> float:
        """The indices' size as the look saw them (its pixels), the photo's long side
        ``long_side`` pixels of the boxes."""
        return index_size(self.boxes, self.scores) * self.side / long_side


class OnnxModel:
    """One ONNX model file on the CPU, with the reader's settings."""

    def __init__(self, path: Path, settings: ReaderSettings = ReaderSettings()):
        self.path = Path(path)
        self.settings = settings
        self.session = session(self.path)
        self.input = self.session.get_inputs()[0].name


class CornerDetector(OnnxModel):
    """Boxes and scores of the corner indices of a photo. The model either ends at its raw head
    (``distances`` and ``scores``: the boxes of the anchors worth keeping are decoded here, see
    ``yolo_head.py``) or, as ultralytics exports it, at every anchor's decoded box and score."""

    def __init__(self, path: Path, settings: ReaderSettings = ReaderSettings()):
        super().__init__(path, settings)
        self.raw_head = [o.name for o in self.session.get_outputs()] == ["distances", "scores"]

    def _run(self, image: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray]:
        """Boxes (in ``image`` pixels) and scores, the photo scaled to ``side`` on its long side."""
        h, w = image.shape[:2]
        f = side / max(h, w)
        nw, nh = max(32, round(w * f)), max(32, round(h * f))
        pw, ph = -(-nw // 32) * 32, -(-nh // 32) * 32
        canvas = np.full((ph, pw, 3), 114, np.uint8)
        canvas[:nh, :nw] = shrink(image, nw, nh)
        outputs = self.session.run(None, {self.input: _blob(canvas)})
        if self.raw_head:
            scores = outputs[1][0].max(axis=0)
            keep = np.flatnonzero(scores >= self.settings.detect_conf)
            points, steps = anchors(ph, pw)            # 1-3 ms a look: not worth keeping per size
            boxes = decode_boxes(outputs[0][0][:, keep].T, points[keep], steps[keep])
            scores = scores[keep]
        else:
            out = outputs[0][0]                                        # (4 + classes) x anchors
            scores = out[4:].max(axis=0)
            keep = scores >= self.settings.detect_conf
            xywh, scores = out[:4, keep].T, scores[keep]
            boxes = np.concatenate([xywh[:, :2] - xywh[:, 2:] / 2, xywh[:, :2] + xywh[:, 2:] / 2], 1)
        boxes, scores = _nms(boxes, scores, self.settings)
        boxes = boxes / np.array([nw / w, nh / h, nw / w, nh / h], np.float32)
        boxes = np.clip(boxes, 0, [w, h, w, h]).astype(np.float32)
        return boxes, scores.astype(np.float32)

    def first_look(self, image: np.ndarray) -> Look:
        """The photo looked at whole, shrunk to ``first_side`` at most."""
        side = min(self.settings.first_side, -(-max(image.shape[:2]) // 32) * 32)
        return Look(*self._run(image, side), side)

    def detect(self, image: np.ndarray, first: Optional[Look] = None) -> tuple[np.ndarray, np.ndarray]:
        """Boxes and scores of the photo's indices; ``first``: its first look, already taken
        (boxes in ``image`` pixels)."""
        s = self.settings
        long_side = max(image.shape[:2])
        look = first if first is not None else self.first_look(image)
        boxes, scores, side = look
        f = side / long_side
        size = look.index_size(long_side)
        looked = side
        if size < s.small_index:
            # a large photo at its own size at most; a small one enlarged as far as it needs
            want = side * (s.target_index / size) if size > 0 else s.max_side
            own = -(-long_side // 32) * 32
            closer = int(min(s.max_side, want, own if f < 1 else s.max_side))
            if closer > side * 1.2:
                boxes, scores = self._run(image, closer)
                looked = closer
        zoom = -(-int(looked * s.zoom) // 32) * 32
        if s.zoom > 1 and long_side <= s.first_side and zoom <= s.zoom_side:
            # a small photo costs little to look at once more, larger: what one look misses
            more, more_scores = self._run(image, zoom)
            boxes, scores = _nms(np.concatenate([boxes, more]), np.concatenate([scores, more_scores]), s)
        if s.turned_look and long_side <= s.turned_side:
            # a photo of no more than ``turned_side`` is looked at once more turned half round:
            # indices lie both ways up on a table, and what one look misses the other often finds
            more, more_scores = self._run(np.ascontiguousarray(image[::-1, ::-1]), looked)
            h, w = image.shape[:2]
            more = np.stack([w - more[:, 2], h - more[:, 3], w - more[:, 0], h - more[:, 1]], axis=1)
            boxes, scores = _nms(np.concatenate([boxes, more.astype(np.float32)]), np.concatenate([scores, more_scores]), s)
        return boxes, scores


def index_size(boxes: np.ndarray, scores: np.ndarray) -> float:
    """The indices' size, in the boxes' pixels: the median long side of the surest finds (0 if none)."""
    if not len(boxes):
        return 0.0
    strong = scores >= scores.max() * 0.5
    return float(np.median(index_sizes(boxes[strong])))


def _blob(canvas: np.ndarray) -> np.ndarray:
    """The network's input: 1 x 3 x H x W, RGB, 0-1 (a plane at a time: cheaper than OpenCV's
    ``blobFromImage`` on a large look)."""
    h, w = canvas.shape[:2]
    x = np.empty((1, 3, h, w), np.float32)
    for k in range(3):
        x[0, k] = canvas[:, :, 2 - k]
    x *= np.float32(1 / 255.0)
    return x


def _nms(boxes: np.ndarray, scores: np.ndarray, s: ReaderSettings) -> tuple[np.ndarray, np.ndarray]:
    """Of boxes (x1, y1, x2, y2) overlapping more than ``nms_iou``, the surest (one look's, or
    two looks' united)."""
    if not len(boxes):
        return boxes, scores
    idx = cv2.dnn.NMSBoxes(np.c_[boxes[:, :2], boxes[:, 2:] - boxes[:, :2]].tolist(), scores.tolist(),
                           s.detect_conf, s.nms_iou)
    idx = np.asarray(idx, np.int64).reshape(-1)
    return boxes[idx], scores[idx]


def shrink(image: np.ndarray, width: int, height: int) -> np.ndarray:
    """``image`` resized to ``width`` x ``height``; shrinking averages (INTER_AREA), halving first
    while the photo stays at least twice the size wanted (an exact 2 x 2 average, far cheaper than
    one INTER_AREA by an odd factor on a 12 MP photo)."""
    h, w = image.shape[:2]
    if width >= w or height >= h:
        return cv2.resize(image, (width, height), interpolation=cv2.INTER_LINEAR)
    while image.shape[1] >= 2 * width and image.shape[0] >= 2 * height:
        image = cv2.resize(image, (image.shape[1] // 2, image.shape[0] // 2), interpolation=cv2.INTER_AREA)
    return cv2.resize(image, (width, height), interpolation=cv2.INTER_AREA)

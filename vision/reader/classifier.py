"""Reading each found index with the classifier exported to ONNX: a square crop of the
full-resolution photo around the box, cut at 64 px as the training crops are and shrunk to 48 px,
gives the probabilities of 52 cards, the joker and "not an index". A crop read with doubt is read
at four quarter turns, readings averaged."""
from __future__ import annotations


import cv2
import numpy as np

from .detector import OnnxModel

INPUT = 48
CUT = 64            # the side the factory cuts its training crops at (``SynthSettings.crop``)


def crop(image: np.ndarray, box: np.ndarray, pad: float, size: int = INPUT) -> np.ndarray:
    """A ``size`` px square around ``box`` with ``pad`` of context, edges replicated past the photo."""
    x1, y1, x2, y2 = (float(v) for v in box)
    side = max(x2 - x1, y2 - y1, 2.0) * (1 + pad)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    f = size / side
    if f < 0.5:
        # warpAffine cannot average when it shrinks: shrink the crop's window first (two
        # pixels of the crop wider on each side, for the interpolation at its edges)
        r = int(side / 2 + 2 / f) + 1
        x0, y0 = max(0, int(cx) - r), max(0, int(cy) - r)
        window = image[y0:int(cy) + r + 1, x0:int(cx) + r + 1]
        nw, nh = max(1, round(window.shape[1] * f)), max(1, round(window.shape[0] * f))
        small = cv2.resize(window, (nw, nh), interpolation=cv2.INTER_AREA)
        sx, sy = nw / window.shape[1], nh / window.shape[0]
        image, cx, cy, f = small, (cx - x0) * sx, (cy - y0) * sy, f / sx
    m = np.array([[f, 0, size / 2 - f * cx], [0, f, size / 2 - f * cy]], np.float32)
    return cv2.warpAffine(image, m, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def view(image: np.ndarray, box: np.ndarray, pad: float) -> np.ndarray:
    """What the classifier reads of a box: its crop cut at the training crops' side (``CUT``) and
    shrunk to ``INPUT`` by area, as training looks at its held-out crops. A crop cut at ``INPUT``
    at once holds the same place but other pixels: sharper where the index is small (enlarged
    once, not enlarged and averaged), aliased where it is large."""
    return cv2.resize(crop(image, box, pad, CUT), (INPUT, INPUT), interpolation=cv2.INTER_AREA)


class IndexClassifier(OnnxModel):

    def probabilities(self, image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """N x classes probabilities for the N boxes of ``image`` (BGR)."""
        if not len(boxes):
            return np.zeros((0, self.session.get_outputs()[0].shape[1] or 0), np.float32)
        batch = np.stack([view(image, b, self.settings.crop_pad) for b in boxes])
        x = batch[:, :, :, ::-1].transpose(0, 3, 1, 2).astype(np.float32) / 255.0
        probs = self._run(x)
        # an index may lie at any turn: a crop read with doubt is read again turned by 90, 180
        # and 270 degrees, and the readings averaged
        doubt = np.flatnonzero(probs.max(axis=1) < self.settings.turn_below)
        turns = max(1, self.settings.read_turns)
        if turns > 1 and len(doubt):
            views = np.concatenate([np.rot90(x[doubt], k, axes=(2, 3)) for k in range(1, turns)])
            more = self._run(views).reshape(turns - 1, len(doubt), -1)
            probs[doubt] = (probs[doubt] + more.sum(axis=0)) / turns
        return probs

    def _run(self, x: np.ndarray) -> np.ndarray:
        return self.session.run(None, {self.input: np.ascontiguousarray(x, dtype=np.float32)})[0].copy()

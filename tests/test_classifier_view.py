"""What the run-time classifier is shown of a found box: the pixels its training crops show."""
import cv2
import numpy as np

from vision.reader.classifier import CUT, INPUT, crop, view
from vision.synth.export import crop_square
from vision.synth.synth_settings import SynthSettings


def _photo(seed: int = 0) -> np.ndarray:
    """A photo with detail at every scale: noise, and strokes a pixel or two wide."""
    rng = np.random.default_rng(seed)
    img = rng.integers(0, 256, (400, 600, 3), np.uint8)
    for _ in range(60):
        p, q = rng.integers(0, 600, 2), rng.integers(0, 400, 2)
        cv2.line(img, (int(p[0]), int(q[0])), (int(p[1]), int(q[1])), (0, 0, 0), int(rng.integers(1, 3)))
    return img


def test_the_classifier_sees_a_box_as_training_sees_its_crops():
    """The factory cuts an index's training crop at 64 px around the box (30% of context), and
    training shrinks it to the net's 48 px by area; the reader shows the net the same pixels, for
    a small index (enlarged) and a large one (shrunk) alike, and not those of a crop cut at 48 px
    at once."""
    s = SynthSettings()
    assert CUT == s.crop
    img = _photo()
    for box in ([300, 200, 312, 216], [250, 100, 300, 160], [100, 100, 140, 150]):
        x1, y1, x2, y2 = box
        side = max(x2 - x1, y2 - y1) * (1 + s.crop_pad)
        training = cv2.resize(crop_square(img, (x1 + x2) / 2, (y1 + y2) / 2, side, 0.0, s.crop), (INPUT, INPUT),
                              interpolation=cv2.INTER_AREA).astype(float)
        shown = view(img, np.array(box, np.float32), s.crop_pad).astype(float)
        assert shown.shape == (INPUT, INPUT, 3)
        assert np.abs(shown - training).mean() < 1.0
        at_once = crop(img, np.array(box, np.float32), s.crop_pad).astype(float)
        assert np.abs(at_once - training).mean() > 3.0

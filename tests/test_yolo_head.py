"""The detector's boxes decoded from its raw head (the step cut from the ONNX graph), and the
photo shrunk for a look."""
from pathlib import Path

import numpy as np
import pytest

from vision.reader.detector import CornerDetector, shrink
from vision.reader.yolo_head import BINS, anchors, decode_boxes

MODELS = Path(__file__).resolve().parents[1] / "models"


def test_anchors_run_row_by_row_and_level_by_level():
    points, steps = anchors(64, 96)
    # 8 x 12 cells at stride 8, 4 x 6 at 16, 2 x 3 at 32
    assert len(points) == len(steps) == 96 + 24 + 6
    assert points[0].tolist() == [0.5, 0.5] and steps[0] == 8
    assert points[11].tolist() == [11.5, 0.5]
    assert points[12].tolist() == [0.5, 1.5]
    assert points[96].tolist() == [0.5, 0.5] and steps[96] == 16
    assert points[-1].tolist() == [2.5, 1.5] and steps[-1] == 32


def _peaked(left, top, right, bottom):
    logits = np.full((4, BINS), -20.0, np.float32)
    for side, b in enumerate((left, top, right, bottom)):
        logits[side, b] = 20.0
    return logits.reshape(1, 4 * BINS)


def test_a_box_is_its_anchor_moved_by_each_sides_expected_bin_times_the_stride():
    box = decode_boxes(_peaked(3, 5, 2, 7), np.array([[10.5, 4.5]], np.float32), np.array([8.0], np.float32))
    assert box[0] == pytest.approx([(10.5 - 3) * 8, (4.5 - 5) * 8, (10.5 + 2) * 8, (4.5 + 7) * 8], abs=1e-3)


def test_each_side_is_the_expectation_over_its_bins():
    even = np.zeros((1, 4 * BINS), np.float32)          # every bin alike: the middle, 7.5
    box = decode_boxes(even, np.array([[20.5, 20.5]], np.float32), np.array([16.0], np.float32))
    assert box[0] == pytest.approx([(20.5 - 7.5) * 16, (20.5 - 7.5) * 16, 28 * 16, 28 * 16], abs=1e-3)
    two = np.full((4, BINS), -30.0, np.float32)
    two[:, 2] = two[:, 4] = 0.0                          # two bins alike: halfway between
    box = decode_boxes(two.reshape(1, -1), np.array([[10.0, 10.0]], np.float32), np.array([1.0], np.float32))
    assert box[0] == pytest.approx([7, 7, 13, 13], abs=1e-3)


def test_the_committed_detector_ends_at_its_raw_head():
    det = CornerDetector(MODELS / "detector.onnx")
    assert det.raw_head
    image = np.full((256, 320, 3), 90, np.uint8)
    boxes, scores = det._run(image, 320)
    assert boxes.shape[1:] == (4,) and len(boxes) == len(scores)
    assert ((boxes >= 0) & (boxes <= [320, 256, 320, 256])).all()


def test_a_photo_shrunk_by_halving_first_keeps_its_averages():
    rng = np.random.default_rng(1)
    image = rng.integers(0, 256, (1000, 1500, 3), dtype=np.uint8)
    small = shrink(image, 300, 200)
    assert small.shape == (200, 300, 3)
    # each pixel averages a 5 x 5 block: the mean stays, the noise shrinks
    assert abs(small.mean() - image.mean()) < 1.0
    assert small.std() < image.std() / 3
    assert shrink(image, 2000, 1333).shape == (1333, 2000, 3)

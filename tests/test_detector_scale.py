"""How the corner detector chooses the scales it looks at a photo (no model run: the network
is replaced by one that reports indices of a given size)."""
import numpy as np
import pytest

from vision.reader.detector import CornerDetector
from vision.reader.settings import ReaderSettings


class _Looks(CornerDetector):
    """A detector whose every look finds one index ``index`` pixels tall in the photo."""

    def __init__(self, index: float, settings: ReaderSettings = ReaderSettings()):
        self.settings, self.index, self.sides = settings, index, []

    def _run(self, image, side):
        self.sides.append(side)
        return np.array([[10, 10, 10 + 0.6 * self.index, 10 + self.index]], np.float32), np.array([0.9], np.float32)


def _sides(shape, index):
    det = _Looks(index)
    det.detect(np.zeros((*shape, 3), np.uint8))
    return det.sides


def test_a_small_photo_with_small_indices_is_looked_at_again_enlarged():
    s = ReaderSettings()
    first, second = _sides((400, 600), 10)
    assert first == 608 and second > first
    assert second <= s.max_side
    assert 10 * second / 600 == pytest.approx(s.target_index, rel=0.1)


def test_a_large_photo_is_never_looked_at_beyond_its_own_size():
    sides = _sides((3000, 4000), 30)          # 30 px indices: 9.6 px at the first look
    assert sides[0] == ReaderSettings().first_side
    assert len(sides) == 2 and sides[1] <= 4000


def test_a_large_photo_with_indices_large_enough_is_looked_at_once():
    assert _sides((3000, 4000), 100) == [ReaderSettings().first_side]


def test_a_small_photo_is_looked_at_once_more_larger_and_the_finds_united():
    s = ReaderSettings()
    assert _sides((400, 600), 30) == [608, -(-int(608 * s.zoom) // 32) * 32]
    det = _Looks(30)
    boxes, _ = det.detect(np.zeros((400, 600, 3), np.uint8))
    assert len(boxes) == 1                  # the same index seen by both looks is one box


def test_no_zoom_when_settings_say_so():
    det = _Looks(30, ReaderSettings(zoom=1.0))
    det.detect(np.zeros((400, 600, 3), np.uint8))
    assert det.sides == [608]

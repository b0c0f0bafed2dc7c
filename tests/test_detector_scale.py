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
    first, second = _sides((400, 600), 10)[:2]
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
    assert _sides((400, 600), 30)[:2] == [608, -(-int(608 * s.zoom) // 32) * 32]
    det = _Looks(30, ReaderSettings(turned_look=False))
    boxes, _ = det.detect(np.zeros((400, 600, 3), np.uint8))
    assert len(boxes) == 1                  # the same index seen by both looks is one box


def test_no_zoom_when_settings_say_so():
    det = _Looks(30, ReaderSettings(zoom=1.0, turned_look=False))
    det.detect(np.zeros((400, 600, 3), np.uint8))
    assert det.sides == [608]


class _Spot(CornerDetector):
    """A detector that finds the photo's one bright spot, as a 12 x 20 px index around it, but
    only where the photo shows it in its lower right quarter (as it lies in the look). The photo
    is never looked at enlarged (``small_index`` 0, ``zoom`` 1)."""

    def __init__(self, settings: ReaderSettings = ReaderSettings(zoom=1.0, small_index=0.0)):
        self.settings, self.sides = settings, []

    def _run(self, image, side):
        self.sides.append(side)
        y, x = np.unravel_index(int(image[:, :, 0].argmax()), image.shape[:2])
        if x < image.shape[1] / 2 or y < image.shape[0] / 2:
            return np.zeros((0, 4), np.float32), np.zeros(0, np.float32)
        return np.array([[x - 6, y - 10, x + 6, y + 10]], np.float32), np.array([0.9], np.float32)


def _photo(x, y, shape=(400, 600)):
    image = np.zeros((*shape, 3), np.uint8)
    image[y, x] = 255
    return image


def test_a_small_photo_is_looked_at_turned_half_round_and_its_finds_come_back_in_place():
    det = _Spot()
    boxes, _ = det.detect(_photo(100, 80))            # upper left: only the turned look sees it
    assert det.sides == [608, 608]
    # the spot's pixel (100, 80) is the turned photo's (499, 319): its box comes back around it
    assert boxes.tolist() == [[95, 71, 107, 91]]


def test_an_index_found_by_both_looks_is_one_box():
    s = ReaderSettings(zoom=1.0, small_index=0.0)

    class Both(_Spot):
        def _run(self, image, side):
            self.sides.append(side)
            y, x = np.unravel_index(int(image[:, :, 0].argmax()), image.shape[:2])
            return np.array([[x - 6, y - 10, x + 6, y + 10]], np.float32), np.array([0.9], np.float32)

    boxes, _ = Both(s).detect(_photo(300, 200))
    assert len(boxes) == 1


def test_a_large_photo_is_not_looked_at_turned():
    det = _Spot()
    boxes, _ = det.detect(_photo(100, 80, (1500, 2000)))
    assert len(det.sides) == 1 and len(boxes) == 0     # too costly: the one look at its upper left finds nothing


def test_no_turned_look_when_settings_say_so():
    det = _Spot(ReaderSettings(zoom=1.0, small_index=0.0, turned_look=False))
    boxes, _ = det.detect(_photo(100, 80))
    assert det.sides == [608] and len(boxes) == 0


def test_a_first_look_already_taken_is_not_taken_again():
    det = _Looks(100)
    look = det.first_look(np.zeros((3000, 4000, 3), np.uint8))
    assert det.sides == [ReaderSettings().first_side] and look.side == ReaderSettings().first_side
    boxes, _ = det.detect(np.zeros((3000, 4000, 3), np.uint8), look)
    assert det.sides == [ReaderSettings().first_side] and boxes.tolist() == look.boxes.tolist()


class _Seen(_Looks):
    """``_Looks``, keeping the width of every image it looked at."""

    def _run(self, image, side):
        self.widths = getattr(self, "widths", []) + [image.shape[1]]
        return super()._run(image, side)


def _jpeg(w, h):
    import cv2
    return cv2.imencode(".jpg", np.full((h, w, 3), 90, np.uint8))[1].tobytes()


@pytest.mark.parametrize("index, whole", [(60, False), (12, True)])
def test_a_large_jpeg_is_read_from_its_smaller_decode_unless_its_indices_are_small(index, whole):
    from vision.reader.reader import CardReader
    reader = CardReader()
    reader.detector = _Seen(index)
    reading = reader.read(_jpeg(3000, 1000))            # decoded at half size first: 1500 px
    assert (reading.width, reading.height) == (3000, 1000)
    assert reader.detector.widths[0] == 1500
    assert all(w == (3000 if whole else 1500) for w in reader.detector.widths[1:])
    if not whole:
        assert len(reader.detector.widths) == 1
        # what was found in the half-size decode comes back in the photo's pixels
        assert reading.second_look.boxes.tolist() == [[20, 20, 20 + 1.2 * index, 20 + 2 * index]]

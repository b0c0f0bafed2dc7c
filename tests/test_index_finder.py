"""The corner-index finder on synthetic faces drawn with OpenCV."""
import cv2
import numpy as np
import pytest

from vision.index_finder import find_indices, index_crop_ok, iou

W, H = 250, 360


def _card() -> np.ndarray:
    face = np.zeros((H, W, 4), np.uint8)
    r = 18
    mask = np.zeros((H, W), np.uint8)
    cv2.rectangle(mask, (r, 0), (W - 1 - r, H - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (W - 1, H - 1 - r), 255, -1)
    for cx, cy in ((r, r), (W - 1 - r, r), (r, H - 1 - r), (W - 1 - r, H - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1)
    face[mask > 0] = (250, 250, 250, 255)
    cv2.rectangle(face, (0, 0), (W - 1, H - 1), (0, 0, 0, 0), 1)  # keep the edge transparent
    face[mask == 0] = 0
    return face


def _pip(img, cx, cy, s, colour):
    cv2.circle(img, (cx - s // 2, cy), s // 2 + 1, colour, -1)
    cv2.circle(img, (cx + s // 2, cy), s // 2 + 1, colour, -1)
    tri = np.array([[cx - s - 1, cy + 2], [cx + s + 1, cy + 2], [cx, cy + 2 * s]], np.int32)
    cv2.fillPoly(img, [tri], colour)


def _index_layer(text: str, colour) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """Top-left index (rank + small pip) on a transparent layer, and its exact ink box."""
    layer = np.zeros((H, W, 4), np.uint8)
    cv2.putText(layer, text, (12, 44), cv2.FONT_HERSHEY_SIMPLEX, 1.2, colour, 3, cv2.LINE_AA)
    _pip(layer, 26, 60, 9, colour)
    ys, xs = np.nonzero(layer[:, :, 3] > 128)
    return layer, (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)


def synthetic_face(text="7", colour=(0, 0, 200, 255), corners=2):
    face = _card()
    layer, box = _index_layer(text, colour)
    layers = [(layer, box)]
    rot = layer[::-1, ::-1]
    x0, y0, x1, y1 = box
    layers.append((rot, (W - x1, H - y1, W - x0, H - y0)))
    if corners == 4:
        layers.append((layer[:, ::-1], (W - x1, y0, W - x0, y1)))
        layers.append((layer[::-1], (x0, H - y1, x1, H - y0)))
    for lay, _ in layers:
        on = lay[:, :, 3] > 0
        face[on, :3] = lay[on, :3]
    # big central pips
    for cx, cy in ((80, 100), (170, 100), (125, 180), (80, 260), (170, 260), (80, 180), (170, 180)):
        _pip(face, cx, cy, 22, colour)
    face[:, :, 3] = _card()[:, :, 3]
    return face, [b for _, b in layers]


def _match(found, drawn):
    assert len(found) == len(drawn), (found, drawn)
    for d in drawn:
        best = max(iou(f, d) for f in found)
        assert best > 0.5, (d, found)


@pytest.mark.parametrize("text", ["7", "10", "K"])
def test_two_corner_face(text):
    face, drawn = synthetic_face(text)
    found = find_indices(face)
    assert found.dtype == np.float32 and found.shape[1] == 4
    _match(found, drawn)
    for box in found:
        assert index_crop_ok(face, box)


def test_four_corner_face():
    face, drawn = synthetic_face("4", (20, 20, 20, 255), corners=4)
    _match(find_indices(face), drawn)


def test_blank_card_gives_no_box():
    found = find_indices(_card())
    assert found.shape == (0, 4)


def test_lone_corner_is_not_reported():
    face = _card()
    layer, _ = _index_layer("7", (0, 0, 0, 255))
    on = layer[:, :, 3] > 0
    face[on, :3] = 0
    assert find_indices(face).shape == (0, 4)


def test_rejects_non_bgra():
    with pytest.raises(ValueError):
        find_indices(np.zeros((10, 10, 3), np.uint8))

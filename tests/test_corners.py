"""Corners, the reader's one type for detections: validated arrays, converters, matching."""
from types import SimpleNamespace

import numpy as np
import pytest
from vision.classes import NONE_CLASS, READER_CLASSES
from vision.reader.corners import Corners, iou_matrix, one_box_per_index, tiny_jokers
from vision.reader.evaluate import match_corners

ID = {n: i for i, n in enumerate(READER_CLASSES)}


def _corners(n=2):
    return Corners.from_arrays(np.array([[0, 0, 10, 20], [30, 30, 50, 60]][:n], np.float32), np.ones(n),
                               np.array([[ID["7H"], ID["AH"], ID["7D"]],
                                         [ID["JK"], ID[NONE_CLASS], ID["QS"]]][:n]),
                               np.array([[0.9, 0.06, 0.02], [0.8, 0.15, 0.01]][:n]))


def test_readings_and_alternatives():
    c = _corners()
    assert len(c) == 2 and c.names == ["7H", "JK"]
    assert c.alternatives(0) == [("AH", pytest.approx(0.06)), ("7D", pytest.approx(0.02))]
    assert [n for n, _ in c.alternatives(1)] == ["QS"]          # "not an index" is no alternative
    np.testing.assert_allclose(c.centres[1], [40, 45])
    np.testing.assert_allclose(c.sizes, [20, 30])


def test_indexing_keeps_arrays_together():
    c = _corners()[np.array([False, True])]
    assert c.names == ["JK"] and c.boxes.shape == (1, 4) and c.probs.shape == (1, 3)


@pytest.mark.parametrize("boxes, scores, classes, probs, message", [
    (np.zeros((2, 3)), np.ones(2), np.zeros((2, 1)), np.zeros((2, 1)), "N x 4"),
    (np.zeros((2, 4)), np.ones(3), np.zeros((2, 1)), np.zeros((2, 1)), "scores"),
    (np.zeros((2, 4)), np.ones(2), np.zeros((2, 2)), np.zeros((2, 1)), "classes and probs"),
    (np.array([[5, 0, 1, 1.0]]), np.ones(1), np.zeros((1, 1)), np.zeros((1, 1)), "ends before"),
    (np.zeros((1, 4)), np.ones(1), np.full((1, 1), 99), np.zeros((1, 1)), "class ids"),
])
def test_invalid_arrays_are_refused(boxes, scores, classes, probs, message):
    with pytest.raises(ValueError, match=message):
        Corners(np.asarray(boxes, np.float32), np.asarray(scores, np.float32), np.asarray(classes, np.int64),
                np.asarray(probs, np.float32))


class _Tensor:
    """What the converter uses of a torch tensor (torch is not a run-time dependency)."""

    def __init__(self, values):
        self.values = np.asarray(values, np.float32)

    def cpu(self):
        return self

    def numpy(self):
        return self.values


def test_from_ultralytics_one_class_is_found_but_unread():
    boxes = SimpleNamespace(xyxy=_Tensor([[1.0, 2, 11, 22]]), conf=_Tensor([0.7]), cls=_Tensor([0.0]))
    c = Corners.from_ultralytics(SimpleNamespace(boxes=boxes, names={0: "index"}))
    assert c.names == [NONE_CLASS] and c.scores.tolist() == pytest.approx([0.7])
    many = Corners.from_ultralytics(SimpleNamespace(boxes=SimpleNamespace(
        xyxy=boxes.xyxy, conf=boxes.conf, cls=_Tensor([ID["QD"]])),
        names=dict(enumerate(READER_CLASSES[:53]))))
    assert many.names == ["QD"]


def test_iou_and_one_to_one_matching():
    a = np.array([[0, 0, 10, 10], [0, 0, 10, 10]], np.float32)
    b = np.array([[0, 0, 10, 10], [5, 0, 15, 10]], np.float32)
    np.testing.assert_allclose(iou_matrix(a, b)[0], [1.0, 1 / 3])
    # two predictions on one labelled corner count once
    assert match_corners(a, ["7H", "7H"], b[:1], ["7H"]) == 1
    assert match_corners(a[:1], ["7D"], b[:1], ["7H"]) == 0
    assert match_corners(a[:1], ["7D"], b[:1], ["7H"], same_card=False) == 1


def test_one_box_per_index_drops_the_less_sure_twin_only():
    boxes = np.array([[0, 0, 10, 20],      # 7H, sure
                      [2, 1, 12, 21],      # 7H again, overlapping: the detector's second box on it
                      [3, 2, 13, 22],      # overlapping as much, but read 8H: kept (a meld's next card)
                      [40, 0, 50, 20],     # 7H apart: the second deck's copy, kept
                      [7, 0, 17, 20]], np.float32)   # 7H overlapping box 1 by 0.31: below 0.4, kept
    sure = np.array([0.9, 0.95, 0.5, 0.8, 0.7])
    readings = np.array([ID["7H"], ID["7H"], ID["8H"], ID["7H"], ID["7H"]])
    keep = one_box_per_index(boxes, sure, readings, 0.4)
    # box 1 is surer than box 0, so box 0 goes; box 4 overlaps box 1 by less than 0.4
    assert keep.tolist() == [False, True, True, True, True]
    assert one_box_per_index(boxes, sure, readings, 0.9).all()
    assert one_box_per_index(boxes[:1], sure[:1], readings[:1], 0.1).tolist() == [True]
    assert one_box_per_index(boxes[:0], sure[:0], readings[:0], 0.1).tolist() == []


def test_a_joker_far_shorter_than_the_photos_indices_is_no_index():
    """A box read as a joker under 0.4 of the other boxes' median length (a letter of printed
    text, a mark on the table) is no index; a joker as long as the others, or a short box read
    as another card, stays; with too few other boxes to know the photo's usual index, all stay."""
    boxes = np.array([[0, 0, 20, 40], [50, 0, 70, 40], [100, 0, 120, 40], [150, 0, 170, 40],   # 40 px long
                      [200, 0, 206, 14],       # JK, 14 px: 0.35 of 40
                      [250, 0, 270, 40],       # JK, as long as the rest: a joker's index
                      [300, 0, 306, 14],       # 14 px again, but read 7H: not this rule's
                      [350, 0, 356, 18]], np.float32)  # JK, 18 px: 0.45, kept
    readings = np.array([ID["7H"], ID["8H"], ID["9H"], ID["10H"], ID["JK"], ID["JK"], ID["7H"], ID["JK"]])
    keep = np.ones(len(boxes), bool)
    assert tiny_jokers(boxes, readings, keep, ID["JK"], 0.4, 3).tolist() == [False] * 4 + [True] + [False] * 3
    keep[0] = False                                # boxes not kept do not count, nor are judged
    assert tiny_jokers(boxes, readings, keep, ID["JK"], 0.4, 3)[4]
    assert not tiny_jokers(boxes, readings, keep, ID["JK"], 0.3, 3).any()
    few = np.array([True, True, False, False, True, False, False, False])
    assert not tiny_jokers(boxes, readings, few, ID["JK"], 0.4, 3).any()        # two others only
    assert not tiny_jokers(boxes, readings, keep, ID["JK"], 0.0, 3).any()       # the rule off

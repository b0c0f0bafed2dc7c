"""The second look: a weak find kept where a meld expects a card, read as the classifier reads it."""
from __future__ import annotations

import numpy as np

from constructed import Table, U, melds_read
from vision.classes import NONE_CLASS, READER_CLASSES
from vision.reader.cards import merge_corners
from vision.reader.corners import Corners
from vision.reader.reader import Reading, SecondLook
from vision.reader.second_look import look_again
from vision.reader.table import read_table

RUN = ["4H", "5H", "6H", "7H", "8H", "9H"]


def _probs(reading: str, p: float) -> np.ndarray:
    out = np.zeros(len(READER_CLASSES), np.float32)
    out[READER_CLASSES.index(reading)] = p
    out[READER_CLASSES.index(NONE_CLASS)] = 1.0 - p
    return out


def _reading(table: Table, weak: list[tuple[np.ndarray, float, str, float]],
             drop: tuple[int, ...]) -> tuple[Reading, list[tuple]]:
    """The table's corners without the cards ``drop``; ``weak``: finds not kept, each (box,
    detector score, reading, probability), for the second look. Also the boxes it reads, as
    they are read."""
    corners = table.corners(drop=drop)
    boxes = np.array([w[0] for w in weak], np.float32).reshape(-1, 4)
    readings = {tuple(np.round(w[0], 2)): _probs(w[2], w[3]) for w in weak}
    asked = []

    def read(bs: np.ndarray) -> np.ndarray:
        asked.extend(tuple(np.round(b, 2)) for b in bs)
        return np.stack([readings[tuple(np.round(b, 2))] for b in bs])

    look = SecondLook(boxes, np.array([w[1] for w in weak], np.float32), read, lambda c: None)
    return Reading(2000, 1500, corners, merge_corners(corners), second_look=look), asked


def _box_of(table: Table, card: int) -> np.ndarray:
    """The box of the card's band corner, as the table shows it whole."""
    before = sum(len(table.spots(c)) for c in range(card))
    return table.corners().boxes[before]


def melds_read_of(reading: Reading) -> list[list[str]]:
    names = [c.card for c in reading.cards]
    return [[names[i] for i in m] for m in reading.melds]


def test_a_weak_find_in_a_melds_gap_is_kept_as_the_classifier_reads_it():
    t = Table().meld(RUN, (100, 100))
    reading, asked = _reading(t, [(_box_of(t, 2), 0.08, "6H", 0.7)], drop=(2,))
    result = read_table(reading)
    assert melds_read_of(result) == [RUN]
    assert len(asked) == 1
    assert len(result.corners) == len(reading.corners) + 1
    assert look_again(reading, []) is reading               # no meld, no place to look


def test_a_weak_find_one_step_beyond_a_melds_end_is_kept_whatever_it_reads():
    t = Table().meld(RUN, (100, 100))
    # the first card's corner found only weakly, and read as a card the run cannot take: still
    # the classifier's reading, flagged, never the card the meld would need
    result = read_table(_reading(t, [(_box_of(t, 0), 0.06, "4S", 0.6)], drop=(0,))[0])
    assert melds_read_of(result) == [["4S"] + RUN[1:]]
    assert any(f["kind"] == "invalid_meld" for f in result.flags)


def test_weak_finds_elsewhere_or_read_as_no_index_are_left_out():
    t = Table().meld(RUN, (100, 100))
    far = _box_of(t, 2) + np.array([6 * U, 0, 6 * U, 0], np.float32)     # off the line: nothing expected there
    reading, asked = _reading(t, [(far, 0.5, "6H", 0.99), (_box_of(t, 2), 0.08, "6H", 0.3)], drop=(2,))
    assert melds_read_of(read_table(reading)) == [RUN[:2] + RUN[3:]]   # "not an index" wins at the gap
    assert tuple(np.round(far, 2)) not in asked                         # off the line: never even read
    # too weak a find: detector score x reading under second_score
    weak = _reading(t, [(_box_of(t, 2), 0.03, "6H", 0.5)], drop=(2,))[0]
    assert melds_read_of(read_table(weak)) == [RUN[:2] + RUN[3:]]


def test_the_oracles_corners_take_no_second_look():
    t = Table().meld(RUN, (100, 100))
    corners = t.corners(drop=(2,))
    reading = Reading(2000, 1500, corners, merge_corners(corners))
    assert read_table(reading).corners is corners


def test_a_hand_spread_in_a_row_takes_a_second_look_along_it():
    hand = ["KS", "2D", "9C", "4H", "JK", "7S"]
    t = Table().meld(hand, (100, 100), column=False)
    reading, _ = _reading(t, [(_box_of(t, 3), 0.1, "4H", 0.8)], drop=(3,))
    result = read_table(reading, "hand")
    assert sorted(result.cards[i].card for i in result.hand) == sorted(hand)

"""Oracle corners: a synthetic photo's truth turned into the corners a perfect detector and
classifier would give (each labelled index box, its true card as the only reading, probability
1), and the same corners perturbed the way a real detector errs: corners dropped, extra
corners on card faces and on the table, corners misread (the true card second or third).

The truth is read as plain JSON (what ``burraco synth`` writes in ``truth/``); nothing here
imports the factory. The same truth and settings always give the same corners.
"""
from __future__ import annotations

import numpy as np

from ..classes import NONE_CLASS, NONE_ID, READER_CLASSES
from .corners import Corners
from .index_ways import IndexWays
from .settings import PerturbSettings

CARD_IDS = [i for i, name in enumerate(READER_CLASSES) if name != NONE_CLASS]


def truth_corners(truth: dict) -> tuple[Corners, list[int]]:
    """Every labelled index of the truth as a corner read with certainty, and for each corner
    the number of the truth card it belongs to (its place in ``truth["cards"]``)."""
    boxes, classes, owner = [], [], []
    for k, card in enumerate(truth.get("cards", [])):
        if card.get("card") is None:
            continue
        for ix in card.get("indices", []):
            if ix.get("box"):
                boxes.append(ix["box"])
                classes.append(READER_CLASSES.index(card["card"]))
                owner.append(k)
    n = len(boxes)
    if not n:
        return Corners.empty(1), owner
    classes_k = np.full((n, 1), NONE_ID, np.int64)
    classes_k[:, 0] = classes
    return Corners.from_arrays(np.array(boxes, np.float32).reshape(-1, 4), np.ones(n, np.float32),
                               classes_k, np.ones((n, 1), np.float32)), owner


def truth_same_way_up(truth: dict) -> IndexWays:
    """``check(i, j)`` for the corners of ``truth_corners(truth)``: whether the two indices are
    printed the same way up in the photo (within 60 degrees), and ``check.turned(i, j)`` whether
    turned round (more than 120 degrees apart), as ``index_turn.same_way_up``
    tells from the image: a card's far corners are printed turned round against its near ones,
    and the whole card is turned as it lies. A perfect eye for what the reader sees in the crops."""
    angles = []
    for card in truth.get("cards", []):
        if card.get("card") is None:
            continue
        quad = np.array(card.get("corners") or [[0, 0], [1, 0], [1, 1], [0, 1]], np.float64)
        across, down = quad[1] - quad[0], quad[3] - quad[0]
        turn = float(np.arctan2(across[1], across[0]))
        for ix in card.get("indices", []):
            if ix.get("box"):
                centre = (np.array(ix["box"][:2], np.float64) + ix["box"][2:]) / 2
                lower = float((centre - quad[0]) @ down) > 0.5 * float(down @ down)
                angles.append(turn + (np.pi if lower else 0.0))

    return IndexWays(lambda i, j: float(np.cos(angles[i] - angles[j])) > 0.5,
                     lambda i, j: float(np.cos(angles[i] - angles[j])) < -0.5)


def _confusable(rng: np.random.Generator, true_id: int) -> int:
    """A reading a classifier might give instead of ``true_id``: the same rank in another suit,
    a neighbouring rank in the same suit, or any card."""
    name = READER_CLASSES[true_id]
    u = rng.random()
    if name != "JK" and u < 0.5:
        rank, suit = name[:-1], name[-1]
        others = [READER_CLASSES.index(rank + s) for s in "SHDC" if s != suit]
        return int(others[rng.integers(len(others))])
    if name != "JK" and u < 0.8:
        same_suit = [i for i in CARD_IDS if READER_CLASSES[i] != "JK" and READER_CLASSES[i][-1] == name[-1]
                     and i != true_id]
        return int(same_suit[rng.integers(len(same_suit))])
    pick = [i for i in CARD_IDS if i != true_id]
    return int(pick[rng.integers(len(pick))])


def _readings(rng: np.random.Generator, first: int, second: int, p1: float) -> tuple[list[int], list[float]]:
    """Three readings, most likely first, with probabilities that sum to at most 1."""
    third = _confusable(rng, first)
    while third in (first, second):
        third = int(CARD_IDS[rng.integers(len(CARD_IDS))])
    p2 = (1 - p1) * rng.uniform(0.5, 0.9)
    p3 = (1 - p1 - p2) * rng.uniform(0.3, 0.9)
    return [first, second, third], [p1, p2, p3]


def perturb(corners: Corners, truth: dict, settings: PerturbSettings = PerturbSettings()) -> Corners:
    """``corners`` (oracle corners of ``truth``) as a detector and classifier might give them.

    Dropped: each corner with probability ``drop``. Misread: with probability ``misread`` the
    first reading is a confusable card, the true one second (or third). Extra: ``extra`` times
    as many corners again, on a card's face (pips, court art), beside a true corner (a second
    box on one index), or anywhere on the photo, each with a random reading. Every reading gets
    a probability: true readings mostly high, misread and extra ones spread wider."""
    s = settings
    rng = np.random.default_rng([s.seed, int(truth.get("index", 0))])
    n = len(corners)
    boxes, classes, probs = [], [], []
    for i in range(n):
        if rng.random() < s.drop:
            continue
        true_id = int(corners.classes[i, 0])
        if rng.random() < s.misread:
            wrong = _confusable(rng, true_id)
            order, p = _readings(rng, wrong, true_id, rng.uniform(*s.misread_p))
            if rng.random() < 0.3:
                order[1], order[2] = order[2], order[1]
        else:
            order, p = _readings(rng, true_id, _confusable(rng, true_id), rng.uniform(*s.true_p))
        boxes.append(corners.boxes[i])
        classes.append(order)
        probs.append(p)
    sizes = corners.sizes if n else np.array([30.0])
    w, h = float(truth.get("width", 1000)), float(truth.get("height", 1000))
    faces = [np.array(c["corners"], np.float64) for c in truth.get("cards", [])
             if c.get("card") and len(c.get("corners", [])) == 4]
    for _ in range(int(rng.binomial(max(n, 1), s.extra))):
        side = float(sizes[rng.integers(len(sizes))]) * rng.uniform(0.8, 1.2)
        u = rng.random()
        if u < 0.5 and faces:
            quad = faces[rng.integers(len(faces))]
            a, b = rng.uniform(0.15, 0.85, 2)
            top = quad[0] + a * (quad[1] - quad[0])
            bottom = quad[3] + a * (quad[2] - quad[3])
            cx, cy = top + b * (bottom - top)
        elif u < 0.75 and n:
            j = int(rng.integers(n))
            angle = rng.uniform(0, 2 * np.pi)
            off = rng.uniform(0.3, 0.8) * float(sizes[j])
            cx, cy = corners.centres[j] + off * np.array([np.cos(angle), np.sin(angle)])
        else:
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        boxes.append([cx - side * 0.35, cy - side / 2, cx + side * 0.35, cy + side / 2])
        first = int(CARD_IDS[rng.integers(len(CARD_IDS))])
        order, p = _readings(rng, first, _confusable(rng, first), rng.uniform(*s.extra_p))
        classes.append(order)
        probs.append(p)
    if not boxes:
        return Corners.empty()
    return Corners.from_arrays(np.array(boxes, np.float32), np.array([p[0] for p in probs], np.float32),
                               np.array(classes, np.int64), np.array(probs, np.float32))

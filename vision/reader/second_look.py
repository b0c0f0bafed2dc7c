"""A second look where a meld expects a card: in a gap of its line, or one step beyond an end
(and along the rows and fans of a hand photo, the same way).

The detector finds most corners surely; some it finds only weakly (a small, blurred or partly
covered index), under the score a corner needs to be kept anywhere in the photo. Where a meld's
own line says a card should lie, such a weak find is far likelier an index than anywhere else:
there it is read, and kept when the detector score x its reading reaches ``second_score`` (the
classifier's "not an index" still throws it out). The reading is the classifier's own, never
the card the meld would need; a corner so kept is as unsure as its reading says, and flagged
like any other (``low_confidence``).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from .cards import merge_corners
from .corners import Corners, iou_matrix
from .melds import Meld
from .reader import Reading, index_readings, top_readings
from .settings import ReaderSettings


def expected_places(melds: list[Meld], corners: Corners) -> list[tuple[np.ndarray, float]]:
    """Where each meld expects a card it does not show: the middle of a gap in its line, and one
    step beyond each end of a meld of three or more; each with the index size there."""
    P, S = corners.centres.astype(np.float64), corners.sizes.astype(np.float64)
    places = []
    for m in melds:
        a = m.anchors
        for i in m.missing:
            places.append(((P[a[i - 1]] + P[a[i]]) / 2, float(S[[a[i - 1], a[i]]].mean())))
        if len(a) >= 3:
            step = np.asarray(m.step, np.float64)
            places += [(P[a[-1]] + step, float(S[a[-1]])), (P[a[0]] - step, float(S[a[0]]))]
    return places


def look_again(reading: Reading, melds: list[Meld], settings: ReaderSettings = ReaderSettings()) -> Reading:
    """``reading`` with the weak finds kept that lie where ``melds`` (grouped from its corners)
    expect a card and read as an index surely enough, its cards merged again; ``reading``
    itself when there is none (or no second look to take: the oracle's corners)."""
    look = reading.second_look
    if look is None or not len(look.boxes) or not melds:
        return reading
    places = expected_places(melds, reading.corners)
    centres = (look.boxes[:, :2] + look.boxes[:, 2:]) / 2
    near = [np.flatnonzero((np.linalg.norm(centres - point, axis=1) <= settings.second_near * size)
                           & (look.scores >= settings.second_score)) for point, size in places]
    asked = sorted({int(k) for ks in near for k in ks})
    if not asked:
        return reading
    read = look.read(look.boxes[asked])
    probs = np.zeros((len(look.boxes), read.shape[1]), np.float32)
    probs[asked] = read
    probs, index = index_readings(probs, settings.none_margin)
    sure = look.scores * probs.max(axis=1)
    taken: list[int] = []
    for ks in near:
        ks = [int(k) for k in ks if index[k] and sure[k] >= settings.second_score and k not in taken]
        if ks:
            taken.append(max(ks, key=lambda k: sure[k]))
    if not taken:
        return reading
    c = reading.corners
    classes, top = top_readings(probs[taken], c.classes.shape[1] if len(c) else settings.top_k)
    corners = Corners(np.concatenate([c.boxes, look.boxes[taken]]).astype(np.float32),
                      np.concatenate([c.scores, look.scores[taken]]).astype(np.float32),
                      np.concatenate([c.classes, classes]), np.concatenate([c.probs, top]).astype(np.float32))
    alike = look.same_way_up(corners)
    unread = reading.unread
    if len(unread):
        unread = unread[iou_matrix(unread, look.boxes[taken]).max(axis=1) <= settings.same_reading_iou]
    return replace(reading, corners=corners, cards=merge_corners(corners, settings, alike), same_way_up=alike,
                   unread=unread, second_look=None)

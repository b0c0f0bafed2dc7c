"""From corners to melds: the corner indices of a table photo grouped into melds, each meld's
cards in the order they lie, the melds in table order, and the cards they make.

A meld lies as overlapping cards, each shifted one *step* from the one below it (a column
shows each card's top band, a row its left band, a fan turns a little at each card). Every
card shows the same corner index at the same place, so those corners lie along a line (or a
gentle curve) at roughly even spacing. Lengths are measured in index sizes, so the spacing is
learnt from the photo itself, whatever the deck and the distance.

A single step is too short to trust its direction (cards lie a degree or two askew, a box
shows only the visible part of an index), so melds are grown, not linked:

1. *Seeds*: three corners a step apart whose two steps roughly agree (``step_turn``,
   ``step_ratio``; a little less when they make a meld without a wild), shortest steps first
   (a meld's bands are the shortest steps on a table). A corner with another corner on the way
   is no neighbour (that would skip a card), nor are a card's own two corners, which step as
   the photo's other cards' do (``cards.sure_pairs``), unless they are two copies laid one
   after the other, stepping as the melds' neighbouring cards do.
2. *Growth*: from each seed, the line is extended at both ends, one card at a time, by the
   corner that lies about one step further along the line fitted to the last few cards
   (``line_window``), within ``line_offset`` index sizes of it (the line's, or the corner's own
   when larger: a box showing part of an index is small); two steps on when a card seems
   missing. A card that shows its whole face (another corner with its reading a card's length
   beyond) is the last one laid: nothing lies beyond it. Where two corners fit, the one that
   keeps the meld valid under the rules is taken.
3. *Selection*: the best grown line becomes a meld (long, short-stepped, valid under the
   rules in the order its cards lie; an invalid line made of valid melds laid end to end, that
   no one cut makes two, ranks far behind, and a long one wandering across melds, mixing suits
   and ranks over a missing card, behind), its corners are taken, the others are grown again
   without them, and so on.
4. A four-index deck shows two corners per card in each band: their two lines read the same
   cards at one offset (changing evenly along the line, at most), the second line perhaps
   missing a card whose corner is covered, and become one meld. The offset is a card's width
   learnt from the photo, or the last card shows all four corners, or the lines make no meld
   (no one lays such a line twice: a hand's fan).
5. *Cards*: each corner on a meld's line is a card of its own (two decks give two 7H that
   may lie a card's size apart); the other corners join those cards (the far corner of the
   last card laid) or are merged into cards as ``merge_corners`` does.
6. The end card that shows its whole face is the last laid: the meld is read from the other
   end. The melds are put in table order (across the table, then line after line).
7. A card left in no meld that lies where a meld's next card would (a step beyond an end, or
   halfway along a step twice the usual, or between two cards of a meld the rules read only out
   of order, making it read in order), keeping it valid, is taken back (``adopt_loose``; beyond
   an end, a second deck's cards printing smaller or larger indices step as much shorter or longer);
   two lines end to end that read on as one meld in their order are joined (``join_continued``);
   then two melds laid end to end in one line are cut apart (``split_joined``).
8. A wild ending a meld that reads in order without it goes to two cards left in no meld that
   make a meld with it, lying as three cards of a meld do (``lend_wilds``): a line grown over a
   second meld's wild, end to end with it, took it for its next card.
"""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations, product
from typing import Callable, Optional, Sequence

import numpy as np

from engine.card import Card
from engine.meld import MeldReading, read_meld
from engine.scoring import copies_in_play

from ..classes import CLASS_NAMES
from .cards import ReadCard, covered_between, far_enough, merge_corners, pair_support, steps_alike, whole_cards
from .corners import Corners
from .index_ways import turned_round
from .settings import ReaderSettings

# one corner of a box, as columns of (x1, y1, x2, y2): top left, top right, bottom left, bottom right
BOX_CORNERS = ((0, 1), (2, 1), (0, 3), (2, 3))


def box_corner_points(boxes: np.ndarray) -> list[np.ndarray]:
    """For each corner of ``BOX_CORNERS`` in turn, that corner of every box (N x 2)."""
    B = np.asarray(boxes, dtype=np.float64)
    return [B[:, [xs, ys]] for xs, ys in BOX_CORNERS]


@dataclass(frozen=True)
class Meld:
    cards: tuple[int, ...]             # indices into the cards, in the order they lie
    anchors: tuple[int, ...]           # per card, its corner on the meld's line (index into the corners)
    step: tuple[float, float]          # the typical step from one card to the next, in pixels
    missing: tuple[int, ...] = ()      # a card seems missing just before cards[i], for each i listed
    oriented: bool = False             # the first card is known to be the first laid

    @property
    def axis(self) -> np.ndarray:
        """The unit vector of the meld's step."""
        return np.array(self.step, float) / max(float(np.linalg.norm(self.step)), 1e-9)


def share_along(way: np.ndarray, axes: list[np.ndarray], degrees: float) -> float:
    """The share of ``axes`` (unit vectors) within ``degrees`` of the unit vector ``way``, either
    way round (0 when there are none)."""
    if not axes:
        return 0.0
    return float(np.mean(np.abs(np.array(axes) @ way) >= np.cos(np.radians(degrees))))


@dataclass
class _Line:
    corners: list[int]
    missing: list[int] = field(default_factory=list)     # positions i: a card missing before corners[i]
    misfit: float = 0.0
    score: float = 0.0


def _reversed(line: _Line) -> _Line:
    return _Line(line.corners[::-1], [len(line.corners) - i for i in line.missing], line.misfit)


def _reading(names: list[str]) -> Optional[MeldReading]:
    """The rules' reading of a line that two decks can lay (None for fewer than three cards, or
    for corners that all read one card, more than two decks hold: one card's corners, never
    copies of it; a line holding other cards too is read as the meld it makes, a misread being
    flagged where it is)."""
    return _reading_of(tuple(names))


@lru_cache(maxsize=8192)
def _reading_of(names: tuple[str, ...]) -> Optional[MeldReading]:
    """``_reading``, remembered: growing lines asks the rules of the same cards again and again."""
    if len(names) < 3 or (len(set(names)) == 1 and len(names) > copies_in_play(Card.parse(names[0]))):
        return None
    return read_meld(names)


def _valid(names: list[str]) -> bool:
    """A valid meld under the rules, and one that two decks can lay (``_reading``)."""
    reading = _reading(names)
    return reading is not None and reading.valid


def meld_like(names: list[str]) -> bool:
    """Whether cards in a line could be a meld, if not a valid one then one card off (a misread,
    a wild out of place): all their natural cards but one share a rank, or a suit and lie
    within the line's length of each other in rank (an ace low or high). A row of a spread hand
    seldom does."""
    if read_meld(names).valid:
        return True
    natural = [n for n in names if n != "JK" and not n.startswith("2")]
    if len(natural) <= 2:
        return True
    if max(Counter(n[:-1] for n in natural).values()) >= len(natural) - 1:
        return True                       # a group
    suit, most = Counter(n[-1] for n in natural).most_common(1)[0]
    if most < len(natural) - 1:
        return False
    # a run: its suit's ranks within the line's length, but for one card when all share the suit
    ranks = sorted(Card.parse(n).order for n in natural if n[-1] == suit)
    spare = len(ranks) - (len(natural) - 1)
    for values in (ranks, sorted(14 if v == 1 else v for v in ranks)):
        if min(values[k + len(values) - spare - 1] - values[k] for k in range(spare + 1)) < len(names):
            return True
    return False


def one_card_off(names: list[str]) -> bool:
    """Whether cards in a line make a valid meld, or would with one of them read otherwise (a
    misread, a wild out of place): stricter than ``meld_like``."""
    return _valid(names) or any(_valid(names[:i] + [other] + names[i + 1:])
                                for i in range(len(names)) for other in CLASS_NAMES if other != names[i])


def run_one_off(names: list[str]) -> bool:
    """Three natural cards in a line laid as a run with one mistake: ranks running one way, one
    step by one and the other by up to four (a gap) in one suit, or both by one with one suit
    differing (a valid run of three passes too)."""
    if len(names) != 3:
        return False
    cards = [Card.parse(n) for n in names]
    if any(c.can_be_wild for c in cards):
        return False
    steps = [b.order - a.order for a, b in zip(cards, cards[1:])]
    if steps[0] * steps[1] <= 0 or 1 not in map(abs, steps):
        return False                                 # not running one way, or no step by one
    suits = {c.suit for c in cards}
    if len(suits) == 1:
        return max(map(abs, steps)) <= 4
    return steps[0] == steps[1] and len(suits) == 2


def _without_wild(names: list[str]) -> bool:
    """A valid meld that the rules read with no wild in it (a two may lie in its natural place)."""
    reading = _reading(names)
    return reading is not None and reading.valid and reading.wild is None


def _in_order(names: list[str]) -> bool:
    """A valid meld read in the order its cards lie (not sorted into one)."""
    reading = _reading(names)
    return reading is not None and reading.valid and reading.note is None


def _melds_end_to_end(names: list[str]) -> bool:
    """Readings in a line (a joker for each card missing) that cut into two valid melds or more,
    one after the other: melds laid end to end."""
    n = len(names)
    cut = [True] + [False] * n
    for i in range(3, n + 1):
        cut[i] = any(cut[j] and _valid(names[j:i]) for j in range(i - 2))
    return cut[n]


def _two_melds_cuts(own: list[str]) -> list[int]:
    """Where a line's readings (no card missing) cut into two valid melds, other than where one
    unread card (a wild printed without an index) would make the line one meld in its order."""
    return [k for k in range(3, len(own) - 2) if _valid(own[:k]) and _valid(own[k:])
            and not _in_order(own[:k] + ["JK"] + own[k:])]


class _Grouper:
    def __init__(self, corners: Corners, settings: ReaderSettings,
                 same_way_up: Optional[Callable[[int, int], bool]] = None):
        self.s = settings
        self.same_way_up = same_way_up
        self.turned = turned_round(same_way_up)
        self.corners = corners
        self.P = corners.centres.astype(np.float64)
        self.S = np.maximum(corners.sizes.astype(np.float64), 1e-6)
        self.WH = corners.boxes[:, 2:] - corners.boxes[:, :2]          # the boxes' widths and heights
        # a joker's index (a word or a figure) is smaller than a rank and sits a little aside:
        # it is measured by the other indices' size, and fits a line more loosely
        self.joker = np.array([name == "JK" for name in corners.names], bool)
        # a joker's box longer than a rank's (a word printed down the card's edge): a rank's index
        # would lie at one of its ends (the card's corner), a rank's length from it
        self.joker_ends: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        if self.joker.any() and not self.joker.all():
            self.S[self.joker] = float(np.median(self.S[~self.joker]))
            rank_long = float(np.median(self.WH[~self.joker].max(axis=1)))
            for k in np.nonzero(self.joker)[0]:
                axis = int(np.argmax(self.WH[k]))
                over = (float(self.WH[k, axis]) - rank_long) / 2
                if over > 0:
                    shift = np.zeros(2)
                    shift[axis] = over
                    self.joker_ends[int(k)] = (self.P[k] - shift, self.P[k] + shift)
        self.names = corners.names
        n = len(self.P)
        self.D = np.linalg.norm(self.P[:, None] - self.P[None], axis=2) if n else np.zeros((0, 0))
        self.U = self.D / ((self.S[:, None] + self.S[None]) / 2) if n else self.D
        self.links = self._links()
        # pairs stepping as several others of the photo do (``cards.sure_pairs``); ``sure``: as many
        # as ``line_pair_support``, one card's however they lie on a line
        support = pair_support(corners, settings)
        self.supported = self._not_meld_steps({p for p, k in support.items() if k >= settings.pair_support})
        self.sure = self._not_meld_steps({p for p, k in support.items() if k >= settings.line_pair_support})
        # a card surely showing its four corners (a four-index deck's last card): each two are one
        # card's, never two cards of a line
        self.wholes = whole_cards(corners, support, settings, same_way_up, self.turned) if self.turned else []
        self.whole_of = {k: quad for quad in self.wholes for k in quad}      # each such corner's four
        for quad in self.wholes:
            self.sure |= {(min(a, b), max(a, b)) for a, b in combinations(quad, 2)}
        self.face_offsets: list[np.ndarray] = []
        self.face_widths: list[float] = []
        self.on_lines: set[int] = set()
        self.stop_at_faces = False
        self.far: set[int] = set()                   # far corners of the last cards laid (a first look)
        self.valid_melds: list[Meld] = []            # the photo's valid melds (a first grouping)
        self.partners: dict[int, list[int]] = {}     # a line corner's twins: its card's other band corner
        self.bands: list[tuple[float, float]] = []   # second bands paired: offset across, along (index sizes)
        self.banded: set[int] = set()                # the lines that took a second band
        self._aligned_pairs: dict[tuple[tuple[int, ...], tuple[int, ...]], list[tuple[int, int]]] = {}
        self.row_bands: dict[int, int] = {}          # a row's end corner taken off it: its card's corner on the row
        self._merged_cards: Optional[dict[int, int]] = None

    # 1. seeds
    def _links(self) -> list[list[int]]:
        s, n = self.s, len(self.P)
        links: list[list[int]] = [[] for _ in range(n)]
        if n < 2:
            return links
        ratio = np.maximum(self.S[:, None], self.S[None]) / np.minimum(self.S[:, None], self.S[None])
        # the card laid on a joker steps farther where its word index needs a wider band
        longest = np.where(self.joker[:, None] & self.joker[None], s.joker_step_max, s.step_max)
        ok = (self.U >= s.step_min) & (self.U <= longest) & (ratio <= s.step_size_ratio)
        for a, b in zip(*np.nonzero(np.triu(ok, 1))):
            if not self._passes_over(int(a), int(b)):
                links[a].append(int(b))
                links[b].append(int(a))
        return links

    def _not_meld_steps(self, sure: set[tuple[int, int]]) -> set[tuple[int, int]]:
        """Of the pairs of corners stepping as the photo's cards do (``sure``), those that are
        not two copies laid one after the other in a meld (10D 10D 10S 10S). Such copies step as
        the neighbouring cards of the photo's melds do, and where a deck's band corners lie about
        one meld step across, they are as many as the cards' own pairs. So a pair printed the
        same way up (as a card's two band corners are, and two copies) whose step more pairs of
        neighbouring cards of other readings share (within ``pair_tolerance`` of its length plus
        ``step_slack`` index sizes) than pairs of one reading do is two cards; unless a third
        corner of its reading shows it is one card's (``_shows_turned_corner``)."""
        def vector(a: int, b: int) -> np.ndarray:
            return (self.P[b] - self.P[a]) / ((self.S[a] + self.S[b]) / 2)

        if self.same_way_up is None:
            return sure
        steps = np.array([vector(a, b) for a, nb in enumerate(self.links) for b in nb
                          if a < b and self.names[a] != self.names[b]]).reshape(-1, 2)
        if not len(steps):
            return sure
        pairs = sorted(sure)
        vectors = np.array([vector(*p) for p in pairs]).reshape(-1, 2)
        tolerance, slack = self.s.pair_tolerance, self.s.step_slack
        # each pair steps as itself: not counted among the pairs of one reading
        same = steps_alike(vectors, vectors, tolerance, slack) - 1
        alike = steps_alike(vectors, steps, tolerance, slack)
        return {p for p, other, own in zip(pairs, alike, same)
                if other <= own or not self.same_way_up(*p) or self._shows_turned_corner(*p)}

    def _shows_turned_corner(self, a: int, b: int) -> bool:
        """Whether a third corner of the same reading lies square to ``a`` and ``b`` (at a right
        angle at either, within ``corner_square``), a card's size away, and is printed turned
        against one of them: then the two are one card's (its band along a row's last card),
        not two copies one after the other."""
        ab = self.P[b] - self.P[a]
        for c in range(len(self.P)):
            if c in (a, b) or self.names[c] != self.names[a] or max(self.U[a, c], self.U[b, c]) > self.s.same_card_max:
                continue
            for at in (a, b):
                side = self.P[c] - self.P[at]
                cos = abs(float(side @ ab)) / max(float(np.linalg.norm(side) * np.linalg.norm(ab)), 1e-9)
                if cos < self.s.corner_square and not (self.same_way_up(a, c) and self.same_way_up(b, c)):
                    return True
        return False

    def _passes_over(self, a: int, b: int) -> bool:
        """Whether another corner lies on the way from ``a`` to ``b``: then they are not
        neighbours (two steps apart, say)."""
        ab = self.P[b] - self.P[a]
        length2 = float(ab @ ab)
        t = ((self.P - self.P[a]) @ ab) / max(length2, 1e-9)
        off = np.linalg.norm(self.P - (self.P[a] + t[:, None] * ab), axis=1)
        near = (t > 0.2) & (t < 0.8) & (off < 0.3 * np.sqrt(length2))
        near[[a, b]] = False
        return bool(near.any())

    def bend(self, k: int, l: int, m: int, v1: Optional[np.ndarray] = None, v2: Optional[np.ndarray] = None) -> float:
        """How far three corners are from being three consecutive cards of one meld: 0 when the
        two steps agree, 1 at the limit (``step_turn`` degrees apart, or lengths ``step_ratio``
        apart, or ``centre_noise`` index sizes), more beyond. ``v1``, ``v2``: the steps, when
        not the corners' own (half of one, over a missing card)."""
        v1 = self.P[l] - self.P[k] if v1 is None else v1
        v2 = self.P[m] - self.P[l] if v2 is None else v2
        n1, n2 = max(float(np.linalg.norm(v1)), 1e-9), max(float(np.linalg.norm(v2)), 1e-9)
        unit = float(self.S[[k, l, m]].mean())
        turn = np.degrees(np.arccos(np.clip(float(v1 @ v2) / (n1 * n2), -1.0, 1.0)))
        ratio = max(n1, n2) / min(n1, n2)
        # short steps: a box's centre wanders by a fraction of an index whatever the step
        noise = self.s.centre_noise * unit
        way = min(turn / self.s.step_turn, float(np.linalg.norm(v2 - v1)) / (2 * noise))
        length = min(np.log(ratio) / np.log(self.s.step_ratio), abs(n2 - n1) / noise)
        return max(way, length)

    def _wild(self, k: int) -> bool:
        return Card.parse(self.names[k]).can_be_wild

    def _one_card(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in self.sure

    def _own_far(self, a: int, b: int, c: int) -> bool:
        """Whether ``a`` and ``b`` read the same and the step between them is much longer than
        from ``b`` to ``c``: one card's two corners (its band and its far end), not two copies
        (unless ``_two_copies`` tells they are)."""
        return self.names[a] == self.names[b] and self.D[a, b] > self.s.own_far * self.D[b, c] \
            and not self._two_copies(a, b)

    def _two_copies(self, a: int, b: int) -> bool:
        """Whether two corners reading one rank are surely two cards: their indices printed the
        same way up (a card's far corner is printed turned round against its band's), not
        stepping as several pairs of the photo do (a four-index deck's two band corners, printed
        the same way up). A joker's index (a word, a figure) compares with no other index."""
        return self.same_way_up is not None and not self.joker[a] and self.same_way_up(a, b) \
            and (min(a, b), max(a, b)) not in self.supported

    def _turned_pair(self, a: int, b: int) -> bool:
        """Whether two ranks' indices are printed turned round against each other, as far as the
        photo tells: never neighbouring cards of one meld. A joker's index (a word, a figure)
        compares with no other index."""
        return self.turned is not None and not self.joker[[a, b]].any() and self.turned(a, b)

    def _joker_between(self, k: int, l: int, m: int) -> float:
        """A joker's index sits aside (a word, a figure): between two cards, how far it lies
        from halfway, in units of the slack it is allowed (1: at the limit)."""
        unit = float(self.S[[k, m]].mean())
        halfway = (self.P[k] + self.P[m]) / 2
        # a word's box: the index lies at one of its ends (see ``joker_ends``)
        off = min(float(np.linalg.norm(p - halfway)) for p in (self.P[l], *self.joker_ends.get(l, ())))
        return off / (self.s.joker_slack * self.s.line_offset * unit)

    def _three_cards(self, k: int, l: int, m: int) -> bool:
        """Whether corners ``k``, ``l``, ``m`` (in a line's order) may be three cards of a meld:
        no two of them one card's corners, and none printed turned round against its neighbour."""
        if (self._own_far(k, l, m) or self._own_far(m, l, k)
                or self._one_card(k, l) or self._one_card(l, m)):
            return False                     # one card's two corners: never two cards of a meld
        # a meld's cards lie the same way up (see index_ways); ends reading alike printed turned
        # round are a pile's (one card's two corners, most often, a card thrown across it)
        return not (self._turned_pair(k, l) or self._turned_pair(l, m)
                    or (self.names[k] == self.names[m] and self._turned_pair(k, m)))

    def seeds(self) -> list[tuple[int, int, int, int]]:
        """(first, middle, last, gap): three corners of a meld, best first; ``gap`` 1 or 2 when a
        card seems missing before the middle or the last one (a step twice as long), else 0."""
        out = []
        for l, nb in enumerate(self.links):
            for i, a in enumerate(nb):
                for b in nb[i + 1:]:
                    k, m = min(a, b), max(a, b)
                    if not self._three_cards(k, l, m):
                        continue
                    three = [self.names[k], self.names[l], self.names[m]]
                    cost = (self.U[k, l] + self.U[l, m]) / 2
                    bend = self.bend(k, l, m)
                    cost0, bend0 = cost, bend
                    gap = 0
                    if bend > 1 and self.joker[l] and not self.joker[[k, m]].any():
                        bend = self._joker_between(k, l, m)
                    if bend > 1 and not any(self._wild(c) for c in (k, l, m)) \
                            and (_valid(three) or run_one_off(three)):
                        # three natural cards making a meld (or a run laid with one mistake, a gap or
                        # a suit: a queen's wide index beside a nine's) whose indices differ in size
                        # (two decks, two ranks) may step evenly by their boxes' corners though their
                        # centres do not
                        bend = min([bend] + [self.bend(k, l, m, v1, v2) for v1, v2 in self._corner_steps(k, l, m)])
                    if bend > 1:
                        v1, v2 = self.P[l] - self.P[k], self.P[m] - self.P[l]
                        gap = 1 if float(np.linalg.norm(v1)) > float(np.linalg.norm(v2)) else 2
                        bend = self.bend(k, l, m, v1 / 2, v2) if gap == 1 else self.bend(k, l, m, v1, v2 / 2)
                        cost += self.s.gap_cost
                    if bend <= 1:
                        if gap and (k if gap == 1 else m) in self.far:
                            continue                 # a last card's far corner, over a card missing: no meld's
                        out.append((cost * (1 + bend), k, l, m, gap))
                    elif gap and bend0 <= self.s.natural_bend and _without_wild(three):
                        # three cards making a meld without a wild seldom lie so by chance: a box
                        # larger than its neighbours (its centre aside) may bend them a little more
                        out.append((cost0 * (1 + bend0), k, l, m, 0))
                    elif bend0 <= self.s.natural_bend and self.joker[k] != self.joker[m] and not self.joker[l] \
                            and self._joker_step_no_longer(k, l, m) and _valid(three):
                        # so may a joker ending three cards that make a meld: its word index, larger,
                        # may sit aside and nearer the next card than a step (never farther: another
                        # meld's joker lying beyond)
                        out.append((cost0 * (1 + bend0), k, l, m, 0))
        out.sort()
        return [(k, l, m, gap) for _, k, l, m, gap in out]

    def _corner_steps(self, k: int, l: int, m: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """The two steps from ``k`` to ``l`` to ``m`` measured between one corner of each box
        (top left, top right, bottom left, bottom right): a deck prints its index a margin from
        the card's corner, so a larger index's centre lies farther from it, its box's corner
        nearer the card's."""
        return [(Q[1] - Q[0], Q[2] - Q[1]) for Q in box_corner_points(self.corners.boxes[[k, l, m]])]

    def _joker_step_no_longer(self, k: int, l: int, m: int) -> bool:
        """Whether the step to the joker ending ``k, l, m`` is no longer than the other one."""
        joker, other = (self.U[k, l], self.U[l, m]) if self.joker[k] else (self.U[l, m], self.U[k, l])
        return bool(joker <= other)

    # 2. growth
    def _direction(self, line: list[int], window: int) -> tuple[np.ndarray, np.ndarray, float]:
        """A point on the line, its unit direction (towards the end of ``line``) and the step,
        from the last ``window`` corners (jokers left out when two others remain; beside one,
        measured from their boxes' ends when that lines them up better, see ``joker_ends``)."""
        last = line[-window:]
        plain = [k for k in last if not self.joker[k]]
        if len(plain) >= 2 and len(plain) < len(last):
            pts = self.P[plain]
            centre = pts.mean(0)
            _, _, vt = np.linalg.svd(pts - centre)
            d = vt[0] if (pts[-1] - pts[0]) @ vt[0] >= 0 else -vt[0]
            span = last.index(plain[-1]) - last.index(plain[0])
            return centre, d, float((pts[-1] - pts[0]) @ d) / span
        pts = self.P[last]
        ends = [i for i, k in enumerate(last) if k in self.joker_ends]
        if plain and ends:
            # the jokers' boxes measured from the end that lines them up with the ranks best
            options = [pts]
            for side in (0, 1):
                moved = pts.copy()
                for i in ends:
                    moved[i] = self.joker_ends[last[i]][side]
                options.append(moved)
            pts = min(options, key=lambda o: float(np.linalg.svd(o - o.mean(0), compute_uv=False)[-1]))
        centre = pts.mean(0)
        _, _, vt = np.linalg.svd(pts - centre)
        d = vt[0]
        if (pts[-1] - pts[0]) @ d < 0:
            d = -d
        adv = np.diff(pts @ d)
        return centre, d, float(np.median(adv)) if len(adv) else 1.0

    def _turning(self, line: list[int]) -> bool:
        """Whether a line's last steps turn the same way, each by more than ``fan_step`` degrees."""
        steps = np.diff(self.P[line[-4:]], axis=0)
        turns = np.degrees(np.diff(np.unwrap(np.arctan2(steps[:, 1], steps[:, 0]))))
        return bool(np.all(turns > self.s.fan_step) or np.all(turns < -self.s.fan_step))

    def _extend(self, line: _Line, blocked: set[int]) -> bool:
        c = line.corners
        end = c[-1]
        centre, d, step = self._direction(c, self.s.line_window)
        if step <= 0 or (self.stop_at_faces and self.face(end, d * step) is not None):
            return False
        rel = self.P - self.P[end]
        along = rel @ d
        lengthwise = np.abs(d[0]) * self.WH[:, 0] + np.abs(d[1]) * self.WH[:, 1]     # the boxes' extents
        plain = [k for k in c[-self.s.line_window:] if not self.joker[k]] or [end]   # the line's last ranks
        if self.joker.any():
            # a joker's index may be a word, a long box: farther than a step on, where the card's
            # index band lies is told by the box's near end, as if a box of the line's cards' length
            # began there (never nearer than a step); the same from a joker ending the line
            usual = float(np.median(lengthwise[plain]))
            over = np.where(self.joker, np.maximum(lengthwise - usual, 0) / 2, 0)
            shift = over + over[end]
            along = np.where((shift > 0) & (along > step), np.maximum(along - shift, step), along)
        normal = np.array([-d[1], d[0]])
        off_line = np.abs((self.P - centre) @ normal)
        for k, ends in self.joker_ends.items():      # a joker's index lies at either end of its box
            off_line[k] = min([off_line[k]] + [abs(float((e - centre) @ normal)) for e in ends])
        if len(c) > 3 and self._turning(c):              # a fan turns: its last three cards lead the way
            centre3, d3, _ = self._direction(c, 3)
            off_line = np.minimum(off_line, np.abs((self.P - centre3) @ np.array([-d3[1], d3[0]])))
        # two decks' indices differ in size, each printed a margin from its card's corner: a larger
        # index's centre lies farther from the corner, across the line and along it. A natural card
        # that continues the meld is measured by its box's edges: half the boxes' difference nearer
        # (across, against the end card's box beside it; along, against the line's usual length,
        # as its step is the line's usual one)
        across = np.abs(normal[0]) * self.WH[:, 0] + np.abs(normal[1]) * self.WH[:, 1]
        wider = np.abs(across - float(across[end])) / 2
        longer = np.abs(lengthwise - float(np.median(lengthwise[plain]))) / 2
        by_edge = np.minimum(off_line, np.maximum(np.abs((self.P - centre) @ normal) - wider, 0))
        unit = float(np.median(self.S[c[-self.s.line_window:]]))
        # a box showing part of an index is smaller and its centre wanders: a candidate's own
        # (whole) index may set the tolerance, up to half again the line's
        tol = self.s.line_offset * np.maximum(unit, np.minimum(self.S, 1.5 * unit))
        names = self._names(line)
        valid = _valid(names)
        # a card of this line, or the far corner of its first card, is no candidate's far corner
        # (a copy of the line's own first card, say, lies a card's size from both)
        own: frozenset[int] = frozenset()
        if self.stop_at_faces:
            first_far = self.face(c[0], self.P[c[0]] - self.P[c[1]])
            own = frozenset(c) | ({first_far} if first_far is not None else set())
        fits: list[tuple[float, int, int]] = []
        loose = self.s.joker_slack if self.joker[end] else 1.0
        reach = tol * np.where(self.joker, self.s.joker_slack, loose)
        for j in np.nonzero((along > 0.45 * step) & (along < 2.6 * step) & (by_edge < reach))[0]:
            j = int(j)
            if j in blocked or j in c:
                continue
            off, ahead = float(off_line[j]), float(along[j])
            if not self.joker[end] and not self._wild(j) and _valid(names + [self.names[j]]):
                off = off if off < reach[j] else float(by_edge[j])
                ahead = step if abs(ahead - step) <= longer[j] else ahead - float(np.sign(ahead - step)) * longer[j]
            if off >= reach[j]:
                continue
            if max(self.S[j], self.S[end]) / min(self.S[j], self.S[end]) > self.s.step_size_ratio:
                continue
            if self.stop_at_faces and self.face(j, -d * step, own) is not None:
                continue                             # the last card of a meld beyond, its face towards this one
            if self._turned_pair(end, j):
                continue                             # a card's far corner, or a pile's: printed turned round
            if (self.names[j] == self.names[end] and along[j] > self.s.own_far * step
                    and not self._two_copies(end, j)) or self._one_card(end, j):
                continue                             # the same reading a long step on: the card's own far corner
            # a joker's index may sit farther on (a word printed down its edge): near the line,
            # a longer step to it is no card missing
            k = 1 if ahead < 1.7 * step or (self.joker[j] and along[j] < self.s.joker_step * step
                                             and off <= self.s.joker_step_off * reach[j]) else 2
            fit = abs(np.log(ahead / (k * step))) / np.log(self.s.step_ratio) + off / reach[j] + (k - 1)
            if k == 2 and fit > self.s.gap_fit:
                continue
            if valid and not _valid(names + ["JK"] * (k - 1) + [self.names[j]]):
                fit += 0.75
                if fit > self.s.spoil_fit:
                    continue                         # a card that spoils a valid meld must fit the line well
            if j in self.far:
                fit += 1.0
                if fit > 1.6:
                    continue
            fits.append((fit, j, k))
        if not fits:
            return False
        fit, j, k = min(fits)
        # a line never passes over a card that fits it: a nearer one that fits well comes first
        # (the cards of two designs step by their own bands' widths, not the line's usual step)
        nearer = [f for f in fits if f[2] == 1 and f[0] <= self.s.near_fit and along[f[1]] < along[j] - 0.3 * step]
        if nearer:
            fit, j, k = min(nearer, key=lambda f: along[f[1]])
        if k == 2:
            line.missing.append(len(c))
        c.append(j)
        line.misfit += fit
        return True

    def _names(self, line: _Line) -> list[str]:
        """The line's readings, a joker standing for each card missing: it may have been anything."""
        return [n for i, k in enumerate(line.corners)
                for n in (["JK"] if i in line.missing else []) + [self.names[k]]]

    def grow(self, seed: tuple[int, int, int, int], blocked: set[int]) -> _Line:
        k, l, m, gap = seed
        line = _Line([k, l, m], [gap] if gap else [], misfit=1.0 if gap else self.bend(k, l, m))
        while self._extend(line, blocked):
            pass
        line = _reversed(line)
        while self._extend(line, blocked):
            pass
        # the first end again, its way now fitted to a longer line (a short seed's steps may wander)
        line = _reversed(line)
        while self._extend(line, blocked):
            pass
        line = _reversed(line)
        line.score = self._score(line)
        return line

    def _score(self, line: _Line) -> float:
        c = line.corners
        n = len(c) + len(line.missing)
        step_u = float(np.median([self.U[a, b] for a, b in zip(c, c[1:])]))
        score = n - 0.3 * line.misfit - 0.15 * n * step_u - 0.5 * len(line.missing)
        names = self._names(line)
        if not _valid(names):
            # two corners of one reading side by side: most often one card's two corners
            score -= 0.25 * n + self.s.twin_cost * self._doubled(c)
            # melds laid end to end that split_joined could not cut apart later (three of them,
            # a card missing where they meet): the lines of the melds themselves are likelier
            if _melds_end_to_end(names) and not _two_melds_cuts([self.names[k] for k in c]):
                score -= self.s.end_to_end_cost * n
            # a long line not even one card off a meld that skips a card: a wander across melds (a
            # hand's row lies straight, no card missing), the melds' own lines likelier
            elif n >= self.s.wander_cards and line.missing and not meld_like(names):
                score -= self.s.wander_cost * n
        elif not _in_order(names):
            # the rules read it only sorted: players lay a run in order, so another line of these
            # cards is likelier (two melds' ends read as one, a card missing where none can be)
            score -= self.s.out_of_order_cost
        return score

    def pairs_row(self, line: _Line) -> bool:
        """An invalid line that reads every card twice in a row, or nearly: the two corners of
        cards side by side (a four-index deck's first or last cards across melds), not a meld."""
        return not _valid(self._names(line)) and 3 * self._doubled(line.corners) >= len(line.corners) - 1

    def _doubled(self, corners: list[int] | tuple[int, ...]) -> int:
        """How many consecutive corners of a line read the same card (jokers aside: a player
        may well lay two side by side)."""
        return sum(self.names[a] == self.names[b] != "JK" for a, b in zip(corners, corners[1:]))

    # 3. selection
    def lines(self, exclude: frozenset[int] = frozenset()) -> list[_Line]:
        """The melds' lines, best first; the corners in ``exclude`` (far corners) on none."""
        seeds = self.seeds()
        # a wild's far corner would join any run laid beside its card: never a band
        blocked: set[int] = set(exclude) | {k for k in self.far if self._wild(k)}
        chosen: list[_Line] = []
        pool: list[tuple[_Line, list[tuple[int, int, int, int]]]] = []

        def refill(todo: list[tuple[int, int, int, int]]) -> None:
            covered: set[tuple[int, int, int]] = set()
            for seed in todo:
                if seed[:3] in covered or blocked & set(seed[:3]):
                    continue
                line = self.grow(seed, blocked)
                c = line.corners
                mine = {seed[:3]} | {(min(a, cc), b, max(a, cc)) for a, b, cc in zip(c, c[1:], c[2:])}
                covered.update(mine)
                pool.append((line, [sd for sd in todo if sd[:3] in mine] or [seed]))

        refill(seeds)
        while pool:
            pool.sort(key=lambda lp: -lp[0].score)
            line, _ = pool.pop(0)
            chosen.append(line)
            blocked |= set(line.corners) | self._end_faces(line)
            stale = [lp for lp in pool if blocked & set(lp[0].corners)]
            for lp in stale:
                pool.remove(lp)
            regrow = [sd for lp in stale for sd in lp[1]]
            refill(sorted(set(regrow), key=seeds.index))
        return chosen

    def _end_faces(self, line: _Line) -> set[int]:
        """Once faces are known: the far corner of a chosen line's last card (the one end card
        that shows its whole face), which is no other line's card. Both ends seeming to show
        one (a four-index deck's other row of corners, say) tell nothing."""
        if not self.stop_at_faces:
            return set()
        found = set(self.end_faces(line, frozenset(line.corners)))
        return found - {None} if len(found) == 2 and None in found else set()

    # 4. the two lines of a four-index deck
    def merge_parallel(self, lines: list[_Line]) -> tuple[list[_Line], dict[int, list[int]]]:
        """Lines that read the same cards at a constant offset: the second corner of each card.
        Returns the lines kept and, per corner of theirs, the corners of the same card."""
        partners: dict[int, list[int]] = {}
        kept: list[_Line] = []
        self.learn_faces(lines)
        self.width = self._card_width(lines)
        for line in sorted(lines, key=lambda ln: -len(ln.corners)):
            home = next((k for k in kept if self._pair(k, line, partners)), None)
            if home is None:
                kept.append(line)
        self.partners = partners
        # one deck laid alike shows its second bands at one offset: a line reading another's
        # cards alike, lying where this photo's other second bands lie, is one too (the card's
        # width learnt from the photo may be a far corner's along a card laid across); never a
        # line, nor a card, that has its second band already: a meld's twin would be taken for one
        for line in sorted(kept, key=lambda ln: len(ln.corners)):
            if id(line) not in self.banded and any(
                    k is not line and len(k.corners) >= len(line.corners)
                    and self._pair(k, line, partners, like_bands=kept) for k in kept):
                kept.remove(line)
        return kept, partners

    def drop_split_wholes(self, lines: list[_Line], partners: dict[int, list[int]]) -> list[_Line]:
        """A card showing its whole face (its four corners) is the last card laid of one meld. When
        two lines each hold some of its corners, the one holding another such card too (its own
        last card, at its other end) ends short of it: the card lies beyond its first card, it is
        the other line's."""
        if not self.wholes:
            return lines
        # per line, the whole cards it holds corners of (its own, or their second band's)
        holds = [{self.whole_of[j] for k in line.corners for j in [k] + partners.get(k, []) if j in self.whole_of}
                 for line in lines]
        out = []
        for li, line in enumerate(lines):
            split = [w for w in holds[li] if any(w in h for lj, h in enumerate(holds) if lj != li)]
            if len(holds[li]) >= 2 and len(split) == 1:
                drop = set(split[0])
                first = line.corners[0] in drop
                corners = line.corners[1:] if first else line.corners[:-1] if line.corners[-1] in drop else []
                if corners and not drop & set(corners):           # at an end only, and wholly
                    line = _Line(corners, [i - first for i in line.missing if 0 < i - first < len(corners)],
                                 line.misfit, line.score)
            out.append(line)
        return out

    def _offsets(self, k: int, outward: np.ndarray, low: Optional[float] = None) -> list[tuple[int, float, float]]:
        """Corners that could be the far corner of corner ``k``'s card, the end of a line
        stepping ``outward``: the same reading, a card's size away, not a band of a meld, beyond
        the end and off the line, and no other index on the face between them (a first card's
        far corner peeking from under the next cards of a turning column shows no whole face).
        With each, its offset along and across the line (index sizes). ``low``: the nearest a far
        corner may lie (``same_card_min`` unless told)."""
        low = self.s.same_card_min if low is None else low
        length = max(float(np.linalg.norm(outward)), 1e-9)
        unit = outward / length
        normal = np.array([-unit[1], unit[0]])
        out = []
        for j in range(len(self.P)):
            if j == k or self.names[j] != self.names[k] or j in self.on_lines \
                    or not low <= self.U[k, j] <= self.s.same_card_max:
                continue
            rel = self.P[j] - self.P[k]
            along, across = float(rel @ unit) / self.S[k], float(rel @ normal) / self.S[k]
            if along > 0.3 * length / self.S[k] and (abs(across) >= 0.8 or along > 2.5 * length / self.S[k]) \
                    and not covered_between(k, j, self.P, self.S):
                out.append((j, along, across))
        return out

    def learn_faces(self, lines: list[_Line]) -> None:
        """Where the far corner of a meld's last card lies, seen from its band corner: the same
        for every meld of the photo (one deck, laid the same way), so it is learnt from the
        offsets most line ends agree on. An offset at which the cards next to the end show a
        corner too is a four-index deck's second band, no last card's face: it only tells how far
        across its line a card's other corner lies."""
        # a line's end may have taken another card's far corner: only its inside is sure
        self.on_lines = {k for line in lines for k in line.corners[1:-1]}
        ends = [(line, end, o) for line in lines for end, inward in self._ends(line)
                for o in self._offsets(end, self.P[end] - self.P[inward])]
        every = self._places([np.array(o[1:]) for _, _, o in ends])
        banded = [self._banded_too(line, end, o[0]) for line, end, o in ends]
        faces = self._places([np.array(o[1:]) for (_, _, o), b in zip(ends, banded) if not b]) if any(banded) else every
        # the best two tell a last card; a third place (a four-index card's) only tells how far
        # across its line a card's second band corner may lie
        self.face_offsets = faces[:2]
        self.face_widths = [abs(float(f[1])) for f in every]   # every place's, the most agreed first

    def _places(self, offsets: list[np.ndarray]) -> list[np.ndarray]:
        """The places that most of ``offsets`` agree on, the most agreed first."""
        places: list[np.ndarray] = []
        first = 0
        while offsets:                     # per deck design in the photo one place, or more (a four-index card's)
            near = max(([q for q in offsets if self._near_face(q, o)] for o in offsets), key=len)
            # a second place needs about as many ends as the first: two decks' copies of a card
            # lying by chance at one offset from a few ends are no face
            if len(near) < 2 or len(places) == self.s.face_places or len(near) < self.s.face_share * first:
                break
            first = first or len(near)
            centre = np.median(np.array(near), axis=0)
            places.append(centre)
            offsets = [q for q in offsets if not self._near_face(q, centre)]
        # a card's corners lie no farther across its line than the end of its diagonal: a place
        # beyond every diagonal one is a twin meld's copies beside the line ends, no face
        diagonal = [abs(float(f[1])) for f in places if f[0] >= 1.5 and abs(f[1]) >= self.s.twin_min]
        if diagonal:
            places = [f for f in places if abs(float(f[1])) <= max(diagonal) + self.s.face_tolerance]
        return places

    def _banded_too(self, line: _Line, end: int, j: int) -> bool:
        """Whether a card next to the line's end ``end`` shows a corner of its own reading where
        ``j`` lies from the end: a four-index deck's second band, which each card of the line shows."""
        shift = self.P[j] - self.P[end]
        inner = line.corners[-3:-1] if end == line.corners[-1] else line.corners[1:3]
        for i in inner:
            gaps = np.linalg.norm(self.P - (self.P[i] + shift), axis=1)
            near = np.flatnonzero(gaps <= self.s.band_tolerance * self.S[i])
            if any(self.names[m] == self.names[i] and m != i for m in near):
                return True
        return False

    def _near_face(self, offset: np.ndarray, face: np.ndarray) -> bool:
        return float(np.linalg.norm(offset - face)) <= max(self.s.face_tolerance, 0.3 * float(np.linalg.norm(face)))

    def _card_width(self, lines: list[_Line]) -> Optional[float]:
        """How far across its line a card's other corner lies (in index sizes), from the whole
        faces of the last cards laid: a four-index deck's second band corner lies as far."""
        if self.face_widths:                       # the two places most line ends agree on: the farther across
            return max(self.face_widths[:2])
        across = []
        for line in lines:
            for end, inward in self._ends(line):
                step = float(np.linalg.norm(self.P[end] - self.P[inward])) / self.S[end]
                # a card's other corners lie across its line by at least what parts a
                # four-index deck's band corners (nearer: a corner lying on by chance)
                far = [abs(o[2]) for o in self._offsets(end, self.P[end] - self.P[inward])
                       if o[1] > max(2.5 * step, 1.5) and abs(o[2]) >= self.s.twin_min]
                if far:
                    across.append(max(far))
        return float(np.median(across)) if across else None

    def far_corners(self, lines: list[_Line]) -> set[int]:
        """The far corners of the lines' end cards, the best lines first: a corner of a better
        line is a band, never another line's far corner (one card's two corners, each the end
        of a line, would each take the other for its far corner), unless it is a wild ending a
        better line whose own end card shows no face there: a wild's far corner lying a step
        beyond the end of a run laid beside it continues that run."""
        far: set[int] = set()
        bands: set[int] = set()
        # each line end, and the far corner its card's face shows there (None: no face)
        shows = {end: face for line in lines for (end, _), face in zip(self._ends(line), self.end_faces(line))}
        for line in lines:
            for end, _ in self._ends(line):
                face = shows[end]
                if face is None:
                    continue
                if face not in bands or (self._wild(face) and face in shows and shows[face] is None):
                    far.add(face)
            bands |= set(line.corners) - far
        return far

    def end_faces(self, line: _Line, exclude: frozenset[int] = frozenset()) -> list[Optional[int]]:
        """The far corners of the line's two end cards (last corner's first), where they show
        their whole face (see ``face``), looked for along the line's way at each end (a single
        step's way turns with a box showing part of an index)."""
        out = []
        for i, (end, inward) in enumerate(self._ends(line)):
            step = self.P[end] - self.P[inward]
            _, d, _ = self._direction(line.corners if i == 0 else line.corners[::-1], self.s.line_window)
            out.append(self.face(end, d * float(np.linalg.norm(step)), exclude))
        return out

    def _ends(self, line: _Line) -> list[tuple[int, int]]:
        c = line.corners
        return [(c[-1], c[-2]), (c[0], c[1])]

    def face(self, k: int, outward: np.ndarray, exclude: frozenset[int] = frozenset()) -> Optional[int]:
        """The far corner of corner ``k``'s card, when the card shows its whole face beyond the
        end of its line (stepping ``outward``): then it is the last card laid, nothing lies
        beyond it. Corners in ``exclude`` (another card's, surely) are never it."""
        # once the photo has shown where its last cards' far corners lie, one lying there is taken
        # however close (a jumbo index on a small card)
        found = [o for o in self._offsets(k, outward, self.s.pair_min if self.face_offsets else None)
                 if o[0] not in exclude]
        if self.face_offsets:
            found = [o for o in found if any(self._near_face(np.array(o[1:]), f) for f in self.face_offsets)]
        return min(found, key=lambda o: o[1] ** 2 + o[2] ** 2)[0] if found else None

    def _pair(self, base: _Line, other: _Line, partners: dict[int, list[int]],
              like_bands: Optional[list[_Line]] = None) -> bool:
        """Whether ``other`` is the second band corner of ``base``'s cards (a four-index deck):
        its corners lie at one offset from base corners of the same reading. The offset may
        drift a little along the line (a table shot at an angle, a fan), and the other line may
        miss some cards (a corner covered). On success the pairs go into ``partners``, and the
        offset (across, along the line, index sizes) into ``bands``. ``like_bands`` (the photo's
        lines): only a line reading every card alike, lying about where the bands paired so far
        lie, or reading a card more often than two decks hold it."""
        key = (tuple(base.corners), tuple(other.corners))
        if key not in self._aligned_pairs:          # both passes of merge_parallel ask
            self._aligned_pairs[key] = self._aligned(base.corners, other.corners)
        pairs = self._aligned_pairs[key]
        mismatched = sum(self.names[a] != self.names[b] for a, b in pairs)
        # every corner of the other line paired with one of base read alike
        all_alike = mismatched == 0 and len(pairs) == len(other.corners)
        # the shorter line may miss some of the longer one's cards: one, or while no card's width
        # is known, ``band_missing`` when it reads its every card alike (a row's first card cut by
        # the frame, its last card's band corner covered); any number when one of its cards is a
        # card surely showing its four corners, whose two band corners it pairs (a fan's second
        # band, its middle cards' corners covered)
        whole_pair = all_alike and any(b in self.whole_of.get(a, ()) for a, b in pairs)
        if len(pairs) < max(2, len(other.corners) - 1,
                            len(base.corners) - (self.s.band_missing if all_alike else 1)
                            if self.width is None and not whole_pair else 0):
            return False
        if any(a in partners for a, _ in pairs):
            return False                   # a card's second band corner is paired already: a twin meld beside
        if self._two_runs_side_by_side(base, other, pairs):
            return False
        if mismatched > (1 if len(pairs) >= 5 else 0):
            return False
        offsets = np.array([self.P[b] - self.P[a] for a, b in pairs])
        unit = float(np.median(self.S[[a for a, _ in pairs]]))
        if not self.s.twin_min <= np.median(np.linalg.norm(offsets, axis=1)) / unit <= self.s.same_card_max:
            return False                                # a card's other corners lie within its size
        axis = self._axis(base.corners)
        offset = np.median(offsets, 0)
        across = abs(float(offset @ np.array([-axis[1], axis[0]]))) / unit
        widths = [self.width] + self.face_widths
        # nearer across than a card's width: no meld laid beside, though a crossing line may be;
        # one reading every card alike is a second band of corners (another design's, maybe)
        along = abs(float(offset @ axis)) / unit
        near = all_alike and across >= self.s.twin_min and along <= self.s.twin_along * across
        if like_bands is not None:
            # or holding together more copies of a card than two decks do: one set of cards
            if not near or not (self._beyond_decks(base, other, like_bands) or any(
                    abs(across - a) <= self.s.band_like * a and abs(along - l) <= self.s.band_like * a
                    for a, l in self.bands)):
                return False
        elif self.width is not None and not (along <= self.s.band_along * across and any(
                (near or -0.8 <= across - w) and across - w <= 0.5 for w in widths)) \
                and not self._four_corners(base, other, offset) \
                and not (all_alike and self._one_face(base, other, pairs)) \
                and not self._one_set(base, other, pairs, near):
            return False                                # a twin meld beside it, not its other corners
        for a, b in pairs:
            partners.setdefault(a, []).append(b)
        self.bands.append((across, along))
        self.banded.add(id(base))
        return True

    def _two_runs_side_by_side(self, base: _Line, other: _Line, pairs: list[tuple[int, int]]) -> bool:
        """Whether ``other`` runs on a card beyond an end of ``base`` and its card at the other
        end shows its whole face (the last card laid of its meld) where ``base`` holds a card
        inside its line (covered by the next card laid): two melds of two decks lying side by
        side, reading some cards alike, not one meld's two bands."""
        partner = {b: a for a, b in pairs}
        c = other.corners
        ends = {base.corners[0], base.corners[-1]}
        if not any(c[i] not in partner and partner.get(c[j]) in ends for i, j in ((0, 1), (-1, -2))):
            return False
        inside = set(base.corners[1:-1])
        own = frozenset(base.corners) | frozenset(c)
        return any(face is not None and partner.get(end) in inside
                   for (end, _), face in zip(self._ends(other), self.end_faces(other, own)))

    def _one_set(self, base: _Line, other: _Line, pairs: list[tuple[int, int]], near: bool) -> bool:
        """Whether two lines reading every card alike at one offset (``near``) are one set of
        cards however far apart they lie: no player lays a line that is no meld twice. A hand's
        fan, its cards turned against the line, shows its corners farther apart across it than
        a card's width."""
        return near and len(pairs) == len(base.corners) == len(other.corners) and not _valid(self._names(base))

    def _beyond_decks(self, base: _Line, other: _Line, among: list[_Line]) -> bool:
        """Whether the two lines together read some card more often than two decks hold it, or
        a card they both read, with the photo's other lines (``among``): a meld's far corners, or
        a four-index deck's second bands, beside a meld that holds a card's second copy."""
        counts = Counter(self.names[k] for line in (base, other) for k in line.corners)
        both = {self.names[k] for k in base.corners} & {self.names[k] for k in other.corners}
        sure = self.corners.probs[:, 0] >= self.s.low_confidence      # a misread copy proves nothing
        counts_all = Counter(self.names[k] for line in among for k in line.corners if self.names[k] in both and sure[k])
        return any(n > copies_in_play(Card.parse(name)) for c in (counts, counts_all) for name, n in c.items())

    def _four_corners(self, base: _Line, other: _Line, offset: np.ndarray) -> bool:
        """Whether a last card of the two lines shows the four corners of one card: beyond its
        band corner, one corner on its line and one across, as far as the other line lies. A
        card's width learnt from the photo may be another design's; a twin meld beside a two-index
        one shows a single far corner, off the other line."""
        tol = self.s.twin_fit
        own = set(base.corners) | set(other.corners)
        for line, twin in ((base, offset), (other, -offset)):
            for end, inward in self._ends(line):
                step = self.P[end] - self.P[inward]
                unit = step / max(float(np.linalg.norm(step)), 1e-9)
                t_along = float(twin @ unit) / self.S[end]
                t_across = float(twin @ np.array([-unit[1], unit[0]])) / self.S[end]
                far = [o for o in self._offsets(end, step) if o[0] not in own]
                for _, along, across in far:
                    if along > 1.0 and abs(across - t_across) <= tol and any(
                            abs(a2) <= tol and abs(l2 - along) <= tol + 0.3 * abs(t_along) for _, l2, a2 in far):
                        return True
        return False

    def _one_face(self, base: _Line, other: _Line, pairs: list[tuple[int, int]]) -> bool:
        """Whether two lines' paired end corners belong to one last card, showing its whole face:
        the far corner across from each (on its diagonal) lies beside the other's, crossed, as
        the two band corners lie (a card's four indices make a parallelogram, however the table
        is shot). A twin meld laid beside shows its own last card: seen from each band corner,
        its far corners lie on that corner's own side, uncrossed. Asked only of lines reading
        every card alike: two melds side by side may share a few cards' readings."""
        own = set(base.corners) | set(other.corners)
        partner = dict(pairs)
        for end, inward in self._ends(base):
            twin = partner.get(end)
            if twin is None or twin not in (other.corners[0], other.corners[-1]):
                continue
            band = self.P[twin] - self.P[end]
            step = self.P[end] - self.P[inward]
            normal = np.array([-step[1], step[0]]) / max(float(np.linalg.norm(step)), 1e-9)
            width = abs(float(band @ normal)) / self.S[end]
            if any(i != j and float(np.linalg.norm(self.P[i] - self.P[j] - band)) <= self.s.twin_fit * self.S[end]
                   for i in self._far_across(end, step, width, own) for j in self._far_across(twin, step, width, own)):
                return True
        return False

    def _far_across(self, k: int, step: np.ndarray, width: float, own: set[int]) -> list[int]:
        """Far corners of corner ``k``'s card (see ``_offsets``), not in ``own``, lying as far
        across the line as ``width`` (index sizes), within ``twin_fit``: on the card's diagonal
        from a band corner (another copy's, on a meld beside, lies a card's width farther)."""
        return [j for j, _, across in self._offsets(k, step)
                if j not in own and abs(abs(across) - width) <= self.s.twin_fit]

    def _aligned(self, base: list[int], other: list[int]) -> list[tuple[int, int]]:
        """The most corners of ``other`` that lie each at one offset from a corner of ``base``
        (an offset that may change evenly along the line), as (base, other) pairs in the order
        of ``base``: the most pairs of the same reading, then the fewest that differ. Tried from
        every two corners of the same reading; a joker's index sits elsewhere on some decks, so
        it only follows."""
        B, O = self.P[base], self.P[other]
        along = (B - B[0]) @ self._axis(base)
        best: list[tuple[int, int]] = []
        for i, a in enumerate(base):
            for j, b in enumerate(other):
                if self.names[a] != self.names[b] or self.names[a] == "JK":
                    continue
                shift = np.tile(O[j] - B[i], (len(base), 1))
                for _ in range(2):
                    match = self._match(B + shift, O, base, other)
                    if len(match) >= 2:        # refit the offset, evenly changing along the line
                        ii = np.array([m[0] for m in match])
                        off = O[[m[1] for m in match]] - B[ii]
                        if np.ptp(along[ii]) > 0:
                            coef = np.polyfit(along[ii], off, 1)
                            shift = np.outer(along, coef[0]) + coef[1]
                        else:
                            shift = np.tile(off.mean(0), (len(base), 1))
                pairs = [(base[p], other[q]) for p, q in self._match(B + shift, O, base, other)]
                if self._agreeing(pairs) > self._agreeing(best):
                    best = pairs
        return best

    def _agreeing(self, pairs: list[tuple[int, int]]) -> tuple[int, int]:
        return sum(self.names[a] == self.names[b] for a, b in pairs), -len(pairs)

    def _match(self, guess: np.ndarray, O: np.ndarray, base: list[int], other: list[int]) -> list[tuple[int, int]]:
        """(i, j) pairs: the corner ``other[j]`` lies where ``guess[i]`` expects it, one to one,
        in order along the line."""
        d = np.linalg.norm(guess[:, None] - O[None], axis=2) / self.S[base][:, None]
        tol = np.where(self.joker[base], self.s.twin_joker_fit, self.s.twin_fit)[:, None]
        out: list[tuple[int, int]] = []
        for flat in np.argsort(d, axis=None):             # the nearest first, one to one
            i, j = divmod(int(flat), len(other))
            if d[i, j] <= tol[i, 0] and all(i != p and j != q for p, q in out):
                out.append((i, j))
        out.sort()
        ordered = [j for _, j in out]
        if ordered != sorted(ordered) and ordered != sorted(ordered, reverse=True):
            return []
        return out

    def _axis(self, corners: list[int]) -> np.ndarray:
        v = self.P[corners[-1]] - self.P[corners[0]]
        return v / max(float(np.linalg.norm(v)), 1e-9)

    def trim_row_bands(self, lines: list[_Line]) -> list[_Line]:
        """A line that makes no meld (a spread hand's row) ending in two corners read alike that
        ``merge_corners`` takes for one card's: the row's last card shows its whole band, its
        second corner a step on (a four-index deck), and is no next card. That corner leaves the
        line and joins its card (``row_bands``)."""
        out = []
        for line in lines:
            c = line.corners
            if len(c) >= 3 and not _valid(self._names(line)):
                card = self._merged()
                for end, inner in ((c[-1], c[-2]), (c[0], c[1])):
                    if len(c) >= 3 and self.names[end] == self.names[inner] and card[end] == card[inner]:
                        self.row_bands[end] = inner
                        first = end == c[0]
                        c = c[1:] if first else c[:-1]
                        line = _Line(c, [i - first for i in line.missing if 0 < i - first < len(c)], line.misfit,
                                     line.score)
            out.append(line)
        return out

    # 5. cards
    def cards(self, lines: list[_Line], partners: dict[int, list[int]]) -> tuple[list[ReadCard], dict[int, int]]:
        """The cards: one per corner on a line, with its partner on a parallel line and any
        corner of the same reading a card's size away with no other index between (a band's
        second corner, the far corners of the last card laid); then the other corners merged
        as ``merge_corners`` does. Returns the cards (ordered by their first corner) and the
        card of each line corner."""
        owner: dict[int, list[int]] = {}
        way: dict[int, np.ndarray] = {}
        valid: dict[int, bool] = {}
        for line in lines:
            axis, makes_meld = self._axis(line.corners), _valid(self._names(line))
            for k in line.corners:
                owner[k] = [k] + partners.get(k, [])
                way[k], valid[k] = axis, makes_meld
        if self.s.row_far_corner:
            self._join_row_ends(lines, owner, valid)
        for end, inner in self.row_bands.items():
            if inner in owner and len(owner[inner]) < 4 and not any(end in ks for ks in owner.values()):
                owner[inner].append(end)
        used = {k for ks in owner.values() for k in ks}
        # a card showing its four corners is one card: a meld's corner it has takes the others;
        # none of them joins another card
        for quad in self.wholes:
            on = [h for h, ks in owner.items() if set(ks) & set(quad)]
            if len(on) == 1 and valid[on[0]]:
                free = [k for k in quad if k not in used]
                owner[on[0]] += free
                used |= set(free)
        rest = [k for k in range(len(self.P)) if k not in used]
        for r in sorted(rest, key=lambda r: min((self.U[r, k] for k in owner), default=0.0)):
            # a far corner that lies where the photo's last cards show theirs, however close
            low = self.s.pair_min if r in self.far else self.s.same_card_min
            # closer, where several of the photo's pairs step as the two do: across the line (a
            # band's second corner), or any way from a line that makes no meld (a hand's row, its
            # last card's second band corner lying on along it); along a meld's line the corner
            # is another card of the meld, a copy laid next
            close = [k for k in owner if (min(k, r), max(k, r)) in self.supported
                     and (abs(float(way[k] @ (self.P[r] - self.P[k]))) < 0.7 * self.D[k, r] or not valid[k])]
            fits = [k for k in owner if self.names[k] == self.names[r] and len(owner[k]) < 4
                    and (self.U[k, r] >= self.s.pair_min if k in close
                         else far_enough(self.U[k, r], low, self.s, self.turned, k, r))
                    and self.U[k, r] <= self.s.same_card_max
                    and not self._between(k, r, owner[k])
                    and (r not in self.whole_of or bool(set(self.whole_of[r]) & set(owner[k])))
                    and not self._copy_same_way_up(k, r)]
            if fits:
                owner[min(fits, key=lambda k: self.U[k, r])].append(r)
                used.add(r)
        rest = [k for k in rest if k not in used]
        groups = [sorted(ks) for ks in owner.values()]
        if rest:
            sub = self.corners[np.array(rest)]
            alike = None if self.same_way_up is None else (lambda i, j: self.same_way_up(rest[i], rest[j]))
            at = {k: i for i, k in enumerate(rest)}
            supported = frozenset((at[a], at[b]) for a, b in self.supported if a in at and b in at)
            groups += [sorted(rest[i] for i in card.corners) for card in merge_corners(sub, self.s, alike, supported)]
        groups.sort(key=lambda g: g[0])
        conf = self.corners.confidence
        cards = []
        for g in groups:
            first = min(g, key=lambda k: (self.P[k][1], self.P[k][0]))
            cards.append(ReadCard(self.names[first], float(max(conf[g])), tuple(g)))
        card_of = {k: i for i, card in enumerate(cards) for k in card.corners}
        return cards, card_of

    def _join_row_ends(self, lines: list[_Line], owner: dict[int, list[int]], valid: dict[int, bool]) -> None:
        """Two corners that ``merge_corners`` takes for one card's, printed surely turned round
        against each other, on two lines that make no meld (a spread hand's rows), one of them
        ending its line: one card (a row's last card shows its whole face, and its far corner may
        lie where another row runs on)."""
        rows = [line for line in lines if not valid[line.corners[0]]]
        if self.turned is None or len(rows) < 2:
            return
        row_of = {k: li for li, line in enumerate(rows) for k in line.corners}
        ends = {k for line in rows for k in (line.corners[0], line.corners[-1])}
        card = self._merged()
        for a, b in combinations(sorted(row_of), 2):
            if a in owner and b in owner and card[a] == card[b] and row_of[a] != row_of[b] \
                    and (a in ends or b in ends) and self.turned(a, b) and len(owner[a]) + len(owner[b]) <= 4:
                owner[a] += owner.pop(b)

    def _merged(self) -> dict[int, int]:
        """Each corner's card as ``merge_corners`` makes the photo's cards, lines aside (once)."""
        if self._merged_cards is None:
            self._merged_cards = {k: i for i, c in enumerate(merge_corners(self.corners, self.s, self.same_way_up))
                                  for k in c.corners}
        return self._merged_cards

    def _copy_same_way_up(self, a: int, b: int) -> bool:
        """Whether two corners of one reading are two cards by the way they are printed: the same
        way up, as a card's far corner never is, farther apart than a four-index card's two top
        (or bottom) corners lie (``same_way_max`` index sizes), and stepping as no other pairs of
        the photo do."""
        return self.same_way_up is not None and self.U[a, b] > self.s.same_way_max \
            and (min(a, b), max(a, b)) not in self.supported and self.same_way_up(a, b)

    def _between(self, a: int, b: int, own: list[int]) -> bool:
        """Another index near the way from corner ``a`` to ``b`` (then they are two cards)."""
        ab = self.P[b] - self.P[a]
        t = ((self.P - self.P[a]) @ ab) / max(float(ab @ ab), 1e-9)
        off = np.linalg.norm(self.P - (self.P[a] + t[:, None] * ab), axis=1)
        near = (t > 0.15) & (t < 0.85) & (off < 0.5 * (self.S[a] + self.S[b]) / 2)
        near[list(own) + [b]] = False
        return bool(near.any())

    def plausible(self, meld: Meld, cards: list[ReadCard]) -> bool:
        """A line of corners that is invalid under the rules and steps much farther than the
        photo's melds (those of its own index size, where they step farther: ``_typical_step_of``)
        is cards lying by chance in a row (a spread hand, the discard pile), not a meld: its cards
        stay loose (and flagged). So are three cards not even one card off a
        meld (``one_card_off``), three whose middle card shows a corner its next card would cover
        (a discard pile's), three not quite in a row unless they run as the melds do, and three,
        valid or not, read along indices printed turned round against the other melds' (``_upside_down``)."""
        names = [cards[c].card for c in meld.cards]
        anchors = meld.anchors
        if len(anchors) == 3 and self._upside_down(meld, cards):
            return False                             # a pile's far corners, in a row by chance
        if _valid(names):
            return True
        if len(anchors) == 3 and not one_card_off(names):
            return False                             # three cards by chance: not even one card off a meld
        if len(anchors) == 3 and self._middle_shows_far(meld, cards):
            return False                             # a pile's cards: the middle one is not covered
        if len(anchors) == 3 and (meld.missing or self.bend(*anchors) > self.s.stray_bend) \
                and not self._along_the_melds(meld):
            return False                             # three cards by chance, not quite in a row
        unit = self._meld_unit(anchors)

        def per_card(among: list[int]) -> float:
            """The median step between these anchors, per card between them (a joker's long word
            index may need up to about twice a rank's band: it counts twice)."""
            return float(np.median([float(np.linalg.norm(self.P[anchors[j]] - self.P[anchors[i]]))
                                    / (unit * (j - i + int(self.joker[list(anchors[i + 1:j])].sum())))
                                    for i, j in zip(among, among[1:])]))
        # its steps, or those between its ranks (a joker's index may lie aside): the smaller
        ranks = [i for i, k in enumerate(anchors) if not self.joker[k]]
        step = min((per_card(among) for among in (list(range(len(anchors))), ranks) if len(among) >= 2),
                   default=np.inf)
        return step <= self.s.stray_step * self._typical_step_of(unit, set(meld.cards))

    def _typical_step_of(self, unit: float, own: set[int]) -> float:
        """The usual step of the photo's other valid melds whose indices are about ``unit`` in
        size (another deck's design steps by its own band: a small index may sit on a wide one),
        in index sizes, where they step farther than the photo's usual step (that else)."""
        ratio = self.s.alike_index_ratio
        alike = []
        for m in self.valid_melds:
            size = self._meld_unit(m.anchors)
            if not own & set(m.cards) and 1 / ratio <= size / unit <= ratio:
                steps = np.linalg.norm(np.diff(self.P[list(m.anchors)], axis=0), axis=1)
                alike.append(float(np.median(steps)) / size)
        return max(float(np.median(alike)), self.typical_step) if alike else self.typical_step

    def _upside_down(self, meld: Meld, cards: list[ReadCard]) -> bool:
        """Whether every rank index of the line is printed turned round against the first rank
        corners of most of the photo's other valid melds (two at least): a discard pile thrown
        roughly upright shows its cards' far corners, which may lie in a row by chance; a meld's
        cards show the corners the others show. Not when each of its rank cards shows a second
        corner too (a four-index meld read along its bands' turned corners, their twins unpaired)."""
        # each meld's first rank corner; a four-index row's band twins are printed turned round
        # against each other: that row tells nothing
        firsts = [next((a for a in m.anchors if not self.joker[a]), None) for m in self.valid_melds
                  if not set(m.cards) & set(meld.cards)]
        others = [o for o in firsts if o is not None
                  and not any(self._turned_pair(o, q) for q in self.partners.get(o, []))]
        ranks = [a for a in meld.anchors if not self.joker[a]]
        if len(others) < 2 or len(ranks) < 2:
            return False
        if all(len(cards[c].corners) > 1 for c, a in zip(meld.cards, meld.anchors) if not self.joker[a]):
            return False                             # each shows a second corner: a four-index meld's bands
        return all(2 * sum(self._turned_pair(a, o) for o in others) > len(others) for a in ranks)

    def _middle_shows_far(self, meld: Meld, cards: list[ReadCard]) -> bool:
        """Whether the middle card of three shows a corner well along the line from its own
        (not its band's twin): in a meld the next card laid covers it, in a pile it may not."""
        mid = meld.anchors[1]
        axis = self._axis(list(meld.anchors))
        twins = self.partners.get(mid, [])
        return any(abs(float((self.P[j] - self.P[mid]) @ axis)) >= self.s.covered_along * self.S[mid]
                   for j in cards[meld.cards[1]].corners if j != mid and j not in twins)

    def lend_wilds(self, melds: list[Meld], cards: list[ReadCard]) -> list[Meld]:
        """A wild ending a meld that reads in order without it, and that makes a meld of three,
        in order, with two cards in no meld, lying with them as three cards of a meld do (steps
        the seeds would take): it was laid with those two. A line took it for its next card, a
        wild fitting any run's end, and left the two loose. Three cards made whole are likelier
        than one card more at an end; the best fitting three first, one wild at a time."""
        names = [c.card for c in cards]
        melds = list(melds)
        while True:
            placed = {c for m in melds for c in m.cards}
            loose = [c for c in range(len(cards)) if c not in placed]
            best: Optional[tuple[float, int, int, tuple[int, ...], tuple[int, ...]]] = None
            for mi, m in enumerate(melds):
                for end in (0, len(m.cards) - 1):
                    wild = m.cards[end]
                    if not Card.parse(names[wild]).can_be_wild or \
                            not _in_order([names[c] for i, c in enumerate(m.cards) if i != end]):
                        continue
                    for a, b in combinations(loose, 2):
                        for three in ((wild, a, b), (a, wild, b), (wild, b, a)):     # each line one way
                            if not _in_order([names[c] for c in three]):
                                continue
                            for k, l, q in product(*(cards[c].corners for c in three)):
                                if l not in self.links[k] or q not in self.links[l] \
                                        or not self._three_cards(k, l, q) or not self._steps_as_melds((k, l, q)):
                                    continue
                                fit = self.bend(k, l, q)
                                if fit <= 1 and (best is None or fit < best[0]):
                                    best = (fit, mi, end, three, (k, l, q))
            if best is None:
                return melds
            _, mi, end, three, anchors = best
            m = melds[mi]
            keep = [i for i in range(len(m.cards)) if i != end]
            melds[mi] = replace(m, cards=tuple(m.cards[i] for i in keep), anchors=tuple(m.anchors[i] for i in keep),
                                missing=tuple(j - (end == 0) for j in m.missing if j != end),
                                oriented=m.oriented and end != 0)
            melds.append(self._three(three, anchors))

    def _three(self, three: tuple[int, ...], anchors: tuple[int, ...]) -> Meld:
        """A meld of three cards on these corners, its step half the way from the first to the last."""
        return Meld(three, anchors, tuple(((self.P[anchors[2]] - self.P[anchors[0]]) / 2).tolist()))

    def loose_threes(self, melds: list[Meld], cards: list[ReadCard], rows: list[list[int]]) -> list[Meld]:
        """Three cards in no meld and in no line, lying as three cards of a meld do among the
        photo's melds: a meld, valid or one card off one (a player's mistake counts at face value,
        and is flagged). Laid by hand, a short meld's cards may step unevenly (bent up to
        ``natural_bend``), which no seed of an invalid line may, and a valid three's corner may
        have been taken for another card's far corner; they must run along a valid meld beside
        them and step as the melds do (``_along_the_melds``; a valid three with a joker, whose
        index sits aside, within ``along_joker_turn`` degrees), their middle card covered
        (``_middle_shows_far``), and no more than one of them show a second corner (only the last
        card laid does): a discard pile's cards lie loose and show theirs. No other loose card
        may run on from them as their row's next card would (``_loose_row_on``): a hand's fan
        or row, on a photo of the melds and the hand. ``rows``: the lines that made no meld,
        left as they are. The best fitting three first."""
        melds = list(melds)
        while True:
            placed = {c for m in melds for c in m.cards} | {c for row in rows for c in row}
            card_of = {k: c for c in range(len(cards)) if c not in placed for k in cards[c].corners}
            best: Optional[tuple[float, Meld]] = None
            for l, c_l in card_of.items():
                for k in self.links[l]:
                    for m in self.links[l]:
                        if not (k < m and k in card_of and m in card_of) \
                                or len({card_of[k], c_l, card_of[m]}) < 3 or not self._three_cards(k, l, m):
                            continue
                        fit = self.bend(k, l, m)
                        if fit > self.s.natural_bend or (best is not None and fit >= best[0]):
                            continue
                        three = (card_of[k], c_l, card_of[m])
                        names = [cards[c].card for c in three]
                        if not one_card_off(names):
                            continue             # as ``plausible``: three cards by chance
                        meld = self._three(three, (k, l, m))
                        # a joker's index sits aside (a word, a figure): a valid three it ends or
                        # splits runs less exactly along its line
                        turn = self.s.along_joker_turn if self.joker[[k, l, m]].any() and _valid(names) else None
                        shown = sum(len(set(cards[c].corners) - {a} - set(self.partners.get(a, []))) > 0
                                    for c, a in zip(three, (k, l, m)))
                        if shown <= 1 and self._along_the_melds(meld, turn) \
                                and not self._middle_shows_far(meld, cards) \
                                and not self._loose_row_on((k, l, m), card_of):
                            best = (fit, meld)
            if best is None:
                return melds
            melds.append(best[1])

    def _loose_row_on(self, corners: tuple[int, int, int], card_of: dict[int, int]) -> bool:
        """Whether another loose card runs on from three loose corners at either end as one more
        card of theirs would (making three with the end two, bent no more than ``natural_bend``):
        a hand's fan or row, not a short meld laid by hand."""
        k, l, m = corners
        own = {card_of[k], card_of[l], card_of[m]}
        return any(j in card_of and card_of[j] not in own and self._three_cards(inner, end, j)
                   and self.bend(inner, end, j) <= self.s.natural_bend
                   for inner, end in ((l, m), (l, k)) for j in self.links[end])

    def _steps_as_melds(self, anchors: tuple[int, ...]) -> bool:
        """Whether a line steps as the photo's melds do: within ``along_steps`` of their usual
        step, in index sizes."""
        step = float(np.linalg.norm(self.P[anchors[-1]] - self.P[anchors[0]])) / (len(anchors) - 1)
        shortest, longest = self.s.along_steps
        return shortest * self.typical_step <= step / self._meld_unit(anchors) <= longest * self.typical_step

    def _meld_unit(self, anchors: tuple[int, ...]) -> float:
        """A meld's index size: its ranks' (a joker's index is sized by the whole photo's, and
        the photo's scale changes across it, at an angle)."""
        ranks = [k for k in anchors if not self.joker[k]]
        return float(np.median(self.S[ranks or list(anchors)]))

    def _along_the_melds(self, meld: Meld, turn: Optional[float] = None) -> bool:
        """Whether a line runs as the photo's valid melds beside it do: within ``along_turn``
        degrees (or ``turn``) of one of the ``along_near`` valid melds nearest to it (the photo
        holding one at least), stepping as the melds do (an invalid meld laid among them, not
        cards lying in a row by chance). A table's melds may lie in groups turned against each
        other. A step twice the other, taken for a card unread there, may be two decks' indices
        zig-zagging down a column: the line steps as the melds do counting that card, or not."""
        if not self.valid_melds:
            return False
        anchors = meld.anchors
        way = self.P[anchors[-1]] - self.P[anchors[0]]
        length = float(np.linalg.norm(way))
        shortest, longest = self.s.along_steps
        unit = self._meld_unit(anchors)
        steps = {length / (len(anchors) - 1 + unread) / unit for unread in (len(meld.missing), 0)}
        if length <= 0 or not any(shortest * self.typical_step <= step <= longest * self.typical_step
                                  for step in steps):
            return False
        centre = self.P[list(anchors)].mean(axis=0)
        gaps = [float(np.linalg.norm(self.P[list(m.anchors)] - centre, axis=1).min()) for m in self.valid_melds]
        nearest = [self.valid_melds[i].axis for i in np.argsort(gaps)[:self.s.along_near]]
        return share_along(way / length, nearest, self.s.along_turn if turn is None else turn) > 0

    # 6. direction
    def meld(self, line: _Line, card_of: dict[int, int]) -> Meld:
        c = list(line.corners)
        steps = np.diff(self.P[c], axis=0)
        lengths = np.linalg.norm(steps, axis=1)
        gaps = set(line.missing)
        plain = [lengths[i] for i in range(len(steps)) if i + 1 not in gaps]
        if len(plain) >= 2:
            # a step about twice the others (taken as one while the line grew): a card unread there
            usual = float(np.median(plain)) if len(plain) >= 3 else float(min(plain))
            gaps |= {i + 1 for i in range(len(steps)) if lengths[i] > self.s.gap_step * usual}
        single = [steps[i] for i in range(len(steps)) if i + 1 not in gaps] or list(steps)
        step = np.median(np.array(single), axis=0)
        last_face, first_face = (face is not None for face in self.end_faces(line))
        meld = Meld(tuple(card_of[k] for k in c), tuple(int(k) for k in c), (float(step[0]), float(step[1])),
                    tuple(sorted(gaps)), oriented=first_face != last_face)
        return _turned(meld) if first_face and not last_face else meld


def table_order(melds: list[Meld], P: np.ndarray) -> list[Meld]:
    """Melds in the order they lie on the table: across the table along the way most melds
    lie (columns left to right, rows top to bottom), then line after line.

    The direction across is taken perpendicular to the melds' common axis, turned so that it
    points the way a reader goes (rightwards for columns, downwards for rows) in the photo."""
    if len(melds) < 2:
        return melds
    steps = np.array([m.step for m in melds])
    ref = steps[int(np.argmax(np.linalg.norm(steps, axis=1)))]
    axis = np.sum([s if s @ ref >= 0 else -s for s in steps], axis=0)
    axis = axis / max(float(np.linalg.norm(axis)), 1e-9)
    if abs(axis[1]) >= abs(axis[0]):                   # columns: along is down, across is right
        along = axis if axis[1] >= 0 else -axis
        across = np.array([along[1], -along[0]])
        if across[0] < 0:
            across = -across
    else:                                              # rows: along is right, across is down
        along = axis if axis[0] >= 0 else -axis
        across = np.array([-along[1], along[0]])
        if across[1] < 0:
            across = -across
    starts = np.array([min(P[list(m.anchors)] @ along) for m in melds])
    pos = np.array([float(np.mean(P[list(m.anchors)] @ across)) for m in melds])
    spans = np.array([float(np.ptp(P[list(m.anchors)] @ along)) + float(np.linalg.norm(m.step)) for m in melds])
    # a new line starts where a meld begins below (beyond) the end of every meld of the line before
    order = np.argsort(starts)
    line_of, line, line_end = {}, 0, None
    for i in order:
        if line_end is not None and starts[i] > line_end:
            line += 1
            line_end = None
        line_of[int(i)] = line
        end = starts[i] + spans[i]
        line_end = end if line_end is None else max(line_end, end)
    return [melds[i] for i in sorted(range(len(melds)), key=lambda i: (line_of[i], pos[i]))]


def split_joined(meld: Meld, names: list[str], P: np.ndarray) -> list[Meld]:
    """Two melds laid end to end in one line (a diamond run ending where a club run begins)
    make one invalid line, or one valid only when read out of the order it lies in (QC ... 6C
    ending where AC ... 5C begins): cut it where both parts are valid melds, parts valid in the
    order they lie first, then at the widest step. A line valid in its order, or one no cut
    makes valid, stays whole, and so does a line that one card more would make valid in its
    order."""
    own = [names[c] for c in meld.cards]
    if len(own) < 6 or _in_order(own):
        return [meld]
    # a cut where one unread card (a wild printed without an index) would make the line whole,
    # in the order it lies, is no cut: that line is one meld missing a card, and stays invalid
    # (flagged); two runs end to end that one more card would make one only when read out of
    # order (QC ... 6C, then AC ... 5C) are two melds
    cuts = _two_melds_cuts(own)
    if not cuts:
        return [meld]
    gap = lambda k: float(np.linalg.norm(P[meld.anchors[k]] - P[meld.anchors[k - 1]]))  # noqa: E731
    k = max(cuts, key=lambda k: (_in_order(own[:k]) + _in_order(own[k:]), gap(k)))
    # the line's last card, showing its face, ends the tail: where the head was laid from is unknown
    head = replace(meld, cards=meld.cards[:k], anchors=meld.anchors[:k],
                   missing=tuple(i for i in meld.missing if i < k), oriented=False)
    tail = replace(meld, cards=meld.cards[k:], anchors=meld.anchors[k:],
                   missing=tuple(i - k for i in meld.missing if i > k))
    return [head, tail]


def _along_and_off(rel: np.ndarray, way: np.ndarray) -> tuple[float, float]:
    """The vector ``rel`` along the unit vector ``way`` and off it (unsigned), in pixels."""
    return float(rel @ way), abs(float(rel @ np.array([-way[1], way[0]])))


def _end_way(P: np.ndarray, anchors: tuple[int, ...], step: np.ndarray) -> tuple[np.ndarray, float]:
    """The way on beyond the last of ``anchors`` (in their order, ``step`` their usual step):
    the unit way of the last few (a fan turns), and the step's length."""
    last = P[list(anchors[-4:])]
    length = max(float(np.linalg.norm(step)), 1e-9)
    way = step / length
    if len(last) >= 3:
        _, _, vt = np.linalg.svd(last - last.mean(0))
        way = vt[0] if vt[0] @ way >= 0 else -vt[0]
    return way, length


def _beyond(P: np.ndarray, anchors: tuple[int, ...], end: tuple[np.ndarray, float], k: int) -> tuple[float, float]:
    """Where corner ``k`` lies from the last of ``anchors``, ``end`` their ``_end_way``: along
    that way, in steps, and off it, in pixels."""
    way, length = end
    along, off = _along_and_off(P[k] - P[anchors[-1]], way)
    return along / length, off


def _halfway(P: np.ndarray, a: int, b: int, k: int) -> tuple[float, float]:
    """Where corner ``k`` lies between corners ``a`` and ``b``: along, as a share of the way (0.5
    halfway), and off the line between them, in pixels."""
    gap = P[b] - P[a]
    length = max(float(np.linalg.norm(gap)), 1e-9)
    along, off = _along_and_off(P[k] - P[a], gap / length)
    return along / length, off


def _step_size(size: float, end_size: float, unit: float, joker: bool, ratio: float) -> float:
    """The step beyond a meld's end card to a card whose index is ``size`` (the end card's
    ``end_size``), as a share of the meld's usual step (its indices ``unit``): each card leaves its
    index band showing, so two cards printing indices of another size than the meld's (a second
    deck) step as much shorter or longer, their sizes' mean against the meld's. 1 when that mean is
    within ``ratio`` of the meld's, or when either is a joker's index (some decks print it
    another size than their cards')."""
    share = (size + end_size) / 2 / unit
    return 1.0 if joker or 1 / ratio <= share <= ratio else float(share)


def adopt_loose(melds: list[Meld], cards: list[ReadCard], corners: Corners, settings: ReaderSettings,
                faces: Sequence[np.ndarray] = ()) -> list[Meld]:
    """A card in no meld lying where a meld's next card would, and keeping the meld valid or
    making it valid, is that meld's: its line stopped short of it (a corner a little off the
    line, an end card that seemed to show its face). Beyond an end of a meld read in order, only
    a card keeping it read in order: a meld laid in order goes on in order (a discard pile's card
    lying before a run's first card, which the rules read at its other end, is not the run's).
    Where: about one step beyond an end
    (``adopt_steps``; in the two cards' own index sizes where they print them another size than
    the meld's, ``_step_size``), or halfway along a step about twice the usual one (``gap_step``, a card
    unread there), within ``adopt_offset`` index sizes of the line, an index alike in size to the
    meld's or to one of its cards' (two designs, one printing small indices; a joker's within
    ``adopt_joker_offset``, whatever its size); or, halfway between two of its
    cards whatever the step, when the meld reads with a wild standing in for a card: in a meld
    the rules read only out of order, when it makes the meld read in order, and in one read in
    order, when it makes the meld read with no wild (the card the wild stands in for, its corner
    a little off a tight column's line). A card whose only corner lies where the next card's far
    corner would, one step beyond an end (``faces``: where the photo's last cards show their far
    corners, along and across the line from the band corner, index sizes), is the meld's last
    card, its band corner covered (never a wild, nor beyond a first card: when the other end's
    card shows its whole face). The card laid last, showing its whole face, may lie nearer than
    a step, down to ``adopt_near`` steps (a tight last step), when the meld still reads in order.
    And the next card of a run laid in order or of a group, a natural one, may lie up to
    ``adopt_far`` steps beyond an end (steps uneven, a second deck printing its index elsewhere on
    the card; of a group, never a copy of the end card). A natural card whose index is
    ``adopt_corner_sizes`` times larger or smaller than the end card's (two decks) is measured
    as well between one corner of each box (the four in turn): each index begins at its card's
    corner, so the centres step unevenly where the boxes' corners do not. The best fitting card
    first, one at a time."""
    P = corners.centres.astype(np.float64)
    box_corners = box_corner_points(corners.boxes)
    S = np.maximum(corners.sizes.astype(np.float64), 1e-6)
    names = [c.card for c in cards]
    joker_corner = [n == "JK" for n in corners.names]
    wild = [Card.parse(n).can_be_wild for n in names]
    melds = list(melds)
    low, high = settings.adopt_steps
    while True:
        placed = {c for m in melds for c in m.cards}
        loose = [c for c in range(len(cards)) if c not in placed]
        best: Optional[tuple[float, int, int, int, int]] = None
        for mi, m in enumerate(melds):
            own = [names[c] for c in m.cards]
            unit = float(np.median(S[list(m.anchors)]))
            step = np.array(m.step, float)
            usual = max(float(np.linalg.norm(step)), 1e-9)
            in_order = _in_order(own)
            clean = in_order and _without_wild(own)     # in order with no wild: nothing to set right
            shown = [len(cards[x].corners) for x in m.cards]

            def whole_at(i: int, shown=shown) -> bool:
                return shown[i] > np.median(shown)

            sizes = np.array([unit] + [float(S[a]) for a in m.anchors])     # the meld's, and each card's own

            def alike_size(k: int, sizes=sizes) -> bool:
                return bool(np.any((1 / settings.step_size_ratio <= S[k] / sizes)
                                   & (S[k] / sizes <= settings.step_size_ratio)))
            for at in range(len(m.cards) + 1):
                inside = False
                # where a corner lies from the place: how far along the line from it and how far
                # off the line (pixels), and whether it lies near enough along
                if at in (0, len(m.cards)):         # beyond an end
                    anchors = m.anchors if at else m.anchors[::-1]
                    end = _end_way(P, anchors, step if at else -step)

                    def where(k: int, anchors=anchors, end=end) -> tuple[float, float, bool]:
                        along, off = _beyond(P, anchors, end, k)
                        # a card shows its band, which holds its index: between two cards of a
                        # second deck printing smaller (or larger) indices, the step is as much shorter
                        size = _step_size(S[k], S[anchors[-1]], unit, joker_corner[k] or joker_corner[anchors[-1]],
                                          settings.adopt_step_sizes)
                        return (along / size - 1) * usual * size, off, low <= along / size <= high

                    def off_step(c: int, nearest: float, farthest: float, anchors=anchors, end=end) -> list:
                        # card c's corners lying nearer or farther than a step (``where`` takes the
                        # steps between ``low`` and ``high``), from ``nearest`` to ``farthest`` steps on,
                        # on the line and alike in size: (fit, corner)
                        out = []
                        for k in cards[c].corners:
                            along, off = _beyond(P, anchors, end, k)
                            if nearest <= along <= farthest and not low <= along <= high \
                                    and off <= settings.adopt_offset * unit and alike_size(k):
                                out.append((abs(along - 1) + off / unit, k))
                        return out

                    # the line's end as seen between one corner of each box (top left, top right, ...)
                    corner_ends = [(Q, _end_way(Q, anchors, np.median(np.diff(Q[list(anchors)], axis=0), axis=0)))
                                   for Q in box_corners]

                    def corner_where(k: int, anchors=anchors, corner_ends=corner_ends) -> list:
                        # as ``where``, between one corner of each box
                        out = []
                        for Q, corner_end in corner_ends:
                            along, off = _beyond(Q, anchors, corner_end, k)
                            out.append(((along - 1) * usual, off, low <= along <= high))
                        return out

                    def face_fit(k: int, anchors=anchors, end=end) -> Optional[float]:
                        way = end[0]
                        near = []
                        # in the meld's index sizes, or in the far corner's own: a face shows its
                        # index whole, where the band corners may show only part of theirs
                        for size in (unit, S[k]):
                            rel = (P[k] - P[anchors[-1]] - way * usual) / size
                            at_face = np.array([rel @ way, rel @ np.array([-way[1], way[0]])])
                            near += [float(np.linalg.norm(at_face - f)) for f in faces]
                        return min(near) if near and min(near) <= settings.face_tolerance else None
                else:
                    # halfway along a long step; or, in a meld that reads with a wild standing in
                    # for a card, halfway between two cards whatever the step (a column so tight
                    # that its steps vary as much as they are long), when the card makes the meld
                    # read in order (read only out of order before) or with no wild (in order)
                    inside = float(np.linalg.norm(P[m.anchors[at]] - P[m.anchors[at - 1]])) < settings.gap_step * usual
                    if inside and clean:
                        continue

                    def where(k: int, a=m.anchors[at - 1], b=m.anchors[at]) -> tuple[float, float, bool]:
                        along, off = _halfway(P, a, b, k)
                        slack = settings.halfway_joker_along if joker_corner[k] else settings.halfway_along
                        return (along - 0.5) * float(np.linalg.norm(P[b] - P[a])), off, abs(along - 0.5) <= slack
                for c in loose:
                    fits = []
                    for k in cards[c].corners:
                        aside, off, near = where(k)
                        # a joker's index may be another size, and sit aside (some decks print it
                        # elsewhere on the card)
                        if names[c] == "JK":
                            fit_here = off <= settings.adopt_joker_offset * unit
                        else:
                            fit_here = off <= settings.adopt_offset * unit and alike_size(k)
                        if near and fit_here:
                            fits.append((abs(aside) / usual + off / unit, k))
                    # two decks' indices of different sizes at the meld's end: each begins at its
                    # card's corner, so their centres step unevenly where their boxes' corners do not
                    if not fits and at in (0, len(m.cards)) and not wild[c]:
                        end_size = float(S[m.anchors[-1] if at else m.anchors[0]])
                        for k in cards[c].corners:
                            if max(S[k], end_size) / min(S[k], end_size) < settings.adopt_corner_sizes:
                                continue
                            for aside, off, near in corner_where(k):
                                if near and off <= settings.adopt_offset * unit and alike_size(k):
                                    fits.append((abs(aside) / usual + off / unit, k))
                    # (never a wild: it would make nearly any meld valid, the rules' check telling nothing)
                    # (and never beyond the first card laid: the other end's card shows its whole face)
                    if not fits and faces and at in (0, len(m.cards)) and len(cards[c].corners) == 1 \
                            and not wild[c] and not whole_at(-1 if at == 0 else 0):
                        k = cards[c].corners[0]
                        face = face_fit(k)
                        if face is not None:
                            fits.append((settings.face_tolerance + face, k))
                    # a tight last step: the card laid last (its whole face showing) lying nearer
                    tight = far = False
                    if not fits and settings.adopt_near < low and at in (0, len(m.cards)) and not wild[c] \
                            and len(cards[c].corners) > np.median(shown) and not whole_at(-1 if at == 0 else 0):
                        fits = off_step(c, settings.adopt_near, low)
                        tight = bool(fits)
                    if not fits and settings.adopt_far > high and at in (0, len(m.cards)) and not wild[c]:
                        fits = off_step(c, high, settings.adopt_far)
                        far = bool(fits)
                    if not fits:
                        continue
                    fit, k = min(fits)
                    if best is not None and fit >= best[0]:
                        continue
                    # the rules last: the place first rules out nearly every card cheaply
                    grown = own[:at] + [names[c]] + own[at:]
                    if inside:          # a short step: only a card that sets the wild right (in order, or none)
                        ruled = _without_wild(grown) if in_order else _in_order(grown)
                    elif tight:         # a tight step: only a card keeping the meld read in order
                        ruled = _valid(grown) and _in_order(grown)
                    elif far:           # a long step: only the next card of a run laid in order, or of a group
                        reading = _reading(grown)
                        # (of a group, never a copy of the end card: that card's own far corners, told apart)
                        ruled = _in_order(grown) and reading is not None and (
                            reading.kind == "sequence"
                            or reading.kind == "group" and names[c] != names[m.cards[-1] if at else m.cards[0]])
                    elif at in (0, len(m.cards)):   # beyond an end: a meld laid in order goes on in order
                        ruled = _valid(grown) and (_in_order(grown) or not in_order)
                    else:               # halfway along a long step: a card unread there
                        ruled = _valid(grown) or not _valid(own)
                    if ruled:
                        best = (fit, mi, at, c, k)
        if best is None:
            return melds
        _, mi, at, c, k = best
        m = melds[mi]
        grown = replace(m, cards=m.cards[:at] + (c,) + m.cards[at:], anchors=m.anchors[:at] + (k,) + m.anchors[at:],
                        missing=tuple(j + 1 for j in m.missing) if at == 0
                        else tuple(j + (j > at) for j in m.missing if j != at))
        # a card taken at an end showing more corners than the meld's others shows its whole
        # face: it was laid last
        if at in (0, len(m.cards)) and len(cards[c].corners) > np.median([len(cards[x].corners) for x in m.cards]):
            grown = replace(_turned(grown) if at == 0 else grown, oriented=True)
        melds[mi] = grown


def join_continued(melds: list[Meld], cards: list[ReadCard], corners: Corners, settings: ReaderSettings) -> list[Meld]:
    """Two melds lying end to end in one line, that the rules read one after the other as one
    meld in the order they lie, are one meld: its line stopped at a card it could not pass (an
    uneven step, a corner off the line, a player spacing the cards wider from some card on). A
    player continues a run or a group, never lays its continuation as a second meld. Where:
    the second's first card about one step (``adopt_steps``, of either meld's step) beyond the
    first's last, within ``adopt_offset`` index sizes of its line, running its way. A meld whose
    last card is known to be the last laid (``oriented``) is never followed."""
    P = corners.centres.astype(np.float64)
    S = np.maximum(corners.sizes.astype(np.float64), 1e-6)
    names = [c.card for c in cards]
    low, high = settings.adopt_steps
    melds = list(melds)
    while True:
        best: Optional[tuple[float, int, int, Meld]] = None
        for i, a in enumerate(melds):
            if a.oriented:
                continue
            for j, b in enumerate(melds):
                if i == j:
                    continue
                for x in (a, _turned(a)):
                    for y in ([b] if b.oriented else [b, _turned(b)]):
                        step, way = np.array(x.step, float), np.array(y.step, float)
                        ux, uy = max(float(np.linalg.norm(step)), 1e-9), max(float(np.linalg.norm(way)), 1e-9)
                        unit = float(np.median(S[list(x.anchors)]))
                        along, off = _beyond(P, x.anchors, _end_way(P, x.anchors, step), y.anchors[0])
                        if not (low * min(ux, uy) <= along * ux <= high * max(ux, uy)
                                and off <= settings.adopt_offset * unit):
                            continue
                        turn = np.degrees(np.arccos(np.clip(float(way @ step) / (ux * uy), -1.0, 1.0)))
                        if len(y.cards) > 1 and turn > settings.step_turn:
                            continue
                        if not 1 / settings.step_size_ratio <= float(np.median(S[list(y.anchors)])) / unit \
                                <= settings.step_size_ratio:
                            continue
                        fit = abs(along - 1) + off / unit
                        if (best is None or fit < best[0]) and _in_order([names[c] for c in x.cards + y.cards]):
                            joined = replace(y, cards=x.cards + y.cards, anchors=x.anchors + y.anchors,
                                             step=x.step if len(x.cards) >= len(y.cards) else y.step,
                                             missing=x.missing + tuple(len(x.cards) + k for k in y.missing))
                            best = (fit, i, j, joined)
        if best is None:
            return melds
        _, i, j, joined = best
        melds = [m for k, m in enumerate(melds) if k not in (i, j)] + [joined]


def _turned(m: Meld) -> Meld:
    """The meld read from its other end."""
    return replace(m, cards=m.cards[::-1], anchors=m.anchors[::-1], step=(-m.step[0], -m.step[1]),
                   missing=tuple(sorted(len(m.cards) - i for i in m.missing)))


@dataclass(frozen=True)
class Grouping:
    cards: list[ReadCard]              # every card of the photo, ordered by its first corner
    melds: list[Meld]                  # in table order
    rows: list[list[int]] = field(default_factory=list)   # cards in a row that makes no meld (not counted)


def find_melds(corners: Corners, settings: ReaderSettings = ReaderSettings(),
               same_way_up: Optional[Callable[[int, int], bool]] = None, threes: bool = False) -> Grouping:
    """The cards of a table photo and its melds, in table order. ``same_way_up(i, j)``, when
    the photo tells it, says two corners are printed the same way up (two cards, never one).
    ``threes``: three cards in no line, lying as a short meld's do, are a meld too
    (``_Grouper.loose_threes``; a table photo's, not a hand's)."""
    return _looks(corners, settings, same_way_up, threes, both=False)[0]


def find_melds_both_looks(corners: Corners, settings: ReaderSettings = ReaderSettings(),
                          same_way_up: Optional[Callable[[int, int], bool]] = None,
                          threes: bool = False) -> tuple[Grouping, Optional[Grouping]]:
    """``find_melds``' grouping and, where the first look's lines differ from the second's, the
    grouping of the first look's lines (None where they do not). The second look leaves out the
    far corners of the last cards laid, learnt from the first; a four-index deck's second band
    corner may have been taken for one, and a line cut there (``table.read_table`` weighs both)."""
    return _looks(corners, settings, same_way_up, threes, both=True)


def _looks(corners: Corners, settings: ReaderSettings, same_way_up: Optional[Callable[[int, int], bool]],
           threes: bool, both: bool) -> tuple[Grouping, Optional[Grouping]]:
    g = _Grouper(corners, settings, same_way_up)
    first = g.lines()
    # the last cards' far corners, learnt from a first look, are no bands: look again without them
    g.learn_faces(first)
    g.far = g.far_corners(first)
    g.stop_at_faces = True
    second = g.lines()
    other = None
    if both and [line.corners for line in second] != [line.corners for line in first]:
        other = _grouping(copy.deepcopy(g), first, corners, settings, threes)
    return _grouping(g, second, corners, settings, threes), other


def _grouping(g: _Grouper, found: list[_Line], corners: Corners, settings: ReaderSettings, threes: bool) -> Grouping:
    """The cards and melds of the lines ``found`` (a look's), in table order."""
    lines, partners = g.merge_parallel([line for line in found if not g.pairs_row(line)])
    lines = g.trim_row_bands(g.drop_split_wholes(lines, partners))
    cards, card_of = g.cards(lines, partners)
    g.typical_step = float(np.median([np.linalg.norm(g.P[b] - g.P[a]) / g.S[a] for line in lines
                                      for a, b in zip(line.corners, line.corners[1:])])) if lines else 1.0
    names = [c.card for c in cards]
    # a card left out of a line is taken back, and lines end to end that read on as one meld
    # are joined, before a line is cut in two (a run missing a card may read as two)
    faces = g.face_offsets if settings.adopt_faces else ()
    melds = join_continued(adopt_loose([g.meld(line, card_of) for line in lines], cards, corners, settings, faces),
                           cards, corners, settings)
    melds = [part for m in melds for part in split_joined(m, names, g.P)]
    g.valid_melds = [m for m in melds if _valid([names[c] for c in m.cards])]
    plausible = [g.plausible(m, cards) for m in melds]
    rows = [list(m.cards) for m, ok in zip(melds, plausible) if not ok]
    # the cards of lines that are no melds are loose too: a meld may take one back
    melds = join_continued(adopt_loose([m for m, ok in zip(melds, plausible) if ok], cards, corners, settings, faces),
                           cards, corners, settings)
    if settings.lend_wilds:           # a wild a line took for its next card, of two cards left loose
        melds = g.lend_wilds(melds, cards)
    if threes and settings.loose_threes:
        melds = g.loose_threes(melds, cards, rows)
    taken = {c for m in melds for c in m.cards}
    rows = [row for row in ([c for c in row if c not in taken] for row in rows) if row]
    return Grouping(cards, table_order(melds, g.P), rows)

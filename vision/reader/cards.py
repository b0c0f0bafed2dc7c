"""From corners to cards: the two (or four) corner indices of one physical card become one card,
while the second deck's copy of the same card stays a card of its own.

Decks differ (an ornamental deck's corners lie 1.9 index sizes apart, a jumbo-index deck's
width 1.2, another's diagonal 8), so the spacing is learnt from the photo itself: two corners
with the same reading are one card when they lie a card's diagonal (or side) apart, measured
in their own index size. The cards of a photo lie alike, so a pair that steps as several other
pairs do is surely a card's (``pair_support``), however close; a lone pair only from
``same_card_min`` index sizes apart (no card's corners lie closer, a jumbo band's aside), or
``turned_card_min`` when printed surely turned round against each other (wide indices). A
corner lying between the two (another card's index on top) means they are two cards.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Callable, Iterable, Optional

import numpy as np

from .corners import Corners
from .index_ways import turned_round
from .settings import ReaderSettings


@dataclass(frozen=True)
class ReadCard:
    card: str
    confidence: float
    corners: tuple[int, ...]          # indices into the photo's corners, in reading order

    def to_dict(self) -> dict:
        return {"card": self.card, "confidence": round(self.confidence, 4), "corners": list(self.corners)}


def card_gaps(centres: np.ndarray, cards: list[ReadCard], which: list[int]) -> np.ndarray:
    """For every pair of the cards ``which``, the closest distance (pixels) between their corners."""
    n = len(which)
    gaps = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            gaps[i, j] = gaps[j, i] = min(float(np.linalg.norm(centres[x] - centres[y]))
                                          for x in cards[which[i]].corners for y in cards[which[j]].corners)
    return gaps


def widest_link(gaps: np.ndarray) -> tuple[float, float, set[int]]:
    """The longest link of the shortest tree joining cards whose closest distances are ``gaps``
    (see ``card_gaps``): its length, the median length of all links, and the cards on its
    smaller side (by position in ``gaps``). Two piles of cards near each other are joined by
    one such link, far longer than the links within each pile."""
    n = len(gaps)
    if n < 2:
        return 0.0, 0.0, set()
    tree, edges = {0}, []
    inside, parent = gaps[0].copy(), np.zeros(n, np.int64)    # each card's closest link into the tree
    for _ in range(n - 1):                                    # shortest links first (Prim)
        j = int(np.argmin(np.where(np.isin(np.arange(n), list(tree)), np.inf, inside)))
        edges.append((float(inside[j]), int(parent[j]), j))
        tree.add(j)
        closer = gaps[j] < inside
        inside[closer], parent[closer] = gaps[j][closer], j
    lengths = np.array([e[0] for e in edges])
    longest = int(np.argmax(lengths))
    side = {edges[longest][2]}
    for _, a, b in edges:                        # edges were added in tree order: children after parents
        if a in side:
            side.add(b)
    if len(side) > n - len(side):
        side = set(range(n)) - side
    return float(lengths[longest]), float(np.median(lengths)), side


def beyond_gap(corners: Corners, cards: list[ReadCard], which: list[int], settings: ReaderSettings,
               few: bool = False) -> set[int]:
    """Of the cards ``which`` (4 at least, see ``few``), those on the smaller side of their one wide gap: a
    link of their shortest tree over ``hand_apart`` times the usual link and over ``pile_gap``
    index sizes (a pile beside the hand). Empty when there is none. ``few``: 2 or 3 cards too,
    too few to learn their usual link from: a link over ``small_apart`` index sizes; so is such a
    link of up to ``small_hand`` cards (a discard pile thrown beside a short hand, the gaps of
    each a little uneven)."""
    if len(which) < (2 if few else 4):
        return set()
    longest, usual, part = widest_link(card_gaps(corners.centres, cards, which))
    unit = float(np.median(corners.sizes))
    # a few cards (``small_hand``), joined only by their gaps: their usual one is told too roughly
    far = bool(settings.small_apart) and longest > settings.small_apart * unit
    if len(which) < 4:
        wide = far
    else:
        wide = longest > max(settings.hand_apart * usual, settings.pile_gap * unit) \
            or (few and len(which) <= settings.small_hand and far)
    return {which[i] for i in part} if wide else set()


def covered_between(i: int, j: int, centres: np.ndarray, sizes: np.ndarray) -> bool:
    """Another index on the card that corners i and j would span: they belong to two cards.

    The four corners of a card lie on the circle whose diameter is its diagonal, so another
    card's index well inside that circle, or close to the line between the two, lies on this
    card's face; a card whose two ends both show is not covered in its middle."""
    a, b = centres[i], centres[j]
    ab = b - a
    length2 = float(ab @ ab)
    if length2 <= 0:
        return False
    t = np.clip(((centres - a) @ ab) / length2, 0, 1)
    to_line = np.linalg.norm(centres - (a + t[:, None] * ab), axis=1)
    to_mid = np.linalg.norm(centres - (a + b) / 2, axis=1)
    near = ((to_line < 0.25 * (sizes[i] + sizes[j])) & (t > 0.15) & (t < 0.85)) | (to_mid < 0.35 * np.sqrt(length2))
    near[[i, j]] = False
    return bool(near.any())


def _rectangle(points: np.ndarray, sizes: np.ndarray, settings: ReaderSettings) -> bool:
    """Three or four corners of one card: they make right angles, as a card's corners do (three:
    an angle within about 9 degrees of square, its sides no further apart than a card's; a
    card's two corners and a copy's third seldom do); four, seen at a slant, a parallelogram of
    indices alike in size (whole: none is covered)."""
    if len(points) <= 2:
        return True
    if len(points) == 3:
        for k in range(3):
            u, v = points[(k + 1) % 3] - points[k], points[(k + 2) % 3] - points[k]
            lu, lv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
            cos = abs(float(u @ v)) / max(lu * lv, 1e-9)
            if cos < settings.corner_square and max(lu, lv) <= settings.corner_sides * min(lu, lv):
                return True
        return False
    # four: the two diagonals halve each other and are as long as each other, or nearly so
    # when the photo is taken at a slant and the four indices show whole, alike in size
    d = np.linalg.norm(points[:, None] - points[None], axis=2)
    i, j = np.unravel_index(np.argmax(d), d.shape)
    k, m = [x for x in range(4) if x not in (i, j)]
    mid_gap = np.linalg.norm((points[i] + points[j]) / 2 - (points[k] + points[m]) / 2)
    skew = abs(d[k, m] - d[i, j]) / d[i, j]
    return bool(mid_gap < 0.1 * d[i, j] and (skew < 0.12 or (skew < settings.slant_skew
                                                              and sizes.max() <= settings.slant_sizes * sizes.min())))


def steps_alike(vectors: np.ndarray, others: np.ndarray, tolerance: float, slack: float) -> np.ndarray:
    """For each of ``vectors`` (steps between two corners, in index sizes), how many of
    ``others`` step the same way: either sign, within ``tolerance`` of its length plus
    ``slack`` index sizes."""
    if not len(vectors) or not len(others):
        return np.zeros(len(vectors), np.int64)
    diff = np.minimum(np.linalg.norm(vectors[:, None] - others[None], axis=2),
                      np.linalg.norm(vectors[:, None] + others[None], axis=2))
    return (diff <= tolerance * np.linalg.norm(vectors, axis=1)[:, None] + slack).sum(axis=1)


def _support(vectors: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """For each candidate pair, how many other pairs of the photo step the same way (either
    sign, within ``pair_tolerance`` of its length plus ``pair_slack`` index sizes). The cards of
    one photo lie alike (a meld's cards all turned one way), so their corners pair by one
    common step: a card's diagonal, and on a four-index deck its width and height too; two
    copies of a card lie as they happen to."""
    # every pair steps as itself: not counted
    return steps_alike(vectors, vectors, settings.pair_tolerance, settings.pair_slack) - 1


def _candidates(corners: Corners, settings: ReaderSettings,
                covered: bool = False) -> tuple[list[tuple[float, int, int]], np.ndarray]:
    """Pairs of corners that may be one card's (same reading, alike in size, from ``pair_min``
    to ``same_card_max`` index sizes apart, no other index between), as (distance, i, j), with
    each pair's support; a pair less alike in size (``pair_size_supported``) only with support,
    or with none when ``covered`` (a card's far corner partly covered shows a smaller box)."""
    n = len(corners)
    names = corners.names
    centres = corners.centres.astype(np.float64)
    sizes = corners.sizes.astype(np.float64)
    found: list[tuple[float, int, int]] = []
    vectors: list[np.ndarray] = []
    for i in range(n):
        for j in range(i + 1, n):
            if names[i] != names[j]:
                continue
            scale = (sizes[i] + sizes[j]) / 2
            if abs(sizes[i] - sizes[j]) > settings.pair_size_supported * scale:   # one card's corners show at one size
                continue
            v = (centres[j] - centres[i]) / max(scale, 1e-6)
            d = float(np.linalg.norm(v))
            if settings.pair_min <= d <= settings.same_card_max and not covered_between(i, j, centres, sizes):
                found.append((d, i, j))
                vectors.append(v)
    support = _support(np.array(vectors).reshape(-1, 2), settings)
    # a corner partly covered shows a smaller box: sizes further apart only for a pair stepping
    # as the photo's cards do
    alike = np.array([abs(sizes[i] - sizes[j]) <= settings.pair_size * (sizes[i] + sizes[j]) / 2
                      for _, i, j in found], bool)
    keep = alike | (support >= settings.pair_support) | covered
    return [f for f, k in zip(found, keep) if k], support[keep]


def paired_like_one_card(corners: Corners, settings: ReaderSettings = ReaderSettings()) -> set[tuple[int, int]]:
    """Pairs of corners (i < j) that could be one card's: the same reading, a card's size apart
    with no index between, alike in size or one of them partly covered (whether they were merged
    or not)."""
    return {(i, j) for _, i, j in _candidates(corners, settings, covered=True)[0]}


def _diagonals(points: np.ndarray) -> list[tuple[int, int]]:
    """The diagonals of three or four corners (positions in ``points``): the two farthest apart,
    and of four, the other two."""
    d = np.linalg.norm(points[:, None] - points[None], axis=2)
    i, j = (int(x) for x in np.unravel_index(np.argmax(d), d.shape))
    diagonals = [(i, j)]
    if len(points) == 4:
        a, b = (x for x in range(4) if x not in (i, j))
        diagonals.append((a, b))
    return diagonals


def _diagonals_turned(points: np.ndarray, group: list[int], same_way_up: Optional[Callable[[int, int], bool]],
                      settings: ReaderSettings) -> bool:
    """Whether three or four corners could be one card's by the way they are printed: a card's
    corners across a diagonal are printed turned round against each other (a four-index card
    prints its top two upright, its bottom two upside down), while two copies of a card lying
    side by side, turned round against each other, show the same way up across the diagonals of
    the four corners they make. True when nothing tells (``same_way_up`` unknown)."""
    if same_way_up is None or len(group) < 3:
        return True
    if len(group) == 3:
        # three corners of a four-index card meet at a right angle: its top two corners, printed
        # alike, lie a card's width apart, and each of them lies a card's height, the longer
        # side, from the one below it, printed turned round against it. Two corners printed
        # alike along the clearly longer side are two cards (copies in a fan, a row); at a slant
        # the sides may look nearly alike, and then nothing is told
        d = np.linalg.norm(points[:, None] - points[None], axis=2)
        k = int(np.argmax([d[a, b] for a, b in ((1, 2), (0, 2), (0, 1))]))    # the corner at the angle:
        a, b = (x for x in range(3) if x != k)                               # opposite the longest side
        far, near = (a, b) if d[k, a] >= d[k, b] else (b, a)
        if d[k, far] >= settings.card_height * d[k, near] and same_way_up(group[k], group[far]):
            return False
    return not any(same_way_up(group[a], group[b]) for a, b in _diagonals(points))


def _quads(corners: Corners, found: list[tuple[float, int, int]], settings: ReaderSettings,
           same_way_up: Optional[Callable[[int, int], bool]] = None) -> list[tuple[float, tuple[int, ...]]]:
    """Four corners read alike, each two of which may be one card's (``found``), that make one
    card's parallelogram, printed as one card's are (``_diagonals_turned``), each with how far
    its diagonals differ (the smaller, the likelier one card)."""
    names = corners.names
    centres = corners.centres.astype(np.float64)
    sizes = corners.sizes.astype(np.float64)
    linked = {(i, j) for _, i, j in found}
    alike: dict[str, list[int]] = {}
    for i, j in linked:
        alike.setdefault(names[i], []).extend((i, j))
    quads = []
    for idx in alike.values():
        idx = sorted(set(idx))
        if len(idx) < 4 or len(idx) > 12:
            continue
        for q in combinations(idx, 4):
            pts = centres[list(q)]
            if all((a, b) in linked for a, b in combinations(q, 2)) and _rectangle(pts, sizes[list(q)], settings) \
                    and _diagonals_turned(pts, list(q), same_way_up, settings):
                # the best: diagonals nearest alike (the two longest distances, each counted twice)
                d = np.sort(np.linalg.norm(pts[:, None] - pts[None], axis=2).ravel())
                quads.append((float(d[-1] - d[-3]) / float(d[-1]), q))
    return quads


def _sides(points: np.ndarray, unit: float) -> tuple[float, float]:
    """The shorter and the longer side of four corners' parallelogram, in index sizes."""
    diagonals = _diagonals(points)
    sides = sorted(float(np.linalg.norm(points[a] - points[b])) for a, b in combinations(range(4), 2)
                   if (a, b) not in diagonals and (b, a) not in diagonals)
    return sides[0] / unit, sides[2] / unit


def _card_shape(quads: list[tuple[float, tuple[int, ...]]], centres: np.ndarray, sizes: np.ndarray,
                settings: ReaderSettings) -> Optional[tuple[float, float]]:
    """The photo's usual whole card, as its four corners' shorter and longer side (index sizes):
    the median of the candidates (``_quads``), when there are ``whole_shapes`` of them."""
    if not settings.whole_narrow or len(quads) < settings.whole_shapes:
        return None
    shapes = np.array([_sides(centres[list(q)], float(np.mean(sizes[list(q)]))) for _, q in quads])
    return float(np.median(shapes[:, 0])), float(np.median(shapes[:, 1]))


def _narrow(points: np.ndarray, unit: float, shape: Optional[tuple[float, float]], settings: ReaderSettings) -> bool:
    """Four corners as long as the photo's whole cards (``shape``) but much narrower: two copies
    side by side, each showing its two corners down one edge (printed as one card's are), one
    copy's step apart."""
    if shape is None:
        return False
    short, long = _sides(points, unit)
    return short < settings.whole_narrow * shape[0] and abs(long / shape[1] - 1) <= settings.whole_long


def _whole_cards(corners: Corners, found: list[tuple[float, int, int]], settings: ReaderSettings,
                 same_way_up: Optional[Callable[[int, int], bool]] = None
                 ) -> tuple[list[tuple[int, ...]], Optional[tuple[float, float]]]:
    """Four corners read alike that make one card's face (``_quads``), none ``_narrow`` against
    the photo's others: the best first, none sharing a corner; and the photo's usual whole card
    they were measured against (``_card_shape``)."""
    centres = corners.centres.astype(np.float64)
    sizes = corners.sizes.astype(np.float64)
    quads = _quads(corners, found, settings, same_way_up)
    shape = _card_shape(quads, centres, sizes, settings)
    taken: set[int] = set()
    out = []
    for _, q in sorted(quads):
        if not taken & set(q) and not _narrow(centres[list(q)], float(np.mean(sizes[list(q)])), shape, settings):
            taken |= set(q)
            out.append(q)
    return out, shape


def whole_cards(corners: Corners, pairs: Iterable[tuple[int, int]], settings: ReaderSettings,
                same_way_up: Optional[Callable[[int, int], bool]], turned: Callable[[int, int], bool]) -> list[tuple[int, ...]]:
    """Four corners of one reading surely showing one card's whole face (see ``_whole_cards``; each
    two of them among ``pairs``, those that may be one card's: ``pair_support``'s): both diagonals
    printed surely ``turned`` round, and its sides in a card's proportions, the longer at most
    ``whole_aspect`` times the shorter (two copies side by side, each showing its two band
    corners, make a flat one)."""
    centres = corners.centres.astype(np.float64)
    out = []
    for quad in _whole_cards(corners, [(0.0, i, j) for i, j in pairs], settings, same_way_up)[0]:
        points = centres[list(quad)]
        short, long = _sides(points, 1.0)
        if long <= settings.whole_aspect * short and all(turned(quad[a], quad[b]) for a, b in _diagonals(points)):
            out.append(quad)
    return out


def pair_support(corners: Corners, settings: ReaderSettings = ReaderSettings()) -> dict[tuple[int, int], int]:
    """Each pair of corners (i < j) that may be one card's, with how many other pairs of the photo
    step as it does (its support: ``sure_pairs`` at any threshold from ``pair_support`` up)."""
    found, support = _candidates(corners, settings)
    return {(i, j): int(n) for n, (_, i, j) in zip(support, found)}


def sure_pairs(corners: Corners, settings: ReaderSettings = ReaderSettings()) -> set[tuple[int, int]]:
    """Pairs of corners (i < j) that step as the photo's cards do: one card's two corners."""
    return {p for p, n in pair_support(corners, settings).items() if n >= settings.pair_support}


def far_enough(d: float, low: float, settings: ReaderSettings,
               turned: Optional[Callable[[int, int], bool]], i: int, j: int) -> bool:
    """Whether corners ``i`` and ``j`` of one reading, ``d`` index sizes apart, lie far enough
    apart to be one card's: ``low`` at least, or ``turned_card_min`` when ``turned`` says they
    are printed surely turned round against each other, as a card's two corners are (a deck
    printing rank and suit side by side has wide indices; two copies side by side lie alike).
    ``turned`` is asked only when the distance alone does not settle it."""
    return d >= low or (d >= settings.turned_card_min and turned is not None and turned(i, j))


def _rung(a: int, found: list[tuple[float, int, int]], centres: np.ndarray, sizes: np.ndarray,
          settings: ReaderSettings) -> bool:
    """Whether another candidate pair of the photo (``_candidates``) steps as pair ``a`` does and
    lies beside it as a ladder's rungs do: their midpoints' offset within ``rung_square`` (a
    cosine) of square to the step. Four-index cards lying one over the other each show the two
    corners of one end, printed the same way up, a card's width apart (``valart`` 000155, a
    hand); two copies in a spread hand's next row lie as the row does, aslant to the step
    (``heldout3`` 000353)."""
    _, i, j = found[a]
    v = centres[j] - centres[i]
    length = float(np.linalg.norm(v))
    slack = settings.pair_tolerance * length + settings.pair_slack * (sizes[i] + sizes[j]) / 2
    mid = (centres[i] + centres[j]) / 2
    for b, (_, k, m) in enumerate(found):
        if b == a or {k, m} & {i, j}:
            continue
        w = centres[m] - centres[k]
        if min(np.linalg.norm(v - w), np.linalg.norm(v + w)) > slack:
            continue
        off = (centres[k] + centres[m]) / 2 - mid
        n = float(np.linalg.norm(off))
        if n > 0 and abs(float(off @ v)) / (n * length) < settings.rung_square:
            return True
    return False


def _in_a_row(i: int, j: int, centres: np.ndarray, sizes: np.ndarray,
              same_way_up: Optional[Callable[[int, int], bool]], settings: ReaderSettings) -> bool:
    """Whether corners i and j, printed the same way up, lie as two cards in a row: another
    corner printed as they are lies one step on beyond each of them, within ``row_on`` index
    sizes of where the step puts it. Two copies next to each other in a spread hand's row step
    as the row does (``unseen`` 000151); a four-index card's two top corners lie a card's width
    apart, and seldom does an index lie a width further on at both ends (at one end it may: the
    next card of a meld laid in a row, ``unseen`` 000160)."""
    if same_way_up is None or not settings.row_on or not same_way_up(i, j):
        return False
    step = centres[j] - centres[i]
    reach = settings.row_on * (sizes[i] + sizes[j]) / 2
    for end, point in ((i, centres[i] - step), (j, centres[j] + step)):
        near = np.flatnonzero(np.linalg.norm(centres - point, axis=1) <= reach)
        if not any(k not in (i, j) and same_way_up(end, int(k)) for k in near):
            return False
    return True


def _four_index_shown(found: list[tuple[float, int, int]], support: np.ndarray, centres: np.ndarray,
                      sizes: np.ndarray, same_way_up: Callable[[int, int], bool],
                      turned: Optional[Callable[[int, int], bool]], settings: ReaderSettings) -> bool:
    """Whether the photo's candidate pairs (``_candidates``, with their support) show a four-index
    deck: pairs printed turned round stepping as ``pair_support`` - 1 others do (a fan of three
    four-index cards or more shows each card's two corners down its edge, a card's height apart;
    a two-index deck's cards, overlapping, show one corner each), or a pair printed alike lying as
    a ladder's rung (``_rung``). Besides these, a card showing four corners (``_whole_cards``) tells it. True
    when the turn is not told (``turned`` None: ``same_way_up`` a plain check): nothing is ruled out."""
    if turned is None:
        return True
    return any((turned(i, j) and support[k] >= settings.pair_support - 1)
               or (same_way_up(i, j) and _rung(k, found, centres, sizes, settings))
               for k, (_, i, j) in enumerate(found))


def merge_corners(corners: Corners, settings: ReaderSettings = ReaderSettings(),
                  same_way_up: Optional[Callable[[int, int], bool]] = None,
                  supported: frozenset[tuple[int, int]] = frozenset()) -> list[ReadCard]:
    """The photo's cards. ``same_way_up(i, j)``, when given (the photo is at hand), says that two
    corners are printed the same way up: then a lone pair of them is two cards, since a card's
    far corner is printed turned round (``index_turn.py``), unless it lies as a ladder's rung
    beside another pair stepping alike (``_rung``); any pair of them is two cards in a row
    (``_in_a_row``); and three or four corners, two of them so printed, are a card and a copy
    where the photo shows no four-index card (``_four_index_shown``). ``supported``: pairs
    (i < j) known to step as the photo's cards do, when ``corners`` are only some of the photo's."""
    n = len(corners)
    names = corners.names
    centres = corners.centres.astype(np.float64)
    sizes = corners.sizes.astype(np.float64)
    found, support = _candidates(corners, settings)
    support = np.array([max(int(n), settings.pair_support) if (i, j) in supported else int(n)
                        for n, (_, i, j) in zip(support, found)], np.int64)
    # pairs stepping as the photo's cards do come first, however close (a jumbo index's width);
    # a lone pair only when it is no closer than a card's corners ever lie (``far_enough``)
    turned = turned_round(same_way_up)
    pairs = [(0 if support[k] >= settings.pair_support else 1, d, i, j) for k, (d, i, j) in enumerate(found)
             if (support[k] >= settings.pair_support
                 or (far_enough(d, settings.same_card_min, settings, turned, i, j)
                     and not (same_way_up is not None and same_way_up(i, j)
                              and not _rung(k, found, centres, sizes, settings))))
             and not _in_a_row(i, j, centres, sizes, same_way_up, settings)]
    # closest first within each: a card's own corners before a far copy's
    group = list(range(n))
    members: dict[int, list[int]] = {i: [i] for i in range(n)}

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    # a card showing its four corners first, whole: built pair by pair, its three corners on
    # the way might not look square at a slant
    wholes, shape = _whole_cards(corners, found, settings, same_way_up)
    for quad in wholes:
        for k in quad[1:]:
            group[k] = quad[0]
        members[quad[0]] = list(quad)
        for k in quad[1:]:
            del members[k]
    @cache
    def four_index() -> bool:                       # whether the photo shows a four-index card, asked once
        return bool(wholes) or _four_index_shown(found, support, centres, sizes, same_way_up, turned, settings)

    def printed_alike(joined: list[int]) -> bool:
        """Three or four corners, two of them printed the same way up, where the photo shows no
        four-index card: a card's two corners and a copy's (``_four_index_shown``)."""
        if same_way_up is None or len(joined) < 3 \
                or not any(same_way_up(a, b) for a, b in combinations(joined, 2)):
            return False
        return not four_index()

    for _, d, i, j in sorted(pairs):
        ri, rj = root(i), root(j)
        if ri == rj or len(members[ri]) + len(members[rj]) > 4:
            continue
        joined = members[ri] + members[rj]
        if printed_alike(joined):
            continue
        far = max(np.linalg.norm(centres[a] - centres[b]) / sizes[[a, b]].mean() for a in joined for b in joined)
        if far > settings.same_card_max or not _rectangle(centres[joined], sizes[joined], settings) \
                or not _diagonals_turned(centres[joined], joined, same_way_up, settings) \
                or (len(joined) == 4 and _narrow(centres[joined], float(sizes[joined].mean()), shape, settings)):
            continue
        group[rj] = ri
        members[ri] = joined
        del members[rj]
    cards = []
    for r, idx in members.items():
        idx = sorted(idx, key=lambda k: (centres[k][1], centres[k][0]))
        conf = float(np.max(corners.confidence[idx]))
        cards.append(ReadCard(names[r], conf, tuple(int(k) for k in idx)))
    cards.sort(key=lambda c: c.corners[0])
    return cards

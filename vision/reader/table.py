"""A table photo read whole: its corners grouped into cards and melds (``melds.py``), the hand
told apart when the photo shows one (``--as both``), and every doubt flagged (``flags.py``).

The same code path serves the detector's corners and the oracle's (``oracle.py``): a
``Reading`` in, the same ``Reading`` with ``cards``, ``melds``, ``hand`` and ``flags`` filled out.

A team lays its melds side by side: on a table photo, a line that makes no meld lying across
all the valid melds is cards of the discard pile in a line by chance, left loose and flagged.

Telling the hand from the melds (``--as both``): melds lie as straight lines of bands at an
even step, side by side; a hand lies as a fan (its line turns card after card) or spread in
rows, which often run across the melds (a row that reads like a meld by chance, lying across
the valid melds next to the loose cards, is the hand's; so is an invalid straight row that no
card read otherwise would make a meld, however it lies).
The cards in no straight line that lie together form the hand: the largest such group of cards,
each within ``hand_gap`` index sizes of another, but for a group of a few cards two of which
are printed turned round against each other (a pile thrown at random), and first a group lying
in front of the players, beyond the melds on their side (the hand is put down before them, the
discard pile thrown beside the melds may hold more cards), joined by any other group lying in
front of the melds too, within the hand's span across the players' way (a spread hand's row
lying further off than ``hand_gap``; a pile lies beside); the other loose cards
(the discard pile, a stray card) are flagged, not counted; so are the cards of the group
printed turned round against nearly all of it (a pile thrown beside the hand, within its
reach), with the cards lying nearer to them than to the hand. When the hand lies in rows or a
fan, its cards lying off them and beside them rather than under them (the discard pile against
the hand) are set aside too, and flagged; so are, beside a hand held as a fan, the cards beyond
the group's one wide gap that lie on none of its lines (a pile thrown across the fan's span),
and three or more cards under a spread hand's rows that lie on no row (a pile thrown under
them). Straight rows of the hand running different ways are a doubt: a spread hand's rows lie
side by side.
"""
from __future__ import annotations

import json
from dataclasses import replace
from typing import NamedTuple, Optional

import numpy as np

from engine.meld import read_meld

from .cards import beyond_gap, card_gaps
from .flags import (CHECK, TableFacts, hand_doubts, hand_merged_corners, jokers_apart, low_confidence,
                    one_card_or_two, small_indices, table_flags, too_many_copies, unread_corners)
from .index_ways import turned_round
from .melds import Grouping, Meld, find_melds, find_melds_both_looks, meld_like, one_card_off, share_along
from .reader import Reading
from .second_look import look_again
from .settings import ReaderSettings

KINDS = ("table", "hand", "both")


def _turn(meld: Meld, P: np.ndarray, names: list[str]) -> float:
    """How far a meld's line turns from its first half to its second, in degrees (a fan turns
    card after card; a straight meld's halves agree even when single steps wander). Jokers'
    indices are left out: some decks print them aside."""
    return _bend(P[[k for c, k in zip(meld.cards, meld.anchors) if names[c] != "JK"]])


def _bend(pts: np.ndarray) -> float:
    """How far a line of points turns from its first half to its second, in degrees."""
    if len(pts) < 4:
        return 0.0                        # two single steps: too short to tell a turn from a wobble
    mid = len(pts) // 2
    a, b = pts[mid] - pts[0], pts[-1] - pts[mid]
    cos = float(a @ b) / max(float(np.linalg.norm(a) * np.linalg.norm(b)), 1e-9)
    return float(np.degrees(np.arccos(np.clip(cos, -1.0, 1.0))))


def _parallel(ways: list[np.ndarray], valid: list[bool], settings: ReaderSettings) -> list[float]:
    """Per meld (the unit vectors of their lines), the share of the other valid melds that lie
    within ``parallel_turn`` degrees of it (1 when there are none): a team lays its melds side
    by side, while the rows of a hand laid beside them often run the other way."""
    out = []
    for i, way in enumerate(ways):
        others = [o for j, o in enumerate(ways) if j != i and valid[j]]
        out.append(share_along(way, others, settings.parallel_turn) if others else 1.0)
    return out


def _natural_way(meld: Meld, P: np.ndarray, names: list[str]) -> np.ndarray:
    """The unit vector from a meld's first natural card's index to its last one's (its step's
    when it has fewer than two): jokers' indices are left out, as some decks print them aside."""
    pts = P[[k for c, k in zip(meld.cards, meld.anchors) if names[c] != "JK"]]
    way = pts[-1] - pts[0] if len(pts) >= 2 else np.zeros(2)
    length = float(np.linalg.norm(way))
    return way / length if length > 0 else meld.axis


class HandSplit(NamedTuple):
    """A ``both`` photo's cards told apart."""
    melds: list[Meld]                  # the melds that are melds
    hand: list[int]                    # the cards of the hand
    aside: list[int]                   # set aside: against a hand in rows or a fan, but off them (the discard pile?)
    off_fan: list[int]                 # of the hand, in doubt: off its fan (see ``_off_the_rows``)
    across: list[list[int]]            # of the hand, in doubt: lines that read as melds but lie across the melds
    crossing: list[int]                # of the hand, in doubt: straight rows running different ways (see ``_crossing_rows``)
    along: list[list[int]]             # of the hand, in doubt: lines like melds along the melds, no meld by one card

    @classmethod
    def melds_only(cls, melds: list[Meld]) -> HandSplit:
        """Every card in ``melds``, none in the hand and none in doubt."""
        return cls(melds, [], [], [], [], [], [])


def split_hand(reading: Reading, melds: list[Meld], settings: ReaderSettings,
               rows: list[list[int]] = ()) -> HandSplit:
    """The melds that are melds, and the cards of the hand (see ``HandSplit``). ``rows``: the
    cards of the lines that made no meld (see ``Grouping.rows``)."""
    P = reading.corners.centres
    names = [c.card for c in reading.cards]
    unit = float(np.median(reading.corners.sizes)) if len(reading.corners) else 1.0
    valid = [read_meld([names[c] for c in m.cards]).valid for m in melds]
    parallel = _parallel([m.axis for m in melds], valid, settings)
    in_lines = {c for m in melds for c in m.cards}
    loose = [c for c in range(len(reading.cards)) if c not in in_lines]

    def by_loose(m: Meld) -> bool:
        return any(float(np.linalg.norm(P[x] - P[y])) <= settings.hand_gap * unit
                   for c in m.cards for x in reading.cards[c].corners for l in loose for y in reading.cards[l].corners)

    # a fan that reads as a valid meld is a meld laid as a fan; a hand's cards seldom make one;
    # a straight invalid line stays a meld only when one card read otherwise would make it one
    # (``one_card_off``); one merely like a meld (``meld_like``: a suit's cards within its
    # length) is a row of the spread hand, in doubt; so is an invalid line across the valid
    # melds, or a valid one across them that touches the loose cards or such a row (a row of
    # the hand that happens to read as a meld)
    invalid: dict[int, tuple[bool, bool]] = {}           # an invalid line: (a meld but for its place, kept)
    for i, (m, ok) in enumerate(zip(melds, valid)):
        if not ok:
            line = [names[c] for c in m.cards]
            like = _turn(m, P, names) <= settings.fan_turn and meld_like(line)
            invalid[i] = (like, like and parallel[i] >= settings.across_invalid and one_card_off(line))
    loose += [c for i, (_, kept) in invalid.items() if not kept for c in melds[i].cards]
    table, dropped, across, along = [], [], [], []
    for i, (m, ok, share) in enumerate(zip(melds, valid, parallel)):
        if ok:
            keep = share >= settings.across_valid or not by_loose(m)
            before = True
        else:
            before, keep = invalid[i]
        if keep:
            table.append(m)
            continue
        dropped.append(list(m.cards))
        if before:                        # a meld but for its place (or one card): the hand's, in doubt
            (across if share < settings.across_invalid else along).append(list(m.cards))
    placed = {c for m in table for c in m.cards}
    loose = [c for c in range(len(reading.cards)) if c not in placed]
    if not loose:
        return HandSplit.melds_only(table)
    group = {c: c for c in loose}

    def root(c: int) -> int:
        while group[c] != c:
            c = group[c]
        return c

    gaps = card_gaps(P, reading.cards, loose)
    for i, a in enumerate(loose):
        for j in range(i + 1, len(loose)):
            if gaps[i, j] <= settings.hand_gap * unit:
                group[root(a)] = root(loose[j])
    sizes: dict[int, list[int]] = {}
    for c in loose:
        sizes.setdefault(root(c), []).append(c)
    # the hand is put down in front of the players: beyond the melds on their side
    facing = _players_way(reading, table, settings)
    reach = max(float(P[k] @ facing) for m in table for c in m.cards
                for k in reading.cards[c].corners) if facing is not None else 0.0

    def mean_along(g: list[int], way: np.ndarray) -> float:
        return float(np.mean([P[k] @ way for c in g for k in reading.cards[c].corners]))

    def in_front(g: list[int]) -> bool:
        return facing is not None and mean_along(g, facing) > reach

    hand = max(sizes.values(), key=lambda g: (not _pile_like(reading, g, settings), in_front(g), len(g)))
    if in_front(hand):                    # the hand's other rows before the players, however far off
        side = np.array([-facing[1], facing[0]])
        span = [float(P[k] @ side) for c in hand for k in reading.cards[c].corners]
        hand = hand + [c for g in sizes.values() if g is not hand and in_front(g)
                       and min(span) <= mean_along(g, side) <= max(span) and not _pile_like(reading, g, settings)
                       for c in g]
    thrown = _turned_pile(reading, hand, settings)
    hand = [c for c in hand if c not in thrown]
    held = set(hand)
    lines = [line for line in dropped + list(rows) if held.issuperset(line)]
    pile = _pile_apart(reading, hand, lines, settings) | thrown
    aside, off_fan = _off_the_rows(reading, [c for c in hand if c not in pile], lines, settings)
    aside = sorted(pile | set(aside))
    kept = held - set(aside)
    return HandSplit(table, sorted(kept), aside, off_fan, [line for line in across if kept.issuperset(line)],
                     _crossing_rows(reading, [line for line in lines if kept.issuperset(line)], settings),
                     [line for line in along if kept.issuperset(line)])


def _side_by_side(reading: Reading, melds: list[Meld], names: list[str], settings: ReaderSettings) -> list[Meld]:
    """The melds of a table photo but the invalid lines lying across all the valid melds (two at
    least), parallel to none of them (within ``parallel_turn``, from first natural card to last):
    a team lays its melds side by side, and a line across them that makes no meld is cards of the
    discard pile lying in a line by chance. Their cards are left loose (and flagged)."""
    valid = [read_meld([names[c] for c in m.cards]).valid for m in melds]
    if sum(valid) < 2:
        return melds
    ways = [_natural_way(m, reading.corners.centres, names) for m in melds]
    return [m for m, ok, share in zip(melds, valid, _parallel(ways, valid, settings)) if ok or share > 0]


def _crossing_rows(reading: Reading, lines: list[list[int]], settings: ReaderSettings) -> list[int]:
    """The cards of the hand's straight rows (three cards or more, bending no more than a fan's
    ``fan_turn``) that run another way than another of them, by over ``rows_turn`` degrees. A
    spread hand's rows lie side by side; a line running its own way beside them is another heap
    (a small hand and the discard pile, each read as a row), so the player is asked."""
    straight = []
    for line in lines:
        if len(line) >= 3:
            pts = _line_points(reading, line)
            length = float(np.linalg.norm(pts[-1] - pts[0]))
            if _bend(pts) <= settings.fan_turn and length > 0:
                straight.append((line, (pts[-1] - pts[0]) / length))
    out: set[int] = set()
    for i, (a, u) in enumerate(straight):
        for b, v in straight[i + 1:]:
            if float(np.degrees(np.arccos(min(abs(float(u @ v)), 1.0)))) > settings.rows_turn:
                out |= set(a) | set(b)
    return sorted(out)


def _players_way(reading: Reading, melds: list[Meld], settings: ReaderSettings) -> Optional[np.ndarray]:
    """The way the players sit, seen from the melds (a unit vector), or None when the melds do
    not tell: a card's far corner lies from its band corner towards the card's bottom, which
    faces the players; along the card's length, the larger of its two offsets (along a column,
    across a row). Told by the melds' cards showing a far corner at least ``facing_min`` index
    sizes along and across (not a four-index deck's second band corner), when they agree within
    ``facing_agree`` (the length of their unit votes' sum over their number)."""
    P = reading.corners.centres.astype(np.float64)
    S = np.maximum(reading.corners.sizes.astype(np.float64), 1e-6)
    votes = []
    for m in melds:
        axis = m.axis
        normal = np.array([-axis[1], axis[0]])
        for c, band in zip(m.cards, m.anchors):
            for k in reading.cards[c].corners:
                offset = (P[k] - P[band]) / S[band]
                along, across = float(offset @ axis), float(offset @ normal)
                if k != band and min(abs(along), abs(across)) >= settings.facing_min:
                    votes.append(np.sign(along) * axis if abs(along) > abs(across) else np.sign(across) * normal)
    if len(votes) < 2:
        return None
    total = np.sum(votes, axis=0)
    length = float(np.linalg.norm(total))
    return total / length if length >= settings.facing_agree * len(votes) else None


def _pile_like(reading: Reading, group: list[int], settings: ReaderSettings) -> bool:
    """Whether a group of loose cards lies as a pile thrown at random (the discard pile) rather
    than as a hand laid out: no more than ``pile_most`` cards, two of which show one corner each,
    printed surely turned round against each other. A hand's cards lie one way (a card's far corner
    is printed turned round against its near one, so only cards showing one corner are compared);
    a big hand may hold a card laid upside down, so only a few cards are judged."""
    turned = turned_round(reading.same_way_up)
    if turned is None or len(group) > settings.pile_most:
        return False
    single = [reading.cards[c].corners[0] for c in group if len(reading.cards[c].corners) == 1]
    return any(turned(a, b) for i, a in enumerate(single) for b in single[i + 1:])


def _turned_pile(reading: Reading, group: list[int], settings: ReaderSettings) -> set[int]:
    """The cards of a hand's group that lie as a pile thrown beside it (the discard pile). Its
    seeds: the cards showing one corner printed surely turned round against ``pile_turned`` or
    more of the group's other such cards and the same way up as no more than ``pile_alike`` (a
    hand's cards lie one way, but for a few laid upside down, which lie the same way up as some).
    The hand's seeds: such cards printed the same way up as more of them. Then, one by one, the
    card nearest either side joins it. Nothing when the pile would be half the group or more."""
    turned = turned_round(reading.same_way_up)
    if turned is None:
        return set()
    alike = reading.same_way_up
    single = [c for c in group if len(reading.cards[c].corners) == 1]
    seeds, core = set(), set()
    for c in single:
        a = reading.cards[c].corners[0]
        others = [reading.cards[d].corners[0] for d in single if d != c]
        n_turned, n_alike = sum(turned(a, b) for b in others), sum(alike(a, b) for b in others)
        if n_turned >= settings.pile_turned and n_alike <= settings.pile_alike:
            seeds.add(c)
        elif n_alike > max(n_turned, settings.pile_alike):
            core.add(c)
    if not seeds or not core:
        return set()
    gaps = card_gaps(reading.corners.centres, reading.cards, group)
    at = {c: i for i, c in enumerate(group)}
    pile, hand = set(seeds), set(core)
    left = [c for c in group if c not in pile and c not in hand]
    to_pile = {c: min(gaps[at[c], at[p]] for p in pile) for c in left}
    to_hand = {c: min(gaps[at[c], at[h]] for h in hand) for c in left}
    while left:                           # the card nearest either side joins it, one by one
        c = min(left, key=lambda c: min(to_pile[c], to_hand[c]))
        joins_pile = to_pile[c] < to_hand[c]
        (pile if joins_pile else hand).add(c)
        left.remove(c)
        nearest = to_pile if joins_pile else to_hand
        for d in left:                    # that side now reaches the others from c too
            nearest[d] = min(nearest[d], gaps[at[d], at[c]])
    return pile if 2 * len(pile) < len(group) else set()


def _pile_apart(reading: Reading, hand: list[int], lines: list[list[int]], settings: ReaderSettings) -> set[int]:
    """The cards of the hand's group that lie beyond its one wide gap (``cards.beyond_gap``) and
    on none of its lines, when the rest is held as a fan (its longest bending line holds half of
    it): a pile thrown beside the hand (the discard pile), set aside. Two rows of a spread hand
    apart stay the hand, and so does a line beyond the gap of more than ``pile_cards`` cards (a
    row of the hand; three cards of a pile may lie in a line by chance)."""
    side = beyond_gap(reading.corners, reading.cards, hand, settings) if settings.pile_apart else set()
    if not side or any(side & set(line) and set(line) - side for line in lines):
        return set()                      # none, or a row running on across the gap
    fan = max((len(line) for line in lines if not side & set(line)
               and _bend(_line_points(reading, line)) > settings.fan_turn), default=0)
    if 2 * fan < len(hand) - len(side):
        return set()
    # a line of more cards than ``pile_cards`` beyond the gap is a row of the hand: a pile
    # thrown at random seldom lies so
    return side - {c for line in lines if set(line) <= side and len(line) > settings.pile_cards for c in line}


def _line_points(reading: Reading, line: list[int]) -> np.ndarray:
    """One corner per card of a line, in its order: of a card showing more, the one nearest the
    neighbouring cards' corners (the index band the line runs along)."""
    P = reading.corners.centres
    out = []
    for i, c in enumerate(line):
        near = [k for j in (i - 1, i + 1) if 0 <= j < len(line) for k in reading.cards[line[j]].corners]
        mine = reading.cards[c].corners
        out.append(P[min(mine, key=lambda k: min((float(np.linalg.norm(P[k] - P[q])) for q in near), default=0.0))])
    return np.array(out)


def _off_the_rows(reading: Reading, hand: list[int], lines: list[list[int]],
                  settings: ReaderSettings) -> tuple[list[int], list[int]]:
    """(set aside, in doubt). Set aside: the cards of a hand laid in rows (or a fan) that lie
    off them, farther than ``off_lines`` index sizes from every card on them, and beside the
    rows rather than under them: a spread hand's last, short row lies under the rows above,
    card under card; a pile beside the hand (the discard pile) lies beyond their ends, and
    ``pile_cards`` or more cards under them, on no line, are a pile too (as a row they would
    have made a line of their own), unless they spread along the rows as a row does (one laid
    too unevenly to make a line, ``_spread_as_a_row``: in doubt). In doubt, counted but the
    player is asked: when the hand is held as a fan (which has no rows), the cards kept for
    lying within its lines' span; the cards of such an uneven row; and the cards within
    ``off_lines`` of the cards kept for lying near the rows, and so on in a chain (a fan's end
    bending away from its straight stretch, or a pile touching the hand)."""
    P = reading.corners.centres
    unit = float(np.median(reading.corners.sizes))
    on = {c for line in lines for c in line}
    if len(on) < 3:
        return [], []
    rows = [_line_points(reading, line) for line in lines]
    fan = any(_bend(pts) > settings.fan_turn for pts in rows)
    reach = settings.off_lines * unit

    def gap(c: int, others: set[int]) -> float:
        return min((float(np.linalg.norm(P[x] - P[y])) for x in reading.cards[c].corners for o in others
                    for y in reading.cards[o].corners), default=np.inf)

    near = on | {c for c in hand if gap(c, on) <= reach}
    chained: set[int] = set()
    grew = True
    while grew:
        grew = False
        for c in hand:
            if c not in near and c not in chained and gap(c, near | chained) <= reach:
                chained.add(c)
                grew = True
    aside, doubtful, under = [], [], []
    for c in hand:
        if c in near:
            continue
        mine = reading.cards[c].corners
        if c in chained:
            doubtful.append(c)
            continue
        if not any(_under(P[list(mine)].mean(axis=0), pts, settings) for pts in rows):
            aside.append(c)
        elif fan:                         # a hand held as a fan has no rows: a straight stretch of it proves little
            doubtful.append(c)
        else:
            under.append(c)
    if len(under) >= settings.pile_cards:
        if _spread_as_a_row(reading, under, rows, settings):
            doubtful += under             # a row laid too unevenly to make a line: the hand's, in doubt
        else:
            aside += under                # no row (a row of them would be a line): a pile thrown under the rows
    return sorted(aside), doubtful


def _spread_as_a_row(reading: Reading, cards: list[int], rows: list[np.ndarray], settings: ReaderSettings) -> bool:
    """Whether cards lying under a hand's rows spread along their way as a row of them does:
    their middles span ``row_spread`` of the longest row's step per card at least (a pile is
    thrown on one spot)."""
    row = _row_way(max(rows, key=len))
    if row is None:
        return False
    way, step = row
    P = reading.corners.centres
    along = [float(P[list(reading.cards[c].corners)].mean(axis=0) @ way) for c in cards]
    return float(np.ptp(along)) >= settings.row_spread * (len(cards) - 1) * step


def _row_way(pts: np.ndarray) -> Optional[tuple[np.ndarray, float]]:
    """A straight row's way (a unit vector, first corner to last) and its usual step, from its
    corners in order; None for a row of no length."""
    way = pts[-1] - pts[0]
    length = float(np.linalg.norm(way))
    if len(pts) < 2 or length <= 0:
        return None
    return way / length, float(np.median(np.linalg.norm(np.diff(pts, axis=0), axis=1)))


def _under(point: np.ndarray, pts: np.ndarray, settings: ReaderSettings) -> bool:
    """Whether ``point`` lies above or below the straight row whose corners are ``pts`` (in
    order): along the row, within its span or ``row_slack`` of the row's step beyond an end."""
    row = _row_way(pts)
    if row is None:
        return False
    way, step = row
    return bool(np.min(np.abs((point - pts) @ way)) <= settings.row_slack * step)


def read_table(reading: Reading, kind: str = "table", settings: ReaderSettings = ReaderSettings(),
               profile: str = "fibur") -> Reading:
    """``reading`` (its corners and cards as the card reader made them) with its cards, melds,
    hand and flags filled out for a photo of a team's melds (``table``), of the cards left in
    hand (``hand``) or of both."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if kind == "hand":
        if reading.second_look is not None:         # a hand spread in rows or a fan: cards along its lines
            reading = look_again(reading, find_melds(reading.corners, settings, reading.same_way_up).melds, settings)
        hand = list(range(len(reading.cards)))
        facts = TableFacts(reading.corners, reading.cards, [], hand, reading.width, reading.height, profile, settings,
                           kind=kind, unread=reading.unread, same_way_up=reading.same_way_up)
        flags = (small_indices(facts) + too_many_copies(facts) + low_confidence(facts) + hand_doubts(facts)
                 + one_card_or_two(facts) + hand_merged_corners(facts) + unread_corners(facts) + jokers_apart(facts))
        return replace(reading, melds=[], hand=hand, flags=[f.to_dict() for f in flags])
    grouping, first = find_melds_both_looks(reading.corners, settings, reading.same_way_up, threes=True)
    looked = look_again(reading, grouping.melds, settings)
    if looked is not reading:                       # weak finds kept where the melds expect cards
        reading = looked
        grouping, first = find_melds_both_looks(reading.corners, settings, reading.same_way_up, threes=True)
    read = _grouped(reading, grouping, kind, settings, profile)
    # the first look's lines, where they differ, when the photo doubts what they make less, and they
    # make no more melds (a discard pile's cards read as a meld doubt less than as cards in none)
    if first is not None and ([m.cards for m in first.melds] != [m.cards for m in grouping.melds]
                              or first.cards != grouping.cards):
        other = _grouped(reading, first, kind, settings, profile)
        if _grouping_doubts(other.flags) < _grouping_doubts(read.flags) and len(other.melds) <= len(read.melds):
            read = other
    return read


CARD_DOUBTS = ("invalid_meld", "stray_card", "hand_off_lines")
GROUPING_DOUBTS = ("missing_card", "too_many_copies")


def _grouping_doubts(flags: list[dict]) -> int:
    """How much a reading's flags doubt its grouping: each card of an invalid meld, in no meld or off
    the hand's lines, each meld missing a card, and each card read more often than two decks hold it
    (once)."""
    return sum(len(f["cards"]) if f["kind"] in CARD_DOUBTS else int(f["kind"] in GROUPING_DOUBTS) for f in flags)


def _grouped(reading: Reading, grouping: Grouping, kind: str, settings: ReaderSettings, profile: str) -> Reading:
    """``reading`` with ``grouping``'s cards and melds, its hand and its flags."""
    if kind == "both":
        split = split_hand(replace(reading, cards=grouping.cards), grouping.melds, settings, grouping.rows)
    else:
        split = HandSplit.melds_only(_side_by_side(reading, grouping.melds, [c.card for c in grouping.cards], settings))
    melds, hand = split.melds, split.hand
    facts = TableFacts(reading.corners, grouping.cards, melds, hand, reading.width, reading.height, profile,
                       settings, grouping.rows, kind, split.aside, split.off_fan, split.across, reading.unread,
                       reading.same_way_up, split.crossing, split.along)
    flags = table_flags(facts)
    return replace(reading, cards=grouping.cards, melds=[list(m.cards) for m in melds], hand=hand,
                   flags=[f.to_dict() for f in flags])


def summary(result: dict) -> list[str]:
    """A reading (as ``Reading.to_dict`` gives it) for people: the melds as ``burraco score``
    takes them, the hand, and every flag, doubts first."""
    names = [c["card"] for c in result["cards"]]
    lines = ["melds: " + json.dumps([[names[i] for i in m] for m in result["melds"]])]
    if result.get("hand"):
        lines.append("hand: " + json.dumps([names[i] for i in result["hand"]]))
    for flag in result["flags"]:
        lines.append(f"{'CHECK' if flag.get('level') == CHECK else 'note'}: {flag['message']}")
    return lines


def doubts(reading: Reading) -> list[dict]:
    """The flags that cast doubt on the score."""
    return [f for f in reading.flags if f.get("level", CHECK) == CHECK]

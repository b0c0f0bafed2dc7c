"""Corners -> cards on constructed photos: one card per physical card, whatever the deck."""
import math

import numpy as np
import pytest

from vision.classes import READER_CLASSES
from vision.reader.cards import merge_corners, pair_support, sure_pairs, whole_cards
from vision.reader.index_ways import IndexWays
from vision.reader.settings import ReaderSettings
from vision.reader.corners import Corners
from constructed import corners_of, turned_ones

CARD_W, CARD_H = 250.0, 350.0
INDEX_W, INDEX_H = 30.0, 60.0          # rank over pip, in the card's own frame
MARGIN = 8.0


def _index_centres(four: bool, jumbo: float = 1.0) -> list[tuple[float, float]]:
    """Index centres in the card's frame (origin at its centre); ``jumbo`` times the usual index."""
    dx, dy = CARD_W / 2 - MARGIN - jumbo * INDEX_W / 2, CARD_H / 2 - MARGIN - jumbo * INDEX_H / 2
    pts = [(-dx, -dy), (dx, dy)]
    return pts + [(dx, -dy), (-dx, dy)] if four else pts


def card_corners(name: str, x: float, y: float, angle_deg: float = 0.0, four: bool = False,
                 scale: float = 1.0, only: tuple[int, ...] | None = None, jumbo: float = 1.0):
    """Axis-aligned boxes of the corner indices of a card centred at (x, y), turned by angle."""
    a = math.radians(angle_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    half = np.array([[-INDEX_W, -INDEX_H], [INDEX_W, -INDEX_H], [INDEX_W, INDEX_H], [-INDEX_W, INDEX_H]]) / 2 * jumbo
    out = []
    for k, (cx, cy) in enumerate(_index_centres(four, jumbo)):
        if only is not None and k not in only:
            continue
        pts = (np.array([cx, cy]) + half) @ rot.T * scale + [x, y]
        out.append((name, [*pts.min(0), *pts.max(0)]))
    return out


def _read(corners: Corners) -> list[tuple[str, int]]:
    return sorted((c.card, len(c.corners)) for c in merge_corners(corners))


def test_one_card_two_corners():
    assert _read(corners_of(card_corners("7H", 400, 400))) == [("7H", 2)]


def test_four_index_deck_is_one_card():
    assert _read(corners_of(card_corners("QS", 400, 400, four=True))) == [("QS", 4)]


@pytest.mark.parametrize("angle", [90, 33, 180, -60])
def test_a_turned_card_is_one_card(angle):
    assert _read(corners_of(card_corners("10D", 500, 500, angle))) == [("10D", 2)]


def test_a_whole_four_index_card_is_four_corners_in_a_cards_proportions_printed_turned_across():
    # one four-index card: its top corners upright, its bottom ones turned round; two copies, the
    # second turned round and lying above the first, show their band corners an index apart: a
    # flat rectangle whose diagonals are printed turned round too
    card = card_corners("QS", 400, 400, four=True)
    copies = card_corners("QS", 400, 1000, four=True, only=(0, 2)) + \
        card_corners("QS", 400, 1000 - CARD_H + 2 * MARGIN, 180.0, four=True, only=(0, 2))
    corners = corners_of(card + copies)
    up = [1, 0, 1, 0, 1, 1, 0, 0]                   # as _index_centres lists them; the second copy turned
    turned = lambda i, j: up[i] != up[j]             # noqa: E731
    pairs = pair_support(corners)
    assert whole_cards(corners, pairs, ReaderSettings(), lambda i, j: up[i] == up[j], turned) == [(0, 1, 2, 3)]
    # the copies alone: printed as one card is (diagonals turned round), but flat
    alone = corners_of(copies)
    assert whole_cards(alone, pair_support(alone), ReaderSettings(), lambda i, j: up[4 + i] == up[4 + j],
                       lambda i, j: up[4 + i] != up[4 + j]) == []
    # told nothing of how they are printed, the card's four corners are not sure either
    assert whole_cards(corners, pairs, ReaderSettings(), None, lambda i, j: False) == []


def test_two_decks_copies_far_apart_stay_two_cards():
    cards = _read(corners_of(card_corners("7H", 300, 300), card_corners("7H", 1100, 350)))
    assert cards == [("7H", 2), ("7H", 2)]


def test_two_copies_side_by_side_in_a_row_stay_two_cards():
    # a group laid as an overlapping row: each card shows its top-left index, the last one all
    row = [card_corners("7H", 300, 400, only=(0,)), card_corners("7C", 380, 400, only=(0,)),
           card_corners("7H", 460, 400)]
    assert _read(corners_of(*row)) == [("7C", 1), ("7H", 1), ("7H", 2)]


def test_two_cards_of_one_rank_side_by_side():
    cards = _read(corners_of(card_corners("9S", 300, 400), card_corners("9H", 560, 400)))
    assert cards == [("9H", 2), ("9S", 2)]


def test_a_column_of_copies_stays_apart():
    # the same card from two decks in one column: another index lies between their corners
    column = [card_corners("5D", 400, 300, only=(0,)), card_corners("6D", 400, 370, only=(0,)),
              card_corners("5D", 400, 440)]
    assert _read(corners_of(*column)) == [("5D", 1), ("5D", 2), ("6D", 1)]


def test_jumbo_indices_of_a_four_index_deck_pair_across_the_band():
    # a column of jumbo-index cards, each showing its band: two indices 1.45 index sizes apart,
    # closer than a card's corners usually lie, but every card of the photo pairs the same way
    column = [card_corners(name, 400, 300 + 150 * k, four=True, jumbo=2.0, only=(0, 2))
              for k, name in enumerate(["3C", "4C", "5C", "6C"])]
    assert _read(corners_of(*column)) == [("3C", 2), ("4C", 2), ("5C", 2), ("6C", 2)]


def test_a_lone_pair_as_close_stays_two_cards():
    # two copies side by side, one index of each showing, as close as the jumbo band above
    copies = [card_corners("8D", 400, 300, jumbo=2.0, only=(0,)), card_corners("8D", 574, 300, jumbo=2.0, only=(0,))]
    assert _read(corners_of(*copies)) == [("8D", 1), ("8D", 1)]


def test_sure_pairs_are_the_pairs_stepping_as_the_photos_cards_do():
    column = [card_corners(name, 400, 300 + 150 * k, four=True, jumbo=2.0, only=(0, 2))
              for k, name in enumerate(["3C", "4C", "5C", "6C"])]
    copies = [card_corners("8D", 900, 300, jumbo=2.0, only=(0,)), card_corners("8D", 1074, 420, jumbo=2.0, only=(0,))]
    corners = corners_of(*column, *copies)
    assert sure_pairs(corners) == {(0, 1), (2, 3), (4, 5), (6, 7)}


def test_scale_comes_from_the_photo_not_the_deck():
    small = corners_of(card_corners("KH", 100, 100, scale=0.2), card_corners("KH", 300, 100, scale=0.2))
    assert _read(small) == [("KH", 2), ("KH", 2)]
    big = corners_of(card_corners("KH", 1000, 1000, scale=3.0))
    assert _read(big) == [("KH", 2)]


def test_every_corner_belongs_to_exactly_one_card():
    rng = np.random.default_rng(4)
    cards = [card_corners(READER_CLASSES[int(rng.integers(53))], *rng.uniform(0, 3000, 2), rng.uniform(0, 360),
                          four=bool(rng.integers(2))) for _ in range(40)]
    corners = corners_of(*cards)
    used = sorted(k for c in merge_corners(corners) for k in c.corners)
    assert used == list(range(len(corners)))


def _printed(turned: bool) -> tuple[np.ndarray, Corners]:
    """A photo with one index "7" over a heart-ish pip at the top left and the same index a
    card's diagonal away: printed turned round (a card's far corner) or the same way up (a
    second deck's copy lying the same way)."""
    import cv2
    image = np.full((400, 400, 3), 235, np.uint8)
    glyph = np.full((60, 30, 3), 235, np.uint8)
    cv2.putText(glyph, "7", (3, 30), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 200), 3)
    cv2.circle(glyph, (15, 45), 7, (0, 0, 200), -1)
    cv2.rectangle(glyph, (8, 48), (22, 56), (0, 0, 200), -1)
    image[40:100, 40:70] = glyph
    image[240:300, 200:230] = glyph[::-1, ::-1] if turned else glyph
    return image, corners_of([("7H", (40, 40, 70, 100)), ("7H", (200, 240, 230, 300))])


@pytest.mark.parametrize("turned, cards", [(True, 1), (False, 2)])
def test_a_lone_pair_printed_the_same_way_up_is_two_copies(turned, cards):
    from vision.reader.index_turn import same_way_up
    image, corners = _printed(turned)
    assert len(merge_corners(corners)) == 1                       # geometry alone: one card
    assert len(merge_corners(corners, same_way_up=same_way_up(image, corners, 0.1, 0.1))) == cards


@pytest.mark.parametrize("turned", [True, False])
def test_crops_tell_indices_printed_turned_round_from_the_same_way_up(turned):
    from vision.reader.index_turn import same_way_up
    from vision.reader.index_ways import turned_round
    image, corners = _printed(turned)
    ways = same_way_up(image, corners, 0.1, 0.1)
    assert ways(0, 1) is not turned
    assert turned_round(ways)(0, 1) is turned
    assert turned_round(lambda i, j: True) is None              # a plain check tells only "the same way up"
    if turned:                  # an index boxed smaller than turned_px (here 60 px long) tells no turn
        assert not turned_round(same_way_up(image, corners, 0.1, 0.1, turned_px=61.0))(0, 1)


def test_a_card_whose_far_index_is_half_covered_is_still_one_card():
    # a box shows the visible part of an index: the far one, half covered, is 60% as tall
    near, far = card_corners("6S", 400, 400)
    x1, y1, x2, y2 = far[1]
    corners = corners_of([near, ("6S", [x1, y1 + 0.4 * (y2 - y1), x2, y2])])
    assert _read(corners) == [("6S", 2)]


def _slanted(corners: list, shear: float, grow: dict[int, float] | None = None) -> list:
    """The corners of a card as a photo taken at a slant shows them: sheared (x += shear * y
    about the card's centre, so the diagonals differ in length), each box ``grow`` times larger."""
    boxes = np.array([b for _, b in corners], float)
    centre = boxes.reshape(-1, 2).mean(0)
    out = []
    for k, (name, (x1, y1, x2, y2)) in enumerate(corners):
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        cx += shear * (cy - centre[1])
        f = (grow or {}).get(k, 1.0)
        w, h = (x2 - x1) / 2 * f, (y2 - y1) / 2 * f
        out.append((name, [cx - w, cy - h, cx + w, cy + h]))
    return out


def test_a_four_index_card_seen_at_a_slant_is_one_card():
    # its four indices make a parallelogram whose diagonals differ by a quarter, not a rectangle
    card = _slanted(card_corners("QS", 400, 400, four=True), 0.3)
    assert _read(corners_of(card)) == [("QS", 4)]


def test_four_indices_at_a_slant_unlike_in_size_are_not_one_card():
    # two of them far larger: two copies' corners (one nearer the camera), not one card's
    card = _slanted(card_corners("QS", 400, 400, four=True), 0.3, grow={1: 1.6, 2: 1.6})
    assert ("QS", 4) not in _read(corners_of(card))


@pytest.mark.parametrize("others, one", [(4, True), (0, False)])
def test_covered_indices_pair_only_when_the_photos_cards_step_alike(others, one):
    # a hand whose far indices are each half covered shows them far smaller than the near ones:
    # each card's two corners still, as its pairs step alike; a lone such pair is two cards
    def covered(name: str, x: float) -> list:
        near, far = card_corners(name, x, 400)
        x1, y1, x2, y2 = far[1]
        return [near, (name, [x1, y1 + 0.5 * (y2 - y1), x2, y2])]

    cards = [covered(name, 300 + 300 * k) for k, name in enumerate(["6S", "2C", "9D", "KH", "5S"][:others + 1])]
    sixes = [c for c in _read(corners_of(*cards)) if c[0] == "6S"]
    assert sixes == ([("6S", 2)] if one else [("6S", 1), ("6S", 1)])


def test_three_corners_of_a_four_index_card_are_one_card():
    assert _read(corners_of(card_corners("8D", 400, 400, four=True, only=(0, 1, 2)))) == [("8D", 3)]


@pytest.mark.parametrize("where", ["off square", "too long a side"])
def test_a_cards_two_corners_and_a_copys_corner_are_two_cards(where):
    # the second deck's 9C shows one corner where the first's two make with it an angle 15
    # degrees off square, or a right angle whose sides are 2.6 to 1 (no card is so long)
    own = card_corners("9C", 400, 400)                       # corners at (-dx, -dy) and (dx, dy)
    (_, a), (_, b) = own
    ca, cb = np.array([(a[0] + a[2]) / 2, (a[1] + a[3]) / 2]), np.array([(b[0] + b[2]) / 2, (b[1] + b[3]) / 2])
    if where == "off square":
        turn = math.radians(90 - 15)
        u = (ca - cb) / np.linalg.norm(ca - cb)
        v = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]]) @ u
        at = cb + v * 0.8 * np.linalg.norm(ca - cb)
    else:
        u = (ca - cb) / np.linalg.norm(ca - cb)
        at = cb + np.array([-u[1], u[0]]) * np.linalg.norm(ca - cb) / 2.6
    copy = [("9C", [at[0] - INDEX_W / 2, at[1] - INDEX_H / 2, at[0] + INDEX_W / 2, at[1] + INDEX_H / 2])]
    assert _read(corners_of(own, copy)) == [("9C", 1), ("9C", 2)]


def test_a_whole_card_at_a_slant_keeps_its_four_corners_beside_a_copys_corner():
    # built pair by pair, the second deck's copy's corner would join the card's first corners
    # and leave it two halves; a card showing four corners is found whole first
    card = _slanted(card_corners("QS", 400, 400, four=True), 0.3)
    copy = [("QS", [60 - INDEX_W / 2, 210 - INDEX_H / 2, 60 + INDEX_W / 2, 210 + INDEX_H / 2])]
    assert _read(corners_of(card, copy)) == [("QS", 1), ("QS", 4)]


def test_two_copies_turned_round_side_by_side_are_no_four_index_card():
    # two 7D of two decks side by side, the second turned half round: their four corners make a
    # card's rectangle, but the corners printed the same way up lie across its diagonals, where
    # one four-index card prints them turned round against each other
    box = lambda x, y: [x - 15, y - 30, x + 15, y + 30]  # noqa: E731
    corners = corners_of([("7D", box(300, 300)), ("7D", box(300, 420)), ("7D", box(170, 300)), ("7D", box(170, 420))])
    upright = [True, False, False, True]
    assert [len(c.corners) for c in merge_corners(corners)] == [4]          # geometry alone: one card
    cards = merge_corners(corners, same_way_up=lambda i, j: upright[i] == upright[j])
    assert sorted(c.corners for c in cards) == [(0, 1), (2, 3)]


def test_a_four_index_card_stays_whole_when_its_top_corners_are_printed_alike():
    corners = corners_of(card_corners("QS", 400, 400, four=True))
    upright = [True, False, True, False]               # the two top corners, then the two bottom ones
    cards = merge_corners(corners, same_way_up=lambda i, j: upright[i] == upright[j])
    assert [len(c.corners) for c in cards] == [4]


def test_a_cards_two_corners_and_a_copys_printed_alike_along_the_longer_side_are_two_cards():
    # a hand held as a fan (unseen 000094): the second deck's 5D lies where a four-index card's
    # third corner would, square to the first's two corners, but a card's height away from its
    # top corner and printed the same way up; a four-index card prints the corners a height
    # apart turned round against each other (its top two, a width apart, alike)
    own = card_corners("5D", 400, 400)                       # top-left, bottom-right
    (_, top), _ = own
    x, y = (top[0] + top[2]) / 2, (top[1] + top[3]) / 2
    height = CARD_H - 2 * MARGIN - INDEX_H
    copy = [("5D", [x - INDEX_W / 2, y + height - INDEX_H / 2, x + INDEX_W / 2, y + height + INDEX_H / 2])]
    corners = corners_of(own, copy)                          # the copy below the top corner
    upright = [True, False, True]
    alike = lambda i, j: upright[i] == upright[j]  # noqa: E731
    assert [len(c.corners) for c in merge_corners(corners)] == [3]                # geometry alone: one card
    assert sorted(len(c.corners) for c in merge_corners(corners, same_way_up=alike)) == [1, 2]
    # a four-index card's top-left, bottom-right and top-right corners: one card, where the photo
    # shows four-index cards (``test_..._where_the_photo_shows_no_four_index_card`` below)
    four = corners_of(card_corners("5D", 400, 400, four=True, only=(0, 1, 2)), _four_index_fan())
    ways = turned_ones({1} | {3 + 2 * k + 1 for k in range(4)})
    assert [len(c.corners) for c in merge_corners(four, same_way_up=ways) if c.card == "5D"] == [3]


def _four_index_fan(n: int = 4) -> list:
    """A hand of ``n`` cards of a four-index deck held as a fan, far to the right: each card shows
    the two corners down its left edge, the top one upright, the bottom one turned round."""
    return [c for k, name in enumerate(("7S", "8S", "9S", "10S")[:n])
            for c in card_corners(name, 1000 + 60 * k, 400, four=True, only=(0, 3))]


def test_a_cards_two_corners_and_a_copys_printed_alike_are_two_cards_where_the_photo_shows_no_four_index_card():
    # a hand of a two-index deck (heldout4 000094): a 2H shows its top-left and bottom-right
    # corners, the second deck's 2H one corner where a four-index card's top-right would lie,
    # printed as that would be; three corners printed so are one card only of a four-index deck,
    # and nothing else in the photo shows one: two cards
    three = card_corners("2H", 400, 400, four=True, only=(0, 1, 2))     # top-left, bottom-right, top-right
    alike = turned_ones({1})
    assert sorted(len(c.corners) for c in merge_corners(corners_of(three), same_way_up=alike)) == [1, 2]
    assert [len(c.corners) for c in merge_corners(corners_of(three))] == [3]    # the turn not told: one card
    # a fan of four-index cards beside it, each showing two corners printed turned round down its
    # edge, as several cards do alike: the deck has four indices, and the three are one card
    fan = _four_index_fan()
    ways = turned_ones({1} | {3 + 2 * k + 1 for k in range(4)})
    cards = merge_corners(corners_of(three, fan), same_way_up=ways)
    assert [len(c.corners) for c in cards if c.card == "2H"] == [3]
    assert sorted(len(c.corners) for c in cards if c.card != "2H") == [2, 2, 2, 2]
    # two cards of such a fan tell it too (valart3 000076): each one's pair steps as two others do
    # (the other card's, and the 2H's right-hand corners, a card's height apart)
    ways = turned_ones({1} | {3 + 2 * k + 1 for k in range(2)})
    cards = merge_corners(corners_of(three, _four_index_fan(2)), same_way_up=ways)
    assert [len(c.corners) for c in cards if c.card == "2H"] == [3]
    assert sorted(len(c.corners) for c in cards if c.card != "2H") == [2, 2]
    # one does not: a pair stepping as one other does may be two copies by chance
    cards = merge_corners(corners_of(three, _four_index_fan(1)), same_way_up=turned_ones({1, 4}))
    assert sorted(len(c.corners) for c in cards if c.card == "2H") == [1, 2]
    # so too where a card shows its whole face
    whole = card_corners("KD", 400, 1200, four=True)
    cards = merge_corners(corners_of(three, whole), same_way_up=turned_ones({1, 4, 6}))
    assert sorted(len(c.corners) for c in cards) == [3, 4]


def test_two_copies_next_to_each_other_in_a_row_stay_two_cards_though_pairs_step_as_they_do():
    # as a photo gave them (unseen 000151): a hand spread in a row, one corner showing per card,
    # two 4H of two decks next to each other; four-index cards elsewhere show their two top
    # corners as far apart as the row's step, so the 4H pair steps as three others do. The row
    # runs on beyond it, a card one step on at both ends, printed alike: two cards
    box = lambda x, y: [x - 15, y - 15, x + 15, y + 15]  # noqa: E731
    row = [("6D", box(100, 400)), ("4H", box(150, 400)), ("4H", box(200, 400)), ("QC", box(250, 400))]
    tops = [(name, box(x, y)) for name, x, y in (("5C", 600, 100), ("9S", 900, 700), ("JK", 300, 1000))
            for name, x in ((name, x), (name, x + 50))]
    corners = corners_of(row, tops)
    alike = turned_ones(set())
    cards = merge_corners(corners, same_way_up=alike)
    assert sorted(len(c.corners) for c in cards if c.card == "4H") == [1, 1]
    assert sorted(len(c.corners) for c in cards if c.card in ("5C", "9S", "JK")) == [2, 2, 2]
    assert [len(c.corners) for c in merge_corners(corners, ReaderSettings(row_on=0.0), alike)
            if c.card == "4H"] == [2]
    # the row's last card gone, the step runs on at one end only (a four-index card's top corners
    # and the next card of a meld laid in a row): one card, as the photo's pairs step
    cards = merge_corners(corners_of(row[:3], tops), same_way_up=alike)
    assert [len(c.corners) for c in cards if c.card == "4H"] == [2]


def test_a_close_pair_known_to_step_as_the_photos_cards_do_is_one_card():
    # a jumbo band's two corners, 1.3 index sizes apart, alone among the corners given: two cards,
    # unless the whole photo's pairs (``supported``) show that its cards' corners step so
    corners = corners_of([("5S", (100, 100, 130, 160)), ("5S", (170, 100, 200, 160))])
    assert _read(corners) == [("5S", 1), ("5S", 1)]
    assert sorted((c.card, len(c.corners)) for c in merge_corners(corners, supported=frozenset({(0, 1)}))) == [("5S", 2)]


def test_a_small_card_with_jumbo_indices_shows_its_two_corners_little_more_than_an_index_apart():
    # as a photo gave them (valart2 000250, a hand): an AH of a deck whose indices nearly fill a
    # small card, its two corners printed turned round 1.17 index sizes apart: one card
    corners = corners_of([("AH", (203, 227, 219, 237)), ("AH", (201, 245, 216, 255))])
    turned = IndexWays(lambda i, j: False, lambda i, j: True)
    assert len(merge_corners(corners, same_way_up=turned)) == 1
    assert len(merge_corners(corners, ReaderSettings(turned_card_min=1.4), turned)) == 2
    assert len(merge_corners(corners)) == 2                  # the turn not told: two cards


@pytest.mark.parametrize("ways, cards", [("turned", 1), ("unknown", 2), ("alike", 2)])
def test_a_card_with_wide_indices_whose_corners_lie_close_is_one_card_when_printed_turned_round(ways, cards):
    # as a photo gave them (train4 000358): the top card of a hand's fan, of a deck printing rank
    # and suit side by side, shows its two corners 1.5 index sizes apart, closer than a lone pair
    # is taken for one card; printed turned round against each other, as a card's two corners
    # are, they are one card, while two copies side by side lie alike
    corners = corners_of([("4D", (195, 356, 233, 368)), ("4D", (149, 389, 186, 399))])
    told = {"turned": IndexWays(lambda i, j: False, lambda i, j: True),
            "unknown": None,
            "alike": IndexWays(lambda i, j: True, lambda i, j: False)}[ways]
    assert len(merge_corners(corners, same_way_up=told)) == cards
    assert len(merge_corners(corners, ReaderSettings(turned_card_min=1.6), told)) == 2


def test_two_copies_side_by_side_each_showing_one_edge_are_two_cards_where_whole_cards_are_wider():
    # as a photo gave them (train4 718): a hand of a four-index deck, two 5S side by side, each
    # showing its two corners down its left edge: their four corners make a parallelogram printed
    # as one card's are (top corners upright, bottom ones turned round), as long as the whole 9C
    # and 9S beside them but far narrower: two cards
    found = [("6S", (224, 789, 238, 810)), ("6S", (213, 895, 227, 914)), ("2C", (275, 806, 288, 826)),
             ("2C", (272, 911, 285, 929)), ("KD", (334, 810, 355, 830)), ("KD", (320, 915, 339, 933)),
             ("9C", (400, 813, 416, 834)), ("9C", (469, 926, 485, 945)), ("9C", (492, 824, 508, 844)),
             ("9C", (382, 917, 397, 935)), ("5S", (205, 942, 218, 960)), ("5S", (202, 1036, 213, 1052)),
             ("5S", (268, 941, 282, 959)), ("5S", (253, 1034, 268, 1051)), ("9S", (325, 960, 341, 978)),
             ("9S", (382, 1063, 397, 1080)), ("9S", (410, 974, 427, 992)), ("9S", (300, 1050, 315, 1067))]
    cards = merge_corners(corners_of(found), ReaderSettings(), turned_ones({1, 3, 5, 7, 9, 11, 13, 15, 17}))
    assert sorted(c.corners for c in cards if c.card == "5S") == [(10, 11), (12, 13)]
    assert sorted(len(c.corners) for c in cards if c.card in ("9C", "9S")) == [4, 4]


def test_four_index_cards_one_over_the_other_each_showing_one_ends_two_corners_are_one_card_each():
    # as a photo gave them (valart 000155, a hand): a 2D over a 3C of a four-index deck, each
    # showing the two corners of its lower end, printed the same way up a card's width apart;
    # a lone pair printed alike is two cards (two decks), but these two pairs step alike and lie
    # one beside the other as a ladder's rungs do
    corners = corners_of(card_corners("2D", 400, 400, four=True, only=(1, 3)),
                         card_corners("3C", 400, 500, four=True, only=(1, 3)))
    alike = IndexWays(lambda i, j: True, lambda i, j: False)
    assert sorted((c.card, len(c.corners)) for c in merge_corners(corners, same_way_up=alike)) == [("2D", 2), ("3C", 2)]
    assert len(merge_corners(corners, ReaderSettings(rung_square=0.0), alike)) == 4
    # one such pair alone stays two cards
    assert len(merge_corners(corners_of(card_corners("2D", 400, 400, four=True, only=(1, 3))), same_way_up=alike)) == 2


def test_copies_in_a_spread_hands_next_row_stay_two_cards_though_two_pairs_step_alike():
    # as a photo gave them (heldout3 000353): a hand spread in two rows, a 10H and a 7S of each
    # deck, each copy in the other row; the two pairs step alike, but aslant to the row
    box = lambda x, y: [x - 15, y - 16, x + 15, y + 16]  # noqa: E731
    corners = corners_of([("10H", box(593, 414)), ("10H", box(488, 346)), ("7S", box(542, 430)), ("7S", box(435, 377))])
    alike = IndexWays(lambda i, j: True, lambda i, j: False)
    assert len(merge_corners(corners, same_way_up=alike)) == 4
    assert len(merge_corners(corners, ReaderSettings(rung_square=0.8), alike)) == 2

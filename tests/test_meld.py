from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from engine import RANKS, SUITS, InvalidCardError, MeldCard, get_profile, read_meld
from engine.card import Card, full_deck


def kind(cards, profile=None):
    r = read_meld(cards.split(), profile)
    return r.valid, r.kind, (r.wild.stands_for if r.wild else None), r.burraco


@pytest.mark.parametrize("cards, expected", [
    ("3H 4H 5H", (True, "sequence", None, None)),
    ("5H 4H 3H", (True, "sequence", None, None)),                 # laid the other way
    ("QS KS AS", (True, "sequence", None, None)),                 # ace high
    ("AS 2S 3S", (True, "sequence", None, None)),                 # 2 in its own place is natural
    ("7C 7D 7S", (True, "group", None, None)),
    ("KS KD KC JK", (True, "group", "K", None)),
    ("3H JK 5H", (True, "sequence", "4H", None)),
    ("3H 2C 5H", (True, "sequence", "4H", None)),                  # pinella of another suit as wild
    ("3H 4H 5H 6H 7H 8H 9H", (True, "sequence", None, "pulito")),
    ("3H 4H JK 6H 7H 8H 9H", (True, "sequence", "5H", "sporco")),
    ("3H 4H 5H 6H 7H 8H 9H JK", (True, "sequence", "10H", "semipulito")),
    ("JK 3H 4H 5H 6H 7H 8H 9H", (True, "sequence", "2H", "semipulito")),
    ("AS 2S 3S 4S 5S 6S 7S", (True, "sequence", None, "pulito")),  # natural 2 keeps it clean
    ("AS 2S 3S 4S 5S 6S JK", (True, "sequence", "7S", "sporco")),  # 6 naturals + wild at the end
    ("AS 2S 3S 4S 5S 6S 7S 2D", (True, "sequence", "8S", "semipulito")),
    ("9D 9D 9C 9S 9H 9C 9S", (True, "group", None, "pulito")),
    ("9D 9D 9C 9S 9H 9C 2S", (True, "group", "9", "sporco")),
    ("9D 9D 9C 9S 9H 9C 9S JK", (True, "group", "9", "semipulito")),
    ("2H 3H 2H", (True, "sequence", "4H", None)),                  # one 2 natural, the other wild
])
def test_readings_fibur(cards, expected):
    assert kind(cards) == expected


def test_semipulito_is_sporco_without_the_rule():
    assert kind("3H 4H 5H 6H 7H 8H 9H JK", "classico")[3] == "sporco"


@pytest.mark.parametrize("cards, reason", [
    ("3H 4H", "at least 3 cards"),
    ("3H JK 2C 6H", "two wild cards"),
    ("5H JK 5S 2D", "two wild cards"),
    ("5H 6S 7H", "mixed suits"),
    ("5H 8H 9H", "gap between 5H and 8H"),
    ("5H 7H 9H", "gap"),
    ("2S 2H 2D", "groups of 2s are not allowed"),
    ("5H 5H 6H", "5H appears twice"),
    ("KH AH 2H 3H", "round the corner"),
    ("JK 2C 2D", "two wild cards"),
])
def test_invalid_melds_say_why(cards, reason):
    r = read_meld(cards.split())
    assert not r.valid and r.kind is None and r.bonus == 0
    assert reason in r.reason


ACE_TO_ACE = [r + "H" for r in RANKS] + ["AH"]


@pytest.mark.parametrize("cards, profile, reason", [
    (ACE_TO_ACE, "fibur", "AH at both ends: under the fibur rules the ace goes below the 2 or above the K, not both"),
    (ACE_TO_ACE[::-1], "classico", "AH at both ends: under the classico rules"),
    ("3H 4H JK=9H 6H".split(), "fibur", "JK=9H stands for 9H, which does not fill the gap between 4H and 6H (5H)"),
    ("3H 4H 5H JK=9H".split(), "fibur", "JK=9H stands for 9H, which does not fit next to 3H…5H: it could stand for 2H or 6H"),
    ("5H 2H JK".split(), "fibur", "gap between 2H and 5H: filling it needs 2 wild cards (3H, 4H), and a meld may hold only one"),
    ("2D 3D 4D JK 7D 8D".split(), "fibur", "gap between 4D and 7D: filling it needs 2 wild cards (5D, 6D)"),
    ("5H 2S JK".split(), "fibur", "two wild cards (2S, JK): only one card may act as wild"),
    ("5H JK 2D".split(), "fibur", "two wild cards (JK, 2D): only one card may act as wild"),
    (["JK"] * 100, "fibur", "no natural card, only wild cards (JK ×100): a meld needs natural cards"),
    ("JK JK JK".split(), "fibur", "no natural card, only wild cards (JK, JK, JK)"),
    ("AH 2H 4H".split(), "fibur", "gap between 2H and 4H (3H) with no wild card to fill it"),
    ("5H 7H 9H".split(), "fibur", "gaps between 5H and 7H, 7H and 9H: filling them needs 2 wild cards (6H, 8H), "
                                  "and a meld may hold only one"),
    ("5H 8H JK".split(), "fibur", "gap between 5H and 8H: filling it needs 2 wild cards (6H, 7H), and a meld may hold only one"),
])
def test_invalid_melds_name_the_rule_broken(cards, profile, reason):
    r = read_meld(cards, profile)
    assert not r.valid
    assert reason in r.reason, r.reason
    assert "group" not in r.reason or "groups" in reason


def test_invalid_meld_still_counts_its_cards():
    r = read_meld("5H 6S 7H".split())
    assert r.points == 15


def test_groups_of_twos_follow_the_profile():
    custom = get_profile({"groups_of_twos": True})
    r = read_meld(["2S", "2H", "2D", "JK"], custom)
    assert r.valid and r.kind == "group" and r.wild.card.is_joker
    assert not read_meld(["2S", "2H", "2D"], "fibur").valid


def test_ace_at_both_ends_only_where_allowed():
    full = [r + "H" for r in RANKS] + ["AH"]
    assert read_meld(full, "vipgames").valid
    assert not read_meld(full, "fibur").valid
    assert read_meld(full[:13], "fibur").valid


# ---- rulings (README, "Rulings") ---------------------------------------------------
def test_ruling_a_14_card_ace_to_ace_sequence_only_under_vipgames():
    for name in ("fibur", "socialburraco", "classico", "giochidelre"):
        assert not read_meld(ACE_TO_ACE, name).valid, name
    r = read_meld(ACE_TO_ACE, "vipgames")
    assert r.valid and r.kind == "sequence" and r.burraco == "pulito" and len(r.cards) == 14


@pytest.mark.parametrize("profile", ["classico", "vipgames", "fibur"])
def test_ruling_a_group_of_seven_is_a_burraco_everywhere(profile):
    r = read_meld("KH KD KC KS KH KD KC".split(), profile)
    assert r.valid and r.kind == "group" and r.burraco == "pulito" and r.bonus == 200


def test_ruling_fibur_semipulito_needs_the_wild_at_one_end():
    inner = read_meld("3H JK 5H 6H 7H 8H 9H 10H JH".split(), "fibur")   # 5H..JH: 7 clean cards in a row
    assert inner.valid and inner.wild.stands_for == "4H" and inner.burraco == "sporco" and inner.bonus == 100
    end = read_meld("JK 4H 5H 6H 7H 8H 9H 10H JH".split(), "fibur")
    assert end.burraco == "semipulito" and end.bonus == 150


def test_fixed_role_decides_the_reading():
    r = read_meld(["3H", "4H", "2H=5H"])
    assert r.valid and r.wild.stands_for == "5H"
    r = read_meld(["JK=10S", "JS", "QS"])
    assert r.wild.stands_for == "10S" and r.wild.index == 0
    assert not read_meld(["JK=9S", "JS", "QS"]).valid


def test_fixed_role_needs_a_wild_card():
    with pytest.raises(InvalidCardError, match="'5H=6H'"):
        MeldCard.parse("5H=6H")
    assert str(MeldCard.parse("2c=5h")) == "2C=5H"


def test_order_decides_between_readings():
    # 2S first: wild as 4S going down; at the end: natural 2 going down
    r = read_meld(["2S", "3S", "2S"])
    assert r.valid and r.wild is not None
    assert r.wild.stands_for == "4S"


def test_out_of_order_cards_are_read_sorted_with_a_note():
    r = read_meld(["5H", "3H", "4H"])
    assert r.valid and r.kind == "sequence" and "not laid in sequence order" in r.note


def test_the_note_on_a_resorted_meld_gives_the_order_assumed_and_the_wilds_role():
    r = read_meld("9H 3H 4H 5H 6H 7H 8H JK".split())
    assert r.note == "cards not laid in sequence order; read as 3H 4H 5H 6H 7H 8H 9H JK=10H, a semipulito burraco"
    assert read_meld("5H 3H JK".split()).note == "cards not laid in sequence order; read as 3H JK=4H 5H"


def test_most_favourable_reading_when_order_allows_several():
    # the joker can sit at either end once the naturals are out of order: semipulito is better
    r = read_meld(["9H", "3H", "4H", "5H", "6H", "7H", "8H", "JK"])
    assert r.valid and r.burraco == "semipulito"


def test_points_and_bonus_per_profile():
    fibur = read_meld("JK 3H 4H 5H 6H 7H 8H 9H".split(), "fibur")
    gdr = read_meld("JK 3H 4H 5H 6H 7H 8H 9H".split(), "giochidelre")
    assert (fibur.points, fibur.bonus) == (75, 150)
    assert (gdr.points, gdr.bonus) == (95, 100)


# ---- properties ----------------------------------------------------------------
ALL_CARDS = [str(c) for c in full_deck()]
cards_st = st.lists(st.sampled_from(ALL_CARDS + ["2C=5H", "JK=KS"]), max_size=16)


@settings(max_examples=400, deadline=None)
@given(cards_st, st.sampled_from(["fibur", "vipgames", "giochidelre"]))
def test_no_crash_on_any_list_of_cards(cards, profile):
    r = read_meld(cards, profile)
    assert r.valid == (r.reason is None)
    assert isinstance(r.points, int) and r.points >= 0
    assert r.burraco is None or (r.valid and len(cards) >= 7)


@st.composite
def groups(draw):
    rank = draw(st.sampled_from([r for r in RANKS if r != "2"]))
    n = draw(st.integers(2, 8))
    naturals = [rank + draw(st.sampled_from(SUITS)) for _ in range(n)]
    wild = draw(st.sampled_from([[], ["JK"], ["2D"]]))
    cards = naturals + wild
    return cards, draw(st.permutations(cards))


@settings(max_examples=200, deadline=None)
@given(groups())
def test_reading_a_group_does_not_depend_on_its_order(pair):
    cards, shuffled = pair
    a, b = read_meld(cards), read_meld(shuffled)
    assert (a.valid, a.kind, a.burraco, a.points, a.bonus) == (b.valid, b.kind, b.burraco, b.points, b.bonus)
    if len(cards) >= 3:
        assert a.valid and a.kind == "group"


@st.composite
def sequences(draw):
    suit = draw(st.sampled_from(SUITS))
    n = draw(st.integers(3, 13))
    start = draw(st.integers(1, 14 - n + 1))
    cards = [Card("A" if p in (1, 14) else RANKS[p - 1], suit) for p in range(start, start + n)]
    out = [str(c) for c in cards]
    if draw(st.booleans()):
        i = draw(st.integers(0, n - 1))
        if out[i] != f"2{suit}":
            out[i] = draw(st.sampled_from(["JK", "2C" if suit != "C" else "2H"]))
    return out


@settings(max_examples=300, deadline=None)
@given(sequences(), st.sampled_from(["fibur", "classico"]))
def test_a_valid_sequence_stays_valid_reversed(cards, profile):
    forward = read_meld(cards, profile)
    backward = read_meld(cards[::-1], profile)
    assert forward.valid and forward.kind == "sequence", forward.reason
    assert backward.valid and backward.kind == "sequence"
    assert (forward.burraco, forward.bonus, forward.points) == (backward.burraco, backward.bonus, backward.points)

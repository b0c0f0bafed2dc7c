import copy

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine import BurracoError, Hand, score_hand, score_json
from engine.card import full_deck

EXAMPLE = {"profile": "fibur", "teams": [
    {"name": "Noi", "melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["KS", "KD", "KC", "JK"]],
     "hand": ["5C", "2D"], "pozzetto": True, "closed": True},
    {"name": "Voi", "melds": [["QS", "KS", "AS"]], "hand": [], "pozzetto": False, "closed": False}]}


def scored(data, profile=None):
    data = copy.deepcopy(data)
    if profile:
        data["profile"] = profile
    return score_json(data)


def test_issue_example_worked_by_hand():
    out = scored(EXAMPLE)
    noi, voi = out["teams"]
    # 3..7 (25) + 8, 9 (20) + three kings (30) + joker (30) = 105; hand 5 + 20 = -25
    assert (noi["meld_points"], noi["hand_points"], noi["burraco_bonus"], noi["closing_bonus"],
            noi["pozzetto_penalty"], noi["total"]) == (105, -25, 200, 100, 0, 380)
    assert noi["melds"][0]["burraco"] == "pulito" and noi["melds"][1]["wild"] == {"index": 3, "card": "JK", "as": "K"}
    assert (voi["meld_points"], voi["pozzetto_penalty"], voi["total"]) == (35, -100, -65)
    assert noi["errors"] == [] and voi["errors"] == [] and out["errors"] == []


SEMI = {"teams": [{"name": "A", "melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H", "JK"]],
                   "hand": [], "pozzetto": True, "closed": True},
                  {"name": "B", "melds": [["5D", "6D", "7D", "2S"]], "hand": ["JK", "2C"],
                   "pozzetto": False, "closed": False}]}


def totals(out):
    return [t["total"] for t in out["teams"]]


def test_semipulito_and_card_values_per_profile():
    # A: 75 points (joker 30) + burraco + 100 closing; B: 5+5+5+20 = 35, hand -(30+20), -100 pozzetto
    assert totals(scored(SEMI, "fibur")) == [75 + 150 + 100, 35 - 50 - 100]
    assert totals(scored(SEMI, "socialburraco")) == [75 + 100 + 100, 35 - 50 - 100]
    assert totals(scored(SEMI, "vipgames")) == [75 + 100 + 100, 35 - 50 - 100]
    assert totals(scored(SEMI, "classico")) == [75 + 100 + 100, 35 - 50 - 100]
    # Giochi del Re: joker 50, pinella 10
    assert totals(scored(SEMI, "giochidelre")) == [95 + 100 + 100, 25 - 60 - 100]
    assert scored(SEMI, "fibur")["teams"][0]["melds"][0]["burraco"] == "semipulito"
    assert scored(SEMI, "classico")["teams"][0]["melds"][0]["burraco"] == "sporco"


LATE = {"teams": [{"name": "A", "melds": [["AS", "2S", "3S", "4S", "5S", "6S", "7S"]], "hand": [],
                   "pozzetto": True, "closed": True},
                  {"name": "B", "melds": [["8C", "9C", "10C"]], "hand": ["4D"], "pozzetto": "late", "closed": False}]}


def test_late_pozzetto_costs_100_only_in_classico():
    for name in ("fibur", "socialburraco", "vipgames", "giochidelre"):
        assert scored(LATE, name)["teams"][1]["pozzetto_penalty"] == 0, name
    assert scored(LATE, "classico")["teams"][1]["pozzetto_penalty"] == -100
    assert totals(scored(LATE, "classico")) == [15 + 20 + 25 + 200 + 100, 30 - 5 - 100]


TWOS = {"teams": [{"name": "A", "melds": [["2S", "2H", "2D"], ["4C", "5C", "6C"]], "hand": [],
                   "pozzetto": True, "closed": False}]}


def test_group_of_twos_is_invalid_in_all_five_but_allowed_by_a_custom_profile():
    for name in ("fibur", "socialburraco", "vipgames", "classico", "giochidelre"):
        team = scored(TWOS, name)["teams"][0]
        assert team["melds"][0]["valid"] is False
        assert any("groups of 2s" in e for e in team["errors"])
    assert scored(TWOS, "fibur")["teams"][0]["meld_points"] == 60 + 15    # still counted at face value
    custom = scored(TWOS, {"base": "fibur", "groups_of_twos": True})["teams"][0]
    assert custom["melds"][0]["valid"] and custom["errors"] == []


def test_closing_without_pozzetto_is_an_error_except_giochidelre():
    data = copy.deepcopy(LATE)
    data["teams"][0]["pozzetto"] = False
    assert any("without having taken its pozzetto" in e for e in scored(data, "fibur")["teams"][0]["errors"])
    gdr = scored(data, "giochidelre")["teams"][0]
    assert gdr["errors"] == [] and any("pozzetto" in w for w in gdr["warnings"])
    assert gdr["pozzetto_penalty"] == -100 and gdr["closing_bonus"] == 100


def test_checks_across_the_hand():
    data = {"teams": [
        {"name": "A", "melds": [["7C", "7D", "7S"], ["7H", "7H", "JK"], ["3D", "4D", "5D"]],
         "hand": ["7C", "7C"], "pozzetto": True, "closed": True},
        {"name": "B", "melds": [["JK", "4S", "5S"]], "hand": ["JK", "JK", "JK"], "pozzetto": True, "closed": True}]}
    out = scored(data)
    a, b = out["teams"]
    assert any("2 separate groups of 7s" in e for e in a["errors"])
    assert any("without a burraco" in e for e in a["errors"])
    assert any("more than one team is marked as closing" in e for e in out["errors"])
    assert any("3 7C cards" in e for e in a["errors"]) and not any("7C" in e for e in b["errors"])
    assert any("5 jokers" in e for e in b["errors"]) and any("5 jokers" in e for e in a["errors"])


def test_invalid_meld_counts_at_face_value_and_is_reported():
    data = {"teams": [{"name": "A", "melds": [["5H", "8H", "9H"]], "hand": [], "pozzetto": True, "closed": False}]}
    team = scored(data)["teams"][0]
    assert team["melds"][0]["valid"] is False and "gap" in team["melds"][0]["reason"]
    assert team["meld_points"] == 25 and team["total"] == 25 and team["errors"]


ALL = [str(c) for c in full_deck()]


@st.composite
def hands(draw):
    teams = []
    for i in range(draw(st.integers(1, 3))):
        melds = draw(st.lists(st.lists(st.sampled_from(ALL), max_size=9), max_size=5))
        teams.append({"name": f"T{i}", "melds": melds, "hand": draw(st.lists(st.sampled_from(ALL), max_size=12)),
                      "pozzetto": draw(st.sampled_from([True, False, "late"])), "closed": draw(st.booleans())})
    return {"profile": draw(st.sampled_from(["fibur", "classico", "giochidelre"])), "teams": teams}


@settings(max_examples=200, deadline=None)
@given(hands())
def test_total_equals_the_sum_of_its_parts(data):
    result = score_hand(Hand.from_dict(data))
    out = result.to_dict()
    for team, ts in zip(out["teams"], result.teams):
        assert isinstance(team["total"], int)
        assert team["total"] == (team["meld_points"] + team["hand_points"] + team["burraco_bonus"]
                                 + team["closing_bonus"] + team["pozzetto_penalty"])
        assert team["meld_points"] == sum(m["points"] for m in team["melds"])
        assert team["burraco_bonus"] == sum(m["bonus"] for m in team["melds"] if m["valid"])


def test_a_lone_player_who_closed_holds_no_cards():
    data = copy.deepcopy(LATE)
    data["teams"][0].update(players=["Ann"], hand=["5C", "KD"])
    ann = scored(data)["teams"][0]
    assert any("'Ann' closed" in e and "5C KD" in e for e in ann["errors"])
    data["teams"][0]["players"] = ["Ann", "Bea"]          # the cards may be the partner's
    assert scored(data)["teams"][0]["errors"] == []


def test_the_warning_on_a_resorted_meld_names_the_meld_and_the_order_assumed():
    data = {"teams": [{"name": "A", "melds": [["3H", "4H", "5H"], ["9H", "3H", "4H", "5H", "6H", "7H", "8H", "JK"]],
                       "hand": [], "pozzetto": True, "closed": False}]}
    team = scored(data)["teams"][0]
    assert team["warnings"] == ["meld 2 (9H 3H 4H 5H 6H 7H 8H JK): cards not laid in sequence order; "
                                "read as 3H 4H 5H 6H 7H 8H 9H JK=10H, a semipulito burraco"]
    assert team["burraco_bonus"] == 150 and team["errors"] == []


def test_ruling_a_hand_ending_without_a_closing_keeps_the_burraco_bonuses_under_vipgames():
    data = copy.deepcopy(LATE)
    data["teams"][0]["closed"] = False                # stock down to 2 cards: nobody closed
    a, b = scored(data, "vipgames")["teams"]
    assert (a["burraco_bonus"], a["closing_bonus"], a["total"]) == (200, 0, 60 + 200)
    assert b["closing_bonus"] == 0 and a["errors"] == b["errors"] == []


json_values = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats() | st.text(max_size=8)
                           | st.sampled_from(["JK", "5H", "late", "fibur", "target", "hands", "base", "name"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=8)
PLACES = [("profile",), ("teams",), ("teams", 0), ("teams", 0, "name"), ("teams", 0, "melds"), ("teams", 0, "melds", 0),
          ("teams", 0, "melds", 0, 1), ("teams", 0, "hand"), ("teams", 0, "pozzetto"), ("teams", 0, "closed"),
          ("teams", 0, "players"), ("teams", 1, "name"), ("profile", "joker_value"), ("profile", "name"),
          ("profile", "base"), ("profile", "end"), ("profile", "end", "value"), ("profile", "player_counts"),
          ("profile", "end_kinds"), ("profile", "max_hands"), ("profile", "burraco_semipulito")]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PLACES), json_values)
@example(("teams", 0), {"\n": None})                         # an unknown field's name is quoted
def test_any_json_in_any_place_gives_a_score_or_a_burraco_error(place, value):
    data = copy.deepcopy(EXAMPLE)
    data["profile"] = {"base": "fibur", "end": {"kind": "target", "value": 1005}}
    target = data
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = value
    try:
        out = score_json(data)
    except BurracoError as err:
        assert str(err) and "\n" not in str(err)
    else:
        assert all(isinstance(t["total"], int) for t in out["teams"])

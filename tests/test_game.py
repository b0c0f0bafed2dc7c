import json

import pytest

from engine import Game, GameError, Hand, UnknownProfileError, get_profile


def hand(a_total_cards, b_hand=(), closed=True, names=("A", "B")):
    """A hand where team A lays ``a_total_cards`` and closes; B lays 8-9-10 and keeps ``b_hand``."""
    return {"teams": [
        {"name": names[0], "melds": [a_total_cards], "hand": [], "pozzetto": True, "closed": closed},
        {"name": names[1], "melds": [["8C", "9C", "10C"]], "hand": list(b_hand), "pozzetto": True, "closed": False}]}


BURRACO = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]   # 45 + 200


def test_four_players_partners_face_each_other():
    g = Game.new(["Anna", "Bruno", "Carla", "Dino"])
    assert g.sides == [["Anna", "Carla"], ["Bruno", "Dino"]]
    assert g.side_names() == ["Anna & Carla", "Bruno & Dino"]


def test_running_totals_target_and_winner():
    g = Game.new(["Anna", "Bruno"], "fibur", {"kind": "target", "value": 1005})
    for _ in range(3):
        g.add_hand(hand(BURRACO, names=("Anna", "Bruno")))
    assert g.totals == [3 * 345, 3 * 30] and g.is_over and g.winner == 0
    with pytest.raises(GameError, match="over"):
        g.add_hand(hand(BURRACO, names=("Anna", "Bruno")))


def test_target_reached_with_a_tie_goes_on():
    g = Game.new(["A", "B"], "fibur", {"kind": "target", "value": 100})
    g.add_hand({"teams": [{"name": "A", "melds": [["KH", "KD", "KC"] * 1, ["QH", "QD", "QC"]], "pozzetto": True},
                          {"name": "B", "melds": [["KS", "KS", "KC"], ["JH", "JD", "JC"]], "pozzetto": True}]})
    assert g.totals == [60, 60]
    g.add_hand({"teams": [{"name": "A", "melds": [["8H", "9H", "10H"], ["8D", "9D", "10D"]], "pozzetto": True},
                          {"name": "B", "melds": [["8S", "9S", "10S"], ["8C", "9C", "10C"]], "pozzetto": True}]})
    assert g.totals == [120, 120] and not g.is_over and g.winner is None


def test_number_of_hands_and_single_hand_with_tie():
    g = Game.new(["A", "B"], "socialburraco", {"kind": "hands", "value": 2})
    g.add_hand(hand(BURRACO))
    assert not g.is_over
    g.add_hand(hand(BURRACO))
    assert g.is_over and g.winner == 0
    single = Game.new(["A", "B"], "giochidelre")
    same = {"teams": [{"name": "A", "melds": [["8H", "9H", "10H"]], "pozzetto": True},
                      {"name": "B", "melds": [["8S", "9S", "10S"]], "pozzetto": True}]}
    single.add_hand(same)
    assert single.is_over and single.is_tie and single.winner is None


def test_undo_and_json_round_trip():
    g = Game.new(["Anna", "Bruno", "Carla", "Dino"], {"base": "fibur", "joker_value": 40})
    sides = ("Anna & Carla", "Bruno & Dino")
    g.add_hand(hand(BURRACO, ["JK"], names=sides))
    g.add_hand(hand(BURRACO, names=sides))
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.totals == g.totals == [690, 20]
    assert again.profile.joker_value == 40
    record = again.undo()
    assert record.points == (345, 30) and again.totals == [345, -10]
    again.undo()
    with pytest.raises(GameError, match="no hand to undo"):
        again.undo()


def test_hand_with_errors_is_refused_unless_forced():
    g = Game.new(["A", "B"])
    bad = hand(["3H", "4H", "5H"])          # closes without a burraco
    with pytest.raises(GameError, match="without a burraco"):
        g.add_hand(bad)
    assert g.hands == []
    g.add_hand(bad, force=True)
    assert len(g.hands) == 1


def test_three_players_sides_per_hand():
    g = Game.new(["Anna", "Bruno", "Carla"], "fibur", {"kind": "hands", "value": 2})
    h = hand(BURRACO)
    h["teams"][0]["players"] = ["Anna"]
    h["teams"][1]["players"] = ["Bruno", "Carla"]
    g.add_hand(h)
    assert g.player_totals() == {"Anna": 345, "Bruno": 30, "Carla": 30}
    h["teams"][0]["players"] = ["Carla"]
    h["teams"][1]["players"] = ["Bruno", "Anna"]
    g.add_hand(h)
    assert g.player_totals() == {"Anna": 375, "Bruno": 60, "Carla": 375}
    del h["teams"][0]["players"]
    with pytest.raises(GameError, match="must list its players"):
        Game.new(["A", "B", "C"]).add_hand(h)


@pytest.mark.parametrize("players, message", [
    (["A"], "2, 3 or 4 players"), (["A", "B", "C", "D", "E"], "2, 3 or 4"), (["A", "a"], "same name"),
    (["A", ""], "non-empty")])
def test_bad_players(players, message):
    with pytest.raises(GameError, match=message):
        Game(players, [[p] for p in players])


def four_player_hand(first, second):
    """A hand where the team listed first lays a pulito burraco and closes (345 points), the other 30."""
    return {"teams": [
        {"name": first, "melds": [BURRACO], "hand": [], "pozzetto": True, "closed": True},
        {"name": second, "melds": [["8C", "9C", "10C"]], "hand": [], "pozzetto": True, "closed": False}]}


def test_teams_are_matched_to_sides_by_name_not_by_position():
    g = Game.new(["P1", "P2", "P3", "P4"])
    g.add_hand(four_player_hand("P2 & P4", "P1 & P3"))
    assert g.totals == [30, 345]                      # sides: P1 & P3, P2 & P4
    g.add_hand(four_player_hand("p3 & p1", "P4 & P2"))    # partners in any order, any case
    assert g.totals == [375, 375]
    g.add_hand(four_player_hand("P4 E P2", "P1+P3"))
    assert g.totals == [405, 720]
    assert g.hands[0].hand["teams"][0]["players"] == ["P2", "P4"]


def test_teams_are_matched_by_their_players():
    g = Game.new(["P1", "P2", "P3", "P4"])
    h = four_player_hand("Noi", "Voi")
    h["teams"][0]["players"], h["teams"][1]["players"] = ["P4", "P2"], ["P1", "P3"]
    g.add_hand(h)
    assert g.totals == [30, 345]
    assert g.hands[0].points == (30, 345)


@pytest.mark.parametrize("first, second, players, message", [
    ("Noi", "Voi", None, "'Noi' is not a side of this game"),
    ("P1 & P2", "P3 & P4", None, "'P1 & P2' is not a side of this game"),
    ("P1 & P3", "P3 & P1", None, "two teams of the hand are the side 'P1 & P3'"),
    ("Noi", "P2 & P4", ["P1", "P2"], r"'Noi' lists players \['P1', 'P2'\], which are not a side"),
    ("P2 & P4", "Voi", ["P3", "P1"], "named 'P2 & P4' but lists the players of 'P1 & P3'"),
])
def test_hand_whose_teams_are_not_the_games_sides_is_refused(first, second, players, message):
    g = Game.new(["P1", "P2", "P3", "P4"])
    h = four_player_hand(first, second)
    if players:
        h["teams"][0]["players"] = players
    with pytest.raises(GameError, match=message):
        g.add_hand(h)
    with pytest.raises(GameError, match=message):
        g.preview(h)
    assert g.hands == []


def test_hand_naming_another_profile_is_refused():
    g = Game.new(["A", "B"], "fibur")
    h = hand(BURRACO)
    h["profile"] = "classico"
    with pytest.raises(GameError, match="'classico'.*this game is played under 'fibur'"):
        g.add_hand(h)
    h["profile"] = {"base": "fibur", "joker_value": 50}
    with pytest.raises(GameError, match="'fibur\\+custom'.*'fibur'"):
        g.add_hand(h)
    with pytest.raises(GameError, match="'giochidelre'"):
        g.add_hand(Hand.from_dict(dict(hand(BURRACO), profile="giochidelre")))
    assert g.hands == []
    h["profile"] = "FIBUR"                       # the game's own profile, named in the hand: fine
    g.add_hand(h)
    h["profile"] = {"base": "fibur"}             # the same rules under another name: fine
    g.add_hand(h)
    assert len(g.hands) == 2


def test_hand_naming_an_unknown_profile_is_refused():
    g = Game.new(["A", "B"])
    with pytest.raises(UnknownProfileError, match="'burrako'"):
        g.add_hand(dict(hand(BURRACO), profile="burrako"))
    assert g.hands == []


def test_in_a_two_player_game_the_closer_holds_no_cards():
    g = Game.new(["A", "B"])
    h = hand(BURRACO)
    h["teams"][0]["hand"] = ["5C"]
    with pytest.raises(GameError, match="'A' closed.*5C"):
        g.add_hand(h)
    pair = hand(BURRACO, names=("A & C", "B & D"))
    pair["teams"][0]["hand"] = ["5C"]                   # the closer's partner may hold cards
    assert Game.new(["A", "B", "C", "D"]).preview(pair).ok


@pytest.mark.parametrize("players, profile, end, message", [
    (["A", "B"], "socialburraco", {"kind": "hands", "value": 7}, "socialburraco plays 1 to 6 hands, not 7"),
    (["A", "B"], "socialburraco", {"kind": "target", "value": 2005}, "socialburraco games end after 1 to 6 hands"),
    (["A", "B", "C"], "giochidelre", None, "giochidelre is played by 2 or 4 players, not 3"),
    (["A", "B"], "giochidelre", {"kind": "target", "value": 1005}, "giochidelre games end after one hand"),
])
def test_a_game_that_its_profile_text_rules_out_is_refused(players, profile, end, message):
    with pytest.raises(GameError, match=message):
        Game.new(players, profile, end)


def test_the_limits_are_the_published_texts_not_a_custom_variants():
    g = Game.new(["A", "B"], {"base": "socialburraco", "joker_value": 40}, {"kind": "hands", "value": 7})
    assert g.end.value == 7
    assert Game.from_dict(json.loads(json.dumps(g.to_dict()))).end.value == 7
    with pytest.raises(GameError, match="plays 1 to 5 hands, not 7"):     # unless it sets its own
        Game.new(["A", "B"], {"base": "socialburraco", "max_hands": 5}, {"kind": "hands", "value": 7})
    saved = Game.new(["A", "B"], "socialburraco").to_dict()
    saved["end"] = {"kind": "hands", "value": 7}
    with pytest.raises(GameError, match="socialburraco plays 1 to 6 hands"):
        Game.from_dict(saved)


def test_a_game_saved_before_profiles_had_limits_still_loads():
    saved = Game.new(["A", "B"], "socialburraco").to_dict()
    for key in ("player_counts", "end_kinds", "max_hands"):
        del saved["profile"][key]
    again = Game.from_dict(json.loads(json.dumps(saved)))
    assert again.profile == get_profile("socialburraco")


@pytest.mark.parametrize("change, message", [
    (lambda d: d["hands"][0].update(points=["JK", 30]), r"points must be 2 whole numbers, one per side, got \['JK', 30\]"),
    (lambda d: d["hands"][0].update(points=[1.5, 30]), "points must be 2 whole numbers"),
    (lambda d: d["hands"][0].update(points=[345]), "points must be 2 whole numbers"),
    (lambda d: d["hands"][0].update(hand=5), "a saved hand must be an object"),
    (lambda d: d.update(hands={"0": 1}), "'hands' must be a list"),
])
def test_a_damaged_saved_game_is_refused_with_a_game_error(change, message):
    g = Game.new(["A", "B"])
    g.add_hand(hand(BURRACO))
    data = json.loads(json.dumps(g.to_dict()))
    change(data)
    with pytest.raises(GameError, match=message):
        Game.from_dict(data)


def test_a_score_sheet_hand_records_each_sides_total_and_survives_a_round_trip():
    g = Game.new(["Anna", "Bruno"], "fibur", {"kind": "target", "value": 1005})
    g.add_totals([640, -120])
    assert g.totals == [640, -120] and not g.is_over
    again = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.totals == [640, -120] and again.hands[0].hand == {"sheet": True, "points": [640, -120]}
    g.add_totals([400, 0])
    assert g.is_over and g.winner == 0
    with pytest.raises(GameError, match="over"):
        g.add_totals([1, 2])


@pytest.mark.parametrize("points", [[100], [1, 2, 3], ["100", 5], [1.5, 2], None])
def test_a_score_sheet_hand_needs_one_whole_number_per_side(points):
    g = Game.new(["Anna", "Bruno"])
    with pytest.raises(GameError, match="2 whole numbers"):
        g.add_totals(points)
    assert g.hands == []

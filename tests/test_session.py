import json

import pytest

from engine import Game, GameError, Session


def quick(a, b, names=("A", "B")):
    """One hand where the first side lays ``a`` and the second ``b`` (both took their pozzetto)."""
    return {"teams": [{"name": names[0], "melds": [a], "pozzetto": True},
                      {"name": names[1], "melds": [b], "pozzetto": True}]}


def test_player_totals_across_games_when_partners_change():
    s = Session("venerdì")
    g1 = s.add_game(Game.new(["Anna", "Bruno", "Carla", "Dino"], "giochidelre"))
    g1.add_hand(quick(["KH", "KD", "KC"], ["8S", "9S", "10S"],            # kings 30 vs 8-9-10 30: a tie
                      ("Anna & Carla", "Bruno & Dino")))
    g2 = s.add_game(Game.new(["Anna", "Bruno", "Carla", "Dino"], "giochidelre",
                             teams=[["Anna", "Bruno"], ["Carla", "Dino"]]))
    g2.add_hand(quick(["AH", "AD", "AC"], ["3S", "4S", "5S"], ("Anna & Bruno", "Carla & Dino")))   # 45 vs 15
    assert g1.is_tie and g2.winner == 0
    assert s.player_totals() == {"Anna": 75, "Bruno": 75, "Carla": 45, "Dino": 45}
    assert s.games_won() == {"Anna": 1, "Bruno": 1, "Carla": 0, "Dino": 0}
    again = Session.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.player_totals() == s.player_totals() and again.name == "venerdì"


def test_a_new_game_waits_for_the_current_one():
    s = Session()
    g = s.add_game(Game.new(["A", "B"], "fibur"))
    g.add_hand(quick(["KH", "KD", "KC"], ["8S", "9S", "10S"]))
    with pytest.raises(GameError, match="not over"):
        s.add_game(Game.new(["A", "B"]))
    assert s.current is g


@pytest.mark.parametrize("games", [5, None, {"a": 1}])
def test_a_damaged_saved_session_is_refused_with_a_game_error(games):
    with pytest.raises(GameError, match="'games' must be a list"):
        Session.from_dict({"name": "x", "games": games})


def test_team_totals_across_games_name_each_pair_in_seating_order():
    s = Session()
    g1 = s.add_game(Game.new(["Anna", "Bruno", "Carla", "Dino"], "giochidelre"))
    g1.add_hand(quick(["AH", "AD", "AC"], ["3S", "4S", "5S"], ("Anna & Carla", "Bruno & Dino")))   # 45 vs 15
    g2 = s.add_game(Game.new(["Anna", "Bruno", "Carla", "Dino"], "giochidelre",
                             teams=[["Carla", "Anna"], ["Bruno", "Dino"]]))
    g2.add_hand(quick(["KH", "KD", "KC"], ["8S", "9S", "10S"], ("Anna & Carla", "Bruno & Dino")))  # 30 vs 30
    assert s.team_totals() == {"Anna & Carla": 75, "Bruno & Dino": 45}
    assert s.to_dict()["team_totals"] == {"Anna & Carla": 75, "Bruno & Dino": 45}

import pytest

from engine import Hand, HandFormatError, InvalidCardError, TeamHand, UnknownProfileError


def team(**kw):
    base = {"name": "Noi", "melds": [["3H", "4H", "5H"]], "hand": ["5C"], "pozzetto": True, "closed": False}
    base.update(kw)
    return base


def test_parse_and_round_trip():
    hand = Hand.from_dict({"profile": "classico", "teams": [team(), team(name="Voi", pozzetto="late")]})
    assert hand.profile.name == "classico"
    assert hand.teams[1].pozzetto == "late"
    again = Hand.from_dict(hand.to_dict())
    assert again == hand


def test_custom_profile_in_the_hand():
    hand = Hand.from_dict({"profile": {"base": "fibur", "joker_value": 40}, "teams": [team()]})
    assert hand.profile.joker_value == 40
    assert Hand.from_dict(hand.to_dict()).profile.joker_value == 40


@pytest.mark.parametrize("data, message", [
    ([], "JSON object"),
    ({"teams": []}, "non-empty list"),
    ({"teams": [team(melds="3H 4H 5H")]}, "'melds' must be a list"),
    ({"teams": [team(hand="5C")]}, "hand must be a list"),
    ({"teams": [team(pozzetto="yes")]}, "'pozzetto' must be"),
    ({"teams": [team(pozzetto=1)]}, "'pozzetto' must be"),
    ({"teams": [team(closed="no")]}, "'closed' must be"),
    ({"teams": [team(score=5)]}, "unknown field"),
    ({"teams": [team(name="")]}, "'name'"),
])
def test_malformed_hands(data, message):
    with pytest.raises(HandFormatError, match=message):
        Hand.from_dict(data)


def test_two_teams_with_the_same_name_are_refused():
    with pytest.raises(HandFormatError, match="two teams are named 'Noi'"):
        Hand.from_dict({"teams": [team(), team(name=" noi ")]})
    with pytest.raises(HandFormatError, match="two teams are named 'Noi'"):
        Hand((TeamHand("Noi"), TeamHand("NOI")))
    with pytest.raises(HandFormatError, match="'Ann' plays in two teams"):
        Hand.from_dict({"teams": [team(players=["Ann"]), team(name="Voi", players=["Bea", "ann"])]})


def test_pozzetto_is_required():
    data = team()
    del data["pozzetto"]
    with pytest.raises(HandFormatError, match="team 'Noi': 'pozzetto' is required"):
        Hand.from_dict({"teams": [data]})


def test_bad_card_names_where_it_is():
    with pytest.raises(InvalidCardError, match=r"'11H' in team 'Noi', meld 2"):
        Hand.from_dict({"teams": [team(melds=[["3H", "4H", "5H"], ["11H"]])]})


def test_unknown_profile():
    with pytest.raises(UnknownProfileError):
        Hand.from_dict({"profile": "nope", "teams": [team()]})

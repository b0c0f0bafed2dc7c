import json

import pytest

from engine import PROFILES, Card, EndCondition, Profile, ProfileError, UnknownProfileError, get_profile


def test_five_profiles_and_fibur_is_default():
    assert set(PROFILES) == {"fibur", "socialburraco", "vipgames", "classico", "giochidelre"}
    assert get_profile().name == "fibur"
    assert get_profile("FIBUR").name == "fibur"


@pytest.mark.parametrize("name, joker, pinella, semi", [
    ("fibur", 30, 20, 150), ("socialburraco", 30, 20, None), ("vipgames", 30, 20, None),
    ("classico", 30, 20, None), ("giochidelre", 50, 10, None)])
def test_table_of_the_rules_readme(name, joker, pinella, semi):
    p = get_profile(name)
    assert p.card_value(Card.parse("JK")) == joker
    assert p.card_value(Card.parse("2H")) == pinella
    assert p.card_value(Card.parse("AH")) == 15
    assert [p.card_value(Card.parse(r + "S")) for r in ("8", "9", "10", "J", "Q", "K")] == [10] * 6
    assert [p.card_value(Card.parse(r + "S")) for r in ("3", "4", "5", "6", "7")] == [5] * 5
    assert p.burraco_semipulito == semi
    assert (p.burraco_pulito, p.burraco_sporco, p.closing_bonus, p.pozzetto_penalty) == (200, 100, 100, 100)
    assert p.groups_of_twos is False


def test_semipulito_counts_as_sporco_where_it_does_not_exist():
    assert get_profile("fibur").burraco_bonus("semipulito") == 150
    assert get_profile("classico").burraco_bonus("semipulito") == 100


def test_end_conditions():
    assert get_profile("fibur").end == EndCondition("target", 2005)
    assert get_profile("giochidelre").end.kind == "single"
    assert get_profile("socialburraco").end.kind == "hands"


def test_custom_profile_starts_from_a_named_one():
    p = get_profile({"base": "giochidelre", "groups_of_twos": True, "end": {"kind": "target", "value": 1005}})
    assert p.joker_value == 50 and p.groups_of_twos and p.end == EndCondition("target", 1005)
    assert p.name == "giochidelre+custom"


def test_unknown_profile_and_bad_parameters():
    with pytest.raises(UnknownProfileError, match="'burrakko'"):
        get_profile("burrakko")
    with pytest.raises(ProfileError, match="'jolly_value'"):
        get_profile({"jolly_value": 40})
    with pytest.raises(ProfileError, match="whole number"):
        get_profile({"joker_value": "fifty"})
    with pytest.raises(ProfileError, match="end condition"):
        EndCondition("forever", 1)


@pytest.mark.parametrize("spec, message", [
    ({"joker_value": -5}, "'joker_value' must be a whole number of points, 0 or more, got -5"),
    ({"pozzetto_penalty": -100}, "'pozzetto_penalty' .* write 100"),
    ({"ace_value": 1.5}, "'ace_value' must be a whole number"),
    ({"closing_bonus": True}, "'closing_bonus' must be a whole number"),
    ({"burraco_semipulito": -1}, "'burraco_semipulito' must be a whole number .* or null"),
    ({"burraco_semipulito": "150"}, "'burraco_semipulito'"),
    ({"groups_of_twos": 1}, "'groups_of_twos' must be true or false, got 1"),
    ({"name": 5}, "'name' must be a non-empty string, got 5"),
    ({"name": "  "}, "'name' must be a non-empty string"),
    ({"name": ["fibur"]}, "'name' must be a non-empty string, got \\['fibur'\\]"),
    ({"description": ["x"]}, "'description' must be a string"),
    ({"end": "2005"}, "end condition must be an object"),
    ({"end": {"kind": "target"}}, "end condition needs a 'value'"),
    ({"end": {"kind": "target", "valeu": 1005}}, "unknown end condition field 'valeu'"),
    ({"end": {"kind": "hands", "value": 0}}, "positive integer, got 0"),
    ({"player_counts": [5]}, "'player_counts' must be a non-empty list of 2, 3 or 4, got \\[5\\]"),
    ({"player_counts": []}, "'player_counts'"),
    ({"end_kinds": ["forever"]}, "'end_kinds' must be a non-empty list of target, hands, single"),
    ({"max_hands": 0}, "'max_hands' must be a positive integer or null"),
    ({"base": "socialburraco", "max_hands": 6, "end": {"kind": "hands", "value": 8}}, "its own end"),
    ({"base": {"base": "fibur"}}, "'base' must be the name of a rule profile"),
    ({"base": "fibur", "name": "classico"}, "'classico' is the name of a published profile"),
])
def test_custom_profile_values_are_checked(spec, message):
    with pytest.raises(ProfileError, match=message):
        get_profile(spec)


def test_profiles_are_checked_however_they_are_made():
    with pytest.raises(ProfileError, match="'joker_value'"):
        Profile("mine", joker_value=-5)
    with pytest.raises(ProfileError, match="'name'"):
        get_profile("fibur").replace(name=None)


def test_every_profile_survives_a_round_trip_through_its_data():
    for p in list(PROFILES.values()) + [get_profile({"base": "giochidelre", "joker_value": 40})]:
        assert get_profile(json.loads(json.dumps(p.to_dict()))) == p


@pytest.mark.parametrize("name, counts, end, allowed", [
    ("socialburraco", 4, EndCondition("hands", 6), True),
    ("socialburraco", 4, EndCondition("hands", 7), False),      # «Da 1 a 6 smazzate»
    ("socialburraco", 2, EndCondition("single"), True),
    ("socialburraco", 4, EndCondition("target", 2005), False),
    ("socialburraco", 3, EndCondition("hands", 4), False),      # «da 2 oppure 4 giocatori»
    ("giochidelre", 2, EndCondition("single"), True),
    ("giochidelre", 2, EndCondition("hands", 1), True),
    ("giochidelre", 4, EndCondition("hands", 2), False),        # «una sola mano»
    ("giochidelre", 3, EndCondition("single"), False),          # «in 2 o in 4»
    ("classico", 3, EndCondition("target", 2005), False),       # «2 e 4»
    ("fibur", 3, EndCondition("hands", 4), True),               # the 3-player variant is FIBUR's
    ("vipgames", 4, EndCondition("target", 1000), True),
])
def test_what_a_profile_text_rules_out(name, counts, end, allowed):
    assert (get_profile(name).rules_out(counts, end) is None) == allowed

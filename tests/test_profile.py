import pytest

from engine import PROFILES, Card, EndCondition, ProfileError, UnknownProfileError, get_profile


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
    with pytest.raises(ProfileError, match="integer"):
        get_profile({"joker_value": "fifty"})
    with pytest.raises(ProfileError, match="end condition"):
        EndCondition("forever", 1)

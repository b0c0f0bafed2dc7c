import pytest

from engine import Card, InvalidCardError, full_deck, parse_cards


@pytest.mark.parametrize("text, rank, suit", [
    ("10H", "10", "H"), ("th", "10", "H"), ("T♥".replace("♥", "H"), "10", "H"),
    ("AS", "A", "S"), ("as", "A", "S"), ("kd", "K", "D"), ("2c", "2", "C"), (" QH ", "Q", "H"),
])
def test_parse_rank_and_suit(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert not card.is_joker


@pytest.mark.parametrize("text", ["JK", "jk", "Joker", "JOLLY"])
def test_parse_joker(text):
    card = Card.parse(text)
    assert card.is_joker and card.can_be_wild and str(card) == "JK"


def test_format_round_trips_every_card():
    for card in full_deck():
        assert Card.parse(str(card)) == card
    assert str(Card.parse("th")) == "10H"


@pytest.mark.parametrize("text", ["", "1", "11H", "ZZ", "10X", "KJ", "H10", "AH2"])
def test_bad_card_raises_error_naming_it(text):
    with pytest.raises(InvalidCardError) as err:
        Card.parse(text)
    assert repr(text) in str(err.value)


def test_non_string_is_rejected():
    with pytest.raises(InvalidCardError):
        Card.parse(10)


def test_wild_capabilities_and_order():
    assert Card.parse("2S").is_pinella and Card.parse("2S").can_be_wild
    assert not Card.parse("3S").can_be_wild
    assert Card.parse("AS").order == 1 and Card.parse("KS").order == 13


def test_full_deck_has_52_cards_and_a_joker():
    deck = list(full_deck())
    assert len(deck) == 53 and len(set(deck)) == 53 and deck[-1].is_joker


def test_parse_cards_accepts_a_string_or_a_list():
    assert parse_cards("3H, 4H 5H") == parse_cards(["3H", "4H", "5H"])


def test_ruling_1_is_the_ace():
    assert Card.parse("1H") == Card.parse("AH") and str(Card.parse("1s")) == "AS"

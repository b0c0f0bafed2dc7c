"""Burraco rules engine: cards, melds, rule profiles, hand scoring, games and sessions.

Standard library only; nothing here imports ``vision`` or ``webapp``.
"""
from .card import JOKER, RANKS, SUITS, Card, full_deck, parse_cards
from .errors import (BurracoError, GameError, HandFormatError, InvalidCardError, ProfileError,
                     UnknownProfileError)

__all__ = ["Card", "JOKER", "RANKS", "SUITS", "full_deck", "parse_cards", "BurracoError",
           "InvalidCardError", "UnknownProfileError", "ProfileError", "HandFormatError", "GameError"]

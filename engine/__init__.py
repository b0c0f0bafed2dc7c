"""Burraco rules engine: cards, melds, rule profiles, hand scoring, games and sessions.

Standard library only; nothing here imports ``vision`` or ``webapp``.
"""
from .card import JOKER, RANKS, SUITS, Card, full_deck, parse_cards
from .game import Game, HandRecord
from .hand import Hand, TeamHand
from .meld import MeldCard, MeldReading, Wild, read_meld
from .profile import DEFAULT_PROFILE, PROFILES, EndCondition, Profile, get_profile
from .scoring import HandScore, TeamScore, score_hand, score_json
from .session import Session
from .text import Text
from .errors import (BurracoError, GameError, HandFormatError, InvalidCardError, ProfileError,
                     UnknownProfileError)

__all__ = ["Game", "HandRecord", "Hand", "TeamHand", "MeldCard", "MeldReading", "Wild", "read_meld",
           "DEFAULT_PROFILE", "PROFILES", "EndCondition", "Profile", "get_profile", "HandScore",
           "TeamScore", "score_hand", "score_json", "Session", "Text", "Card", "JOKER", "RANKS", "SUITS",
           "full_deck", "parse_cards", "BurracoError",
           "InvalidCardError", "UnknownProfileError", "ProfileError", "HandFormatError", "GameError"]

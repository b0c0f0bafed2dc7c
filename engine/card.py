"""Card: a rank and a suit, or a joker. Parse with ``Card.parse("10H")``, format with ``str(card)``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from .errors import InvalidCardError, shown

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER_TEXT = "JK"
_RANK_ALIASES = {"T": "10", "1": "A"}


@dataclass(frozen=True, order=True)
class Card:
    """A playing card. ``rank`` is ``None`` and ``suit`` is ``None`` for a joker."""

    rank: Optional[str]
    suit: Optional[str]

    def __post_init__(self) -> None:
        if self.rank is None and self.suit is None:
            return
        if self.rank not in RANKS or self.suit not in SUITS:
            raise InvalidCardError(f"{self.rank}{self.suit}", "unknown rank or suit")

    @classmethod
    def joker(cls) -> "Card":
        return cls(None, None)

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse ``"10H"``, ``"th"``, ``"AS"``, ``"JK"`` (case-insensitive)."""
        if not isinstance(text, str):
            raise InvalidCardError(text, "a card is written as a string such as '10H'")
        s = text.strip().upper()
        if s in (JOKER_TEXT, "JOKER", "JOLLY", "*"):
            return cls.joker()
        if len(s) < 2:
            raise InvalidCardError(text, "too short")
        rank, suit = s[:-1], s[-1]
        rank = _RANK_ALIASES.get(rank, rank)
        if rank not in RANKS:
            raise InvalidCardError(text, f"unknown rank {shown(rank)}")
        if suit not in SUITS:
            raise InvalidCardError(text, f"unknown suit {shown(suit)} (use S, H, D or C)")
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def is_pinella(self) -> bool:
        """A 2 (pinella): it may act as a wild, or sit naturally in its own suit's sequence."""
        return self.rank == "2"

    @property
    def can_be_wild(self) -> bool:
        return self.is_joker or self.is_pinella

    @property
    def order(self) -> int:
        """Position in a sequence with the ace low: A=1, 2=2, ..., K=13; 0 for a joker."""
        return 0 if self.rank is None else RANKS.index(self.rank) + 1

    def __str__(self) -> str:
        return JOKER_TEXT if self.rank is None else f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card.joker()


def full_deck() -> Iterator[Card]:
    """The 52 French-suited cards followed by the joker (one of each)."""
    for suit in SUITS:
        for rank in RANKS:
            yield Card(rank, suit)
    yield JOKER


def parse_cards(texts) -> list[Card]:
    """Parse a list of card strings, or one string separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [Card.parse(t) for t in texts]

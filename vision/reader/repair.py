"""Rule-aware repair, never silent: when a meld is invalid under the rules and another reading
among its corners' top three (or a card missed where a gap shows) would make it valid, that
change is offered as a suggestion, with what it changes and why. The score keeps what was read;
the suggestion is one tap away in the app.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from engine.card import full_deck
from engine.meld import read_meld
from engine.text import Text, either

ALL_CARDS = [str(c) for c in full_deck()]


@dataclass(frozen=True)
class Suggestion:
    meld: int                              # which meld (its place in the reading's melds)
    cards: tuple[str, ...]                 # the meld as it would read
    change: str                            # "replace" or "insert"
    position: int                          # where in the meld
    was: Optional[str]                     # the card read there (None for an insertion)
    becomes: tuple[str, ...]               # the reading(s) that make it valid, most likely first
    probability: float                     # how likely the classifier found the change (0 for an insertion)
    why: Text                              # a str: its English

    def to_dict(self) -> dict:
        return {"meld": self.meld, "cards": list(self.cards), "change": self.change, "position": self.position,
                "was": self.was, "becomes": list(self.becomes), "probability": round(self.probability, 4),
                "why": str(self.why), "why_text": self.why.to_dict()}


def _unread(between: list[str], natural: list[str], fixed: list[str]) -> Text:
    return Text("a card seems to lie unread between {between}: as {cards} the meld reads {meld}",
                between=either(between, "and"), cards=either(natural, "or"), meld=" ".join(fixed))


def _valid(cards: list[str], profile: str) -> bool:
    return read_meld(cards, profile).valid


def suggest(meld_no: int, names: list[str], alternatives: list[list[tuple[str, float]]], missing: list[int],
            profile: str = "fibur") -> Optional[Suggestion]:
    """The most likely single change that makes a meld valid: another reading of one card (from
    ``alternatives``, per card, most likely first), or a card put where one seems missing
    (``missing``: positions before which a card lies unread). None when no single change does."""
    found: list[Suggestion] = []
    if not _valid(names, profile):
        for i, alts in enumerate(alternatives):
            for name, p in alts:
                if name == names[i]:
                    continue
                fixed = names[:i] + [name] + names[i + 1:]
                if _valid(fixed, profile):
                    found.append(Suggestion(
                        meld_no, tuple(fixed), "replace", i, names[i], (name,), p,
                        Text("{was} may be {card} (read {pct}% likely); as {card} the meld is valid: {meld}",
                             was=names[i], card=name, pct=round(100 * p), meld=" ".join(fixed))))
    for i in missing:
        fits = [c for c in ALL_CARDS if _valid(names[:i] + [c] + names[i:], profile)]
        if not fits:
            continue
        natural = [c for c in fits if c != "JK" and not c.startswith("2")] or fits
        fixed = names[:i] + [natural[0]] + names[i:]
        found.append(Suggestion(meld_no, tuple(fixed), "insert", i, None, tuple(natural), 0.0, _unread(
            [names[j] for j in (i - 1, i) if 0 <= j < len(names)], natural[:3], fixed)))
    if not found:
        return None
    return max(found, key=lambda s: (s.change == "replace", s.probability))

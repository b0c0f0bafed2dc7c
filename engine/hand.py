"""One hand (smazzata) as recorded at its end: each team's melds, the cards left in hand,
whether it took its pozzetto and whether it closed. Parsed from and written to plain JSON data."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .card import Card
from .errors import HandFormatError, InvalidCardError, shown
from .meld import MeldCard
from .profile import PROFILES, Profile, get_profile

#: values of "pozzetto": taken, not taken, or taken with the last discard just before the
#: opponents closed ("late": counts as not taken under the classico profile)
POZZETTO_STATES = (True, False, "late")


@dataclass(frozen=True)
class TeamHand:
    name: str
    melds: tuple[tuple[MeldCard, ...], ...] = ()
    hand: tuple[Card, ...] = ()
    pozzetto: Union[bool, str] = False
    closed: bool = False
    players: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        data = {"name": self.name, "melds": [[str(c) for c in m] for m in self.melds],
                "hand": [str(c) for c in self.hand], "pozzetto": self.pozzetto, "closed": self.closed}
        if self.players:
            data["players"] = list(self.players)
        return data


@dataclass(frozen=True)
class Hand:
    teams: tuple[TeamHand, ...]
    profile: Profile = field(default_factory=get_profile)

    def __post_init__(self) -> None:
        """Every later reference to a team or a player must be unambiguous."""
        name = _repeated(t.name for t in self.teams)
        if name is not None:
            raise HandFormatError(f"two teams are named {name!r}: give each team its own name")
        player = _repeated(p for t in self.teams for p in t.players)
        if player is not None:
            raise HandFormatError(f"player {player!r} plays in two teams of the hand")

    def to_dict(self) -> dict:
        named = PROFILES.get(self.profile.name) == self.profile
        return {"profile": self.profile.name if named else self.profile.to_dict(),
                "teams": [t.to_dict() for t in self.teams]}

    @classmethod
    def from_dict(cls, data: Any, profile: Optional[Profile] = None) -> "Hand":
        """Validate and parse; every problem raises a ``BurracoError`` naming the bad input."""
        if not isinstance(data, dict):
            raise HandFormatError(f"a hand must be a JSON object with 'teams', got {type(data).__name__}")
        prof = profile if profile is not None else get_profile(data.get("profile"))
        teams = data.get("teams")
        if not isinstance(teams, list) or not teams:
            raise HandFormatError("a hand needs a non-empty list 'teams'")
        return cls(tuple(_team(t, i) for i, t in enumerate(teams)), prof)


def _repeated(names) -> Optional[str]:
    """The first name that comes a second time, ignoring case, as first written; None if none does."""
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            return seen[name.casefold()]
        seen[name.casefold()] = name
    return None


def _cards(value: Any, where: str, parse) -> tuple:
    if not isinstance(value, list):
        raise HandFormatError(f"{where} must be a list of cards such as [\"5H\", \"JK\"], got {shown(value)}")
    try:
        return tuple(parse(c) for c in value)
    except InvalidCardError as err:
        raise err.located(where) from None


def _team(data: Any, i: int) -> TeamHand:
    where = f"team {i + 1}"
    if not isinstance(data, dict):
        raise HandFormatError(f"{where} must be an object with 'melds', 'hand', 'pozzetto', 'closed'")
    unknown = set(data) - {"name", "melds", "hand", "pozzetto", "closed", "players"}
    if unknown:
        raise HandFormatError(f"{where}: unknown field(s) {', '.join(shown(k) for k in sorted(unknown))}")
    name = data.get("name", f"Team {i + 1}")
    if not isinstance(name, str) or not name.strip():
        raise HandFormatError(f"{where}: 'name' must be a non-empty string, got {shown(name)}")
    where = f"team {name!r}"
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise HandFormatError(f"{where}: 'melds' must be a list of melds, got {shown(melds)}")
    parsed_melds = tuple(_cards(m, f"{where}, meld {j + 1}", MeldCard.parse) for j, m in enumerate(melds))
    hand = _cards(data.get("hand", []), f"{where}, hand", Card.parse)
    if "pozzetto" not in data:
        raise HandFormatError(f"{where}: 'pozzetto' is required: true (taken), false (not taken: "
                              "-100) or \"late\" (taken with the last discard just before the opponents closed)")
    pozzetto = data["pozzetto"]
    if pozzetto not in POZZETTO_STATES or (pozzetto in (0, 1) and type(pozzetto) is not bool):
        raise HandFormatError(f"{where}: 'pozzetto' must be true, false or \"late\", got {shown(pozzetto)}")
    closed = data.get("closed", False)
    if type(closed) is not bool:
        raise HandFormatError(f"{where}: 'closed' must be true or false, got {shown(closed)}")
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise HandFormatError(f"{where}: 'players' must be a list of names, got {shown(players)}")
    return TeamHand(name.strip(), parsed_melds, hand, pozzetto, closed, tuple(p.strip() for p in players))

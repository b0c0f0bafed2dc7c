"""Rule profiles as data: the five published rule sets and custom variants of them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Optional

from .card import Card
from .errors import ProfileError, UnknownProfileError, shown


@dataclass(frozen=True)
class EndCondition:
    """When a game (partita) ends.

    kind ``"target"``: as soon as a side reaches ``value`` points with a clear lead (1005, 2005...);
    kind ``"hands"``: after ``value`` hands (smazzate); kind ``"single"``: after one hand.
    With ``"hands"`` and ``"single"`` a tie is possible.
    """

    kind: str = "target"
    value: int = 2005

    KINDS = ("target", "hands", "single")

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ProfileError(f"unknown end condition {shown(self.kind)} (use one of {', '.join(self.KINDS)})")
        if not isinstance(self.value, int) or isinstance(self.value, bool) or self.value < 1:
            raise ProfileError(f"end condition value must be a positive integer, got {shown(self.value)}")
        if self.kind == "single" and self.value != 1:
            object.__setattr__(self, "value", 1)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "value": self.value}

    @classmethod
    def from_dict(cls, data: Any) -> "EndCondition":
        if isinstance(data, EndCondition):
            return data
        if not isinstance(data, dict):
            raise ProfileError(f"end condition must be an object such as {{'kind': 'target', 'value': 2005}}, got {shown(data)}")
        unknown = sorted(str(k) for k in set(data) - {"kind", "value"})
        if unknown:
            raise ProfileError(f"unknown end condition field {shown(unknown[0])} (use 'kind' and 'value')")
        kind = data.get("kind", "target")
        if "value" not in data and kind != "single":
            raise ProfileError(f"end condition needs a 'value' (the points to reach, or the hands to play), got {shown(data)}")
        return cls(kind=kind, value=data.get("value", 1))

    def describe(self) -> str:
        if self.kind == "target":
            return f"first to {self.value}"
        if self.kind == "hands":
            return f"{self.value} hands"
        return "one hand"


#: the parameters that do not change how a hand scores, only who may play and how a game ends
FORMAT_FIELDS = ("name", "description", "end", "player_counts", "end_kinds", "max_hands")


@dataclass(frozen=True)
class Profile:
    """Every number and switch in which the rule texts differ (see shared/rules/README.md).

    Every parameter is checked on construction, whether it comes from code, JSON or ``replace``.
    """

    name: str
    joker_value: int = 30
    pinella_value: int = 20
    ace_value: int = 15
    high_value: int = 10          # 8, 9, 10, J, Q, K
    low_value: int = 5            # 3 to 7
    burraco_pulito: int = 200
    #: bonus of a semipulito burraco; None when the profile has no semipulito (it counts as sporco)
    burraco_semipulito: Optional[int] = None
    burraco_sporco: int = 100
    closing_bonus: int = 100
    pozzetto_penalty: int = 100
    groups_of_twos: bool = False
    #: the ace may sit at both ends of one sequence, (A)-2-...-K-(A): 14 cards at most instead of 13
    ace_both_ends: bool = False
    #: a pozzetto taken with the last discard, when the opponents close before the taker plays
    #: again, still counts as not taken (classico)
    late_pozzetto_is_penalised: bool = False
    #: a team may close without its pozzetto once no pozzetto is left (Giochi del Re); the
    #: penalty still applies, and the scorer only warns
    may_close_without_pozzetto: bool = False
    end: EndCondition = field(default_factory=EndCondition)
    description: str = ""
    #: the numbers of players its text allows
    player_counts: tuple[int, ...] = (2, 3, 4)
    #: how its text lets a game end (kinds of EndCondition), and at most how many hands a game lasts
    end_kinds: tuple[str, ...] = EndCondition.KINDS
    max_hands: Optional[int] = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            _bad("name", "a non-empty string", self.name)
        if not isinstance(self.description, str):
            _bad("description", "a string", self.description)
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if type(f.default) is bool and type(value) is not bool:
                _bad(f.name, "true or false", value)
            if type(f.default) is int and not _points(value):
                hint = " (it is taken off: write 100, not -100)" if f.name == "pozzetto_penalty" else ""
                _bad(f.name, "a whole number of points, 0 or more" + hint, value)
        if self.burraco_semipulito is not None and not _points(self.burraco_semipulito):
            _bad("burraco_semipulito", "a whole number of points, 0 or more, or null (no semipulito)",
                 self.burraco_semipulito)
        object.__setattr__(self, "end", EndCondition.from_dict(self.end))
        counts = self.player_counts
        if not isinstance(counts, (list, tuple)) or not counts \
                or any(type(c) is not int or c not in (2, 3, 4) for c in counts):
            _bad("player_counts", "a non-empty list of 2, 3 or 4", counts)
        object.__setattr__(self, "player_counts", tuple(sorted(set(counts))))
        kinds = self.end_kinds
        if not isinstance(kinds, (list, tuple)) or not kinds or any(k not in EndCondition.KINDS for k in kinds):
            _bad("end_kinds", "a non-empty list of " + ", ".join(EndCondition.KINDS), kinds)
        object.__setattr__(self, "end_kinds", tuple(k for k in EndCondition.KINDS if k in kinds))
        if self.max_hands is not None and (type(self.max_hands) is not int or self.max_hands < 1):
            _bad("max_hands", "a positive integer or null (no limit)", self.max_hands)
        problem = self.rules_out(None, self.end)
        if problem:
            raise ProfileError(f"profile {self.name!r}: its own end ({self.end.describe()}) does not fit: {problem}")

    def card_value(self, card: Card) -> int:
        if card.is_joker:
            return self.joker_value
        if card.rank == "2":
            return self.pinella_value
        if card.rank == "A":
            return self.ace_value
        if card.rank in ("8", "9", "10", "J", "Q", "K"):
            return self.high_value
        return self.low_value

    def burraco_bonus(self, kind: Optional[str]) -> int:
        if kind is None:
            return 0
        if kind == "pulito":
            return self.burraco_pulito
        if kind == "semipulito":
            return self.burraco_semipulito if self.burraco_semipulito is not None else self.burraco_sporco
        if kind == "sporco":
            return self.burraco_sporco
        raise ValueError(f"unknown burraco class {kind!r}")

    def same_rules(self, other: "Profile") -> bool:
        """Whether a hand scores the same under both: every parameter but the name, the
        description and the format of a game (players, end)."""
        mine, theirs = self.to_dict(), other.to_dict()
        return all(mine[k] == theirs[k] for k in mine if k not in FORMAT_FIELDS)

    def rules_out(self, players: Optional[int], end: EndCondition) -> Optional[str]:
        """Why this profile's text rules out a game of ``players`` players that ends by ``end``;
        None when it allows it."""
        if players is not None and players not in self.player_counts:
            counts = " or ".join(str(c) for c in self.player_counts)
            return f"{self.name} is played by {counts} players, not {players}"
        kind = "single" if (end.kind, end.value) == ("hands", 1) and "single" in self.end_kinds else end.kind
        if kind not in self.end_kinds:
            return f"{self.name} games end {self._ends_allowed()}, not {end.describe()}"
        if kind == "hands" and self.max_hands is not None and end.value > self.max_hands:
            return f"{self.name} plays 1 to {self.max_hands} hands, not {end.value}"
        return None

    def _ends_allowed(self) -> str:
        words = {"target": "at a target score",
                 "hands": f"after 1 to {self.max_hands} hands" if self.max_hands else "after a set number of hands",
                 "single": "after one hand"}
        kinds = [k for k in self.end_kinds if not (k == "single" and "hands" in self.end_kinds)]
        return " or ".join(words[k] for k in kinds)

    @property
    def has_semipulito(self) -> bool:
        return self.burraco_semipulito is not None

    @property
    def max_sequence(self) -> int:
        return 14 if self.ace_both_ends else 13

    def replace(self, **changes: Any) -> "Profile":
        """A custom profile: this one with some parameters changed (each is checked)."""
        known = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in known:
                raise ProfileError(f"unknown profile parameter {shown(key)} (known: {', '.join(sorted(known))})")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["end"] = self.end.to_dict()
        data["player_counts"], data["end_kinds"] = list(self.player_counts), list(self.end_kinds)
        return data


def _points(value: Any) -> bool:
    return type(value) is int and value >= 0


def _bad(key: str, what: str, value: Any) -> None:
    raise ProfileError(f"profile parameter {key!r} must be {what}, got {shown(value)}")


_FORMAT_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Profile)}

PROFILES: dict[str, Profile] = {
    p.name: p for p in (
        Profile("fibur", burraco_semipulito=150, end=EndCondition("target", 2005),
                description="Italian standard (FIBUR): semipulito 150, first to 1005 or 2005"),
        Profile("socialburraco", end=EndCondition("hands", 4), player_counts=(2, 4),
                end_kinds=("hands", "single"), max_hands=6,
                description="SocialBurraco: 2 or 4 players, 1 to 6 hands, no semipulito"),
        Profile("vipgames", ace_both_ends=True, end=EndCondition("target", 1000),
                description="VIP Games: first to a target such as 1000, ace at both ends"),
        Profile("classico", late_pozzetto_is_penalised=True, end=EndCondition("target", 2005),
                player_counts=(2, 4),
                description="classic online rules: 2 or 4 players, a late pozzetto still costs 100"),
        Profile("giochidelre", joker_value=50, pinella_value=10, may_close_without_pozzetto=True,
                end=EndCondition("single", 1), player_counts=(2, 4), end_kinds=("single",),
                description="Giochi del Re: 2 or 4 players, joker 50, pinella 10, one hand, a tie is possible"),
    )
}
DEFAULT_PROFILE = "fibur"


def get_profile(spec: Any = None) -> Profile:
    """A profile by name, or a custom one: ``{"base": "fibur", "joker_value": 50, ...}``."""
    if spec is None:
        return PROFILES[DEFAULT_PROFILE]
    if isinstance(spec, Profile):
        return spec
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key not in PROFILES:
            raise UnknownProfileError(spec, tuple(PROFILES))
        return PROFILES[key]
    if isinstance(spec, dict):
        changes = dict(spec)
        base = changes.pop("base", DEFAULT_PROFILE)
        if not isinstance(base, str):
            raise ProfileError(f"'base' must be the name of a rule profile ({', '.join(PROFILES)}), got {shown(base)}")
        name = changes.setdefault("name", f"{get_profile(base).name}+custom")
        if not isinstance(name, str) or name not in PROFILES:     # limits are a published text's
            for key in ("player_counts", "end_kinds", "max_hands"):
                changes.setdefault(key, _FORMAT_DEFAULTS[key])
        custom = get_profile(base).replace(**changes)
        published = PROFILES.get(custom.name)
        if published is not None and custom != published:
            raise ProfileError(f"{custom.name!r} is the name of a published profile; "
                               "give a custom profile a name of its own")
        return custom
    raise UnknownProfileError(spec, tuple(PROFILES))

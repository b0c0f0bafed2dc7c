"""Rule profiles as data: the five published rule sets and custom variants of them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Optional

from .card import Card
from .errors import ProfileError, UnknownProfileError


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
            raise ProfileError(f"unknown end condition {self.kind!r} (use one of {', '.join(self.KINDS)})")
        if not isinstance(self.value, int) or isinstance(self.value, bool) or self.value < 1:
            raise ProfileError(f"end condition value must be a positive integer, got {self.value!r}")
        if self.kind == "single" and self.value != 1:
            object.__setattr__(self, "value", 1)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "value": self.value}

    @classmethod
    def from_dict(cls, data: Any) -> "EndCondition":
        if isinstance(data, EndCondition):
            return data
        if not isinstance(data, dict):
            raise ProfileError(f"end condition must be an object such as {{'kind': 'target', 'value': 2005}}, got {data!r}")
        return cls(kind=data.get("kind", "target"), value=data.get("value", 1))

    def describe(self) -> str:
        if self.kind == "target":
            return f"first to {self.value}"
        if self.kind == "hands":
            return f"{self.value} hands"
        return "one hand"


#: the parameters that do not change how a hand scores
FORMAT_FIELDS = ("name", "description", "end")


@dataclass(frozen=True)
class Profile:
    """Every number and switch in which the rule texts differ (see shared/rules/README.md)."""

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
        description and what decides the end of a game."""
        mine, theirs = self.to_dict(), other.to_dict()
        return all(mine[k] == theirs[k] for k in mine if k not in FORMAT_FIELDS)

    @property
    def has_semipulito(self) -> bool:
        return self.burraco_semipulito is not None

    @property
    def max_sequence(self) -> int:
        return 14 if self.ace_both_ends else 13

    def replace(self, **changes: Any) -> "Profile":
        """A custom profile: this one with some parameters changed."""
        known = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in known:
                raise ProfileError(f"unknown profile parameter {key!r} (known: {', '.join(sorted(known))})")
        if "end" in changes:
            changes["end"] = EndCondition.from_dict(changes["end"])
        for key, value in changes.items():
            default = getattr(self, key)
            if key in ("end", "description", "name", "burraco_semipulito"):
                continue
            if type(default) is bool and type(value) is not bool:
                raise ProfileError(f"profile parameter {key!r} must be true or false, got {value!r}")
            if type(default) is int and (type(value) is not int):
                raise ProfileError(f"profile parameter {key!r} must be an integer, got {value!r}")
        if "burraco_semipulito" in changes and changes["burraco_semipulito"] is not None \
                and type(changes["burraco_semipulito"]) is not int:
            raise ProfileError(f"profile parameter 'burraco_semipulito' must be an integer or null, "
                               f"got {changes['burraco_semipulito']!r}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["end"] = self.end.to_dict()
        return data


PROFILES: dict[str, Profile] = {
    p.name: p for p in (
        Profile("fibur", burraco_semipulito=150, end=EndCondition("target", 2005),
                description="Italian standard (FIBUR): semipulito 150, first to 1005 or 2005"),
        Profile("socialburraco", end=EndCondition("hands", 4),
                description="SocialBurraco: 1 to 6 hands, no semipulito"),
        Profile("vipgames", ace_both_ends=True, end=EndCondition("target", 1000),
                description="VIP Games: first to a target such as 1000, ace at both ends"),
        Profile("classico", late_pozzetto_is_penalised=True, end=EndCondition("target", 2005),
                description="classic online rules: a late pozzetto still costs 100"),
        Profile("giochidelre", joker_value=50, pinella_value=10, may_close_without_pozzetto=True,
                end=EndCondition("single", 1),
                description="Giochi del Re: joker 50, pinella 10, one hand, a tie is possible"),
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
        base = get_profile(changes.pop("base", DEFAULT_PROFILE))
        changes.setdefault("name", f"{base.name}+custom")
        return base.replace(**changes)
    raise UnknownProfileError(spec, tuple(PROFILES))

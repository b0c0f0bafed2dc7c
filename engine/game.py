"""A game (partita): players, sides, a rule profile, an end condition, and the hands played.

Plain data in and out (``to_dict`` / ``from_dict``), so a game survives a JSON round trip.
With 2 or 4 players the sides are fixed teams, and each team of a hand is matched to its side by
its players or its name, never by its place in the list; with 3 players every player is a side
of their own and each hand says who played with whom (the first to take the pozzetto plays alone).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .errors import GameError, shown
from .hand import Hand
from .profile import PROFILES, EndCondition, Profile, get_profile
from .scoring import HandScore, score_hand
from .text import Text, joined


def _names_in(team_name: str) -> list[str]:
    """The player names in a team name such as "Anna & Carla", "Anna e Carla", "Anna+Carla"."""
    return [n for n in re.split(r"\s*(?:[&+,/]|\s(?:e|and)\s)\s*", team_name.strip(), flags=re.IGNORECASE) if n]


@dataclass(frozen=True)
class HandRecord:
    """One hand as entered (``hand``: the JSON-ready input) and the points it gave each side."""

    hand: dict
    points: tuple[int, ...]

    def to_dict(self) -> dict:
        return {"hand": self.hand, "points": list(self.points)}


@dataclass
class Game:
    players: list[str]
    sides: list[list[str]]
    profile: Profile = field(default_factory=get_profile)
    end: Optional[EndCondition] = None
    hands: list[HandRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.end is None:
            self.end = self.profile.end
        names = [p.strip() if isinstance(p, str) else p for p in self.players]
        if not all(isinstance(p, str) and p for p in names):
            raise GameError(f"player names must be non-empty strings, got {shown(self.players)}")
        if len(names) not in (2, 3, 4):
            raise GameError(f"a game has 2, 3 or 4 players, got {len(names)}: {', '.join(names)}")
        if len(set(n.casefold() for n in names)) != len(names):
            raise GameError(f"two players have the same name: {', '.join(names)}")
        self.players = names
        seated = sorted(p for side in self.sides for p in side)
        if seated != sorted(names):
            raise GameError(f"every player must sit on exactly one side: players {names}, sides {self.sides}")
        expected = {2: (1, 1), 3: (1, 1, 1), 4: (2, 2)}[len(names)]
        if tuple(len(s) for s in self.sides) != expected:
            raise GameError(f"with {len(names)} players the sides are "
                            f"{' vs '.join(str(n) for n in expected)}, got {self.sides}")
        problem = self.profile.rules_out(len(names), self.end)
        if problem:
            raise GameError(f"{problem} (a custom profile can change its 'player_counts', "
                            "'end_kinds' or 'max_hands')")

    @classmethod
    def new(cls, players: list[str], profile: Union[Profile, str, dict, None] = None,
            end: Union[EndCondition, dict, None] = None, teams: Optional[list[list[str]]] = None) -> "Game":
        """Partners face each other: with 4 players, 1st and 3rd against 2nd and 4th, unless ``teams``."""
        prof = get_profile(profile)
        if teams is None:
            teams = [[players[0], players[2]], [players[1], players[3]]] if len(players) == 4 \
                else [[p] for p in players]
        return cls(list(players), [list(t) for t in teams], prof,
                   EndCondition.from_dict(end) if end is not None else None)

    # -- playing -----------------------------------------------------------------
    def side_names(self) -> list[str]:
        return [" & ".join(side) for side in self.sides]

    def preview(self, hand: Union[Hand, dict]) -> HandScore:
        """Score a hand under this game's profile without recording it; its teams must be this
        game's sides, as for ``add_hand``."""
        return score_hand(self._match(self._hand(hand))[0])

    def add_hand(self, hand: Union[Hand, dict], force: bool = False) -> HandScore:
        """Record a hand. A hand whose score has errors is refused unless ``force``."""
        if self.is_over:
            raise GameError("the game is over; start a new game to play another hand")
        parsed, sides = self._match(self._hand(hand))
        score = score_hand(parsed)
        if not score.ok and not force:
            problems = list(score.errors) + [e for t in score.teams for e in t.errors if e not in score.errors]
            raise GameError(Text("the hand has errors; fix them or record it anyway: {problems}",
                                 problems=joined(problems, "; ")))
        self.hands.append(HandRecord(parsed.to_dict(), tuple(self._side_points(sides, score))))
        return score

    def add_totals(self, points: list[int]) -> HandRecord:
        """Record a hand from a paper score sheet: each side's total, one per side in the order
        of ``sides`` (with 3 players, one per player), without the cards behind them."""
        if self.is_over:
            raise GameError("the game is over; start a new game to play another hand")
        if not isinstance(points, (list, tuple)) or len(points) != len(self.sides) \
                or any(type(p) is not int for p in points):
            raise GameError(f"a score sheet hand needs {len(self.sides)} whole numbers, one for each of "
                            f"{', '.join(map(repr, self.side_names()))}, got {shown(points)}")
        record = HandRecord({"sheet": True, "points": list(points)}, tuple(points))
        self.hands.append(record)
        return record

    def undo(self) -> HandRecord:
        if not self.hands:
            raise GameError("there is no hand to undo")
        return self.hands.pop()

    def _hand(self, hand: Union[Hand, dict]) -> Hand:
        """The hand under this game's profile; one that names other rules is refused."""
        parsed = hand if isinstance(hand, Hand) else Hand.from_dict(hand, self.profile)
        named = hand.profile if isinstance(hand, Hand) else hand.get("profile")
        if named is not None:
            named = get_profile(named)
            if not named.same_rules(self.profile):
                raise GameError(f"the hand is for rule profile {named.name!r}, "
                                f"but this game is played under {self.profile.name!r}")
        return Hand(parsed.teams, self.profile)

    def _match(self, hand: Hand) -> tuple[Hand, list[list[int]]]:
        """The hand with each team's players filled in from its side, and for each team the
        sides it scores for. Teams are matched by their players, or by a name that lists the
        side's players ("Anna & Carla", in any order); never by their position in the list."""
        if len(self.players) == 3:
            return hand, self._three_player_sides(hand)
        if len(hand.teams) != len(self.sides):
            raise GameError(f"this game has {len(self.sides)} sides ({', '.join(map(repr, self.side_names()))}), "
                            f"the hand has {len(hand.teams)} teams")
        names = self.side_names()
        matched: list[int] = []
        for team in hand.teams:
            by_name = self._side_of(_names_in(team.name))
            by_players = self._side_of(team.players) if team.players else None
            if team.players and by_players is None:
                raise GameError(f"team {team.name!r} lists players {list(team.players)}, which are not a side "
                                f"of this game (sides: {', '.join(map(repr, names))})")
            if by_name is not None and by_players is not None and by_name != by_players:
                raise GameError(f"team named {team.name!r} but lists the players of {names[by_players]!r}")
            side = by_players if by_players is not None else by_name
            if side is None:
                raise GameError(f"team {team.name!r} is not a side of this game: name each team by its players "
                                f"({' or '.join(map(repr, names))}) or list its 'players'")
            if side in matched:
                raise GameError(f"two teams of the hand are the side {names[side]!r}")
            matched.append(side)
        teams = tuple(dataclasses.replace(t, players=tuple(self.sides[s])) for t, s in zip(hand.teams, matched))
        return Hand(teams, hand.profile), [[s] for s in matched]

    def _side_of(self, players) -> Optional[int]:
        wanted = sorted(p.casefold() for p in players)
        for i, side in enumerate(self.sides):
            if sorted(p.casefold() for p in side) == wanted:
                return i
        return None

    def _three_player_sides(self, hand: Hand) -> list[list[int]]:
        """With 3 players every player is a side; each team must list its players."""
        seen: set[str] = set()
        for team in hand.teams:
            if not team.players:
                raise GameError(f"in a 3-player game every team must list its players ({team.name!r} does not)")
            for p in team.players:
                if p not in self.players:
                    raise GameError(f"unknown player {p!r} in team {team.name!r}")
                if p in seen:
                    raise GameError(f"player {p!r} is in two teams of the same hand")
                seen.add(p)
        missing = [p for p in self.players if p not in seen]
        if missing:
            raise GameError(f"every player must be in a team; missing: {', '.join(missing)}")
        return [[self._side_of([p]) for p in team.players] for team in hand.teams]

    def _side_points(self, sides: list[list[int]], score: HandScore) -> list[int]:
        points = [0] * len(self.sides)
        for team_sides, ts in zip(sides, score.teams):
            for s in team_sides:
                points[s] = ts.total
        return points

    # -- standing ----------------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        return [sum(h.points[i] for h in self.hands) for i in range(len(self.sides))]

    def player_totals(self) -> dict[str, int]:
        totals = self.totals
        return {p: totals[i] for i, side in enumerate(self.sides) for p in side}

    def _leader(self) -> Optional[int]:
        totals = self.totals
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        return leaders[0] if len(leaders) == 1 else None

    @property
    def is_over(self) -> bool:
        if self.end.kind == "target":
            return bool(self.hands) and max(self.totals) >= self.end.value and self._leader() is not None
        return len(self.hands) >= self.end.value

    @property
    def winner(self) -> Optional[int]:
        """Index of the winning side once the game is over; None while it goes on or on a tie."""
        return self._leader() if self.is_over else None

    @property
    def is_tie(self) -> bool:
        return self.is_over and self._leader() is None

    # -- data ----------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"players": list(self.players), "sides": [list(s) for s in self.sides],
                "profile": self.profile.to_dict(), "end": self.end.to_dict(),
                "hands": [h.to_dict() for h in self.hands], "totals": self.totals,
                "over": self.is_over, "winner": self.winner, "tie": self.is_tie}

    @classmethod
    def from_dict(cls, data: Any) -> "Game":
        if not isinstance(data, dict):
            raise GameError(f"a game must be a JSON object, got {type(data).__name__}")
        try:
            prof = data.get("profile")
            if isinstance(prof, dict):
                prof = dict(prof)
                name = prof.get("name", "fibur")
                prof.setdefault("base", name if name in PROFILES else "fibur")
            game = cls(list(data["players"]), [list(s) for s in data["sides"]], get_profile(prof),
                       EndCondition.from_dict(data["end"]) if "end" in data else None)
            hands = data.get("hands", [])
            if not isinstance(hands, list):
                raise GameError(f"a saved game's 'hands' must be a list, got {shown(hands)}")
            game.hands = [_saved_hand(h, len(game.sides)) for h in hands]
        except (KeyError, TypeError) as err:
            raise GameError(f"a saved game is missing or has a bad field: {err}") from None
        return game


def _saved_hand(data: Any, sides: int) -> HandRecord:
    if not isinstance(data, dict) or not isinstance(data.get("hand"), dict):
        raise GameError(f"a saved hand must be an object with 'hand' (an object) and 'points', got {shown(data)}")
    points = data.get("points")
    if not isinstance(points, list) or len(points) != sides or any(type(p) is not int for p in points):
        raise GameError(f"a saved hand's points must be {sides} whole numbers, one per side, got {shown(points)}")
    return HandRecord(data["hand"], tuple(points))

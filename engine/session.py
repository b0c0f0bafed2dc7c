"""A session: the evening's games, with each player's totals across them, also when partners change."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import GameError, shown
from .game import Game


@dataclass
class Session:
    name: str = ""
    games: list[Game] = field(default_factory=list)

    def add_game(self, game: Game) -> Game:
        if self.games and not self.games[-1].is_over and self.games[-1].hands:
            raise GameError("the current game is not over yet")
        self.games.append(game)
        return game

    @property
    def current(self) -> Game:
        if not self.games:
            raise GameError("the session has no game yet")
        return self.games[-1]

    @property
    def players(self) -> list[str]:
        seen: list[str] = []
        for g in self.games:
            seen += [p for p in g.players if p not in seen]
        return seen

    def player_totals(self) -> dict[str, int]:
        """Each player's points summed over the games, the points of the side they sat on."""
        totals = {p: 0 for p in self.players}
        for g in self.games:
            for p, pts in g.player_totals().items():
                totals[p] += pts
        return totals

    def team_totals(self) -> dict[str, int]:
        """Each side's points summed over the games it played as that side ("Anna & Carla"),
        its players named in the order of their first game."""
        order = {p: i for i, p in enumerate(self.players)}
        totals: dict[str, int] = {}
        for g in self.games:
            for side, pts in zip(g.sides, g.totals):
                name = " & ".join(sorted(side, key=order.__getitem__))
                totals[name] = totals.get(name, 0) + pts
        return totals

    def games_won(self) -> dict[str, int]:
        won = {p: 0 for p in self.players}
        for g in self.games:
            if g.winner is not None:
                for p in g.sides[g.winner]:
                    won[p] += 1
        return won

    def to_dict(self) -> dict:
        return {"name": self.name, "games": [g.to_dict() for g in self.games],
                "player_totals": self.player_totals(), "team_totals": self.team_totals(),
                "games_won": self.games_won()}

    @classmethod
    def from_dict(cls, data: Any) -> "Session":
        if not isinstance(data, dict):
            raise GameError(f"a session must be a JSON object, got {type(data).__name__}")
        games = data.get("games", [])
        if not isinstance(games, list):
            raise GameError(f"a saved session's 'games' must be a list, got {shown(games)}")
        return cls(str(data.get("name", "")), [Game.from_dict(g) for g in games])

"""An evening as a file: JSON (the engine's session data, with each game's hands and totals)
or CSV (one row per hand and side, then the totals), safe to open in a spreadsheet."""
from __future__ import annotations

import csv
import io

from engine import Session

#: a cell starting with one of these is a formula to a spreadsheet
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def as_json(session: Session) -> dict:
    return session.to_dict()


def _cell(value) -> str:
    text = str(value)
    if isinstance(value, str) and text.startswith(_FORMULA):
        return "'" + text
    return text


def as_csv(session: Session) -> str:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["game", "hand", "side", "players", "points", "game total"])
    for g, game in enumerate(session.games, 1):
        running = [0] * len(game.sides)
        for h, record in enumerate(game.hands, 1):
            for s, (side, pts) in enumerate(zip(game.sides, record.points)):
                running[s] += pts
                w.writerow([g, h, s + 1, _cell(" & ".join(side)), pts, running[s]])
    w.writerow([])
    w.writerow(["player", "points", "games won"])
    won = session.games_won()
    for player, pts in session.player_totals().items():
        w.writerow([_cell(player), pts, won[player]])
    w.writerow([])
    w.writerow(["team", "points"])
    for team, pts in session.team_totals().items():
        w.writerow([_cell(team), pts])
    return out.getvalue()

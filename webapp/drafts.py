"""A draft: the hand being scored, as the review page edits it, and what it becomes for the engine.

State (plain JSON)::

    {"teams": [{"melds": [[CARD, ...], ...], "hand": [CARD, ...], "no_cards": false,
                "pozzetto": true | false | "late"}, ...],
     "closed": team index or null, "solo": player name (3 players: who played alone), "flags": [...]}

where ``CARD`` is ``{"card": "7H", "as": "5H" (what a wild stands for, optional),
"conf": 0.97, "alts": [["1H", 0.02]], "src": [photo id, card index]}`` (the last three only
for a card read from a photo). Nothing here touches the database.
"""
from __future__ import annotations

from typing import Any

from engine import Game, GameError
from engine.meld import MeldCard
from vision.reader.flags import NOTE, Flag
from vision.reader.team import TeamMeld, find_kept, hand_twice, same_hand, seen_twice

MAX_CARDS = 216                 # two decks with four jokers
POZZETTO = (True, False, "late")


def blank(game: Game) -> dict:
    state = {"teams": [{"melds": [], "hand": [], "no_cards": False, "pozzetto": True} for _ in range(2)],
             "closed": None, "flags": []}
    if len(game.players) == 3:
        state["solo"] = game.players[0]
    return state


def teams_of(game: Game, state: dict) -> list[tuple[str, list[str]]]:
    """Each team's name and players: the game's sides, or with 3 players the one who played
    alone and the other two."""
    if len(game.players) == 3:
        solo = state.get("solo") if state.get("solo") in game.players else game.players[0]
        pair = [p for p in game.players if p != solo]
        return [(solo, [solo]), (" & ".join(pair), pair)]
    return [(name, list(side)) for name, side in zip(game.side_names(), game.sides)]


def card_text(card: dict) -> str:
    return f"{card['card']}={card['as']}" if card.get("as") else card["card"]


def to_hand(game: Game, state: dict) -> dict:
    """The hand as the engine takes it (``Game.add_hand``)."""
    teams = []
    for i, ((name, players), team) in enumerate(zip(teams_of(game, state), state["teams"])):
        teams.append({"name": name, "players": players,
                      "melds": [[card_text(c) for c in meld] for meld in team["melds"] if meld],
                      "hand": [] if team["no_cards"] else [card_text(c) for c in team["hand"]],
                      "pozzetto": team["pozzetto"], "closed": state.get("closed") == i})
    return {"teams": teams}


def clean(game: Game, data: Any) -> dict:
    """A state sent by a phone, checked field by field; a bad one raises ``GameError``."""
    if not isinstance(data, dict) or not isinstance(data.get("teams"), list) or len(data["teams"]) != 2:
        raise GameError("the hand must have two teams")
    teams = [_team(t, i) for i, t in enumerate(data["teams"])]
    if sum(len(m) for t in teams for m in t["melds"]) + sum(len(t["hand"]) for t in teams) > MAX_CARDS:
        raise GameError(f"more than {MAX_CARDS} cards: two decks have 108")
    closed = data.get("closed")
    if closed not in (None, 0, 1) or isinstance(closed, bool):
        raise GameError("'closed' must be a team's number or nobody")
    state = {"teams": teams, "closed": closed, "flags": _flags(data.get("flags", []))}
    if len(game.players) == 3:
        if data.get("solo") not in game.players:
            raise GameError(f"say who played alone: {', '.join(game.players)}")
        state["solo"] = data["solo"]
    return state


def _team(data: Any, i: int) -> dict:
    if not isinstance(data, dict):
        raise GameError(f"team {i + 1} must be an object")
    melds = data.get("melds", [])
    if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
        raise GameError(f"team {i + 1}: 'melds' must be a list of melds")
    pozzetto = data.get("pozzetto", True)
    if pozzetto not in POZZETTO or (pozzetto in (0, 1) and type(pozzetto) is not bool):
        raise GameError(f"team {i + 1}: pozzetto must be taken, not taken or late")
    return {"melds": [[_card(c) for c in m] for m in melds], "hand": [_card(c) for c in _list(data.get("hand", []))],
            "no_cards": data.get("no_cards") is True, "pozzetto": pozzetto}


def _list(value: Any) -> list:
    if not isinstance(value, list):
        raise GameError("a hand must be a list of cards")
    return value


def _card(data: Any) -> dict:
    if not isinstance(data, dict) or not isinstance(data.get("card"), str):
        raise GameError(f"a card must be an object such as {{\"card\": \"7H\"}}, got {str(data)[:40]}")
    text = data["card"] + (f"={data['as']}" if data.get("as") else "")
    parsed = MeldCard.parse(text)            # an InvalidCardError (a BurracoError) says why
    card = {"card": str(parsed.card)}
    if parsed.role is not None:
        card["as"] = str(parsed.role)
    if isinstance(data.get("conf"), (int, float)):
        card["conf"] = round(float(data["conf"]), 4)
    if isinstance(data.get("alts"), list):
        card["alts"] = [[str(a[0]), round(float(a[1]), 4)] for a in data["alts"][:4]
                        if isinstance(a, list) and len(a) == 2 and isinstance(a[1], (int, float))]
    src = data.get("src")
    if isinstance(src, list) and len(src) == 2 and all(type(v) is int for v in src):
        card["src"] = src
    return card


def _flags(flags: Any) -> list:
    return [f for f in flags if isinstance(f, dict)][:50] if isinstance(flags, list) else []


def add_reading(state: dict, team: int, kind: str, photo_id: int, reading: dict) -> dict:
    """The cards the reader saw in one photo, added to a team: as its melds (grouped as the reader
    grouped them; cards it put in no meld form one more) or as the cards left in its hand."""
    corners = reading.get("corners", [])
    cards = []
    for i, read in enumerate(reading.get("cards", [])):
        first = read.get("corners", [None])[0] if read.get("corners") else None
        alts = corners[first].get("alternatives", []) if isinstance(first, int) and first < len(corners) else []
        card = _card({"card": read["card"], "conf": read.get("confidence", 1.0), "alts": alts,
                      "src": [photo_id, i]})
        cards.append(card)
    target = state["teams"][team]
    if kind == "hand":
        names = [c["card"] for c in cards]
        earlier: dict[int, list[str]] = {}
        for c in target["hand"]:
            if "src" in c:
                earlier.setdefault(c["src"][0], []).append(c["card"])
        if any(same_hand(held, names) for held in earlier.values()):
            flag = Flag("hand_twice", tuple(range(len(cards))), hand_twice(names)).to_dict()
            state["flags"] = state.get("flags", []) + [dict(flag, photo=photo_id, team=team)]
        target["hand"] += cards
        target["no_cards"] = False
    else:
        groups = [[i for i in g if 0 <= i < len(cards)] for g in reading.get("melds", [])]
        placed = {i for g in groups for i in g}
        rest = [i for i in range(len(cards)) if i not in placed]
        flags = _once(state, team, photo_id, [[cards[i] for i in g] for g in groups], _flags(reading.get("flags")))
        if rest:
            target["melds"].append([cards[i] for i in rest])
        state["flags"] = state.get("flags", []) + [dict(f, photo=photo_id, team=team) for f in flags]
        return state
    state["flags"] = state.get("flags", []) + [dict(f, photo=photo_id, team=team) for f in _flags(reading.get("flags"))]
    return state


def _sources(cards: list[dict]) -> set[tuple[int, int]]:
    """(photo, card index) of the cards read from photos (``_card`` keeps only a well-formed ``src``)."""
    return {tuple(c["src"]) for c in cards if "src" in c}


def _cut(state: dict, team: int, meld: list) -> bool:
    """Whether a team's meld reaches the edge of the photo it was read from (its flag is still there)."""
    src = _sources(meld)
    return any(f.get("kind") == "cut_by_edge" and f.get("team") == team
               and any((f.get("photo"), i) in src for i in f.get("cards", [])) for f in state.get("flags", []))


def _once(state: dict, team: int, photo_id: int, melds: list[list], flags: list[dict]) -> list[dict]:
    """A new photo's melds added to a team, each meld that an earlier photo of the team already
    shows counted once (``vision.reader.team``); the photo's flags, with a note for each."""
    target = state["teams"][team]
    kept = [TeamMeld([c["card"] for c in m],
                     [(p, -1) for p in {photo for photo, _ in _sources(m)}],
                     _cut(state, team, m)) for m in target["melds"]]
    cut = {f.get("meld") for f in flags if f.get("kind") == "cut_by_edge"}
    taken: set[int] = set()
    out = list(flags)
    for i, meld in enumerate(melds):
        names = [c["card"] for c in meld]
        match = find_kept(kept, names, i in cut, photo_id, taken)
        if match is None:
            target["melds"].append(meld)
            kept.append(TeamMeld(names, [(photo_id, i)], i in cut))
            taken.add(len(kept) - 1)
            continue
        k, how = match
        taken.add(k)
        before = _sources(target["melds"][k])
        if how == "longer":                     # the kept one was cut by its photo's edge: this one goes on
            target["melds"][k] = meld
        if i in cut:                            # still cut here: the kept meld's flag says it already
            out = [f for f in out if not (f.get("kind") == "cut_by_edge" and f.get("meld") == i)]
        elif kept[k].cut:                       # seen whole here: the earlier photo's doubt is answered
            state["flags"] = [f for f in state.get("flags", []) if not (
                f.get("kind") == "cut_by_edge" and any((f.get("photo"), j) in before for j in f.get("cards", [])))]
        kept[k] = TeamMeld(names if how == "longer" else kept[k].cards, kept[k].photos + [(photo_id, i)],
                           kept[k].cut and i in cut)
        out.append(Flag("seen_twice", tuple(c["src"][1] for c in meld), seen_twice(names), NOTE, i).to_dict())
    return out

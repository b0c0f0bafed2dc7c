"""Between the stored rows and the engine: a game row becomes an ``engine.Game``, an evening an
``engine.Session``; a hand the engine accepted becomes a row, committed before anyone is told."""
from __future__ import annotations

from typing import Optional

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from engine import Game, GameError, HandRecord, Session

from .db import db
from .models import Draft, Evening, GameRow, HandRow


class AlreadySaved(GameError):
    """The hand was confirmed meanwhile, from this or another phone."""

    def __init__(self, number: int):
        super().__init__(f"hand {number} was already saved")
        self.number = number


def engine_game(row: GameRow) -> Game:
    return Game.from_dict({"players": row.players, "sides": row.sides, "profile": row.profile, "end": row.end,
                           "hands": [{"hand": h.hand, "points": h.points} for h in row.hands]})


def engine_session(evening: Evening) -> Session:
    return Session(evening.name, [engine_game(g) for g in evening.games])


def current_evening() -> Optional[Evening]:
    return db.session.scalars(select(Evening).order_by(Evening.id.desc()).limit(1)).first()


def new_evening(name: str = "") -> Evening:
    evening = Evening(name=name.strip()[:100])
    db.session.add(evening)
    db.session.commit()
    return evening


def add_game(evening: Evening, game: Game) -> GameRow:
    """Store a new game of the evening; the engine refuses it while the current one goes on."""
    engine_session(evening).add_game(game)
    data = game.to_dict()
    row = GameRow(evening=evening, players=data["players"], sides=data["sides"], profile=data["profile"],
                  end=data["end"])
    db.session.add(row)
    db.session.commit()
    return row


def save_hand(row: GameRow, record: HandRecord, draft: Optional[Draft] = None) -> HandRow:
    """Commit the hand the engine has just recorded as hand ``len(row.hands) + 1``. The same hand
    saved twice (two phones, a retry after a lost answer) raises ``AlreadySaved``, saving nothing."""
    number = len(row.hands) + 1
    hand = HandRow(game_id=row.id, number=number, hand=record.hand, points=list(record.points),
                   draft_id=draft.id if draft is not None else None)
    db.session.add(hand)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise AlreadySaved(number) from None
    return hand


def undo_last_hand(row: GameRow) -> HandRow:
    if not row.hands:
        raise GameError("there is no hand to undo")
    last = row.hands[-1]
    db.session.delete(last)
    db.session.commit()
    db.session.refresh(row)
    return last


def next_number(row: GameRow) -> int:
    return (db.session.scalar(select(func.max(HandRow.number)).where(HandRow.game_id == row.id)) or 0) + 1


def saved_hand_of(draft: Draft) -> Optional[HandRow]:
    return db.session.scalars(select(HandRow).where(HandRow.draft_id == draft.id)).first()


def open_draft(row: GameRow, blank: dict) -> Draft:
    """The draft of the next hand, shared by every phone; made from ``blank`` the first time."""
    number = next_number(row)
    query = select(Draft).where(Draft.game_id == row.id, Draft.number == number)
    draft = db.session.scalars(query).first()
    if draft is not None:
        return draft
    draft = Draft(game_id=row.id, number=number, state=blank, version=1)
    db.session.add(draft)
    try:
        db.session.commit()
    except IntegrityError:              # another phone opened it at the same moment
        db.session.rollback()
        draft = db.session.scalars(query).one()
    return draft

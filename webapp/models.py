"""What the table keeps: evenings, their games, the hands confirmed, the hand being scored
(a draft shared by every phone) and its photos. Games and hands are stored as the engine's
plain data (``Game.to_dict``), so the engine rebuilds them (see ``store``)."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Optional

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .db import db


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Evening(db.Model):
    __tablename__ = "evenings"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    games: Mapped[list["GameRow"]] = relationship(back_populates="evening", order_by="GameRow.id")


class GameRow(db.Model):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(primary_key=True)
    evening_id: Mapped[int] = mapped_column(ForeignKey("evenings.id"), index=True)
    players: Mapped[list] = mapped_column(JSON)
    sides: Mapped[list] = mapped_column(JSON)
    profile: Mapped[dict] = mapped_column(JSON)
    end: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    evening: Mapped[Evening] = relationship(back_populates="games")
    hands: Mapped[list["HandRow"]] = relationship(back_populates="game", order_by="HandRow.number")


class Draft(db.Model):
    """The hand being scored: one per game and hand number, so every phone edits the same one."""
    __tablename__ = "drafts"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_drafts_game_number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)
    game: Mapped[GameRow] = relationship()
    #: each write checks and bumps it, so that two phones' edits never overwrite each other unseen
    __mapper_args__ = {"version_id_col": version}
    photos: Mapped[list["Photo"]] = relationship(back_populates="draft", order_by="Photo.id")


class HandRow(db.Model):
    """A confirmed hand. Its number is unique in its game and its draft is saved once, so two
    phones confirming the same hand save it once."""
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_hands_game_number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    hand: Mapped[dict] = mapped_column(JSON)
    points: Mapped[list] = mapped_column(JSON)
    draft_id: Mapped[Optional[int]] = mapped_column(ForeignKey("drafts.id"), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    game: Mapped[GameRow] = relationship(back_populates="hands")


class Photo(db.Model):
    """A photo of a team's melds or of the cards left in its hand, with what the reader saw."""
    __tablename__ = "photos"
    id: Mapped[int] = mapped_column(primary_key=True)
    draft_id: Mapped[int] = mapped_column(ForeignKey("drafts.id"), index=True)
    team: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))          # "melds" or "hand"
    data: Mapped[bytes] = mapped_column(LargeBinary)
    reading: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    draft: Mapped[Draft] = relationship(back_populates="photos")

"""The database: SQLAlchemy through Flask-SQLAlchemy (one session per request), its schema
kept by Alembic migrations (Flask-Migrate) so that an upgrade never loses a saved evening.

SQLite in the data folder by default; any SQLAlchemy URL (PostgreSQL for a club server) by
``BURRACO_DATABASE_URL`` or ``burraco serve --database``.
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask_migrate import Migrate, upgrade
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

MIGRATIONS = str(Path(__file__).resolve().parent / "migrations")


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{Path(folder).resolve() / 'burraco.sqlite3'}"


def engine_options(url: str) -> dict:
    """A phone waits for another's write instead of failing; nothing is cached across a fork."""
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 20}}
    return {"pool_pre_ping": True}


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """Write-ahead log with a full sync at each commit: a confirmed hand survives a killed server."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()


def init_app(app: Flask) -> None:
    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS)
    if app.config.get("UPGRADE_DB", True):
        with app.app_context():
            upgrade(directory=MIGRATIONS)

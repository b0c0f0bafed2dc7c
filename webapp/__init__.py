"""The table app: one laptop runs ``burraco serve``, every phone at the table opens the page.

An app factory in the style of Flask's tutorial (flaskr): one blueprint per feature, Jinja
templates, the data through SQLAlchemy with Alembic migrations. The web layer stays thin:
scoring, games and sessions live in ``engine``.
"""
from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any, Optional

from flask import Flask
from flask_wtf.csrf import CSRFProtect

MAX_UPLOAD_MB = 25
csrf = CSRFProtect()


def create_app(test_config: Optional[dict[str, Any]] = None) -> Flask:
    """``test_config`` overrides any setting: ``DATA_DIR`` (the SQLite database, the table's key
    and the cookie secret), ``SQLALCHEMY_DATABASE_URI``, ``READER`` (a card reader to use)."""
    app = Flask(__name__, instance_relative_config=True)
    config = dict(test_config or {})
    data = Path(config.get("DATA_DIR") or os.environ.get("BURRACO_DATA") or app.instance_path)
    data.mkdir(parents=True, exist_ok=True)
    from . import db, table_key

    url = config.get("SQLALCHEMY_DATABASE_URI") or os.environ.get("BURRACO_DATABASE_URL") or db.sqlite_url(data)
    app.config.from_mapping(
        DATA_DIR=str(data),
        SECRET_KEY=_secret(data),
        SQLALCHEMY_DATABASE_URI=url,
        SQLALCHEMY_ENGINE_OPTIONS=db.engine_options(url),
        MAX_CONTENT_LENGTH=MAX_UPLOAD_MB * 1024 * 1024,
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,
        READER=None,
    )
    app.config.update(config)
    app.config.setdefault("TABLE_KEY", None)
    if not app.config["TABLE_KEY"]:
        app.config["TABLE_KEY"], app.config["TABLE_PIN"] = table_key.load_or_create(data)

    csrf.init_app(app)
    db.init_app(app)
    from . import errors, i18n
    i18n.init_app(app)
    errors.init_app(app)
    table_key.init_app(app)
    from .new_game_form import end_text
    app.jinja_env.globals["end_text"] = end_text
    from . import evening, games, hands, photos, table
    for feature in (table, games, hands, photos, evening):
        app.register_blueprint(feature.bp)
    return app


def _secret(folder: Path) -> str:
    """The cookie secret, kept in the data folder so that phones stay signed in across restarts."""
    path = folder / "secret_key"
    if not path.exists():
        tmp = path.with_suffix(".tmp")
        tmp.write_text(secrets.token_hex(32))
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    return path.read_text().strip()

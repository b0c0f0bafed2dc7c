"""Fixtures for the table app, as in Flask's tutorial: an app on a fresh database (migrated by
Alembic, as ``burraco serve`` does), its test client, and a client holding the table's key.

``database`` runs a storage test on SQLite and on PostgreSQL (``BURRACO_TEST_POSTGRES_URL``,
set by ``make test``); without PostgreSQL those runs are reported as skipped with the reason,
and under CI they fail."""
from __future__ import annotations

import os
import re
import sys
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fake_reader import FakeReader  # noqa: E402

from webapp import create_app  # noqa: E402

KEY, PIN = "test-table-key", "246810"
POSTGRES = os.environ.get("BURRACO_TEST_POSTGRES_URL", "")
SAMPLES_DIR = Path(__file__).resolve().parents[2] / "sample_images"


def postgres_database() -> str:
    """A fresh, empty PostgreSQL database for one test; its URL."""
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("BURRACO_TEST_POSTGRES_URL is not set: CI must run the storage tests on PostgreSQL")
        pytest.skip("PostgreSQL storage run: set BURRACO_TEST_POSTGRES_URL (make test does)")
    import sqlalchemy as sa
    name = f"burraco_t_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return POSTGRES.rsplit("/", 1)[0] + "/" + name


def drop_postgres(url: str) -> None:
    import sqlalchemy as sa
    name = url.rsplit("/", 1)[1]
    admin = sa.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """A database URL: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'burraco.sqlite3'}"
        return
    url = postgres_database()
    yield url
    drop_postgres(url)


@pytest.fixture
def reader():
    return FakeReader()


@pytest.fixture
def make_app(tmp_path, reader):
    made = []

    def make(**config):
        settings = {"DATA_DIR": str(tmp_path / "data"), "TABLE_KEY": KEY, "TABLE_PIN": PIN, "READER": reader,
                    "TESTING": True}
        settings.update(config)
        app = create_app(settings)
        made.append(app)
        return app
    yield make
    for app in made:
        with app.app_context():
            from webapp.db import db
            db.session.remove()
            db.engine.dispose()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


class Table:
    """A phone at the table: a test client that holds the key and sends the CSRF token."""

    def __init__(self, client):
        self.client = client
        client.get(f"/join?key={KEY}")
        self.token = csrf_token(client)

    def get(self, url, **kw):
        return self.client.get(url, **kw)

    def post(self, url, data=None, **kw):
        data = dict(data or {})
        data.setdefault("csrf_token", self.token)
        return self.client.post(url, data=data, **kw)

    def put_json(self, url, payload):
        return self.client.put(url, json=payload, headers={"X-CSRFToken": self.token, "Accept": "application/json"})

    def upload(self, draft_id, path_or_bytes, team=0, kind="melds", name="photo.jpg"):
        import io
        data = Path(path_or_bytes).read_bytes() if isinstance(path_or_bytes, (str, Path)) else path_or_bytes
        return self.client.post(f"/drafts/{draft_id}/photos", data={"team": str(team), "kind": kind,
                                                                      "photo": (io.BytesIO(data), name)},
                                headers={"X-CSRFToken": self.token, "Accept": "application/json"},
                                content_type="multipart/form-data")

    # -- the steps a person takes --------------------------------------------------------
    def new_game(self, players=("Anna", "Bruno"), **fields):
        data = {f"player{i + 1}": p for i, p in enumerate(players)}
        data.update(fields)
        resp = self.post("/games/new", data)
        assert resp.status_code == 302, resp.get_data(as_text=True)
        return int(resp.headers["Location"].rsplit("/", 1)[1])

    def open_hand(self, game_id):
        resp = self.post(f"/games/{game_id}/hand")
        assert resp.status_code == 302, resp.get_data(as_text=True)
        return int(resp.headers["Location"].rsplit("/", 1)[1])

    def state(self, draft_id):
        return self.get(f"/drafts/{draft_id}/state").get_json()

    def edit(self, draft_id, change):
        """Apply ``change(state)`` to the draft as the page does; the server's answer."""
        view = self.state(draft_id)
        state = view["state"]
        change(state)
        return self.put_json(f"/drafts/{draft_id}/state", {"version": view["version"], "state": state})

    def confirm(self, draft_id, **fields):
        data = {"version": str(self.state(draft_id)["version"])}
        data.update(fields)
        return self.post(f"/drafts/{draft_id}/confirm", data)


@pytest.fixture
def table(client):
    return Table(client)


def cards(*texts):
    return [{"card": t} for t in texts]

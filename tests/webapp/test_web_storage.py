"""Storage, on SQLite and on PostgreSQL: the migrations build what the models describe, a saved
evening survives restarts and upgrades, two phones confirming at once save one hand, and a
server killed in the middle of a save loses and doubles nothing."""
from __future__ import annotations

import http.cookiejar
import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager

import pytest
import sqlalchemy as sa

from conftest import KEY, PIN, Table, cards

BURRACO = ("3H", "4H", "5H", "6H", "7H", "8H", "9H")


def anna_closes(state):
    state["teams"][0]["melds"] = [cards(*BURRACO)]
    state["teams"][0]["no_cards"] = True
    state["teams"][1]["melds"] = [cards("KS", "KD", "KC")]
    state["closed"] = 0


def count(url, table):
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        n = conn.execute(sa.text(f"select count(*) from {table}")).scalar()
    engine.dispose()
    return n


def test_the_migrations_build_the_schema_the_models_describe(make_app, database):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from webapp.db import db
    app = make_app(SQLALCHEMY_DATABASE_URI=database)
    with app.app_context():
        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert diff == []


def test_a_saved_evening_survives_a_restart_and_an_upgrade(make_app, database):
    first = make_app(SQLALCHEMY_DATABASE_URI=database)
    table = Table(first.test_client())
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    table.edit(draft, anna_closes)
    table.confirm(draft)
    open_draft = table.open_hand(game)
    table.edit(open_draft, anna_closes)
    with first.app_context():
        from webapp.db import db
        db.engine.dispose()
    again = Table(make_app(SQLALCHEMY_DATABASE_URI=database).test_client())    # upgrades again on start
    page = again.get(f"/games/{game}").get_data(as_text=True)
    assert 'data-side="0">345<' in page and page.count("<tr><td>") == 1
    assert [c["card"] for c in again.state(open_draft)["state"]["teams"][0]["melds"][0]] == list(BURRACO)


def test_two_phones_confirming_the_same_hand_at_once_save_it_once(make_app, database):
    app = make_app(SQLALCHEMY_DATABASE_URI=database)
    phones = [Table(app.test_client()) for _ in range(4)]
    game = phones[0].new_game(("Anna", "Bruno"))
    draft = phones[0].open_hand(game)
    phones[0].edit(draft, anna_closes)
    version = str(phones[0].state(draft)["version"])
    start = threading.Barrier(len(phones))
    answers = []

    def confirm(phone):
        start.wait()
        answers.append(phone.post(f"/drafts/{draft}/confirm", {"version": version}).status_code)
    threads = [threading.Thread(target=confirm, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert answers == [302] * len(phones)
    assert count(database, "hands") == 1
    assert 'data-side="0">345<' in phones[1].get(f"/games/{game}").get_data(as_text=True)


def test_two_phones_sending_the_same_paper_sheet_at_once_save_it_once(make_app, database):
    app = make_app(SQLALCHEMY_DATABASE_URI=database)
    phones = [Table(app.test_client()) for _ in range(3)]
    game = phones[0].new_game(("Anna", "Bruno"))
    start = threading.Barrier(len(phones))

    def send(phone):
        start.wait()
        phone.post(f"/games/{game}/sheet", {"number": "1", "side0": "100", "side1": "40"})
    threads = [threading.Thread(target=send, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert count(database, "hands") == 1


# -- a real server, killed while it saves -------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def server(data_dir, database):
    """``burraco serve`` on the data folder, with the tests' table key."""
    (data_dir / "table.json").write_text(json.dumps({"key": KEY, "pin": PIN}))
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(data_dir), "--database", database],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/manifest.webmanifest", timeout=2)
            break
        except OSError:
            if proc.poll() is not None:
                raise AssertionError("the server did not start: " + proc.stdout.read())
            time.sleep(0.2)
    try:
        yield proc, base
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        proc.stdout.close()


class HttpPhone:
    """A phone talking to a real server: cookies, the key, the CSRF token."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.open(f"{base}/join?key={KEY}")
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', self.get("/")).group(1)

    def get(self, path):
        return self.opener.open(self.base + path, timeout=60).read().decode()

    def post(self, path, data):
        body = urllib.parse.urlencode(dict(data, csrf_token=self.token)).encode()
        try:
            return self.opener.open(self.base + path, body, timeout=60).read().decode()
        except urllib.error.HTTPError as err:
            return err.read().decode()


@contextmanager
def writes_blocked(database):
    """Another program holds the write lock on the hands, so a save waits inside its transaction."""
    engine = sa.create_engine(database)
    conn = engine.connect()
    if database.startswith("sqlite"):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.begin()
        conn.exec_driver_sql("LOCK TABLE hands IN EXCLUSIVE MODE")       # reads go on, writes wait
    try:
        yield
    finally:
        conn.rollback()
        conn.close()
        engine.dispose()


def waiting_on_a_lock(database) -> bool:
    if database.startswith("sqlite"):
        return True                 # nothing to ask: the save is given time to reach its write
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        n = conn.execute(sa.text("select count(*) from pg_stat_activity where wait_event_type = 'Lock' "
                                 "and query ilike 'insert into hands%'")).scalar()
    engine.dispose()
    return n > 0


def test_a_server_killed_in_the_middle_of_a_save_loses_and_doubles_nothing(make_app, database, tmp_path):
    data = tmp_path / "data"
    app = make_app(SQLALCHEMY_DATABASE_URI=database, DATA_DIR=str(data))
    table = Table(app.test_client())
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    table.edit(draft, anna_closes)
    version = str(table.state(draft)["version"])
    with app.app_context():
        from webapp.db import db
        db.session.remove()
        db.engine.dispose()

    with server(data, database) as (proc, base):
        phone = HttpPhone(base)
        with writes_blocked(database):
            def confirm():
                try:
                    phone.post(f"/drafts/{draft}/confirm", {"version": version})
                except OSError:         # the server dies before it answers
                    pass
            saving = threading.Thread(target=confirm, daemon=True)
            saving.start()
            deadline = time.monotonic() + 20
            time.sleep(1.5)
            while not waiting_on_a_lock(database) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert waiting_on_a_lock(database), "the save never reached its write"
            proc.send_signal(signal.SIGKILL)
            proc.wait(10)
        saving.join(30)
    assert count(database, "hands") == 0                      # nothing half-saved
    with server(data, database) as (_proc, base):
        phone = HttpPhone(base)
        view = phone.get(f"/drafts/{draft}/state")
        assert '"3H"' in view and '"closed":0' in view.replace(" ", "")       # the draft is all there
        phone.post(f"/drafts/{draft}/confirm", {"version": version})
        phone.post(f"/drafts/{draft}/confirm", {"version": version})       # a retry after a lost answer
        page = phone.get(f"/games/{game}")
    assert count(database, "hands") == 1
    assert 'data-side="0">345<' in page and page.count("<tr><td>") == 1

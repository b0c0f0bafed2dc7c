"""Italian by default, English on a switch; every text the app shows has its Italian."""
import ast
import re
from pathlib import Path

from webapp.hands import SCRIPT_TEXTS
from webapp.italian import TEXTS
from webapp.new_game_form import POINTS, SWITCHES

WEBAPP = Path(__file__).resolve().parents[2] / "webapp"


def texts_in_code() -> set[str]:
    found = set()
    for path in WEBAPP.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
    for path in (WEBAPP / "templates").glob("*.html"):
        found |= set(re.findall(r"""_\((?:"([^"]+)"|'([^']+)')""", path.read_text()) and
                     [a or b for a, b in re.findall(r"""_\((?:"([^"]+)"|'([^']+)')""", path.read_text())])
    return found


def test_every_text_has_its_italian():
    from engine import PROFILES
    wanted = texts_in_code() | set(SCRIPT_TEXTS) | set(POINTS) | set(SWITCHES) | {p.description for p in PROFILES.values()}
    assert len(wanted) > 100
    assert sorted(wanted - set(TEXTS)) == []


def test_italian_by_default_and_english_on_the_switch(table):
    assert "Nuova partita" in table.get("/").get_data(as_text=True)
    resp = table.get("/lang/en", headers={"Referer": "http://localhost/games/new"})
    assert resp.status_code == 302 and resp.headers["Location"] == "/games/new"
    page = table.get("/").get_data(as_text=True)
    assert "New game" in page and 'lang="en"' in page and "Nuova partita" not in page
    table.get("/lang/it")
    assert "Nuova partita" in table.get("/").get_data(as_text=True)


def test_the_switch_never_sends_a_person_to_another_site(client):
    resp = client.get("/lang/en", headers={"Referer": "http://evil.example/phish"})
    assert resp.headers["Location"] == "/"

"""Italian by default, English on a switch; every text the app shows has its Italian."""
import ast
import re
import string
from pathlib import Path

from conftest import cards
from webapp.hands import SCRIPT_TEXTS
from webapp.italian import TEXTS
from webapp.new_game_form import POINTS, SWITCHES

WEBAPP = Path(__file__).resolve().parents[2] / "webapp"


def written_to(function: str, folder: Path) -> set[str]:
    """The texts a folder's modules pass, written out, to ``function`` (``_``, ``Text``)."""
    found = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == function and node.args \
                    and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
    return found


def texts_in_code() -> set[str]:
    found = written_to("_", WEBAPP)
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


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_message_of_the_engine_and_the_reader_has_its_italian_with_the_same_fields():
    root = WEBAPP.parent
    wanted = written_to("Text", root / "engine") | written_to("Text", root / "vision" / "reader")
    wanted |= {"{c0} or {c1}", "{c0} or {c1} or {c2}", "{c0} and {c1}"}       # engine.text.either
    assert len(wanted) > 60
    assert sorted(wanted - set(TEXTS)) == []
    assert [t for t in wanted if fields(TEXTS[t]) != fields(t)] == []


def test_the_engine_speaks_italian_on_the_page_and_english_on_the_switch(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)

    def gap(state):
        state["teams"][0]["melds"] = [cards("AH", "2H", "4H"), cards("5C", "6C", "8C")]
    team = table.edit(draft, gap).get_json()["score"]["teams"][0]
    assert team["melds"][0]["reason"] == "buco tra 2H e 4H (3H) senza una matta che lo riempia"
    assert team["errors"][1] == ("gioco 2 (5C 6C 8C) non è valido: buco tra 6C e 8C (7C) senza una matta che lo "
                                 "riempia; le sue carte contano per il loro valore, senza premio")
    table.get("/lang/en")
    team = table.state(draft)["score"]["teams"][0]
    assert team["errors"][1] == ("meld 2 (5C 6C 8C) is not valid: gap between 6C and 8C (7C) with no wild card to "
                                 "fill it; its cards count at face value with no bonus")


def test_a_readers_flag_is_said_in_the_pages_language_whenever_it_is_shown(table):
    from engine import Text
    flag = Text("{card} read with {pct}% certainty: check it", card="7H", pct=41)
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)

    def flagged(state):
        state["flags"] = [{"kind": "low_confidence", "message": str(flag), "text": flag.to_dict()},
                          {"kind": "old", "message": "a flag saved before messages kept their words"},
                          {"kind": "bad", "message": "kept", "text": {"template": "{oops}"}}]
    table.edit(draft, flagged)
    assert [f["message"] for f in table.state(draft)["state"]["flags"]] == [
        "7H letta con certezza del 41%: controllala", "a flag saved before messages kept their words", "kept"]
    table.get("/lang/en")
    assert table.state(draft)["state"]["flags"][0]["message"] == "7H read with 41% certainty: check it"

"""Scoring a hand without photos: cards picked from the grid, pozzetto, who closed; the score
as it changes; confirming it once."""
import re

from conftest import cards

BURRACO = ("3H", "4H", "5H", "6H", "7H", "8H", "9H")      # 45 + 200 pulito


def anna_closes(state):
    state["teams"][0]["melds"] = [cards(*BURRACO)]
    state["teams"][0]["no_cards"] = True
    state["teams"][1]["melds"] = [cards("KS", "KD", "KC")]
    state["teams"][1]["hand"] = cards("JK", "5C")
    state["closed"] = 0


def test_the_score_updates_with_each_change(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    resp = table.edit(draft, anna_closes)
    assert resp.status_code == 200
    score = resp.get_json()["score"]
    assert [t["total"] for t in score["teams"]] == [45 + 200 + 100, 30 - 35]
    assert score["teams"][0]["melds"][0]["burraco"] == "pulito"

    def late(state):
        state["teams"][1]["pozzetto"] = False
    assert [t["total"] for t in table.edit(draft, late).get_json()["score"]["teams"]] == [345, -105]


def test_every_phone_opens_the_same_draft_of_the_next_hand(table, app):
    game = table.new_game(("Anna", "Bruno"))
    from conftest import Table
    other = Table(app.test_client())
    assert table.open_hand(game) == other.open_hand(game)


def test_a_wild_can_be_told_what_it_stands_for(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)

    def wild(state):
        state["teams"][0]["melds"] = [[{"card": "5H"}, {"card": "2C", "as": "6H"}, {"card": "7H"}]]
    meld = table.edit(draft, wild).get_json()["score"]["teams"][0]["melds"][0]
    assert meld["valid"] and meld["wild"] == {"index": 1, "card": "2C", "as": "6H"}


def test_confirm_saves_the_hand_and_the_game_shows_the_totals(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    table.edit(draft, anna_closes)
    resp = table.confirm(draft)
    assert resp.status_code == 302 and resp.headers["Location"] == f"/games/{game}"
    page = table.get(f"/games/{game}").get_data(as_text=True)
    assert 'data-side="0">345<' in page and 'data-side="1">-5<' in page and "Smazzata 1 salvata." in page
    assert table.open_hand(game) != draft                     # the next hand has its own draft


def test_a_hand_with_errors_is_refused_unless_saved_anyway(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)

    def no_burraco(state):
        state["teams"][0]["melds"] = [cards("KS", "KD", "KC")]
        state["closed"] = 0
    table.edit(draft, no_burraco)
    resp = table.confirm(draft)
    assert resp.headers["Location"] == f"/drafts/{draft}"
    page = table.get(f"/drafts/{draft}").get_data(as_text=True)
    assert "La smazzata non è stata salvata: la smazzata ha degli errori" in page
    assert "la coppia &#39;Anna&#39; ha chiuso senza un burraco" in page
    assert "<tr><td>1" not in table.get(f"/games/{game}").get_data(as_text=True)
    assert table.confirm(draft, force="on").headers["Location"] == f"/games/{game}"
    assert "<tr><td>1" in table.get(f"/games/{game}").get_data(as_text=True)


def test_an_empty_hand_confirmed_scores_nothing_but_is_saved(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    assert table.confirm(draft).status_code == 302
    assert 'data-side="0">0<' in table.get(f"/games/{game}").get_data(as_text=True)


def test_the_same_hand_confirmed_twice_is_saved_once(table, app):
    from conftest import Table
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    table.edit(draft, anna_closes)
    other = Table(app.test_client())
    version = str(table.state(draft)["version"])
    first = table.post(f"/drafts/{draft}/confirm", {"version": version})
    second = other.post(f"/drafts/{draft}/confirm", {"version": version})
    assert first.status_code == second.status_code == 302
    page = other.get(f"/games/{game}").get_data(as_text=True)
    assert page.count("<tr><td>") == 1 and "già stata salvata da un altro telefono" in page
    assert table.get(f"/drafts/{draft}").status_code == 302     # the saved draft sends phones to the game


def test_an_edit_from_a_stale_page_does_not_overwrite_another_phones(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    old = table.state(draft)
    table.edit(draft, anna_closes)
    old["state"]["teams"][0]["melds"] = [cards("QS", "QD", "QC")]
    resp = table.put_json(f"/drafts/{draft}/state", {"version": old["version"], "state": old["state"]})
    assert resp.status_code == 409 and "Un altro telefono" in resp.get_json()["error"]
    kept = resp.get_json()["state"]["teams"][0]["melds"][0]
    assert [c["card"] for c in kept] == list(BURRACO)
    stale = table.post(f"/drafts/{draft}/confirm", {"version": str(old["version"])})
    assert stale.headers["Location"] == f"/drafts/{draft}"


def test_a_bad_state_is_refused_with_its_reason(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    version = table.state(draft)["version"]
    for bad, why in [({"teams": []}, "two teams"),
                     ({"teams": [{"melds": [[{"card": "11H"}]]}, {}]}, "invalid card"),
                     ({"teams": [{"melds": [[{"card": "5H", "as": "6H"}]]}, {}]}, "only a 2 or a joker"),
                     ({"teams": [{"pozzetto": "maybe"}, {}]}, "pozzetto"),
                     ({"teams": [{}, {}], "closed": 5}, "closed")]:
        resp = table.put_json(f"/drafts/{draft}/state", {"version": version, "state": bad})
        assert resp.status_code == 400 and why in resp.get_json()["error"], bad
    resp = table.client.put(f"/drafts/{draft}/state", data="{not json", content_type="application/json",
                            headers={"X-CSRFToken": table.token, "Accept": "application/json"})
    assert resp.status_code == 400 and "error" in resp.get_json()


def test_undo_reopens_the_hand_as_it_was_entered(table):
    game = table.new_game(("Anna", "Bruno"))
    draft = table.open_hand(game)
    table.edit(draft, anna_closes)
    table.confirm(draft)
    table.post(f"/games/{game}/undo", {"number": "1"})
    assert table.open_hand(game) == draft
    melds = table.state(draft)["state"]["teams"][0]["melds"]
    assert [c["card"] for c in melds[0]] == list(BURRACO)


def test_the_hand_page_has_the_grid_and_every_control(table):
    game = table.new_game(("Anna", "Bruno"))
    page = table.get(f"/drafts/{table.open_hand(game)}").get_data(as_text=True)
    for control in ("rank-A", "rank-10", "rank-K", "rank-JK", "suit-S", "suit-C", "add-meld-0", "add-hand-1",
                    "no-cards-0", "pozzetto-1", "closed-none", "confirm", "act-split", "act-move", "act-role"):
        assert f'id="{control}"' in page, control
    assert re.search(r'<script id="view" type="application/json">\{', page)

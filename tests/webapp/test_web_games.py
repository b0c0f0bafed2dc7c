"""Starting a game, following it, undoing a hand, a paper score sheet, the end of a game."""
import re

import pytest

from conftest import cards


def text(resp):
    return resp.get_data(as_text=True)


def sheet(table, game_id, *points, number=None):
    n = number if number is not None else len(re.findall(r"<tr><td>\d+", text(table.get(f"/games/{game_id}")))) + 1
    data = {"number": str(n)} | {f"side{i}": str(p) for i, p in enumerate(points)}
    return table.post(f"/games/{game_id}/sheet", data)


def test_a_two_player_game_starts_with_the_profiles_default_end(table):
    game = table.new_game(("Anna", "Bruno"), profile="fibur")
    page = text(table.get(f"/games/{game}"))
    assert "Anna" in page and "Bruno" in page and "fibur" in page and "ai 2005 punti" in page


def test_four_players_sit_as_the_form_says(table):
    game = table.new_game(("Anna", "Bruno", "Carla", "Dino"), partners="12")
    page = text(table.get(f"/games/{game}"))
    assert "Anna &amp; Bruno" in page and "Carla &amp; Dino" in page


def test_a_profile_value_changed_on_the_form_makes_a_custom_profile(table, app):
    from webapp.new_game_form import profile_values
    values = {k: ("" if v is None else str(v)) for k, v in profile_values()["fibur"].items()
              if k not in ("end", "description") and not isinstance(v, bool)}
    values.update(joker_value="50", values_for="fibur", profile="fibur", custom_name="Circolo")
    game = table.new_game(("Anna", "Bruno"), **values)
    with app.app_context():
        from webapp.db import db
        from webapp.models import GameRow
        row = db.session.get(GameRow, game)
        assert row.profile["name"] == "Circolo" and row.profile["joker_value"] == 50
        assert row.profile["burraco_semipulito"] == 150


def test_values_shown_for_another_profile_are_not_taken_as_changes(table, app):
    """Without the page's script the values stay fibur's when giochidelre is chosen."""
    from webapp.new_game_form import profile_values
    values = {k: str(v) for k, v in profile_values()["fibur"].items()
              if k not in ("end", "description") and not isinstance(v, bool) and v is not None}
    game = table.new_game(("Anna", "Bruno"), profile="giochidelre", values_for="fibur", **values)
    with app.app_context():
        from webapp.db import db
        from webapp.models import GameRow
        assert db.session.get(GameRow, game).profile["name"] == "giochidelre"


@pytest.mark.parametrize("end, value, expect", [("1005", "", {"kind": "target", "value": 1005}),
                                                 ("target", "1500", {"kind": "target", "value": 1500}),
                                                 ("hands", "3", {"kind": "hands", "value": 3}),
                                                 ("single", "", {"kind": "single", "value": 1})])
def test_the_end_of_the_game_as_chosen(table, app, end, value, expect):
    game = table.new_game(("Anna", "Bruno"), end=end, end_value=value)
    with app.app_context():
        from webapp.db import db
        from webapp.models import GameRow
        assert db.session.get(GameRow, game).end == expect


@pytest.mark.parametrize("fields, message", [
    ({}, "2, 3 o 4 giocatori"),
    ({"player1": "Anna"}, "2, 3 o 4 giocatori"),
    ({"player1": "Anna", "player2": "anna"}, "same name"),
    ({"player1": "Anna", "player2": "Bruno", "end": "hands", "end_value": ""}, "numero di smazzate"),
    ({"player1": "Anna", "player2": "Bruno", "player3": "Carla", "profile": "classico"}, "not 3"),
    ({"player1": "Anna", "player2": "Bruno", "profile": "nessuno"}, "unknown rule profile"),
    ({"player1": "Anna", "player2": "Bruno", "values_for": "fibur", "joker_value": "tanti"}, "valore del jolly"),
])
def test_a_bad_or_empty_new_game_form_says_why_and_saves_nothing(table, app, fields, message):
    resp = table.post("/games/new", fields)
    assert resp.status_code == 400
    assert message in text(resp)
    with app.app_context():
        from webapp.db import db
        from webapp.models import GameRow
        assert db.session.query(GameRow).count() == 0


def test_a_player_name_with_html_is_shown_as_text(table):
    game = table.new_game(("<script>alert(1)</script>", "<b>Bruno</b>"))
    for url in (f"/games/{game}", "/evenings/1", f"/games/new?after={game}"):
        page = text(table.get(url))
        assert "<script>alert(1)</script>" not in page and "<b>Bruno</b>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    draft = table.open_hand(game)
    page = text(table.get(f"/drafts/{draft}"))
    assert "<script>alert(1)</script>" not in page and "<b>Bruno</b>" not in page


def test_a_paper_sheet_hand_adds_up_and_undo_takes_it_back(table):
    game = table.new_game(("Anna", "Bruno"), end="1005")
    assert sheet(table, game, 640, -120).status_code == 302
    page = text(table.get(f"/games/{game}"))
    assert 'data-side="0">640<' in page and 'data-side="1">-120<' in page
    resp = table.post(f"/games/{game}/undo", {"number": "1"})
    assert resp.status_code == 302
    page = text(table.get(f"/games/{game}"))
    assert 'data-side="0">0<' in page and "Smazzata 1 annullata" in page


def test_undo_names_the_hand_it_undoes_so_two_phones_undo_only_one(table):
    game = table.new_game(("Anna", "Bruno"))
    sheet(table, game, 100, 50)
    sheet(table, game, 30, 20)
    assert table.post(f"/games/{game}/undo", {"number": "2"}).status_code == 302
    table.post(f"/games/{game}/undo", {"number": "2"})           # the second phone's tap
    page = text(table.get(f"/games/{game}"))
    assert 'data-side="0">100<' in page and "Nulla è stato annullato" in page


@pytest.mark.parametrize("points", [("", ""), ("340", "tanti"), ("", "20")])
def test_a_paper_sheet_with_an_empty_or_bad_total_says_why(table, points):
    game = table.new_game(("Anna", "Bruno"))
    resp = sheet(table, game, *points)
    assert resp.status_code == 400 and "numero intero" in text(resp)
    assert "<tr><td>1" not in text(table.get(f"/games/{game}"))


def test_the_same_paper_sheet_sent_twice_is_saved_once(table):
    game = table.new_game(("Anna", "Bruno"))
    sheet(table, game, 100, 50, number=1)
    resp = sheet(table, game, 100, 50, number=1)
    page = text(table.get(f"/games/{game}", follow_redirects=True))
    assert resp.status_code == 302 and page.count("<tr><td>") == 1 and 'data-side="0">100<' in page


def test_the_game_ends_with_a_winner_and_refuses_more_hands(table):
    game = table.new_game(("Anna", "Bruno"), end="1005")
    sheet(table, game, 1100, 200)
    page = text(table.get(f"/games/{game}"))
    assert "La partita è finita: ha vinto Anna." in page and 'id="score-hand"' not in page
    assert 'href="/games/new?after=' in page
    assert sheet(table, game, 10, 10).status_code == 400
    resp = table.post(f"/games/{game}/hand", follow_redirects=True)
    assert "La partita è finita" in text(resp)


def test_a_one_hand_game_can_end_in_a_tie(table):
    game = table.new_game(("Anna", "Bruno"), end="single")
    sheet(table, game, 150, 150)
    assert "La partita è finita: pareggio." in text(table.get(f"/games/{game}"))


def test_a_new_game_waits_for_the_current_one_to_end(table):
    table.new_game(("Anna", "Bruno"))
    game = table.new_game(("Anna", "Bruno"))
    sheet(table, game, 100, 50)
    resp = table.post("/games/new", {"player1": "Carla", "player2": "Dino"})
    assert resp.status_code == 400 and "not over" in text(resp)


def test_the_next_game_starts_with_the_same_players(table):
    game = table.new_game(("Anna", "Bruno", "Carla"), profile="vipgames")
    page = text(table.get(f"/games/new?after={game}"))
    assert 'value="Anna"' in page and 'value="Carla"' in page and '<option value="vipgames" selected>' in page


def test_three_players_each_score_as_their_own_side(table):
    game = table.new_game(("Anna", "Bruno", "Carla"), profile="fibur")
    draft = table.open_hand(game)

    def hand(state):
        state["solo"] = "Bruno"
        state["teams"][0]["melds"] = [cards("AH", "AD", "AC")]
        state["teams"][1]["melds"] = [cards("8S", "9S", "10S")]
    assert table.edit(draft, hand).status_code == 200
    assert table.confirm(draft).status_code == 302
    page = text(table.get(f"/games/{game}"))
    assert re.search(r"Anna</span>\s*<span class=\"points\" data-side=\"0\">30<", page)
    assert 'data-side="1">45<' in page and 'data-side="2">30<' in page

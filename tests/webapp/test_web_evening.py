"""The evening: every game, each player's and pair's totals across games, CSV and JSON."""
import csv
import io
import json

import pytest


def sheet(table, game, number, *points):
    data = {"number": str(number)} | {f"side{i}": str(p) for i, p in enumerate(points)}
    assert table.post(f"/games/{game}/sheet", data).status_code == 302


@pytest.fixture
def evening(table):
    first = table.new_game(("Anna", "Bruno", "Carla", "Dino"), end="single")
    sheet(table, first, 1, 300, 120)
    second = table.new_game(("Anna", "Bruno", "Carla", "Dino"), end="single", partners="12")
    sheet(table, second, 1, -50, 200)
    return 1


def test_the_evening_shows_every_game_and_the_totals(table, evening):
    page = table.get(f"/evenings/{evening}").get_data(as_text=True)
    assert page.count('<li><a href="/games/') == 2
    assert "<td>Anna</td><td>250</td><td>1</td>" in page and "<td>Dino</td><td>320</td><td>1</td>" in page
    assert "<td>Anna &amp; Carla</td><td>300</td>" in page and "<td>Carla &amp; Dino</td><td>200</td>" in page
    assert table.get("/evenings/current").headers["Location"] == f"/evenings/{evening}"


def test_the_evening_as_json(table, evening):
    resp = table.get(f"/evenings/{evening}.json")
    assert resp.headers["Content-Disposition"].startswith("attachment; filename=\"burraco-")
    data = json.loads(resp.data)
    assert data["player_totals"] == {"Anna": 250, "Bruno": 70, "Carla": 500, "Dino": 320}
    assert data["team_totals"] == {"Anna & Carla": 300, "Bruno & Dino": 120, "Anna & Bruno": -50,
                                   "Carla & Dino": 200}
    assert [g["totals"] for g in data["games"]] == [[300, 120], [-50, 200]]


def test_the_evening_as_csv(table, evening):
    rows = list(csv.reader(io.StringIO(table.get(f"/evenings/{evening}.csv").get_data(as_text=True))))
    assert rows[0] == ["game", "hand", "side", "players", "points", "game total"]
    assert rows[1:5] == [["1", "1", "1", "Anna & Carla", "300", "300"], ["1", "1", "2", "Bruno & Dino", "120", "120"],
                         ["2", "1", "1", "Anna & Bruno", "-50", "-50"], ["2", "1", "2", "Carla & Dino", "200", "200"]]
    assert ["Carla", "500", "2"] in rows and ["Anna & Carla", "300"] in rows


def test_a_name_that_a_spreadsheet_would_run_as_a_formula_is_quoted(table):
    game = table.new_game(("=HYPERLINK(\"x\")", "Bruno"), end="single")
    sheet(table, game, 1, 10, 5)
    text = table.get("/evenings/1.csv").get_data(as_text=True)
    assert "'=HYPERLINK" in text and "\n=HYPERLINK" not in text and ",=HYPERLINK" not in text


def test_a_new_evening_starts_empty_and_the_old_one_is_kept(table, evening):
    table.post("/evenings/new", {"name": "sabato"})
    assert table.get("/evenings/current").headers["Location"] == "/evenings/2"
    assert "sabato" in table.get("/evenings/2").get_data(as_text=True)
    assert table.get(f"/evenings/{evening}").get_data(as_text=True).count('<li><a href="/games/') == 2
    assert table.get("/evenings/99").status_code == 404

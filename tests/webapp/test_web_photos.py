"""Photos: a sample photo read into a team's melds or hand (a fake reader stands in for the
trained models), every bad file refused with a clear message, and the photo step off with a
message while the models are missing."""
import io
import json

import numpy as np
import pytest
from PIL import Image

from conftest import SAMPLES_DIR

TABLE = SAMPLES_DIR / "eval_table_1.jpg"
HAND = SAMPLES_DIR / "eval_hand.jpg"


@pytest.fixture
def draft(table):
    return table.open_hand(table.new_game(("Anna", "Bruno")))


def names(cards):
    return [c["card"] for c in cards]


def test_a_photo_of_melds_becomes_the_teams_melds(table, draft, reader):
    resp = table.upload(draft, TABLE, team=0, kind="melds")
    assert resp.status_code == 200, resp.get_json()
    view = resp.get_json()
    melds = view["state"]["teams"][0]["melds"]
    assert [names(m) for m in melds] == [["2S", "5S", "4S", "5S", "6S", "7S", "8S"],
                                         ["6C", "7C", "8C", "9C", "10C", "JC", "JK"], ["7S", "JK", "7H"]]
    doubt = melds[0][1]
    assert doubt["conf"] < 0.6 and doubt["alts"][0] == ["3S", 0.41] and doubt["src"] == [view["photos"][0]["id"], 1]
    assert view["score"]["teams"][0]["melds"][0]["valid"] is False      # 2S 5S 4S ... until it is fixed
    assert reader.calls == 1
    photo = table.get(view["photos"][0]["url"])
    assert photo.status_code == 200 and photo.mimetype == "image/jpeg"
    assert Image.open(io.BytesIO(photo.data)).size == (1600, 1355)      # kept at most 1600 px wide


def test_a_corner_the_reader_could_not_read_comes_with_the_photo_in_the_pages_language(table, draft):
    """The hand photo's reading holds an unread_corner flag (fake_reader.UNREAD): the page gets its
    place, to draw on the photo, and its message in Italian, in the list of doubts as on the photo."""
    view = table.upload(draft, HAND, team=1, kind="hand").get_json()
    on_photo = next(f for f in view["photos"][0]["reading"]["flags"] if f["kind"] == "unread_corner")
    assert on_photo["boxes"] == [[40.0, 30.0, 70.0, 75.0]]
    assert on_photo["message"].startswith("l'angolo di una carta si vede ma non si legge")
    listed = next(f for f in view["state"]["flags"] if f["kind"] == "unread_corner")
    assert listed["message"] == on_photo["message"] and listed["photo"] == view["photos"][0]["id"]


def test_two_photos_of_the_same_melds_count_each_meld_once(table, draft):
    one = table.upload(draft, TABLE, team=0, kind="melds").get_json()
    view = table.upload(draft, TABLE, team=0, kind="melds").get_json()
    assert [names(m) for m in view["state"]["teams"][0]["melds"]] == \
        [names(m) for m in one["state"]["teams"][0]["melds"]]
    assert view["score"]["teams"][0]["total"] == one["score"]["teams"][0]["total"]
    second = view["photos"][1]["id"]
    notes = [f for f in view["state"]["flags"] if f["kind"] == "seen_twice"]
    assert [(f["photo"], f["team"], f["level"]) for f in notes] == [(second, 0, "note")] * 3
    assert notes[2]["message"] == "7S JK 7H è anche in una foto precedente di questa squadra: contato una volta sola"


def test_photos_of_other_melds_or_of_the_other_team_add_their_melds(table, draft):
    table.upload(draft, TABLE, team=0, kind="melds")
    table.upload(draft, TABLE, team=1, kind="melds")
    view = table.upload(draft, SAMPLES_DIR / "eval_table_2.jpg", team=0, kind="melds").get_json()
    teams = view["state"]["teams"]
    assert len(teams[0]["melds"]) == 3 + 8 and len(teams[1]["melds"]) == 3
    assert not [f for f in view["state"]["flags"] if f["kind"] == "seen_twice"]


def test_the_same_hand_photographed_twice_is_a_doubt_on_the_page(table, draft):
    table.upload(draft, HAND, team=1, kind="hand")
    view = table.upload(draft, HAND, team=1, kind="hand").get_json()
    assert len(view["state"]["teams"][1]["hand"]) == 2 * 12          # counted twice, as sent
    flag = next(f for f in view["state"]["flags"] if f["kind"] == "hand_twice")
    assert flag["level"] == "check" and flag["team"] == 1 and flag["photo"] == view["photos"][1]["id"]
    assert "la stessa mano fotografata due volte?" in flag["message"]
    other = table.upload(draft, HAND, team=0, kind="hand").get_json()      # the other team: no doubt
    assert [f["team"] for f in other["state"]["flags"] if f["kind"] == "hand_twice"] == [1]


def _photo(cards: list[str], melds: list[list[int]], cut: list[int] = ()) -> dict:
    return {"corners": [], "cards": [{"card": c, "confidence": 0.99, "corners": []} for c in cards],
            "melds": melds, "flags": [{"kind": "cut_by_edge", "level": "check", "meld": m, "cards": melds[m],
                                       "message": "cut"} for m in cut]}


def test_a_meld_cut_by_one_photos_edge_is_completed_by_the_next_photo_once():
    from webapp import drafts
    state = {"teams": [{"melds": [], "hand": [], "no_cards": False, "pozzetto": True} for _ in range(2)],
             "flags": []}
    # photo 1: 5H 6H 7H running off the edge, and a group; photo 2: the whole run, the group, a new meld
    state = drafts.add_reading(state, 0, "melds", 1, _photo(["5H", "6H", "7H", "9C", "9D", "9S"],
                                                             [[0, 1, 2], [3, 4, 5]], cut=[0]))
    assert [f["kind"] for f in state["flags"]] == ["cut_by_edge"]
    state = drafts.add_reading(state, 0, "melds", 2, _photo(["9C", "9D", "9S", "5H", "6H", "7H", "8H", "KS", "KD",
                                                             "KC"], [[0, 1, 2], [3, 4, 5, 6], [7, 8, 9]]))
    melds = [[c["card"] for c in m] for m in state["teams"][0]["melds"]]
    assert melds == [["5H", "6H", "7H", "8H"], ["9C", "9D", "9S"], ["KS", "KD", "KC"]]
    assert [c["src"] for c in state["teams"][0]["melds"][0]] == [[2, 3], [2, 4], [2, 5], [2, 6]]
    assert [(f["kind"], f["photo"]) for f in state["flags"]] == [("seen_twice", 2), ("seen_twice", 2)]
    # a third photo cut at the edge again adds nothing, and no new doubt
    state = drafts.add_reading(state, 0, "melds", 3, _photo(["6H", "7H", "8H"], [[0, 1, 2]], cut=[0]))
    assert len(state["teams"][0]["melds"]) == 3
    assert [f["kind"] for f in state["flags"]].count("cut_by_edge") == 0


def test_fixing_the_misread_card_gives_the_true_score(table, draft):
    table.upload(draft, TABLE, team=0, kind="melds")

    def fix(state):
        state["teams"][0]["melds"][0][1]["card"] = "3S"
    teams = table.edit(draft, fix).get_json()["score"]["teams"]
    melds = teams[0]["melds"]
    assert [m["burraco"] for m in melds] == ["pulito", "sporco", None] and all(m["valid"] for m in melds)
    truth = json.loads(TABLE.with_suffix(".json").read_text())["expected_score"]
    assert (teams[0]["meld_points"], teams[0]["burraco_bonus"]) == (truth["meld_points"], truth["burraco_bonus"])
    assert melds == truth["melds"]


def test_a_photo_of_a_hand_becomes_the_cards_left_in_hand(table, draft):
    view = table.upload(draft, HAND, team=1, kind="hand").get_json()
    assert names(view["state"]["teams"][1]["hand"]) == ["8C", "6D", "8D", "7S", "AD", "4D", "4H", "7H", "9D",
                                                         "7S", "7H", "QS"]
    assert view["score"]["teams"][1]["hand_points"] == -(10 * 4 + 5 * 7 + 15)


def truncated_jpeg() -> bytes:
    data = TABLE.read_bytes()
    return data[: len(data) // 3]


def huge_png() -> bytes:
    out = io.BytesIO()
    Image.new("L", (10_000, 10_000)).save(out, "PNG")      # 100 megapixels in a small file
    return out.getvalue()


@pytest.mark.parametrize("data, name, message", [
    (b"%PDF-1.4 not a photo at all", "score.pdf", "non è una foto"),
    (b"\xff\xd8\xff\xe0 but nothing after", "broken.jpg", "non si può leggere"),
    (truncated_jpeg(), "cut.jpg", "il file è troncato"),
    (huge_png(), "huge.png", "è 10000x10000 (100 megapixel); il limite è 60 megapixel"),
    (b"", "empty.jpg", "Prima scegli una foto"),
])
def test_a_bad_file_is_refused_with_a_clear_message_and_nothing_changes(table, draft, reader, data, name, message):
    before = table.state(draft)
    resp = table.upload(draft, data, name=name)
    assert resp.status_code == 400 and message in resp.get_json()["error"]
    after = table.state(draft)
    assert after["version"] == before["version"] and after["photos"] == [] and reader.calls == 0


def test_a_photo_form_without_a_file_team_or_kind_says_what_is_missing(table, draft):
    headers = {"X-CSRFToken": table.token, "Accept": "application/json"}
    resp = table.client.post(f"/drafts/{draft}/photos", data={}, headers=headers)
    assert resp.status_code == 400 and "Indica di chi è la foto" in resp.get_json()["error"]
    resp = table.client.post(f"/drafts/{draft}/photos", data={"team": "0", "kind": "melds"}, headers=headers)
    assert resp.status_code == 400 and "Prima scegli una foto" in resp.get_json()["error"]


def test_an_upload_over_the_size_limit_is_refused(table, draft, app):
    app.config["MAX_CONTENT_LENGTH"] = 1024 * 1024
    resp = table.upload(draft, b"\xff\xd8\xff" + bytes(2 * 1024 * 1024))
    assert resp.status_code == 413 and "troppo grande" in resp.get_json()["error"]


def test_without_the_trained_models_the_photo_step_is_off_with_a_message(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("BURRACO_MODELS", str(tmp_path / "no-models"))
    from conftest import Table
    app = make_app(READER=None)
    table = Table(app.test_client())
    draft = table.open_hand(table.new_game(("Anna", "Bruno")))
    page = table.get(f"/drafts/{draft}").get_data(as_text=True)
    assert 'id="reader-off"' in page and "mancano i modelli addestrati" in page
    assert 'id="shot-melds-0"' not in page and 'id="rank-K"' in page           # the grid still works
    resp = table.upload(draft, TABLE)
    assert resp.status_code == 503 and "inserisci le carte dalla griglia" in resp.get_json()["error"]


def test_the_committed_models_read_a_sample_photo_through_the_page(make_app):
    """No fake: the real reader, with the models under models/, behind the upload."""
    from conftest import Table
    app = make_app(READER=None)
    table = Table(app.test_client())
    draft = table.open_hand(table.new_game(("Anna", "Bruno")))
    resp = table.upload(draft, HAND, team=1, kind="hand")
    assert resp.status_code == 200, resp.get_json()
    view = resp.get_json()
    read = names(view["state"]["teams"][1]["hand"])
    truth = json.loads(HAND.with_suffix(".json").read_text())["hand"]
    assert len(read) >= len(truth) // 2 and len(set(read) & set(truth)) >= len(set(truth)) // 2
    assert view["score"]["teams"][1]["hand_points"] < 0


def test_the_committed_models_group_a_table_photo_into_melds(make_app):
    from conftest import Table
    app = make_app(READER=None)
    table = Table(app.test_client())
    draft = table.open_hand(table.new_game(("Anna", "Bruno")))
    view = table.upload(draft, SAMPLES_DIR / "eval_table_2.jpg", team=0, kind="melds").get_json()
    melds = view["state"]["teams"][0]["melds"]
    truth = json.loads((SAMPLES_DIR / "eval_table_2.json").read_text())["melds"]
    assert len(melds) >= 2 and sum(len(m) for m in melds) >= sum(len(m) for m in truth) // 2
    assert max(len(m) for m in melds) < sum(len(m) for m in melds)     # not all in one heap


def test_a_large_photo_is_read_through_the_page_in_its_own_pixels(make_app):
    """No fake: a photo over 2,560 px is read from its half-size decode; the page gets the boxes
    in the photo's own pixels (it draws them as shares of the reading's size) and keeps a copy
    of that decode, over 1,280 px and no larger than 1,600."""
    from conftest import Table
    from vision.reader.evaluate import match_corners
    photo = SAMPLES_DIR / "eval_table_and_hand.jpg"                 # 2854 x 2935
    app = make_app(READER=None)
    table = Table(app.test_client())
    draft = table.open_hand(table.new_game(("Anna", "Bruno")))
    resp = table.upload(draft, photo, team=0, kind="melds")
    assert resp.status_code == 200, resp.get_json()
    reading = resp.get_json()["photos"][0]["reading"]
    assert reading["image"] == {"width": 2854, "height": 2935}
    truth = json.loads(photo.with_suffix(".json").read_text())
    boxes = [ix["box"] for c in truth["cards"] for ix in c["indices"] if ix["box"] and c["card"]]
    names = [c["card"] for c in truth["cards"] for ix in c["indices"] if ix["box"] and c["card"]]
    found = match_corners(np.array([c["box"] for c in reading["corners"]], np.float32).reshape(-1, 4),
                          [c["card"] for c in reading["corners"]], np.array(boxes, np.float32), names)
    assert found >= 0.9 * len(names)
    kept = Image.open(io.BytesIO(table.client.get(resp.get_json()["photos"][0]["url"]).data))
    assert 1280 < max(kept.size) <= 1600 and kept.size[0] < kept.size[1]

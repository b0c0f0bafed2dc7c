"""The table's key: a device without it can look but not change anything; the QR code and the
PIN give it; forms refuse requests from other sites."""
import pytest

from conftest import KEY, PIN, Table, csrf_token


@pytest.fixture
def game(table):
    return table.new_game(("Anna", "Bruno"))


def test_a_device_without_the_key_can_look_but_change_nothing(table, app, game):
    draft = table.open_hand(game)
    stranger = app.test_client()
    assert stranger.get(f"/games/{game}").status_code == 200
    assert stranger.get(f"/drafts/{draft}").status_code == 200
    assert stranger.get("/evenings/1").status_code == 200
    token = csrf_token(stranger)
    headers = {"X-CSRFToken": token, "Accept": "application/json"}
    changes = [("post", "/games/new", {"player1": "X", "player2": "Y"}), ("post", f"/games/{game}/hand", {}),
               ("post", f"/games/{game}/undo", {"number": "0"}),
               ("post", f"/games/{game}/sheet", {"number": "1", "side0": "10", "side1": "5"}),
               ("post", f"/drafts/{draft}/confirm", {"version": "1"}),
               ("post", f"/drafts/{draft}/photos", {"team": "0", "kind": "melds"}),
               ("post", "/evenings/new", {})]
    for method, url, data in changes:
        resp = getattr(stranger, method)(url, data=dict(data, csrf_token=token), headers=headers)
        assert resp.status_code == 403, url
        assert "può guardare ma non cambiare nulla" in resp.get_json()["error"]
    resp = stranger.put(f"/drafts/{draft}/state", json={"version": 1, "state": {}}, headers=headers)
    assert resp.status_code == 403
    page = stranger.get(f"/games/{game}").get_data(as_text=True)
    assert "<tr><td>1" not in page and 'id="score-hand"' not in page and 'name="pin"' in page


def test_the_key_in_the_qr_link_lets_a_phone_score(app, game):
    phone = app.test_client()
    resp = phone.get(f"/join?key={KEY}", follow_redirects=True)
    assert "Ora questo dispositivo può segnare i punti." in resp.get_data(as_text=True)
    assert 'id="score-hand"' in phone.get(f"/games/{game}").get_data(as_text=True)


def test_a_wrong_key_gives_nothing(app, game):
    phone = app.test_client()
    resp = phone.get("/join?key=guess", follow_redirects=True)
    assert "non porta la chiave" in resp.get_data(as_text=True)
    assert 'id="score-hand"' not in phone.get(f"/games/{game}").get_data(as_text=True)


def test_the_pin_lets_a_phone_score_and_guessing_it_is_stopped(app, game):
    phone = app.test_client()
    token = csrf_token(phone)
    resp = phone.post("/pin", data={"pin": "000000", "csrf_token": token}, follow_redirects=True)
    assert "PIN sbagliato" in resp.get_data(as_text=True)
    phone.post("/pin", data={"pin": PIN, "csrf_token": token})
    assert 'id="score-hand"' in phone.get(f"/games/{game}").get_data(as_text=True)
    guesser = app.test_client()
    token = csrf_token(guesser)
    codes = [guesser.post("/pin", data={"pin": f"{n:06d}", "csrf_token": token}).status_code for n in range(9)]
    assert codes[-1] == 429
    resp = guesser.post("/pin", data={"pin": PIN, "csrf_token": token})
    assert resp.status_code == 429 and "Troppi PIN sbagliati" in resp.get_data(as_text=True)


def test_a_form_without_its_csrf_token_is_refused(app, game):
    phone = Table(app.test_client())
    resp = phone.client.post(f"/games/{game}/sheet", data={"number": "1", "side0": "10", "side1": "5"})
    assert resp.status_code == 400 and "La pagina era scaduta" in resp.get_data(as_text=True)
    resp = phone.client.put("/drafts/1/state", json={}, headers={"Accept": "application/json"})
    assert resp.status_code == 400
    assert "<tr><td>1" not in phone.get(f"/games/{game}").get_data(as_text=True)


def test_the_qr_code_carries_the_key_only_for_a_device_that_holds_it(app, table):
    import re
    stranger = app.test_client().get("/qr.svg")
    holder = table.get("/qr.svg")
    assert stranger.mimetype == holder.mimetype == "image/svg+xml"
    assert stranger.data != holder.data and re.search(rb"<svg", holder.data)


def test_the_page_installs_to_a_home_screen(client):
    manifest = client.get("/manifest.webmanifest")
    data = manifest.get_json(force=True)
    assert manifest.mimetype == "application/manifest+json" and data["display"] == "standalone"
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200
    assert 'rel="manifest"' in client.get("/").get_data(as_text=True)


def test_the_key_and_pin_are_made_once_and_kept(tmp_path):
    from webapp.table_key import load_or_create
    key, pin = load_or_create(tmp_path)
    assert len(key) >= 16 and len(pin) == 6 and pin.isdigit()
    assert load_or_create(tmp_path) == (key, pin)
    assert (tmp_path / "table.json").stat().st_mode & 0o077 == 0

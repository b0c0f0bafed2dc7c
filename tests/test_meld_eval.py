"""Oracle and perturbed corners from a truth file, and the meld lines of ``burraco eval``."""
from __future__ import annotations

import json

import numpy as np

from constructed import W, Table, truth
from vision.reader.eval_cli import eval_command
from vision.reader.evaluate import Report
from vision.reader.meld_eval import oracle_reading, tally_melds
from vision.reader.oracle import perturb, truth_corners, truth_same_way_up
from vision.reader.settings import PerturbSettings

MELDS = [["3H", "4H", "5H", "6H"], ["KS", "KD", "KC"], ["7C", "8C", "9C", "10C", "JC"]]


def _table() -> Table:
    t = Table()
    for i, m in enumerate(MELDS):
        t.meld(m, (100 + i * 1.3 * W, 100))
    return t


def _big_truth(n_melds: int = 60) -> dict:
    t, melds = Table(), []
    for i in range(n_melds):
        m = ["3H", "4H", "5H", "6H", "7H"]
        t.meld(m, (100 + (i % 10) * 1.3 * W, 100 + (i // 10) * 400))
        melds.append(m)
    return truth(t, melds, width=3000, height=2600)


def test_truth_corners_are_the_labelled_boxes_read_with_certainty():
    tr = truth(_table(), MELDS)
    corners, owner = truth_corners(tr)
    assert len(corners) == sum(len(c["indices"]) for c in tr["cards"])
    assert corners.names == [tr["cards"][o]["card"] for o in owner]
    assert np.all(corners.confidence == 1.0)


def test_perturbation_is_fixed_by_its_seed_and_errs_at_its_rates():
    tr = _big_truth()
    corners, _ = truth_corners(tr)
    a, b = perturb(corners, tr), perturb(corners, tr)
    assert np.array_equal(a.boxes, b.boxes) and np.array_equal(a.classes, b.classes)
    other = perturb(corners, tr, PerturbSettings(seed=99))
    assert not np.array_equal(other.classes, a.classes) or len(other) != len(a)
    heavy = perturb(corners, tr, PerturbSettings(drop=0.2, extra=0.1, misread=0.1))
    kept = len(heavy) - round(0.1 * len(corners))
    assert 0.7 * len(corners) < kept < 0.9 * len(corners)
    # a misread corner keeps the true card among its top three readings
    true_ids = {tuple(np.round(bx, 1)): c for bx, c in zip(corners.boxes, corners.classes[:, 0])}
    misread = [(row, true_ids[tuple(np.round(bx, 1))]) for bx, row in zip(heavy.boxes, heavy.classes)
               if tuple(np.round(bx, 1)) in true_ids and row[0] != true_ids[tuple(np.round(bx, 1))]]
    assert misread and all(t in row for row, t in misread)


def test_the_oracle_reads_a_clean_table_exactly():
    tr = truth(_table(), MELDS)
    rep = Report()
    tally_melds(rep, oracle_reading(tr).to_dict(), tr)
    assert (rep.tally("melds exact").hit, rep.tally("melds exact").total) == (3, 3)
    assert rep.tally("photo score exact").hit == 1
    assert rep.tally("silent errors").hit == 0


def test_a_wrong_score_with_no_flag_is_a_silent_error_and_with_one_it_is_not():
    tr = truth(_table(), MELDS)
    reading = oracle_reading(tr).to_dict()
    reading["melds"] = reading["melds"][:2]               # a meld lost, nothing said
    rep = Report()
    tally_melds(rep, reading, tr)
    assert rep.tally("silent errors").hit == 1 and rep.tally("photo score exact").hit == 0
    reading["flags"] = [{"kind": "stray_card", "level": "check", "cards": [], "meld": None, "message": "look"}]
    rep = Report()
    tally_melds(rep, reading, tr)
    assert rep.tally("silent errors").hit == 0 and rep.tally("photos with a doubt flag").hit == 1


def test_a_card_the_photo_does_not_show_leaves_the_meld_out_of_melds_exact():
    tr = truth(_table(), MELDS)
    hidden = next(c for c in tr["cards"] if c["card"] == "KD")
    hidden["indices"] = [{"visible": 0.0, "box": None}]
    rep = Report()
    tally_melds(rep, oracle_reading(tr).to_dict(), tr)
    assert rep.tally("melds shown whole").hit == 2 and rep.tally("melds exact").total == 2
    assert rep.tally("photos showing every card").hit == 0


def test_burraco_eval_oracle_prints_the_meld_lines(tmp_path, capsys):
    (tmp_path / "truth").mkdir()
    (tmp_path / "truth" / "000000.json").write_text(json.dumps(truth(_table(), MELDS)))
    assert eval_command([str(tmp_path), "--oracle"]) == 0
    out = capsys.readouterr().out
    assert "melds exact: 3/3 (100.0%)" in out
    assert "photo score exact: 1/1 (100.0%)" in out
    assert "silent errors: 0/1 (0.0%)" in out
    assert eval_command([str(tmp_path), "--oracle", "--perturb"]) == 0
    assert "silent errors:" in capsys.readouterr().out


def _card(name, x, y, turned=False, boxes=("tl", "br")):
    """A truth card entry: a 100 x 140 card with its top-left at (x, y), turned by 180 degrees
    when asked, with index boxes at the named corners (near: top-left; far: bottom-right)."""
    quad = [[x, y], [x + 100, y], [x + 100, y + 140], [x, y + 140]]
    if turned:
        quad = quad[2:] + quad[:2]
    spots = {"tl": (x + 5, y + 5), "br": (x + 80, y + 110)}
    return {"card": name, "role": "hand", "corners": quad,
            "indices": [{"visible": 1.0, "box": [*spots[b], spots[b][0] + 15, spots[b][1] + 25]} for b in boxes]}


def test_the_oracle_knows_which_way_up_each_index_is_printed():
    cards = [_card("QH", 0, 0), _card("QH", 300, 0, turned=True, boxes=("tl",))]
    check = truth_same_way_up({"cards": cards})
    # the first card's near and far corners are printed turned round against each other; the
    # second card lies upside down, so the index in its top-left place (its far one) shows
    # upright, as the first card's near one does
    assert not check(0, 1)
    assert check(0, 2) and not check(1, 2)


def test_the_oracle_keeps_two_copies_lying_the_same_way_two_cards_in_a_hand():
    # two QH of two decks, only their near corners showing, four index sizes apart: as a lone
    # pair they could be one card's two corners, but they are printed the same way up
    cards = [_card("QH", 0, 0, boxes=("tl",)), _card("QH", 70, 80, boxes=("tl",)), _card("5S", 400, 0)]
    t = {"kind": "hand", "width": 600, "height": 400, "cards": cards, "hand": ["QH", "QH", "5S"]}
    assert sorted(c.card for c in oracle_reading(t).cards) == ["5S", "QH", "QH"]


def _scaled(tr: dict, f: float) -> dict:
    """The same photo taken from closer or farther: every box and card outline scaled by ``f``."""
    out = json.loads(json.dumps(tr))
    out["width"], out["height"] = int(tr["width"] * f), int(tr["height"] * f)
    for card in out["cards"]:
        card["corners"] = [[v * f for v in xy] for xy in card["corners"]]
        for ix in card["indices"]:
            ix["box"] = [v * f for v in ix["box"]] if ix["box"] else ix["box"]
    return out


def _as_hand(tr: dict) -> dict:
    """A truth of the same cards lying as a hand (``--as hand``)."""
    from engine.scoring import score_json
    out = json.loads(json.dumps(tr))
    hand = [c["card"] for c in out["cards"]]
    for card in out["cards"]:
        card["role"] = "hand"
    team = {"name": "table", "melds": [], "hand": hand, "pozzetto": True, "closed": False}
    out.update(kind="hand", melds=[], hand=hand, score_input={"profile": "fibur", "teams": [team]})
    out["expected_score"] = score_json(out["score_input"])["teams"][0]
    return out


def test_eval_gives_the_photo_measures_per_band_of_the_photos_index_sizes(tmp_path):
    """Melds exact, photo score exact and hand score exact are also given for the photos of each
    band of index sizes (their labelled boxes' median), after the other lines."""
    from vision.reader.cli import hand_points
    from vision.reader.evaluate import SIZE_BANDS, band_name, evaluate, photo_band, synthetic_set
    near = truth(_table(), MELDS)
    size = float(np.median([max(b[2] - b[0], b[3] - b[1]) for c in near["cards"] for b in
                            (ix["box"] for ix in c["indices"])]))
    far = _scaled(near, 15.0 / size)                        # the same table from farther: 15 px indices
    far["image"], near["image"] = "images/000001.jpg", "images/000000.jpg"
    hand = _as_hand(near)
    hand["image"] = "images/000002.jpg"
    (tmp_path / "truth").mkdir()
    for i, tr in enumerate((near, far, hand)):
        (tmp_path / "truth" / f"{i:06d}.json").write_text(json.dumps(tr))
    items = list(synthetic_set(tmp_path))
    near_band, far_band = photo_band(items[0].boxes), photo_band(items[1].boxes)
    assert far_band == "under 20 px" and near_band != far_band

    def read(item):
        reading = oracle_reading(item.truth).to_dict()
        if item.truth is items[1].truth:                    # the far photo loses a meld
            reading["melds"] = reading["melds"][:2]
        return reading

    rep = evaluate(iter(items), None, hand_points, read_item=read)
    lines = {name: (t.hit, t.total) for name, t in rep.by_size.items()}
    assert lines[f"melds exact, photos with indices {near_band}"] == (3, 3)
    assert lines[f"melds exact, photos with indices {far_band}"] == (2, 3)
    assert lines[f"photo score exact, photos with indices {near_band}"] == (1, 1)
    assert lines[f"photo score exact, photos with indices {far_band}"] == (0, 1)
    assert lines[f"hand score exact, photos with indices {near_band}"] == (1, 1)
    text = rep.text().splitlines()
    # every band of each measure, in order, after every other line
    names = [line.split(": ", 1)[0] for line in text]
    per_size = [f"{m}, photos with indices {band_name(lo, hi)}"
                for m in ("hand score exact", "melds exact", "photo score exact") for lo, hi in SIZE_BANDS]
    assert names[-len(per_size):] == per_size
    assert not set(per_size) & set(names[:-len(per_size)])
    assert "melds exact: 5/6 (83.3%)" in text

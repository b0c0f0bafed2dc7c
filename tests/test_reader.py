"""The card reader end to end, with the committed models: `burraco read`, `eval`, `bench`, and
reading in a fresh virtual environment that has no torch."""
import json
import os
import subprocess
import venv
from pathlib import Path

import numpy as np
import pytest

from engine.card import Card
from engine.cli import main
from vision.reader import cli
from vision.reader.evaluate import match_corners
from vision.reader.reader import CardReader, models_dir

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_images"
PHOTOS = sorted(SAMPLES.glob("eval_*.jpg"))


@pytest.fixture(scope="module")
def reader():
    return CardReader()


def _truth(photo: Path):
    truth = json.loads(photo.with_suffix(".json").read_text())
    boxes, names = [], []
    for card in truth["cards"]:
        for ix in card["indices"]:
            if ix["box"] and card["card"]:
                boxes.append(ix["box"])
                names.append(card["card"])
    return truth, np.array(boxes, np.float32).reshape(-1, 4), names


def test_models_are_committed():
    for name in ("detector.onnx", "classifier.onnx"):
        path = models_dir() / name
        assert path.is_file() and path.stat().st_size < 20 * 1024 * 1024, path


def test_a_large_photo_is_read_from_its_half_size_decode_as_well_as_whole(reader):
    """A photo over twice the first look's side is decoded at half its size, which that look
    shrinks anyway: its corners, in the photo's own pixels, are those of the photo read whole."""
    from vision.reader.photo import load_photo
    photo = SAMPLES / "eval_table_and_hand.jpg"          # 2854 x 2935
    shrunk = reader.open(photo)
    assert shrunk.shrunk and max(shrunk.image.shape[:2]) * 2 == pytest.approx(2935, abs=1)
    fast, whole = reader.read(shrunk), reader.read(load_photo(photo))
    assert (fast.width, fast.height) == (whole.width, whole.height) == (2854, 2935)
    truth, boxes, names = _truth(photo)
    assert match_corners(fast.corners.boxes, fast.corners.names, boxes, names) >= \
        match_corners(whole.corners.boxes, whole.corners.names, boxes, names) - 1
    same = match_corners(fast.corners.boxes, fast.corners.names, whole.corners.boxes, whole.corners.names)
    assert same >= 0.95 * len(whole.corners)


@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.name)
def test_read_json_contract(photo, capsys):
    assert main(["read", str(photo), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    truth, boxes, names = _truth(photo)
    assert out["image"] == {"width": truth["width"], "height": truth["height"]}
    assert set(out) >= {"image", "corners", "cards", "melds", "flags"}
    for c in out["corners"]:
        Card.parse(c["card"])
        x1, y1, x2, y2 = c["box"]
        assert 0 <= x1 <= x2 <= truth["width"] and 0 <= y1 <= y2 <= truth["height"]
        assert 0 < c["confidence"] <= 1
        assert all(p <= c["confidence"] for _, p in c["alternatives"])
    used = sorted(k for card in out["cards"] for k in card["corners"])
    assert used == list(range(len(out["corners"])))              # every corner in exactly one card
    for card in out["cards"]:
        assert {out["corners"][k]["card"] for k in card["corners"]} == {card["card"]}


def test_reads_most_corners_of_the_sample_photos(reader):
    """A floor well below what `burraco eval` measures, to catch a broken model or pipeline."""
    hits = total = 0
    for photo in PHOTOS:
        _, boxes, names = _truth(photo)
        reading = reader.read(photo).to_dict()
        pred = np.array([c["box"] for c in reading["corners"]], np.float32).reshape(-1, 4)
        hits += match_corners(pred, [c["card"] for c in reading["corners"]], boxes, names)
        total += len(names)
    assert hits / total >= 0.5, f"{hits}/{total}"


def test_a_surely_found_corner_no_reading_keeps_is_returned_unread(reader, monkeypatch):
    """Of the detector's boxes, those found surely and taken for an index whose reading is too
    unsure to keep come back as unread (a card may be missing); boxes read as "not an index", weak
    finds and boxes on a kept corner do not."""
    from vision.classes import READER_CLASSES
    boxes = np.array([[100, 100, 130, 140],      # read surely: kept
                      [300, 100, 330, 140],      # found surely, read unsurely: unread
                      [500, 100, 530, 140],      # "not an index"
                      [700, 100, 730, 140],      # too weak a find
                      [104, 104, 134, 144]], np.float32)   # on the kept corner, read unsurely
    scores = np.array([0.9, 0.5, 0.5, 0.1, 0.5], np.float32)
    n = len(READER_CLASSES)
    probs = np.full((5, n), 0.5 / (n - 1), np.float32)
    probs[0, READER_CLASSES.index("7H")] = 0.99
    probs[1, READER_CLASSES.index("3S")] = 0.2
    probs[2, READER_CLASSES.index("none")] = 0.9
    probs[4, READER_CLASSES.index("5H")] = 0.2
    monkeypatch.setattr(reader.detector, "detect", lambda image, first=None: (boxes, scores))
    monkeypatch.setattr(reader.classifier, "probabilities", lambda image, b: probs[[int(np.argmin(
        np.abs(boxes - x).sum(axis=1))) for x in b]])
    corners, unread = reader.corners_and_unread(np.zeros((400, 800, 3), np.uint8))
    assert corners.names == ["7H"]
    assert unread.tolist() == [[300, 100, 330, 140]]
    assert reader.corners(np.zeros((400, 800, 3), np.uint8)).names == ["7H"]


def test_a_tiny_box_read_as_a_joker_is_neither_kept_nor_unread(reader, monkeypatch):
    """A box read surely as a joker but far shorter than the photo's other indices (printed text
    beside the cards) is thrown out as no index: not a corner, no card left out, and no box for
    the second look to read again."""
    from vision.classes import READER_CLASSES
    boxes = np.array([[100 * k, 100, 100 * k + 30, 140] for k in range(1, 5)]
                     + [[600, 100, 606, 112], [700, 100, 730, 140]], np.float32)
    scores = np.full(len(boxes), 0.9, np.float32)
    n = len(READER_CLASSES)
    probs = np.full((len(boxes), n), 0.01 / (n - 1), np.float32)
    for k, name in enumerate(["7H", "8H", "9H", "10H", "JK", "JK"]):
        probs[k, READER_CLASSES.index(name)] = 0.99
    monkeypatch.setattr(reader.detector, "detect", lambda image, first=None: (boxes, scores))
    monkeypatch.setattr(reader.classifier, "probabilities", lambda image, b: probs[[int(np.argmin(
        np.abs(boxes - x).sum(axis=1))) for x in b]])
    corners, unread = reader.corners_and_unread(np.zeros((400, 800, 3), np.uint8))
    assert corners.names == ["7H", "8H", "9H", "10H", "JK"]
    assert corners.boxes[-1].tolist() == [700, 100, 730, 140]
    assert unread.shape == (0, 4)
    rest = reader._find(np.zeros((400, 800, 3), np.uint8))[2]     # nor read again where a meld expects a card
    assert [600, 100, 606, 112] not in rest.tolist()


def test_read_as_hand_prints_the_points(capsys):
    assert main(["read", str(SAMPLES / "eval_hand.jpg"), "--as", "hand"]) == 0
    out = capsys.readouterr().out
    assert "cards:" in out and "hand points (fibur): -" in out


@pytest.mark.parametrize("content, reason", [(b"not a photo at all", "not an image"), (b"", "empty")])
def test_bad_files_exit_2_with_one_line(tmp_path, capsys, content, reason):
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(content)
    assert main(["read", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err and "bad.jpg" in err


def test_truncated_jpeg_exits_2(tmp_path, capsys):
    data = (SAMPLES / "eval_hand.jpg").read_bytes()
    bad = tmp_path / "cut.jpg"
    bad.write_bytes(data[: len(data) // 3])
    assert main(["read", str(bad)]) == 2
    assert "truncated" in capsys.readouterr().err


def test_missing_models_are_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("BURRACO_MODELS", str(tmp_path))
    assert main(["read", str(PHOTOS[0])]) == 2
    assert "no trained model" in capsys.readouterr().err


def test_eval_prints_the_contract_lines(tmp_path, capsys):
    # a synthetic set of one photo, in the layout `burraco synth` writes
    (tmp_path / "truth").mkdir()
    (tmp_path / "images").mkdir()
    truth = json.loads((SAMPLES / "eval_hand.json").read_text())
    truth["image"] = "images/p.jpg"
    (tmp_path / "truth" / "p.json").write_text(json.dumps(truth))
    (tmp_path / "images" / "p.jpg").write_bytes((SAMPLES / "eval_hand.jpg").read_bytes())
    assert main(["eval", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for name in ("corner recall", "corner precision", "cards exact", "hand score exact", "hand silent errors"):
        line = next(line for line in out.splitlines() if line.startswith(name + ": "))
        hit, total = line.split(": ")[1].split(" ")[0].split("/")
        assert 0 <= int(hit) <= int(total)


def test_a_hand_photo_scored_wrong_with_no_doubt_flag_is_a_hand_silent_error():
    from vision.reader.cli import hand_points
    from vision.reader.evaluate import Labelled, evaluate
    box = {"box": [10, 10, 30, 40], "visible": 1.0}
    truth = {"kind": "hand", "expected_score": {"hand_points": -(5 + 10 + 30)},
             "cards": [{"card": c, "role": "hand", "indices": [box]} for c in ("7H", "KS", "JK")]}
    item = Labelled(Path("p.jpg"), np.array([box["box"]] * 3, np.float32), ["7H", "KS", "JK"], truth)

    def measured(cards: list[str], flags: list[dict]) -> tuple[str, str]:
        reading = {"corners": [], "cards": [{"card": c, "corners": []} for c in cards], "flags": flags}
        rep = evaluate(iter([item]), None, hand_points, read_item=lambda it: reading)
        return rep.tally("hand score exact").line("x"), rep.tally("hand silent errors").line("x")

    doubt = [{"kind": "score_doubt", "level": "check", "cards": [0], "meld": None, "message": "6H?"}]
    note = [dict(doubt[0], level="note")]
    assert measured(["7H", "KS", "JK"], []) == ("x: 1/1 (100.0%)", "x: 0/1 (0.0%)")
    assert measured(["6H", "KS"], []) == ("x: 0/1 (0.0%)", "x: 1/1 (100.0%)")        # wrong, nothing said
    assert measured(["6H", "KS"], note) == ("x: 0/1 (0.0%)", "x: 1/1 (100.0%)")      # a note is no doubt
    assert measured(["6H", "KS"], doubt) == ("x: 0/1 (0.0%)", "x: 0/1 (0.0%)")


def test_bench_prints_the_median(capsys):
    assert main(["bench", str(PHOTOS[0]), "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "median read:" in out and "grouped" not in out


def test_bench_times_the_grouping_when_asked(capsys, monkeypatch):
    kinds = []
    real = cli.read_table
    monkeypatch.setattr(cli, "read_table", lambda reading, kind: kinds.append(kind) or real(reading, kind))
    assert main(["bench", str(PHOTOS[0]), "--repeat", "1", "--as", "both"]) == 0
    assert kinds == ["both", "both"]                     # the warm-up read and the timed one
    assert capsys.readouterr().out.rstrip().endswith("over 1 photos (grouped as both)")


def test_a_fresh_environment_without_torch_reads_a_photo(tmp_path):
    """The run-time install: the project without the train extra, in a new virtual environment."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    pip = subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(ROOT)],
                         capture_output=True, text=True, timeout=900)
    assert pip.returncode == 0, pip.stderr[-2000:]
    probe = "import importlib.util as u; print(u.find_spec('torch') is None and u.find_spec('ultralytics') is None)"
    assert subprocess.run([str(py), "-c", probe], capture_output=True, text=True).stdout.strip() == "True"
    env = dict(os.environ, BURRACO_MODELS=str(models_dir()))
    run = subprocess.run([str(env_dir / "bin" / "burraco"), "read", str(SAMPLES / "eval_hand.jpg"), "--json"],
                         capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert len(json.loads(run.stdout)["corners"]) > 0


def test_a_quarter_turned_photo_reads_the_same():
    """Read at the four quarter turns, the readings of a photo turned by 90 degrees nearly match
    those of the photo as taken; read once, they differ several times more."""
    from vision.reader.classifier import IndexClassifier
    from vision.reader.photo import load_photo
    from vision.reader.settings import ReaderSettings

    photo = PHOTOS[0]
    image = load_photo(photo).image
    _, boxes, _ = _truth(photo)
    boxes = boxes[:12]
    w = image.shape[1]
    turned = np.ascontiguousarray(np.rot90(image))            # (x, y) -> (y, w - x)
    x1, y1, x2, y2 = boxes.T
    turned_boxes = np.stack([y1, w - x2, y2, w - x1], 1)
    gaps = {}
    for turns in (1, 4):
        classifier = IndexClassifier(models_dir() / "classifier.onnx",
                                     ReaderSettings(read_turns=turns, turn_below=1.01))
        p, q = classifier.probabilities(image, boxes), classifier.probabilities(turned, turned_boxes)
        assert p.shape == (len(boxes), 54)
        np.testing.assert_allclose(p.sum(axis=1), 1.0, atol=1e-4)
        gaps[turns] = float(np.abs(p - q).max())
    assert (p.argmax(axis=1) == q.argmax(axis=1)).all()
    assert gaps[4] < 0.15 and gaps[4] < gaps[1] / 3, gaps


def test_eval_gives_recall_and_precision_per_band_of_index_sizes():
    from vision.reader.cli import hand_points
    from vision.reader.evaluate import Labelled, evaluate
    # labelled: a small 7H (15 px), a middling KS (30 px), a large 9D (50 px)
    true = np.array([[0, 0, 10, 15], [100, 0, 120, 30], [200, 0, 230, 50]], np.float32)
    item = Labelled(Path("p.jpg"), true, ["7H", "KS", "9D"])
    # read: the 7H right, the KS misread as KC, the 9D right, and a false 4C of 45 px
    read = {"corners": [{"card": n, "box": b} for n, b in (("7H", [0, 0, 10, 15]), ("KC", [100, 0, 120, 30]),
                                                             ("9D", [200, 0, 230, 50]), ("4C", [400, 0, 420, 45]))],
            "cards": [], "flags": []}
    rep = evaluate(iter([item]), None, hand_points, read_item=lambda it: read)
    lines = {name: (t.hit, t.total) for name, t in rep.lines.items()}
    assert lines["corner recall, indices under 20 px"] == (1, 1)
    assert lines["corner recall, indices 20-40 px"] == (0, 1)
    assert lines["corner recall, indices 40 px and more"] == (1, 1)
    assert lines["corner precision, indices under 20 px"] == (1, 1)
    assert lines["corner precision, indices 20-40 px"] == (0, 1)
    assert lines["corner precision, indices 40 px and more"] == (1, 2)
    assert lines["corner recall"] == (2, 3)

"""``burraco synth`` end to end on the real design registry: files, formats, reserved designs."""
import csv
import json

import cv2
import numpy as np
import pytest

from engine.cli import main
from vision.classes import CLASS_NAMES
from vision.synth.designs import designs_for
from vision.synth.synth_settings import SynthSettings

# reserved by issue 3 (anglo_modern_4_color is the same artwork as anglo_modern)
RESERVED_GNOME = {"guyenne-classic", "anglo_modern", "anglo_modern_4_color"}


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    out = tmp_path_factory.mktemp("synth")
    assert main(["synth", "--out", str(out), "--n", "3", "--seed", "4", "--designs", "train", "--workers", "1"]) == 0
    return out


def _yolo(path):
    rows = [line.split() for line in path.read_text().splitlines()]
    return np.array([[float(v) for v in r] for r in rows]).reshape(-1, 5)


def test_photos_labels_and_truth(dataset):
    images = sorted((dataset / "images").glob("*.jpg"))
    assert [p.stem for p in images] == ["000000", "000001", "000002"]
    for img_path in images:
        img = cv2.imread(str(img_path))
        labels = _yolo(dataset / "labels" / f"{img_path.stem}.txt")
        truth = json.loads((dataset / "truth" / f"{img_path.stem}.json").read_text())
        assert img.shape[:2] == (truth["height"], truth["width"])
        assert len(labels) > 0
        assert ((labels[:, 0] >= 0) & (labels[:, 0] < len(CLASS_NAMES))).all()
        assert ((labels[:, 1:] > 0) & (labels[:, 1:] <= 1)).all()
        boxed = sorted(c["card"] for c in truth["cards"] for ix in c["indices"] if ix["box"] and c["card"])
        assert sorted(CLASS_NAMES[int(c)] for c in labels[:, 0]) == boxed


def test_tiles_are_native_scale_with_labels_inside(dataset):
    tiles = sorted((dataset / "tiles" / "images").glob("*.jpg"))
    assert tiles
    for t in tiles[:20]:
        assert cv2.imread(str(t)).shape[:2] == (320, 320)
        labels = _yolo(dataset / "tiles" / "labels" / f"{t.stem}.txt")
        if len(labels):
            x, y, w, h = labels[:, 1:].T
            assert ((x - w / 2 >= -1e-6) & (x + w / 2 <= 1 + 1e-6) & (y - h / 2 >= -1e-6) & (y + h / 2 <= 1 + 1e-6)).all()


def test_index_crops_and_negatives(dataset):
    with open(dataset / "crops.csv") as fh:
        rows = list(csv.DictReader(fh))
    labels = {r["label"] for r in rows}
    assert "none" in labels and labels - {"none"} <= set(CLASS_NAMES)
    n_boxes = sum(len(_yolo(p)) for p in (dataset / "labels").glob("*.txt"))
    assert sum(r["label"] != "none" for r in rows) == n_boxes * SynthSettings().crops_per_index
    assert cv2.imread(str(dataset / rows[0]["file"])).shape[:2] == (64, 64)


def test_training_set_uses_no_evaluation_design(dataset):
    manifest = json.loads((dataset / "manifest-000000.json").read_text())
    reserved = {f"gnome/{n}" for n in RESERVED_GNOME}
    assert manifest["designs_used"] and not set(manifest["designs_used"]) & reserved
    assert not any(d.startswith("npm/") for d in manifest["designs_used"])
    train = {d.name for d in designs_for("train")}
    assert not train & reserved and not any(n.startswith("npm/") for n in train)
    assert all(d.split == "train" for d in designs_for("train"))
    assert reserved <= {d.name for d in designs_for("eval")}


def test_same_seed_same_files(dataset, tmp_path):
    assert main(["synth", "--out", str(tmp_path), "--n", "1", "--seed", "4", "--start", "2", "--workers", "1",
                 "--no-tiles", "--no-crops"]) == 0
    assert (tmp_path / "labels" / "000002.txt").read_text() == (dataset / "labels" / "000002.txt").read_text()
    assert (tmp_path / "images" / "000002.jpg").read_bytes() == (dataset / "images" / "000002.jpg").read_bytes()


def test_real_artwork_only(tmp_path):
    assert main(["synth", "--out", str(tmp_path), "--n", "3", "--seed", "4", "--designs", "train", "--workers", "1",
                 "--procedural", "0", "--no-tiles", "--no-crops"]) == 0
    designs = {d for p in (tmp_path / "truth").glob("*.json") for d in json.loads(p.read_text())["designs"]}
    assert designs and not any(d.startswith("proc/") for d in designs)


def test_only_the_designs_named(tmp_path):
    """--only keeps the split's designs whose names match its patterns, nothing else."""
    assert main(["synth", "--out", str(tmp_path), "--n", "3", "--seed", "4", "--designs", "train", "--workers", "1",
                 "--only", "proc/*-1, proc/*-2", "--no-tiles", "--no-crops"]) == 0
    designs = {d for p in (tmp_path / "truth").glob("*.json") for d in json.loads(p.read_text())["designs"]}
    assert designs and all(d.startswith("proc/") and d.endswith(("-1", "-2")) for d in designs)
    assert json.loads((tmp_path / "manifest-000000.json").read_text())["only"] == "proc/*-1, proc/*-2"


def test_wide_fonts_draw_decks_of_their_own(tmp_path):
    """--fonts wide: the procedural decks come from the wide font set, under names of their own."""
    assert main(["synth", "--out", str(tmp_path), "--n", "3", "--seed", "4", "--designs", "train", "--workers", "1",
                 "--fonts", "wide", "--only", "proc/*", "--no-tiles", "--no-crops"]) == 0
    designs = {d for p in (tmp_path / "truth").glob("*.json") for d in json.loads(p.read_text())["designs"]}
    assert designs and all(d.startswith(f"proc/{SynthSettings.procedural_seed}-wide-") for d in designs)


def test_index_sizes_asked_for_make_larger_photos(tmp_path):
    assert main(["synth", "--out", str(tmp_path), "--n", "2", "--seed", "4", "--workers", "1", "--index-px", "90,100",
                 "--no-tiles", "--no-crops"]) == 0
    truths = [json.loads(p.read_text()) for p in (tmp_path / "truth").glob("*.json")]
    assert all(90 <= t["index_px"] <= 100 for t in truths)
    assert json.loads((tmp_path / "manifest-000000.json").read_text())["settings"]["index_px"] == [90, 100]


def test_bad_arguments(capsys):
    assert main(["synth", "--out", "/tmp/x", "--n", "0"]) == 2
    assert main(["synth", "--out", "/tmp/x", "--n", "1", "--procedural", "-1"]) == 2
    for bad in ("big", "60", "60,30", "0,10"):
        assert main(["synth", "--out", "/tmp/x", "--n", "1", "--index-px", bad]) == 2
        assert "--index-px must be two sizes" in capsys.readouterr().err
    capsys.readouterr()
    # a pattern that matches no design of the split (the reserved decks are not training designs)
    assert main(["synth", "--out", "/tmp/x", "--n", "1", "--only", "gnome/anglo_modern"]) == 2
    assert "no train design matches --only 'gnome/anglo_modern'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["synth", "--out", "/tmp/x", "--n", "1", "--designs", "everything"])


@pytest.mark.parametrize("workers", [1, 2])
def test_time_budget_stops_starting_photos(tmp_path, workers):
    """With --budget-min the set holds the photos finished by then, each with all its files."""
    # 1.8 s: long enough for a busy machine's workers to start and finish a photo, far too short for 300
    assert main(["synth", "--out", str(tmp_path), "--n", "300", "--seed", "9", "--workers", str(workers),
                 "--budget-min", "0.03"]) == 0
    manifest = json.loads((tmp_path / "manifest-000000.json").read_text())
    images = sorted(p.stem for p in (tmp_path / "images").glob("*.jpg"))
    assert 1 <= manifest["photos"] == len(images) < 300
    assert sorted(p.stem for p in (tmp_path / "labels").glob("*.txt")) == images
    with open(tmp_path / "crops.csv") as fh:
        photos_with_crops = {r["file"].split("/")[1].split("_")[0] for r in csv.DictReader(fh)}
    assert photos_with_crops == set(images)
    tiles = {p.stem.split("_")[0] for p in (tmp_path / "tiles" / "images").glob("*.jpg")}
    assert tiles <= set(images)

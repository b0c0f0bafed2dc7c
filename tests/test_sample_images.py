"""The committed sample photos: reserved designs only, and truth that the engine agrees with."""
import json
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from engine.meld import read_meld
from vision.classes import CLASS_NAMES

RESERVED_GNOME = {"guyenne-classic", "anglo_modern", "anglo_modern_4_color"}   # issue 3

FOLDER = Path(__file__).resolve().parents[1] / "sample_images"
TRUTHS = sorted(FOLDER.glob("eval_*.json"))


def test_there_are_table_and_hand_samples():
    kinds = {json.loads(p.read_text())["kind"] for p in TRUTHS}
    assert {"table", "hand"} <= kinds


@pytest.mark.parametrize("path", TRUTHS, ids=lambda p: p.stem)
def test_sample_matches_its_truth(path, tmp_path):
    truth = json.loads(path.read_text())
    img = cv2.imread(str(FOLDER / truth["image"]))
    assert img.shape[:2] == (truth["height"], truth["width"])
    assert all(d.startswith("npm/") or d.split("/")[1] in RESERVED_GNOME for d in truth["designs"])
    for meld, valid in zip(truth["melds"], truth["meld_valid"]):
        assert read_meld(meld).valid == valid
    labels = [line.split() for line in (FOLDER / truth["labels"]).read_text().splitlines()]
    boxed = sorted(c["card"] for c in truth["cards"] for ix in c["indices"] if ix["box"] and c["card"])
    assert sorted(CLASS_NAMES[int(r[0])] for r in labels) == boxed
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(truth["score_input"]))
    out = subprocess.run([sys.executable, "-m", "engine.cli", "score", str(hand)], capture_output=True, text=True)
    assert out.returncode == 0
    assert json.loads(out.stdout)["teams"][0] == truth["expected_score"]

"""Hard negatives: the detector's false alarms on a synthetic photo become "none" crops."""
import csv
import json
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
from vision.reader.corners import iou_matrix
from vision.reader.evaluate import synthetic_set
from vision.train.hard_negatives import MineSpec, mine_negatives, negatives_of

ROOT = Path(__file__).resolve().parents[1]
DETECTOR = ROOT / "models" / "detector.onnx"


def test_only_boxes_on_no_labelled_index_surest_first():
    truth = np.array([[0, 0, 10, 20], [100, 100, 110, 120]], np.float32)
    boxes = np.array([[1, 1, 11, 21],          # on an index: no negative
                      [50, 50, 60, 70],        # nothing there
                      [8, 0, 18, 20],          # a quarter on an index (IoU 0.11): a negative
                      [200, 0, 210, 20]], np.float32)
    scores = np.array([0.9, 0.3, 0.2, 0.6], np.float32)
    spec = MineSpec(Path("."), Path("."), DETECTOR, max_iou=0.15, per_photo=2)
    got = negatives_of(boxes, scores, truth, spec)
    assert got.tolist() == [[200, 0, 210, 20], [50, 50, 60, 70]]
    spec.per_photo = 10
    assert len(negatives_of(boxes, scores, truth, spec)) == 3
    assert len(negatives_of(boxes, scores, truth[:0], spec)) == 4


@pytest.mark.skipif(not DETECTOR.is_file(), reason="no committed detector")
def test_mined_crops_are_none_in_the_factory_format(tmp_path):
    data = tmp_path / "set"
    (data / "images").mkdir(parents=True)
    (data / "truth").mkdir()
    truth = json.loads((ROOT / "sample_images" / "eval_table_2.json").read_text())
    truth["image"] = "images/000012.jpg"
    shutil.copy(ROOT / "sample_images" / "eval_table_2.jpg", data / "images" / "000012.jpg")
    (data / "truth" / "000012.json").write_text(json.dumps(truth))
    out = tmp_path / "hard"
    summary = mine_negatives(MineSpec(data, out, DETECTOR, max_iou=0.15, per_photo=500), log=lambda m: None)
    rows = list(csv.DictReader(open(out / "crops.csv")))
    assert rows and summary == {"photos": 1, "negatives": len(rows)}
    assert {r["label"] for r in rows} <= {"none"}
    assert sorted(p.name for p in (out / "crops").iterdir()) == sorted(Path(r["file"]).name for r in rows)
    for r in rows:
        assert Path(r["file"]).name.startswith("000012_h")       # named after its photo: split by photo holds
        assert cv2.imread(str(out / r["file"])).shape == (64, 64, 3)
    # what was mined is exactly the detector's boxes off every labelled index
    from vision.reader.detector import CornerDetector
    image = cv2.imread(str(data / "images" / "000012.jpg"))
    boxes, scores = CornerDetector(DETECTOR).detect(image)
    labelled = next(synthetic_set(data)).boxes
    off = iou_matrix(boxes, labelled).max(axis=1) < 0.15
    assert len(rows) == int(off.sum())


def test_burraco_train_negatives_refuses_bad_arguments(tmp_path, capsys):
    from engine.cli import main
    (tmp_path / "set").mkdir()
    assert main(["train", "negatives", "--data", str(tmp_path / "set")]) == 2
    assert "needs one --data and an --out" in capsys.readouterr().err
    assert main(["train", "negatives", "--data", str(tmp_path / "set"), "--out", str(tmp_path / "o"),
                 "--models", str(tmp_path)]) == 2
    assert "no detector.onnx" in capsys.readouterr().err
    assert main(["train", "negatives", "--data", str(tmp_path / "nothing"), "--out", str(tmp_path / "o")]) == 2
    assert "no such data folder" in capsys.readouterr().err
    assert main(["train", "negatives", "--out", str(tmp_path / "o")]) == 2      # --data given to none
    assert "needs a --data folder" in capsys.readouterr().err

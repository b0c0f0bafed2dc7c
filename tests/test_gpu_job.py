"""The GPU training job's own parts: settings from flags, the factory phase from a pack, reading
ultralytics' results without polars, sizing the classifier's epochs. The whole job is rehearsed
on a CPU by ``tools/rehearse-gpu-job.sh`` (README, "Training on a lent GPU")."""
import json

import pytest

from vision.synth.pack import PACK_ENV, write_pack
from vision.synth.procedural_deck import procedural_designs
from vision.synth.synth_settings import SynthSettings
from vision.train.gpu_job import Job, JobSettings, classifier_epochs, main, measure_rate, results_columns

S = SynthSettings()


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    path = tmp_path_factory.mktemp("pack") / "one.pack"
    write_pack(procedural_designs(1, S.procedural_seed), path)
    return path


def test_flags_set_every_setting_and_a_missing_pack_is_refused(tmp_path, monkeypatch, capsys):
    seen = {}
    monkeypatch.setattr(Job, "run", lambda self: seen.update(settings=self.s) or 0)
    pack = tmp_path / "p.pack"
    pack.write_bytes(b"")
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--total-min", "1.5", "--photos", "7",
                 "--detector-model", "yolov8n.yaml", "--work", str(tmp_path / "w"), "--side-by-side", "false"]) == 0
    assert seen["settings"] == JobSettings(total_min=1.5, photos=7, detector_model="yolov8n.yaml",
                                           work=str(tmp_path / "w"), side_by_side=False)
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out")]) == 0
    assert seen["settings"] == JobSettings() and seen["settings"].side_by_side is True
    assert main(["--pack", str(tmp_path / "none.pack"), "--out", str(tmp_path / "out")]) == 2
    assert "no artwork pack" in capsys.readouterr().err
    # the detector continues the committed weights unless told otherwise; missing weights stop the job at once
    assert JobSettings().detector_init == "models/detector.pt"
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--detector-init", str(tmp_path / "no.pt")]) == 2
    assert "no detector weights to continue" in capsys.readouterr().err
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--detector-init", ""]) == 0
    assert seen["settings"].detector_init == ""
    # so may the classifier, from weights given
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--classifier-init", str(tmp_path / "no.pt")]) == 2
    assert "no classifier weights to continue" in capsys.readouterr().err
    (tmp_path / "c.pt").write_bytes(b"")
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--classifier-init", str(tmp_path / "c.pt")]) == 0
    assert seen["settings"].classifier_init == str(tmp_path / "c.pt")
    # in either layout; another is refused before anything is made
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--classifier-layout", "fine"]) == 0
    assert seen["settings"].classifier_layout == "fine" and JobSettings().classifier_layout == "quarter"
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--classifier-layout", "half"]) == 2
    assert "no classifier layout 'half'" in capsys.readouterr().err
    # the factory's index sizes, as burraco synth takes them; a bad range is refused before anything is made
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--synth-index-px", "10,40"]) == 0
    assert seen["settings"].synth_index_px == "10,40" and JobSettings().synth_index_px == ""
    assert main(["--pack", str(pack), "--out", str(tmp_path / "out"), "--synth-index-px", "40,10"]) == 2
    assert "--index-px must be two sizes" in capsys.readouterr().err


def test_the_classifiers_training_continues_the_weights_given(pack, tmp_path):
    pytest.importorskip("torch")                       # TrainSpec lives beside the training code
    (tmp_path / "c.pt").write_bytes(b"")
    job = Job(JobSettings(classifier_init=str(tmp_path / "c.pt")), pack, tmp_path / "out", wheels=None)
    assert job._classifier_spec(60.0, "cpu").init == (tmp_path / "c.pt").resolve()
    assert Job(JobSettings(), pack, tmp_path / "out", wheels=None)._classifier_spec(60.0, "cpu").init is None
    fine = Job(JobSettings(classifier_layout="fine"), pack, tmp_path / "out", wheels=None)._classifier_spec(60.0, "cpu")
    assert fine.layout == "fine" and job._classifier_spec(60.0, "cpu").layout == "quarter"
    fine.batch, fine.width = 4, 8                      # the timed trial builds the net of that layout
    assert measure_rate(fine, steps=1, warmup=1) > 0


def test_environment_and_factory_phases_from_a_pack(pack, tmp_path, monkeypatch):
    monkeypatch.setenv(PACK_ENV, "")                    # the job sets it; monkeypatch restores it after
    settings = JobSettings(photos=3, synth_workers=1, work=str(tmp_path / "work"), total_min=5, synth_index_px="10,14")
    job = Job(settings, pack, tmp_path / "out", wheels=None)
    assert job.phase("environment", job.environment)["pack_designs"] == 1
    synth = job.phase("synth", job.synth)
    assert synth["photos"] == 3 and synth["tiles"] > 0 and synth["crops"] > 0 and synth["designs_used"] == 1
    report = json.loads((tmp_path / "out" / "job.json").read_text())
    assert report["phases"]["synth"]["photos"] == 3 and report["errors"] == []
    assert len(list((tmp_path / "work" / "data" / "images").glob("*.jpg"))) == 3
    drawn = [json.loads(t.read_text())["index_px"] for t in (tmp_path / "work" / "data" / "truth").glob("*.json")]
    assert len(drawn) == 3 and all(10 <= px <= 14 for px in drawn)      # the index sizes asked for
    assert "synth: done" in (tmp_path / "out" / "job.log").read_text()


def test_a_failed_phase_is_recorded_with_its_error(tmp_path, monkeypatch):
    monkeypatch.setenv(PACK_ENV, "")
    job = Job(JobSettings(work=str(tmp_path / "w")), tmp_path / "missing.pack", tmp_path / "out", wheels=None)
    assert job.phase("environment", job.environment) is None
    report = json.loads((tmp_path / "out" / "job.json").read_text())
    assert report["errors"][0]["phase"] == "environment" and "missing.pack" in report["errors"][0]["error"]


def test_results_csv_without_polars(tmp_path):
    csv = tmp_path / "results.csv"
    csv.write_text("epoch,time,train/box_loss,metrics/mAP50(B)\n1,10.5,2.25,0.1\n2,20.9, 1.75 ,0.25\n")
    assert results_columns(csv) == {"epoch": [1.0, 2.0], "time": [10.5, 20.9], "train/box_loss": [2.25, 1.75],
                                    "metrics/mAP50(B)": [0.1, 0.25]}
    assert results_columns(tmp_path / "none.csv") == {}


def test_classifier_epochs_fit_the_budget():
    assert classifier_epochs(rate=50_000, budget_s=200, crops=200_000) == 42     # 0.85 * 10M / 200k
    assert classifier_epochs(rate=100, budget_s=10, crops=200_000) == 1

"""The training job for a lent GPU machine: data from the artwork pack, the detector and the
classifier trained side by side, both exported to ONNX, all inside one wall-clock budget.

That machine has torch, OpenCV, Pillow, numpy, onnx and tqdm but no network, no Debian card decks,
fonts or ``rsvg-convert``, no ultralytics and no polars. So the job

1. installs the carried ultralytics wheels into a temporary folder (``--wheels``);
2. makes a training set with the factory from the artwork pack (``--pack``, see
   ``vision/synth/pack.py``) on every core, starting no photo after ``synth_min``;
3. trains the classifier in a second process (augmentation on the GPU, so it needs little CPU;
   from scratch, or continuing ``--classifier-init``, e.g. run 9 unfolded: README),
   while this one trains the one-class detector (its 16-core data loader is the bottleneck),
   continuing the committed weights (``models/detector.pt``, ``--detector-init ''``: from scratch),
   each stopped by its time budget; ultralytics reads its ``results.csv`` without polars here;
4. exports both to ONNX.

Everything lands in ``--out`` as it goes (at most 8 files, as the device tool brings back):
``job.log``, ``job.json`` (rewritten after every phase: counts, epochs, timings, held-out
metrics, errors), ``detector.pt`` (stripped best weights, copied during training),
``detector.onnx``, ``classifier.pt``, ``classifier.onnx``. Run it from the repository root:

    PYTHONPATH=. python3 -m vision.train.gpu_job --pack packs/train.pack --wheels .whl --out "$OUT"

README.md, "Training on a lent GPU", has the device tool's call and the rehearsal on a CPU
(``tools/rehearse-gpu-job.sh``).
"""
from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import multiprocessing as mp
import os
import shutil
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .layouts import LAYOUTS


@dataclass
class JobSettings:
    """Every number of the job; the defaults fit one H200 with 16 cores and a 10-minute command."""

    total_min: float = 8.8              # the whole job, from its start to its last file
    photos: int = 10000                 # at most; synth_min stops the factory sooner on a slower machine
    seed: int = 1000
    synth_workers: int = 0              # 0: every core
    synth_min: float = 2.75             # ~16 cores x 1.2-2 photos/s: about 3,500-5,000 photos
    synth_index_px: str = ""            # "LO,HI": the index sizes drawn (burraco synth --index-px); "": the factory's
    detector_min: float = 6.0           # at most; shortened to what total_min leaves
    detector_tail_s: float = 50.0       # after the detector's budget: its final validation, ONNX export, copies
    detector_model: str = "yolo11n.yaml"
    detector_init: str = "models/detector.pt"  # continue these weights (the committed detector's); "": from scratch
    detector_lr: float = 0.001          # AdamW's peak; 0.002 from scratch (run 8), lower to continue
    detector_batch: int = 256
    detector_workers: int = 14          # at most: cores less two (this process and the classifier's)
    imgsz: int = 320
    classifier_min: float = 6.0         # at most; it runs beside the detector and ends with it
    side_by_side: bool = True           # classifier and detector at once (not when the GPU takes one process)
    classifier_share_alone: float = 0.3  # otherwise the classifier's share of the training time, first
    classifier_epochs: int = 0          # 0: as many as a timed trial says fit in the budget
    classifier_batch: int = 1024
    classifier_lr: float = 6e-3         # from scratch; lower to continue (classifier_init)
    classifier_init: str = ""           # continue these weights (one classifier's, burraco train unfold); "": scratch
    classifier_width: int = 64          # the committed classifier's width (TrainSpec's default is 32)
    classifier_layout: str = "quarter"  # or "fine": the crop looked at at full resolution first (classifier_net)
    classifier_max_crops: int = 0       # 0: all
    margin_s: float = 15.0
    work: str = "/tmp/burraco-gpu-job"  # data and runs (large: not brought back)
    site: str = "/tmp/burraco-site"     # where the carried wheels are installed


class Log:
    """Time-stamped lines to stdout and to a file; picklable, so the classifier's process logs too."""

    def __init__(self, path: Path, prefix: str = ""):
        self.path, self.prefix = Path(path), prefix

    def __call__(self, msg: str) -> None:
        line = f"{time.strftime('%H:%M:%S')} {self.prefix}{msg}"
        print(line, flush=True)
        with open(self.path, "a") as fh:
            fh.write(line + "\n")


def install_wheels(wheels: Path, site: Path, log: Callable[[str], None]) -> None:
    """``pip install --no-index --no-deps --target site`` of every wheel in ``wheels``, then import from there."""
    found = sorted(str(p) for p in Path(wheels).glob("*.whl"))
    if not found:
        raise FileNotFoundError(f"no wheels in {wheels}")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-compile",
                    "--no-cache-dir", "--upgrade", "--target", str(site), *found], check=True)
    sys.path.insert(0, str(site))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH", "")]))
    log(f"installed {', '.join(Path(w).name for w in found)} into {site}")


def results_columns(path: Path) -> dict:
    """ultralytics' ``results.csv`` as ``{column: [values]}``, read with the csv module: what
    ``BaseTrainer.read_results_csv`` returns, without polars (which the machine lacks)."""
    try:
        with open(path, newline="") as fh:
            rows = list(csv.DictReader(fh))
    except OSError:
        return {}
    columns: dict = {}
    for row in rows:
        for key, value in row.items():
            try:
                value = float(value)
            except (TypeError, ValueError):
                pass
            columns.setdefault(key.strip(), []).append(value)
    return columns


def _results_without_polars() -> None:
    try:
        import polars  # noqa: F401
    except ImportError:
        from ultralytics.engine.trainer import BaseTrainer
        BaseTrainer.read_results_csv = lambda trainer: results_columns(trainer.csv)


class Job:
    def __init__(self, settings: JobSettings, pack: Path, out: Path, wheels: Path | None):
        self.s, self.pack, self.out, self.wheels = settings, Path(pack).resolve(), Path(out), wheels
        self.t0 = time.perf_counter()
        self.deadline = self.t0 + settings.total_min * 60
        self.work = Path(settings.work)
        self.data = self.work / "data"
        self.classifier_run = self.work / "classifier"
        self.classifier = None             # its process, while the detector trains
        self.out.mkdir(parents=True, exist_ok=True)
        self.log = Log(self.out / "job.log")
        self.report: dict = {"settings": dataclasses.asdict(settings), "pack": str(pack), "phases": {}, "errors": []}

    def left(self) -> float:
        return self.deadline - time.perf_counter()

    def save_report(self) -> None:
        self.report["wall_s"] = round(time.perf_counter() - self.t0, 1)
        tmp = self.out / ".job.json"
        tmp.write_text(json.dumps(self.report, indent=1, default=str))
        tmp.replace(self.out / "job.json")

    def record_error(self, name: str, err: BaseException) -> None:
        self.report["errors"].append({"phase": name, "error": repr(err), "trace": traceback.format_exc()[-3000:]})
        self.log(f"{name}: FAILED {err!r}")
        self.save_report()

    def phase(self, name: str, fn: Callable[[], dict]) -> dict | None:
        t = time.perf_counter()
        self.log(f"{name}: start ({self.left():.0f} s left)")
        try:
            result = fn() or {}
        except Exception as err:           # noqa: BLE001 - a failed phase must not lose the others' files
            self.record_error(name, err)
            result = None
        else:
            result["seconds"] = round(time.perf_counter() - t, 1)
            self.report["phases"][name] = result
            self.log(f"{name}: done in {result['seconds']} s")
        self.save_report()
        return result

    # -- the phases ---------------------------------------------------------------------------

    def environment(self) -> dict:
        """Wheels and pack. Neither torch nor ultralytics is imported yet: the factory's workers fork
        from this process, and ultralytics reads its offline settings when first imported."""
        if self.wheels:
            install_wheels(self.wheels, Path(self.s.site), self.log)
        from importlib.util import find_spec

        from vision.synth.pack import PACK_ENV, read_pack
        manifest = read_pack(self.pack)
        os.environ[PACK_ENV] = str(self.pack)
        found = find_spec("ultralytics")
        return {"python": sys.version.split()[0], "ultralytics": found.origin if found else None,
                "cores": os.cpu_count(), "pack_mib": round(self.pack.stat().st_size / 2**20, 1),
                "pack_designs": len(manifest["designs"])}

    def synth(self) -> dict:
        from vision.synth.synth_cli import synth_command
        if self.data.exists():
            shutil.rmtree(self.data)
        budget = min(self.s.synth_min, max(0.1, (self.left() - 60) / 60))
        workers = self.s.synth_workers or os.cpu_count() or 1
        sizes = ["--index-px", self.s.synth_index_px] if self.s.synth_index_px else []
        rc = synth_command(["--out", str(self.data), "--n", str(self.s.photos), "--seed", str(self.s.seed),
                            "--designs", "train", "--workers", str(workers), "--budget-min", f"{budget:.3f}", *sizes])
        if rc != 0:
            raise RuntimeError(f"burraco synth exited {rc}")
        manifest = json.loads((self.data / "manifest-000000.json").read_text())
        keep = ("photos", "boxes", "tiles", "crops", "seconds")
        result = {k: manifest[k] for k in keep}
        result.update(workers=workers, designs_used=len(manifest["designs_used"]),
                      photos_per_s=round(manifest["photos"] / max(manifest["seconds"], 1e-6), 2))
        return result

    def detector_and_classifier(self) -> dict:
        import torch
        cuda = torch.cuda.is_available()
        mode = gpu_compute_mode() if cuda else None
        self.report["phases"]["environment"].update(
            torch=torch.__version__, gpu=torch.cuda.get_device_name(0) if cuda else None, gpu_mode=mode)
        device = "cuda" if cuda else "cpu"
        tail = self.s.detector_tail_s + self.s.margin_s
        side_by_side = self.s.side_by_side and mode != "Exclusive_Process"
        result: dict = {"side_by_side": side_by_side}
        if not side_by_side:               # one process at a time on the GPU: the classifier first, here
            cls_s = min(self.s.classifier_min * 60, self.s.classifier_share_alone * (self.left() - tail))
            self.report["classifier"] = {"budget_s": round(cls_s)}
            self.log(f"classifier: {cls_s:.0f} s in this process, before the detector")
            threads = torch.get_num_threads()
            try:
                classifier_process(self._classifier_spec(cls_s, device), str(self.out / "job.log"), time.time() + cls_s)
                self.collect_classifier(0)
            except Exception as err:       # noqa: BLE001 - the detector goes on
                self.collect_classifier(1)
                self.record_error("classifier", err)
            torch.set_num_threads(threads)
        det_s = min(self.s.detector_min * 60, self.left() - tail)
        if det_s < 20:
            raise RuntimeError(f"only {self.left():.0f} s left: no time to train the detector")
        if side_by_side:
            cls_s = min(self.s.classifier_min * 60, det_s)      # its whole run, reading the crops included
            self.report["classifier"] = {"budget_s": round(cls_s)}
            self.log(f"classifier: {cls_s:.0f} s in a second process; detector: {det_s:.0f} s here")
            self.classifier = mp.get_context("spawn").Process(
                target=classifier_process, name="classifier",
                args=(self._classifier_spec(cls_s, device), str(self.out / "job.log"), time.time() + cls_s))
            self.classifier.start()
        result.update(classifier_budget_s=self.report["classifier"]["budget_s"], detector_budget_s=round(det_s))
        try:
            result["detector"] = self._detector(det_s, "0" if cuda else "cpu")
        except Exception as err:           # noqa: BLE001 - the classifier's model is still to be saved
            self.record_error("detector", err)
        if self.classifier is not None:
            self.classifier.join(max(1.0, self.left() - self.s.margin_s))
            if self.classifier.is_alive():
                self.log("classifier: still running at the deadline, stopped (its best epoch is kept)")
                self.classifier.terminate()
                self.classifier.join(10)
            self.collect_classifier(self.classifier.exitcode)
        return result

    def _classifier_spec(self, budget_s: float, device: str):
        from .classifier import TrainSpec
        return TrainSpec(data=[self.data], out=self.classifier_run, budget_s=budget_s, device=device,
                         batch=self.s.classifier_batch, lr=self.s.classifier_lr, width=self.s.classifier_width,
                         layout=self.s.classifier_layout,
                         max_crops=self.s.classifier_max_crops,
                         epochs=self.s.classifier_epochs, checkpoint_s=30, threads=2, time_schedule=True,
                         init=Path(self.s.classifier_init).resolve() if self.s.classifier_init else None)

    def _detector(self, budget_s: float, device: str) -> dict:
        from .detector import DetectorSpec, export_detector, offline_environment, train_detector
        workers = max(1, min(self.s.detector_workers, (os.cpu_count() or 4) - 2))
        copied = {"at": 0.0}

        def keep_best(trainer) -> None:         # on_fit_epoch_end: the stripped best weights, now and then
            if self.classifier is not None and not self.classifier.is_alive():
                self.collect_classifier(self.classifier.exitcode)
            rows = results_columns(trainer.csv)
            self.report["detector_last_epoch"] = {k: v[-1] for k, v in rows.items() if v}
            if time.perf_counter() - copied["at"] > 45 and Path(trainer.best).exists():
                from ultralytics.utils.torch_utils import strip_optimizer
                strip_optimizer(trainer.best, str(self.out / "detector.pt"))
                copied["at"] = time.perf_counter()
            self.save_report()

        init = Path(self.s.detector_init).resolve() if self.s.detector_init else None
        self.log(f"detector: {f'continuing {init}' if init else f'from scratch ({self.s.detector_model})'}, "
                 f"lr {self.s.detector_lr}")
        spec = DetectorSpec(data=[self.data], out=self.work / "detector", model=self.s.detector_model,
                            init=init, lr=self.s.detector_lr,
                            imgsz=self.s.imgsz, epochs=1000, batch=self.s.detector_batch, budget_s=budget_s,
                            workers=workers, device=device, callbacks={"on_fit_epoch_end": keep_best})
        offline_environment(spec.out.parent / ".ultralytics-home")     # before ultralytics is first imported
        _results_without_polars()
        best = train_detector(spec, self.log)
        from ultralytics.utils.torch_utils import strip_optimizer
        strip_optimizer(best, str(self.out / "detector.pt"))
        export_detector(best, self.out / "detector.onnx")
        rows = results_columns(spec.out / "run" / "results.csv")
        epochs = len(rows.get("epoch", []))
        return {"epochs": epochs, "tiles": _lines(spec.out / "train.txt"), "val_tiles": _lines(spec.out / "val.txt"),
                "workers": workers, "best_mAP50-95": max(rows.get("metrics/mAP50-95(B)") or [0.0]),
                "onnx_mib": round((self.out / "detector.onnx").stat().st_size / 2**20, 1), "per_epoch": rows}

    def collect_classifier(self, exitcode) -> None:
        """Once the classifier's training has ended: its summary, weights and ONNX into the output."""
        report = self.report["classifier"]
        if "exitcode" in report:
            return
        report["exitcode"] = exitcode
        run = self.classifier_run
        try:
            if (run / "summary.json").exists():
                report.update(json.loads((run / "summary.json").read_text()))
            if not (run / "best.pt").exists():
                raise RuntimeError(f"the classifier's training ended ({exitcode}) with no model")
            from .classifier import export_classifier
            shutil.copy(run / "best.pt", self.out / "classifier.pt")
            export_classifier(run / "best.pt", self.out / "classifier.onnx")
            self.log("classifier: classifier.pt and classifier.onnx written")
        except Exception as err:           # noqa: BLE001 - the detector goes on
            self.record_error("classifier", err)
        self.save_report()

    def run(self) -> int:
        self.log(f"job: {self.s.total_min} min in all; pack {self.pack}; out {self.out}")
        ok = self.phase("environment", self.environment) is not None
        ok = ok and self.phase("synth", self.synth) is not None
        if ok:
            self.phase("train", self.detector_and_classifier)
        made = sorted(p.name for p in self.out.iterdir() if p.is_file() and not p.name.startswith("."))
        self.report["files"] = made
        self.save_report()
        self.log(f"job: {time.perf_counter() - self.t0:.0f} s; files: {', '.join(made)}")
        return 0 if {"detector.onnx", "classifier.onnx"} <= set(made) and not self.report["errors"] else 1


def gpu_compute_mode() -> str | None:
    """nvidia-smi's compute mode (Default, Exclusive_Process, Prohibited), None when it cannot tell."""
    try:
        done = subprocess.run(["nvidia-smi", "--query-gpu=compute_mode", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = done.stdout.split()
    return lines[0] if done.returncode == 0 and lines else None


def _lines(path: Path) -> int:
    return sum(1 for line in open(path) if line.strip()) if Path(path).exists() else 0


def classifier_epochs(rate: float, budget_s: float, crops: int, share: float = 0.85) -> int:
    """Epochs that fit ``share`` of ``budget_s`` at ``rate`` crops per second (at least one)."""
    return max(1, int(share * budget_s * rate / max(crops, 1)))


def measure_rate(spec, steps: int = 10, warmup: int = 3) -> float:
    """Training crops per second of the classifier on ``spec.device``, timed on random crops."""
    import numpy as np
    import torch
    import torch.nn.functional as F

    from .classifier_net import INPUT, IndexNet
    from .crop_data import augment, to_tensor

    device = torch.device(spec.device)
    model = IndexNet(spec.width, layout=spec.layout).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=spec.lr)
    gen = torch.Generator(device=device).manual_seed(0)
    images = np.random.default_rng(0).integers(0, 256, (spec.batch, 64, 64, 3), np.uint8)
    labels = torch.zeros(spec.batch, dtype=torch.long, device=device)
    for k in range(warmup + steps):
        if k == warmup:
            if device.type == "cuda":
                torch.cuda.synchronize()
            t = time.perf_counter()
        loss = F.cross_entropy(model(augment(to_tensor(images, device), INPUT, gen)), labels)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    float(loss.detach())                 # waits for the device
    return steps * spec.batch / (time.perf_counter() - t)


def classifier_process(spec, log_path: str, end_at: float, slack_s: float = 15.0) -> None:
    """The classifier's side of the job (a spawned process): read the crops, fit the training into
    what is left until ``end_at`` (``time.time()``), size the epochs by a timed trial, train."""
    import torch

    from .classifier import train_classifier
    from .crop_data import load_crops
    log = Log(Path(log_path), "classifier: ")
    torch.set_num_threads(max(1, spec.threads))
    t = time.time()
    crops = sum(len(load_crops(Path(folder), threads=8)) for folder in spec.data)   # cached for train_classifier
    crops = min(crops, spec.max_crops or crops)
    log(f"{crops} crops read in {time.time() - t:.0f} s")
    rate = measure_rate(spec) if not spec.epochs else 0.0
    spec.budget_s = max(5.0, min(spec.budget_s, end_at - time.time() - slack_s))
    if not spec.epochs:
        spec.epochs = classifier_epochs(rate, spec.budget_s, crops)
        log(f"{rate:.0f} crops/s on {spec.device}: {spec.epochs} epochs in {spec.budget_s:.0f} s")
    summary = train_classifier(spec, log)
    log(f"{summary['epochs_done']} epochs, best held-out error {summary['best_error']:.4f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m vision.train.gpu_job", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pack", type=Path, required=True, help="the artwork pack (burraco pack)")
    p.add_argument("--out", type=Path, required=True, help="where the models, job.json and job.log go")
    p.add_argument("--wheels", type=Path, help="a folder of wheels to install first (ultralytics)")
    for f in dataclasses.fields(JobSettings):
        kind = (lambda v: v.lower() in ("1", "true", "yes")) if isinstance(f.default, bool) else type(f.default)
        p.add_argument(f"--{f.name.replace('_', '-')}", type=kind, default=f.default, help=f"default {f.default}")
    args = p.parse_args(argv)
    if not args.pack.is_file():
        print(f"gpu_job: no artwork pack at {args.pack} (make it with burraco pack)", file=sys.stderr)
        return 2
    settings = JobSettings(**{f.name: getattr(args, f.name) for f in dataclasses.fields(JobSettings)})
    if settings.detector_init and not Path(settings.detector_init).is_file():
        print(f"gpu_job: no detector weights to continue at {settings.detector_init} "
              "(--detector-init '' trains from scratch)", file=sys.stderr)
        return 2
    if settings.classifier_layout not in LAYOUTS:
        print(f"gpu_job: no classifier layout {settings.classifier_layout!r} ({' or '.join(LAYOUTS)})", file=sys.stderr)
        return 2
    if settings.classifier_init and not Path(settings.classifier_init).is_file():
        print(f"gpu_job: no classifier weights to continue at {settings.classifier_init}", file=sys.stderr)
        return 2
    if settings.synth_index_px:
        from vision.synth.synth_cli import index_sizes
        try:
            index_sizes(settings.synth_index_px)
        except ValueError as err:
            print(f"gpu_job: {err}", file=sys.stderr)
            return 2
    return Job(settings, args.pack, args.out, args.wheels).run()


if __name__ == "__main__":
    raise SystemExit(main())

"""Training the index classifier on the factory's crops: checkpoints, resume, a time budget, ONNX.

``train_classifier(TrainSpec(...))`` trains from ``data`` folders made by ``burraco synth``
(their ``crops/``), holds out the crops of every 50th photo to watch progress, writes
``last.pt`` after every ``checkpoint_s`` seconds and at each epoch's end, picks up from
``last.pt`` when it is there, stops at ``epochs`` or at the time budget, and exports
``best`` (lowest held-out error) to ONNX.
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

import numpy as np
import torch
import torch.nn.functional as F

from ..classes import NONE_ID, READER_CLASSES
from .classifier_net import INPUT, IndexNet, widened
from .crop_data import CropSet, augment, centre, crop_count, load_crops, steps_per_epoch, to_tensor


@dataclass
class TrainSpec:
    data: list[Path]
    out: Path
    epochs: int = 12
    batch: int = 256
    lr: float = 3e-3
    weight_decay: float = 5e-4
    width: int = 32
    layout: str = "quarter"            # the net's layout (classifier_net.LAYOUTS)
    budget_s: float = 2.5 * 3600
    checkpoint_s: float = 300
    threads: int = 0                   # 0: torch's default
    seed: int = 0
    max_crops: int = 0                 # 0: all
    label_smoothing: float = 0.05
    init: Path | None = None           # start from this checkpoint's weights (an earlier run's best.pt)
    time_schedule: bool = False        # the learning rate's one cycle fitted to the time budget too, so that a
                                       # run its budget stops early still ends annealed (the GPU job's)
    device: str = "cpu"                # a torch device: cpu, cuda, cuda:1 (or 0, 1 as ultralytics names GPUs)
    shapes: bool = False               # the glyphs' shapes augmented too (crop_data.augment)


def one_cycle_lr(max_lr: float, done: float, pct_start: float = 0.15, div: float = 25.0,
                 final_div: float = 1e4) -> float:
    """The learning rate ``done`` (0 to 1) of the way through a run: torch's ``OneCycleLR`` shape, up
    from ``max_lr / div`` to ``max_lr`` over the first ``pct_start``, then down to ``max_lr / div /
    final_div``, both halves cosine."""
    done = min(max(done, 0.0), 1.0)
    if done < pct_start:
        t, high, low = done / pct_start, max_lr, max_lr / div
        return high - (high - low) * (1 + math.cos(math.pi * t)) / 2
    t, high, low = (done - pct_start) / (1 - pct_start), max_lr, max_lr / div / final_div
    return low + (high - low) * (1 + math.cos(math.pi * t)) / 2


def _split(crops: CropSet, seed: int) -> tuple[CropSet, CropSet]:
    held = crops.photos % 50 == 7
    return crops.subset(~held), crops.subset(held)


def evaluate(model: IndexNet, crops: CropSet, batch: int = 1024) -> dict:
    """Top-1 error, and error among real indices (the card named wrong or thrown out)."""
    model.eval()
    device = next(model.parameters()).device
    preds = []
    with torch.no_grad():
        for i in range(0, len(crops), batch):
            x = centre(to_tensor(crops.images[i:i + batch], device), INPUT)
            preds.append(model(x).argmax(1).cpu().numpy())
    pred = np.concatenate(preds) if preds else np.zeros(0, np.int64)
    card = crops.labels != NONE_ID
    wrong = pred != crops.labels
    return {"n": int(len(crops)), "error": float(wrong.mean()) if len(crops) else 0.0,
            "card_error": float(wrong[card].mean()) if card.any() else 0.0,
            "none_error": float(wrong[~card].mean()) if (~card).any() else 0.0}


def _load_all(spec: TrainSpec, log: Callable[[str], None]) -> CropSet:
    """Every set's crops as one; with ``max_crops``, an even share of each set, drawn as each is
    loaded (several sets of 64 px crops run to gigabytes: never all of them at once, and twice)."""
    sizes = [crop_count(Path(folder)) for folder in spec.data]
    total = sum(sizes)
    share = min(1.0, spec.max_crops / total) if spec.max_crops and total else 1.0
    rng = np.random.default_rng(spec.seed)
    parts = []
    for folder, size in zip(spec.data, sizes):
        t = time.perf_counter()
        part = load_crops(Path(folder))
        if share < 1.0:
            keep = np.sort(rng.choice(len(part), max(1, round(share * len(part))), replace=False))
            part = part.subset(keep)
        part.photos = part.photos + 1_000_000 * len(parts)
        parts.append(part)
        log(f"crops: {len(part)} of {size} from {folder} in {time.perf_counter() - t:.0f} s")
    if len(parts) == 1:
        return parts[0]
    return CropSet(np.concatenate([p.images for p in parts]), np.concatenate([p.labels for p in parts]),
                   np.concatenate([p.photos for p in parts]))


def train_classifier(spec: TrainSpec, log: Callable[[str], None] = print) -> dict:
    out = Path(spec.out)
    out.mkdir(parents=True, exist_ok=True)
    if spec.threads:
        torch.set_num_threads(spec.threads)
    t_start = time.perf_counter()
    train, held = _split(_load_all(spec, log), spec.seed)
    log(f"train {len(train)} crops, held out {len(held)} (classes: {len(READER_CLASSES)})")
    device = torch.device(f"cuda:{spec.device}" if str(spec.device).isdigit() else spec.device)
    model = IndexNet(spec.width, layout=spec.layout)
    if spec.init:
        init = torch.load(spec.init, weights_only=False, map_location="cpu")
        if init.get("layout", "quarter") != spec.layout:
            raise ValueError(f"{spec.init}: a {init.get('layout', 'quarter')} net cannot start a {spec.layout} one")
        if init.get("width", spec.width) == spec.width:
            model.load_state_dict(init["model"])
        else:
            model.load_state_dict(widened(init["model"], model))
        log(f"starting from the weights of {spec.init} (width {init.get('width', spec.width)})")
    model = model.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=spec.lr, weight_decay=spec.weight_decay)
    per_epoch = steps_per_epoch(len(train), spec.batch)
    total = per_epoch * spec.epochs
    state = {"epoch": 0, "step": 0, "spent_s": 0.0, "best_error": math.inf, "history": []}
    last = out / "last.pt"
    if last.exists():
        ck = torch.load(last, weights_only=False, map_location="cpu")
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        state = ck["state"]
        log(f"resumed at epoch {state['epoch']} step {state['step']} ({state['spent_s'] / 60:.1f} min spent)")

    def save(path: Path) -> None:
        tmp = path.with_suffix(".tmp")
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(),
                    "state": state, "spec": {k: str(v) for k, v in asdict(spec).items()}, "width": spec.width,
                    "layout": spec.layout}, tmp)
        tmp.replace(path)

    gen = torch.Generator(device=device).manual_seed(spec.seed)      # augmentation runs on the device
    session_start = time.perf_counter()
    spent_before = state["spent_s"]
    last_save = time.perf_counter()
    stop = False
    while state["epoch"] < spec.epochs and not stop:
        order = np.random.default_rng([spec.seed, state["epoch"]]).permutation(len(train))
        model.train()
        t_epoch, seen, loss_sum = time.perf_counter(), 0, 0.0
        first = state["step"] - state["epoch"] * per_epoch
        for k in range(first, per_epoch):
            idx = np.sort(order[k * spec.batch:(k + 1) * spec.batch])
            x = augment(to_tensor(train.images[idx], device), INPUT, gen, spec.shapes)
            y = torch.from_numpy(train.labels[idx]).to(device)
            loss = F.cross_entropy(model(x), y, label_smoothing=spec.label_smoothing)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            done = state["step"] / total
            if spec.time_schedule:
                done = max(done, (spent_before + time.perf_counter() - session_start) / spec.budget_s)
            for group in opt.param_groups:
                group["lr"] = one_cycle_lr(spec.lr, done)
            opt.step()
            state["step"] += 1
            seen += len(idx)
            loss_sum += float(loss.detach()) * len(idx)
            state["spent_s"] = spent_before + time.perf_counter() - session_start
            if state["step"] % 50 == 0:
                rate = seen / (time.perf_counter() - t_epoch)
                log(f"epoch {state['epoch'] + 1}/{spec.epochs} step {k + 1}/{per_epoch} "
                    f"loss {loss_sum / seen:.3f} {rate:.0f} crops/s lr {opt.param_groups[0]['lr']:.2e}")
            if time.perf_counter() - last_save > spec.checkpoint_s:
                save(last)
                last_save = time.perf_counter()
            if state["spent_s"] > spec.budget_s:
                log(f"time budget of {spec.budget_s / 60:.0f} min reached")
                stop = True
                break
        if not stop:
            state["epoch"] += 1
        metrics = evaluate(model, held)
        metrics.update(epoch=state["epoch"], step=state["step"], minutes=round(state["spent_s"] / 60, 1),
                       train_loss=round(loss_sum / max(seen, 1), 4))
        state["history"].append(metrics)
        log(f"held out: error {metrics['error']:.4f} (cards {metrics['card_error']:.4f}, "
            f"none {metrics['none_error']:.4f})")
        if metrics["error"] <= state["best_error"]:
            state["best_error"] = metrics["error"]
            torch.save({"model": model.state_dict(), "width": spec.width, "layout": spec.layout, "metrics": metrics},
                       out / "best.pt")
        save(last)
        last_save = time.perf_counter()
    summary = {"epochs_done": state["epoch"], "steps": state["step"], "minutes": round(state["spent_s"] / 60, 1),
               "best_error": state["best_error"], "history": state["history"], "train_crops": len(train),
               "held_out_crops": len(held), "wall_s_this_run": round(time.perf_counter() - t_start)}
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def load_trained(path: Path) -> IndexNet:
    ck = torch.load(path, weights_only=False, map_location="cpu")
    model = IndexNet(ck.get("width", 32), layout=ck.get("layout", "quarter"))
    model.load_state_dict(ck["model"])
    return model.eval()


def export_classifier(checkpoint: Path, onnx_path: Path) -> Path:
    """ONNX with a dynamic batch: input ``crops`` N x 3 x 48 x 48 RGB in [0, 1], output ``probs``."""
    model = load_trained(checkpoint)

    class WithSoftmax(torch.nn.Module):
        def __init__(self, net: IndexNet):
            super().__init__()
            self.net = net

        def forward(self, x):
            return torch.softmax(self.net(x), dim=1)

    onnx_path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(WithSoftmax(model), torch.zeros(1, 3, INPUT, INPUT), str(onnx_path), input_names=["crops"],
                      output_names=["probs"], dynamic_axes={"crops": {0: "n"}, "probs": {0: "n"}}, opset_version=17,
                      dynamo=False)
    return onnx_path


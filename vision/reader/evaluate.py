"""Measuring the reader: corners matched to labelled ones (same card, IoU >= 0.5), cards per
photo, hand scores. Works on a ``burraco synth`` folder (its ``truth/``) or on a folder of real
photos labelled as ``../shared/eval/real-bidly/`` is."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional

import numpy as np

from engine.card import Card

from .corners import index_sizes, iou_matrix
from .meld_eval import tally_melds
from .photo import load_photo

IOU = 0.5
# the labelled indices' sizes (a box's longer side, pixels of the photo) the corner lines are
# also given for: a synthetic set draws them from 12 to 60 px, the real photos' lie at 37-67 px
SIZE_BANDS = ((0.0, 20.0), (20.0, 40.0), (40.0, float("inf")))
# measures of whole photos also given per band of the photo's index size (the median of its
# labelled boxes'), after the other lines: how the reader does on photos taken as close as the
# real ones are, within a set drawn over every size
PHOTO_MEASURES = ("hand score exact", "melds exact", "photo score exact")


def band_name(lo: float, hi: float) -> str:
    """A band of ``SIZE_BANDS`` as its lines name it: "under 20 px", "20-40 px", "40 px and more"."""
    if lo <= 0:
        return f"under {hi:g} px"
    return f"{lo:g} px and more" if hi == float("inf") else f"{lo:g}-{hi:g} px"


@dataclass
class Tally:
    """Counts behind one line ``NAME: X/Y (P%)``."""
    hit: int = 0
    total: int = 0

    def add(self, hit: int, total: int) -> None:
        self.hit += int(hit)
        self.total += int(total)

    @property
    def rate(self) -> float:
        return self.hit / self.total if self.total else 0.0

    def line(self, name: str) -> str:
        return f"{name}: {self.hit}/{self.total} ({100 * self.rate:.1f}%)"


def match_corners(pred_boxes: np.ndarray, pred_names: list[str], true_boxes: np.ndarray,
                  true_names: list[str], same_card: bool = True) -> int:
    """How many labelled corners a prediction matches one to one (greedy by IoU)."""
    if not len(pred_boxes) or not len(true_boxes):
        return 0
    iou = iou_matrix(pred_boxes, true_boxes)
    if same_card:
        iou = iou * (np.array(pred_names)[:, None] == np.array(true_names)[None, :])
    hits = 0
    while True:
        i, j = np.unravel_index(np.argmax(iou), iou.shape)
        if iou[i, j] < IOU:
            return hits
        hits += 1
        iou[i, :] = 0
        iou[:, j] = 0


@dataclass
class Labelled:
    """One photo with its labelled corners (and, for synthetic photos, the whole truth)."""
    image: Path
    boxes: np.ndarray
    names: list[str]
    truth: dict = field(default_factory=dict)

    @property
    def cards(self) -> Counter:
        """The cards that show at least one labelled corner."""
        return Counter(c["card"] for c in self.truth.get("cards", [])
                       if c["card"] is not None and any(ix["box"] for ix in c["indices"]))

    @property
    def hidden_hand_cards(self) -> int:
        """Cards of the hand with no corner showing: no reader can see them."""
        return sum(1 for c in self.truth.get("cards", [])
                   if c["role"] == "hand" and not any(ix["box"] for ix in c["indices"]))


def synthetic_set(folder: Path) -> Iterator[Labelled]:
    folder = Path(folder)
    for path in sorted((folder / "truth").glob("*.json")):
        truth = json.loads(path.read_text())
        boxes, names = [], []
        for card in truth["cards"]:
            for ix in card["indices"]:
                if ix["box"] and card["card"] is not None:
                    boxes.append(ix["box"])
                    names.append(card["card"])
        yield Labelled(folder / truth["image"], np.array(boxes, np.float32).reshape(-1, 4), names, truth)


def real_set(folder: Path) -> Iterator[Labelled]:
    """Photos with ``NAME-labels.json`` beside them (or ``NAME-*-labels.json``): relative centre boxes."""
    folder = Path(folder)
    for image in sorted(p for p in folder.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png", ".heic")):
        labels = sorted(folder.glob(f"{image.stem}*labels.json"))
        if not labels:
            continue
        photo = load_photo(image)
        w, h = photo.width, photo.height
        boxes, names = [], []
        for entry in json.loads(labels[0].read_text()):
            r = entry["relative_coordinates"]
            cx, cy, bw, bh = r["center_x"] * w, r["center_y"] * h, r["width"] * w, r["height"] * h
            boxes.append([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2])
            names.append(str(Card.parse(entry["name"])))
        yield Labelled(image, np.array(boxes, np.float32).reshape(-1, 4), names)


def by_size_name(measure: str, band: str) -> str:
    """A line of a photo measure for one band of index sizes, e.g. "melds exact, photos with
    indices 40 px and more"."""
    return f"{measure}, photos with indices {band}"


def photo_band(boxes: np.ndarray) -> Optional[str]:
    """The band of ``SIZE_BANDS`` of a photo's labelled index boxes (their median size), or
    None when it has none."""
    if not len(boxes):
        return None
    size = float(np.median(index_sizes(boxes)))
    return next(band_name(lo, hi) for lo, hi in SIZE_BANDS if lo <= size < hi)


@dataclass
class Report:
    lines: dict[str, Tally] = field(default_factory=dict)
    by_size: dict[str, Tally] = field(default_factory=dict)     # ``PHOTO_MEASURES`` per band, see ``by_size_name``
    mistakes: Counter = field(default_factory=Counter)

    def tally(self, name: str) -> Tally:
        return self.lines.setdefault(name, Tally())

    def size_tally(self, measure: str, band: Optional[str]) -> Tally:
        """The tally of ``measure`` for photos of that band (a throwaway one for no band)."""
        return self.by_size.setdefault(by_size_name(measure, band), Tally()) if band else Tally()

    def text(self) -> str:
        """Every line; the per-size ones after the others, measure by measure, band by band
        (those of a measure no photo counted in are left out)."""
        out = [t.line(name) for name, t in self.lines.items()]
        for measure in PHOTO_MEASURES:
            names = [by_size_name(measure, band_name(lo, hi)) for lo, hi in SIZE_BANDS]
            if any(self.by_size.get(n, Tally()).total for n in names):
                out += [self.by_size.get(n, Tally()).line(n) for n in names]
        return "\n".join(out)


def evaluate(items: Iterator[Labelled], read: Callable[[Path], dict],
             hand_points: Callable[[list[str]], int], progress: Callable[[int], None] = lambda k: None,
             read_item: Optional[Callable[[Labelled], dict]] = None) -> Report:
    """``read`` gives a reading as ``burraco read --json`` prints it (``read_item`` instead, when
    given, reads a labelled photo knowing its truth: the oracle, or the photo's kind)."""
    rep = Report()
    for k, item in enumerate(items):
        reading = read_item(item) if read_item else read(item.image)
        boxes = np.array([c["box"] for c in reading["corners"]], np.float32).reshape(-1, 4)
        names = [c["card"] for c in reading["corners"]]
        hits = match_corners(boxes, names, item.boxes, item.names)
        found = match_corners(boxes, names, item.boxes, item.names, same_card=False)
        rep.tally("corner recall").add(hits, len(item.names))
        rep.tally("corner precision").add(hits, len(names))
        rep.tally("corner found (any reading)").add(found, len(item.names))
        _tally_bands(rep, boxes, names, item)
        _note_mistakes(rep.mistakes, boxes, names, item)
        if item.truth:
            band = photo_band(item.boxes)
            cards = Counter(c["card"] for c in reading["cards"])
            rep.tally("cards exact").add(cards == item.cards, 1)
            hidden_line, hand_line = rep.tally("hand photos with a hidden card (not scored)"), \
                rep.tally("hand score exact")                     # printed even when no photo counts
            silent_line = rep.tally("hand silent errors")         # hand points wrong, and no doubt flag
            if item.truth.get("kind") == "hand":
                hidden = item.hidden_hand_cards
                hidden_line.add(hidden > 0, 1)
                if not hidden:
                    truth_points = item.truth["expected_score"]["hand_points"]
                    right = hand_points(list(cards.elements())) == truth_points
                    hand_line.add(right, 1)
                    rep.size_tally("hand score exact", band).add(right, 1)
                    doubt = any(f.get("level") == "check" for f in reading.get("flags", []))
                    silent_line.add(not right and not doubt, 1)
            tally_melds(rep, reading, item.truth, band)
        progress(k + 1)
    return rep


def _tally_bands(rep: Report, boxes: np.ndarray, names: list[str], item: Labelled) -> None:
    """Corner recall per band of labelled index sizes, and precision per band of read ones
    (``SIZE_BANDS``)."""
    truth_size, read_size = index_sizes(item.boxes), index_sizes(boxes)
    for lo, hi in SIZE_BANDS:
        band = band_name(lo, hi)
        t = np.flatnonzero((truth_size >= lo) & (truth_size < hi))
        r = np.flatnonzero((read_size >= lo) & (read_size < hi))
        rep.tally(f"corner recall, indices {band}").add(
            match_corners(boxes, names, item.boxes[t], [item.names[j] for j in t]), len(t))
        rep.tally(f"corner precision, indices {band}").add(
            match_corners(boxes[r], [names[i] for i in r], item.boxes, item.names), len(r))


def _note_mistakes(mistakes: Counter, boxes: np.ndarray, names: list[str], item: Labelled) -> None:
    """Counts of 'true -> read' for corners found in the right place under the wrong name."""
    if not len(boxes) or not len(item.boxes):
        return
    iou = iou_matrix(boxes, item.boxes)
    for i in range(len(boxes)):
        j = int(np.argmax(iou[i]))
        if iou[i, j] >= IOU and names[i] != item.names[j]:
            mistakes[f"{item.names[j]}->{names[i]}"] += 1

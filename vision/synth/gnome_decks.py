"""Card designs from GNOME's aisleriot decks (Debian package ``gnome-cards-data``).

Each ``/usr/share/aisleriot/cards/<stem>.svgz`` is one sheet: a 13 x 5 grid whose rows are clubs,
diamonds, hearts, spades (columns A, 2, ..., 10, J, Q, K) and whose fifth row holds the black
joker, the red joker and the back. Localised indices (R/D/V, K/D/B, Cyrillic) are fine: cards are
cut by grid position, never by reading letters.

A deck's sheet is rendered once, cut into faces (height ``FACE_HEIGHT``, alpha from the SVG's own
transparent surroundings of the rounded card), and the faces are saved as PNGs together with an
``index.json`` of the corner-index boxes found by ``vision.synth.index_finder``. Later runs, and every
card after the first, only load PNGs. The shared cache machinery (``CachedDeck``) also serves
``vision.synth.kde_decks``.
"""
from __future__ import annotations

import json
import threading
import zlib
from pathlib import Path
from typing import Callable, Optional

import cv2
import numpy as np

from engine.card import JOKER, RANKS, Card, full_deck

from .cache import atomic_write, cache_dir, png_bytes
from .design import FACE_HEIGHT, CardFace, Design
from .index_finder import FINDER_VERSION, find_indices
from .svg_render import render_svg

GNOME_DIR = Path("/usr/share/aisleriot/cards")

#: Decks left out, with the reason (checked by eye on a montage of every sheet).
EXCLUDED: dict[str, str] = {
    "swiss-xvii": "Swiss suits (acorns, shields, roses, bells), not French-suited",
    "tango_nuevo": "index printed in the top-left corner only (no rotated twin)",
}
#: Reserved for evaluation, never used for training.
EVAL_DECKS = frozenset({"guyenne-classic", "anglo_modern", "anglo_modern_4_color"})
#: Design names must be plain ASCII; the one file with a Cyrillic name gets a transliteration.
NAME_ALIASES = {"Атласные": "atlasnye_ru"}

SHEET_ROWS = ("C", "D", "H", "S")
#: Each face is cut from a render this many times larger than FACE_HEIGHT, then reduced.
SUPERSAMPLE = 2
#: Bump when the cut or the face format changes (forces a re-render of the cached decks).
CACHE_VERSION = 1


# ---------------------------------------------------------------------------------------------
# Shared with kde_decks: turning a rendered card into a face, and the per-deck PNG cache.

def card_key(card: Card) -> str:
    return str(card)


def largest_blob_box(alpha: np.ndarray, thresh: int = 128) -> Optional[tuple[int, int, int, int]]:
    """Bounding box (x0, y0, x1, y1 exclusive) of the largest opaque blob of an alpha channel."""
    mask = (alpha >= thresh).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n <= 1:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = (int(v) for v in stats[i, :4])
    return x, y, x + w, y + h


def make_face(card_bgra: np.ndarray, height: int = FACE_HEIGHT) -> np.ndarray:
    """Crop a rendered card (transparent around its rounded outline) and resize it to ``height``.

    The alpha becomes binary: the largest opaque blob with its holes filled is the card (255),
    the rest 0. Colours under partial transparency are composited over white paper.
    """
    box = largest_blob_box(card_bgra[:, :, 3])
    if box is None:
        raise ValueError("no opaque card shape in the rendered image")
    x0, y0, x1, y1 = box
    crop = card_bgra[y0:y1, x0:x1]
    a = crop[:, :, 3]
    blob = (a >= 128).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(blob, connectivity=8)
    if n > 1:
        blob = (labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))).astype(np.uint8)
    # fill holes: everything not reachable from the border through background is card
    bg = 1 - blob
    pad = np.pad(bg, 1, constant_values=1)
    ffmask = np.zeros((pad.shape[0] + 2, pad.shape[1] + 2), np.uint8)
    cv2.floodFill(pad, ffmask, (0, 0), 2)
    filled = (pad[1:-1, 1:-1] != 2).astype(np.uint8)
    af = a.astype(np.float32)[:, :, None] / 255.0
    bgr = crop[:, :, :3].astype(np.float32) * af + 255.0 * (1.0 - af)
    h, w = crop.shape[:2]
    out_w = max(1, int(round(w * height / h)))
    bgr = cv2.resize(bgr, (out_w, height), interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(filled.astype(np.float32), (out_w, height), interpolation=cv2.INTER_AREA)
    face = np.empty((height, out_w, 4), np.uint8)
    face[:, :, :3] = np.clip(bgr + 0.5, 0, 255).astype(np.uint8)
    face[:, :, 3] = np.where(alpha >= 0.5, 255, 0).astype(np.uint8)
    return face


class CachedDeck:
    """One deck's faces in the cache directory, built on first use by ``build()``.

    ``build()`` returns ``{key: BGRA face}`` for the 53 keys of ``full_deck()`` (``"JK"`` for the
    joker) and optionally ``"back"``. The faces are written as ``<key>.png`` and the index boxes
    into ``index.json`` (written last: its presence means the deck is complete).
    """

    def __init__(self, directory: Path, build: Callable[[], dict[str, np.ndarray]], source_id: str):
        self.directory = Path(directory)
        self._build = build
        self._source_id = source_id
        self._index: Optional[dict] = None
        self._lock = threading.Lock()

    @property
    def index_path(self) -> Path:
        return self.directory / "index.json"

    def _load_index(self) -> Optional[dict]:
        try:
            data = json.loads(self.index_path.read_text())
        except (OSError, ValueError):
            return None
        if data.get("version") != CACHE_VERSION or data.get("source") != self._source_id:
            return None
        return data

    def ensure(self) -> dict:
        with self._lock:
            if self._index is None:
                self._index = self._load_index()
            if self._index is not None and self._index.get("finder") != FINDER_VERSION:
                faces = {k: self._load(k) for k in self._index["indices"]}
                if self._index.get("has_back"):
                    faces["back"] = self._load("back")
                self._index = self._save(faces, write_faces=False)
            if self._index is None:
                self._index = self._save(self._build(), write_faces=True)
            return self._index

    def _save(self, faces: dict[str, np.ndarray], write_faces: bool) -> dict:
        self.directory.mkdir(parents=True, exist_ok=True)
        boxes = {}
        for key, img in faces.items():
            if write_faces:
                atomic_write(self.directory / f"{key}.png", png_bytes(img))
            if key != "back":
                boxes[key] = find_indices(img).round(2).tolist()
        data = {"version": CACHE_VERSION, "finder": FINDER_VERSION, "source": self._source_id,
                "has_back": "back" in faces, "indices": boxes}
        atomic_write(self.index_path, json.dumps(data, indent=0).encode())
        return data

    def _load(self, key: str) -> np.ndarray:
        img = cv2.imread(str(self.directory / f"{key}.png"), cv2.IMREAD_UNCHANGED)
        if img is None or img.ndim != 3 or img.shape[2] != 4:
            raise OSError(f"cached face {self.directory / key}.png is missing or not BGRA")
        return img

    def face(self, card: Card) -> CardFace:
        data = self.ensure()
        key = card_key(card)
        boxes = np.asarray(data["indices"][key], np.float32).reshape(-1, 4)
        return CardFace(self._load(key), boxes)

    def back(self) -> Optional[np.ndarray]:
        data = self.ensure()
        return self._load("back") if data.get("has_back") else None


def joker_colour(name: str) -> int:
    """0 for the black joker, 1 for the red one: a stable half-and-half choice across decks."""
    return zlib.crc32(name.encode()) % 2


# ---------------------------------------------------------------------------------------------
# GNOME sheets

def gnome_deck_files() -> dict[str, Path]:
    """``{design stem: file}`` of every aisleriot sheet present, excluded ones included."""
    if not GNOME_DIR.is_dir():
        return {}
    return {NAME_ALIASES.get(p.name[: -len(".svgz")], p.name[: -len(".svgz")]): p
            for p in sorted(GNOME_DIR.glob("*.svgz"))}


def cut_sheet(sheet: np.ndarray, joker_col: int = 0) -> dict[str, np.ndarray]:
    """Cut a rendered 13 x 5 aisleriot sheet into faces keyed like ``card_key``, plus ``back``."""
    H, W = sheet.shape[:2]
    ch, cw = H / 5.0, W / 13.0

    def cell(r: int, c: int) -> np.ndarray:
        return sheet[int(round(r * ch)): int(round((r + 1) * ch)),
                     int(round(c * cw)): int(round((c + 1) * cw))]

    faces = {}
    for r, suit in enumerate(SHEET_ROWS):
        for c, rank in enumerate(RANKS):
            faces[card_key(Card(rank, suit))] = make_face(cell(r, c))
    faces[card_key(JOKER)] = make_face(cell(4, joker_col))
    try:
        faces["back"] = make_face(cell(4, 2))
    except ValueError:
        pass
    return faces


def _gnome_builder(path: Path, joker_col: int) -> Callable[[], dict[str, np.ndarray]]:
    def build() -> dict[str, np.ndarray]:
        sheet = render_svg(path, height=5 * FACE_HEIGHT * SUPERSAMPLE)
        return cut_sheet(sheet, joker_col)
    return build


def gnome_design(stem: str, path: Path) -> Design:
    name = f"gnome/{stem}"
    deck = CachedDeck(cache_dir("decks", "gnome", stem),
                      _gnome_builder(path, joker_colour(name)), source_id=str(path))
    return Design(name=name, source="gnome", split="eval" if stem in EVAL_DECKS else "train",
                  render=deck.face, render_back=deck.back)


def gnome_designs() -> list[Design]:
    """One Design per French-suited GNOME deck installed (empty when none is installed)."""
    return [gnome_design(stem, path) for stem, path in gnome_deck_files().items()
            if stem not in EXCLUDED]


__all__ = ["gnome_designs", "gnome_design", "gnome_deck_files", "cut_sheet", "make_face",
           "CachedDeck", "EXCLUDED", "EVAL_DECKS", "full_deck"]

"""Card decks published as npm packages, RESERVED FOR EVALUATION (split ``"eval"``, never training).

* ``@younestouati/playing-cards-standard-deck`` (LGPL): one SVG per card in ``cards/``, named
  ``<rank><suit>.svg`` with rank 1..13 (1 = ace, 11-13 = J Q K) and a lower-case suit, plus
  ``joker.svg`` (an embedded raster joker) and ``back.svg``. Its faces are square-cornered
  rectangles, so the usual rounded outline of a printed card is cut here.
* ``@heruka_urgyen/react-playing-cards`` (CC0 artwork by Adrian Kennard): four deck styles as SVG
  files in ``src/images/<style>/`` (``2color``, ``2color-bf``, ``4color``, ``4color-bf``: two- or
  four-colour suits, normal or big faces), named ``<rank><SUIT>.svg`` with ranks ``2-9 T J Q K A``
  plus ``2J.svg``, a joker without corner index; one shared ``src/images/back.svg``. The same
  SVGs are also inlined as data in ``lib/*.js`` bundles, which we do not need.

Nothing of the artwork is committed: each package is fetched with ``npm pack`` into
``cache_dir("decks", "npm")`` on first use, unpacked, and its faces are rendered with
``rsvg-convert`` to height ``FACE_HEIGHT``; each face is cached as a PNG next to a JSON file with
its corner index boxes (found by ``vision.synth.index_finder.find_indices``).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import cv2
import numpy as np

from engine.card import RANKS, SUITS, Card, full_deck

from .cache import atomic_write, cache_dir, png_bytes
from .design import FACE_HEIGHT, CardFace, Design
from .index_finder import FINDER_VERSION
from .index_finder import find_indices as _find_indices

#: Packages (pinned, so the evaluation set never changes under us).
YOUNESTOUATI = "@younestouati/playing-cards-standard-deck@3.0.0"
HERUKA = "@heruka_urgyen/react-playing-cards@0.5.0"
PACKAGES = (YOUNESTOUATI, HERUKA)
SPLIT = "eval"
#: Bump when rendering or index finding changes, so cached faces are redone.
RENDER_VERSION = 1
#: Corner radius cut on square-cornered artwork, as a fraction of the face width
#: (3 mm on a 63 mm poker card).
CORNER_RADIUS = 0.05


class NpmUnavailableError(RuntimeError):
    """``npm pack`` could not fetch a package (no npm, or no registry)."""


class NpmPackageLayoutError(RuntimeError):
    """A fetched package does not hold the card files we expect."""


# --------------------------------------------------------------------------------------------
# fetching
# --------------------------------------------------------------------------------------------

def _slug(spec: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", spec.lstrip("@"))


def fetch_package(spec: str, timeout: float = 300.0) -> Path:
    """Fetch ``spec`` with ``npm pack`` into the cache (once) and return its unpacked root folder
    (the tarball's ``package/``). Raises ``NpmUnavailableError`` naming the package on failure."""
    base = cache_dir("decks", "npm")
    dest = base / _slug(spec)
    root = dest / "package"
    if (root / "package.json").is_file():
        return root
    npm = shutil.which("npm")
    if npm is None:
        raise NpmUnavailableError(f"cannot fetch npm package {spec}: the 'npm' program is not installed")
    with tempfile.TemporaryDirectory(dir=base, prefix=".pack-") as tmp:
        env = dict(os.environ, npm_config_update_notifier="false", npm_config_fund="false",
                   npm_config_audit="false")
        try:
            proc = subprocess.run([npm, "pack", spec, "--silent"], cwd=tmp, env=env,
                                  capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            raise NpmUnavailableError(f"'npm pack {spec}' timed out after {timeout:.0f}s "
                                      "(is the npm registry reachable?)") from exc
        tgzs = sorted(Path(tmp).glob("*.tgz"))
        if proc.returncode != 0 or not tgzs:
            msg = (proc.stderr or proc.stdout or "").strip().splitlines()[-3:]
            raise NpmUnavailableError(f"'npm pack {spec}' failed (rc={proc.returncode}): "
                                      + (" | ".join(msg) or "no tarball produced"))
        unpack = Path(tmp) / "unpacked"
        unpack.mkdir()
        with tarfile.open(tgzs[0], "r:gz") as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(unpack, filter="data")
            else:  # pragma: no cover - old Pythons: refuse unsafe member names ourselves
                for m in tar.getmembers():
                    if m.name.startswith("/") or ".." in Path(m.name).parts or not (m.isfile() or m.isdir()):
                        raise NpmPackageLayoutError(f"{spec}: unsafe tar member {m.name!r}")
                tar.extractall(unpack)
        if not (unpack / "package" / "package.json").is_file():
            raise NpmPackageLayoutError(f"{spec}: the tarball has no package/package.json")
        if dest.exists():  # a half-finished earlier attempt, or a concurrent one that won
            if (root / "package.json").is_file():
                return root
            shutil.rmtree(dest)
        try:
            os.replace(unpack, dest)
        except OSError:
            if not (root / "package.json").is_file():
                raise
    return root


# --------------------------------------------------------------------------------------------
# card files
# --------------------------------------------------------------------------------------------

def _younestouati_files(root: Path) -> tuple[dict[Card, Path], Optional[Path]]:
    cards = root / "cards"
    files: dict[Card, Path] = {}
    for card in full_deck():
        if card.is_joker:
            name = "joker.svg"
        else:
            name = f"{RANKS.index(card.rank) + 1}{card.suit.lower()}.svg"
        if (cards / name).is_file():
            files[card] = cards / name
    back = cards / "back.svg"
    return files, (back if back.is_file() else None)


_HERUKA_RANK = {"10": "T"}


def heruka_variants(root: Path) -> list[str]:
    """Deck styles of the heruka package: the folders of ``src/images`` holding a full deck."""
    images = root / "src" / "images"
    out = []
    for d in sorted(p for p in images.iterdir() if p.is_dir()) if images.is_dir() else []:
        if all((d / f"{_HERUKA_RANK.get(r, r)}{s}.svg").is_file() for r in RANKS for s in SUITS):
            out.append(d.name)
    return out


def _heruka_files(root: Path, variant: str) -> tuple[dict[Card, Path], Optional[Path]]:
    d = root / "src" / "images" / variant
    files: dict[Card, Path] = {}
    for card in full_deck():
        if card.is_joker:
            jokers = sorted(d.glob("[0-9]J.svg"))  # "2J.svg"; "1J.svg" in the original set
            if jokers:
                files[card] = jokers[-1]
        else:
            p = d / f"{_HERUKA_RANK.get(card.rank, card.rank)}{card.suit}.svg"
            if p.is_file():
                files[card] = p
    back = root / "src" / "images" / "back.svg"
    return files, (back if back.is_file() else None)


# --------------------------------------------------------------------------------------------
# rendering
# --------------------------------------------------------------------------------------------

def _render_svg(path: Path, height: int) -> np.ndarray:
    from .svg_render import render_svg
    return render_svg(path, height=height)


def outline_alpha(img: np.ndarray) -> np.ndarray:
    """Binary card mask (uint8 0/255) from a rendered face's alpha: the filled outer outline.

    Square-cornered artwork (all four corner pixels opaque) gets rounded corners of radius
    ``CORNER_RADIUS`` x width, as on a printed card.
    """
    a = img[:, :, 3]
    m = (a >= 128).astype(np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    mask = np.zeros_like(m)
    if contours:
        cv2.drawContours(mask, [max(contours, key=cv2.contourArea)], -1, 255, cv2.FILLED)
    h, w = mask.shape
    if mask[0, 0] and mask[0, w - 1] and mask[h - 1, 0] and mask[h - 1, w - 1]:
        r = max(2, int(round(CORNER_RADIUS * w)))
        rounded = np.zeros_like(mask)
        cv2.rectangle(rounded, (r, 0), (w - 1 - r, h - 1), 255, cv2.FILLED)
        cv2.rectangle(rounded, (0, r), (w - 1, h - 1 - r), 255, cv2.FILLED)
        for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
            cv2.circle(rounded, (cx, cy), r, 255, cv2.FILLED, cv2.LINE_8)
        mask = cv2.bitwise_and(mask, rounded)
    return mask


def render_face_image(path: Path, size: Optional[tuple[int, int]] = None) -> np.ndarray:
    """Render one card SVG to a BGRA face of height ``FACE_HEIGHT`` with a binary outline alpha.

    ``size`` (w, h) forces the output size (a deck's joker drawn at a slightly different aspect).
    """
    img = _render_svg(path, FACE_HEIGHT)
    if size is not None and img.shape[1::-1] != tuple(size):
        img = cv2.resize(img, tuple(size), interpolation=cv2.INTER_AREA)
    elif img.shape[0] != FACE_HEIGHT:
        w = max(1, int(round(img.shape[1] * FACE_HEIGHT / img.shape[0])))
        img = cv2.resize(img, (w, FACE_HEIGHT), interpolation=cv2.INTER_AREA)
    mask = outline_alpha(img)
    out = img.copy()
    out[:, :, 3] = mask
    out[mask == 0, :3] = 0
    return out


@dataclass
class _Deck:
    name: str
    spec: str
    files: dict
    back: Optional[Path]
    back_tile: bool = False  # the back SVG is a small pattern tile, repeated over the card

    @property
    def cache(self) -> Path:
        return cache_dir("decks", "npm", "faces", f"v{RENDER_VERSION}", self.name.replace("/", "_"))

    def _size(self) -> Optional[tuple[int, int]]:
        """The deck's face size (w, h), from its ace of spades (jokers and backs are fitted to it)."""
        ref = self.files.get(Card("A", "S"))
        if ref is None:
            return None
        face = self.render(Card("A", "S"))
        return face.image.shape[1], face.image.shape[0]

    def render(self, card: Card) -> CardFace:
        path = self.files.get(card)
        if path is None:
            raise KeyError(f"design {self.name!r} ({self.spec}) has no face for card {card}")
        png = self.cache / f"{card}.png"
        meta = self.cache / f"{card}.json"
        if png.is_file() and meta.is_file():
            img = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
            try:
                data = json.loads(meta.read_text())
                boxes = np.asarray(data["indices"], np.float32).reshape(-1, 4)
            except (ValueError, KeyError):
                img, data = None, {}
            if img is not None and img.ndim == 3 and img.shape[2] == 4:
                if data.get("finder") != FINDER_VERSION:       # the finder improved: boxes again, no re-render
                    boxes = np.asarray(_find_indices(img), np.float32).reshape(-1, 4)
                    atomic_write(meta, json.dumps(dict(data, indices=boxes.tolist(), finder=FINDER_VERSION)).encode())
                return CardFace(img, boxes)
        size = None if card == Card("A", "S") else (self._size() if card.is_joker else None)
        img = render_face_image(path, size)
        boxes = np.asarray(_find_indices(img), np.float32).reshape(-1, 4)
        atomic_write(png, png_bytes(img))
        atomic_write(meta, json.dumps({"card": str(card), "design": self.name, "package": self.spec,
                                        "svg": str(path.name), "indices": boxes.tolist(),
                                        "finder": FINDER_VERSION}).encode())
        return CardFace(img, boxes)

    def render_back(self) -> Optional[np.ndarray]:
        if self.back is None:
            return None
        png = self.cache / "back.png"
        if png.is_file():
            img = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
            if img is not None and img.ndim == 3 and img.shape[2] == 4:
                return img
        size = self._size() or (int(round(FACE_HEIGHT * 0.716)), FACE_HEIGHT)
        if self.back_tile:
            img = _render_tiled(self.back, size)
        else:
            img = render_face_image(self.back, size)
        atomic_write(png, png_bytes(img))
        return img


def _render_tiled(path: Path, size: tuple[int, int], tile_px: int = 36) -> np.ndarray:
    """A card back from a repeating pattern tile (younestouati's ``back.svg`` is a CSS
    background tile): the tile repeated over ``size`` (w, h), with rounded corners."""
    from .svg_render import render_svg
    tile = render_svg(path, width=tile_px, height=tile_px)
    w, h = size
    reps = (-(-h // tile.shape[0]), -(-w // tile.shape[1]), 1)
    img = np.ascontiguousarray(np.tile(tile, reps)[:h, :w])
    img[:, :, 3] = 255
    mask = outline_alpha(img)
    img[:, :, 3] = mask
    img[mask == 0, :3] = 0
    return img


def _design(deck: _Deck) -> Design:
    return Design(name=deck.name, source=f"npm:{deck.spec}", split=SPLIT,
                  render=deck.render, render_back=deck.render_back)


def npm_designs() -> list[Design]:
    """The evaluation-only npm decks: ``npm/younestouati`` and ``npm/heruka-<style>`` (4 styles).

    Fetches the packages on first use (``NpmUnavailableError`` naming the package when npm or the
    registry cannot be reached). Faces render lazily and are cached.
    """
    decks: list[_Deck] = []
    root = fetch_package(YOUNESTOUATI)
    files, back = _younestouati_files(root)
    if len(files) < 52:
        raise NpmPackageLayoutError(f"{YOUNESTOUATI}: found {len(files)} card SVGs in cards/, expected 52+")
    decks.append(_Deck("npm/younestouati", YOUNESTOUATI, files, back, back_tile=True))
    root = fetch_package(HERUKA)
    variants = heruka_variants(root)
    if not variants:
        raise NpmPackageLayoutError(f"{HERUKA}: no full deck of card SVGs under src/images/")
    for v in variants:
        files, back = _heruka_files(root, v)
        decks.append(_Deck(f"npm/heruka-{v}", HERUKA, files, back))
    return [_design(d) for d in decks]


def design_cards(design: Design) -> list[Card]:
    """The cards a design from this module has a face for (all 53 for both packages)."""
    owner: Callable = design.render
    deck = getattr(owner, "__self__", None)
    if isinstance(deck, _Deck):
        return [c for c in full_deck() if c in deck.files]
    return list(full_deck())

"""The artwork pack: every training design's rendered faces, index boxes and back in one file.

A machine without the Debian card decks, fonts and ``rsvg-convert`` (a lent GPU machine) runs the
factory from a pack instead: ``write_pack`` renders designs here into a ZIP (stored, not
deflated) of WebP images with their alpha, and a ``pack.json`` holding each design's name, source
and index boxes; ``read_pack`` turns it back into ``Design`` objects with the same faces.
``designs_for("train")`` reads the pack named by ``$BURRACO_PACK`` when that is set.

Packs hold third-party artwork: they live in an ignored folder (``packs/``), never in git. Only
training designs may enter one: evaluation designs stay off any machine that trains.
"""
from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path
from typing import Callable, Iterable, Optional

import cv2
import numpy as np

from engine.card import Card, full_deck

from .design import FACE_HEIGHT, CardFace, Design
from .synth_settings import SynthSettings

PACK_ENV = "BURRACO_PACK"
MANIFEST = "pack.json"
FORMAT_VERSION = 1


class PackError(RuntimeError):
    """A pack that cannot be written (an evaluation design) or read (missing, damaged, mismatched)."""


def pack_path() -> Optional[Path]:
    """The pack named by ``$BURRACO_PACK``, or None when the variable is unset or empty."""
    value = os.environ.get(PACK_ENV, "").strip()
    return Path(value).expanduser() if value else None


def _encode(img: np.ndarray, quality: int) -> bytes:
    ok, buf = cv2.imencode(".webp", img, [cv2.IMWRITE_WEBP_QUALITY, int(quality)])
    if not ok:
        raise PackError(f"cannot encode a {img.shape} image as WebP")
    return buf.tobytes()


def _decode(data: bytes, what: str) -> np.ndarray:
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    if img is not None and img.ndim == 3 and img.shape[2] == 3:    # WebP drops an alpha that is all 255
        img = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        raise PackError(f"pack image {what} is not a BGRA WebP")
    return img


def _file_name(design: str, key: str) -> str:
    return f"{design}/{key}.webp"


def write_pack(designs: Iterable[Design], path: Path, settings: Optional[SynthSettings] = None,
               progress: Callable[[Design], None] = lambda d: None) -> dict:
    """Render ``designs`` into the pack ``path`` (written whole, then moved into place); returns
    its manifest. Refuses any design whose split is not ``train``."""
    s = settings or SynthSettings()
    designs = list(designs)
    wrong = [d.name for d in designs if d.split != "train"]
    if wrong:
        raise PackError(f"only training designs may enter a pack, not {wrong}")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    entries = []
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_STORED) as zf:
        for design in designs:
            faces = {}
            for card in full_deck():
                face = design.face(card)
                zf.writestr(_file_name(design.name, str(card)), _encode(face.image, s.pack_webp_quality))
                faces[str(card)] = np.round(face.indices, 2).tolist()
            back = design.back()
            if back is not None:
                zf.writestr(_file_name(design.name, "back"), _encode(back, s.pack_webp_quality))
            entries.append({"name": design.name, "source": design.source, "indices": faces,
                            "has_back": back is not None})
            progress(design)
        manifest = {"version": FORMAT_VERSION, "face_height": FACE_HEIGHT, "webp_quality": s.pack_webp_quality,
                    "procedural_designs": s.procedural_designs, "procedural_seed": s.procedural_seed,
                    "procedural_fonts": s.procedural_fonts,
                    "designs": entries}
        zf.writestr(MANIFEST, json.dumps(manifest))
    tmp.replace(path)
    return manifest


class _Faces:
    """One design's faces, decoded from the pack's bytes on first use."""

    def __init__(self, zf: zipfile.ZipFile, entry: dict):
        self._zf, self._name, self._indices = zf, entry["name"], entry["indices"]
        self._has_back = entry["has_back"]

    def face(self, card: Card) -> CardFace:
        key = str(card)
        if key not in self._indices:
            raise PackError(f"pack design {self._name} has no face {key}")
        image = _decode(self._zf.read(_file_name(self._name, key)), f"{self._name}/{key}")
        return CardFace(image, np.asarray(self._indices[key], np.float32).reshape(-1, 4))

    def back(self) -> Optional[np.ndarray]:
        if not self._has_back:
            return None
        return _decode(self._zf.read(_file_name(self._name, "back")), f"{self._name}/back")


def read_pack(path: Path) -> dict:
    """The pack's manifest plus ``designs``: ``Design`` objects whose faces come from the pack.

    The whole file is read into memory, so that worker processes forked afterwards never share
    a file position."""
    path = Path(path)
    try:
        zf = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
        manifest = json.loads(zf.read(MANIFEST))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as err:
        raise PackError(f"cannot read the artwork pack {path}: {err}") from err
    if manifest.get("version") != FORMAT_VERSION or manifest.get("face_height") != FACE_HEIGHT:
        raise PackError(f"artwork pack {path} has format {manifest.get('version')} with faces "
                        f"{manifest.get('face_height')} px; this code reads format {FORMAT_VERSION}, "
                        f"{FACE_HEIGHT} px: make it again with burraco pack")
    designs = []
    for entry in manifest["designs"]:
        faces = _Faces(zf, entry)
        designs.append(Design(name=entry["name"], source=entry["source"], split="train", render=faces.face,
                              render_back=faces.back))
    return dict(manifest, designs=designs)


def pack_designs(path: Path, procedural: int, procedural_seed: int, fonts: str = "base") -> tuple[Design, ...]:
    """The pack's designs, checked against the procedural decks the caller asks for."""
    pack = read_pack(path)
    # a pack written before font sets were chosen holds base-font decks
    made = (pack["procedural_designs"], pack["procedural_seed"], pack.get("procedural_fonts", "base"))
    if made != (procedural, procedural_seed, fonts):
        raise PackError(f"artwork pack {path} holds {made[0]} procedural designs of seed {made[1]} "
                        f"({made[2]} fonts), not {procedural} of seed {procedural_seed} ({fonts} fonts)")
    return tuple(pack["designs"])


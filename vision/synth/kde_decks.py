"""Card designs from KDE's card decks (Debian package ``kdegames-card-data-kf5``).

Each ``/usr/share/carddecks/svg-<name>/*.svgz`` holds one element per card (``1_club``,
``king_heart``, ``jack_spade``, ``back``, ``black_joker`` / ``red_joker`` / ``joker``). An element
is rendered alone with ``rsvg-convert --export-id``; its reported bounds are not always the card
(hidden layers, clip paths), so the card is taken as the largest opaque blob of the render, first
at zoom 1 to measure it, then at the zoom that makes it ``SUPERSAMPLE x FACE_HEIGHT`` tall.
Faces and index boxes are cached exactly like the GNOME decks (``gnome_decks.CachedDeck``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import cv2
import numpy as np

from engine.card import JOKER, Card, full_deck

from .cache import cache_dir
from .design import FACE_HEIGHT, Design
from .gnome_decks import SUPERSAMPLE, CachedDeck, card_key, joker_colour, largest_blob_box, make_face
from .svg_render import SvgRenderError, render_svg

KDE_DIR = Path("/usr/share/carddecks")

_RANK_IDS = {"A": "1", "J": "jack", "Q": "queen", "K": "king"}
_SUIT_IDS = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}

#: Decks left out, with the reason (checked by eye on renders of their elements).
EXCLUDED: dict[str, str] = {
    "xskat-german": "German suits (acorns, leaves, hearts, bells), not French-suited",
    "xskat-french": "cards are embedded 72x112 bitmaps: far too low-resolution",
    "konqi-modern": "cards are embedded 72x96 bitmaps: far too low-resolution",
    "oxygen-air": "rank printed once (top right) and pip once (bottom left): no corner index pair to label",
    "oxygen-white": "rank printed once (top right) and pip once (bottom left): no corner index pair to label",
    "oxygen": "rank printed once (top right) and pip once (bottom left): no corner index pair to label",
    "future": "a machine's display panel instead of a printed corner index",
    "ancient-egyptians": "rank and pip printed apart, the lower index not turned: most faces get no index box",
}
#: Real artwork held out of training: a development set of designs no model trained on
#: (``burraco synth --designs heldout``), that leaves the reserved evaluation designs untouched.
HELDOUT_DECKS = frozenset({"standard", "penguins"})
#: A deck without a joker of its own borrows this training deck's, fitted to its face size (a
#: Burraco deck needs jokers; their 52 other faces are what such a deck brings).
JOKER_DONOR = "nicu-white"


def element_id(card: Card) -> str:
    return f"{_RANK_IDS.get(card.rank, card.rank)}_{_SUIT_IDS[card.suit]}"


def joker_ids(name: str) -> list[str]:
    """Joker element ids to try, the preferred colour first."""
    ids = ["black_joker", "red_joker"]
    if joker_colour(f"kde/{name}"):
        ids.reverse()
    return ids + ["joker"]


def kde_deck_files() -> dict[str, Path]:
    """``{name without 'svg-': svg file}`` of every KDE deck installed, excluded ones included."""
    out = {}
    if KDE_DIR.is_dir():
        for d in sorted(KDE_DIR.glob("svg-*")):
            files = sorted(d.glob("*.svgz")) + sorted(d.glob("*.svg"))
            if files:
                out[d.name[len("svg-"):]] = files[0]
    return out


def render_element(path: Path, eid: str, height: int = FACE_HEIGHT * SUPERSAMPLE) -> np.ndarray:
    """Render one card element so that its opaque card shape is about ``height`` pixels tall."""
    probe = render_svg(path, element_id=eid, zoom=1.0)
    box = largest_blob_box(probe[:, :, 3])
    if box is None:
        raise SvgRenderError(f"element {eid!r} of {path} renders empty")
    zoom = height / float(box[3] - box[1])
    return render_svg(path, element_id=eid, zoom=zoom)


def _joker_face(name: str, path: Path) -> np.ndarray:
    for eid in joker_ids(name):
        try:
            return make_face(render_element(path, eid))
        except SvgRenderError:
            continue
    raise SvgRenderError(f"{path} has no joker element")


def _kde_builder(name: str, path: Path, donor: Optional[Path] = None) -> Callable[[], dict[str, np.ndarray]]:
    """Faces of one deck; ``donor``, a deck file whose joker stands in for a missing one."""
    def build() -> dict[str, np.ndarray]:
        faces = {}
        for card in full_deck():
            if card == JOKER:
                continue
            faces[card_key(card)] = make_face(render_element(path, element_id(card)))
        if donor is None:
            faces[card_key(JOKER)] = _joker_face(name, path)
        else:
            joker = _joker_face(JOKER_DONOR, donor)
            h, w = faces[card_key(Card("A", "S"))].shape[:2]
            # nearest, so that the alpha stays 0 or 255
            faces[card_key(JOKER)] = cv2.resize(joker, (w, h), interpolation=cv2.INTER_NEAREST)
        try:
            faces["back"] = make_face(render_element(path, "back"))
        except (SvgRenderError, ValueError):
            pass
        return faces
    return build


def kde_design(name: str, path: Path, donor: Optional[Path] = None) -> Design:
    """One KDE deck; ``donor``: the deck file whose joker it borrows (it has none of its own)."""
    source_id = str(path) if donor is None else f"{path}+joker:{donor}"
    deck = CachedDeck(cache_dir("decks", "kde", name), _kde_builder(name, path, donor), source_id=source_id)
    return Design(name=f"kde/{name}", source="kde", split="heldout" if name in HELDOUT_DECKS else "train",
                  render=deck.face, render_back=deck.back)


def has_joker(path: Path) -> bool:
    """Whether the deck file defines one of the joker elements ``joker_ids`` tries."""
    import gzip
    opener = gzip.open if path.suffix == ".svgz" else open
    with opener(path, "rb") as fh:
        text = fh.read()
    return any(f'id="{eid}"'.encode() in text for eid in ("black_joker", "red_joker", "joker"))


def kde_designs() -> list[Design]:
    """One Design per French-suited KDE deck installed. Those without a joker of their own
    (gm-paris, jolly-royal, penguins, standard, tigullio-international) borrow ``JOKER_DONOR``'s,
    and are left out when it is not installed."""
    files = kde_deck_files()
    donor = files.get(JOKER_DONOR)
    out = []
    for name, path in files.items():
        if name in EXCLUDED:
            continue
        if has_joker(path):
            out.append(kde_design(name, path))
        elif donor is not None:
            out.append(kde_design(name, path, donor))
    return out

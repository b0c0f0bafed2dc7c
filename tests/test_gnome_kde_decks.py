"""GNOME / KDE deck designs: which decks are kept, splits, faces and their index boxes.

Needs the Debian packages gnome-cards-data, kdegames-card-data-kf5 and librsvg2-bin (``make
system-deps``); skipped without them. Faces are cached under $BURRACO_CACHE after the first run.
"""
import numpy as np
import pytest

from engine.card import JOKER, Card, full_deck
from vision.synth.design import FACE_HEIGHT, Design
from vision.synth.gnome_decks import EVAL_DECKS, gnome_designs
from vision.synth.designs import designs_for
from vision.synth.kde_decks import HELDOUT_DECKS, JOKER_DONOR, kde_designs
from vision.synth.svg_render import rsvg_available

pytestmark = pytest.mark.skipif(not rsvg_available(), reason="rsvg-convert not installed")

GNOME = {d.name: d for d in gnome_designs()}
KDE = {d.name: d for d in kde_designs()}
needs_gnome = pytest.mark.skipif(not GNOME, reason="gnome-cards-data not installed")
needs_kde = pytest.mark.skipif(not KDE, reason="kdegames-card-data-kf5 not installed")

#: Decks rendered in full here (a cold render of every deck takes minutes: see montage_cli).
FULL_CHECK = ["gnome/anglo", "gnome/ornamental", "kde/nicu-white", "kde/gm-paris"]


@needs_gnome
def test_gnome_names_sources_and_splits():
    assert all(isinstance(d, Design) and d.source == "gnome" for d in GNOME.values())
    assert {n for n, d in GNOME.items() if d.split == "eval"} == {f"gnome/{s}" for s in EVAL_DECKS}
    assert EVAL_DECKS == {"guyenne-classic", "anglo_modern", "anglo_modern_4_color"}
    assert "gnome/swiss-xvii" not in GNOME
    assert all(n.isascii() for n in GNOME)
    assert len(GNOME) >= 20


@needs_kde
def test_kde_names_and_exclusions():
    assert all(d.source == "kde" for d in KDE.values())
    for name, d in KDE.items():
        assert d.split == ("heldout" if name[len("kde/"):] in HELDOUT_DECKS else "train"), name
    for left_out in ("xskat-german", "xskat-french", "oxygen", "oxygen-air", "future", "ancient-egyptians"):
        assert f"kde/{left_out}" not in KDE
    assert all(n.startswith("kde/") and "svg-" not in n for n in KDE)


@needs_kde
def test_heldout_real_decks_never_train():
    held = {d.name for d in designs_for("heldout")}
    assert held == {f"kde/{s}" for s in HELDOUT_DECKS} & set(KDE)
    assert not held & {d.name for d in designs_for("train")}


@needs_kde
def test_a_deck_without_joker_borrows_the_donors():
    """gm-paris has no joker: it gets nicu-white's, fitted to its own face size, with its indices."""
    deck, donor = KDE.get("kde/gm-paris"), KDE.get(f"kde/{JOKER_DONOR}")
    if deck is None or donor is None:
        pytest.skip("gm-paris or the joker donor not installed")
    joker, ace, theirs = deck.face(JOKER).image, deck.face(Card("A", "S")).image, donor.face(JOKER).image
    assert joker.shape == ace.shape
    import cv2
    fitted = cv2.resize(theirs, joker.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    assert np.array_equal(joker, fitted)
    assert len(deck.face(JOKER).indices) >= 2


def _corner_of(box, w, h):
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return ("t" if cy < h / 2 else "b") + ("l" if cx < w / 2 else "r")


@pytest.mark.parametrize("name", FULL_CHECK)
def test_all_faces_render_with_corner_indices(name):
    design = {**GNOME, **KDE}.get(name)
    if design is None:
        pytest.skip(f"{name} not installed")
    two_or_more = 0
    for card in full_deck():
        face = design.face(card)
        img = face.image
        assert img.dtype == np.uint8 and img.shape[0] == FACE_HEIGHT and img.shape[2] == 4
        assert 0.55 < img.shape[1] / img.shape[0] < 0.85
        a = img[:, :, 3]
        assert set(np.unique(a)) <= {0, 255}
        assert a[FACE_HEIGHT // 2, img.shape[1] // 2] == 255
        assert a[0, 0] == 0 and a[-1, -1] == 0  # rounded corners are transparent
        h, w = img.shape[:2]
        corners = [_corner_of(b, w, h) for b in face.indices]
        assert len(corners) == len(set(corners))
        for box, corner in zip(face.indices, corners):
            # within the outer quarter of the face, in its corner
            assert (box[0] < 0.3 * w) if corner[1] == "l" else (box[2] > 0.7 * w)
            assert (box[1] < 0.3 * h) if corner[0] == "t" else (box[3] > 0.7 * h)
        if len(face.indices) >= 2:
            assert corners[:2] == ["tl", "br"]
            two_or_more += 1
    assert two_or_more == 53, f"{name}: only {two_or_more}/53 faces with >= 2 index boxes"
    back = design.back()
    assert back is None or (back.ndim == 3 and back.shape[2] == 4)


def test_joker_face_is_distinct():
    design = GNOME.get("gnome/anglo")
    if design is None:
        pytest.skip("anglo not installed")
    a = design.face(Card.joker()).image
    b = design.face(Card.parse("AS")).image
    assert a.shape != b.shape or np.abs(a.astype(int) - b.astype(int)).mean() > 5

"""Procedural deck designs: determinism, valid faces, index boxes measured from the ink."""
from __future__ import annotations

import random

import numpy as np
import pytest

from engine.card import Card, full_deck
from vision.synth.design import FACE_HEIGHT, CardFace, Design
from vision.synth.pips import SUIT_VARIANTS, draw_pip, pip_mask, suit_aspect
from vision.synth.procedural_deck import (FONT_SETS, DeckStyle, available_fonts, design_from_style,
                                          procedural_designs)

DECK = list(full_deck())


@pytest.fixture(scope="module")
def designs() -> list[Design]:
    return procedural_designs(5, 1234)


def _ink(face: CardFace, box, threshold: int = 60) -> np.ndarray:
    """Pixels inside ``box`` that differ from the card's paper colour."""
    x0, y0 = (int(np.floor(v)) for v in box[:2])
    x1, y1 = (int(np.ceil(v)) for v in box[2:])
    img = face.image[..., :3].astype(np.int16)
    paper = np.median(img[FACE_HEIGHT // 2 - 2:FACE_HEIGHT // 2 + 2, 2:5].reshape(-1, 3), axis=0)
    diff = np.abs(img[y0:y1, x0:x1] - paper).max(axis=2)
    return diff > threshold


def test_fonts_are_installed():
    assert available_fonts(), "no TrueType fonts found under /usr/share/fonts"


def test_font_sets():
    base, wide = available_fonts("base"), available_fonts("wide")
    assert available_fonts() == base
    # the wide set holds the base fonts, in their order, and more (make test installs their packages)
    assert wide[:len(base)] == base and len(wide) > len(base)
    assert len(wide) - len(base) == len(FONT_SETS["wide"]) - len(FONT_SETS["base"]), \
        "a font of the wide set is not installed (Makefile APT_PACKAGES)"
    with pytest.raises(ValueError, match="'narrow'"):
        available_fonts("narrow")
    with pytest.raises(ValueError, match="fonts must be one of base, wide"):
        procedural_designs(1, 7, fonts="narrow")


def test_wide_fonts_name_their_decks_and_draw_more_faces():
    base = procedural_designs(3, 7)
    wide = procedural_designs(40, 7, fonts="wide")
    assert [d.name for d in wide[:3]] == ["proc/7-wide-0", "proc/7-wide-1", "proc/7-wide-2"]
    # the base decks of a seed stay as they were: the wide set only adds decks of other names
    assert [d.style for d in procedural_designs(3, 7)] == [d.style for d in base]
    extra = {path for path, _ in available_fonts("wide")} - {path for path, _ in available_fonts("base")}
    assert any(d.style.font_path in extra for d in wide)
    face = wide[0].face(Card.parse("6C"))
    assert len(face.indices) >= 2 and np.all(face.indices[:, 2:] > face.indices[:, :2])


def test_names_source_split():
    ds = procedural_designs(3, 7, split="eval")
    assert [d.name for d in ds] == ["proc/7-0", "proc/7-1", "proc/7-2"]
    assert all(d.source == "procedural" and d.split == "eval" for d in ds)


def test_same_seed_gives_identical_faces():
    a = procedural_designs(2, 99)
    b = procedural_designs(2, 99)
    for da, db in zip(a, b):
        assert da.style == db.style
        for card in (Card.parse("10H"), Card.parse("KS"), Card.parse("AC"), Card.joker()):
            fa, fb = da.face(card), db.face(card)
            assert np.array_equal(fa.image, fb.image)
            assert np.array_equal(fa.indices, fb.indices)
        assert np.array_equal(da.back(), db.back())


def test_different_seeds_differ():
    a = procedural_designs(3, 1)
    b = procedural_designs(3, 2)
    assert [d.style for d in a] != [d.style for d in b]
    card = Card.parse("7D")
    assert any(not np.array_equal(x.face(card).image, y.face(card).image) for x, y in zip(a, b))
    # and the designs of one seed differ from each other
    assert len({repr(d.style) for d in procedural_designs(8, 5)}) == 8


def test_every_face_valid(designs):
    for d in designs:
        for card in DECK:
            f = d.face(card)
            assert isinstance(f, CardFace)
            h, w = f.image.shape[:2]
            assert h == FACE_HEIGHT and 200 <= w <= 270
            a = f.image[..., 3]
            assert a[h // 2, w // 2] == 255 and a[h // 2, 0] == 255 and a[0, w // 2] == 255
            assert a[0, 0] == 0 and a[-1, -1] == 0          # rounded corners cut away
            assert len(f.indices) in (2, 4)
        back = d.back()
        assert back is not None and back.shape == d.face(DECK[0]).image.shape


def test_index_boxes_in_corners_and_inked(designs):
    for d in designs:
        for card in DECK:
            f = d.face(card)
            h, w = f.image.shape[:2]
            for box in f.indices:
                x0, y0, x1, y1 = box
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                # in a corner: near a vertical and a horizontal edge
                assert min(cx, w - cx) < 0.3 * w, (d.name, card, box)
                assert min(cy, h - cy) < 0.35 * h, (d.name, card, box)
                ink = _ink(f, box)
                assert ink.mean() > 0.08, (d.name, card, box)
                # the box is tight: faint ink comes within a few px of each of its sides
                faint = _ink(f, box, 12)
                ys, xs = np.nonzero(faint)
                fh, fw = faint.shape
                assert ys.min() <= 4 and xs.min() <= 4, (d.name, card, box)
                assert ys.max() >= fh - 5 and xs.max() >= fw - 5, (d.name, card, box)
            # the two index copies at TL and BR are point-symmetric
            a, b = f.indices[0], f.indices[1]
            assert np.allclose([a[0] + b[2], a[2] + b[0]], w, atol=0.01)
            assert np.allclose([a[1] + b[3], a[3] + b[1]], h, atol=0.01)


def test_joker_box_is_the_vertical_word(designs):
    for d in designs:
        f = d.face(Card.joker())
        x0, y0, x1, y1 = f.indices[0]
        assert (y1 - y0) > 2.5 * (x1 - x0)          # a word written top to bottom


def _style_with(seed_from: int, **kw) -> DeckStyle:
    rng = random.Random(seed_from)
    s = DeckStyle.sample(rng)
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def test_four_corner_styles_have_four_boxes():
    d = design_from_style("test/4c", _style_with(3, corners=4))
    for card in DECK:
        boxes = d.face(card).indices
        assert len(boxes) == 4
        w = d.face(card).image.shape[1]
        xs = sorted((b[0] + b[2]) / 2 for b in boxes)
        assert xs[1] < w / 2 < xs[2]
    found = False
    for i in range(60):                              # the sampler does produce such decks
        if DeckStyle.sample(random.Random(f"burraco-proc/0/{i}")).corners == 4:
            found = True
            break
    assert found


def _suit_colour(face: CardFace) -> np.ndarray:
    """The colour of the darkest-saturated ink in the top-left index box."""
    x0, y0, x1, y1 = (int(v) for v in face.indices[0])
    px = face.image[y0:y1, x0:x1, :3].reshape(-1, 3).astype(int)
    px = px[px.sum(axis=1) < 500]
    return np.median(px, axis=0)


def test_four_colour_decks_use_four_colours():
    s = _style_with(5, four_colour=True,
                    suit_colours={"S": (0, 0, 0), "H": (30, 30, 200), "D": (170, 80, 0),
                                  "C": (40, 130, 20)})
    d = design_from_style("test/4col", s)
    cols = [_suit_colour(d.face(Card("5", su))) for su in "SHDC"]
    for i in range(4):
        for j in range(i + 1, 4):
            assert np.abs(cols[i] - cols[j]).max() > 60
    n4 = sum(DeckStyle.sample(random.Random(f"burraco-proc/1/{i}")).four_colour for i in range(60))
    assert 0 < n4 < 60
    for i in range(60):
        st = DeckStyle.sample(random.Random(f"burraco-proc/1/{i}"))
        if st.four_colour:
            assert len(set(st.suit_colours.values())) == 4


def test_italian_court_letters_keep_the_card():
    d = design_from_style("test/it", _style_with(8, court_letters={"J": "V", "Q": "D", "K": "R"}))
    f = d.face(Card.parse("KH"))
    assert len(f.indices) >= 2


def test_full_decks_render_fast_enough(designs):
    # not a timing assertion: five whole decks must simply render in a test run
    for d in procedural_designs(5, 4321):
        assert len([d.face(c) for c in DECK]) == 53


@pytest.mark.parametrize("suit", "SHDC")
def test_pips_draw_at_any_size_and_rotation(suit):
    for v in range(SUIT_VARIANTS[suit]):
        for h in (6, 20, 90):
            m = pip_mask(suit, h, v)
            assert abs(m.shape[0] - h) <= 3
            assert abs(m.shape[1] - h * suit_aspect(suit, v)) <= 4
            r = pip_mask(suit, h, v, rotate180=True)
            assert np.abs(np.subtract(r.shape, m.shape)).max() <= 1
        img = np.zeros((100, 100, 4), np.uint8)
        draw_pip(img, suit, (50, 50), 60, (0, 0, 255), variant=v)
        assert img[50, 50, 3] == 255 and img[50, 50, 2] == 255 and img[2, 2, 3] == 0
    if suit in "HS":            # hearts and spades are not symmetric top to bottom
        up, down = np.zeros((101, 101), np.uint8), np.zeros((101, 101), np.uint8)
        draw_pip(up, suit, (50, 50), 60, (255,))
        draw_pip(down, suit, (50, 50), 60, (255,), rotate180=True)
        assert np.abs(up.astype(int) - down[::-1, ::-1].astype(int)).mean() < 2
        assert np.abs(up.astype(int) - down.astype(int)).mean() > 10


def test_unseen_designs_are_procedural_decks_no_model_trains_on():
    from vision.synth.designs import designs_for
    from vision.synth.synth_settings import SynthSettings
    s = SynthSettings()
    unseen = designs_for("unseen")
    assert len(unseen) == s.unseen_designs
    assert all(d.source == "procedural" and d.split == "unseen" for d in unseen)
    assert s.unseen_seed != s.procedural_seed
    training = procedural_designs(s.procedural_designs, s.procedural_seed)
    assert not {d.name for d in unseen} & {d.name for d in training}
    assert not any(u.style == t.style for u in unseen for t in training)
    with pytest.raises(ValueError, match="train, eval, unseen, heldout"):
        designs_for("test")

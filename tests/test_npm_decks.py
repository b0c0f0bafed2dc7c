"""The npm decks: evaluation-only designs, every card renders to a valid face.

Needs npm and the npm registry (the first time; packages and faces are cached after that):
the tests skip, saying why, when ``npm pack`` cannot fetch a package.
"""
from __future__ import annotations

import numpy as np
import pytest

from engine.card import Card, full_deck
from vision.synth.design import FACE_HEIGHT, CardFace
from vision.synth.npm_decks import NpmUnavailableError, design_cards, npm_designs, outline_alpha
from vision.synth.svg_render import rsvg_available


@pytest.fixture(scope="module")
def designs():
    if not rsvg_available():
        pytest.skip("rsvg-convert is not installed (Debian package librsvg2-bin)")
    try:
        return npm_designs()
    except NpmUnavailableError as exc:
        pytest.skip(f"npm registry unreachable: {exc}")


def test_names_and_split(designs):
    names = [d.name for d in designs]
    assert "npm/younestouati" in names
    assert sorted(n for n in names if n.startswith("npm/heruka-")) == [
        "npm/heruka-2color", "npm/heruka-2color-bf", "npm/heruka-4color", "npm/heruka-4color-bf"]
    assert len(set(names)) == len(names)
    assert all(d.split == "eval" for d in designs)


def test_every_card_renders(designs):
    for d in designs:
        cards = design_cards(d)
        assert cards == list(full_deck()), f"{d.name} lacks cards"
        sizes = set()
        for card in cards:
            face = d.face(card)
            assert isinstance(face, CardFace)
            img = face.image
            assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 4
            assert img.shape[0] == FACE_HEIGHT and 0.6 < img.shape[1] / img.shape[0] < 0.8
            a = img[:, :, 3]
            assert set(np.unique(a).tolist()) <= {0, 255}
            h, w = a.shape
            # rounded outline: corners transparent, centre and edge middles opaque
            assert a[0, 0] == 0 and a[0, w - 1] == 0 and a[h - 1, 0] == 0 and a[h - 1, w - 1] == 0
            assert a[h // 2, w // 2] == 255 and a[h // 2, 1] == 255 and a[1, w // 2] == 255
            assert a.mean() > 0.95 * 255
            # not blank: some ink on the card
            assert img[a > 0, :3].std() > 10, f"{d.name} {card} looks blank"
            sizes.add(img.shape)
        assert len(sizes) == 1, f"{d.name}: faces of different sizes {sizes}"
        back = d.back()
        assert back is not None and back.shape in sizes


def test_indices_found_on_number_cards(designs):
    # Corner indices of normal-face decks are found on every non-joker card.
    for d in designs:
        if d.name.endswith("-bf"):
            continue  # big-face indices: see the report on index_finder's seed size limit
        for card in design_cards(d):
            if card.is_joker:
                continue
            idx = d.face(card).indices
            assert len(idx) >= 2, f"{d.name} {card}: {idx.tolist()}"


def test_cache_round_trip(designs):
    d = designs[1]
    card = Card.parse("10H")
    first = d.face(card)
    again = type(d)(name=d.name, source=d.source, split=d.split, render=d.render).face(card)
    assert np.array_equal(first.image, again.image)
    assert np.array_equal(first.indices, again.indices)


def test_missing_card_raises_key_error(designs):
    d = designs[0]
    deck = d.render.__self__
    saved = deck.files.pop(Card.joker())
    try:
        with pytest.raises(KeyError, match="JK"):
            d.render(Card.joker())
    finally:
        deck.files[Card.joker()] = saved


def test_outline_alpha_rounds_square_artwork():
    img = np.full((100, 70, 4), 255, np.uint8)
    m = outline_alpha(img)
    assert m[0, 0] == 0 and m[99, 69] == 0 and m[50, 35] == 255 and m[0, 35] == 255

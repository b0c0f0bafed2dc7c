"""The synthetic-data factory: honest labels, valid truth, determinism, reserved designs."""
import json

import cv2
import numpy as np
import pytest

from engine.card import Card
from engine.meld import read_meld
from engine.scoring import score_json
from vision.classes import CLASS_NAMES, class_id
from vision.synth.design import CardFace
from vision.synth.procedural_deck import procedural_designs
from vision.synth.scene import PlacedCard, card_matrix, compose, visible_fraction
from vision.synth.synth import generate
from vision.synth.synth_settings import SynthSettings


@pytest.fixture(scope="module")
def designs():
    return procedural_designs(3, 777)


@pytest.fixture(scope="module")
def samples(designs):
    return [generate(11, i, designs) for i in range(8)]


def _plain_face(w=100, h=140):
    img = np.full((h, w, 4), 255, np.uint8)
    return CardFace(img, np.array([[5, 5, 25, 45]], np.float32))


@pytest.mark.parametrize("cover, labelled", [(0.0, True), (0.3, True), (0.5, False), (1.0, False)])
def test_visibility_is_measured_after_occlusion(cover, labelled):
    """A second card slides over the first one's index from the left: 60% must still show."""
    face = _plain_face()
    under = PlacedCard.of_face(face, card_matrix(100, 140, 1.0, 0, 100, 100), Card.parse("7H"))
    # the index spans x 55..75 on the canvas; the covering card's right edge sits at 55 + cover * 20
    right = 55 + cover * 20
    over = PlacedCard(np.full((140, 100, 4), 255, np.uint8), card_matrix(100, 140, 1.0, 0, right - 50, 100))
    comp = compose((300, 300), [under, over], shadow=0)
    frac = visible_fraction(comp)[0]
    assert frac == pytest.approx(1 - cover, abs=0.06)
    assert (frac >= SynthSettings().min_visible) == labelled


def test_every_box_belongs_to_a_card_of_the_truth(samples):
    for s in samples:
        assert len(s.boxes) == len(s.classes) > 0
        truth_boxes = {(tuple(ix["box"]), c["card"]) for c in s.truth["cards"] for ix in c["indices"] if ix["box"]}
        for box, cls in zip(s.boxes, s.classes):
            assert (tuple(int(v) for v in box), CLASS_NAMES[cls]) in truth_boxes
            x0, y0, x1, y1 = box.astype(int)
            ids = np.unique(s.index_map[y0:y1, x0:x1])
            assert len(ids[ids > 0]) >= 1        # an index really lies under the box
            h, w = s.image.shape[:2]
            assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h


def test_no_visible_index_goes_unlabelled(samples):
    for s in samples:
        labelled = {(tuple(int(v) for v in b), int(c)) for b, c in zip(s.boxes, s.classes)}
        for card in s.truth["cards"]:
            for ix in card["indices"]:
                if card["card"] is not None and ix["visible"] >= SynthSettings().min_visible and ix["box"]:
                    assert (tuple(ix["box"]), class_id(Card.parse(card["card"]))) in labelled
                if ix["visible"] < SynthSettings().min_visible:
                    assert ix["box"] is None


def test_melds_and_hands_in_the_truth_are_real_and_scorable(samples):
    kinds = set()
    for s in samples:
        t = s.truth
        kinds.add(t["kind"])
        for meld, valid in zip(t["melds"], t["meld_valid"]):
            assert read_meld(meld).valid == valid
        on_table = [c["card"] for c in t["cards"] if c["role"] in ("meld", "hand")]
        assert sorted(on_table) == sorted([c for m in t["melds"] for c in m] + t["hand"])
        counts = {}
        for c in on_table + [c["card"] for c in t["cards"] if c["role"] == "discard"]:
            counts[c] = counts.get(c, 0) + 1
        assert all(n <= (4 if c == "JK" else 2) for c, n in counts.items())
        assert score_json(t["score_input"])["teams"][0] == t["expected_score"]
        json.dumps(t)
    assert kinds >= {"table", "hand"}


def test_indices_are_in_the_requested_size_range(samples):
    heights = [b[3] - b[1] for s in samples for b in s.boxes]
    assert 8 <= np.median(heights) <= 90


def test_the_truth_says_how_blurred_the_photo_is(samples):
    blurs = [s.truth["blur"] for s in samples]
    for s in samples:
        px = max(s.truth["width"], s.truth["height"]) / 1500      # blur lengths scale with the photo
        assert s.truth["blur"]["defocus_px"] == 0 or 0.5 * px - 0.01 <= s.truth["blur"]["defocus_px"] <= 2 * px + 0.01
        assert s.truth["blur"]["motion_px"] == 0 or 2 * px - 0.01 <= s.truth["blur"]["motion_px"] <= 8 * px + 0.01
        assert 40 <= s.truth["jpeg_quality"] <= 95
    assert any(b["defocus_px"] == 0 and b["motion_px"] == 0 for b in blurs)


def test_same_seed_same_images(designs):
    a, b = generate(5, 3, designs), generate(5, 3, designs)
    assert np.array_equal(a.image, b.image) and np.array_equal(a.boxes, b.boxes) and a.truth == b.truth
    c = generate(6, 3, designs)
    assert a.image.shape != c.image.shape or not np.array_equal(a.image, c.image)


def test_labels_match_the_image_content(samples):
    """The pixels inside a labelled box differ from the plain table: ink is there."""
    for s in samples[:3]:
        gray = cv2.cvtColor(s.image, cv2.COLOR_BGR2GRAY)
        for x0, y0, x1, y1 in s.boxes.astype(int):
            assert gray[y0:y1, x0:x1].std() > 5


@pytest.mark.parametrize("seed", range(8))
def test_a_spread_hand_shows_every_cards_index(designs, seed):
    """Players spread a hand to be counted so that each card's index shows: every card laid by
    ``lay_spread`` keeps an index visible enough to be labelled."""
    from vision.synth.layout import extent, lay_spread, shift
    rng = np.random.default_rng(seed)
    cards = [Card.parse(c) for c in ["3H", "KS", "7D", "7D", "AC", "JK", "10S", "2C", "QH", "5S", "9D", "4H", "8C",
                                     "6S", "JH"][:int(rng.integers(11, 16))]]
    placed = lay_spread(rng, list(designs), cards, 0.5)
    x0, y0, x1, y1 = extent(placed)
    shift(placed, 20 - x0, 20 - y0)
    comp = compose((int(x1 - x0) + 40, int(y1 - y0) + 40), placed, shadow=0)
    shown = visible_fraction(comp)
    best = np.zeros(len(placed))
    for rec, frac in zip(comp.indices, shown):
        best[rec.card] = max(best[rec.card], frac)
    assert (best >= SynthSettings().min_visible).all(), best

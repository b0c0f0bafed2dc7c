"""One card's two corners read differently are read together, when the photo's geometry says
they are one card's; otherwise every corner keeps its own reading."""
import numpy as np

from vision.classes import READER_CLASSES
from vision.reader.cards import merge_corners
from vision.reader.corners import Corners
from vision.reader.pair_readings import read_pairs_together
from vision.reader.settings import ReaderSettings
from constructed import turned_ones

INDEX = (30.0, 60.0)                  # an index's box, w x h
DIAGONAL = (190.0, 270.0)             # from a card's top-left index to its bottom-right one


def _box(x: float, y: float) -> list[float]:
    w, h = INDEX
    return [x - w / 2, y - h / 2, x + w / 2, y + h / 2]


def _corners(items: list[tuple[tuple[float, float], list[tuple[str, float]]]]) -> Corners:
    """Corners at the given centres, each with its readings (most likely first, three)."""
    boxes = np.array([_box(*at) for at, _ in items], np.float32)
    classes = np.array([[READER_CLASSES.index(n) for n, _ in r] for _, r in items])
    probs = np.array([[p for _, p in r] for _, r in items], np.float32)
    return Corners.from_arrays(boxes, np.ones(len(items)), classes, probs)


def _card(x: float, y: float, near: list, far: list) -> list:
    """A card's two corners: its top-left index at (x, y) and its bottom-right one."""
    return [((x, y), near), ((x + DIAGONAL[0], y + DIAGONAL[1]), far)]


SPADE_DOUBT = [("6S", 0.55), ("6C", 0.40), ("9S", 0.03)]
CLUB_SURE = [("6C", 0.90), ("6S", 0.08), ("5C", 0.01)]


def _cards(corners: Corners, ways=None) -> list[tuple[str, int]]:
    return sorted((c.card, len(c.corners)) for c in merge_corners(corners, ReaderSettings(), ways))


def _read_turned(items: list) -> list[str]:
    """The readings of these corners read together, corner 1 printed turned round against the
    others (a card's far corner)."""
    return read_pairs_together(_corners(items), ReaderSettings(), turned_ones({1})).names


def _three_sure_cards() -> list:
    """The corners of three cards lying alike, each read alike on both: their step is a card's."""
    return [c for k, name in enumerate(("2H", "KD", "9C"))
            for c in _card(100 + 400 * k, 900, [(name, 0.95), ("JK", 0.02), ("AH", 0.01)],
                           [(name, 0.97), ("JK", 0.01), ("AH", 0.01)])]


def test_a_card_read_differently_on_its_corners_printed_turned_round_is_read_together():
    corners = _corners(_card(400, 400, SPADE_DOUBT, CLUB_SURE))
    ways = turned_ones({1})
    assert _cards(corners, ways) == [("6C", 1), ("6S", 1)]           # before: two cards
    together = read_pairs_together(corners, ReaderSettings(), ways)
    assert together.names == ["6C", "6C"]
    # the product of the two readings, normalised: 0.40 x 0.90 against 0.55 x 0.08
    assert together.confidence[0] > 0.85 and together.confidence[0] == together.confidence[1]
    assert _cards(together, ways) == [("6C", 2)]
    assert np.array_equal(together.boxes, corners.boxes)


def test_without_a_sign_of_one_card_each_corner_keeps_its_reading():
    corners = _corners(_card(400, 400, SPADE_DOUBT, CLUB_SURE))
    for ways in (None, turned_ones(set())):        # the photo tells nothing; printed the same way up
        together = read_pairs_together(corners, ReaderSettings(), ways)
        assert together.names == ["6S", "6C"]
        assert np.array_equal(together.probs, corners.probs)


def test_a_pair_stepping_as_the_photos_cards_do_is_read_together():
    # three other cards lie alike, each read alike on both corners: their step is a card's
    corners = _corners(_three_sure_cards() + _card(400, 300, SPADE_DOUBT, CLUB_SURE))
    together = read_pairs_together(corners, ReaderSettings())
    assert together.names[-2:] == ["6C", "6C"]
    assert together.names[:-2] == corners.names[:-2]
    assert ("6C", 2) in _cards(together)


def test_readings_with_nothing_in_common_stay_apart():
    other = [("5H", 0.9), ("6H", 0.05), ("3H", 0.02)]
    assert _read_turned(_card(400, 400, SPADE_DOUBT, other)) == ["6S", "5H"]


def test_an_index_between_them_means_two_cards():
    between = ((400 + DIAGONAL[0] / 2, 400 + DIAGONAL[1] / 2), [("KH", 0.9), ("KD", 0.05), ("QH", 0.02)])
    assert _read_turned(_card(400, 400, SPADE_DOUBT, CLUB_SURE) + [between]) == ["6S", "6C", "KH"]


def test_neighbours_of_a_meld_are_never_one_card():
    # a group of sixes: two cards one step apart, each read with the other's suit as second
    # reading; a step is no card's diagonal, even were the crops to match turned round
    assert _read_turned([((400, 400), SPADE_DOUBT), ((400, 440), CLUB_SURE)]) == ["6S", "6C"]


def test_a_corner_is_read_with_one_other_at_most():
    # the sure club's corner could pair with either doubtful one (each a card's diagonal away):
    # the pair agreeing more surely is read together, and the club's corner is taken then
    other = ((400 + 2 * DIAGONAL[0], 400), [("6S", 0.6), ("6C", 0.3), ("8S", 0.05)])
    corners = _corners(_card(400, 400, SPADE_DOUBT, CLUB_SURE) + [other])
    together = read_pairs_together(corners, ReaderSettings(), turned_ones({1}))
    assert together.names == ["6C", "6C", "6S"]


def test_the_setting_turns_it_off():
    corners = _corners(_card(400, 400, SPADE_DOUBT, CLUB_SURE))
    off = ReaderSettings(pair_readings=False)
    assert read_pairs_together(corners, off, turned_ones({1})).names == ["6S", "6C"]


def test_two_readings_alike_in_doubt_stay_as_they_are():
    # a deck whose 6 reads as 5 now and then: one corner 6S, the other 5S, both about as sure;
    # multiplied, 5S would win by the second readings alone: a coin's toss, so no change
    six = [("6S", 0.62), ("5S", 0.35), ("8S", 0.01)]
    five = [("5S", 0.55), ("6S", 0.20), ("9S", 0.10)]
    assert _read_turned(_card(400, 400, six, five)) == ["6S", "5S"]
    # with the five read less surely, the six is the card's
    five = [("5S", 0.40), ("6S", 0.30), ("9S", 0.10)]
    assert _read_turned(_card(400, 400, six, five)) == ["6S", "6S"]


def test_a_reading_neither_corner_gives_first_is_not_made_up():
    # 6S or 6C, and 5C or 6C: 6C agrees best, yet neither corner read it first
    six = [("6S", 0.39), ("6C", 0.38), ("5C", 0.01)]
    five = [("5C", 0.60), ("6C", 0.38), ("3C", 0.01)]
    assert _read_turned(_card(400, 400, six, five)) == ["6S", "5C"]


def test_two_sure_readings_are_two_cards():
    eight = [("8H", 0.96), ("4H", 0.02), ("3H", 0.01)]
    four = [("4H", 0.94), ("8H", 0.05), ("AH", 0.005)]
    assert _read_turned(_card(400, 400, eight, four)) == ["8H", "4H"]
    # the same four read with doubt is read as the eight
    four = [("4H", 0.70), ("8H", 0.25), ("AH", 0.02)]
    assert _read_turned(_card(400, 400, eight, four)) == ["8H", "8H"]


def test_the_reader_reads_a_cards_two_corners_together(monkeypatch):
    """``CardReader.read``: the detector's boxes and the classifier's readings stand in for the
    models on a blank photo (its crops tell no turn): a card read 6S on one corner, surely 6C
    on the other, among three cards lying alike, is one card, 6C, and so are its corners."""
    import cv2
    from vision.reader.detector import Look
    from vision.reader.photo import load_photo
    from vision.reader.reader import CardReader
    truth = _corners(_three_sure_cards() + _card(400, 300, SPADE_DOUBT, CLUB_SURE))
    n = len(READER_CLASSES)
    probs = np.zeros((len(truth), n), np.float32)
    for i in range(len(truth)):
        probs[i, truth.classes[i]] = truth.probs[i]
    reader = CardReader()
    monkeypatch.setattr(reader.detector, "first_look", lambda image: Look(truth.boxes, truth.scores, 1600))
    monkeypatch.setattr(reader.detector, "detect", lambda image, first=None: (truth.boxes, truth.scores))
    monkeypatch.setattr(reader.classifier, "probabilities", lambda image, b: probs[[int(np.argmin(
        np.abs(truth.boxes - x).sum(axis=1))) for x in b]].copy())
    ok, png = cv2.imencode(".png", np.full((1200, 1600, 3), 255, np.uint8))
    reading = reader.read(load_photo(png.tobytes(), "blank.png"))
    assert reading.corners.names[-2:] == ["6C", "6C"]
    assert sorted(c.card for c in reading.cards) == ["2H", "6C", "9C", "KD"]
    off = CardReader(settings=ReaderSettings(pair_readings=False))
    for name in ("detector", "classifier"):
        monkeypatch.setattr(off, name, getattr(reader, name))
    assert sorted(c.card for c in off.read(load_photo(png.tobytes(), "blank.png")).cards) \
        == ["2H", "6C", "6S", "9C", "KD"]

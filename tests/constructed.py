"""Constructed tables for the meld tests: cards laid as columns, rows or fans, each card's
corner index boxes placed as a detector would find them (the band corner of every card, and
the far corner of the last card laid), without rendering a photo."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from vision.classes import READER_CLASSES
from vision.reader.corners import Corners
from vision.reader.index_ways import IndexWays

U = 30.0                  # index size, pixels
W, H = 5.0 * U, 7.0 * U   # card size
IX, IY = 0.5 * U, 0.7 * U  # index centre from the card's top-left corner


def _rot(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])


@dataclass
class Table:
    """Cards placed on a table: each a name, its top-left corner and its turn (degrees)."""
    cards: list[tuple[str, np.ndarray, float]] = field(default_factory=list)
    last: set[int] = field(default_factory=set)        # cards laid last in their meld: whole face shows
    four: bool = False                                 # a four-index deck: a second index in each band
    size: tuple[float, float] = (W, H)                 # card width and height, pixels
    decks: dict[int, tuple[bool, tuple[float, float]]] = field(default_factory=dict)  # cards of another deck

    def meld(self, names: list[str], origin, step: float = 1.4 * U, angle: float = 0.0, column: bool = True,
             fan: float = 0.0, deck: tuple[bool, tuple[float, float]] | None = None) -> "Table":
        """A meld: a column (each card one step lower), a row (one step to the right), or with
        ``fan`` degrees, a fan turning by that much at each card; the whole turned by ``angle``.
        ``deck`` (four-index?, card size) lays it from another deck than the table's."""
        origin = np.asarray(origin, float)
        if deck is not None:
            self.decks.update({len(self.cards) + i: deck for i in range(len(names))})
        for i, name in enumerate(names):
            if fan:
                turn = angle + fan * (i - (len(names) - 1) / 2)
                radius = 1.3 * H
                pivot = origin + _rot(angle) @ np.array([0.0, radius])
                tl = pivot + _rot(turn) @ np.array([-W / 2, -radius])
            else:
                along = np.array([0.0, i * step]) if column else np.array([i * step, 0.0])
                turn = angle
                tl = origin + _rot(angle) @ along
            self.cards.append((name, tl, turn))
        self.last.add(len(self.cards) - 1)
        return self

    def thrown(self, name: str, index, turn: float) -> "Table":
        """A loose card turned by ``turn`` degrees whose band index is centred at ``index``."""
        self.cards.append((name, np.asarray(index, float) - _rot(turn) @ np.array([IX, IY]), turn))
        return self

    def spots(self, c: int) -> list[np.ndarray]:
        """Where card ``c`` shows an index, from its top-left corner: its band, the far end too
        when it is the last laid."""
        four, (w, h) = self.decks.get(c, (self.four, self.size))
        band = [np.array([IX, IY])] + ([np.array([w - IX, IY])] if four else [])
        far = [np.array([w - IX, h - IY])] + ([np.array([IX, h - IY])] if four else [])
        return band + (far if c in self.last else [])

    def corners(self, probs: dict[int, list[tuple[str, float]]] | None = None, drop: tuple[int, ...] = (),
                odd: dict[int, tuple[float, float]] | None = None,
                covered: tuple[tuple[int, int], ...] = ()) -> Corners:
        """The corner boxes: every card's band corner (top-left), the last card's far corner too.
        ``probs`` gives, per card, its readings with their probabilities (else its name, 1.0);
        ``drop`` leaves out every corner of those cards, ``covered`` the corners (card, spot) listed
        (spots as ``spots`` gives them); ``odd`` gives, per card, its index's size (a share of the
        others') and how far it sits aside (index sizes), as a joker's may."""
        boxes, classes, ps = [], [], []
        for c, (name, tl, turn) in enumerate(self.cards):
            if c in drop:
                continue
            spots = self.spots(c)
            scale, aside = (odd or {}).get(c, (1.0, 0.0))
            for j, spot in enumerate(spots):
                if (c, j) in covered:
                    continue
                centre = tl + _rot(turn) @ (spot + np.array([aside * U, 0.0]))
                half = np.abs(_rot(turn)) @ np.array([0.3 * U, 0.5 * U]) * scale
                boxes.append([*(centre - half), *(centre + half)])
                readings = (probs or {}).get(c, [(name, 1.0)])
                classes.append([READER_CLASSES.index(n) for n, _ in readings] + [READER_CLASSES.index("none")] * (3 - len(readings)))
                ps.append([p for _, p in readings] + [0.0] * (3 - len(readings)))
        return Corners.from_arrays(np.array(boxes, np.float32), np.array([p[0] for p in ps], np.float32),
                                   np.array(classes, np.int64), np.array(ps, np.float32))


def truth(table: Table, melds: list[list[str]], width: int = 2000, height: int = 1500, index: int = 0) -> dict:
    """A truth file as ``burraco synth`` writes it, for a table whose cards are ``melds`` laid in
    order (every card of the table in one of them)."""
    from engine.scoring import score_json

    corners = table.corners()
    cards, k = [], 0
    spots = iter(range(len(table.cards)))
    for m, names in enumerate(melds):
        for pos, name in enumerate(names):
            c = next(spots)
            n = len(table.spots(c))
            _, tl, turn = table.cards[c]
            w, h = table.size
            outline = [(tl + _rot(turn) @ np.array(v)).tolist() for v in ((0, 0), (w, 0), (w, h), (0, h))]
            cards.append({"card": name, "role": "meld", "meld": m, "position": pos, "corners": outline,
                          "indices": [{"visible": 1.0, "box": [float(v) for v in corners.boxes[k + j]]}
                                      for j in range(n)]})
            k += n
    team = {"name": "table", "melds": melds, "hand": [], "pozzetto": True, "closed": False}
    score_input = {"profile": "fibur", "teams": [team]}
    return {"seed": 0, "index": index, "kind": "table", "width": width, "height": height, "melds": melds,
            "hand": [], "cards": cards, "score_input": score_input,
            "expected_score": score_json(score_input)["teams"][0], "image": f"images/{index:06d}.jpg"}


def melds_read(grouping) -> list[list[str]]:
    return [[grouping.cards[c].card for c in m.cards] for m in grouping.melds]


def turned_ones(turned: set[int], across: set[int] = frozenset()) -> IndexWays:
    """The way each corner is printed: those in ``turned`` turned round against the others, those
    in ``across`` a quarter turn from every other (neither alike nor turned round)."""
    return IndexWays(lambda i, j: not {i, j} & across and (i in turned) == (j in turned),
                     lambda i, j: not {i, j} & across and (i in turned) != (j in turned))


def corners_of(*cards: list[tuple[str, tuple[float, float, float, float]]]) -> Corners:
    """Corners as a detector would give them, each (reading, box) read at 0.99: one list per card
    (or any grouping: the lists are joined in order)."""
    items = [c for card in cards for c in card]
    boxes = np.array([b for _, b in items], np.float32)
    classes = np.array([[READER_CLASSES.index(n)] for n, _ in items])
    return Corners.from_arrays(boxes, np.ones(len(items)), classes, np.full((len(items), 1), 0.99))


# as a photo gave them (fresh63 000591): a four-index run 9H 8H 7H 6H 5H 4H 3H with its second band
# beside it (8H 7H 6H 4H 3H), a group of jacks and a run of diamonds; the corners printed turned round
# against the others are ``FOUR_INDEX_RUN_TURNED``
def sheared(corners: Corners, slope: float) -> Corners:
    """The corners of a table shot at an angle: each box lower by ``slope`` times its centre's x."""
    boxes = corners.boxes.astype(np.float64)
    drop = slope * (boxes[:, 0] + boxes[:, 2]) / 2
    boxes[:, 1] += drop
    boxes[:, 3] += drop
    return Corners.from_arrays(boxes.astype(np.float32), corners.scores, corners.classes, corners.probs)


FOUR_INDEX_RUN = [("9H", (245, 295, 279, 344)), ("8H", (263, 349, 303, 402)), ("8H", (386, 329, 423, 383)),
                  ("7H", (282, 409, 321, 458)), ("7H", (402, 392, 437, 441)), ("6H", (299, 471, 335, 516)),
                  ("6H", (414, 454, 447, 500)), ("5H", (325, 525, 354, 562)), ("4H", (346, 569, 377, 608)),
                  ("4H", (455, 559, 483, 599)), ("3H", (361, 620, 390, 656)), ("3H", (492, 719, 517, 750)),
                  ("3H", (465, 610, 493, 647)), ("3H", (395, 727, 422, 758))]
FOUR_INDEX_JACKS = [("JH", (455, 268, 485, 318)), ("JS", (465, 335, 495, 383)), ("JC", (483, 396, 510, 440)),
                    ("JD", (488, 460, 521, 506)), ("JD", (604, 439, 635, 486)), ("JS", (505, 516, 537, 560)),
                    ("JS", (648, 620, 675, 658)), ("JS", (617, 496, 647, 541)), ("JS", (544, 637, 574, 674))]
FOUR_INDEX_DIAMONDS = [("3D", (650, 240, 676, 293)), ("4D", (657, 314, 683, 362)), ("JK", (671, 377, 699, 403)),
                       ("6D", (667, 422, 689, 465)), ("6D", (823, 545, 836, 581)), ("7D", (673, 477, 699, 522)),
                       ("7D", (791, 463, 814, 509)), ("8D", (685, 522, 706, 565)), ("8D", (797, 637, 816, 673)),
                       ("8D", (799, 512, 820, 556)), ("8D", (693, 645, 713, 681))]
FOUR_INDEX_RUN_TURNED = {11, 13, 20, 22, 27, 31, 33}      # indices into the three lists joined in that order

# as a photo gave them (fresh60 000939): a four-index deck, a burraco AH KH QH JH 10H JK 8H 7H 6H 5H 4H 3H 2H
# with its second band, a group of kings, runs of diamonds, spades and clubs; the corners printed turned round
# against the others are ``BURRACO_TWO_LOOKS_TURNED``
BURRACO_TWO_LOOKS = [("JC", (1077, 1478, 1118, 1496)), ("10C", (1046, 1455, 1082, 1480)),
                     ("10C", (1187, 1409, 1223, 1437)), ("9C", (1036, 1440, 1077, 1458)),
                     ("9C", (1114, 1347, 1158, 1367)), ("AS", (1271, 1404, 1306, 1429)),
                     ("AS", (1424, 1358, 1458, 1386)), ("AD", (1275, 1384, 1318, 1404)),
                     ("2D", (1244, 1366, 1277, 1388)), ("2D", (1362, 1267, 1396, 1291)),
                     ("2D", (1208, 1319, 1241, 1342)), ("2D", (1397, 1316, 1429, 1339)),
                     ("2H", (954, 1342, 997, 1362)), ("3H", (929, 1322, 965, 1347)),
                     ("3H", (1078, 1271, 1115, 1298)), ("4H", (901, 1296, 941, 1322)),
                     ("4H", (1051, 1242, 1085, 1265)), ("5H", (884, 1270, 921, 1296)),
                     ("5H", (1036, 1217, 1073, 1244)), ("6H", (863, 1243, 901, 1271)),
                     ("6H", (1016, 1188, 1054, 1217)), ("7H", (840, 1215, 884, 1237)),
                     ("8H", (817, 1197, 855, 1225)), ("8H", (975, 1142, 1013, 1172)), ("JK", (802, 1159, 877, 1193)),
                     ("JK", (908, 1115, 985, 1152)), ("10H", (792, 1156, 839, 1180)), ("JH", (753, 1125, 796, 1157)),
                     ("JH", (911, 1064, 953, 1097)), ("QH", (725, 1085, 776, 1123)), ("QH", (882, 1028, 932, 1068)),
                     ("KH", (686, 1051, 733, 1089)), ("KH", (852, 990, 898, 1030)), ("AH", (651, 1010, 699, 1049)),
                     ("AH", (774, 888, 822, 931)), ("AH", (604, 954, 653, 995)), ("AH", (817, 947, 864, 988)),
                     ("KD", (1148, 1257, 1183, 1286)), ("KD", (1312, 1211, 1347, 1241)),
                     ("KH", (1132, 1221, 1170, 1255)), ("KH", (1297, 1172, 1335, 1207)),
                     ("KS", (1110, 1190, 1150, 1223)), ("KS", (1275, 1134, 1315, 1169)),
                     ("KC", (1100, 1162, 1148, 1186)), ("KC", (1087, 1145, 1135, 1169)),
                     ("KC", (1186, 1025, 1237, 1052)), ("2D", (488, 850, 540, 879)), ("3D", (456, 829, 501, 864)),
                     ("3D", (627, 752, 671, 788)), ("4D", (440, 793, 492, 826)), ("4D", (505, 629, 562, 666)),
                     ("7S", (732, 731, 777, 770)), ("7S", (921, 656, 967, 697)), ("6S", (696, 692, 741, 732)),
                     ("6S", (887, 615, 934, 657)), ("5S", (668, 650, 715, 692)), ("5S", (859, 565, 907, 609)),
                     ("4S", (641, 595, 685, 633)), ("4S", (834, 507, 882, 554)), ("3S", (608, 559, 658, 603)),
                     ("3S", (739, 372, 792, 422)), ("3S", (542, 470, 594, 517)), ("3S", (801, 467, 852, 514))]
BURRACO_TWO_LOOKS_TURNED = {2, 4, 6, 9, 11, 14, 16, 18, 20, 23, 25, 28, 30, 32, 34, 36, 38, 40, 42, 45, 48, 50, 52,
                            54, 56, 58, 60, 62}

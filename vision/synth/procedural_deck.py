"""Procedurally drawn card designs: endless, varied, deterministic decks.

``procedural_designs(n, seed)`` samples ``n`` deck styles (:class:`DeckStyle`) from
``random.Random`` seeded by ``seed`` and wraps each in a :class:`~vision.synth.design.Design` whose
faces are drawn on demand with OpenCV (shapes) and Pillow (TrueType text from the Debian font
packages). One style fixes every random choice of a deck: the font and its weight, the size of
the corner indices (normal up to jumbo "burraco" indices), two or four indexed corners, two- or
four-colour suits, the red, the card's tint, the corner radius, a border line, how number
cards, courts, aces and the joker are drawn, the joker's word (JOKER or JOLLY), the French
court letters (V/D/R) and the aspect ratio (poker, bridge, Italian). Rendering depends on the
style alone, so the same seed gives pixel-identical faces.

The index boxes of each face are measured from the ink actually drawn (rank glyph and pip,
or the joker's vertical word) plus a small margin.
"""
from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

import cv2
import numpy as np

from engine.card import Card, RANKS, SUITS, full_deck
from vision.synth.design import FACE_HEIGHT, CardFace, Design
from vision.synth.pips import SUIT_VARIANTS, draw_pip, draw_star, pip_mask, suit_aspect

try:                                  # Pillow renders the TrueType text
    from PIL import Image, ImageDraw, ImageFont
except ImportError:                   # pragma: no cover - reported clearly when used
    Image = ImageDraw = ImageFont = None

H = FACE_HEIGHT
_SHIFT = 4
_ONE = 1 << _SHIFT
INDEX_MARGIN = 1.5                    # px added around the ink of an index

#: (name, width mm, height mm)
ASPECTS = (("poker", 63.0, 88.0), ("bridge", 57.0, 89.0), ("italian", 58.0, 89.0))

_FONT_DIRS = ("/usr/share/fonts/truetype", "/usr/share/fonts/opentype")
#: Candidate faces (file name, bold?) from fonts-dejavu-core, fonts-liberation2,
#: fonts-freefont-ttf, fonts-urw-base35 and fonts-noto-core; those missing are skipped.
_FONT_FILES = (
    ("DejaVuSans.ttf", False), ("DejaVuSans-Bold.ttf", True),
    ("DejaVuSansCondensed.ttf", False), ("DejaVuSansCondensed-Bold.ttf", True),
    ("DejaVuSerif.ttf", False), ("DejaVuSerif-Bold.ttf", True),
    ("DejaVuSerifCondensed-Bold.ttf", True),
    ("LiberationSans-Regular.ttf", False), ("LiberationSans-Bold.ttf", True),
    ("LiberationSerif-Regular.ttf", False), ("LiberationSerif-Bold.ttf", True),
    ("FreeSans.ttf", False), ("FreeSansBold.ttf", True),
    ("FreeSerif.ttf", False), ("FreeSerifBold.ttf", True),
    ("NimbusSans-Regular.otf", False), ("NimbusSans-Bold.otf", True),
    ("NimbusSansNarrow-Bold.otf", True), ("NimbusSansNarrow-Regular.otf", False),
    ("NimbusRoman-Regular.otf", False), ("NimbusRoman-Bold.otf", True),
    ("C059-Roman.otf", False), ("C059-Bold.otf", True),
    ("P052-Roman.otf", False), ("P052-Bold.otf", True),
    ("URWBookman-Light.otf", False), ("URWBookman-Demi.otf", True),
    ("URWGothic-Book.otf", False), ("URWGothic-Demi.otf", True),
    ("NotoSans-Regular.ttf", False), ("NotoSans-Bold.ttf", True),
    ("NotoSerif-Regular.ttf", False), ("NotoSerif-Bold.ttf", True),
    ("NotoSans-Black.ttf", True),
)
#: More faces, other shapes of the ranks, from fonts-open-sans, fonts-lato, fonts-cantarell,
#: fonts-crosextra-carlito, fonts-crosextra-caladea, fonts-linuxlibertine, fonts-comic-neue,
#: fonts-ebgaramond, fonts-cabin, fonts-sil-andika, fonts-oldstandard, fonts-league-spartan,
#: fonts-quicksand, fonts-sil-charis, fonts-vollkorn and fonts-bebas-neue.
_MORE_FONT_FILES = (
    ("OpenSans-Regular.ttf", False), ("OpenSans-Bold.ttf", True), ("OpenSans-CondBold.ttf", True),
    ("OpenSans-ExtraBold.ttf", True),
    ("Lato-Regular.ttf", False), ("Lato-Bold.ttf", True), ("Lato-Black.ttf", True),
    ("Cantarell-Regular.otf", False), ("Cantarell-Bold.otf", True),
    ("Carlito-Regular.ttf", False), ("Carlito-Bold.ttf", True),
    ("Caladea-Regular.ttf", False), ("Caladea-Bold.ttf", True),
    ("LinLibertine_R.otf", False), ("LinLibertine_RB.otf", True),
    ("LinBiolinum_R.otf", False), ("LinBiolinum_RB.otf", True),
    ("ComicNeue-Regular.otf", False), ("ComicNeue-Bold.otf", True),
    ("EBGaramond12-Regular.otf", False), ("EBGaramond12-Bold.otf", True),
    ("Cabin-Regular.otf", False), ("Cabin-Bold.otf", True),
    ("Andika-Regular.ttf", False), ("Andika-Bold.ttf", True),
    ("OldStandard-Regular.ttf", False), ("OldStandard-Bold.ttf", True),
    ("LeagueSpartan-Bold.otf", True), ("LeagueSpartan-Black.otf", True),
    ("Quicksand-Medium.ttf", False), ("Quicksand-Bold.ttf", True),
    ("CharisSIL-Regular.ttf", False), ("CharisSIL-Bold.ttf", True),
    ("Vollkorn-Regular.ttf", False), ("Vollkorn-Bold.ttf", True), ("Vollkorn-Black.ttf", True),
    ("BebasNeue-Regular.otf", False), ("BebasNeue-Bold.otf", True),
)
#: The font sets a procedural deck draws its font from: ``base``, the decks every model so far
#: was trained on (a deck of a seed draws the same font as ever), and ``wide``, those faces and
#: the ones above (a deck of the same seed may draw another font: its name says ``wide``).
FONT_SETS = {"base": _FONT_FILES, "wide": _FONT_FILES + _MORE_FONT_FILES}


def _font_set(fonts: str) -> tuple[tuple[str, bool], ...]:
    if fonts not in FONT_SETS:
        raise ValueError(f"fonts must be one of {', '.join(FONT_SETS)}, got {fonts!r}")
    return FONT_SETS[fonts]


@lru_cache(maxsize=len(FONT_SETS))
def available_fonts(fonts: str = "base") -> tuple[tuple[str, bool], ...]:
    """(path, bold) of every font of the set ``fonts`` installed on this machine, in a fixed order."""
    wanted = _font_set(fonts)
    found = {}
    for root in _FONT_DIRS:
        if not os.path.isdir(root):
            continue
        for dirpath, _dirs, files in sorted(os.walk(root)):
            for f in sorted(files):
                found.setdefault(f, os.path.join(dirpath, f))
    return tuple((found[name], bold) for name, bold in wanted if name in found)


Colour = tuple[int, int, int]

_BLACKS = ((0, 0, 0), (20, 20, 20), (30, 25, 25), (40, 35, 30))
_REDS = ((30, 30, 200), (35, 25, 215), (40, 40, 180), (20, 20, 230), (60, 30, 190),
         (45, 35, 160), (30, 10, 205))
_BLUES = ((170, 80, 0), (200, 100, 20), (150, 60, 10), (190, 120, 30))
_GREENS = ((40, 130, 20), (60, 150, 0), (50, 110, 30), (70, 140, 40))
_TINTS = {"white": (250, 250, 250), "offwhite": (240, 244, 246), "cream": (212, 236, 248),
          "ivory": (225, 245, 250), "lightblue": (250, 238, 222), "lightgrey": (226, 226, 226),
          "paleyellow": (200, 240, 248), "pink": (238, 236, 252)}
_TINT_WEIGHTS = {"white": 5, "offwhite": 3, "cream": 2, "ivory": 2, "lightblue": 1.5,
                 "lightgrey": 1, "paleyellow": 1, "pink": 0.5}
_COURT_PALETTES = (
    ((40, 190, 240), (40, 40, 200), (170, 90, 20)),   # yellow, red, blue: classic
    ((40, 40, 200), (60, 160, 40), (40, 200, 240)),
    ((150, 60, 20), (40, 190, 240), (30, 30, 160)),
    ((80, 80, 80), (40, 40, 200), (40, 180, 230)),
    ((120, 50, 120), (60, 200, 230), (40, 120, 40)),
)
_SKINS = ((170, 200, 245), (150, 190, 235), (190, 215, 250))
_BACK_COLOURS = ((40, 40, 170), (150, 60, 20), (40, 110, 30), (60, 30, 90), (30, 30, 30),
                 (120, 90, 20))


def _jitter(rng: random.Random, c: Colour, amount: int) -> Colour:
    return tuple(int(min(255, max(0, v + rng.randint(-amount, amount)))) for v in c)


@dataclass
class DeckStyle:
    """Every random choice of one procedural deck. ``sample`` draws one from an RNG."""

    aspect: str = "poker"
    width: int = 258                      # face width in px (height is FACE_HEIGHT)
    font_path: str = ""
    font_bold: bool = True
    stroke: int = 0                       # extra faux-bold stroke in px
    index_kind: str = "normal"            # normal | large | jumbo
    rank_h: float = 0.075                 # cap height of the index rank / face height
    index_layout: str = "stacked"         # stacked (pip under rank) | side (pip right of it)
    index_pip: float = 0.7                # index pip height / rank cap height
    index_gap: float = 0.15               # gap rank-pip / rank cap height
    ten_max_w: float = 1.15               # "10" squeezed to at most this width / cap height
    corners: int = 2                      # 2 (TL, BR) or 4 indexed corners
    margin_x: float = 0.045               # index offset from the left edge / width
    margin_y: float = 0.035               # index offset from the top edge / height
    four_colour: bool = False
    suit_colours: dict = field(default_factory=dict)   # suit -> BGR
    tint: Colour = (250, 250, 250)
    tint_name: str = "white"
    corner_radius: float = 0.06           # / width
    border: bool = False
    border_colour: Colour = (0, 0, 0)
    border_inset: float = 0.03            # / width
    border_thickness: int = 1
    number_layout: str = "classic"        # classic | big_pip | big_number
    pip_variants: dict = field(default_factory=dict)   # suit -> shape variant
    center_pip: float = 0.11              # largest centre pip height / face height
    ace_style: str = "plain"              # plain | ornate | ring
    court_style: str = "figure"           # figure | letter
    court_letters: dict = field(default_factory=lambda: {"J": "J", "Q": "Q", "K": "K"})
    court_palette: tuple = _COURT_PALETTES[0]
    skin: Colour = _SKINS[0]
    frame_colour: Colour = (0, 0, 0)
    frame_fill: Optional[Colour] = None
    joker_word: str = "JOKER"
    joker_style: str = "jester"           # jester | star
    joker_colour: Colour = (0, 0, 0)
    back_colour: Colour = (40, 40, 170)

    @classmethod
    def sample(cls, rng: random.Random, fonts: str = "base") -> "DeckStyle":
        """A style drawn from ``rng``, its font from the set ``fonts`` (``FONT_SETS``)."""
        s = cls()
        s.aspect, wmm, hmm = rng.choices(ASPECTS, weights=(5, 3, 3))[0]
        s.width = int(round(H * wmm / hmm))
        faces = available_fonts(fonts)
        if faces:
            s.font_path, s.font_bold = faces[rng.randrange(len(faces))]
        s.stroke = 1 if (not s.font_bold and rng.random() < 0.25) else 0
        s.index_kind = rng.choices(("normal", "large", "jumbo"), weights=(5, 3, 2.5))[0]
        lo, hi = {"normal": (0.062, 0.085), "large": (0.09, 0.115),
                  "jumbo": (0.125, 0.165)}[s.index_kind]
        s.rank_h = rng.uniform(lo, hi)
        s.index_layout = "side" if (s.index_kind != "jumbo" and rng.random() < 0.2) else "stacked"
        if s.index_kind == "jumbo":
            s.index_pip = rng.uniform(0.45, 0.65)
        else:
            s.index_pip = rng.uniform(0.6, 0.85)
        s.index_gap = rng.uniform(0.08, 0.22)
        s.ten_max_w = rng.uniform(0.95, 1.35)
        s.corners = 4 if rng.random() < (0.55 if s.index_kind == "jumbo" else 0.25) else 2
        s.corner_radius = rng.uniform(0.035, 0.09)
        s.border = rng.random() < 0.3
        s.border_inset = rng.uniform(0.02, 0.035)
        s.border_thickness = rng.choice((1, 1, 2))
        min_mx = s.border_inset + 0.025 if s.border else 0.04
        s.margin_x = rng.uniform(min_mx, min_mx + 0.03)
        s.margin_y = rng.uniform(0.03, 0.05) + (s.border_inset * s.width / H if s.border else 0)
        black = rng.choice(_BLACKS)
        red = _jitter(rng, rng.choice(_REDS), 8)
        s.four_colour = rng.random() < 0.2
        if s.four_colour:
            s.suit_colours = {"S": black, "H": red, "D": _jitter(rng, rng.choice(_BLUES), 8),
                              "C": _jitter(rng, rng.choice(_GREENS), 8)}
        else:
            s.suit_colours = {"S": black, "H": red, "D": red, "C": black}
        names = list(_TINT_WEIGHTS)
        s.tint_name = rng.choices(names, weights=[_TINT_WEIGHTS[n] for n in names])[0]
        s.tint = _jitter(rng, _TINTS[s.tint_name], 4)
        s.border_colour = rng.choice((black, red, (120, 60, 20), (110, 110, 110)))
        s.number_layout = rng.choices(("classic", "big_pip", "big_number"), weights=(8, 1, 1.2))[0]
        s.pip_variants = {su: rng.randrange(SUIT_VARIANTS[su]) for su in SUITS}
        s.center_pip = rng.uniform(0.09, 0.125)
        s.ace_style = rng.choice(("plain", "ornate", "ring"))
        s.court_style = rng.choices(("figure", "letter"), weights=(3, 1))[0]
        if rng.random() < 0.1:                         # French/Italian letters: Valet, Dame, Roi
            s.court_letters = {"J": "V", "Q": "D", "K": "R"}
        s.court_palette = rng.choice(_COURT_PALETTES)
        s.skin = rng.choice(_SKINS)
        s.frame_colour = rng.choice((black, (140, 80, 20), (40, 120, 190), red))
        s.frame_fill = rng.choice((None, None, (200, 240, 250), (240, 230, 215), (230, 230, 230)))
        s.joker_word = "JOKER" if rng.random() < 0.6 else "JOLLY"
        s.joker_style = rng.choice(("jester", "star"))
        s.joker_colour = rng.choice((black, red, (130, 50, 20), (30, 100, 30)))
        s.back_colour = _jitter(rng, rng.choice(_BACK_COLOURS), 10)
        return s


# ----------------------------------------------------------------------------------------
# small drawing helpers


@lru_cache(maxsize=64)
def _font(path: str, size: int):
    if ImageFont is None:
        raise RuntimeError("procedural decks need Pillow (pip install Pillow)")
    if path:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


def _raw_text_mask(path: str, size: int, text: str, stroke: int) -> np.ndarray:
    font = _font(path, size)
    l, t, r, b = font.getbbox(text, stroke_width=stroke)
    img = Image.new("L", (r - l + 6, b - t + 6), 0)
    ImageDraw.Draw(img).text((3 - l, 3 - t), text, font=font, fill=255,
                             stroke_width=stroke, stroke_fill=255)
    return _crop(np.asarray(img))


@lru_cache(maxsize=64)
def _cap_ratio(path: str) -> float:
    """Ink height of a capital letter per unit of font size."""
    return _raw_text_mask(path, 200, "H", 0).shape[0] / 200.0


def _crop(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 8)
    if len(ys) == 0:
        return mask[:1, :1]
    return np.ascontiguousarray(mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1])


def text_mask(path: str, cap_px: float, text: str, stroke: int = 0,
              max_w: Optional[float] = None) -> np.ndarray:
    """``text`` as a tight uint8 coverage mask whose capitals are ``cap_px`` tall; squeezed
    horizontally to at most ``max_w`` px wide."""
    size = max(6, int(round(cap_px / _cap_ratio(path))))
    m = _raw_text_mask(path, size, text, stroke)
    if max_w is not None and m.shape[1] > max_w:
        m = cv2.resize(m, (max(1, int(round(max_w))), m.shape[0]), interpolation=cv2.INTER_AREA)
    return m


def _blit(img: np.ndarray, mask: np.ndarray, x: int, y: int, colour) -> None:
    h, w = mask.shape
    a = mask.astype(np.float32)[..., None] * (1.0 / 255.0)
    region = img[y:y + h, x:x + w, :3].astype(np.float32)
    out = region * (1.0 - a) + np.asarray(colour, np.float32)[:3] * a
    img[y:y + h, x:x + w, :3] = np.round(out).astype(np.uint8)


def _pts(p) -> np.ndarray:
    return np.round(np.asarray(p, dtype=np.float64) * _ONE).astype(np.int32)


def _fill(img, poly, colour, outline=None, thickness=1) -> None:
    p = _pts(poly)
    cv2.fillPoly(img, [p], tuple(map(float, colour)), lineType=cv2.LINE_AA, shift=_SHIFT)
    if outline is not None:
        cv2.polylines(img, [p], True, tuple(map(float, outline)), thickness, cv2.LINE_AA, _SHIFT)


def _ellipse(cx, cy, rx, ry, n=48, a0=0.0, a1=2 * math.pi) -> np.ndarray:
    t = np.linspace(a0, a1, n, endpoint=(a1 - a0) < 2 * math.pi - 1e-6)
    return np.stack([cx + rx * np.cos(t), cy + ry * np.sin(t)], axis=1)


def _rounded_rect(x0, y0, x1, y1, r, n=12) -> np.ndarray:
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    pts = []
    for cx, cy, a in ((x1 - r, y0 + r, -math.pi / 2), (x1 - r, y1 - r, 0.0),
                      (x0 + r, y1 - r, math.pi / 2), (x0 + r, y0 + r, math.pi)):
        t = np.linspace(a, a + math.pi / 2, n)
        pts.append(np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1))
    return np.vstack(pts)


# ----------------------------------------------------------------------------------------
# the renderer


@dataclass
class _Index:
    mask: np.ndarray      # uint8 coverage, upright
    colour: Colour
    x: int                # top-left of the upright top-left-corner copy
    y: int


class DeckRenderer:
    """Draws the faces (and back) of one :class:`DeckStyle`; caches what faces share."""

    def __init__(self, style: DeckStyle):
        self.s = style
        self.W = style.width
        self._base: Optional[np.ndarray] = None
        self._indices: dict = {}
        self._layout = None

    # -- shared pieces --------------------------------------------------------------------

    def _alpha(self) -> np.ndarray:
        W = self.W
        a = np.zeros((H, W), np.uint8)
        poly = _rounded_rect(-0.5, -0.5, W - 0.5, H - 0.5, self.s.corner_radius * W)
        cv2.fillPoly(a, [_pts(poly)], 255, lineType=cv2.LINE_AA, shift=_SHIFT)
        return a

    def base(self) -> np.ndarray:
        """The blank card: tint, border and alpha (BGRA)."""
        if self._base is None:
            s, W = self.s, self.W
            img = np.empty((H, W, 4), np.uint8)
            img[..., :3] = s.tint
            img[..., 3] = self._alpha()
            if s.border:
                d = s.border_inset * W
                r = max(2.0, s.corner_radius * W - d)
                poly = _rounded_rect(d, d, W - 1 - d, H - 1 - d, r)
                rgb = np.ascontiguousarray(img[..., :3])
                cv2.polylines(rgb, [_pts(poly)], True, tuple(map(float, s.border_colour)),
                              s.border_thickness, cv2.LINE_AA, _SHIFT)
                img[..., :3] = rgb
            self._base = img
            self._base_rgb = np.ascontiguousarray(img[..., :3])
        return self._base

    def rank_text(self, rank: str) -> str:
        return self.s.court_letters.get(rank, rank)

    def index(self, card: Card) -> _Index:
        """The corner index of ``card`` (rank over pip, or the joker's vertical word)."""
        key = str(card)
        if key in self._indices:
            return self._indices[key]
        s, W = self.s, self.W
        cap = s.rank_h * H
        mx, my = s.margin_x * W, s.margin_y * H
        col_w = cap * max(s.ten_max_w, 0.95)          # width of the index column
        if card.is_joker:
            colour = s.joker_colour
            lh = float(np.clip(cap * 0.62, 0.036 * H, 0.058 * H))
            letters = [text_mask(s.font_path, lh, ch, s.stroke) for ch in s.joker_word]
            gap = max(1, int(round(lh * 0.22)))
            w = max(m.shape[1] for m in letters)
            h = sum(m.shape[0] for m in letters) + gap * (len(letters) - 1)
            mask = np.zeros((h, w), np.uint8)
            yy = 0
            for m in letters:
                x0 = (w - m.shape[1]) // 2
                mask[yy:yy + m.shape[0], x0:x0 + m.shape[1]] = m
                yy += m.shape[0] + gap
            cx = mx + min(col_w, cap * 1.1) / 2
            x, y = cx - w / 2, my
        else:
            colour = s.suit_colours[card.suit]
            text = self.rank_text(card.rank)
            rmask = text_mask(s.font_path, cap, text, s.stroke,
                              max_w=cap * s.ten_max_w if len(text) > 1 else None)
            pmask = pip_mask(card.suit, cap * s.index_pip, s.pip_variants[card.suit])
            gap = max(1, int(round(cap * s.index_gap)))
            rh = max(int(round(cap)), rmask.shape[0])
            if s.index_layout == "stacked":
                w = max(rmask.shape[1], pmask.shape[1])
                h = rh + gap + pmask.shape[0]
                mask = np.zeros((h, w), np.uint8)
                xr = (w - rmask.shape[1]) // 2
                mask[:rmask.shape[0], xr:xr + rmask.shape[1]] = rmask
                xp = (w - pmask.shape[1]) // 2
                mask[rh + gap:, xp:xp + pmask.shape[1]] = pmask
                x, y = mx + col_w / 2 - w / 2, my
            else:
                w = rmask.shape[1] + gap + pmask.shape[1]
                h = max(rmask.shape[0], pmask.shape[0])
                mask = np.zeros((h, w), np.uint8)
                mask[:rmask.shape[0], :rmask.shape[1]] = rmask
                yp = max(0, int(round(cap / 2 - pmask.shape[0] / 2)))
                yp = min(yp, h - pmask.shape[0])
                mask[yp:yp + pmask.shape[0], rmask.shape[1] + gap:] = np.maximum(
                    mask[yp:yp + pmask.shape[0], rmask.shape[1] + gap:], pmask)
                x, y = mx, my
        mask = _crop(mask)
        idx = _Index(mask, colour, int(round(x)), int(round(y)))
        self._indices[key] = idx
        return idx

    def layout(self, court: bool = False) -> tuple[float, float, float, float]:
        """The central art box (x0, y0, x1, y1), clear of every corner index; symmetric.
        Court pictures would rather be wide than very narrow."""
        if self._layout is None:
            s, W = self.s, self.W
            right, bottom = 0, 0
            for su in SUITS:
                for r in RANKS:
                    ix = self.index(Card(r, su))
                    right = max(right, ix.x + ix.mask.shape[1])
                    bottom = max(bottom, ix.y + ix.mask.shape[0])
            gap = max(4.0, 0.02 * W)
            edge_x = (s.border_inset * W + 4) if s.border else 0.04 * W
            edge_y = s.margin_y * H
            # tall and narrow between the index columns, or wide and short between the rows
            tall = (right + gap, edge_y, W - right - gap, H - edge_y)
            wide = (edge_x, bottom + gap, W - edge_x, H - bottom - gap)

            def pip_size(box):
                bw, bh = box[2] - box[0], box[3] - box[1]
                return min(bh / 4.6, bw / 2.7)

            pips = tall if pip_size(tall) >= pip_size(wide) * 0.9 else wide
            courts = tall if (tall[2] - tall[0]) >= 0.5 * W or (wide[3] - wide[1]) < 0.4 * H else wide
            self._layout = (pips, courts)
        return self._layout[1 if court else 0]

    # -- faces ----------------------------------------------------------------------------

    def face(self, card: Card) -> CardFace:
        base = self.base()
        rgb = self._base_rgb.copy()
        if card.is_joker:
            self._joker(rgb)
        elif card.rank in ("J", "Q", "K"):
            self._court(rgb, card)
        elif card.rank == "A":
            self._ace(rgb, card)
        else:
            self._number(rgb, card)
        boxes = self._draw_indices(rgb, card)
        img = np.dstack([rgb, base[..., 3]])
        return CardFace(img, np.asarray(boxes, np.float32).reshape(-1, 4))

    def _draw_indices(self, rgb: np.ndarray, card: Card) -> list:
        ix, W = self.index(card), self.W
        h, w = ix.mask.shape
        rot = ix.mask[::-1, ::-1]
        places = [(ix.mask, ix.x, ix.y), (rot, W - ix.x - w, H - ix.y - h)]
        if self.s.corners == 4:
            places += [(ix.mask, W - ix.x - w, ix.y), (rot, ix.x, H - ix.y - h)]
        boxes = []
        for m, x, y in places:
            _blit(rgb, m, x, y, ix.colour)
            boxes.append((max(0.0, x - INDEX_MARGIN), max(0.0, y - INDEX_MARGIN),
                          min(float(W), x + w + INDEX_MARGIN), min(float(H), y + h + INDEX_MARGIN)))
        return boxes

    def _pip_height(self, box, suit) -> float:
        bw, bh = box[2] - box[0], box[3] - box[1]
        asp = max(suit_aspect(su, self.s.pip_variants[su]) for su in SUITS)
        return min(self.s.center_pip * H, bh / 4.5, bw / (2.45 * asp))

    def _number(self, rgb: np.ndarray, card: Card) -> None:
        s = self.s
        box = self.layout()
        x0, y0, x1, y1 = box
        colour = s.suit_colours[card.suit]
        var = s.pip_variants[card.suit]
        n = RANKS.index(card.rank) + 1
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if s.number_layout == "big_pip":
            ph = min((y1 - y0) * 0.42, (x1 - x0) * 0.9 / suit_aspect(card.suit, var))
            draw_pip(rgb, card.suit, (cx, cy), ph, colour, variant=var)
            return
        if s.number_layout == "big_number":
            cap = min((y1 - y0) * 0.3, (x1 - x0) * 0.45)
            m = text_mask(s.font_path, cap, card.rank, s.stroke, max_w=(x1 - x0) * 0.9)
            _blit(rgb, m, int(round(cx - m.shape[1] / 2)), int(round(cy - m.shape[0] / 2)), colour)
            ph = min(cap * 0.6, (y1 - y0) * 0.16)
            off = m.shape[0] / 2 + ph * 0.9
            draw_pip(rgb, card.suit, (cx, cy - off), ph, colour, variant=var)
            draw_pip(rgb, card.suit, (cx, cy + off), ph, colour, rotate180=True, variant=var)
            return
        ph = self._pip_height(box, card.suit)
        pw = ph * suit_aspect(card.suit, var)
        dx = min((x1 - x0) / 2 - pw / 2, pw * 1.35)
        top, bot = y0 + ph * 0.55, y1 - ph * 0.55
        span = bot - top

        def row(f):
            return top + f * span

        L, C, R = cx - dx, cx, cx + dx
        pos = {
            2: [(C, 0), (C, 1)],
            3: [(C, 0), (C, .5), (C, 1)],
            4: [(L, 0), (R, 0), (L, 1), (R, 1)],
            5: [(L, 0), (R, 0), (C, .5), (L, 1), (R, 1)],
            6: [(L, 0), (R, 0), (L, .5), (R, .5), (L, 1), (R, 1)],
            7: [(L, 0), (R, 0), (C, .25), (L, .5), (R, .5), (L, 1), (R, 1)],
            8: [(L, 0), (R, 0), (C, .25), (L, .5), (R, .5), (C, .75), (L, 1), (R, 1)],
            9: [(L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (C, .5), (L, 2 / 3), (R, 2 / 3),
                (L, 1), (R, 1)],
            10: [(L, 0), (R, 0), (C, 1 / 6), (L, 1 / 3), (R, 1 / 3), (L, 2 / 3), (R, 2 / 3),
                 (C, 5 / 6), (L, 1), (R, 1)],
        }[n]
        for x, f in pos:
            draw_pip(rgb, card.suit, (x, row(f)), ph, colour, rotate180=f > 0.5, variant=var)

    def _ace(self, rgb: np.ndarray, card: Card) -> None:
        s = self.s
        x0, y0, x1, y1 = self.layout()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        colour = s.suit_colours[card.suit]
        var = s.pip_variants[card.suit]
        asp = suit_aspect(card.suit, var)
        big = s.ace_style != "plain" and card.suit == "S"
        frac = 0.34 if big else (0.22 if s.ace_style == "plain" else 0.26)
        ph = min(H * frac, (x1 - x0) * 0.85 / asp, (y1 - y0) * 0.6)
        if s.ace_style == "ring" or (big and s.ace_style == "ornate"):
            r = ph * 0.72
            cv2.circle(rgb, _pts((cx, cy)).tolist(), int(r * _ONE), tuple(map(float, colour)),
                       max(1, int(ph * 0.03)), cv2.LINE_AA, _SHIFT)
        if big and s.ace_style == "ornate":
            for k in range(8):
                a = k * math.pi / 4
                draw_star(rgb, (cx + math.cos(a) * ph * 0.86, cy + math.sin(a) * ph * 0.86),
                          ph * 0.07, colour)
        draw_pip(rgb, card.suit, (cx, cy), ph, colour, variant=var)
        if big:   # a little light ornament inside the big spade
            draw_pip(rgb, card.suit, (cx, cy - ph * 0.05), ph * 0.25, s.tint, variant=var)

    def _court(self, rgb: np.ndarray, card: Card) -> None:
        s = self.s
        x0, y0, x1, y1 = self.layout(court=True)
        W = self.W
        fx0 = int(math.floor(max(x0, 2)))
        fy0 = int(math.floor(max(y0, 2)))
        fx1, fy1 = W - fx0, H - fy0
        sub = np.ascontiguousarray(rgb[fy0:fy1, fx0:fx1])
        fh, fw = sub.shape[:2]
        if s.frame_fill is not None:
            sub[:] = s.frame_fill
        colour = s.suit_colours[card.suit]
        var = s.pip_variants[card.suit]
        half = fh / 2.0
        if s.court_style == "letter":
            cap = min(half * 0.58, fw * 0.6)
            m = text_mask(s.font_path, cap, self.rank_text(card.rank), s.stroke, max_w=fw * 0.85)
            ph = min(half * 0.2, fw * 0.3)
            top = max(2.0, (half - m.shape[0] - ph * 1.25) * 0.45)
            _blit(sub, m, int(round(fw / 2 - m.shape[1] / 2)), int(round(top)), colour)
            draw_pip(sub, card.suit, (fw / 2, top + m.shape[0] + ph * 0.75), ph, colour, variant=var)
        else:
            self._figure(sub, card, fw, half, colour, var)
        h2 = fh // 2
        sub[fh - h2:] = sub[:h2][::-1, ::-1]
        # divider and frame
        fc = tuple(map(float, s.frame_colour))
        if s.court_style == "figure":
            cv2.line(sub, _pts((0, fh - 1)).tolist(), _pts((fw - 1, 0)).tolist(), fc, 1,
                     cv2.LINE_AA, _SHIFT)
        cv2.rectangle(sub, (0, 0), (fw - 1, fh - 1), fc, 1 if fw < 140 else 2, cv2.LINE_AA)
        rgb[fy0:fy1, fx0:fx1] = sub

    def _figure(self, sub: np.ndarray, card: Card, fw: float, half: float, colour, var) -> None:
        """A simple double-headed court figure: the top half (the caller mirrors it)."""
        s = self.s
        p0, p1, p2 = s.court_palette
        k = SUITS.index(card.suit)
        p0, p1, p2 = [(p0, p1, p2), (p1, p2, p0), (p2, p0, p1), (p0, p2, p1)][k]
        ink = (20, 20, 20)
        cx = fw / 2
        r = min(fw * 0.16, half * 0.17)
        hy = half * 0.40
        # body / robe down to the middle line
        sh_y = hy + r * 1.25
        body = [(cx - fw * 0.36, half + 2), (cx - fw * 0.30, sh_y + r * 0.4),
                (cx - fw * 0.16, sh_y), (cx + fw * 0.16, sh_y),
                (cx + fw * 0.30, sh_y + r * 0.4), (cx + fw * 0.36, half + 2)]
        _fill(sub, body, p0, ink)
        vneck = [(cx - fw * 0.12, sh_y), (cx, sh_y + (half - sh_y) * 0.55), (cx + fw * 0.12, sh_y)]
        _fill(sub, vneck, p1, ink)
        band = [(cx - fw * 0.33, half - (half - sh_y) * 0.3), (cx + fw * 0.33, half - (half - sh_y) * 0.3),
                (cx + fw * 0.34, half - (half - sh_y) * 0.12), (cx - fw * 0.34, half - (half - sh_y) * 0.12)]
        _fill(sub, band, p2, ink)
        if card.rank == "Q":      # hair behind the head
            _fill(sub, _ellipse(cx, hy + r * 0.3, r * 1.35, r * 1.3), p2, ink)
        # head
        _fill(sub, _ellipse(cx, hy, r, r * 1.12), s.skin, ink)
        eye = max(1.0, r * 0.1)
        for ex in (-0.38, 0.38):
            cv2.circle(sub, _pts((cx + ex * r, hy - r * 0.1)).tolist(), int(eye * _ONE), ink,
                       -1, cv2.LINE_AA, _SHIFT)
        cv2.polylines(sub, [_pts(_ellipse(cx, hy + r * 0.35, r * 0.3, r * 0.15, 12, 0.3, math.pi - 0.3))],
                      False, (40, 40, 160), 1, cv2.LINE_AA, _SHIFT)
        top = hy - r * 1.05
        if card.rank == "K":
            beard = [(cx - r * 0.95, hy + r * 0.2), (cx + r * 0.95, hy + r * 0.2), (cx + r * 0.5, hy + r * 1.5),
                     (cx, hy + r * 1.8), (cx - r * 0.5, hy + r * 1.5)]
            _fill(sub, beard, (200, 200, 200) if k % 2 else (60, 70, 110), ink)
            _fill(sub, _ellipse(cx, hy + r * 0.35, r * 0.3, r * 0.15), (40, 40, 160))
            crown = [(cx - r, top + r * 0.15), (cx - r * 1.1, top - r * 0.95), (cx - r * 0.55, top - r * 0.45),
                     (cx, top - r * 1.15), (cx + r * 0.55, top - r * 0.45), (cx + r * 1.1, top - r * 0.95),
                     (cx + r, top + r * 0.15)]
            _fill(sub, crown, (40, 190, 240), ink)
        elif card.rank == "Q":
            crown = [(cx - r * 0.8, top + r * 0.2), (cx - r * 0.85, top - r * 0.5), (cx - r * 0.4, top - r * 0.25),
                     (cx, top - r * 0.7), (cx + r * 0.4, top - r * 0.25), (cx + r * 0.85, top - r * 0.5),
                     (cx + r * 0.8, top + r * 0.2)]
            _fill(sub, crown, (40, 190, 240), ink)
            for bx, by in ((-0.85, -0.5), (0, -0.7), (0.85, -0.5)):
                cv2.circle(sub, _pts((cx + bx * r, top + by * r)).tolist(), int(r * 0.14 * _ONE),
                           tuple(map(float, p1)), -1, cv2.LINE_AA, _SHIFT)
        else:   # jack: a beret with a feather
            _fill(sub, _ellipse(cx + r * 0.15, top + r * 0.05, r * 1.25, r * 0.5), p1, ink)
            feather = [(cx + r * 0.6, top - r * 0.2), (cx + r * 1.6, top - r * 1.2), (cx + r * 1.0, top - r * 0.1)]
            _fill(sub, feather, p2, ink)
        # suit emblem beside the head
        ph = min(half * 0.2, fw * 0.2)
        pw = ph * suit_aspect(card.suit, var)
        ex = min(fw - pw / 2 - 3, cx + r * 1.6 + pw / 2 + 2)
        draw_pip(sub, card.suit, (ex, ph / 2 + 4), ph, colour, variant=var)
        ex2 = max(pw / 2 + 3, cx - r * 1.6 - pw / 2 - 2)
        letter = text_mask(s.font_path, ph * 0.8, self.rank_text(card.rank), s.stroke)
        if letter.shape[1] < fw * 0.3:
            _blit(sub, letter, int(round(ex2 - letter.shape[1] / 2)), 4, colour)

    def _joker(self, rgb: np.ndarray) -> None:
        s = self.s
        x0, y0, x1, y1 = self.layout()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        bw, bh = x1 - x0, y1 - y0
        col = s.joker_colour
        pal = s.court_palette
        ink = (20, 20, 20)
        if s.joker_style == "star":
            r = min(bw * 0.45, bh * 0.25)
            draw_star(rgb, (cx, cy), r, col)
            draw_star(rgb, (cx, cy), r * 0.55, pal[0])
            for k in range(4):
                a = math.pi / 4 + k * math.pi / 2
                draw_star(rgb, (cx + math.cos(a) * r * 1.05, cy + math.sin(a) * r * 1.35),
                          r * 0.18, pal[1], rotation=0.3)
            return
        # jester: face, three-horned hat with bells, zigzag collar
        r = min(bw * 0.2, bh * 0.1)
        hy = cy - r * 0.2
        collar = []
        for k in range(11):
            a = math.pi * k / 10
            rr = r * (2.0 if k % 2 == 0 else 1.3)
            collar.append((cx - math.cos(a) * rr, hy + r * 0.8 + math.sin(a) * rr * 0.8))
        _fill(rgb, [(cx - r * 2, hy + r * 0.8)] + collar + [(cx + r * 2, hy + r * 0.8)], pal[1], ink)
        body = [(cx - r * 1.6, hy + r * 3.6), (cx - r * 0.8, hy + r * 1.2), (cx + r * 0.8, hy + r * 1.2),
                (cx + r * 1.6, hy + r * 3.6)]
        _fill(rgb, body, pal[2], ink)
        for k, (tx, ty) in enumerate(((-2.3, -1.4), (0.0, -3.0), (2.3, -1.4))):
            base_l = (cx - r * 0.9 + k * r * 0.6, hy - r * 0.7)
            base_r = (cx - r * 0.3 + k * r * 0.6, hy - r * 0.8)
            tip = (cx + tx * r, hy + ty * r)
            horn = [base_l, (cx + tx * r * 0.4 - r * 0.3, hy + ty * r * 0.75), tip,
                    (cx + tx * r * 0.5 + r * 0.2, hy + ty * r * 0.55), base_r]
            _fill(rgb, horn, pal[k % 3] if k != 1 else col, ink)
            cv2.circle(rgb, _pts(tip).tolist(), int(r * 0.28 * _ONE), (40, 190, 240), -1, cv2.LINE_AA, _SHIFT)
        _fill(rgb, _ellipse(cx, hy - r * 0.55, r * 1.05, r * 0.35), pal[0], ink)
        _fill(rgb, _ellipse(cx, hy, r * 0.85, r), s.skin if hasattr(s, "skin") else (170, 200, 245), ink)
        for ex in (-0.35, 0.35):
            cv2.circle(rgb, _pts((cx + ex * r, hy - r * 0.15)).tolist(), int(max(1, r * 0.1) * _ONE), ink,
                       -1, cv2.LINE_AA, _SHIFT)
        cv2.polylines(rgb, [_pts(_ellipse(cx, hy + r * 0.25, r * 0.45, r * 0.35, 14, 0.2, math.pi - 0.2))],
                      False, (40, 40, 180), max(1, int(r * 0.08)), cv2.LINE_AA, _SHIFT)
        draw_star(rgb, (cx, hy + r * 4.4), r * 0.6, col)

    # -- back -----------------------------------------------------------------------------

    def back(self) -> np.ndarray:
        s, W = self.s, self.W
        img = self.base().copy()
        rgb = np.ascontiguousarray(img[..., :3])
        m = int(round(0.06 * W))
        rgb[m:H - m, m:W - m] = s.back_colour
        light = tuple(float(min(255, c + 70)) for c in s.back_colour)
        step = max(8, W // 14)
        for k in range(-H, W + H, step):
            cv2.line(rgb, (k, m), (k + (H - 2 * m), H - m), light, 1, cv2.LINE_AA)
            cv2.line(rgb, (k, H - m), (k + (H - 2 * m), m), light, 1, cv2.LINE_AA)
        rgb[:m, :] = s.tint
        rgb[H - m:, :] = s.tint
        rgb[:, :m] = s.tint
        rgb[:, W - m:] = s.tint
        cv2.rectangle(rgb, (m, m), (W - m - 1, H - m - 1), tuple(map(float, s.back_colour)), 2, cv2.LINE_AA)
        img[..., :3] = rgb
        return img


def design_from_style(name: str, style: DeckStyle, split: str = "train") -> Design:
    renderer = DeckRenderer(style)
    d = Design(name=name, source="procedural", split=split, render=renderer.face,
               render_back=renderer.back)
    d.style = style            # handy for inspection and tests
    return d


def procedural_designs(n: int, seed: int, split: str = "train", fonts: str = "base") -> list[Design]:
    """``n`` random deck designs, a pure function of ``seed`` and the font set ``fonts`` (the
    split only labels them: use different seeds for train and eval). Named ``"proc/<seed>-<i>"``,
    or ``"proc/<seed>-<fonts>-<i>"`` beyond the base fonts."""
    _font_set(fonts)
    tag = "" if fonts == "base" else f"{fonts}-"
    designs = []
    for i in range(n):
        rng = random.Random(f"burraco-proc/{seed}/{i}")
        designs.append(design_from_style(f"proc/{seed}-{tag}{i}", DeckStyle.sample(rng, fonts), split))
    return designs


__all__ = ["DeckStyle", "DeckRenderer", "procedural_designs", "design_from_style",
           "available_fonts", "text_mask", "ASPECTS", "FONT_SETS"]

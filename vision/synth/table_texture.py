"""Procedural table surfaces for synthetic scenes: felt, wood, tablecloths, cork, cardboard, stone.

``table_texture(rng, width, height)`` returns an H x W x 3 BGR uint8 image of a randomly chosen
surface; every random choice comes from ``rng``, so one generator state gives one texture.
Everything is vectorised (numpy + OpenCV resizes/filters); a 2000 x 1500 texture takes well
under 150 ms.

Feature sizes follow a "pixels per centimetre" scale drawn per texture, relative to the image
size (the scene generator lays cards of ~9 cm on scenes of roughly 60-100 cm), so planks, checks
and granules keep plausible proportions against the cards.
"""
from __future__ import annotations

from typing import Callable, Optional

import cv2
import numpy as np

F32 = np.float32

#: Kinds of surface and how often each is drawn.
KIND_WEIGHTS: dict[str, float] = {
    "felt": 0.17,
    "wood": 0.25,
    "cloth": 0.22,
    "cork": 0.08,
    "cardboard": 0.10,
    "laminate": 0.10,
    "marble": 0.08,
}
KINDS = tuple(KIND_WEIGHTS)


def table_texture(rng: np.random.Generator, width: int, height: int,
                  kind: Optional[str] = None) -> np.ndarray:
    """A ``height x width x 3`` BGR uint8 table surface; ``kind`` forces one of ``KINDS``."""
    if width < 1 or height < 1:
        raise ValueError(f"texture size must be positive, got {width}x{height}")
    if kind is None:
        p = np.array(list(KIND_WEIGHTS.values()), dtype=np.float64)
        kind = KINDS[int(rng.choice(len(KINDS), p=p / p.sum()))]
    if kind not in _MAKERS:
        raise ValueError(f"unknown table kind {kind!r}; choose from {KINDS}")
    width, height = int(width), int(height)
    # pixels per centimetre: the longer side spans roughly 50-110 cm of table
    ppcm = max(width, height) / rng.uniform(50.0, 110.0)
    # the structure is built on at most WORK_PIXELS pixels, then enlarged; a full-resolution
    # grain goes on top so that the enlarged texture keeps pixel-level detail
    s = min(1.0, float(np.sqrt(_WORK_PIXELS.get(kind, WORK_PIXELS) / (width * height))))
    hw, ww = max(1, int(round(height * s))), max(1, int(round(width * s)))
    img = np.clip(_MAKERS[kind](rng, hw, ww, float(ppcm * s)), 0, 255).astype(np.uint8)
    if (hw, ww) != (height, width):
        img = cv2.resize(img, (width, height), interpolation=cv2.INTER_LINEAR)
    img = _grain(rng, img, _GRAIN[kind])
    return np.ascontiguousarray(img)


#: Pixels on which a texture's structure is computed before it is enlarged to the asked size.
WORK_PIXELS = 800_000
#: Smooth kinds need less (their fine detail is the full-resolution grain).
_WORK_PIXELS = {"marble": 350_000, "laminate": 350_000, "wood": 600_000}
#: Relative strength of the full-resolution grain of each kind.
_GRAIN = {"felt": 0.06, "wood": 0.035, "cloth": 0.04, "cork": 0.07, "cardboard": 0.025,
          "laminate": 0.02, "marble": 0.015}
_TILE = 1024
_TILES: dict[str, np.ndarray] = {}


def _tiles() -> tuple[np.ndarray, np.ndarray]:
    """A fixed bank of white noise (float, unit variance) and its uint8 form (128 +- 16 per sd),
    built once from a constant seed so that textures depend on the caller's rng alone."""
    if not _TILES:
        t = np.random.default_rng(0x7ab1e).standard_normal((_TILE, _TILE)).astype(F32)
        _TILES["f"] = t
        g = np.clip(128 + 16 * t, 0, 255).astype(np.uint8)
        _TILES["u8"] = cv2.merge([g, g, g])
    return _TILES["f"], _TILES["u8"]


def _tiled(rng: np.random.Generator, tile: np.ndarray, h: int, w: int) -> np.ndarray:
    """An ``h x w`` window of ``tile`` repeated, at a random offset and orientation."""
    k = int(rng.integers(8))
    if k & 1:
        tile = tile[::-1]
    if k & 2:
        tile = tile[:, ::-1]
    if k & 4:
        tile = tile.swapaxes(0, 1)
    oy, ox = int(rng.integers(_TILE)), int(rng.integers(_TILE))
    tile = np.roll(tile, (oy, ox), axis=(0, 1)) if (h > _TILE or w > _TILE) else tile
    if h > _TILE or w > _TILE:
        reps = (-(-h // _TILE), -(-w // _TILE)) + (1,) * (tile.ndim - 2)
        return np.tile(tile, reps)[:h, :w]
    oy, ox = oy % (_TILE - h + 1), ox % (_TILE - w + 1)
    return tile[oy:oy + h, ox:ox + w]


def _white(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Per-pixel white noise of unit variance (from the fixed tile bank: fast)."""
    return _tiled(rng, _tiles()[0], h, w)


def _grain(rng: np.random.Generator, img: np.ndarray, amount: float) -> np.ndarray:
    """Multiply ``img`` by ``1 + amount * white noise`` (same in all channels), in uint8."""
    g = np.ascontiguousarray(_tiled(rng, _tiles()[1], *img.shape[:2]))
    a = amount / (16.0 / 128.0)
    g = cv2.addWeighted(g, a, g, 0.0, 128.0 * (1.0 - a))
    return cv2.multiply(img, g, scale=1.0 / 128.0)


# --------------------------------------------------------------------------------------------
# noise helpers
# --------------------------------------------------------------------------------------------

def _noise(rng: np.random.Generator, h: int, w: int, cell_y: float, cell_x: Optional[float] = None,
           interp: int = cv2.INTER_CUBIC) -> np.ndarray:
    """Smooth value noise of about unit variance with features ``cell_y x cell_x`` pixels."""
    cell_x = cell_y if cell_x is None else cell_x
    cell_y, cell_x = max(cell_y, 1.0), max(cell_x, 1.0)
    gh, gw = int(np.ceil(h / cell_y)) + 3, int(np.ceil(w / cell_x)) + 3
    if cell_y <= 1.0 and cell_x <= 1.0:
        return _white(rng, h, w)
    grid = rng.standard_normal((gh, gw), dtype=F32)
    big_w, big_h = int(round(gw * cell_x)), int(round(gh * cell_y))
    big = cv2.resize(grid, (big_w, big_h), interpolation=interp)
    oy = int(rng.integers(0, max(1, big_h - h - int(cell_y) + 1)))
    ox = int(rng.integers(0, max(1, big_w - w - int(cell_x) + 1)))
    out = big[oy:oy + h, ox:ox + w]
    # bicubic interpolation shrinks the variance; restore it approximately
    return out * F32(1.0 / max(float(out[::7, ::7].std()), 1e-3))


def _fbm(rng: np.random.Generator, h: int, w: int, cell: float, octaves: int = 4,
         gain: float = 0.5, aspect: float = 1.0) -> np.ndarray:
    """Fractal noise: octaves of ``_noise`` halving in size; ``aspect`` stretches along x."""
    out = np.zeros((h, w), F32)
    amp, total = 1.0, 0.0
    for _ in range(octaves):
        if cell < 1.5:
            break
        out += F32(amp) * _noise(rng, h, w, cell, cell * aspect)
        total += amp * amp
        amp *= gain
        cell /= 2.0
    return out * F32(1.0 / np.sqrt(max(total, 1e-6)))


def _fibres(rng: np.random.Generator, h: int, w: int, density: float, length: int,
            angles: int = 3) -> np.ndarray:
    """Short random strokes (felt and paper fibres): sparse impulses smeared along lines."""
    out = np.zeros((h, w), F32)
    length = max(3, int(length) | 1)
    n = int(density * h * w)
    for _ in range(angles):
        imp = np.zeros((h, w), F32)
        imp[rng.integers(0, h, n), rng.integers(0, w, n)] = rng.integers(0, 2, n) * F32(2) - F32(1)
        k = np.zeros((length, length), F32)
        c = length // 2
        a = rng.uniform(0, np.pi)
        p0 = (int(round(c - c * np.cos(a))), int(round(c - c * np.sin(a))))
        p1 = (int(round(c + c * np.cos(a))), int(round(c + c * np.sin(a))))
        cv2.line(k, p0, p1, 1.0, 1, cv2.LINE_AA)
        k /= max(float(k.max()), 1e-6)
        out += cv2.filter2D(imp, -1, k, borderType=cv2.BORDER_REFLECT)
    return out


def _coords(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    ys = np.arange(h, dtype=F32)[:, None]
    xs = np.arange(w, dtype=F32)[None, :]
    return np.broadcast_to(xs, (h, w)), np.broadcast_to(ys, (h, w))


def _rotated(h: int, w: int, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Coordinates rotated by ``angle`` radians about the image centre."""
    ys = np.arange(h, dtype=F32)[:, None] - F32(h / 2)
    xs = np.arange(w, dtype=F32)[None, :] - F32(w / 2)
    c, s = F32(np.cos(angle)), F32(np.sin(angle))
    return xs * c + ys * s, ys * c - xs * s


def _shade(base_bgr, field: np.ndarray) -> np.ndarray:
    """``base * (1 + field)`` as an H x W x 3 float image."""
    base = np.asarray(base_bgr, F32)
    return (F32(1.0) + field)[..., None] * base


def _mix(a: np.ndarray, b, t: np.ndarray) -> np.ndarray:
    """Blend colour images/colours ``a`` and ``b`` with weight ``t`` (H x W) towards ``b``."""
    a = np.asarray(a, F32)
    b = np.asarray(b, F32)
    return a + (b - a) * t[..., None]


def _jitter(rng: np.random.Generator, bgr, amount: float = 0.12) -> np.ndarray:
    return np.clip(np.asarray(bgr, F32) * rng.uniform(1 - amount, 1 + amount, 3).astype(F32), 0, 255)


def _wrinkles(rng: np.random.Generator, h: int, w: int, ppcm: float, strength: float) -> np.ndarray:
    """Soft shading of folds and creases: the x-derivative of large-scale noise."""
    small = 8
    sh, sw = max(4, h // small), max(4, w // small)
    n = _fbm(rng, sh, sw, cell=12 * ppcm / small, octaves=3)
    gx = cv2.Sobel(n, cv2.CV_32F, 1, 0, ksize=3) + F32(0.5) * cv2.Sobel(n, cv2.CV_32F, 0, 1, ksize=3)
    gx *= F32(strength / max(float(np.abs(gx).max()), 1e-6))
    return cv2.resize(gx, (w, h), interpolation=cv2.INTER_LINEAR)


# --------------------------------------------------------------------------------------------
# surfaces
# --------------------------------------------------------------------------------------------

_FELT_COLOURS = [(35, 105, 20), (30, 90, 10), (45, 120, 40), (120, 70, 20), (110, 50, 10),
                 (35, 30, 130), (40, 25, 95), (80, 80, 80), (30, 30, 30)]


def _felt(rng, h, w, ppcm):
    base = _jitter(rng, _FELT_COLOURS[rng.integers(len(_FELT_COLOURS))], 0.15)
    field = F32(rng.uniform(0.015, 0.035)) * _fbm(rng, h, w, cell=6 * ppcm, octaves=3)
    field += F32(0.05) * _noise(rng, h, w, 1.2)
    field += F32(rng.uniform(0.03, 0.08)) * _fibres(rng, h, w, 0.004, int(max(5, 0.4 * ppcm)))
    field += _wrinkles(rng, h, w, ppcm, rng.uniform(0.0, 0.08))
    return _shade(base, field)


_WOODS = [  # (light, dark) BGR
    ((95, 160, 210), (45, 95, 150)),     # oak
    ((60, 100, 150), (25, 45, 80)),      # walnut
    ((55, 95, 175), (30, 50, 110)),      # cherry
    ((130, 190, 225), (70, 130, 185)),   # pine / birch
    ((150, 160, 165), (95, 105, 115)),   # grey-washed
    ((205, 215, 220), (175, 185, 195)),  # white-painted
    ((40, 55, 80), (15, 22, 35)),        # wenge / dark stain
]


def _wood(rng, h, w, ppcm):
    vertical = rng.random() < 0.5
    if vertical:  # build with the grain along x, then transpose
        h, w = w, h
    light, dark = (_jitter(rng, c, 0.08) for c in _WOODS[rng.integers(len(_WOODS))])
    xs, ys = _coords(h, w)
    plank_w = rng.uniform(7, 20) * ppcm
    row0 = rng.uniform(0, plank_w)
    rows = np.arange(h, dtype=F32)
    idx = np.floor((rows + row0) / plank_w).astype(np.int64)
    idx -= idx.min()
    n_planks = int(idx.max()) + 1
    plank_off = rng.uniform(0, 5000, n_planks).astype(F32)[idx][:, None]
    plank_gain = rng.uniform(0.85, 1.12, n_planks).astype(F32)[idx][:, None]
    # rings: warped sine bands across the grain, long features along it
    period = rng.uniform(0.25, 0.9) * ppcm
    warp = _fbm(rng, h, w, cell=3 * ppcm, octaves=3, aspect=rng.uniform(6, 15))
    v = ys + plank_off + warp * F32(rng.uniform(2, 6) * period)
    rings = F32(0.5) + F32(0.5) * np.sin(v * F32(2 * np.pi / period))
    g = rings ** F32(rng.uniform(2, 5))
    streak = _noise(rng, h, w, rng.uniform(1.0, 2.0), rng.uniform(20, 80) * ppcm / 10)
    g = np.clip(F32(0.75) * g + F32(0.12) * streak + F32(0.1) * warp, 0, 1)
    img = _mix(light, dark, g)
    # pores: dark dashes along the grain
    pores = _noise(rng, h, w, 1.0, rng.uniform(4, 10)) > F32(2.3)
    shade = plank_gain * (F32(1.0) - F32(0.15) * pores)
    # gaps between planks and end joints
    frac = (rows + row0) / F32(plank_w) - np.floor((rows + row0) / F32(plank_w))
    gap_px = rng.uniform(0.05, 0.25) * ppcm + 1.0
    edge = np.minimum(frac, 1 - frac) * F32(plank_w)
    shade = shade * (F32(1.0) - F32(0.55) * np.exp(-(edge / F32(gap_px)) ** 2))[:, None]
    if rng.random() < 0.6:
        joint = rng.uniform(0, w, n_planks).astype(F32)[idx][:, None]
        jdist = np.abs(xs - joint)
        shade = shade * (F32(1.0) - F32(0.5) * np.exp(-(jdist / F32(gap_px)) ** 2))
    img = img * shade[..., None]
    img *= (F32(1.0) + F32(0.04) * _noise(rng, h, w, 1.0))[..., None]
    if vertical:
        img = img.transpose(1, 0, 2)
    return img


_CLOTH_COLOURS = [(40, 40, 200), (170, 90, 30), (60, 140, 40), (40, 150, 220), (120, 40, 120),
                  (30, 100, 200), (140, 140, 40), (50, 50, 50), (30, 50, 150), (200, 150, 90)]
_CLOTH_LIGHT = [(245, 245, 245), (215, 235, 245), (225, 240, 235), (200, 225, 240), (235, 225, 230)]


def _cloth(rng, h, w, ppcm):
    pattern = rng.choice(["gingham", "stripes", "dots", "floral", "lace", "plaid", "plain"],
                         p=[0.22, 0.15, 0.15, 0.18, 0.1, 0.12, 0.08])
    ink = _jitter(rng, _CLOTH_COLOURS[rng.integers(len(_CLOTH_COLOURS))], 0.15)
    ground = _jitter(rng, _CLOTH_LIGHT[rng.integers(len(_CLOTH_LIGHT))], 0.04)
    angle = rng.normal(0, 0.08) + (np.pi / 2 if rng.random() < 0.5 else 0)
    u, v = _rotated(h, w, angle)
    if pattern == "gingham":
        p = rng.uniform(0.8, 3.0) * ppcm
        a = ((u / F32(p)) % 1 < 0.5).astype(F32)
        b = ((v / F32(p)) % 1 < 0.5).astype(F32)
        img = _mix(ground, ink, F32(0.5) * (a + b))
    elif pattern == "stripes":
        p = rng.uniform(1.0, 6.0) * ppcm
        n = int(rng.integers(2, 5))
        widths = rng.dirichlet(np.ones(n)).astype(F32)
        cols = np.stack([ground, ink] + [_jitter(rng, _CLOTH_COLOURS[rng.integers(len(_CLOTH_COLOURS))])
                                          for _ in range(n - 2)])
        edges = np.cumsum(widths)[:-1]
        band = np.searchsorted(edges, (u / F32(p)) % 1).astype(np.int64)
        img = cols[band]
    elif pattern == "dots":
        p = rng.uniform(1.0, 3.5) * ppcm
        r = rng.uniform(0.12, 0.3) * p
        row = np.floor(v / F32(p))
        du = ((u / F32(p) + F32(0.5) * (row % 2)) % 1 - F32(0.5)) * F32(p)
        dv = ((v / F32(p)) % 1 - F32(0.5)) * F32(p)
        d = np.sqrt(du * du + dv * dv)
        if rng.random() < 0.5:
            ground, ink = ink, ground
        img = _mix(ground, ink, np.clip(F32(r) - d + 0.5, 0, 1))
    elif pattern == "floral":
        img = _floral(rng, u, v, ppcm, ground, ink)
    elif pattern == "lace":
        img = _lace(rng, u, v, ppcm, ground)
    elif pattern == "plaid":
        img = np.broadcast_to(ground, (h, w, 3)).astype(F32)
        for _ in range(int(rng.integers(2, 4))):
            col = _jitter(rng, _CLOTH_COLOURS[rng.integers(len(_CLOTH_COLOURS))])
            p = rng.uniform(2.0, 8.0) * ppcm
            width = rng.uniform(0.1, 0.35)
            off = rng.uniform(0, 1)
            t = (((u / F32(p) + off) % 1 < width).astype(F32)
                 + ((v / F32(p) + off) % 1 < width).astype(F32)) * F32(0.4)
            img = _mix(img, col, t)
    else:
        img = np.broadcast_to(ink if rng.random() < 0.6 else ground, (h, w, 3)).astype(F32)
    # weave: a fine thread grid and fibre noise, plus folds
    thread = rng.uniform(0.06, 0.18) * ppcm + 1.5
    weave = np.sin(u * F32(2 * np.pi / thread)) * np.sin(v * F32(2 * np.pi / thread))
    field = F32(0.04) * weave + F32(0.04) * _noise(rng, h, w, 1.0, 2.5)
    field += _wrinkles(rng, h, w, ppcm, rng.uniform(0.03, 0.15))
    return img * (F32(1.0) + field)[..., None]


def _cells(u, v, p):
    cu, cv = np.floor(u / F32(p)), np.floor(v / F32(p))
    du = (u / F32(p) - cu - F32(0.5)) * F32(p)
    dv = (v / F32(p) - cv - F32(0.5)) * F32(p)
    return cu, cv, du, dv


def _floral(rng, u, v, ppcm, ground, ink):
    p = rng.uniform(3.0, 8.0) * ppcm
    cu, cv, du, dv = _cells(u, v, p)
    # a per-cell rotation, hashed from the cell index through a random table
    table = rng.uniform(0, 2 * np.pi, 997).astype(F32)
    rot = table[((cu.astype(np.int64) * 73856093) ^ (cv.astype(np.int64) * 19349663)) % 997]
    r = np.sqrt(du * du + dv * dv)
    th = np.arctan2(dv, du) + rot
    k = int(rng.integers(4, 8))
    big = F32(rng.uniform(0.25, 0.4) * p)
    petal = big * (F32(0.45) + F32(0.55) * np.abs(np.cos(th * F32(k / 2))))
    flower = np.clip(petal - r + 0.5, 0, 1)
    centre = np.clip(F32(0.25) * big - r + 0.5, 0, 1)
    leaf_col = _jitter(rng, (50, 120, 40))
    # leaves: two ellipses in the corner of the cell
    lu, lv = du - F32(0.38 * p), dv - F32(0.38 * p)
    leaf = np.clip(F32(1.0) - (lu * lu / F32((0.16 * p) ** 2) + lv * lv / F32((0.07 * p) ** 2)), 0, 1)
    img = _mix(ground, leaf_col, np.clip(leaf * 4, 0, 1))
    img = _mix(img, ink, flower)
    return _mix(img, _jitter(rng, (40, 200, 240)), centre)


def _lace(rng, u, v, ppcm, ground):
    """White lace over a darker table: rings and a mesh of holes let the table show through."""
    under = _jitter(rng, _WOODS[rng.integers(len(_WOODS))][1], 0.1)
    p = rng.uniform(2.0, 5.0) * ppcm
    _, _, du, dv = _cells(u, v, p)
    r = np.sqrt(du * du + dv * dv)
    ring_r = rng.uniform(0.25, 0.42) * p
    ring = np.abs(r - F32(ring_r)) < F32(0.04 * p)
    th = np.arctan2(dv, du)
    scallop = r < F32(0.18 * p) * (F32(0.7) + F32(0.3) * np.cos(th * F32(6)))
    m = rng.uniform(0.25, 0.5) * ppcm + 3
    mu = (u / F32(m)) % 1 - F32(0.5)
    mv = (v / F32(m)) % 1 - F32(0.5)
    mesh = (mu * mu + mv * mv) < F32(0.09)
    holes = (ring | (mesh & (r > F32(ring_r + 0.06 * p)))) & ~scallop
    return _mix(np.broadcast_to(ground, holes.shape + (3,)).astype(F32), under, holes.astype(F32) * 0.85)


def _cork(rng, h, w, ppcm):
    base = _jitter(rng, (95, 145, 190), 0.1)
    g = _noise(rng, h, w, rng.uniform(0.08, 0.15) * ppcm + 1) + F32(0.6) * _noise(rng, h, w, 0.5 * ppcm)
    field = F32(0.16) * np.tanh(F32(1.5) * g)
    field += F32(0.06) * _noise(rng, h, w, 1.0)
    specks = _noise(rng, h, w, rng.uniform(0.05, 0.1) * ppcm + 1) > F32(2.0)
    field -= F32(0.35) * specks
    field += F32(0.05) * _fbm(rng, h, w, 10 * ppcm, octaves=2)
    return _shade(base, field)


_BOARD = [(225, 230, 232), (240, 240, 240), (110, 150, 185), (120, 160, 195)]
_PRINT = [(40, 40, 200), (160, 80, 20), (30, 140, 30), (20, 180, 240), (30, 30, 30), (140, 40, 130),
          (200, 200, 60), (60, 120, 230)]
_FONTS = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
          cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN]
_LETTERS = np.array(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 abcdefghijklmnopqrstuvwxyz  "))


def _cardboard(rng, h, w, ppcm):
    """The printed lid of a box: a coated or kraft board with blocks of colour, shapes and text."""
    base = _jitter(rng, _BOARD[rng.integers(len(_BOARD))], 0.05)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = base.astype(np.uint8)
    # a gradient background panel sometimes
    if rng.random() < 0.5:
        col = _jitter(rng, _PRINT[rng.integers(len(_PRINT))])
        t = np.linspace(0, 1, w, dtype=F32)[None, :] * np.ones((h, 1), F32)
        img = _mix(img.astype(F32), col, t * F32(rng.uniform(0.3, 0.9))).astype(np.uint8)
    for _ in range(int(rng.integers(2, 7))):
        col = tuple(int(c) for c in _jitter(rng, _PRINT[rng.integers(len(_PRINT))]))
        x0, y0 = int(rng.integers(-w // 4, w)), int(rng.integers(-h // 4, h))
        sw, sh = int(rng.uniform(0.1, 0.7) * w), int(rng.uniform(0.05, 0.5) * h)
        shape = rng.integers(3)
        if shape == 0:
            cv2.rectangle(img, (x0, y0), (x0 + sw, y0 + sh), col, -1, cv2.LINE_AA)
        elif shape == 1:
            cv2.circle(img, (x0, y0), max(2, sh // 2), col, -1, cv2.LINE_AA)
        else:
            pts = rng.integers([-w // 4, -h // 4], [w, h], size=(int(rng.integers(3, 6)), 2))
            cv2.fillPoly(img, [pts.astype(np.int32)], col, cv2.LINE_AA)
    for _ in range(int(rng.integers(3, 14))):
        col = tuple(int(c) for c in _jitter(rng, _PRINT[rng.integers(len(_PRINT))]))
        if rng.random() < 0.3:
            col = (20, 20, 20) if rng.random() < 0.5 else (245, 245, 245)
        text = "".join(rng.choice(_LETTERS, int(rng.integers(3, 16)))).strip() or "BOX"
        scale = rng.uniform(0.3, 2.5) * ppcm / 10
        thick = max(1, int(scale * rng.uniform(1.0, 3.0)))
        org = (int(rng.integers(-w // 8, w)), int(rng.integers(0, h + h // 8)))
        cv2.putText(img, text, org, _FONTS[rng.integers(len(_FONTS))], scale, col, thick, cv2.LINE_AA)
    if rng.random() < 0.3:  # a barcode
        bx, by = int(rng.integers(0, max(1, w - 4 * ppcm))), int(rng.integers(0, max(1, h - 2 * ppcm)))
        bars = rng.random(int(3 * ppcm)) < 0.45
        bh = int(1.5 * ppcm)
        img[by:by + bh, bx:bx + len(bars)][:, bars[:img[by:by + bh, bx:bx + len(bars)].shape[1]]] = 20
    out = img.astype(F32)
    field = F32(0.03) * _noise(rng, h, w, 1.0) + F32(0.008) * _fbm(rng, h, w, 5 * ppcm, octaves=2)
    field += F32(0.05) * _fibres(rng, h, w, 0.002, int(max(5, 0.3 * ppcm)), angles=1)
    if rng.random() < 0.4:  # a fold or crease across the board
        u, _ = _rotated(h, w, rng.uniform(0, np.pi))
        field -= F32(0.12) * np.exp(-((u - F32(rng.uniform(-0.3, 0.3) * w)) / F32(0.2 * ppcm + 1)) ** 2)
    return out * (F32(1.0) + field)[..., None]


_LAMINATE = [(240, 240, 238), (200, 220, 235), (215, 215, 210), (170, 175, 180), (180, 215, 230),
             (60, 60, 60), (150, 190, 210), (200, 200, 170)]


def _laminate(rng, h, w, ppcm):
    base = _jitter(rng, _LAMINATE[rng.integers(len(_LAMINATE))], 0.05)
    field = F32(0.01) * _fbm(rng, h, w, 4 * ppcm, octaves=3) + F32(0.02) * _noise(rng, h, w, 1.0)
    if rng.random() < 0.6:  # speckled formica
        s = _noise(rng, h, w, rng.uniform(0.04, 0.12) * ppcm + 1)
        field += F32(rng.choice([-1, 1]) * 0.18) * (s > F32(1.8))
    return _shade(base, field)


def _marble(rng, h, w, ppcm):
    base = _jitter(rng, [(235, 238, 240), (225, 230, 232), (60, 60, 65), (200, 215, 225)][rng.integers(4)], 0.03)
    vein = _jitter(rng, (110, 115, 120) if base.mean() > 128 else (210, 210, 205), 0.1)
    u, v = _rotated(h, w, rng.uniform(0, np.pi))
    turb = _fbm(rng, h, w, rng.uniform(15, 30) * ppcm, octaves=5, gain=0.6)
    period = rng.uniform(25, 60) * ppcm
    s = np.abs(np.sin((u / F32(period) + F32(rng.uniform(0.3, 0.8)) * turb) * F32(np.pi)))
    veins = (F32(1.0) - s) ** F32(rng.uniform(15, 40))
    fine = np.abs(np.sin((v / F32(period / 3) + F32(1.2) * _fbm(rng, h, w, 6 * ppcm, octaves=4)) * F32(np.pi)))
    veins = np.maximum(veins, F32(rng.uniform(0.0, 0.35)) * (F32(1.0) - fine) ** F32(40))
    img = _mix(np.broadcast_to(base, (h, w, 3)).astype(F32), vein, np.clip(veins, 0, 1))
    return img * (F32(1.0) + F32(0.015) * _fbm(rng, h, w, 3 * ppcm, octaves=3))[..., None]


_MAKERS: dict[str, Callable[..., np.ndarray]] = {
    "felt": _felt, "wood": _wood, "cloth": _cloth, "cork": _cork, "cardboard": _cardboard,
    "laminate": _laminate, "marble": _marble,
}

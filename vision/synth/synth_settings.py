"""Every setting of the synthetic-data factory, in one place."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class SynthSettings:
    # what a photo shows
    table_p: float = 0.55                  # a team's melds
    both_p: float = 0.15                   # melds and a hand beside them; otherwise a hand alone
    melds: tuple[int, int] = (1, 12)
    hand_cards: tuple[int, int] = (1, 22)
    burraco_p: float = 0.3                 # chance that a meld is a burraco (7 to 13 cards)
    wild_p: float = 0.35
    invalid_meld_p: float = 0.05
    fan_p: float = 0.55                    # a hand as a fan, otherwise loosely spread
    two_designs_p: float = 0.3             # two decks of different designs in one game
    stock_p: float = 0.4
    discard_p: float = 0.4
    stray_backs_p: float = 0.3
    # scale: corner-index height in the photo, as in a 12 MP photo
    index_px: tuple[float, float] = (12.0, 60.0)
    max_side: int = 4000
    margin_cards: tuple[float, float] = (-0.35, 0.8)   # negative: the photo cuts cards off
    max_cut: float = 0.1                   # ... but at most this share of the layout's width (height) each side
    card_shadow: tuple[float, float] = (0.1, 0.45)
    # camera
    max_tilt_deg: float = 45.0
    # labels
    min_visible: float = 0.6               # share of an index that must show for a box
    # exports
    tile: int = 320
    tile_stride: int = 256
    empty_tile_p: float = 0.08
    crop: int = 64
    crop_pad: float = 0.3
    crops_per_index: int = 2               # each at its own turn and jitter
    crop_shift: float = 0.08               # centre jitter, share of the crop side (a detector's box is loose)
    crop_scale: tuple[float, float] = (0.9, 1.3)   # side jitter (predicted boxes run 6-14% wide)
    negatives_per_image: int = 24
    jpeg_quality: int = 92
    # designs
    procedural_designs: int = 48
    procedural_seed: int = 20261129
    procedural_fonts: str = "base"         # the procedural decks' font set (procedural_deck.FONT_SETS)
    unseen_designs: int = 24               # --designs unseen: procedural decks of a seed never trained on
    unseen_seed: int = 4242
    # the artwork pack (pack.py) that carries training designs to a machine without Debian's decks
    pack_webp_quality: int = 88

    def to_dict(self) -> dict:
        return asdict(self)

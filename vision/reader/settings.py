"""Every setting of the card reader at run time, in one place."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class ReaderSettings:
    # detector: the photo at its own size (the detector learnt indices at native scale), larger
    # photos shrunk to ``first_side``; looked at again, larger, when the indices came out small
    first_side: int = 1600             # long side of the first look, in pixels
    target_index: float = 26.0         # index size (longer side, px) the detector sees best
    small_index: float = 14.0          # below this median size a large photo is looked at again, larger
    max_side: int = 2560               # the closer look never goes beyond this long side
    detect_conf: float = 0.05          # low: the classifier's "not an index" throws out false alarms
    nms_iou: float = 0.5
    # classifier
    crop_pad: float = 0.2              # context around a found box (the training crops carry 0.3 x 0.9-1.3)
    none_margin: float = 0.0           # a corner is dropped when "not an index" wins by more than this
    top_k: int = 3
    # corners -> cards
    same_card_min: float = 1.6         # two corners of one card lie this many index sizes apart, at least
    same_card_max: float = 9.0         # and at most (a card's diagonal, over every deck measured)

    def to_dict(self) -> dict:
        return asdict(self)

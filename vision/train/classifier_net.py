"""The index classifier's network: a small CNN that names a corner index from a square crop.

Cheap on a CPU because it quarters the resolution at once (two stride-2 layers), keeps the
channels narrow and ends in a global average: the crop may show the index at any turn. The
``fine`` layout looks at the crop at its full resolution first (one stride-1 layer, then three
stride-2 ones, at about the same cost with half the channels): a small suit pip under the rank is
a few pixels across, and a spade's point or a club's lobes do not survive a quartering.
"""
from __future__ import annotations

import torch
from torch import nn

from ..classes import READER_CLASSES
from .layouts import LAYOUTS

INPUT = 48          # crop side in pixels, RGB


def _block(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class IndexNet(nn.Module):
    """RGB crop in [0, 1], N x 3 x 48 x 48 -> logits over ``READER_CLASSES`` (52 cards, joker, none).
    ``layout``: ``quarter`` (the first two layers stride 2) or ``fine`` (the first at full resolution)."""

    def __init__(self, width: int = 32, classes: int = len(READER_CLASSES), layout: str = "quarter"):
        super().__init__()
        if layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}, got {layout!r}")
        w = width
        if layout == "quarter":
            self.features = nn.Sequential(
                _block(3, w // 2, 2), _block(w // 2, w, 2),        # 24, 12
                _block(w, w), _block(w, 2 * w, 2),                 # 12, 6
                _block(2 * w, 2 * w), _block(2 * w, 4 * w),        # 6
            )
        else:
            self.features = nn.Sequential(
                _block(3, w // 2), _block(w // 2, w, 2), _block(w, w),       # 48, 24, 24
                _block(w, 2 * w, 2), _block(2 * w, 2 * w),                   # 12, 12
                _block(2 * w, 4 * w, 2), _block(4 * w, 4 * w),               # 6, 6
            )
        self.layout = layout
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(4 * w, classes))
        self.register_buffer("mean", torch.tensor([0.5, 0.5, 0.5]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.25, 0.25, 0.25]).view(1, 3, 1, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features((x - self.mean) / self.std))


def widened(state: dict, model: IndexNet) -> dict:
    """A narrower net's weights (``state``) for ``model``, which computes at first what the narrower
    one did: each layer's first channels are the old ones, the new channels start at random, and
    nothing of them reaches an old channel or the head until training makes it (those weights
    start at zero)."""
    out = model.state_dict()
    for name, old in state.items():
        new = out[name]
        if old.shape == new.shape:
            out[name] = old.clone()
            continue
        if old.dim() != new.dim() or any(o > n for o, n in zip(old.shape, new.shape)):
            raise ValueError(f"{name}: cannot widen {tuple(old.shape)} to {tuple(new.shape)}")
        grown = new.clone()
        if old.dim() >= 2:                       # conv and linear weights: out x in (x k x k)
            grown[: old.shape[0], old.shape[1]:] = 0
        grown[tuple(slice(0, s) for s in old.shape)] = old
        out[name] = grown
    return out

"""Index crops in memory, and the batch augmentation that makes them as hard as real photos.

The factory writes 64 px crops (``crops/`` and ``crops.csv``) at a random turn and with a loose,
jittered box. Here they are loaded once into one uint8 array (cached beside the set as ``.npy``)
and augmented per batch on the CPU with torch: a small affine change, a loss of resolution (a
12 px index upsampled), blur, light, white balance, noise, and a neighbour card's edge.
"""
from __future__ import annotations

import csv
import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from ..classes import READER_CLASSES

_CLASS_ID = {name: i for i, name in enumerate(READER_CLASSES)}


@dataclass
class CropSet:
    images: np.ndarray        # N x 64 x 64 x 3 uint8, RGB
    labels: np.ndarray        # N int64, index into READER_CLASSES
    photos: np.ndarray        # N int64, the photo each crop comes from (to split by photo)

    def __len__(self) -> int:
        return len(self.labels)

    def subset(self, keep: np.ndarray) -> "CropSet":
        return CropSet(self.images[keep], self.labels[keep], self.photos[keep])


def crop_count(folder: Path) -> int:
    """How many crops a ``burraco synth`` folder holds (the rows of its ``crops.csv``)."""
    with open(Path(folder) / "crops.csv", newline="") as fh:
        return max(0, sum(1 for _ in fh) - 1)


def read_crop(path: Path, size: int = 64) -> np.ndarray:
    """One crop file as ``size`` x ``size`` x 3 RGB."""
    img = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if img is None:
        raise OSError(f"unreadable crop {path}")
    if img.shape[0] != size:
        img = cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA)
    return img[:, :, ::-1]


def sample_crops(folder: Path, n: int, seed: int = 0, size: int = 64) -> np.ndarray:
    """``n`` crops of a ``burraco synth`` folder drawn at random (all if it holds fewer), without
    loading the rest: N x ``size`` x ``size`` x 3 RGB."""
    with open(Path(folder) / "crops.csv", newline="") as fh:
        files = [row["file"] for row in csv.DictReader(fh)]
    if not files:
        raise ValueError(f"no crops in {folder}")
    pick = np.sort(np.random.default_rng(seed).choice(len(files), size=min(n, len(files)), replace=False))
    return np.stack([read_crop(Path(folder) / files[i], size) for i in pick])


def load_crops(folder: Path, size: int = 64, threads: int = 8) -> CropSet:
    """All crops of one ``burraco synth`` folder, read by ``threads`` threads (OpenCV lets go of the
    GIL); cached as ``crops-{size}.npz`` beside them."""
    folder = Path(folder)
    cache = folder / f"crops-{size}.npz"
    rows_file = folder / "crops.csv"
    if cache.exists() and cache.stat().st_mtime >= rows_file.stat().st_mtime:
        with np.load(cache) as z:
            return CropSet(z["images"], z["labels"], z["photos"])
    with open(rows_file, newline="") as fh:
        rows = list(csv.DictReader(fh))
    images = np.zeros((len(rows), size, size, 3), np.uint8)
    labels = np.zeros(len(rows), np.int64)
    photos = np.zeros(len(rows), np.int64)
    def read(i: int) -> None:
        row = rows[i]
        images[i] = read_crop(folder / row["file"], size)
        labels[i] = _CLASS_ID[row["label"]]
        photos[i] = int(Path(row["file"]).name.split("_")[0])

    with ThreadPoolExecutor(max(1, threads)) as pool:
        for _ in pool.map(read, range(len(rows)), chunksize=256):
            pass
    np.savez(cache, images=images, labels=labels, photos=photos)
    return CropSet(images, labels, photos)


def to_tensor(images: np.ndarray, device: torch.device | str = "cpu") -> torch.Tensor:
    """N x S x S x 3 uint8 to N x 3 x S x S floats in [0, 1] on ``device`` (sent as bytes)."""
    return torch.from_numpy(images).to(device).permute(0, 3, 1, 2).float().div_(255.0)


def augment(x: torch.Tensor, out: int, gen: torch.Generator, shapes: bool = False) -> torch.Tensor:
    """Batch augmentation of N x 3 x S x S crops in [0, 1] to N x 3 x out x out, on the device of
    ``x``, which ``gen`` must share (a GPU does it without the CPU). ``shapes`` also changes the
    glyphs' shapes as another font would draw them: narrower or wider, slanted, bolder or lighter."""
    n, dev = x.shape[0], x.device
    rand = lambda *shape: torch.rand(*shape, generator=gen, device=dev)  # noqa: E731
    u = lambda lo, hi: rand(n) * (hi - lo) + lo  # noqa: E731
    # geometry: a little more turn, zoom and shift than the factory's own jitter
    ang = u(-0.25, 0.25)
    zoom = u(0.85, 1.2)
    tx, ty = u(-0.08, 0.08), u(-0.08, 0.08)
    aspect, slant = (u(-0.2, 0.2), u(-0.2, 0.2)) if shapes else (torch.zeros(n, device=dev),) * 2
    theta = _font_like(ang, zoom, aspect, slant, tx, ty)
    grid = F.affine_grid(theta, (n, 3, out, out), align_corners=False)
    y = F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
    if shapes:
        y = _stroke_weight(y, rand(n) < SHAPE_STROKE_SHARE, rand(n) < 0.5, rand(n))
    # a neighbour card's edge: a bright or dark band across one side, on some crops
    edge = rand(n) < 0.15
    if edge.any():
        k = int(edge.sum())
        depth = (rand(k) * 0.3 * out).long() + 1
        shade = rand(k).view(k, 1, 1, 1)
        band = (torch.arange(out, device=dev).view(1, 1, 1, out) < depth.view(k, 1, 1, 1)).float().expand(k, 1, out, out)
        band = torch.rot90(band, int(torch.randint(0, 4, (1,), generator=gen, device=dev)), (2, 3))
        y[edge] = y[edge] * (1 - band) + shade * band
    # loss of resolution: the index was small in the photo
    low = rand(n) < 0.5
    if low.any():
        side = int(torch.randint(12, 30, (1,), generator=gen, device=dev))
        small = F.interpolate(y[low], size=(side, side), mode="area")
        y[low] = F.interpolate(small, size=(out, out), mode="bilinear", align_corners=False)
    blur = rand(n) < 0.2
    if blur.any():
        y[blur] = F.avg_pool2d(F.pad(y[blur], (1, 1, 1, 1), mode="replicate"), 3, 1)
    # light: exposure, contrast, white balance, gamma
    gain = u(0.6, 1.3).view(n, 1, 1, 1) * (1 + (rand(n, 3, 1, 1) - 0.5) * 0.25)
    mean = y.mean(dim=(1, 2, 3), keepdim=True)
    y = (y - mean) * u(0.7, 1.3).view(n, 1, 1, 1) + mean
    y = (y * gain).clamp_(0, 1) ** u(0.75, 1.35).view(n, 1, 1, 1)
    y = y + torch.randn(y.shape, generator=gen, device=dev) * u(0.0, 0.04).view(n, 1, 1, 1)
    return y.clamp_(0, 1)


SHAPE_STROKE_SHARE = 0.35      # of the crops, with ``shapes``, whose strokes are drawn bolder or lighter


def _font_like(ang: torch.Tensor, zoom: torch.Tensor, aspect: torch.Tensor, slant: torch.Tensor,
               tx: torch.Tensor, ty: torch.Tensor) -> torch.Tensor:
    """The sampling grid's affine maps (N x 2 x 3): a turn and zoom after a condensed or extended
    (``aspect``: log of the width's scale) and slanted (``slant``: shear) glyph; with both 0, the
    turn and zoom alone, exactly."""
    n = ang.shape[0]
    cos, sin = torch.cos(ang), torch.sin(ang)
    turn = torch.stack([torch.stack([cos, -sin], 1), torch.stack([sin, cos], 1)], 1)
    form = torch.zeros(n, 2, 2, device=ang.device)
    form[:, 0, 0] = torch.exp(-aspect)
    form[:, 0, 1] = slant
    form[:, 1, 1] = 1.0
    a = turn @ form / zoom.view(n, 1, 1)
    return torch.cat([a, torch.stack([tx, ty], 1).unsqueeze(2)], 2)


def _stroke_weight(y: torch.Tensor, which: torch.Tensor, bolder: torch.Tensor, strength: torch.Tensor) -> torch.Tensor:
    """Ink drawn bolder (a 3 px minimum per channel: dark ink on a light face spreads) or lighter
    (a maximum) on the crops ``which`` says, blended by ``strength`` in [0, 1]."""
    if not which.any():
        return y
    sel = y[which]
    pad = F.pad(sel, (1, 1, 1, 1), mode="replicate")
    spread = -F.max_pool2d(-pad, 3, 1)
    thin = F.max_pool2d(pad, 3, 1)
    b = bolder[which].view(-1, 1, 1, 1)
    moved = torch.where(b, spread, thin)
    k = (0.4 + 0.6 * strength[which]).view(-1, 1, 1, 1)
    y = y.clone()
    y[which] = sel * (1 - k) + moved * k
    return y


def centre(x: torch.Tensor, out: int) -> torch.Tensor:
    """The evaluation view of a batch: resized to ``out`` with no augmentation."""
    return F.interpolate(x, size=(out, out), mode="area") if x.shape[-1] != out else x


def steps_per_epoch(n: int, batch: int) -> int:
    return max(1, math.ceil(n / batch))

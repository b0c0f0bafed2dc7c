"""Procedural table textures: shapes, determinism, variety, speed."""
from __future__ import annotations


import numpy as np
import pytest

from vision.synth.table_texture import KINDS, table_texture


@pytest.mark.parametrize("kind", KINDS)
def test_shape_dtype_and_determinism(kind):
    a = table_texture(np.random.default_rng(7), 640, 480, kind=kind)
    b = table_texture(np.random.default_rng(7), 640, 480, kind=kind)
    assert a.shape == (480, 640, 3) and a.dtype == np.uint8 and a.flags.c_contiguous
    assert np.array_equal(a, b)
    c = table_texture(np.random.default_rng(8), 640, 480, kind=kind)
    assert not np.array_equal(a, c)
    assert a.std() > 1.0  # some texture, not a flat colour


@pytest.mark.parametrize("size", [(1, 1), (7, 300), (300, 7), (1025, 17), (2100, 1100)])
def test_odd_sizes(size):
    w, h = size
    for seed in range(4):
        img = table_texture(np.random.default_rng(seed), w, h)
        assert img.shape == (h, w, 3) and img.dtype == np.uint8


def test_random_kind_is_deterministic_and_varied():
    imgs = [table_texture(np.random.default_rng(s), 200, 150) for s in range(12)]
    again = [table_texture(np.random.default_rng(s), 200, 150) for s in range(12)]
    assert all(np.array_equal(a, b) for a, b in zip(imgs, again))
    means = {tuple(np.round(i.reshape(-1, 3).mean(0) / 20)) for i in imgs}
    assert len(means) >= 6


def test_bad_arguments():
    with pytest.raises(ValueError):
        table_texture(np.random.default_rng(0), 0, 10)
    with pytest.raises(ValueError):
        table_texture(np.random.default_rng(0), 10, 10, kind="glass")

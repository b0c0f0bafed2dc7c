"""Camera geometry and photometric effects."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.synth.photo_effects import PhotoSettings, camera_homography, jpeg, photometric


def _scene(seed=0, w=320, h=240):
    rng = np.random.default_rng(seed)
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = (40, 110, 30)
    cv2.rectangle(img, (60, 50), (140, 170), (250, 250, 250), -1)
    cv2.putText(img, "7", (70, 90), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (0, 0, 200), 2)
    img = cv2.add(img, rng.integers(0, 20, img.shape, dtype=np.uint8))
    return img


def _jacobian(H, x, y, eps=1e-3):
    p = np.array([[[x, y], [x + eps, y], [x, y + eps]]], np.float64)
    q = cv2.perspectiveTransform(p, H)[0]
    return np.column_stack([(q[1] - q[0]) / eps, (q[2] - q[0]) / eps])


@pytest.mark.parametrize("seed", range(40))
def test_homography_contains_scene_and_bounds_tilt(seed):
    w, h = 1600, 1200
    H, ow, oh = camera_homography(np.random.default_rng(seed), w, h, max_tilt_deg=45)
    assert H.shape == (3, 3) and np.isfinite(H).all() and abs(H[2, 2] - 1) < 1e-9
    corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64)
    q = cv2.perspectiveTransform(corners, H)[0]
    assert (q >= -1e-6).all() and (q[:, 0] <= ow + 1e-6).all() and (q[:, 1] <= oh + 1e-6).all()
    c = cv2.perspectiveTransform(np.array([[[w / 2, h / 2]]], np.float64), H)[0, 0]
    assert 0 < c[0] < ow and 0 < c[1] < oh
    # all corners in front of the camera: the projective denominator keeps one sign
    den = corners[0] @ H[2, :2] + H[2, 2]
    assert (den > 0).all()
    # local foreshortening at the centre: at most cos(45 deg), with slack for the look-at shift
    sv = np.linalg.svd(_jacobian(H, w / 2, h / 2), compute_uv=False)
    assert sv[1] / sv[0] >= np.cos(np.deg2rad(45)) - 0.1
    # the warped rectangle stays a convex quadrilateral, with sane side ratios
    sides = np.linalg.norm(np.roll(q, -1, axis=0) - q, axis=1)
    assert sides[0] / sides[2] < 4 and sides[2] / sides[0] < 4
    assert sides[1] / sides[3] < 4 and sides[3] / sides[1] < 4
    assert ow * oh <= 3.05 * w * h


def test_zero_tilt_is_a_similarity():
    for seed in range(10):
        H, ow, oh = camera_homography(np.random.default_rng(seed), 800, 600, max_tilt_deg=0)
        assert np.allclose(H[2, :2], 0, atol=1e-12)
        sv = np.linalg.svd(H[:2, :2], compute_uv=False)
        assert sv[1] / sv[0] > 0.999


def test_tilt_is_used():
    ratios = []
    for seed in range(30):
        H, _, _ = camera_homography(np.random.default_rng(seed), 1000, 800)
        sv = np.linalg.svd(_jacobian(H, 500, 400), compute_uv=False)
        ratios.append(sv[1] / sv[0])
    assert min(ratios) < np.cos(np.deg2rad(25))


def test_homography_deterministic_and_warps():
    a = camera_homography(np.random.default_rng(3), 640, 480)
    b = camera_homography(np.random.default_rng(3), 640, 480)
    assert np.array_equal(a[0], b[0]) and a[1:] == b[1:]
    H, ow, oh = a
    labels = np.zeros((480, 640), np.uint8)
    labels[100:200, 100:300] = 7
    warped = cv2.warpPerspective(labels, H, (ow, oh), flags=cv2.INTER_NEAREST)
    assert set(np.unique(warped).tolist()) <= {0, 7} and (warped == 7).sum() > 1000


def test_photometric_deterministic_shape_dtype():
    img = _scene()
    for seed in range(25):
        a = photometric(np.random.default_rng(seed), img)
        b = photometric(np.random.default_rng(seed), img)
        assert a.shape == img.shape and a.dtype == np.uint8
        assert np.array_equal(a, b)
    assert not np.array_equal(photometric(np.random.default_rng(1), img),
                              photometric(np.random.default_rng(2), img))


def test_photometric_says_what_blurred_it_and_draws_the_same():
    img = _scene(w=1500, h=1000)                  # px = 1: blur lengths are the settings' own
    for seed in range(12):
        applied: dict = {}
        out = photometric(np.random.default_rng(seed), img, applied=applied)
        assert np.array_equal(out, photometric(np.random.default_rng(seed), img))
        assert set(applied) == {"defocus_px", "motion_px", "jpeg_quality"}
        assert applied["defocus_px"] == 0 or 0.5 <= applied["defocus_px"] <= 2.0
        assert applied["motion_px"] == 0 or 2.0 <= applied["motion_px"] <= 8.0
        assert 40 <= applied["jpeg_quality"] <= 95
    sharp = replace(PhotoSettings(), defocus_p=0.0, motion_p=0.0, jpeg_p=0.0)
    applied = {}
    photometric(np.random.default_rng(0), img, sharp, applied=applied)
    assert applied == {"defocus_px": 0.0, "motion_px": 0.0, "jpeg_quality": None}
    blurred = replace(sharp, defocus_p=1.0, defocus_sigma=(1.5, 1.5), motion_p=1.0, motion_length=(4.0, 4.0))
    photometric(np.random.default_rng(0), np.concatenate([img, img], axis=1), blurred, applied=applied)
    assert applied["defocus_px"] == pytest.approx(3.0) and applied["motion_px"] == pytest.approx(8.0)


def test_photometric_does_not_modify_input():
    img = _scene()
    before = img.copy()
    photometric(np.random.default_rng(0), img)
    assert np.array_equal(img, before)


def test_every_effect_alone_and_all_together():
    img = _scene(w=1200, h=900)  # blur lengths scale with the photo: give them room to act
    all_off = dict(light_p=0, vignette_p=0, shadow_p=0, glare_p=0, wb_p=0, defocus_p=0,
                   motion_p=0, noise_p=0, gamma_p=0, sharpen_p=0, jpeg_p=0)
    s0 = replace(PhotoSettings(), **all_off)
    assert np.array_equal(photometric(np.random.default_rng(0), img, s0), img)
    for name in all_off:
        s = replace(s0, **{name: 1.0})
        out = photometric(np.random.default_rng(5), img, s)
        assert out.shape == img.shape and out.dtype == np.uint8, name
        if name != "vignette_p":
            assert not np.array_equal(out, img), f"{name} changed nothing"
    s_all = replace(PhotoSettings(), **{k: 1.0 for k in all_off})
    for seed in range(5):
        out = photometric(np.random.default_rng(seed), img, s_all)
        assert out.shape == img.shape and out.dtype == np.uint8


def test_extreme_images_do_not_overflow():
    s_all = replace(PhotoSettings(), **{k: 1.0 for k in (
        "light_p", "vignette_p", "shadow_p", "glare_p", "wb_p", "defocus_p", "motion_p",
        "noise_p", "gamma_p", "sharpen_p")}, exposure=(1.5, 1.5), jpeg_p=0.0)
    for val in (0, 255):
        img = np.full((64, 80, 3), val, np.uint8)
        out = photometric(np.random.default_rng(0), img, s_all)
        assert out.dtype == np.uint8 and out.shape == img.shape
        # saturated white stays near white (no wrap-around to dark), black stays dark-ish
        if val == 255:
            assert out.mean() > 150
        else:
            assert out.mean() < 60
    tiny = np.full((1, 1, 3), 128, np.uint8)
    assert photometric(np.random.default_rng(0), tiny).shape == (1, 1, 3)


def test_glare_mask_confines_glare():
    img = np.full((200, 200, 3), 60, np.uint8)
    mask = np.zeros((200, 200), np.uint8)
    mask[:, :100] = 1
    s = replace(PhotoSettings(), **{k: 0.0 for k in (
        "light_p", "vignette_p", "shadow_p", "wb_p", "defocus_p", "motion_p", "noise_p",
        "gamma_p", "sharpen_p", "jpeg_p")}, glare_p=1.0, glare_size=(0.3, 0.4), glares=(3, 3))
    out = photometric(np.random.default_rng(2), img, s, glare_mask=mask)
    assert np.array_equal(out[:, 110:], img[:, 110:])
    with pytest.raises(ValueError):
        photometric(np.random.default_rng(2), img, s, glare_mask=mask[:10])


def test_jpeg_changes_pixels_not_size():
    img = _scene()
    for q in (40, 70, 95):
        out = jpeg(img, q)
        assert out.shape == img.shape and out.dtype == np.uint8
        assert not np.array_equal(out, img)
    assert np.abs(jpeg(img, 40).astype(int) - img).mean() > np.abs(jpeg(img, 95).astype(int) - img).mean()


def test_bad_input():
    with pytest.raises(ValueError):
        photometric(np.random.default_rng(0), np.zeros((10, 10), np.uint8))
    with pytest.raises(ValueError):
        camera_homography(np.random.default_rng(0), 0, 10)

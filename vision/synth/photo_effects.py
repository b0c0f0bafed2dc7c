"""Camera and light effects that turn a composed top-down scene into a phone photo.

Two separate parts:

* geometry: ``camera_homography(rng, w, h)`` - a perspective view of the table plane (tilt, any
  in-plane rotation, slight zoom and shift) as a 3x3 homography from scene pixels to photo pixels
  plus the photo size. Images go through ``cv2.warpPerspective`` (label maps with
  ``INTER_NEAREST``), points through ``cv2.perspectiveTransform``.
* photometry: ``photometric(rng, img)`` - lamp gradients and vignetting, soft shadows of a hand or
  a phone, glare on glossy cards, white-balance shifts, mild defocus / motion blur, sensor noise,
  the phone's tone curve and sharpening, and JPEG compression. Every probability and range lives
  in one place, ``PhotoSettings``.

Both are deterministic for a given ``numpy.random.Generator`` state. (Noise is drawn with
OpenCV's thread-local RNG, seeded from ``rng``.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

F32 = np.float32


# --------------------------------------------------------------------------------------------
# geometry
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CameraSettings:
    """Ranges of the camera pose; lengths relative to the scene's longer side."""

    distance: tuple[float, float] = (0.9, 2.2)   # camera to look-at point (perspective strength)
    shift: float = 0.08                          # look-at point off the scene centre (fraction)
    zoom: tuple[float, float] = (0.85, 1.15)     # photo px per scene px at the look-at point
    margin: tuple[float, float] = (0.0, 0.03)    # empty border around the warped scene (fraction)
    max_area_ratio: float = 3.0                  # photo area at most this times the scene's


def camera_homography(rng: np.random.Generator, width: int, height: int, max_tilt_deg: float = 45.0,
                      settings: CameraSettings = CameraSettings()) -> tuple[np.ndarray, int, int]:
    """A random phone-camera view of a ``width x height`` top-down scene of the table plane.

    The camera looks at a point near the scene centre from a distance of 0.9-2.2 scene sizes,
    tilted by up to ``max_tilt_deg`` from straight down (uniformly), turned by any angle about
    the table's normal. Returns ``(H, out_w, out_h)``: H (3x3 float64, ``H[2, 2] == 1``) maps
    scene pixel coordinates to photo pixel coordinates, and the ``out_w x out_h`` photo contains
    the whole warped scene (plus a small random margin).
    """
    if width < 1 or height < 1:
        raise ValueError(f"scene size must be positive, got {width}x{height}")
    s = settings
    size = float(max(width, height))
    tilt = np.deg2rad(rng.uniform(0.0, max(0.0, float(max_tilt_deg))))
    psi = rng.uniform(0.0, 2 * np.pi)
    dist = rng.uniform(*s.distance) * size
    look = np.array([width / 2, height / 2]) + rng.uniform(-s.shift, s.shift, 2) * np.array([width, height])
    zoom = rng.uniform(*s.zoom)
    margin = rng.uniform(*s.margin, 2)

    cz, sz = np.cos(psi), np.sin(psi)
    ct, st = np.cos(tilt), np.sin(tilt)
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1.0]])
    rx = np.array([[1, 0, 0], [0, ct, -st], [0, st, ct]])
    r = rx @ rz
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], float) - look
    # every corner must stay well in front of the camera
    depth = corners @ r[2, :2]
    dist = max(dist, float(-depth.min()) / 0.7)
    # plane (X, Y) -> camera: r[:, :2] @ (X, Y) + (0, 0, dist); pinhole with f = dist * zoom
    f = dist * zoom
    k = np.diag([f, f, 1.0])
    m = k @ np.column_stack([r[:, 0], r[:, 1], [0.0, 0.0, dist]])
    t_look = np.array([[1, 0, -look[0]], [0, 1, -look[1]], [0, 0, 1.0]])
    h = m @ t_look
    h /= h[2, 2]
    pts = cv2.perspectiveTransform(np.array([[[0, 0], [width, 0], [width, height], [0, height]]],
                                            np.float64), h)[0]
    lo, hi = pts.min(0), pts.max(0)
    ext = hi - lo
    scale = 1.0
    area = ext[0] * ext[1] * (1 + 2 * margin[0]) * (1 + 2 * margin[1])
    if area > s.max_area_ratio * width * height:
        scale = float(np.sqrt(s.max_area_ratio * width * height / area))
    pad = margin * ext * scale
    shift = np.array([[scale, 0, -lo[0] * scale + pad[0]], [0, scale, -lo[1] * scale + pad[1]],
                      [0, 0, 1.0]])
    h = shift @ h
    h /= h[2, 2]
    out_w = max(1, int(np.ceil(ext[0] * scale + 2 * pad[0])))
    out_h = max(1, int(np.ceil(ext[1] * scale + 2 * pad[1])))
    return h, out_w, out_h


# --------------------------------------------------------------------------------------------
# photometry
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PhotoSettings:
    """Every photometric effect: its probability (``*_p``) and parameter ranges.

    Lengths are in pixels of a 1500-pixel photo (longer side) and scale with the photo.
    """

    # lamp: exposure, a radial (lamp) or linear fall-off, vignetting
    light_p: float = 0.9
    exposure: tuple[float, float] = (0.75, 1.2)
    falloff: tuple[float, float] = (0.05, 0.45)     # fraction of brightness lost across the frame
    radial_p: float = 0.6                           # radial lamp rather than a linear gradient
    vignette_p: float = 0.6
    vignette: tuple[float, float] = (0.05, 0.3)
    # soft shadows of a hand, an arm or a phone entering from an edge
    shadow_p: float = 0.35
    shadows: tuple[int, int] = (1, 2)
    shadow_strength: tuple[float, float] = (0.15, 0.5)
    shadow_blur: tuple[float, float] = (0.01, 0.06)  # fraction of the longer side
    # specular glare on glossy cards (screen-blended bright blobs)
    glare_p: float = 0.3
    glares: tuple[int, int] = (1, 3)
    glare_size: tuple[float, float] = (0.02, 0.12)   # fraction of the shorter side
    glare_strength: tuple[float, float] = (0.3, 0.9)
    # white balance: temperature > 0 warm (kitchen lamp), < 0 cool (daylight); tint on green
    wb_p: float = 0.8
    temperature: tuple[float, float] = (-0.12, 0.25)
    tint: tuple[float, float] = (-0.04, 0.04)
    # optics
    defocus_p: float = 0.25
    defocus_sigma: tuple[float, float] = (0.5, 2.0)
    motion_p: float = 0.12
    motion_length: tuple[float, float] = (2.0, 8.0)
    # sensor noise: sigma = read + shot * sqrt(signal), in 0..255 units; part of it colour noise
    noise_p: float = 0.9
    read_noise: tuple[float, float] = (0.5, 4.0)
    shot_noise: tuple[float, float] = (0.0, 0.5)
    chroma_noise: tuple[float, float] = (0.2, 0.6)
    # phone processing: tone curve and sharpening
    gamma_p: float = 0.5
    gamma: tuple[float, float] = (0.85, 1.15)
    contrast: tuple[float, float] = (0.9, 1.15)
    sharpen_p: float = 0.5
    sharpen: tuple[float, float] = (0.2, 0.8)
    # JPEG
    jpeg_p: float = 1.0
    jpeg_quality: tuple[int, int] = (40, 95)


DEFAULT_SETTINGS = PhotoSettings()


def photometric(rng: np.random.Generator, img_bgr: np.ndarray,
                settings: PhotoSettings = DEFAULT_SETTINGS,
                glare_mask: Optional[np.ndarray] = None, applied: Optional[dict] = None) -> np.ndarray:
    """Light, colour, optics, noise and JPEG effects on a BGR uint8 photo; same size and dtype.

    ``glare_mask`` (optional, H x W, nonzero on glossy surfaces such as the cards) confines glare
    to those pixels; without it glare may fall anywhere. ``applied`` (optional) is filled with
    what blurs the photo, in its pixels (``defocus_px``: the Gaussian's sigma, ``motion_px``: the
    streak's length; 0 for none) and its ``jpeg_quality`` (None for none): how legible an index
    of a given size can be. Filling it draws nothing more from ``rng``.
    """
    if img_bgr.ndim != 3 or img_bgr.shape[2] != 3 or img_bgr.dtype != np.uint8:
        raise ValueError(f"expected an HxWx3 uint8 BGR image, got {img_bgr.shape} {img_bgr.dtype}")
    s = settings
    h, w = img_bgr.shape[:2]
    px = max(h, w) / 1500.0
    img = img_bgr

    # --- light: a smooth multiplicative map (built at 1/8 resolution) times white-balance gains
    sh, sw = max(2, int(np.ceil(h / 8))), max(2, int(np.ceil(w / 8)))
    light = np.ones((sh, sw), F32)
    touched = False
    if rng.random() < s.light_p:
        light *= F32(rng.uniform(*s.exposure))
        light *= _falloff(rng, sh, sw, s)
        touched = True
    if rng.random() < s.vignette_p:
        light *= _vignette(sh, sw, rng.uniform(*s.vignette))
        touched = True
    if rng.random() < s.shadow_p:
        for _ in range(int(rng.integers(s.shadows[0], s.shadows[1] + 1))):
            light *= F32(1.0) - _shadow(rng, sh, sw, s)
        touched = True
    gains = np.ones(3, F32)
    if rng.random() < s.wb_p:
        t = rng.uniform(*s.temperature)
        gains = np.array([1.0 - 0.9 * t, 1.0 + rng.uniform(*s.tint), 1.0 + 0.9 * t], F32)
        gains /= F32(gains.mean())
        touched = True
    if touched:
        gain_map = cv2.resize(light[..., None] * gains, (w, h), interpolation=cv2.INTER_LINEAR)
        img = cv2.multiply(img, gain_map, dtype=cv2.CV_8U)

    # --- glare: screen-blend bright blobs (before the optics blur them)
    if rng.random() < s.glare_p:
        g = _glare(rng, h, w, s)
        if glare_mask is not None:
            gm = (np.asarray(glare_mask) > 0).astype(F32)
            if gm.shape != (h, w):
                raise ValueError(f"glare_mask must be {h}x{w}, got {gm.shape}")
            g *= cv2.GaussianBlur(gm, (0, 0), 1.0 + px)
        g3 = cv2.merge([g, g, g])
        img = cv2.add(img, cv2.multiply(cv2.bitwise_not(img), g3, dtype=cv2.CV_8U))

    # --- optics
    record = applied if applied is not None else {}
    record.update(defocus_px=0.0, motion_px=0.0, jpeg_quality=None)
    if rng.random() < s.defocus_p:
        record["defocus_px"] = float(rng.uniform(*s.defocus_sigma) * px)
        img = cv2.GaussianBlur(img, (0, 0), record["defocus_px"])
    if rng.random() < s.motion_p:
        record["motion_px"] = float(rng.uniform(*s.motion_length) * px)
        img = cv2.filter2D(img, -1, _motion_kernel(record["motion_px"], rng.uniform(0, np.pi)),
                           borderType=cv2.BORDER_REFLECT)

    # --- sensor noise
    if rng.random() < s.noise_p:
        img = _noise(rng, img, s)

    # --- phone processing: tone curve (a lookup table) and unsharp masking
    if rng.random() < s.gamma_p:
        gam, con = rng.uniform(*s.gamma), rng.uniform(*s.contrast)
        x = np.arange(256, dtype=np.float64) / 255.0
        lut = np.clip((0.5 + (x ** gam - 0.5) * con) * 255.0 + 0.5, 0, 255).astype(np.uint8)
        img = cv2.LUT(img, lut)
    if rng.random() < s.sharpen_p:
        amount = rng.uniform(*s.sharpen)
        blur = cv2.GaussianBlur(img, (0, 0), 1.0 + 0.5 * px)
        img = cv2.addWeighted(img, 1.0 + amount, blur, -amount, 0.0)

    # --- JPEG
    if rng.random() < s.jpeg_p:
        record["jpeg_quality"] = int(rng.integers(s.jpeg_quality[0], s.jpeg_quality[1] + 1))
        img = jpeg(img, record["jpeg_quality"])
    if img is img_bgr:
        img = img.copy()
    return np.ascontiguousarray(img)


def jpeg(img_bgr: np.ndarray, quality: int) -> np.ndarray:
    """Encode and decode ``img_bgr`` as JPEG at ``quality`` (1-100)."""
    ok, buf = cv2.imencode(".jpg", img_bgr, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def _grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Normalised coordinates: x in [0, 1] across, y in [0, h/w] down, as H x W float32 arrays."""
    ys = (np.arange(h, dtype=F32)[:, None] + F32(0.5)) / F32(w)
    xs = (np.arange(w, dtype=F32)[None, :] + F32(0.5)) / F32(w)
    return np.broadcast_to(xs, (h, w)), np.broadcast_to(ys, (h, w))


def _falloff(rng, h, w, s: PhotoSettings) -> np.ndarray:
    xs, ys = _grid(h, w)
    amount = F32(rng.uniform(*s.falloff))
    if rng.random() < s.radial_p:
        # a lamp above some point, possibly outside the frame
        cx, cy = rng.uniform(-0.3, 1.3), rng.uniform(-0.3, 1.3) * h / w
        d2 = (xs - F32(cx)) ** 2 + (ys - F32(cy)) ** 2
        d2 /= F32(max(float(d2.max()), 1e-6))
        return F32(1.0) - amount * d2
    a = rng.uniform(0, 2 * np.pi)
    t = xs * F32(np.cos(a)) + ys * F32(np.sin(a))
    t = (t - t.min()) / F32(max(float(t.max() - t.min()), 1e-6))
    return F32(1.0) - amount * t


def _vignette(h, w, amount) -> np.ndarray:
    xs, ys = _grid(h, w)
    d2 = (xs - F32(0.5)) ** 2 + (ys - F32(0.5 * h / w)) ** 2
    d2 /= F32(0.25 + 0.25 * (h / w) ** 2)
    return F32(1.0) - F32(amount) * d2


def _shadow(rng, h, w, s: PhotoSettings) -> np.ndarray:
    """Soft shadow in [0, strength] of a blob entering the frame from one edge (hand, arm, phone)."""
    canvas = np.zeros((h, w), F32)
    edge = int(rng.integers(4))
    length = rng.uniform(0.2, 0.6)
    width = rng.uniform(0.12, 0.35)
    along = rng.uniform(0.1, 0.9)
    # a rough polygon in (along-edge, depth) units: a wide base at the edge, narrowing inward
    n = int(rng.integers(5, 9))
    depth = np.concatenate([[-0.1], np.sort(rng.uniform(0.2, 1.0, n - 2)), [-0.1]]) * length
    half = width / 2 * np.concatenate([[1.0], rng.uniform(0.4, 1.0, n - 2), [1.0]])
    left = np.stack([along - half, depth], 1)
    right = np.stack([along + half, depth], 1)[::-1]
    poly = np.concatenate([left, right])
    if rng.random() < 0.4:  # a phone: a rectangle, any angle
        cx, cy, a = rng.uniform(0.1, 0.9), rng.uniform(0.1, 0.9), rng.uniform(0, np.pi)
        hw_, hh_ = rng.uniform(0.08, 0.15), rng.uniform(0.15, 0.3)
        base = np.array([[-hw_, -hh_], [hw_, -hh_], [hw_, hh_], [-hw_, hh_]])
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        pts = base @ rot.T + [cx, cy]
        pts = pts * [w, h]
    else:
        u, d = poly[:, 0], poly[:, 1]
        if edge == 0:
            pts = np.stack([u * w, d * h], 1)
        elif edge == 1:
            pts = np.stack([u * w, (1 - d) * h], 1)
        elif edge == 2:
            pts = np.stack([d * w, u * h], 1)
        else:
            pts = np.stack([(1 - d) * w, u * h], 1)
    cv2.fillPoly(canvas, [np.round(pts * 4).astype(np.int32)], 1.0, cv2.LINE_AA, shift=2)
    sigma = max(0.5, rng.uniform(*s.shadow_blur) * max(h, w))
    canvas = cv2.GaussianBlur(canvas, (0, 0), sigma)
    return canvas * F32(rng.uniform(*s.shadow_strength))


def _glare(rng, h, w, s: PhotoSettings) -> np.ndarray:
    """Glare weight in [0, 1): a few soft elongated highlights, made at low resolution."""
    f = 4
    gh, gw = max(2, h // f), max(2, w // f)
    g = np.zeros((gh, gw), F32)
    for _ in range(int(rng.integers(s.glares[0], s.glares[1] + 1))):
        blob = np.zeros((gh, gw), F32)
        r = rng.uniform(*s.glare_size) * min(gh, gw)
        axes = (max(1, int(r)), max(1, int(r * rng.uniform(0.25, 0.8))))
        c = (int(rng.uniform(0, gw)), int(rng.uniform(0, gh)))
        cv2.ellipse(blob, c, axes, rng.uniform(0, 180), 0, 360, 1.0, -1, cv2.LINE_AA)
        blob = cv2.GaussianBlur(blob, (0, 0), max(0.5, r * rng.uniform(0.15, 0.5)))
        g = np.maximum(g, blob * F32(rng.uniform(*s.glare_strength)))
    g = cv2.resize(g, (w, h), interpolation=cv2.INTER_LINEAR)
    return np.clip(g, 0, 0.98)


def _motion_kernel(length: float, angle: float) -> np.ndarray:
    n = max(3, int(np.ceil(length)) | 1)
    k = np.zeros((n, n), F32)
    c = n // 2
    dx, dy = np.cos(angle) * length / 2, np.sin(angle) * length / 2
    cv2.line(k, (int(round((c - dx) * 16)), int(round((c - dy) * 16))),
             (int(round((c + dx) * 16)), int(round((c + dy) * 16))), 1.0, 1, cv2.LINE_AA, shift=4)
    total = float(k.sum())
    if total <= 0:
        k[c, c] = 1.0
        total = 1.0
    return k / F32(total)


def _noise(rng, img: np.ndarray, s: PhotoSettings) -> np.ndarray:
    """Read + shot noise (sigma = read + shot * sqrt(luminance)), partly independent per channel
    (chroma noise), partly shared (luma noise); added with saturation to uint8."""
    h, w = img.shape[:2]
    read = rng.uniform(*s.read_noise)
    shot = rng.uniform(*s.shot_noise)
    chroma = rng.uniform(*s.chroma_noise)
    cv2.setRNGSeed(int(rng.integers(0, 2**31 - 1)))
    lut = (read + shot * np.sqrt(np.arange(256, dtype=np.float64))).astype(F32)
    sigma = cv2.LUT(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), lut)
    luma = np.empty((h, w), F32)
    cv2.randn(luma, 0.0, 1.0 - chroma)
    # colour noise is blotchier than luma noise after demosaicking: draw it at half resolution
    ch, cw = max(1, (h + 1) // 2), max(1, (w + 1) // 2)
    small = np.empty((ch, cw, 3), F32)
    c = 1.6 * chroma  # bilinear enlargement loses about that much amplitude
    cv2.randn(small, (0.0, 0.0, 0.0), (c, c, c))
    col = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    col += luma[..., None]
    col *= sigma[..., None]
    return cv2.add(img, col, dtype=cv2.CV_8U)

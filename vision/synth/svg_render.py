"""Render SVG / SVGZ artwork to BGRA numpy arrays through the ``rsvg-convert`` program.

``rsvg-convert`` comes from Debian's ``librsvg2-bin``; it reads ``.svgz`` directly.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Optional, Union

import cv2
import numpy as np

RSVG = "rsvg-convert"


class RsvgMissingError(RuntimeError):
    """``rsvg-convert`` is not installed (``apt-get install librsvg2-bin``)."""


class SvgRenderError(RuntimeError):
    """``rsvg-convert`` failed on a file (bad file, unknown element id, ...)."""


def rsvg_available() -> bool:
    return shutil.which(RSVG) is not None


def render_svg(
    path: Union[str, Path],
    *,
    element_id: Optional[str] = None,
    width: Optional[int] = None,
    height: Optional[int] = None,
    zoom: Optional[float] = None,
    timeout: float = 120.0,
) -> np.ndarray:
    """Render ``path`` (optionally only the element ``element_id``) to an HxWx4 uint8 BGRA array.

    ``width`` / ``height`` size the whole document (with only one of them the aspect ratio is
    kept); ``zoom`` scales it. With ``element_id`` the output covers that element's bounds only,
    scaled by ``zoom``.
    """
    path = Path(path)
    exe = shutil.which(RSVG)
    if exe is None:
        raise RsvgMissingError(
            f"cannot render {path}: {RSVG!r} is not installed (Debian package librsvg2-bin)")
    if not path.exists():
        raise FileNotFoundError(f"SVG file not found: {path}")
    cmd = [exe, "--format", "png"]
    if element_id:
        cmd += ["--export-id", element_id]
    if zoom is not None:
        cmd += ["--zoom", f"{float(zoom):.6f}"]
    if width is not None:
        cmd += ["--width", str(int(width))]
    if height is not None:
        cmd += ["--height", str(int(height))]
    if width is not None and height is None or height is not None and width is None:
        cmd.append("--keep-aspect-ratio")
    cmd.append(str(path))
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:
        raise SvgRenderError(f"{RSVG} timed out after {timeout}s on {path}") from exc
    if proc.returncode != 0 or not proc.stdout:
        msg = proc.stderr.decode("utf-8", "replace").strip()
        what = f" element {element_id!r}" if element_id else ""
        raise SvgRenderError(f"{RSVG} failed on {path}{what}: {msg or 'no output'}")
    img = cv2.imdecode(np.frombuffer(proc.stdout, np.uint8), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise SvgRenderError(f"{RSVG} produced an unreadable PNG for {path}")
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGRA)
    elif img.shape[2] == 3:
        img = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    if img.dtype != np.uint8:  # 16-bit PNG
        img = (img // 257).astype(np.uint8)
    return img

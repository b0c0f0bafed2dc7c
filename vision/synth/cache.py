"""Where rendered artwork is cached (outside git): ``$BURRACO_CACHE`` or ``~/.cache/burraco``."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_dir(*parts: str) -> Path:
    root = Path(os.environ.get("BURRACO_CACHE", "~/.cache/burraco")).expanduser()
    path = root.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one, never
    half of it (two workers may fill the cache at once)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def png_bytes(img) -> bytes:
    """PNG encoding of an OpenCV image; OSError when it cannot be encoded."""
    import cv2
    ok, buf = cv2.imencode(".png", img)
    if not ok:
        raise OSError(f"cannot encode a {getattr(img, 'shape', '?')} image as PNG")
    return buf.tobytes()

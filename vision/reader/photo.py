"""Opening a photo for reading: JPEG, PNG, WebP or HEIC, turned upright by its EXIF orientation.

Everything that cannot be read becomes a :class:`PhotoError` naming the file and what is wrong
with it (not an image, truncated, too large), so that the command line and the web page can
say so in one line and lose nothing.
"""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Union

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from engine.text import Text

try:                                    # iPhone photos
    from pillow_heif import register_heif_opener
    register_heif_opener()
except ImportError:                     # pragma: no cover - the dependency is declared
    pass

MAX_PIXELS = 60_000_000                 # a 48 MP phone photo passes, a 100 MP image does not
MAX_BYTES = 80 * 1024 * 1024


class PhotoError(ValueError):
    """A photo that cannot be read; the message names the file and the reason."""

    def __init__(self, name: str, reason: Text):
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


@dataclass(frozen=True)
class Photo:
    image: np.ndarray                   # H x W x 3 uint8, BGR, upright
    name: str

    @property
    def width(self) -> int:
        return int(self.image.shape[1])

    @property
    def height(self) -> int:
        return int(self.image.shape[0])


def load_photo(source: Union[str, Path, bytes], name: str | None = None) -> Photo:
    """Open ``source`` (a path or the file's bytes) as an upright BGR image."""
    if isinstance(source, (bytes, bytearray)):
        data, label = bytes(source), name or "photo"
    else:
        path = Path(source)
        label = name or str(path)
        try:
            if path.stat().st_size > MAX_BYTES:
                raise PhotoError(label, Text("the file is larger than {mb} MB", mb=MAX_BYTES // (1024 * 1024)))
            data = path.read_bytes()
        except IsADirectoryError:
            raise PhotoError(label, Text("is a folder, not a photo")) from None
        except OSError as err:
            raise PhotoError(label, Text("cannot be opened ({why})", why=err.strerror or err)) from None
    if not data:
        raise PhotoError(label, Text("the file is empty"))
    if len(data) > MAX_BYTES:
        raise PhotoError(label, Text("the file is larger than {mb} MB", mb=MAX_BYTES // (1024 * 1024)))
    return Photo(_decode(data, label), label)


def _decode(data: bytes, label: str) -> np.ndarray:
    with warnings.catch_warnings():
        # Pillow's own guard against huge images warns or refuses; ours comes first and says why
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            img = Image.open(io.BytesIO(data))
        except UnidentifiedImageError:
            raise PhotoError(label, Text("not an image (JPEG, PNG, WebP or HEIC expected)")) from None
        except Image.DecompressionBombError:
            raise PhotoError(label, Text("the image is larger than {mp} megapixels",
                                         mp=round(MAX_PIXELS / 1e6))) from None
        except (OSError, ValueError, SyntaxError) as err:
            raise PhotoError(label, Text("not a readable image ({why})", why=err)) from None
        w, h = img.size
        if w * h > MAX_PIXELS:
            raise PhotoError(label, Text("the image is {w}x{h} ({mp} megapixels); the limit is {most} megapixels",
                                         w=w, h=h, mp=round(w * h / 1e6), most=round(MAX_PIXELS / 1e6)))
        if w < 16 or h < 16:
            raise PhotoError(label, Text("the image is only {w}x{h} pixels", w=w, h=h))
        if img.format == "JPEG":
            return _decode_jpeg(data, label)
        try:
            img.load()
            img = ImageOps.exif_transpose(img)
            rgb = np.asarray(img.convert("RGB"))
        except (OSError, ValueError, SyntaxError) as err:
            reason = Text("the file is truncated") if "truncated" in str(err).lower() else \
                Text("the image is damaged ({why})", why=err)
            raise PhotoError(label, reason) from None
    return np.ascontiguousarray(rgb[:, :, ::-1])


def _decode_jpeg(data: bytes, label: str) -> np.ndarray:
    """OpenCV decodes a 12 MP JPEG about twice as fast as Pillow and applies the EXIF
    orientation itself; it fills a cut-off file with grey instead of failing, so the end
    marker is checked first."""
    if not data.rstrip(b"\0").endswith(b"\xff\xd9"):
        raise PhotoError(label, Text("the file is truncated (the JPEG has no end)"))
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise PhotoError(label, Text("the image is damaged (the JPEG cannot be decoded)"))
    return img

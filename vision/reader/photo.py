"""Opening a photo for reading: JPEG, PNG, WebP or HEIC, turned upright by its EXIF orientation.

A large JPEG may be decoded smaller (``least_side``): the JPEG's own scaling decodes it at a half,
a quarter or an eighth of its size for about half the cost of decoding it whole, and a reader
that shrinks the photo anyway loses little; the photo keeps its file to be decoded whole
(``Photo.whole``) when small indices need every pixel.

Everything that cannot be read becomes a :class:`PhotoError` naming the file and what is wrong
with it (not an image, truncated, too large), so that the command line and the web page can
say so in one line and lose nothing.
"""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Union

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
_REDUCED = {2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}


class PhotoError(ValueError):
    """A photo that cannot be read; the message names the file and the reason."""

    def __init__(self, name: str, reason: Text):
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason


@dataclass(frozen=True)
class Photo:
    image: np.ndarray                   # H x W x 3 uint8, BGR, upright; smaller than the photo when ``shrunk``
    name: str
    size: Optional[tuple[int, int]] = None      # the photo's upright width and height, when ``image`` is smaller
    data: Optional[bytes] = field(default=None, repr=False)     # the file, to decode whole (``whole``)

    @property
    def width(self) -> int:
        return self.size[0] if self.size else int(self.image.shape[1])

    @property
    def height(self) -> int:
        return self.size[1] if self.size else int(self.image.shape[0])

    @property
    def shrunk(self) -> bool:
        return self.size is not None

    @property
    def scale(self) -> tuple[float, float]:
        """Pixels of the photo per pixel of ``image``, across and down: (1, 1) unless shrunk."""
        return self.width / self.image.shape[1], self.height / self.image.shape[0]

    def whole(self) -> "Photo":
        """The photo decoded at its own size (itself, unless shrunk)."""
        if self.data is None:
            return self
        return Photo(_decode_jpeg(self.data, self.name), self.name)


def load_photo(source: Union[str, Path, bytes], name: str | None = None, least_side: int = 0) -> Photo:
    """Open ``source`` (a path or the file's bytes) as an upright BGR image. ``least_side``: a
    JPEG is decoded at a half, a quarter or an eighth of its size, the smallest whose long side
    is still over ``least_side`` pixels (0: always whole)."""
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
    return _decode(data, label, least_side)


def _decode(data: bytes, label: str, least_side: int = 0) -> Photo:
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
            factor = max((f for f in _REDUCED if max(w, h) > f * least_side), default=1) if least_side > 0 else 1
            if factor == 1:
                return Photo(_decode_jpeg(data, label), label)
            image = _decode_jpeg(data, label, factor)
            if (image.shape[1] >= image.shape[0]) != (w >= h):
                w, h = h, w                     # turned a quarter round by its EXIF orientation
            return Photo(image, label, (w, h), data)
        try:
            img.load()
            img = ImageOps.exif_transpose(img)
            rgb = np.asarray(img.convert("RGB"))
        except (OSError, ValueError, SyntaxError) as err:
            reason = Text("the file is truncated") if "truncated" in str(err).lower() else \
                Text("the image is damaged ({why})", why=err)
            raise PhotoError(label, reason) from None
    return Photo(np.ascontiguousarray(rgb[:, :, ::-1]), label)


def _decode_jpeg(data: bytes, label: str, factor: int = 1) -> np.ndarray:
    """OpenCV decodes a 12 MP JPEG about twice as fast as Pillow (at a ``factor`` of its size,
    2, 4 or 8, faster still) and applies the EXIF orientation itself; it fills a cut-off file
    with grey instead of failing, so the end marker is checked first."""
    if not data.rstrip(b"\0").endswith(b"\xff\xd9"):
        raise PhotoError(label, Text("the file is truncated (the JPEG has no end)"))
    img = cv2.imdecode(np.frombuffer(data, np.uint8), _REDUCED.get(factor, cv2.IMREAD_COLOR))
    if img is None:
        raise PhotoError(label, Text("the image is damaged (the JPEG cannot be decoded)"))
    return img

"""Opening photos: formats, EXIF orientation, and a clear refusal for every bad file."""
import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from vision.reader.photo import MAX_PIXELS, PhotoError, load_photo


def _encoded(img: Image.Image, fmt: str, **kw) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format=fmt, **kw)
    return buf.getvalue()


def _two_colours(w=60, h=30) -> Image.Image:
    """Left half red, right half blue: orientation shows in where the colours end up."""
    a = np.zeros((h, w, 3), np.uint8)
    a[:, : w // 2] = (220, 20, 20)
    a[:, w // 2:] = (20, 20, 220)
    return Image.fromarray(a)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP", "HEIF"])
def test_formats_open_as_bgr(fmt):
    photo = load_photo(_encoded(_two_colours(), fmt), name=f"x.{fmt.lower()}")
    assert (photo.width, photo.height) == (60, 30)
    b, g, r = photo.image[15, 5].astype(int)
    assert r > 150 and b < 100                       # red on the left, in BGR order


def test_exif_orientation_is_applied():
    exif = Image.Exif()
    exif[0x0112] = 6                                 # the camera was turned: rotate 90 degrees clockwise
    photo = load_photo(_encoded(_two_colours(), "JPEG", exif=exif))
    assert (photo.width, photo.height) == (30, 60)
    top, bottom = photo.image[5, 15].astype(int), photo.image[55, 15].astype(int)
    assert top[2] > 150 and bottom[0] > 150          # red now on top, blue below


def test_a_path_opens_like_its_bytes(tmp_path):
    path = tmp_path / "p.png"
    path.write_bytes(_encoded(_two_colours(), "PNG"))
    assert np.array_equal(load_photo(path).image, load_photo(path.read_bytes()).image)


def _huge_png(w: int, h: int) -> bytes:
    """A valid PNG header claiming a huge size (only the header is ever read)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("data, reason", [
    (b"hello, this is a text file\n", "not an image"),
    (b"", "empty"),
    (_huge_png(10_000, 10_000), "megapixels"),
    (_huge_png(30_000, 30_000), "megapixels"),
])
def test_bad_files_are_refused_with_the_reason(data, reason):
    with pytest.raises(PhotoError, match=reason) as info:
        load_photo(data, name="upload.jpg")
    assert str(info.value).startswith("upload.jpg: ")


def test_a_truncated_jpeg_is_refused():
    data = _encoded(Image.fromarray(np.random.default_rng(0).integers(0, 255, (400, 400, 3), np.uint8)), "JPEG")
    with pytest.raises(PhotoError, match="truncated"):
        load_photo(data[: len(data) // 2])


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(PhotoError, match="cannot be opened"):
        load_photo(tmp_path / "nope.jpg")
    with pytest.raises(PhotoError, match="folder"):
        load_photo(tmp_path)


def test_limit_is_above_a_48_megapixel_phone_photo():
    assert 8064 * 6048 <= MAX_PIXELS < 100_000_000


def test_a_large_jpeg_is_decoded_smaller_when_asked_and_whole_on_demand():
    data = _encoded(_two_colours(2600, 1000), "JPEG", quality=95)
    whole = load_photo(data)
    assert not whole.shrunk and whole.image.shape[:2] == (1000, 2600) and whole.scale == (1, 1)
    photo = load_photo(data, least_side=1280)
    assert photo.shrunk and (photo.width, photo.height) == (2600, 1000)     # the photo's own size
    assert photo.image.shape[:2] == (500, 1300) and photo.scale == (2, 2)
    b, g, r = photo.image[250, 100].astype(int)
    assert r > 150 and b < 100
    assert np.array_equal(photo.whole().image, whole.image)
    # no smaller than least_side: a quarter would be 650 px long
    assert load_photo(data, least_side=600).image.shape[:2] == (250, 650)
    assert load_photo(data, least_side=700).image.shape[:2] == (500, 1300)
    assert not load_photo(data, least_side=1300).shrunk                     # half would not be over 1300


def test_a_turned_large_jpeg_decoded_smaller_keeps_its_upright_size():
    exif = Image.Exif()
    exif[0x0112] = 6
    photo = load_photo(_encoded(_two_colours(2600, 1000), "JPEG", exif=exif), least_side=1280)
    assert (photo.width, photo.height) == (1000, 2600)
    assert photo.image.shape[:2] == (1300, 500)
    top, bottom = photo.image[100, 250].astype(int), photo.image[1200, 250].astype(int)
    assert top[2] > 150 and bottom[0] > 150


def test_only_jpegs_are_decoded_smaller():
    photo = load_photo(_encoded(_two_colours(2600, 1000), "PNG"), least_side=1280)
    assert not photo.shrunk and photo.image.shape[:2] == (1000, 2600)

"""The card reader as the web layer sees it: ``problem()`` says why the photo step is off (the
trained models have not landed yet), ``read(photo)`` gives the reading as plain data.

The real reader (``vision.reader``) is built once, on first use; a test gives its own as the
app's ``READER`` setting.
"""
from __future__ import annotations

from typing import Optional

from flask import current_app

from .i18n import _

_KEY = "burraco_reader"


def _reader():
    """The reader, or the message that says why there is none."""
    given = current_app.config.get("READER")
    if given is not None:
        return given
    if _KEY not in current_app.extensions:
        try:
            from vision.reader.reader import CardReader, ModelsMissing
            try:
                current_app.extensions[_KEY] = CardReader()
            except ModelsMissing as err:
                current_app.logger.warning("photo step off: %s", err)
                current_app.extensions[_KEY] = _("The card reader is not installed yet (its trained models are "
                                                 "missing): enter the cards from the grid instead.")
        except ImportError as err:          # pragma: no cover - the dependencies are declared
            current_app.extensions[_KEY] = _("The card reader cannot start ({why}): enter the cards from the "
                                             "grid instead.", why=str(err))
    return current_app.extensions[_KEY]


def problem() -> Optional[str]:
    found = _reader()
    return found if isinstance(found, str) else None


def open_photo(data: bytes, name: str):
    """The uploaded file opened as a photo (``PhotoError`` when it cannot be): as the real reader
    opens it, a large JPEG decoded no larger than it needs."""
    from vision.reader.photo import load_photo
    from vision.reader.reader import CardReader
    reader = _reader()
    return reader.open(data, name) if isinstance(reader, CardReader) else load_photo(data, name)


def read(photo, kind: str = "melds") -> dict:
    """What the reader sees in a photo (``vision.reader.photo.Photo``) of a team's melds or of a
    hand: corners, cards, melds (for the real reader, grouped in table order), flags."""
    reader = _reader()
    reading = reader.read(photo)
    from vision.reader.reader import CardReader
    if isinstance(reader, CardReader):
        from vision.reader.table import read_table
        reading = read_table(reading, "hand" if kind == "hand" else "table")
    return reading.to_dict()

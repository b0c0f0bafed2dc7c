"""Photos of a team's melds or of the cards left in its hand: checked (kind, size, whether it
can be read at all), read by the card reader, kept with the draft and shown with their boxes."""
from __future__ import annotations

import copy
import io

from flask import Blueprint, Response, abort, jsonify, request
from PIL import Image
from sqlalchemy.orm.exc import StaleDataError

from vision.reader.photo import PhotoError

from . import drafts, reader, store
from .db import db
from .hands import draft_of, view_of
from .i18n import _, say
from .models import Photo
from .table_key import editor_required

bp = Blueprint("photos", __name__)

#: the long side of the copy kept for review
KEPT_SIDE = 1600


def photo_format(data: bytes):
    """JPEG, PNG, WebP or HEIC by the file's first bytes; None for anything else."""
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[4:8] == b"ftyp" and data[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"heim", b"heis", b"hevc"):
        return "heic"
    return None


def _refuse(message: str, status: int = 400):
    return jsonify(error=message), status


@bp.post("/drafts/<int:draft_id>/photos")
@editor_required
def upload(draft_id: int):
    draft = draft_of(draft_id)
    if store.saved_hand_of(draft) is not None:
        return _refuse(_("Hand {n} was already saved from another phone.", n=draft.number), 409)
    off = reader.problem()
    if off:
        return _refuse(off, 503)
    team, kind = request.form.get("team", type=int), request.form.get("kind")
    if team not in (0, 1) or kind not in ("melds", "hand"):
        return _refuse(_("Say whose photo it is and whether it shows melds or a hand."))
    upload = request.files.get("photo")
    data = upload.read() if upload else b""
    if not data:
        return _refuse(_("Choose a photo first."))
    if photo_format(data) is None:
        return _refuse(_("This file is not a photo: JPEG, PNG, WebP or HEIC expected."))
    try:
        photo = reader.open_photo(data, upload.filename or "photo")
    except PhotoError as err:
        return _refuse(_("This photo cannot be read: {why}.", why=say(err.reason)))
    reading = reader.read(photo, kind)
    row = Photo(draft_id=draft.id, team=team, kind=kind, data=_kept(photo), reading=reading)
    db.session.add(row)
    for _attempt in range(5):           # another phone's edit in between: apply the reading to it
        try:
            db.session.flush()
            draft.state = drafts.add_reading(copy.deepcopy(draft.state), team, kind, row.id, reading)
            db.session.commit()
            return jsonify(view_of(draft))
        except StaleDataError:
            db.session.rollback()
            draft = draft_of(draft_id)
            row = Photo(draft_id=draft.id, team=team, kind=kind, data=row.data, reading=reading)
            db.session.add(row)
    return _refuse(_("Too many phones are changing this hand at once: try again."), 409)


def _kept(photo) -> bytes:
    """The copy kept for review: upright, JPEG, at most ``KEPT_SIDE`` pixels on the long side."""
    img = Image.fromarray(photo.image[:, :, ::-1])
    img.thumbnail((KEPT_SIDE, KEPT_SIDE))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=85)
    return out.getvalue()


@bp.get("/photos/<int:photo_id>")
def image(photo_id: int):
    row = db.session.get(Photo, photo_id)
    if row is None:
        abort(404)
    return Response(row.data, mimetype="image/jpeg", headers={"Cache-Control": "private, max-age=86400"})

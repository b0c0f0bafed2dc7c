"""The table's key: the QR code carries it (a short PIN works too). A device that has shown it
may change the game; any other device can look but not change anything."""
from __future__ import annotations

import functools
import hmac
import json
import os
import secrets
import time
from pathlib import Path

from flask import Flask, abort, current_app, request, session

from .i18n import _

#: wrong PINs allowed from one address per minute
PIN_TRIES = 8


def load_or_create(folder: Path) -> tuple[str, str]:
    """The key and PIN kept in ``table.json`` in the data folder, made on the first start."""
    path = Path(folder) / "table.json"
    if path.exists():
        data = json.loads(path.read_text())
        return data["key"], data["pin"]
    key, pin = secrets.token_urlsafe(12), f"{secrets.randbelow(10**6):06d}"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"key": key, "pin": pin}))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return key, pin


def is_editor() -> bool:
    held = session.get("table_key")
    return isinstance(held, str) and hmac.compare_digest(held, current_app.config["TABLE_KEY"])


def grant() -> None:
    session["table_key"] = current_app.config["TABLE_KEY"]
    session.permanent = True


def try_key(key: str) -> bool:
    if key and hmac.compare_digest(key.encode(), current_app.config["TABLE_KEY"].encode()):
        grant()
        return True
    return False


_wrong_pins: dict[str, list[float]] = {}


def try_pin(pin: str) -> bool:
    """Whether the PIN is right; after ``PIN_TRIES`` wrong ones in a minute an address must wait."""
    now, who = time.monotonic(), request.remote_addr or "?"
    recent = [t for t in _wrong_pins.get(who, []) if now - t < 60]
    if len(recent) >= PIN_TRIES:
        abort(429, description=_("Too many wrong PINs: wait a minute and try again."))
    if pin and hmac.compare_digest(pin.strip().encode(), current_app.config["TABLE_PIN"].encode()):
        _wrong_pins.pop(who, None)
        grant()
        return True
    _wrong_pins[who] = recent + [now]
    return False


def editor_required(view):
    """Changing anything needs the table's key."""
    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        if not is_editor():
            abort(403, description=_("This device can look but not change anything: scan the table's "
                                     "QR code or enter its PIN."))
        return view(*args, **kwargs)
    return wrapped


def init_app(app: Flask) -> None:
    @app.context_processor
    def _editor():
        return {"is_editor": is_editor()}

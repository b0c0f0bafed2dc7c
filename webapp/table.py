"""The table: the home page, joining with the key or the PIN, the language switch, the QR code
for the phones and what makes the page installable to a home screen."""
from __future__ import annotations

from urllib.parse import urlsplit

import segno
from flask import (Blueprint, Response, current_app, flash, redirect, render_template, request, session,
                   url_for)

from . import table_key
from .i18n import LANGUAGES, _
from .store import current_evening

bp = Blueprint("table", __name__)


@bp.get("/")
def home():
    evening = current_evening()
    game = evening.games[-1] if evening and evening.games else None
    return render_template("home.html", evening=evening, game=game)


def join_url() -> str:
    """The address the QR code carries: this server as the phone reached it, with the key."""
    return url_for("table.join", key=current_app.config["TABLE_KEY"], _external=True)


@bp.get("/join")
def join():
    if table_key.try_key(request.args.get("key", "")):
        flash(_("This device can now score the game."), "ok")
    else:
        flash(_("This link does not carry the table's key: scan the QR code again or enter the PIN."), "error")
    return redirect(url_for("table.home"))


@bp.post("/pin")
def pin():
    if table_key.try_pin(request.form.get("pin", "")):
        flash(_("This device can now score the game."), "ok")
        return redirect(_back())
    flash(_("Wrong PIN: it is printed where the app was started."), "error")
    return redirect(url_for("table.home"))


@bp.get("/lang/<code>")
def lang(code: str):
    if code in LANGUAGES:
        session["lang"] = code
    return redirect(_back())


def _back() -> str:
    """Where the person was, when it is a page of this site."""
    target = request.referrer or ""
    parts = urlsplit(target)
    if parts.netloc and parts.netloc != request.host:
        return url_for("table.home")
    return parts.path + (f"?{parts.query}" if parts.query else "") if parts.path else url_for("table.home")


@bp.get("/qr.svg")
def qr():
    """The QR code to open the page on a phone: with the key for a device that holds it."""
    target = join_url() if table_key.is_editor() else url_for("table.home", _external=True)
    svg = segno.make(target, error="m").svg_inline(scale=5, border=2)
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.get("/manifest.webmanifest")
def manifest():
    data = {"name": _("Burraco scorer"), "short_name": "Burraco", "start_url": url_for("table.home"),
            "display": "standalone", "background_color": "#0f5132", "theme_color": "#0f5132",
            "lang": session.get("lang", "it"),
            "icons": [{"src": url_for("static", filename=f"icon-{s}.png"), "sizes": f"{s}x{s}",
                       "type": "image/png", "purpose": "any maskable"} for s in (192, 512)]}
    resp = current_app.json.response(data)
    resp.mimetype = "application/manifest+json"
    return resp

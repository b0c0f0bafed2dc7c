"""The evening: every game of the session, each player's and each pair's totals across them,
and the whole evening as CSV or JSON."""
from __future__ import annotations

import json

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for

from . import export, store
from .db import db
from .i18n import _
from .models import Evening
from .table_key import editor_required

bp = Blueprint("evening", __name__, url_prefix="/evenings")


def evening_of(evening_id: int) -> Evening:
    return db.get_or_404(Evening, evening_id)


@bp.get("/current")
def current():
    evening = store.current_evening()
    if evening is None:
        flash(_("No game has been played yet tonight."), "ok")
        return redirect(url_for("table.home"))
    return redirect(url_for("evening.show", evening_id=evening.id))


@bp.get("/<int:evening_id>")
def show(evening_id: int):
    evening = evening_of(evening_id)
    session = store.engine_session(evening)
    pairs = [(row, game) for row, game in zip(evening.games, session.games)]
    return render_template("evening.html", evening=evening, session=session, pairs=pairs)


@bp.post("/new")
@editor_required
def new():
    store.new_evening(request.form.get("name", ""))
    flash(_("A new evening has started."), "ok")
    return redirect(url_for("games.new"))


def _download(body: str, evening: Evening, ext: str, mimetype: str) -> Response:
    name = f"burraco-{evening.created_at:%Y-%m-%d}-{evening.id}.{ext}"
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/<int:evening_id>.json")
def as_json(evening_id: int):
    evening = evening_of(evening_id)
    body = json.dumps(export.as_json(store.engine_session(evening)), ensure_ascii=False, indent=1)
    return _download(body, evening, "json", "application/json")


@bp.get("/<int:evening_id>.csv")
def as_csv(evening_id: int):
    evening = evening_of(evening_id)
    return _download(export.as_csv(store.engine_session(evening)), evening, "csv", "text/csv; charset=utf-8")

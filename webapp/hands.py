"""Scoring a hand: the draft every phone shares (photos, cards picked from a grid, pozzetto,
who closed), its score updated at each change, and its confirmation, committed once."""
from __future__ import annotations

import re
from pathlib import Path

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for

from sqlalchemy.orm.exc import StaleDataError

from engine import RANKS, SUITS, BurracoError

from . import drafts, reader, store
from .db import db
from .games import game_row
from .i18n import _, said, say
from .models import Draft
from .table_key import editor_required

bp = Blueprint("hands", __name__)

#: the texts the page's script shows: every ``t("...")`` in it
SCRIPT_TEXTS = tuple(dict.fromkeys(re.findall(r'\bt\("([^"]+)"', (Path(__file__).parent / "static" / "hand.js")
                                              .read_text(encoding="utf-8"))))


def draft_of(draft_id: int) -> Draft:
    return db.get_or_404(Draft, draft_id)


@bp.post("/games/<int:game_id>/hand")
@editor_required
def open_hand(game_id: int):
    row = game_row(game_id)
    game = store.engine_game(row)
    if game.is_over:
        flash(_("The game is over: start a new game to play another hand."), "error")
        return redirect(url_for("games.show", game_id=game_id))
    draft = store.open_draft(row, drafts.blank(game))
    return redirect(url_for("hands.show", draft_id=draft.id))


@bp.get("/drafts/<int:draft_id>")
def show(draft_id: int):
    draft = draft_of(draft_id)
    if store.saved_hand_of(draft) is not None:
        flash(_("Hand {n} was already saved from another phone.", n=draft.number), "ok")
        return redirect(url_for("games.show", game_id=draft.game_id))
    game = store.engine_game(draft.game)
    return render_template("hand.html", draft=draft, game=game, teams=drafts.teams_of(game, draft.state),
                           view=view_of(draft), reader_problem=reader.problem(), ranks=RANKS, suits=SUITS,
                           texts={text: _(text) for text in SCRIPT_TEXTS})


def view_of(draft: Draft) -> dict:
    """What the page's script needs: the state, its version, the score, the photos."""
    game = store.engine_game(draft.game)
    state = dict(draft.state, flags=[_flag(f) for f in draft.state.get("flags", [])])
    return {"state": state, "version": draft.version, "score": _preview(game, draft.state),
            "teams": [name for name, _players in drafts.teams_of(game, draft.state)],
            "photos": [{"id": p.id, "team": p.team, "kind": p.kind, "url": url_for("photos.image", photo_id=p.id),
                        "reading": _said_reading(p.reading)} for p in draft.photos]}


def _said_reading(reading: dict) -> dict:
    """A photo's reading with its flags' messages in the page's language (the photo shows some)."""
    if not isinstance(reading, dict) or not isinstance(reading.get("flags"), list):
        return reading
    return dict(reading, flags=[_flag(f) for f in reading["flags"]])


def _flag(flag: dict) -> dict:
    """A reader's flag with its message in the page's language (the reader keeps its words as data)."""
    text = flag.get("text") if isinstance(flag, dict) else None
    return dict(flag, message=say(text) or flag.get("message")) if isinstance(text, dict) else flag


def _preview(game, state: dict) -> dict:
    try:
        return said(game.preview(drafts.to_hand(game, state)).to_dict())
    except BurracoError as err:
        return {"problem": say(err)}


@bp.get("/drafts/<int:draft_id>/state")
def state(draft_id: int):
    return jsonify(view_of(draft_of(draft_id)))


def _newer(draft: Draft):
    """The answer to a phone whose edit started from an older draft: the newer one."""
    return jsonify(view_of(draft) | {"error": _("Another phone changed this hand: here is its version.")}), 409


@bp.put("/drafts/<int:draft_id>/state")
@editor_required
def save_state(draft_id: int):
    """A phone's edit. It names the version it started from; when another phone has saved since,
    nothing is overwritten and the phone gets the newer draft."""
    draft = draft_of(draft_id)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        return jsonify(error=_("The change did not arrive whole: try again.")), 400
    if store.saved_hand_of(draft) is not None:
        return jsonify(error=_("Hand {n} was already saved from another phone.", n=draft.number),
                       saved=url_for("games.show", game_id=draft.game_id)), 409
    if data.get("version") != draft.version:
        return _newer(draft)
    game = store.engine_game(draft.game)
    try:
        new_state = drafts.clean(game, data.get("state"))
    except BurracoError as err:
        return jsonify(error=say(err)), 400
    draft.state = new_state
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        draft = draft_of(draft_id)
        return _newer(draft)
    return jsonify(view_of(draft))


@bp.post("/drafts/<int:draft_id>/confirm")
@editor_required
def confirm(draft_id: int):
    """Save the hand in the game: committed before the page says so, and once only."""
    draft = draft_of(draft_id)
    row = draft.game
    if store.saved_hand_of(draft) is not None:
        flash(_("Hand {n} was already saved from another phone.", n=draft.number), "ok")
        return redirect(url_for("games.show", game_id=row.id))
    game = store.engine_game(row)
    if draft.number != len(game.hands) + 1:
        flash(_("Hand {n} was already saved from another phone.", n=draft.number), "error")
        return redirect(url_for("games.show", game_id=row.id))
    if request.form.get("version", type=int) != draft.version:
        flash(_("Another phone changed this hand: look at it again before confirming."), "error")
        return redirect(url_for("hands.show", draft_id=draft.id))
    try:
        game.add_hand(drafts.to_hand(game, draft.state), force=request.form.get("force") == "on")
        store.save_hand(row, game.hands[-1], draft)
    except store.AlreadySaved as err:
        flash(_("Hand {n} was already saved from another phone.", n=err.number), "ok")
        return redirect(url_for("games.show", game_id=row.id))
    except BurracoError as err:
        flash(_("The hand was not saved: {why}", why=say(err)), "error")
        return redirect(url_for("hands.show", draft_id=draft.id))
    flash(_("Hand {n} saved.", n=draft.number), "ok")
    return redirect(url_for("games.show", game_id=row.id))

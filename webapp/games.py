"""Games: start one (players, teams, rules, end), follow its totals and hands, undo the last
hand, enter a hand from a paper score sheet."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from engine import PROFILES, BurracoError

from . import new_game_form, store
from .db import db
from .i18n import _
from .models import GameRow
from .table_key import editor_required

bp = Blueprint("games", __name__, url_prefix="/games")


def game_row(game_id: int) -> GameRow:
    return db.get_or_404(GameRow, game_id)


@bp.route("/new", methods=["GET", "POST"])
@editor_required
def new():
    form = request.form if request.method == "POST" else _same_players(request.args.get("after", type=int))
    error = None
    if request.method == "POST":
        try:
            game = new_game_form.read(request.form)
            evening = store.current_evening() or store.new_evening()
            row = store.add_game(evening, game)
            return redirect(url_for("games.show", game_id=row.id))
        except (new_game_form.FormError, BurracoError) as err:
            error = str(err)
    return render_template("new_game.html", form=form, error=error, profiles=PROFILES,
                           values=new_game_form.profile_values(), points=new_game_form.POINTS,
                           switches=new_game_form.SWITCHES), (400 if error else 200)


def _same_players(after: int | None) -> dict:
    """A new game's form filled in with the players and rules of game ``after``."""
    row = db.session.get(GameRow, after) if after else None
    if row is None:
        return {}
    form = {f"player{i + 1}": p for i, p in enumerate(row.players)}
    name = row.profile.get("name")
    if name in PROFILES:
        form["profile"] = name
    return form


@bp.get("/<int:game_id>")
def show(game_id: int):
    row = game_row(game_id)
    game = store.engine_game(row)
    return render_template("game.html", row=row, game=game)


@bp.post("/<int:game_id>/undo")
@editor_required
def undo(game_id: int):
    row = game_row(game_id)
    if request.form.get("number", type=int) != len(row.hands):
        flash(_("The game has changed meanwhile: nothing was undone. Look again before undoing."), "error")
        return redirect(url_for("games.show", game_id=game_id))
    try:
        last = store.undo_last_hand(row)
        flash(_("Hand {n} undone: it is open again to fix and confirm.", n=last.number), "ok")
    except BurracoError as err:
        flash(str(err), "error")
    return redirect(url_for("games.show", game_id=game_id))


@bp.route("/<int:game_id>/sheet", methods=["GET", "POST"])
@editor_required
def sheet(game_id: int):
    """A hand typed in as on a paper score sheet: each side's total."""
    row = game_row(game_id)
    game = store.engine_game(row)
    error = None
    if request.method == "POST":
        number = request.form.get("number", type=int)
        try:
            if number != len(game.hands) + 1:
                raise store.AlreadySaved(number)
            points = [_points(request.form.get(f"side{i}", "")) for i in range(len(game.sides))]
            record = game.add_totals(points)
            store.save_hand(row, record)
            flash(_("Hand {n} saved.", n=number), "ok")
            return redirect(url_for("games.show", game_id=game_id))
        except store.AlreadySaved as err:
            flash(_("Hand {n} was already saved from another phone.", n=err.number), "error")
            return redirect(url_for("games.show", game_id=game_id))
        except BurracoError as err:
            error = str(err)
    return render_template("sheet.html", row=row, game=game, error=error), (400 if error else 200)


def _points(text: str) -> int:
    try:
        return int(text.strip().replace(" ", ""))
    except ValueError:
        raise BurracoError(_("Write each side's points as a whole number, such as 340 or -120.")) from None

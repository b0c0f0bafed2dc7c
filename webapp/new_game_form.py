"""The new-game form: players, teams, a rule profile (its values shown, editable into a custom
one) and the end. ``read`` turns the submitted fields into an ``engine.Game`` or an error."""
from __future__ import annotations

from typing import Any, Mapping, Optional

from engine import PROFILES, EndCondition, Game, get_profile

from .i18n import _

#: the parameters the form shows, in its order; the others stay the profile's
POINTS = ("joker_value", "pinella_value", "ace_value", "high_value", "low_value", "burraco_pulito",
          "burraco_semipulito", "burraco_sporco", "closing_bonus", "pozzetto_penalty")
SWITCHES = ("groups_of_twos", "ace_both_ends", "late_pozzetto_is_penalised", "may_close_without_pozzetto")
#: 4 players: who sits with whom, by seat (1-4)
PARTNERS = {"13": ([0, 2], [1, 3]), "12": ([0, 1], [2, 3]), "14": ([0, 3], [1, 2])}
ENDS = ("default", "1005", "2005", "target", "hands", "single")


class FormError(ValueError):
    pass


def end_text(end: EndCondition) -> str:
    """How a game ends, in the page's language."""
    if end.kind == "target":
        return _("first to {n}", n=end.value)
    if end.kind == "hands":
        return _("{n} hands", n=end.value)
    return _("one hand")


def profile_values() -> dict[str, dict[str, Any]]:
    """Each published profile's shown values, for the page's script."""
    return {name: {k: getattr(p, k) for k in POINTS + SWITCHES} | {"end": end_text(p.end),
                                                                    "description": _(p.description)}
            for name, p in PROFILES.items()}


def read(form: Mapping[str, str]) -> Game:
    players = [form.get(f"player{i}", "").strip() for i in range(1, 5)]
    players = [p for p in players if p]
    if len(players) < 2:
        raise FormError(_("Write the names of 2, 3 or 4 players."))
    if any(len(p) > 40 for p in players):
        raise FormError(_("A player's name can be at most 40 characters long."))
    teams = None
    if len(players) == 4:
        seats = PARTNERS.get(form.get("partners", "13"), PARTNERS["13"])
        teams = [[players[i] for i in side] for side in seats]
    return Game.new(players, _profile(form), _end(form), teams)


def _profile(form: Mapping[str, str]):
    name = form.get("profile", "fibur")
    base = get_profile(name)
    if form.get("values_for") != base.name:     # the values shown were another profile's (no script)
        return base
    changes: dict[str, Any] = {}
    for key in POINTS:
        if key not in form:
            continue
        text = form[key].strip()
        value: Optional[int]
        if key == "burraco_semipulito" and text == "":
            value = None
        else:
            try:
                value = int(text)
            except ValueError:
                raise FormError(_("'{key}' must be a whole number, got {text}", key=_(key), text=repr(text[:20]))) from None
        if value != getattr(base, key):
            changes[key] = value
    for key in SWITCHES:
        value = form.get(key) == "on"
        if value != getattr(base, key):
            changes[key] = value
    if not changes:
        return base
    custom = (form.get("custom_name") or "").strip()[:40] or f"{base.name}+custom"
    return get_profile({"base": base.name, "name": custom, **changes})


def _end(form: Mapping[str, str]) -> Optional[EndCondition]:
    choice = form.get("end", "default")
    if choice not in ENDS:
        raise FormError(_("Choose how the game ends."))
    if choice == "default":
        return None
    if choice in ("1005", "2005"):
        return EndCondition("target", int(choice))
    if choice == "single":
        return EndCondition("single", 1)
    try:
        value = int(form.get("end_value", "").strip())
    except ValueError:
        raise FormError(_("Write the points to reach or the number of hands.")) from None
    return EndCondition(choice, value)

"""Measuring melds and scores against a synthetic photo's truth (read as plain JSON).

A photo cannot show every card dealt: a joker or court card printed without a corner index,
a card hidden under others or cut off by the frame shows no index, and no reader can name it.
So grouping is measured where the photo shows the cards, and the whole table is measured by
its silent errors. Per photo that shows melds (truth kind ``table`` or ``both``):

- ``melds shown whole``: truth melds every card of which shows at least one labelled corner.
- ``melds exact``: of those, the melds read exactly: the reading has a meld with exactly its
  cards in its order (either direction); melds are matched one to one.
- ``photos showing every card``: photos whose every meld card (and hand card) shows a corner.
- ``photo score exact``: of those, the photos whose fibur score (melds' points and burraco
  bonuses, and for ``both`` the hand's points) equals the truth's ``expected_score``.
- ``photo score exact (whole table)``: the same over every photo, cards that show no index
  included (so capped by them).
- ``silent errors``: photos whose score differs from ``expected_score`` and that carry no doubt
  (``check``) flag: a wrong score that looks right.
- ``photos with a doubt flag``: how often the player is asked to look.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Callable, Optional

from engine.scoring import score_json

from .oracle import perturb, truth_corners, truth_same_way_up
from .pair_readings import cards_read_together
from .reader import Reading
from .settings import PerturbSettings, ReaderSettings
from .table import read_table

MELD_KINDS = ("table", "both")
LINES = ("melds shown whole", "melds exact", "photos showing every card", "photo score exact",
         "photo score exact (whole table)", "silent errors", "photos with a doubt flag")


def _shows(card: dict) -> bool:
    return any(ix.get("box") for ix in card.get("indices", []))


def truth_melds(truth: dict) -> list[list[dict]]:
    """The truth's melds as lists of its card entries, in table order."""
    melds: dict[int, list[dict]] = defaultdict(list)
    for card in truth.get("cards", []):
        if card.get("role") == "meld":
            melds[card["meld"]].append(card)
    return [sorted(cards, key=lambda c: c["position"]) for _, cards in sorted(melds.items())]


def shows_everything(truth: dict) -> bool:
    """Whether every card of the team (melds, and the hand) shows a corner index in the photo."""
    return all(_shows(c) for c in truth.get("cards", []) if c.get("role") in ("meld", "hand"))


def score_key(melds: list[list[str]], hand: list[str], profile: str = "fibur") -> tuple[int, int, int]:
    """(meld points, burraco bonus, hand points) of one team under ``profile``."""
    team = score_json({"profile": profile, "teams": [{"name": "t", "melds": melds, "hand": hand,
                                                       "pozzetto": True, "closed": False}]})["teams"][0]
    return team["meld_points"], team["burraco_bonus"], team["hand_points"]


def read_names(reading: dict) -> tuple[list[list[str]], list[str]]:
    cards = [c["card"] for c in reading["cards"]]
    return [[cards[i] for i in m] for m in reading.get("melds", [])], [cards[i] for i in reading.get("hand", [])]


def unmatched(truth: list[list[str]], read: list[list[str]]) -> list[list[str]]:
    """The truth melds the reading has no meld for: each read meld matches one truth meld, with
    exactly its cards in its order (either direction)."""
    pool = [tuple(m) for m in read]
    missed = []
    for m in truth:
        key = next((k for k in (tuple(m), tuple(reversed(m))) if k in pool), None)
        if key is None:
            missed.append(m)
        else:
            pool.remove(key)
    return missed


def photo_measures(reading: dict, truth: dict) -> dict:
    """One meld photo's measures: its melds shown whole, those missed, whether it shows every
    card, whether its score is right, and whether it carries a doubt flag."""
    melds, hand = read_names(reading)
    whole = [[c["card"] for c in m] for m in truth_melds(truth) if all(_shows(c) for c in m)]
    got = score_key(melds, hand if truth["kind"] == "both" else [])
    exp = truth["expected_score"]
    return {"whole": whole, "missed": unmatched(whole, melds), "complete": shows_everything(truth),
            "right": got == (exp["meld_points"], exp["burraco_bonus"], exp["hand_points"]),
            "flagged": bool(doubts_of(reading))}


def tally_melds(report, reading: dict, truth: dict, band: Optional[str] = None) -> None:
    """Add one photo's meld measures to ``report`` (a ``Report`` of ``evaluate.py``), and those
    given per band of index sizes to ``band``'s (``evaluate.photo_band``; none without one)."""
    if truth.get("kind") not in MELD_KINDS:
        return
    for name in LINES:                          # the lines in this order, even before a photo adds to them
        report.tally(name)
    m = photo_measures(reading, truth)
    whole, right, flagged, complete = m["whole"], m["right"], m["flagged"], m["complete"]
    exact = len(whole) - len(m["missed"])
    report.tally("melds shown whole").add(len(whole), len(truth_melds(truth)))
    report.tally("melds exact").add(exact, len(whole))
    report.size_tally("melds exact", band).add(exact, len(whole))
    report.tally("photos showing every card").add(complete, 1)
    if complete:
        report.tally("photo score exact").add(right, 1)
        report.size_tally("photo score exact", band).add(right, 1)
    report.tally("photo score exact (whole table)").add(right, 1)
    report.tally("silent errors").add(not right and not flagged, 1)
    report.tally("photos with a doubt flag").add(flagged, 1)


def doubts_of(reading: dict) -> list[dict]:
    return [f for f in reading.get("flags", []) if f.get("level") == "check"]


def kind_of(truth: dict) -> str:
    """How the photo is read: as a team's melds, a hand, or both (the player says which)."""
    return truth.get("kind", "table") if truth.get("kind") in ("table", "hand", "both") else "table"


def oracle_reading(truth: dict, noise: Optional[PerturbSettings] = None,
                   settings: ReaderSettings = ReaderSettings()) -> Reading:
    """The reading of a perfect (or, with ``noise``, a perturbed) detector: the truth's corners
    through the same corners -> cards -> melds -> flags path as the card reader's."""
    corners, _ = truth_corners(truth)
    alike = truth_same_way_up(truth)
    if noise is not None:
        corners = perturb(corners, truth, noise)
        alike = None                     # extra corners have no truth to tell
    corners, cards = cards_read_together(corners, settings, alike)
    reading = Reading(int(truth.get("width", 0)), int(truth.get("height", 0)), corners, cards, same_way_up=alike)
    return read_table(reading, kind_of(truth), settings)


def oracle_reader(noise: Optional[PerturbSettings] = None,
                  settings: ReaderSettings = ReaderSettings()) -> Callable[[dict], dict]:
    return lambda truth: oracle_reading(truth, noise, settings).to_dict()


"""Scoring one hand (smazzata) for every team, with the checks across the hand.

Nothing is corrected silently: problems become ``errors`` (the hand as recorded cannot have
happened) or ``warnings`` (unusual, worth a look), and the total stays defined either way.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .card import Card
from .hand import Hand, TeamHand
from .meld import MeldReading, read_meld
from .profile import Profile
from .text import Text

#: two French decks with four jokers
COPIES_PER_CARD = 2
JOKERS_IN_PLAY = 4


def copies_in_play(card: Card) -> int:
    """How many of ``card`` two decks hold (jokers: all the jokers in play)."""
    return JOKERS_IN_PLAY if card.is_joker else COPIES_PER_CARD


@dataclass(frozen=True)
class TeamScore:
    name: str
    melds: tuple[MeldReading, ...]
    meld_points: int
    hand_points: int
    burraco_bonus: int
    closing_bonus: int
    pozzetto_penalty: int
    errors: tuple[Text, ...]                 # each a str: its English
    warnings: tuple[Text, ...]
    players: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return (self.meld_points + self.hand_points + self.burraco_bonus
                + self.closing_bonus + self.pozzetto_penalty)

    def to_dict(self) -> dict:
        data = {"name": self.name, "melds": [m.to_dict() for m in self.melds],
                "meld_points": self.meld_points, "hand_points": self.hand_points,
                "burraco_bonus": self.burraco_bonus, "closing_bonus": self.closing_bonus,
                "pozzetto_penalty": self.pozzetto_penalty, "total": self.total,
                "errors": list(self.errors), "warnings": list(self.warnings)}
        if self.players:
            data["players"] = list(self.players)
        return data


@dataclass(frozen=True)
class HandScore:
    profile: Profile
    teams: tuple[TeamScore, ...]
    errors: tuple[Text, ...]       # problems across the whole hand (also listed on the teams concerned)

    @property
    def ok(self) -> bool:
        return not self.errors and not any(t.errors for t in self.teams)

    def to_dict(self) -> dict:
        return {"profile": self.profile.name, "teams": [t.to_dict() for t in self.teams],
                "errors": list(self.errors)}


def score_hand(hand: Hand) -> HandScore:
    profile = hand.profile
    readings = [tuple(read_meld(m, profile) for m in team.melds) for team in hand.teams]
    errors: list[list[Text]] = [[] for _ in hand.teams]
    warnings: list[list[Text]] = [[] for _ in hand.teams]
    common: list[Text] = []

    for t, (team, melds) in enumerate(zip(hand.teams, readings)):
        _check_team(team, melds, profile, errors[t], warnings[t])

    closers = [t for t, team in enumerate(hand.teams) if team.closed]
    if len(closers) > 1:
        msg = Text("more than one team is marked as closing: {teams}", teams=[hand.teams[t].name for t in closers])
        common.append(msg)
        for t in closers:
            errors[t].append(msg)

    for msg, teams in _card_count_errors(hand):
        common.append(msg)
        for t in teams:
            errors[t].append(msg)

    scores = []
    for t, (team, melds) in enumerate(zip(hand.teams, readings)):
        taken = team.pozzetto is True or (team.pozzetto == "late" and not profile.late_pozzetto_is_penalised)
        scores.append(TeamScore(
            name=team.name, melds=melds,
            meld_points=sum(m.points for m in melds),
            hand_points=-sum(profile.card_value(c) for c in team.hand),
            burraco_bonus=sum(m.bonus for m in melds if m.valid),
            closing_bonus=profile.closing_bonus if team.closed else 0,
            pozzetto_penalty=0 if taken else -profile.pozzetto_penalty,
            errors=tuple(errors[t]), warnings=tuple(warnings[t]), players=team.players))
    return HandScore(profile, tuple(scores), tuple(common))


def _check_team(team: TeamHand, melds: tuple[MeldReading, ...], profile: Profile,
                errors: list[Text], warnings: list[Text]) -> None:
    for i, m in enumerate(melds):
        laid = Text("meld {n} ({cards})", n=i + 1, cards=" ".join(str(c) for c in m.cards))
        if not m.valid:
            errors.append(Text("{meld} is not valid: {reason}; its cards count at face value with no bonus",
                               meld=laid, reason=m.reason))
        elif m.note:
            warnings.append(Text("{meld}: {note}", meld=laid, note=m.note))
    group_ranks = Counter(_group_rank(m) for m in melds if m.valid and m.kind == "group")
    for rank, count in sorted(group_ranks.items()):
        if count > 1:
            errors.append(Text("{n} separate groups of {rank}s: a team may hold only one group of each rank",
                               n=count, rank=rank))
    if team.closed:
        if team.pozzetto is not True:
            if profile.may_close_without_pozzetto:
                warnings.append(Text("team {team!r} closed without having taken its pozzetto (allowed once no "
                                     "pozzetto is left; the penalty still applies)", team=team.name))
            else:
                errors.append(Text("team {team!r} closed without having taken its pozzetto", team=team.name))
        if not any(m.burraco for m in melds if m.valid):
            errors.append(Text("team {team!r} closed without a burraco", team=team.name))
        if len(team.players) == 1 and team.hand:
            errors.append(Text("{player!r} closed, so no card is left in their hand, but it lists {cards}",
                               player=team.players[0], cards=" ".join(str(c) for c in team.hand)))
    if team.pozzetto == "late" and team.closed:
        errors.append(Text("team {team!r} closed, so its pozzetto cannot have been taken late", team=team.name))


def _group_rank(m: MeldReading) -> str:
    for mc in m.cards:
        if not mc.card.can_be_wild:
            return mc.card.rank
    return "2"


def _card_count_errors(hand: Hand) -> list[tuple[Text, list[int]]]:
    where: dict[Card, set[int]] = {}
    counts: Counter = Counter()
    for t, team in enumerate(hand.teams):
        cards = [mc.card for m in team.melds for mc in m] + list(team.hand)
        for c in cards:
            counts[c] += 1
            where.setdefault(c, set()).add(t)
    out = []
    for card, n in sorted(counts.items(), key=lambda kv: str(kv[0])):
        limit = copies_in_play(card)
        if n > limit:
            if card.is_joker:
                text = Text("{n} jokers across the melds and hands, but only {limit} exist in two decks",
                            n=n, limit=limit)
            else:
                text = Text("{n} {card} cards across the melds and hands, but only {limit} exist in two decks",
                            n=n, card=card, limit=limit)
            out.append((text, sorted(where[card])))
    return out


def score_json(data: Any) -> dict:
    """The ``burraco score`` contract: a hand as JSON data in, the result as JSON data out."""
    return score_hand(Hand.from_dict(data)).to_dict()

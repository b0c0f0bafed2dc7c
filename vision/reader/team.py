"""Several photos of one team read together: a team's melds may need two photos, and where the
photos overlap a meld must not be counted twice.

A meld of a later photo is the same as one already taken when it reads the same cards in the
same order (either direction), or when one of the two is cut by its photo's edge and its
cards run, in order, inside the other: then the longer one is kept. Each photo's meld is
matched at most once, so a team that really holds two equal melds (two decks) keeps both when
one photo shows both. Every match is told in a ``note`` flag; a meld cut by the edge in every
photo that shows it keeps its ``check`` flag.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from engine.scoring import score_json
from engine.text import Text

from .flags import CHECK, NOTE, Flag

if TYPE_CHECKING:                       # the web app imports this without the reader's models
    from .reader import Reading



@dataclass
class TeamMeld:
    cards: list[str]
    photos: list[tuple[int, int]]          # (photo, meld in that photo) for each photo that shows it
    cut: bool                              # cut by the edge in every photo that shows it


@dataclass
class TeamReading:
    melds: list[TeamMeld] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    flags: list[dict] = field(default_factory=list)   # each flag with the photo it comes from ("photo")

    def score_input(self, name: str = "team", pozzetto=True, closed: bool = False,
                    profile: str = "fibur") -> dict:
        """The team as ``burraco score`` takes it."""
        return {"profile": profile, "teams": [{"name": name, "melds": [m.cards for m in self.melds],
                                               "hand": list(self.hand), "pozzetto": pozzetto, "closed": closed}]}

    def score(self, **kw) -> dict:
        return score_json(self.score_input(**kw))

    def to_dict(self) -> dict:
        return {"melds": [m.cards for m in self.melds],
                "photos": [[list(p) for p in m.photos] for m in self.melds],
                "hand": self.hand, "flags": self.flags}


def _runs_inside(short: list[str], long: list[str]) -> bool:
    n = len(short)
    return any(long[i:i + n] in (short, short[::-1]) for i in range(len(long) - n + 1))


def _cut_melds(reading: Reading) -> set[int]:
    return {f["meld"] for f in reading.flags if f.get("kind") == "cut_by_edge" and f.get("meld") is not None}


def _same(kept: TeamMeld, cards: list[str], cut: bool) -> Optional[str]:
    """How a photo's meld is one already kept: "same", "longer" (it completes the kept one),
    "shorter" (the kept one completes it), or None."""
    if cards in (kept.cards, kept.cards[::-1]):
        return "same"
    if kept.cut and len(cards) > len(kept.cards) and _runs_inside(kept.cards, cards):
        return "longer"
    if cut and len(cards) < len(kept.cards) and _runs_inside(cards, kept.cards):
        return "shorter"
    return None


def find_kept(kept: list[TeamMeld], cards: list[str], cut: bool, photo, taken: set[int]) -> Optional[tuple[int, str]]:
    """The meld already kept (its place in ``kept``, and how: see ``_same``) that ``cards``, a meld
    of ``photo``, is; never one of the same photo, nor one in ``taken`` (already matched by
    another meld of this photo: a team may hold two equal melds)."""
    return next(((k, how) for k, m in enumerate(kept)
                 if k not in taken and all(q != photo for q, _ in m.photos) and (how := _same(m, cards, cut))),
                None)


def seen_twice(cards: list[str], photos: Optional[list[int]] = None) -> Text:
    """The note on a meld counted once though more photos show it (``photos``: their numbers, from 1)."""
    if not photos:
        return Text("{cards} is in an earlier photo of this team too: counted once", cards=" ".join(cards))
    return Text("{cards} is in photo {seen} too: counted once", cards=" ".join(cards),
                seen=", ".join(str(n) for n in photos))


def same_hand(earlier: list[str], cards: list[str]) -> bool:
    """Whether a hand photo's ``cards`` are, but for a misreading or two, those an earlier photo
    of the team's hand showed: the same hand taken twice (a team's two players hold two hands,
    which seldom share most of their cards)."""
    new, old = Counter(cards), Counter(earlier)
    return len(cards) >= 3 and sum((new & old).values()) >= 0.8 * max(len(cards), len(earlier))


def hand_twice(cards: list[str]) -> Text:
    return Text("{cards}: the same cards as an earlier photo of this team's hand; the same hand taken twice? "
                "Both are counted: delete one", cards=" ".join(cards))


def combine(readings: list[Reading]) -> TeamReading:
    """One team's melds (and hand) from its photos, each meld once."""
    team = TeamReading()
    hands: list[list[str]] = []             # each photo's hand cards
    for p, reading in enumerate(readings):
        names = [c.card for c in reading.cards]
        cut = _cut_melds(reading)
        taken: set[int] = set()
        for flag in reading.flags:
            if flag.get("kind") != "cut_by_edge":
                team.flags.append(dict(flag, photo=p))
        for i, meld in enumerate(reading.melds):
            cards = [names[c] for c in meld]
            match = find_kept(team.melds, cards, i in cut, p, taken)
            if match is None:
                team.melds.append(TeamMeld(cards, [(p, i)], i in cut))
                taken.add(len(team.melds) - 1)
                continue
            k, how = match
            kept = team.melds[k]
            taken.add(k)
            if how == "same":
                kept.cut = kept.cut and i in cut
            elif how == "longer":
                kept.cards, kept.cut = cards, i in cut
            text = seen_twice(cards, [q + 1 for q, _ in kept.photos])
            kept.photos.append((p, i))
            team.flags.append(dict(Flag("seen_twice", tuple(meld), text, NOTE, i).to_dict(), photo=p))
        held = [names[c] for c in reading.hand]
        if any(same_hand(earlier, held) for earlier in hands):
            text = hand_twice(held)
            team.flags.append(dict(Flag("hand_twice", tuple(reading.hand), text).to_dict(), photo=p))
        if held:
            hands.append(held)
        team.hand += held
    for k, kept in enumerate(team.melds):
        if kept.cut:
            text = Text("{cards} reaches the edge of every photo that shows it: cards beyond it would not be "
                        "counted", cards=" ".join(kept.cards))
            team.flags.append(dict(Flag("cut_by_edge", (), text, CHECK, k).to_dict(), photo=kept.photos[0][0]))
    counts = Counter(c for m in team.melds for c in m.cards) + Counter(team.hand)
    for card, n in sorted(counts.items()):
        limit = 4 if card == "JK" else 2
        if n > limit:
            text = Text("{card} is counted {n} times across the photos, but two decks hold only {limit}: a meld "
                        "may be counted twice, or a card misread", card=card, n=n, limit=limit)
            team.flags.append(dict(Flag("too_many_copies", (), text).to_dict(), photo=None))
    return team

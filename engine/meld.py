"""Reading one meld as it lies on the table: sequence or group, its wild, its burraco class.

``read_meld(["3H", "4H", "JK", "6H"])`` returns a ``MeldReading``. Legality is checked in layers:
each card parses (``MeldCard.parse``), then readings are enumerated in the laid-out order (either
direction), then, if none fits that order, in any order (with a note), then the most favourable
reading for the team is kept. A meld with no reading gets a reason a player understands.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence, Union

from .card import RANKS, Card
from .errors import InvalidCardError
from .profile import Profile, get_profile
from .text import Text, either

BURRACO_LENGTH = 7
CLASSES = ("pulito", "semipulito", "sporco")


@dataclass(frozen=True)
class MeldCard:
    """A card as laid in a meld, optionally with a fixed role: ``"2C=5H"``, ``"JK=10S"``."""

    card: Card
    role: Optional[Card] = None

    @classmethod
    def parse(cls, text: Union[str, Card, "MeldCard"]) -> "MeldCard":
        if isinstance(text, MeldCard):
            return text
        if isinstance(text, Card):
            return cls(text)
        if not isinstance(text, str):
            raise InvalidCardError(text, "a card is written as a string such as '10H' or '2C=5H'")
        if "=" not in text:
            return cls(Card.parse(text))
        left, _, right = text.partition("=")
        card, role = Card.parse(left), Card.parse(right)
        if not card.can_be_wild:
            raise InvalidCardError(text, f"only a 2 or a joker can stand for another card, not {card}")
        if role.is_joker:
            raise InvalidCardError(text, "a wild cannot stand for a joker")
        return cls(card, role)

    def __str__(self) -> str:
        return str(self.card) if self.role is None else f"{self.card}={self.role}"


@dataclass(frozen=True)
class Wild:
    """The card acting as wild: its place in the meld as laid, and what it stands for
    (a card such as ``"10S"`` in a sequence, a rank such as ``"K"`` in a group)."""

    index: int
    card: Card
    stands_for: str

    def to_dict(self) -> dict:
        return {"index": self.index, "card": str(self.card), "as": self.stands_for}


@dataclass(frozen=True)
class MeldReading:
    cards: tuple[MeldCard, ...]
    valid: bool
    kind: Optional[str]              # "sequence", "group", or None when invalid
    wild: Optional[Wild]
    burraco: Optional[str]           # None, "pulito", "semipulito", "sporco"
    points: int                      # face value of the cards, counted also when invalid
    bonus: int                       # burraco bonus under the profile
    reason: Optional[Text]           # why the meld is invalid (a str: its English)
    note: Optional[Text] = None      # e.g. the cards were read out of their laid-out order

    def to_dict(self) -> dict:
        return {
            "cards": [str(c) for c in self.cards],
            "valid": self.valid,
            "kind": self.kind,
            "wild": self.wild.to_dict() if self.wild else None,
            "burraco": self.burraco,
            "points": self.points,
            "bonus": self.bonus,
            "reason": self.reason,
            "note": self.note,
        }


@dataclass(frozen=True)
class _Candidate:
    kind: str
    wild: Optional[Wild]
    burraco: Optional[str]


def _rank_at(position: int) -> str:
    return "A" if position in (1, 14) else RANKS[position - 1]


def _classify(n: int, wild: Optional[Wild], semipulito_shape: bool, profile: Profile) -> Optional[str]:
    if n < BURRACO_LENGTH:
        return None
    if wild is None:
        return "pulito"
    if semipulito_shape and profile.has_semipulito:
        return "semipulito"
    return "sporco"


def _sequence_in_order(cards: Sequence[MeldCard], profile: Profile) -> list[_Candidate]:
    """Readings as a sequence that respect the laid-out order, ascending or descending."""
    n = len(cards)
    suits = {mc.card.suit for mc in cards if not mc.card.can_be_wild}
    if len(suits) != 1 or n > profile.max_sequence:
        return []
    suit = suits.pop()
    found = []
    for step in (1, -1):
        starts = range(1, 15 - n + 1) if step == 1 else range(n, 15)
        for start in starts:
            positions = [start + step * i for i in range(n)]
            if 1 in positions and 14 in positions and not profile.ace_both_ends:
                continue
            wilds = []
            for i, (mc, pos) in enumerate(zip(cards, positions)):
                target = Card(_rank_at(pos), suit)
                card = mc.card
                if mc.role is not None and mc.role != target:
                    break
                if card.is_joker or (card.is_pinella and (card != target or (mc.role is not None and mc.role != card))):
                    wilds.append(Wild(i, card, str(target)))
                elif card.is_pinella and card == target:
                    continue            # a 2 in its own place is natural
                elif card.rank != target.rank:
                    break
            else:
                if len(wilds) > 1:
                    continue
                wild = wilds[0] if wilds else None
                at_end = wild is not None and wild.index in (0, n - 1)
                semi = at_end and n - 1 >= BURRACO_LENGTH
                found.append(_Candidate("sequence", wild, _classify(n, wild, semi, profile)))
    return found


def _sequence_any_order(cards: Sequence[MeldCard], profile: Profile) -> list[tuple[list[int], _Candidate]]:
    """Readings as a sequence when the cards were not laid in order: the cards are sorted into
    place (ace low or high, a same-suit 2 natural or not) and read in that order."""
    suits = {mc.card.suit for mc in cards if not mc.card.can_be_wild}
    if len(suits) != 1 or len(cards) > profile.max_sequence:
        return []
    suit = suits.pop()
    plain = [i for i, mc in enumerate(cards) if not mc.card.can_be_wild]
    own_twos = [i for i, mc in enumerate(cards) if mc.card == Card("2", suit) and mc.role in (None, mc.card)]
    results = []
    for ace_high in (False, True):
        for natural_two in [None] + own_twos:
            placed = {}
            for i in plain + ([natural_two] if natural_two is not None else []):
                rank = cards[i].card.rank
                pos = 14 if (rank == "A" and ace_high) else RANKS.index(rank) + 1
                if pos in placed:
                    break
                placed[pos] = i
            else:
                rest = [i for i in range(len(cards)) if i not in placed.values()]
                if len(rest) > 1 or not placed:
                    continue
                lo, hi = min(placed), max(placed)
                holes = [p for p in range(lo, hi + 1) if p not in placed]
                if len(holes) > len(rest):
                    continue
                slots = holes if holes else [p for p in (hi + 1, lo - 1) if 1 <= p <= 14]
                for slot in slots[:1] if holes else slots:
                    order_pos = dict(placed)
                    if rest:
                        order_pos[slot] = rest[0]
                    order = [order_pos[p] for p in sorted(order_pos)]
                    for cand in _sequence_in_order([cards[i] for i in order], profile):
                        if cand.wild is not None:
                            cand = _Candidate(cand.kind, Wild(order[cand.wild.index], cand.wild.card,
                                                              cand.wild.stands_for), cand.burraco)
                        results.append((order, cand))
    return results


def _group(cards: Sequence[MeldCard], profile: Profile) -> list[_Candidate]:
    n = len(cards)
    plain = [mc for mc in cards if not mc.card.can_be_wild]
    if plain:
        ranks = {mc.card.rank for mc in plain}
        if len(ranks) != 1:
            return []
        rank = ranks.pop()
        wild_idx = [i for i, mc in enumerate(cards) if mc.card.can_be_wild]
    else:
        if not profile.groups_of_twos:
            return []
        rank = "2"
        wild_idx = [i for i, mc in enumerate(cards) if mc.card.is_joker or (mc.role not in (None, mc.card))]
    if len(wild_idx) > 1:
        return []
    for i in wild_idx:
        if cards[i].role is not None and cards[i].role.rank != rank:
            return []
    wild = Wild(wild_idx[0], cards[wild_idx[0]].card, rank) if wild_idx else None
    return [_Candidate("group", wild, _classify(n, wild, n - 1 >= BURRACO_LENGTH, profile))]


def _favour(profile: Profile, cand: _Candidate) -> tuple:
    return (profile.burraco_bonus(cand.burraco), cand.wild is None)


def read_meld(cards: Iterable[Union[str, Card, MeldCard]], profile: Union[Profile, str, None] = None) -> MeldReading:
    """Read one meld; ``cards`` in the order they lie on the table (either direction)."""
    profile = get_profile(profile)
    meld = tuple(MeldCard.parse(c) for c in cards)
    points = sum(profile.card_value(mc.card) for mc in meld)

    def invalid(reason: Text) -> MeldReading:
        return MeldReading(meld, False, None, None, None, points, 0, reason)

    if len(meld) < 3:
        return invalid(Text("a meld needs at least 3 cards, this one has {n}", n=len(meld)))
    note = None
    candidates = _sequence_in_order(meld, profile) + _group(meld, profile)
    if not candidates:
        loose = _sequence_any_order(meld, profile)
        if loose:
            order, best = max(loose, key=lambda oc: _favour(profile, oc[1]))
            note = _resorted_note(meld, order, best)
            candidates = [best]
    if not candidates:
        return invalid(explain_invalid(meld, profile))
    best = max(candidates, key=lambda c: _favour(profile, c))
    return MeldReading(meld, True, best.kind, best.wild, best.burraco, points,
                       profile.burraco_bonus(best.burraco), None, note)


def _resorted_note(meld: Sequence[MeldCard], order: list[int], reading: _Candidate) -> Text:
    """What a meld laid out of order was read as: the order assumed, the wild's role, its class."""
    def shown(i: int) -> str:
        if reading.wild is not None and reading.wild.index == i and meld[i].role is None:
            return f"{meld[i].card}={reading.wild.stands_for}"
        return str(meld[i])
    cards = " ".join(shown(i) for i in order)
    if reading.burraco:
        return Text("cards not laid in sequence order; read as {cards}, a {burraco} burraco",
                    cards=cards, burraco=Text(reading.burraco))
    return Text("cards not laid in sequence order; read as {cards}", cards=cards)


def explain_invalid(meld: Sequence[MeldCard], profile: Profile) -> Text:
    """The reason, in a player's words, why a meld of 3 or more cards has no valid reading:
    the rule it breaks, with the cards that break it."""
    jokers = [mc for mc in meld if mc.card.is_joker]
    twos = [mc for mc in meld if mc.card.is_pinella]
    wilds = [mc for mc in meld if mc.card.can_be_wild]
    plain = [mc for mc in meld if not mc.card.can_be_wild]
    if not plain:
        if not twos:
            return Text("no natural card, only wild cards ({cards}): a meld needs natural cards, "
                        "and only one card may act as wild", cards=_names(jokers))
        if not jokers and not profile.groups_of_twos:
            return Text("groups of 2s are not allowed under the {profile} rules", profile=profile.name)
        if len(jokers) + (len(twos) if not profile.groups_of_twos else 0) > 1:
            return _two_wilds(wilds)
        return Text("a meld needs natural cards besides its wild")
    ranks = {mc.card.rank for mc in plain}
    suits = {mc.card.suit for mc in plain}
    if len(ranks) == 1 and len(plain) > 1:
        rank = next(iter(ranks))
        if len(wilds) > 1:
            return Text("two wild cards ({cards}) in one group: only one card may act as wild", cards=_names(wilds))
        for mc in wilds:
            if mc.role is not None and mc.role.rank != rank:
                return Text("{wild} stands for {role}, which does not belong in a group of {rank}s",
                            wild=mc, role=mc.role, rank=rank)
        return Text("these cards do not form a group of {rank}s", rank=rank)
    if len(suits) > 1:
        by_suit = {}
        for mc in plain:
            by_suit.setdefault(mc.card.suit, mc)
        a, b = list(by_suit.values())[:2]
        return Text("mixed suits: {a} and {b} cannot be in one sequence, "
                    "and cards of different ranks cannot form a group", a=a, b=b)
    suit = next(iter(suits))
    aces = [mc for mc in plain if mc.card.rank == "A"]
    if len(aces) == 2 and not profile.ace_both_ends and read_meld(meld, profile.replace(ace_both_ends=True)).valid:
        return Text("{ace} at both ends: under the {profile} rules the ace goes below the 2 "
                    "or above the K, not both (a sequence holds at most 13 cards)",
                    ace=aces[0].card, profile=profile.name)
    seen = {}
    for mc in plain:
        if mc.card.rank in seen:
            return Text("{card} appears twice: a sequence holds each card once", card=mc.card)
        seen[mc.card.rank] = mc
    if len(meld) > profile.max_sequence:
        return Text("a sequence can hold at most {most} cards, this one has {n}", most=profile.max_sequence,
                    n=len(meld))
    if "A" in seen and "K" in seen and ({"3", "4"} & set(seen) or any(mc.card.suit == suit for mc in twos)):
        return Text("a sequence does not go round the corner: {k}, {a} and {two} cannot follow each other",
                    k=f"K{suit}", a=f"A{suit}", two=f"2{suit}")
    for mc in meld:
        if mc.role is not None and mc.role.suit != suit:
            return Text("{wild} stands for {role}, which is not of this sequence's suit", wild=mc, role=mc.role)
    return _explain_sequence(meld, suit)


def _explain_sequence(meld: Sequence[MeldCard], suit: str) -> Text:
    """Why single-suited cards, each rank once, make no sequence: too many wild cards, a gap
    that no wild fills, or a wild fixed to a card that does not fit. The cards are placed the
    way that needs the fewest wild cards (ace low or high, a 2 of the suit in its own place or not;
    in its own place on a tie, as a valid meld is read)."""
    own_two = next((i for i, mc in enumerate(meld) if mc.card == Card("2", suit) and mc.role in (None, mc.card)), None)
    best = None
    for ace_high in (False, True):
        for natural in (None, own_two) if own_two is not None else (None,):
            placed = sorted((14 if (mc.card.rank == "A" and ace_high) else mc.card.order, i)
                            for i, mc in enumerate(meld) if not mc.card.can_be_wild or i == natural)
            holes = [p for p in range(placed[0][0], placed[-1][0] + 1) if p not in {q for q, _ in placed}]
            wilds = [meld[i] for i, mc in enumerate(meld) if mc.card.can_be_wild and i != natural]
            key = (max(len(holes), len(wilds)), natural is None, len(holes))
            if best is None or key < best[0]:
                best = (key, placed, holes, wilds)
    _, placed, holes, wilds = best
    if len(wilds) > 1:
        return _two_wilds(wilds)
    missing = [Card(_rank_at(p), suit) for p in holes]
    gaps = [(meld[i], meld[j]) for (p, i), (q, j) in zip(placed, placed[1:]) if q - p > 1]
    between = [either([a.card, b.card], "and") for a, b in gaps]
    if len(holes) > 1:
        if len(gaps) > 1:
            return Text("gaps between {between}: filling them needs {n} wild cards ({cards}), "
                        "and a meld may hold only one", between=between, n=len(holes), cards=_names(missing))
        return Text("gap between {between}: filling it needs {n} wild cards ({cards}), and a meld may hold only one",
                    between=between, n=len(holes), cards=_names(missing))
    if holes and not wilds:
        return Text("gap between {between} ({card}) with no wild card to fill it", between=between, card=missing[0])
    wild = wilds[0] if wilds else None
    if wild is not None and wild.role is not None:
        if holes:
            return Text("{wild} stands for {role}, which does not fill the gap between {between} ({card})",
                        wild=wild, role=wild.role, between=between, card=missing[0])
        lo, hi = placed[0][0], placed[-1][0]
        ends = [str(Card(_rank_at(p), suit)) for p in (lo - 1, hi + 1) if 1 <= p <= 14]
        return Text("{wild} stands for {role}, which does not fit next to {first}…{last}: it could stand for {ends}",
                    wild=wild, role=wild.role, first=meld[placed[0][1]].card, last=meld[placed[-1][1]].card,
                    ends=either(ends, "or"))
    return Text("these cards form neither a sequence nor a group")


def _two_wilds(wilds: Sequence) -> Text:
    return Text("two wild cards ({cards}): only one card may act as wild", cards=_names(wilds))


def _names(cards: Sequence) -> str:
    """Cards for a message: "JK, 2C", or counted when there are many: "JK ×98, 2C ×2"."""
    if len(cards) <= 6:
        return ", ".join(str(c) for c in cards)
    counts: dict[str, int] = {}
    for c in cards:
        counts[str(c)] = counts.get(str(c), 0) + 1
    return ", ".join(f"{c} ×{n}" for c, n in counts.items())

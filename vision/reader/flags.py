"""Flags: every doubt about a table photo's reading, made visible. A wrong score that looks
right is the worst thing the scorer can do, so each doubt gets a flag with a kind, the cards
concerned and a message a player understands.

``check`` flags cast doubt on the score (look at these cards before you accept it); ``note``
flags say something worth knowing that does not touch it (cards lying apart from the melds,
such as the discard pile).

Kinds: ``low_confidence`` (a card read with little certainty), ``invalid_meld`` (the engine's
reason, with a repair suggestion when one change makes it valid), ``merged_corners`` (two
corners taken for one card, or corners of one card read differently; a hand card of three
corners where no other card shows more than two, or of two printed alike where none shows a
third), ``too_many_copies``
(more copies of a card than two decks hold), ``cut_by_edge`` (a meld that may go on past the
photo's edge), ``stray_card`` (a card that belongs to no meld), ``ambiguous_order`` (a meld whose
order could not be read for sure), ``missing_card`` (a card that seems to lie unread in a meld),
``no_melds`` (a photo of melds in which none was read: a score of 0 must not look right),
``small_indices`` (the cards' corner indices small in the photo: read less surely; take it closer),
``score_doubt`` (a card read with some doubt whose next reading would score its valid meld, or the
hand, otherwise), ``twin_melds`` (two melds of the same cards side by side: a four-index deck's two
rows of corners counted as two melds?), ``one_card_or_two`` (two cards of a hand with one reading
lying as one card's corners might), ``unread_corner`` (a corner found but not read: a card may be
missing from the count), and for ``both`` photos ``hand_apart`` (hand cards joined
to the rest by one wide gap; two cards of a small hand lying uncovered) and ``hand_off_lines``
(cards against the hand's rows or fan but off them, set aside or counted; a line like a meld
taken for a row of the hand; rows of the hand running different ways).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Iterable, Optional

import numpy as np

from engine.card import Card
from engine.meld import read_meld
from engine.profile import get_profile
from engine.scoring import copies_in_play
from engine.text import Text, either

from .cards import ReadCard, beyond_gap, card_gaps, paired_like_one_card
from .corners import Corners
from .index_ways import turned_round
from .melds import Meld
from .repair import suggest
from .settings import ReaderSettings

CHECK, NOTE = "check", "note"


@dataclass(frozen=True)
class Flag:
    kind: str
    cards: tuple[int, ...]                 # indices into the reading's cards
    message: Text                          # a str: its English
    level: str = CHECK
    meld: Optional[int] = None             # the meld concerned (its place in the reading's melds)
    suggestion: Optional[dict] = None
    boxes: tuple[tuple[float, float, float, float], ...] = ()   # places in the photo (pixels) with no card

    def to_dict(self) -> dict:
        data = {"kind": self.kind, "level": self.level, "cards": list(self.cards), "meld": self.meld,
                "message": str(self.message), "text": self.message.to_dict()}
        if self.suggestion is not None:
            data["suggestion"] = self.suggestion
        if self.boxes:
            data["boxes"] = [[round(float(v), 1) for v in b] for b in self.boxes]
        return data


@dataclass
class TableFacts:
    """What the flags are computed from: one photo's corners, cards, melds and hand."""
    corners: Corners
    cards: list[ReadCard]
    melds: list[Meld]
    hand: list[int]
    width: int
    height: int
    profile: str = "fibur"
    settings: ReaderSettings = field(default_factory=ReaderSettings)
    rows: list[list[int]] = field(default_factory=list)   # cards in a row like a meld's, read as none
    kind: str = "table"                                    # table, hand, or both (melds and a hand)
    aside: list[int] = field(default_factory=list)         # both: cards against the hand, off its rows (not counted)
    off_fan: list[int] = field(default_factory=list)       # both: hand cards off its fan (counted)
    across: list[list[int]] = field(default_factory=list)  # both: lines like melds, across them, taken for the hand
    unread: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.float32))   # found, not read (boxes)
    same_way_up: Optional[Callable[[int, int], bool]] = None   # two corners printed the same way up, when told
    crossing: list[int] = field(default_factory=list)      # both: hand cards in straight rows running different ways
    along: list[list[int]] = field(default_factory=list)   # both: lines like melds along them, no meld by one card

    def names(self, meld: Meld) -> list[str]:
        return [self.cards[c].card for c in meld.cards]

    def shown(self, cards: Iterable[int]) -> str:
        """The cards' readings, as a message lists them."""
        return " ".join(self.cards[c].card for c in cards)

    def alternatives(self, card: int) -> list[tuple[str, float]]:
        """Every other reading of the card's corners, most likely first."""
        best: dict[str, float] = {}
        for k in self.cards[card].corners:
            for name, p in [(self.corners.names[k], float(self.corners.confidence[k]))] + self.corners.alternatives(k):
                best[name] = max(best.get(name, 0.0), p)
        return sorted(best.items(), key=lambda kv: -kv[1])

    @property
    def unit(self) -> float:
        return float(np.median(self.corners.sizes)) if len(self.corners) else 1.0


def _meld_text(i: int, names: list[str]) -> Text:
    return Text("meld {n} ({cards})", n=i + 1, cards=" ".join(names))


def small_indices(f: TableFacts) -> list[Flag]:
    """A photo whose cards' corner indices are small (their median box under ``small_flag``
    pixels, the longer side): the reader reads a quarter of such indices wrong, however sure it
    seems (the model card's measures by index size), so the whole reading is in doubt and a photo
    taken closer reads surely."""
    if not len(f.corners) or f.unit >= f.settings.small_flag:
        return []                         # (with no corner, ``unit`` is a stand-in, not a size)
    return [Flag("small_indices", (), Text("the cards are small in this photo (their corner indices about {px} "
                                           "pixels): take it closer for a surer reading", px=round(f.unit)))]


def _least_sure(f: TableFacts, c: int) -> float:
    """The certainty under which card ``c``'s reading is flagged (``low_confidence``): higher for
    a joker, which the reader names right less often at a given certainty than other cards (a
    pip or court detail read as one) and which counts most."""
    return f.settings.joker_confidence if f.cards[c].card == "JK" else f.settings.low_confidence


def low_confidence(f: TableFacts) -> list[Flag]:
    out = []
    for c, card in enumerate(f.cards):
        if card.confidence < _least_sure(f, c):
            others = [f"{n} ({100 * p:.0f}%)" for n, p in f.alternatives(c) if n != card.card][:2]
            pct = round(100 * card.confidence)
            if others:
                text = Text("{card} read with {pct}% certainty; it may be {others}: check it", card=card.card,
                            pct=pct, others=either(others, "or"))
            else:
                text = Text("{card} read with {pct}% certainty: check it", card=card.card, pct=pct)
            out.append(Flag("low_confidence", (c,), text))
    return out


def _next_reading(f: TableFacts, c: int) -> Optional[tuple[str, float]]:
    """Card ``c``'s next reading and its probability, when the card is read with some doubt (not
    sure, nor so unsure that ``low_confidence`` flags it already) and that reading is likely
    enough to matter."""
    card = f.cards[c]
    if not _least_sure(f, c) <= card.confidence < f.settings.doubt_below:
        return None
    other = next(((n, p) for n, p in f.alternatives(c) if n != card.card and n != "none"), None)
    return other if other is not None and other[1] >= f.settings.doubt_other else None


def score_doubts(f: TableFacts) -> list[Flag]:
    """A card of a valid meld read with some doubt whose next reading would keep the meld valid but
    score it otherwise (a 2 of the run's own suit read as another suit makes a clean burraco
    dirty; an ace read as a king): a wrong score that would look right, unless flagged."""
    out = []
    for i, m in enumerate(f.melds):
        names = f.names(m)
        now = read_meld(names, f.profile)
        if not now.valid:
            continue                             # invalid_melds says it, with its suggestion
        for k, c in enumerate(m.cards):
            other = _next_reading(f, c)
            if other is None:
                continue
            then = read_meld(names[:k] + [other[0]] + names[k + 1:], f.profile)
            if then.valid and then.points + then.bonus != now.points + now.bonus:
                out.append(Flag("score_doubt", (c,), Text(
                    "{card} in {meld} read with {pct}% certainty; as {other} ({other_pct}%) the meld would score "
                    "{then} instead of {now}: check it", card=names[k], meld=_meld_text(i, names),
                    pct=round(100 * f.cards[c].confidence), other=other[0], other_pct=round(100 * other[1]),
                    then=then.points + then.bonus, now=now.points + now.bonus), meld=i))
    return out


def hand_doubts(f: TableFacts) -> list[Flag]:
    """A card of the hand read with some doubt whose next reading counts otherwise (a 6 read as an
    8: 5 points against 10)."""
    out = []
    profile = get_profile(f.profile)
    for c in f.hand:
        card = f.cards[c]
        other = _next_reading(f, c)
        if other is None:
            continue
        now, then = profile.card_value(Card.parse(card.card)), profile.card_value(Card.parse(other[0]))
        if now != then:
            out.append(Flag("score_doubt", (c,), Text(
                "{card} in the hand read with {pct}% certainty; as {other} ({other_pct}%) it would count {then} "
                "instead of {now}: check it", card=card.card, pct=round(100 * card.confidence), other=other[0],
                other_pct=round(100 * other[1]), then=then, now=now)))
    return out


def invalid_melds(f: TableFacts) -> list[Flag]:
    out = []
    for i, m in enumerate(f.melds):
        names = f.names(m)
        reading = read_meld(names, f.profile)
        hint = suggest(i, names, [f.alternatives(c) for c in m.cards], list(m.missing), f.profile)
        if not reading.valid:
            if hint is not None:
                msg = Text("{meld} is not valid: {reason}. Suggestion: {why}", meld=_meld_text(i, names),
                           reason=reading.reason, why=hint.why)
            else:
                msg = Text("{meld} is not valid: {reason}", meld=_meld_text(i, names), reason=reading.reason)
            out.append(Flag("invalid_meld", m.cards, msg, meld=i, suggestion=hint.to_dict() if hint else None))
        elif m.missing:
            if hint is not None:
                msg = Text("{meld}: a card seems to lie unread in it; {why}", meld=_meld_text(i, names), why=hint.why)
            else:
                msg = Text("{meld}: a card seems to lie unread in it", meld=_meld_text(i, names))
            out.append(Flag("missing_card", m.cards, msg, meld=i, suggestion=hint.to_dict() if hint else None))
        if reading.note:
            out.append(Flag("ambiguous_order", m.cards, Text("{meld}: its order is in doubt ({why})",
                                                             meld=_meld_text(i, names), why=reading.note), meld=i))
    return out


def too_many_copies(f: TableFacts) -> list[Flag]:
    counts = Counter(card.card for card in f.cards)
    out = []
    for name, n in sorted(counts.items()):
        limit = copies_in_play(Card.parse(name))
        if n > limit:
            cards = tuple(c for c, card in enumerate(f.cards) if card.card == name)
            out.append(Flag("too_many_copies", cards, Text(
                "{card} is seen {n} times, but two decks hold only {limit}: one of them is misread, or one card "
                "was counted twice", card=name, n=n, limit=limit)))
    return out


def twin_melds(f: TableFacts) -> list[Flag]:
    """Two melds reading the same cards in the same order, side by side, each card a step of the
    same size and direction from its twin: a deck printing four corner indices shows each card's
    two top corners, so one meld's two rows of corners may have been read as two melds (two
    equal melds of two decks lie so too, but seldom)."""
    out = []
    P = f.corners.centres
    for i, a in enumerate(f.melds):
        for j in range(i + 1, len(f.melds)):
            b = f.melds[j]
            pairs = _twins(f.names(a), f.names(b))
            if pairs is None:
                continue
            # each card to its twin, corner to corner (a card's far corner may show too): the step
            # nearest the pairs' median one
            options = [np.array([P[q] - P[p] for p in f.cards[a.cards[x]].corners for q in f.cards[b.cards[y]].corners])
                       for x, y in pairs]
            middle = np.median(np.array([o[0] for o in options]), axis=0)
            steps = np.array([o[np.argmin(np.linalg.norm(o - middle, axis=1))] for o in options])
            if np.linalg.norm(middle) > f.settings.same_card_max * f.unit:
                continue
            if np.linalg.norm(steps - middle, axis=1).max() > f.settings.face_tolerance * f.unit:
                continue
            out.append(Flag("twin_melds", tuple(b.cards), Text(
                "{meld} reads the same cards as {other}, lying beside it: one meld's two rows of corners (a deck "
                "with four corner indices) counted twice?", meld=_meld_text(j, f.names(b)),
                other=_meld_text(i, f.names(a))), meld=j))
    return out


def _twins(names_a: list[str], names_b: list[str]) -> Optional[list[tuple[int, int]]]:
    """How two melds' cards pair up when they read the same cards in the same order (either
    way round), the one perhaps short of a card at an end (a corner of the other row unseen):
    (place in a, place in b) per pair, or None."""
    if min(len(names_a), len(names_b)) < 3 or abs(len(names_a) - len(names_b)) > 1:
        return None
    for flip in (False, True):
        b = names_b[::-1] if flip else names_b
        long, short = (names_a, b) if len(names_a) >= len(b) else (b, names_a)
        for shift in range(len(long) - len(short) + 1):
            if long[shift:shift + len(short)] == short:
                pairs = [(shift + k, k) if long is names_a else (k, shift + k) for k in range(len(short))]
                return [(x, len(b) - 1 - y) for x, y in pairs] if flip else pairs
    return None


def merged_corners(f: TableFacts) -> list[Flag]:
    """A card whose corners were read differently by the classifier lies next to it as a card
    of its own with the other reading; a card made of corners that lie farther apart than the
    photo's cards are long may be two cards."""
    out = []
    P, S = f.corners.centres, f.corners.sizes
    for c, card in enumerate(f.cards):
        if len(card.corners) < 2:
            continue
        span = max(float(np.linalg.norm(P[a] - P[b])) / ((S[a] + S[b]) / 2)
                   for a in card.corners for b in card.corners)
        if span > 0.8 * f.settings.same_card_max:
            out.append(Flag("merged_corners", (c,), Text(
                "{card}: corners {span} index sizes apart were taken for one card; they may be two cards",
                card=card.card, span=f"{span:.1f}"), level=CHECK))
    return out


def hand_merged_corners(f: TableFacts) -> list[Flag]:
    """Hand cards merged where the photo shows no sign of a deck printing four indices. A card of
    the hand made of three corners where no other card of the photo shows more than two: such a
    deck would show its cards' third corners elsewhere too, while a card's two corners and a
    copy's corner beside them make three as well (two cards counted as one). And where no card
    shows more than two, a hand card of two corners printed the same way up: a deck printing two
    indices prints a card's second one turned round, so they are likelier two copies side by
    side, stepping as the photo's cards do."""
    many = [c for c, card in enumerate(f.cards) if len(card.corners) >= 3]
    if len(many) == 1 and many[0] in f.hand and len(f.cards[many[0]].corners) == 3:
        c = many[0]
        return [Flag("merged_corners", (c,), Text(
            "{card}: three corners were taken for one card, and no other card shows more than two: it may be two "
            "cards", card=f.cards[c].card))]
    if many or f.same_way_up is None:
        return []
    return [Flag("merged_corners", (c,), Text(
        "{card}: two corners printed the same way up were taken for one card, and no card shows a third: they may "
        "be two cards", card=f.cards[c].card))
        for c in f.hand if len(f.cards[c].corners) == 2 and f.same_way_up(*f.cards[c].corners)]


def one_card_or_two(f: TableFacts) -> list[Flag]:
    """Two cards of the hand with one reading whose corners lie as one card's might (a card's
    size apart, alike in size or one partly covered, nothing between): counted as two cards,
    they may be one card's two corners (the photo's other cards did not step alike, the two are
    printed the same way up, which a misread turn also gives, or one box is the smaller)."""
    if max(Counter(f.cards[c].card for c in f.hand).values(), default=0) < 2:
        return []                                 # no reading held twice (a table photo holds no hand)
    card_of = {k: c for c in f.hand for k in f.cards[c].corners}
    out, seen = [], set()
    for i, j in paired_like_one_card(f.corners, f.settings):
        a, b = card_of.get(i), card_of.get(j)
        if a is None or b is None or a == b or (min(a, b), max(a, b)) in seen:
            continue
        seen.add((min(a, b), max(a, b)))
        out.append(Flag("one_card_or_two", (min(a, b), max(a, b)), Text(
            "two {card} counted in the hand lie as the two corners of one card would: one card or two? "
            "Check them", card=f.cards[a].card)))
    return out


def cut_by_edge(f: TableFacts) -> list[Flag]:
    out = []
    P = f.corners.centres
    margin = f.settings.edge_margin * f.unit
    for i, m in enumerate(f.melds):
        step = np.array(m.step)
        ends = [P[m.anchors[0]] - step]
        if not m.oriented:
            ends.append(P[m.anchors[-1]] + step)
        outside = [e for e in ends if e[0] < margin or e[1] < margin or e[0] > f.width - margin
                   or e[1] > f.height - margin]
        if outside:
            out.append(Flag("cut_by_edge", m.cards, Text(
                "{meld} reaches the edge of the photo: cards beyond it would not be counted; take the photo again "
                "with the whole meld", meld=_meld_text(i, f.names(m))), meld=i))
    return out


def unread_top_card(f: TableFacts) -> list[Flag]:
    """The last card laid shows its whole face, so one end of a meld shows a far corner; where
    neither end does (and the meld is not cut by the edge), a card without a readable corner
    (a joker or court card printed without an index, a card under something) may lie on top."""
    out = []
    for i, m in enumerate(f.melds):
        if not m.oriented:
            out.append(Flag("missing_card", m.cards, Text(
                "{meld}: neither end shows a whole card, so the last card laid may not have been read (a card "
                "without a corner index?)", meld=_meld_text(i, f.names(m))), meld=i))
    return out


def stray_cards(f: TableFacts) -> list[Flag]:
    """Cards in no meld (and not in the hand): a doubt when they lie in line with a meld (a card
    that did not join it) or two together at a meld's spacing, a note otherwise (the discard pile)."""
    placed = {c for m in f.melds for c in m.cards} | set(f.hand) | set(f.aside)
    loose = [c for c in range(len(f.cards)) if c not in placed]
    if not loose:
        return []
    P = f.corners.centres
    unit = f.unit
    near: set[int] = set()
    for m in f.melds:
        step = np.array(m.step)
        length = max(float(np.linalg.norm(step)), 1e-9)
        axis = step / length
        normal = np.array([-axis[1], axis[0]])
        start = P[m.anchors[0]]
        extent = float((P[m.anchors[-1]] - start) @ axis)
        for c in loose:
            for k in f.cards[c].corners:
                along = float((P[k] - start) @ axis)
                if abs(float((P[k] - start) @ normal)) < 0.8 * unit and -3 * length < along < extent + 3 * length:
                    near.add(c)
    on_melds = [k for m in f.melds for c in m.cards for k in f.cards[c].corners]
    for c in loose:                                  # among the melds: maybe the last card of a meld unread
        if on_melds and min(float(np.linalg.norm(P[k] - P[q])) for k in f.cards[c].corners
                            for q in on_melds) < f.settings.stray_near * unit:
            near.add(c)
    steps = [float(np.linalg.norm(m.step)) for m in f.melds] or [1.5 * unit]
    typical = float(np.median(steps))
    for a in loose:
        for b in loose:
            if a < b and any(np.linalg.norm(P[x] - P[y]) < 2.2 * typical
                             for x in f.cards[a].corners for y in f.cards[b].corners):
                near |= {a, b}
    out = []
    near |= {c for row in f.rows for c in row if c in loose}
    if (not f.melds and not f.hand) or f.kind == "both":
        near = set(loose)                          # no meld read among them, or maybe the hand's
    doubt = sorted(near)
    rest = [c for c in loose if c not in near]
    shown = f.shown(doubt)
    if doubt and f.kind == "both":
        out.append(Flag("stray_card", tuple(doubt), Text(
            "in no meld and not in the hand (not counted): {cards}: are they part of the hand?", cards=shown)))
    elif doubt:
        out.append(Flag("stray_card", tuple(doubt), Text(
            "in no meld, though lying by the melds: {cards} (a card a meld missed, or a misread one?)", cards=shown)))
    if rest:
        out.append(Flag("stray_card", tuple(rest), Text("in no meld, lying apart (not counted): {cards}",
                                                         cards=f.shown(rest)), level=NOTE))
    return out


def jokers_apart(f: TableFacts) -> list[Flag]:
    """``--as hand``: cards read as a joker lying more than ``joker_apart`` index sizes from every
    other card. A hand's cards lie together, and a joker's index is a figure or a word: the
    likeliest reading of a mark on the table or of printed text beside the cards, and it counts
    30 points. Counted as read, and a doubt."""
    jokers = [c for c, card in enumerate(f.cards) if card.card == "JK"]
    if f.kind != "hand" or not jokers or len(f.cards) < 2:
        return []
    gaps = card_gaps(f.corners.centres, f.cards, list(range(len(f.cards))))
    np.fill_diagonal(gaps, np.inf)
    apart = [c for c in jokers if gaps[c].min() > f.settings.joker_apart * f.unit]
    if not apart:
        return []
    return [Flag("stray_card", tuple(apart), Text(
        "lying apart from the rest of the hand: {cards}: a mark on the table read as a joker? It is counted: "
        "delete it if it is no card", cards=f.shown(apart)))]


def hand_apart(f: TableFacts) -> list[Flag]:
    """``--as both``: cards of the hand joined to the rest by one gap far wider than the hand's
    own (the discard pile beside the hand, say): they are counted, but may not be the hand's."""
    part = beyond_gap(f.corners, f.cards, f.hand, f.settings, few=True) if f.kind == "both" else set()
    if not part:
        return []
    cards = tuple(sorted(part))
    shown = f.shown(cards)
    return [Flag("hand_apart", cards, Text("{cards}: lying apart from the rest of the hand, counted in it: "
                                           "are they the hand's (or the discard pile's)?", cards=shown))]


def hand_uncovered(f: TableFacts) -> list[Flag]:
    """``--as both``: a hand of a few cards (``small_hand``) of which more than one shows its whole
    face (two of its corners printed turned round against each other): a hand laid as a fan or a
    row leaves only its last card uncovered, so one of them may be the discard pile's, counted in
    the hand."""
    turned = turned_round(f.same_way_up)
    if f.kind != "both" or turned is None or not 2 <= len(f.hand) <= f.settings.small_hand:
        return []
    whole = [c for c in f.hand if any(turned(i, j) for i, j in combinations(f.cards[c].corners, 2))]
    if len(whole) < 2:
        return []
    return [Flag("hand_apart", tuple(whole), Text(
        "{cards}: each lies uncovered, as only the last card of a hand does: is one of them the discard pile's?",
        cards=f.shown(whole)))]


def hand_off_lines(f: TableFacts) -> list[Flag]:
    """``--as both``: the doubts of telling the hand apart (``table.split_hand``): cards lying
    against a hand laid in rows or a fan, but off them and beside them, set aside (the discard
    pile?) and not counted; lines that read as melds but were taken for rows of the hand, for
    lying across the melds, or along them but no meld even with one card read otherwise; cards
    off a fan kept for lying within its span, counted. The player says."""
    if f.kind != "both":
        return []
    out = []
    if f.aside:
        shown = f.shown(f.aside)
        out.append(Flag("hand_off_lines", tuple(f.aside), Text(
            "{cards}: lying against the hand but off its rows, not counted: are they the hand's (or the discard "
            "pile's)?", cards=shown)))
    for line in f.across:
        shown = f.shown(line)
        out.append(Flag("hand_off_lines", tuple(line), Text(
            "{cards}: read as a row of the hand, lying across the melds: is it a meld?", cards=shown)))
    for line in f.along:
        shown = f.shown(line)
        out.append(Flag("hand_off_lines", tuple(line), Text(
            "{cards}: read as a row of the hand, no meld even with one card read otherwise: is it a meld?",
            cards=shown)))
    if f.off_fan:
        shown = f.shown(f.off_fan)
        out.append(Flag("hand_off_lines", tuple(f.off_fan), Text(
            "{cards}: lying off the hand's rows or fan, counted in it: are they the hand's (or the discard pile's)?",
            cards=shown)))
    if f.crossing:
        shown = f.shown(f.crossing)
        out.append(Flag("hand_off_lines", tuple(f.crossing), Text(
            "{cards}: rows of the hand running different ways, all counted: are they all the hand's (or some the "
            "discard pile's)?", cards=shown)))
    return out


def unread_corners(f: TableFacts) -> list[Flag]:
    """Corners the detector found surely but no reading was sure enough to keep: each may be a card
    left out of the count (of a meld, or of the hand), which no other doubt would show."""
    if not len(f.unread):
        return []
    return [Flag("unread_corner", (), unread_corner_text(len(f.unread)),
                 boxes=tuple(tuple(float(v) for v in b) for b in f.unread))]


def unread_corner_text(n: int) -> Text:
    if n == 1:
        return Text("a card's corner was seen but could not be read: a card may be missing from the count; check "
                    "the photo")
    return Text("{n} card corners were seen but could not be read: cards may be missing from the count; check the "
                "photo", n=n)


def no_melds(f: TableFacts) -> list[Flag]:
    if f.melds:
        return []
    if f.cards:
        text = Text("no meld read in this photo ({n} cards seen): check the photo, or add the melds by hand",
                    n=len(f.cards))
    else:
        text = Text("no meld read in this photo (no card seen): check the photo, or add the melds by hand")
    return [Flag("no_melds", tuple(range(len(f.cards))), text)]


def table_flags(f: TableFacts) -> list[Flag]:
    """Every flag of a table photo, doubts first."""
    cut = cut_by_edge(f)
    edge = {fl.meld for fl in cut}
    flags = (no_melds(f) + small_indices(f) + invalid_melds(f) + too_many_copies(f) + low_confidence(f) + score_doubts(f)
             + hand_doubts(f) + one_card_or_two(f) + hand_merged_corners(f) + twin_melds(f) + merged_corners(f) + cut
             + [fl for fl in unread_top_card(f) if fl.meld not in edge] + unread_corners(f) + stray_cards(f)
             + hand_apart(f) + hand_uncovered(f) + hand_off_lines(f))
    return sorted(flags, key=lambda fl: fl.level != CHECK)

"""Every setting of the card reader at run time, in one place."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class ReaderSettings:
    # detector: the photo at its own size (the detector learnt indices at native scale), larger
    # photos shrunk to ``first_side``; looked at again, larger, when the indices came out small
    first_side: int = 1280             # long side of the first look, in pixels
    target_index: float = 26.0         # index size (longer side, px) the detector sees best
    small_index: float = 20.0          # below this median size the photo is looked at again, larger
    max_side: int = 2560               # the closer look never goes beyond this long side
    # a JPEG over twice ``first_side`` is decoded smaller (photo.py), and read so when its indices
    # there are this long (px) at least and need no closer look; else it is decoded whole
    shrunk_index: float = 32.0
    zoom: float = 1.5                  # a small photo is looked at this much larger too (1: never)
    zoom_side: int = 1920              # when that look's long side stays within this
    turned_look: bool = True           # a photo is looked at once more, turned half round, the finds united,
    turned_side: int = 1280            # when its long side is no more than this (a larger one would cost too much)
    detect_conf: float = 0.05          # low: the classifier's "not an index" throws out false alarms
    nms_iou: float = 0.5
    # classifier
    crop_pad: float = 0.3              # context around a found box (the training crops carry 0.3 x 0.9-1.3)
    read_turns: int = 4                # a crop read with doubt is read at this many quarter turns, averaged
    turn_below: float = 0.95           # doubt: the first view's best reading is below this probability
    same_reading_iou: float = 0.3      # of two boxes read as one card overlapping more, the less sure goes
    none_margin: float = 0.0           # a corner is dropped when "not an index" wins by more than this
    min_score: float = 0.15            # a corner is dropped when detector score x reading probability is below
    unread_score: float = 0.2          # a corner so dropped though found this surely (not "not an index"): flagged
    tiny_joker: float = 0.4            # a box read as a joker shorter than this share of the photo's usual index
    tiny_others: int = 3               # (the median of the other kept boxes, this many at least) is no index
    second_score: float = 0.02         # a box not kept is read again where a meld expects a card (a gap, one step
    second_near: float = 0.5           # beyond an end), within this many index sizes: kept when detector score x
                                       # reading reaches second_score (second_look.py)
    top_k: int = 3
    # corners -> cards
    pair_readings: bool = True         # a card's two corners read differently are read together (pair_readings.py)
    pair_floor: float = 0.01           # ... a reading one corner does not give counts as this likely
    pair_margin: float = 0.2           # ... as the surer one's reading, when surer by this much (probability)
    same_card_min: float = 1.6         # two corners of one card lie this many index sizes apart, at least,
    same_card_max: float = 9.0         # and at most (a card's diagonal, over every deck measured)
    turned_card_min: float = 1.0       # ... or this many, printed surely turned round against each other (a card's
                                       # two corners; a deck printing rank and suit side by side, its indices wide,
                                       # or jumbo indices nearly filling a small card)
    same_way_max: float = 3.0          # two corners printed the same way up lie no farther apart on one card,
                                       # unless they step as other pairs of the photo do (melds.py)
    pair_size: float = 0.5             # their sizes differ by at most this share of their mean (a box shows
                                       # the visible part of an index)
    pair_min: float = 0.9              # ... or this close, when other pairs step the same way (see cards.py)
    pair_support: int = 3              # that many other pairs
    pair_size_supported: float = 0.8   # sizes differing by up to this share, when other pairs step alike (covered)
    pair_tolerance: float = 0.15       # the same way: within this share of the step's length
    pair_slack: float = 0.3            # plus this many index sizes
    corner_square: float = 0.15        # three corners of one card: one of their angles within about 9 degrees
    corner_sides: float = 2.0          # of square, its sides at most this ratio apart (a card's)
    card_height: float = 1.25          # ... a side this many times the other is the card's height (its corners
                                       # printed turned round against each other, never alike)
    slant_skew: float = 0.3            # four: a parallelogram whose diagonals differ by at most this share,
    slant_sizes: float = 1.3           # its indices alike in size (at most this ratio apart), when over 12%
    same_way_margin: float = 0.1       # a lone pair whose crops match this much better as they lie
                                       # than turned round is two cards (index_turn.py)
    rung_square: float = 0.35          # ... unless another pair steps as it does, beside it as a ladder's rungs (their
                                       # midpoints' offset within this cosine of square to the step): four-index cards
                                       # one over the other, each showing the two corners of one end (cards.py)
    row_on: float = 0.4                # a pair printed alike whose step runs on at both ends to another such
                                       # corner, within this many index sizes, is two copies in a row (cards.py)
    turned_margin: float = 0.3         # two crops matching this much better turned round are printed turned round:
                                       # never two neighbouring cards of a meld (index_ways.py)
    turned_px: float = 25.0            # ... when both boxes are this long at least (a smaller index's crop tells no turn)
    line_pair_support: int = 6         # a pair with this much support is one card: never two cards of a meld's line
    step_slack: float = 0.1            # unless more meld steps step as it does (pair_tolerance plus this many
                                       # index sizes) and it is printed the same way up: copies one after the other
    # cards -> melds (lengths in index sizes: the photo's own scale, whatever the deck)
    whole_narrow: float = 0.7          # four corners this much narrower than the photo's whole cards,
    whole_long: float = 0.15           # ... as long within this share: two copies side by side
    whole_shapes: int = 3              # ... told where the photo shows this many four-corner candidates
    whole_aspect: float = 2.5          # a card's four corners lie in its proportions: sides at most this many times apart
    row_far_corner: bool = True        # a row's end corner and another row's, one card's by merge_corners, turned round: one card
    twin_min: float = 0.8              # a four-index deck's two band corners lie this far apart, at least
    twin_fit: float = 0.6              # ... each where the other line's offset puts it, within this many index sizes
    twin_joker_fit: float = 1.5        # ... or this many for a joker (its index sits elsewhere on some decks)
    twin_along: float = 0.6            # ... nearer across than a card's width when offset along its line by at most
                                       # this share of the offset across (and reading every card alike)
    band_along: float = 1.0            # ... as far across as a card's width: offset along the line by at most this share
                                       # of the offset across (a twin meld further along the line is no band)
    band_like: float = 0.25            # ... or lying as the photo's other second bands lie, within this share of their offset
    band_missing: int = 2              # a second band reading its every card alike may miss this many of the first's (one else)
    own_far: float = 1.7               # one reading twice in a row, the step this much longer than the others: one card
    twin_cost: float = 1.0             # an invalid line loses this much per two same readings in a row
    out_of_order_cost: float = 0.5     # a valid line the rules read only sorted loses this much
    end_to_end_cost: float = 0.5       # an invalid line that cuts into valid melds but not at one cut loses this
                                       # much more per card (melds laid end to end: split_joined cuts two apart)
    wander_cards: int = 5              # an invalid line of this many cards or more, not one card off a meld
    wander_cost: float = 0.1           # and missing a card, loses this much more per card (a wander across melds)
    step_min: float = 0.25             # two cards of one meld lie at least this far apart (index to index)
    step_max: float = 3.0              # and at most this far
    joker_step_max: float = 4.0        # two jokers, this far (a joker's word index needs a wider band)
    step_size_ratio: float = 3.0       # their indices differ in size by at most this factor
    alike_index_ratio: float = 1.3     # an invalid line's step judged against the melds whose indices differ in size
                                       # by less, where they step farther than the photo's usual step
    step_turn: float = 30.0            # consecutive steps of a meld turn by at most this many degrees
    step_ratio: float = 1.9            # and their lengths differ by at most this factor
    centre_noise: float = 0.3          # or by this many index sizes (a box shows the visible part of an index)
    natural_bend: float = 1.8          # three cards making a meld without a wild may bend this much (1: the limit above),
                                       # or ended by a joker stepping no farther than the other card
    spoil_fit: float = 0.9             # a card making a valid meld invalid joins only if its fit (0.75 added) stays below
    stray_step: float = 1.5            # an invalid line stepping this many times the photo's usual step is no meld
    covered_along: float = 1.3         # an invalid meld of three whose middle card shows a corner this far along
                                       # the line (index sizes) from its own is no meld: the next card would cover it
    stray_bend: float = 0.9            # three cards making no valid meld, bent more than this (see bend) or over a gap, are no meld
    along_turn: float = 8.0            # ... unless they run within this many degrees of a valid meld,
    along_joker_turn: float = 20.0     # ... (a valid three with a joker, its index aside: this many degrees)
    along_near: int = 2                # one of this many valid melds nearest to them,
    along_steps: tuple[float, float] = (0.7, 1.4)   # stepping as they do (this share of the usual step)
    loose_threes: bool = True          # three cards in no line, lying as a short meld's do among the melds (bent up
                                       # to natural_bend), no fourth running on, are a meld (melds.py, loose_threes)
    adopt_steps: tuple[float, float] = (0.6, 1.5)   # a card in no meld lying this many steps beyond a meld's end,
    adopt_offset: float = 0.7          # within this many index sizes of its line, keeping it valid, is its next card
    adopt_joker_offset: float = 1.7    # ... or of a joker's, whatever its index's size (some decks print it aside)
    halfway_along: float = 0.2         # halfway between two cards: within this share of their step either way
    halfway_joker_along: float = 0.3   # ... a joker's (its index a word along the card's edge: its centre lies off)
    adopt_far: float = 2.0             # ... or this many steps, the next card of a run in order or a group (natural)
    adopt_near: float = 0.3            # ... or this few, a natural card showing its whole face (laid last), in order
    adopt_faces: bool = True           # ... or a card showing one corner where that card's far corner would lie
    adopt_corner_sizes: float = 1.5    # ... or, its index this many times larger or smaller than the end card's (two
                                       # decks), measured between one corner of each box (each index begins at its card's)
    adopt_step_sizes: float = 1.25     # beyond an end, a step measured in the two cards' index sizes when they are this
                                       # many times larger or smaller than the meld's (a deck's band holds its index)
    lend_wilds: bool = True            # a meld's end wild that it reads in order without, making a meld of three with
                                       # two cards in no meld, lying as a meld's three do: theirs (Grouper.lend_wilds)
    gap_step: float = 1.7              # a step this many times a meld's usual one: a card unread there (flagged)
    near_fit: float = 1.0              # a nearer corner fitting a line this well is taken before a farther one
    gap_fit: float = 1.5               # a card two steps on (one missing between) must fit the line this well
    gap_cost: float = 3.0              # a meld's seed over a missing card comes after every plain one
    face_tolerance: float = 1.0        # the last cards' far corners lie this close (index sizes) to their common place
    face_share: float = 0.34           # a second such place (a second design) needs this share of the first's ends
    face_places: int = 3               # that many places at most (two designs, a four-index card's three far corners),
                                       # the best two telling a last card, all a card's width
    band_tolerance: float = 0.5        # a card next to a line's end showing a corner at the end's offset, this close
                                       # (index sizes): that offset is a four-index band, no face (learn_faces)
    line_window: int = 5               # the line of a meld is fitted to its last this many cards
    line_offset: float = 0.45          # a meld's next corner lies within this many index sizes of its line
    joker_slack: float = 1.6           # a joker's index may lie this much farther off its meld's line
    joker_step: float = 2.3            # and this many steps on from the card before, as one step (not a card
    joker_step_off: float = 0.5        # missing), when within this share of its reach off the line
    fan_step: float = 3.0              # a line whose last steps each turn one way by more (degrees) is a fan
    edge_margin: float = 1.0           # a meld whose next card would lie this close to the edge (index sizes) is cut
    stray_near: float = 3.0            # a card in no meld this close to a meld's card (index sizes) is a doubt
    low_confidence: float = 0.5        # a card read with less than this is flagged
    joker_confidence: float = 0.7      # a joker, with less than this: read right less often at the same
                                       # certainty (hand photos, 50-70%: 13 of 39 jokers, 584 of 744 other cards)
    small_flag: float = 20.0           # a photo whose corners' median box is shorter (px, longer side) is flagged:
                                       # under 20 px a quarter of the indices are read wrong (models/README.md)
    doubt_below: float = 0.9           # a card (of a valid meld, or the hand) read with less, whose next
    doubt_other: float = 0.1           # reading (at least this likely) scores it otherwise, is flagged
    fan_turn: float = 12.0             # --as both: a line whose halves turn more (degrees) is the hand's fan
    hand_apart: float = 2.5            # --as both: hand cards joined by a gap this many times the hand's usual are a doubt
    pile_gap: float = 1.0              # ... and over this many index sizes (a fan held tight: its usual gap is small)
    small_apart: float = 3.0           # a hand of 2-3 cards: one gap over this many index sizes is a doubt too
    small_hand: int = 5                # ... and of up to this many, flagged (a discard pile beside a short hand)
    parallel_turn: float = 20.0        # --as both: two melds whose lines differ by less (degrees) lie side by side
    across_invalid: float = 0.5        # an invalid line parallel to fewer than this share of the valid melds is the hand's
    across_valid: float = 0.3          # ... a valid line too, parallel to fewer than this share, within hand_gap of a loose card
    off_lines: float = 2.5             # --as both: a card off the hand's rows, this far from them and
    row_slack: float = 0.6             # beyond their ends by more than this share of their step, is set aside
    pile_cards: int = 3                # --as both: this many cards under a spread hand's rows, on none, are a pile
    row_spread: float = 0.5            # ... unless they spread along the rows this share of a step per card: a row
    pile_apart: bool = True            # --as both: a pile beyond the hand's widest gap, off its lines, is set aside
    hand_gap: float = 6.0              # --as both: the hand's cards lie within this many index sizes of another
    joker_apart: float = 6.0           # --as hand: a joker this many index sizes from every other card: a doubt
    pile_most: int = 5                 # --as both: a group of this few loose cards, some turned round, is no hand
    facing_min: float = 0.8            # --as both: a card's far corner this many index sizes along and across tells its length
    facing_agree: float = 0.6          # ... and the melds' cards so telling agree this well on the way the players sit
    rows_turn: float = 20.0            # --as both: two straight rows of the hand this far apart (degrees) are a doubt
    pile_turned: int = 3               # --as both: a hand's card turned round against this many of its cards,
    pile_alike: int = 2                # ... and printed the same way up as no more than this many, is the pile's

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class PerturbSettings:
    """How ``burraco eval --perturb`` spoils oracle corners, as a detector errs (fixed seed)."""
    drop: float = 0.03                 # share of true corners dropped
    extra: float = 0.03                # extra corners, as a share of the true ones
    misread: float = 0.02              # share of true corners whose first reading is wrong
    true_p: tuple[float, float] = (0.6, 1.0)       # first-reading probability of a right reading
    misread_p: tuple[float, float] = (0.35, 0.95)  # ... of a misreading
    extra_p: tuple[float, float] = (0.3, 0.95)     # ... of an extra corner
    seed: int = 7

    def to_dict(self) -> dict:
        return asdict(self)

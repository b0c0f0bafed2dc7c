"""A team's photos read together: overlapping photos count a meld once; ``burraco read-team``."""
from __future__ import annotations

import json

import numpy as np

from constructed import U, W, Table
from vision.reader import team_cli
from vision.reader.cards import merge_corners
from vision.reader.reader import Reading
from vision.reader.table import read_table
from vision.reader.team import combine

A = ["3H", "4H", "5H", "6H"]
B = ["KS", "KD", "KC"]
C = ["7C", "8C", "9C", "10C", "JC"]


def _photo(melds: list[tuple[list[str], float]], width: float = 1400, height: float = 900) -> Reading:
    """A photo of melds laid as columns, each at its x (pixels) in the photo."""
    t = Table()
    for names, x in melds:
        t.meld(names, (x, 100))
    corners = t.corners()
    return read_table(Reading(int(width), int(height), corners, merge_corners(corners)))


def test_two_overlapping_photos_count_the_shared_meld_once():
    left = _photo([(A, 100), (B, 100 + 1.3 * W)])
    right = _photo([(B, 100), (C, 100 + 1.3 * W)])          # B again: the photos overlap
    team = combine([left, right])
    assert [m.cards for m in team.melds] == [A, B, C]
    assert team.melds[1].photos == [(0, 1), (1, 0)]
    assert any(f["kind"] == "seen_twice" and f["level"] == "note" for f in team.flags)
    assert team.score()["teams"][0]["meld_points"] == 20 + 30 + 45    # 3H..6H, KS KD KC, 7C 8C 9C 10C JC


def test_a_meld_cut_by_one_photos_edge_is_completed_by_the_other():
    cut = _photo([(C[2:], 100), (A, 100 + 1.3 * W)])
    # the first photo starts C at its top edge: move C's cards up out of the frame
    t = Table().meld(C, (100, -2 * 1.4 * U + 10)).meld(A, (100 + 1.3 * W, 100))
    corners = t.corners()
    keep = np.flatnonzero(corners.boxes[:, 1] >= 0)
    corners = corners[keep]
    cut = read_table(Reading(1400, 900, corners, merge_corners(corners)))
    assert any(f["kind"] == "cut_by_edge" for f in cut.flags)
    whole = _photo([(C, 100)])
    team = combine([cut, whole])
    assert sorted(map(tuple, (m.cards for m in team.melds))) == sorted([tuple(A), tuple(C)])
    assert not any(f["kind"] == "cut_by_edge" and f["level"] == "check" for f in team.flags)


def test_two_equal_melds_in_one_photo_are_two_melds():
    team = combine([_photo([(B, 100), (B, 100 + 1.3 * W)])])
    assert [m.cards for m in team.melds] == [B, B]


def test_a_meld_seen_in_three_photos_is_counted_once():
    team = combine([_photo([(A, 100), (B, 100 + 1.3 * W)]), _photo([(B, 100)]), _photo([(B, 300)])])
    assert [m.cards for m in team.melds] == [A, B]
    assert [p for p, _ in team.melds[1].photos] == [0, 1, 2]
    assert not any(f["kind"] == "too_many_copies" for f in team.flags)


def test_more_copies_across_the_photos_than_two_decks_hold_are_flagged():
    team = combine([_photo([(["7S", "7H", "7D"], 100)]), _photo([(["5H", "6H", "7H", "8H"], 100)]),
                    _photo([(["7H", "8H", "9H"], 100)])])
    assert any(f["kind"] == "too_many_copies" and "7H is counted 3 times" in f["message"] for f in team.flags)


def test_the_hand_photos_add_their_cards():
    hand_table = Table().meld(["2C", "9D", "QS"], (200, 200), fan=12)
    corners = hand_table.corners()
    hand = read_table(Reading(800, 600, corners, merge_corners(corners)), "hand")
    team = combine([_photo([(A, 100)]), hand])
    assert sorted(team.hand) == ["2C", "9D", "QS"]
    assert team.score()["teams"][0]["hand_points"] == -(20 + 10 + 10)


def _hand(names: list[str]) -> Reading:
    corners = Table().meld(names, (200, 200), fan=12).corners()
    return read_table(Reading(800, 600, corners, merge_corners(corners)), "hand")


def test_the_same_hand_taken_twice_is_counted_but_a_doubt():
    team = combine([_hand(["2C", "9D", "QS", "4H", "KS"]), _hand(["2C", "9D", "QS", "4H", "KH"])])
    assert len(team.hand) == 10
    flag = next(f for f in team.flags if f["kind"] == "hand_twice")
    assert flag["level"] == "check" and flag["photo"] == 1
    # a team's two players hold two hands: different cards are no doubt
    other = combine([_hand(["2C", "9D", "QS", "4H", "KS"]), _hand(["2C", "7D", "JS", "5H", "KS"])])
    assert len(other.hand) == 10 and not [f for f in other.flags if f["kind"] == "hand_twice"]


class _FakeReader:
    """Stands in for the card reader: each photo path names a constructed photo."""

    def __init__(self, photos: dict[str, Reading]):
        self.photos = photos

    def open(self, path):
        return str(path)

    def read(self, photo):
        return self.photos[photo]


def test_read_team_prints_the_score_of_the_teams_photos(tmp_path, capsys):
    photos = {}
    for name, melds in (("left.png", [(A, 100), (B, 100 + 1.3 * W)]), ("right.png", [(B, 100)])):
        (tmp_path / name).write_bytes(b"")
        photos[str(tmp_path / name)] = _photo(melds)
    rc = team_cli.read_team_command([str(tmp_path / "left.png"), str(tmp_path / "right.png"), "--pozzetto", "yes",
                                     "--indent", "0"], reader=_FakeReader(photos))
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert out["reading"]["melds"] == [A, B]
    assert out["teams"][0]["meld_points"] == 20 + 30 and out["teams"][0]["total"] == 50

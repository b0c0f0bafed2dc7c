"""``burraco read IMAGE --as table|both`` fills melds and flags (the card reader stood in for)."""
from __future__ import annotations

import json

from constructed import H, W, Table
from vision.reader import cli
from vision.reader.cards import merge_corners
from vision.reader.reader import Reading


class _FakeReader:
    def __init__(self, table: Table):
        corners = table.corners()
        self.reading = Reading(1600, 1200, corners, merge_corners(corners))

    def open(self, path):
        return None

    def read(self, photo):
        return self.reading


def _run(monkeypatch, capsys, table: Table, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(cli, "_reader", lambda prog: _FakeReader(table))
    rc = cli.read_command(["photo.jpg", *args])
    return rc, capsys.readouterr().out


def test_read_as_table_json_lists_melds_as_indices_into_cards(monkeypatch, capsys):
    t = Table().meld(["3H", "4H", "5H", "6H"], (300, 300)).meld(["KS", "KD", "KC"], (300 + 1.3 * W, 300))
    rc, out = _run(monkeypatch, capsys, t, "--as", "table", "--json")
    result = json.loads(out)
    assert rc == 0
    names = [c["card"] for c in result["cards"]]
    assert [[names[i] for i in m] for m in result["melds"]] == [["3H", "4H", "5H", "6H"], ["KS", "KD", "KC"]]
    assert result["flags"] == [] and result["hand"] == []


def test_read_prints_the_melds_as_burraco_score_takes_them(monkeypatch, capsys):
    t = Table().meld(["3H", "4H", "5H", "6H"], (300, 300))
    rc, out = _run(monkeypatch, capsys, t)
    melds = next(line for line in out.splitlines() if line.startswith("melds: "))
    assert rc == 0 and json.loads(melds.removeprefix("melds: ")) == [["3H", "4H", "5H", "6H"]]


def test_read_as_both_prints_the_hand_and_its_points(monkeypatch, capsys):
    t = Table().meld(["3H", "4H", "5H", "6H"], (300, 300)).meld(["KS", "KD", "KC"], (300 + 1.3 * W, 300))
    t.meld(["2C", "9D", "QS", "5S", "AH"], (350, 300 + 2.2 * H), fan=10)
    rc, out = _run(monkeypatch, capsys, t, "--as", "both")
    assert rc == 0
    assert "hand points (fibur): -" in out
    hand = next(line for line in out.splitlines() if line.startswith("hand: "))
    assert sorted(json.loads(hand.removeprefix("hand: "))) == sorted(["2C", "9D", "QS", "5S", "AH"])


def test_an_unknown_profile_is_one_line_and_status_2(monkeypatch, capsys):
    t = Table().meld(["3H", "4H", "5H"], (300, 300))
    monkeypatch.setattr(cli, "_reader", lambda prog: _FakeReader(t))
    assert cli.read_command(["photo.jpg", "--profile", "nope"]) == 2
    assert capsys.readouterr().err.count("\n") == 1

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "sample_images" / "example_hand.json"


def test_score_file(capsys):
    assert main(["score", str(EXAMPLE)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [t["total"] for t in out["teams"]] == [380, -65]
    keys = {"name", "melds", "meld_points", "hand_points", "burraco_bonus", "closing_bonus",
            "pozzetto_penalty", "total", "errors", "warnings"}
    assert keys <= set(out["teams"][0])
    assert {"cards", "valid", "kind", "wild", "burraco", "points", "bonus", "reason"} <= set(out["teams"][0]["melds"][0])


def test_score_stdin_and_profile_override(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(EXAMPLE.read_text()))
    assert main(["score", "-", "--profile", "giochidelre"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["profile"] == "giochidelre" and out["teams"][0]["total"] == 380 + 20 + 10   # joker 50 on the table, pinella 10 in hand


@pytest.mark.parametrize("text, message", [
    ("{bad", "malformed JSON"),
    ('{"teams": [{"melds": [["3H", "XX", "5H"]]}]}', "invalid card 'XX'"),
    ('{"profile": "nope", "teams": [{"melds": []}]}', "unknown rule profile 'nope'"),
    ('[1, 2]', "JSON object"),
])
def test_bad_input_exits_2_with_one_line(tmp_path, text, message):
    f = tmp_path / "hand.json"
    f.write_text(text)
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "score", str(f)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stdout == ""


def test_missing_file_and_unknown_command(capsys):
    assert main(["score", "/nonexistent/hand.json"]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["frobnicate"]) == 2
    assert "unknown command" in capsys.readouterr().err


def test_console_script_is_installed():
    exe = Path(sys.executable).parent / "burraco"
    proc = subprocess.run([str(exe), "score", str(EXAMPLE)], capture_output=True, text=True)
    assert proc.returncode == 0 and json.loads(proc.stdout)["teams"][0]["total"] == 380


TEAM = '{"name": "%s", "melds": [], "hand": [], "pozzetto": true}'


def run_score(args, data=None):
    return subprocess.run([sys.executable, "-m", "engine.cli", "score", *args], input=data, capture_output=True)


def assert_one_line_refusal(proc, message):
    err = proc.stderr.decode()
    assert proc.returncode == 2 and proc.stdout == b""
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert message in err, err


@pytest.mark.parametrize("data, message", [
    (('{"teams": [' + TEAM % "Ren\u00e9" + ']}').encode("latin-1"), "is not UTF-8 text: byte 0xe9 at line 1"),
    (b"[" * 100_000, "nested too deeply"),
    (b'{"teams": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested too deeply"),
    (('{"teams": [' + TEAM % "Noi" + ", " + TEAM % "Noi" + "]}").encode(), "two teams are named 'Noi'"),
    (('{"profile": {"base": "fibur", "joker_value": -5}, "teams": [' + TEAM % "Noi" + "]}").encode(),
     "'joker_value' must be a whole number"),
    (('{"profile": {"name": 5}, "teams": [' + TEAM % "Noi" + "]}").encode(), "'name' must be a non-empty string"),
])
def test_every_bad_input_exits_2_with_one_line(tmp_path, data, message):
    f = tmp_path / "hand.json"
    f.write_bytes(data)
    assert_one_line_refusal(run_score([str(f)]), message)
    assert_one_line_refusal(run_score(["-"], data), message)


def test_bad_arguments_exit_2_with_one_line():
    assert_one_line_refusal(run_score([str(EXAMPLE), "--indent", "two"]), "--indent")
    assert_one_line_refusal(run_score([str(EXAMPLE), "--frobnicate"]), "--frobnicate")


def test_a_utf8_file_with_a_byte_order_mark_is_read(tmp_path):
    f = tmp_path / "hand.json"
    f.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    proc = run_score([str(f)])
    assert proc.returncode == 0 and json.loads(proc.stdout)["teams"][0]["total"] == 380


@pytest.mark.parametrize("melds", ["[" * 900 + "]" * 900, '["' + "X" * 100_000 + '"]'])
def test_a_huge_bad_value_is_shown_short(tmp_path, melds):
    f = tmp_path / "hand.json"
    f.write_text('{"teams": [{"name": "A", "pozzetto": true, "melds": [' + melds + "]}]}")
    proc = run_score([str(f)])
    assert_one_line_refusal(proc, "in team 'A', meld 1")
    assert len(proc.stderr) < 300

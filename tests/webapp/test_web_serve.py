"""``burraco serve``: a plug-in of the burraco command that prints the address, the QR code with
the table's key and the PIN, and says in one line why it cannot start."""
import socket
import subprocess
import sys
from importlib.metadata import entry_points

from webapp.serve import welcome


def test_serve_is_a_burraco_command_plug_in():
    commands = {ep.name: ep.value for ep in entry_points(group="burraco.commands")}
    assert commands["serve"] == "webapp.serve:serve_command"


def test_the_welcome_gives_the_address_the_qr_code_and_the_pin(app):
    text = welcome(app, "0.0.0.0", 5000, address="192.168.1.20")
    assert "http://192.168.1.20:5000" in text
    assert "http://192.168.1.20:5000/join?key=test-table-key" in text
    assert "246810" in text and "█" in text or "▀" in text


def serve(*args, timeout=30):
    return subprocess.run([sys.executable, "-m", "engine.cli", "serve", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_a_port_in_use_is_one_clear_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = serve("--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr


def test_a_database_that_cannot_be_opened_is_one_clear_line(tmp_path):
    done = serve("--data", str(tmp_path), "--database", "postgresql+psycopg://nobody:x@127.0.0.1:1/none")
    assert done.returncode == 2 and done.stderr.startswith("burraco serve: cannot open the database")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr

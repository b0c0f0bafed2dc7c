"""``burraco serve``: run the table app on the local network and print the address and a QR code
that carries the table's key, for the phones."""
from __future__ import annotations

import io
import os
import socket
import sys
from typing import Optional

import segno
from werkzeug.serving import make_server

from engine.cli import _Parser


def lan_address() -> str:
    """This computer's address on the local network (no packet is sent); 127.0.0.1 without one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.168.1.1", 9))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def serve_command(argv: list[str]) -> int:
    parser = _Parser(prog="burraco serve", description="Run the table app for the phones at the table.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every network)")
    parser.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    parser.add_argument("--data", help="folder for the database and the table's key (default: the instance folder)")
    parser.add_argument("--database", help="a database URL instead of SQLite, e.g. postgresql://user:pw@host/db")
    args = parser.parse_args(argv)
    if args.data:
        os.environ["BURRACO_DATA"] = args.data
    if args.database:
        os.environ["BURRACO_DATABASE_URL"] = args.database
    from . import create_app
    try:
        app = create_app()
    except Exception as err:            # the database cannot be opened or upgraded: one line, no traceback
        why = str(getattr(err, "orig", None) or err).strip().splitlines()
        print(f"burraco serve: cannot open the database: {why[0] if why else type(err).__name__}", file=sys.stderr)
        return 2
    busy = _cannot_listen(args.host, args.port)
    if busy:
        print(f"burraco serve: cannot listen on {args.host}:{args.port}: {busy}", file=sys.stderr)
        return 2
    server = make_server(args.host, args.port, app, threaded=True)
    print(welcome(app, args.host, server.server_port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def _cannot_listen(host: str, port: int) -> Optional[str]:
    """Why the server could not listen there (the port is taken...); None when it can."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as err:
        return err.strerror or str(err)
    except OverflowError:
        return "the port must be 0 to 65535"
    return None


def welcome(app, host: str, port: int, address: Optional[str] = None) -> str:
    shown = address or (lan_address() if host in ("0.0.0.0", "::", "") else host)
    base = f"http://{shown}:{port}"
    url = f"{base}/join?key={app.config['TABLE_KEY']}"
    qr = segno.make(url, error="m")
    lines = [f"Burraco: open {base} on the phones at the table.",
             "Scan this code to score (it carries the table's key):", _terminal(qr),
             f"or open {url}",
             f"or enter the PIN {app.config['TABLE_PIN']} on the page.",
             f"Data: {app.config['SQLALCHEMY_DATABASE_URI'].split('@')[-1]}   (Ctrl+C stops)"]
    return "\n".join(lines)


def _terminal(qr) -> str:
    out = io.StringIO()
    qr.terminal(out=out, compact=True)
    return out.getvalue()

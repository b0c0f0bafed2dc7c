"""The ``burraco`` command. Subcommands are plug-ins registered under the entry-point group
``burraco.commands`` (see pyproject.toml), so the engine never imports vision or webapp."""
from __future__ import annotations

import argparse
import json
import sys
from importlib.metadata import entry_points
from typing import Callable, Optional

from .errors import BurracoError
from .scoring import score_json

GROUP = "burraco.commands"


def _commands() -> dict[str, object]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def main(argv: Optional[list[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = _commands()
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: burraco COMMAND [ARGS]\n\ncommands: " + ", ".join(sorted(commands)))
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in commands:
        print(f"burraco: unknown command {name!r} (commands: {', '.join(sorted(commands))})", file=sys.stderr)
        return 2
    command: Callable[[list[str]], int] = commands[name].load()
    return int(command(rest) or 0)


class _Parser(argparse.ArgumentParser):
    """Bad arguments, like bad input, end in exit status 2 and one line on stderr."""

    def error(self, message: str):
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


def _source(path: str) -> str:
    return "standard input" if path == "-" else path


def _read(path: str) -> str:
    """The text of a file, or of standard input for ``-``: UTF-8, with or without a BOM.
    Raises ``OSError`` or ``BurracoError``."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:                  # already text (a test, an embedding program)
            return sys.stdin.read()
        raw = stream.read()
    else:
        with open(path, "rb") as fh:
            raw = fh.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise BurracoError(f"{_source(path)} is not UTF-8 text: byte 0x{raw[err.start]:02x} at line {line}, "
                           f"column {column}; save it as UTF-8") from None


def _refuse(message: str) -> int:
    print(f"burraco score: {message}", file=sys.stderr)
    return 2


def score_command(argv: list[str]) -> int:
    parser = _Parser(prog="burraco score", description="Score one hand given as JSON; print the result as JSON.")
    parser.add_argument("file", nargs="?", default="-", help="hand JSON file, or - for standard input")
    parser.add_argument("--profile", help="rule profile overriding the file's own")
    parser.add_argument("--indent", type=int, default=2, help="JSON indentation (0 for one line)")
    args = parser.parse_args(argv)
    source = _source(args.file)
    try:
        data = json.loads(_read(args.file))
        if args.profile:
            if not isinstance(data, dict):
                raise BurracoError("a hand must be a JSON object with 'teams'")
            data = dict(data, profile=args.profile)
        result = score_json(data)
    except OSError as err:
        return _refuse(f"cannot read {args.file}: {err.strerror}")
    except json.JSONDecodeError as err:
        return _refuse(f"malformed JSON in {source} at line {err.lineno}, column {err.colno}: {err.msg}")
    except RecursionError:
        return _refuse(f"{source} is nested too deeply to be a hand")
    except BurracoError as err:
        return _refuse(str(err))
    print(json.dumps(result, indent=args.indent or None, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())

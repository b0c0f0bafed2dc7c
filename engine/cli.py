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


def score_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="burraco score",
                                     description="Score one hand given as JSON; print the result as JSON.")
    parser.add_argument("file", nargs="?", default="-", help="hand JSON file, or - for standard input")
    parser.add_argument("--profile", help="rule profile overriding the file's own")
    parser.add_argument("--indent", type=int, default=2, help="JSON indentation (0 for one line)")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as err:
        print(f"burraco score: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        print(f"burraco score: malformed JSON in {args.file} at line {err.lineno}, column {err.colno}: {err.msg}",
              file=sys.stderr)
        return 2
    try:
        if args.profile:
            if not isinstance(data, dict):
                raise BurracoError("a hand must be a JSON object with 'teams'")
            data = dict(data, profile=args.profile)
        result = score_json(data)
    except BurracoError as err:
        print(f"burraco score: {err}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=args.indent or None, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())

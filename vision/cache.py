"""Where rendered artwork is cached (outside git): ``$BURRACO_CACHE`` or ``~/.cache/burraco``."""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir(*parts: str) -> Path:
    root = Path(os.environ.get("BURRACO_CACHE", "~/.cache/burraco")).expanduser()
    path = root.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path

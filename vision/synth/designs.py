"""All card designs, split into those that may train a model and those reserved for evaluation."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional

from .design import SPLITS, Design
from .synth_settings import SynthSettings

# Reserved for evaluation, never for training: the GNOME decks in ``gnome_decks.EVAL_DECKS``
# (guyenne-classic, anglo_modern and its 4-colour recolour) and every npm deck (npm_decks).
# "unseen": procedural decks of a seed no model trains on, a development set of designs the
# models never saw that leaves the reserved ones untouched (see the model card).
# "heldout": real artwork held out of training for the same purpose (kde_decks.HELDOUT_DECKS).


def designs_for(split: str, procedural: int = SynthSettings.procedural_designs,
                procedural_seed: int = SynthSettings.procedural_seed,
                fonts: str = SynthSettings.procedural_fonts) -> tuple[Design, ...]:
    """Designs of one split, sorted by name (so that a seed always picks the same ones).

    With ``$BURRACO_PACK`` set, the training designs come from that artwork pack (``pack.py``)
    and nothing is rendered: no Debian decks, fonts or ``rsvg-convert`` are needed."""
    from .pack import pack_path
    return _designs(split, procedural, procedural_seed, pack_path() if split == "train" else None, fonts)


def rendered_designs(split: str, procedural: int = SynthSettings.procedural_designs,
                     procedural_seed: int = SynthSettings.procedural_seed,
                     fonts: str = SynthSettings.procedural_fonts) -> tuple[Design, ...]:
    """Designs of one split rendered from their sources, whatever ``$BURRACO_PACK`` says."""
    return _designs(split, procedural, procedural_seed, None, fonts)


@lru_cache(maxsize=4)
def _designs(split: str, procedural: int, procedural_seed: int, pack: Optional[Path],
             fonts: str = SynthSettings.procedural_fonts) -> tuple[Design, ...]:
    if split not in SPLITS:
        raise ValueError(f"designs split must be one of {', '.join(SPLITS)}, got {split!r}")
    if split == "unseen":
        from .procedural_deck import procedural_designs
        s = SynthSettings()
        return tuple(sorted(procedural_designs(s.unseen_designs, s.unseen_seed, split="unseen"), key=lambda d: d.name))
    if pack is not None:
        from .pack import pack_designs
        found = list(pack_designs(pack, procedural, procedural_seed, fonts))
    else:
        found = _from_sources(split, procedural, procedural_seed, fonts)
    wrong = [d.name for d in found if d.split != split]
    if wrong:
        raise RuntimeError(f"designs of the wrong split in {split}: {wrong}")
    return tuple(sorted(found, key=lambda d: d.name))


def _from_sources(split: str, procedural: int, procedural_seed: int, fonts: str) -> list[Design]:
    from .gnome_decks import gnome_designs
    from .kde_decks import kde_designs
    from .procedural_deck import procedural_designs

    found = [d for d in gnome_designs() + kde_designs() if d.split == split]
    if split == "train":
        found += procedural_designs(procedural, procedural_seed, split="train", fonts=fonts)
    elif split == "eval":
        from .npm_decks import npm_designs
        found += npm_designs()
    return found

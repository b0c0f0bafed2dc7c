"""A stand-in for the card reader on the sample photos: it returns what a reader that saw every
visible corner index would return, built from the truth JSON beside each photo (picked by the
photo's size), with one deliberate misreading so that the review has something to fix."""
from __future__ import annotations

import json
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "sample_images"

#: sample -> (index of the card to misread, what it is misread as): 3S in 2S..8S read as 5S
MISREADINGS = {"eval_table_1": (1, "5S")}
#: sample -> a place where the reader saw a corner it could not read (its unread_corner flag)
UNREAD = {"eval_hand": [40.0, 30.0, 70.0, 75.0]}


class Reading:
    def __init__(self, data: dict):
        self.data = data

    def to_dict(self) -> dict:
        return json.loads(json.dumps(self.data))


def reading_of(name: str) -> dict:
    truth = json.loads((SAMPLES / f"{name}.json").read_text())
    corners, cards, melds = [], [], {}
    seen = [c for c in truth["cards"] if c["role"] in ("meld", "hand") and any(i["box"] for i in c["indices"])]
    seen.sort(key=lambda c: (c["role"] != "meld", c.get("meld", 0), c.get("position", 0)))
    wrong = MISREADINGS.get(name)
    for n, card in enumerate(seen):
        name_read, conf, alts = card["card"], 0.97, [["none", 0.01]]
        if wrong and n == wrong[0]:
            name_read, conf, alts = wrong[1], 0.52, [[card["card"], 0.41], ["none", 0.02]]
        mine = []
        for index in card["indices"]:
            if index["box"]:
                mine.append(len(corners))
                corners.append({"card": name_read, "confidence": conf, "box": index["box"], "alternatives": alts})
        if card["role"] == "meld":
            melds.setdefault(card["meld"], []).append(len(cards))
        cards.append({"card": name_read, "confidence": conf, "corners": mine})
    flags = []
    if name in UNREAD:
        from vision.reader.flags import unread_corner_text
        text = unread_corner_text(1)
        flags.append({"kind": "unread_corner", "level": "check", "cards": [], "meld": None, "message": str(text),
                      "text": text.to_dict(), "boxes": [UNREAD[name]]})
    return {"image": {"width": truth["width"], "height": truth["height"]}, "corners": corners, "cards": cards,
            "melds": [melds[k] for k in sorted(melds)], "flags": flags}


class FakeReader:
    """``read(photo)`` for a sample photo (``vision.reader.photo.Photo``), recognised by its size."""

    def __init__(self):
        self.sizes = {}
        for truth in SAMPLES.glob("eval_*.json"):
            data = json.loads(truth.read_text())
            self.sizes[(data["width"], data["height"])] = truth.stem
        self.calls = 0

    def read(self, photo):
        self.calls += 1
        name = self.sizes.get((photo.width, photo.height))
        if name is None:
            return Reading({"image": {"width": photo.width, "height": photo.height}, "corners": [], "cards": [],
                            "melds": [], "flags": [{"message": "no card seen"}]})
        return Reading(reading_of(name))

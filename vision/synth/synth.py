"""One synthetic photo: a team's melds or a hand, on a table, through a camera, with honest labels.

``generate(seed, index, designs)`` is a pure function of its arguments: the same seed and index
give the same image, labels and truth, whichever worker makes them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

from engine.card import Card
from engine.hand import Hand
from engine.scoring import score_hand

from ..classes import class_id
from .deal import Shoe, random_melds
from .design import Design
from .layout import extent, lay_discard, lay_fan, lay_pile, lay_spread, lay_table, shift
from .photo_effects import camera_homography, photometric
from .scene import (Composite, PlacedCard, box_polygon, boxes_from_map, compose, flatten, transform,
                    visible_fraction)
from .synth_settings import SynthSettings
from .table_texture import table_texture


@dataclass
class Sample:
    image: np.ndarray                 # BGR photo
    boxes: np.ndarray                 # N x 4 float32 x0, y0, x1, y1 in photo pixels
    classes: np.ndarray               # N int
    truth: dict
    card_map: np.ndarray              # photo-sized: 1 + card number on top, 0 = table
    index_map: np.ndarray             # photo-sized: 1 + index number where visible


def _plain_back(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    colour = np.array([rng.integers(20, 200), rng.integers(20, 120), rng.integers(20, 200)], np.uint8)
    img = np.zeros((h, w, 4), np.uint8)
    img[:, :, :3] = 245
    m = max(4, w // 14)
    img[m:h - m, m:w - m, :3] = colour
    step = max(6, w // 12)
    for k in range(-h, w, step):
        cv2.line(img, (k, 0), (k + h, h), tuple(int(c * 0.7) for c in colour) + (255,), 2, cv2.LINE_AA)
    img[:m, :, :3] = img[h - m:, :, :3] = 245
    img[:, :m, :3] = img[:, w - m:, :3] = 245
    alpha = np.zeros((h, w), np.uint8)
    r = max(3, w // 14)
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    img[:, :, 3] = alpha
    return img


def _index_height(design: Design) -> float:
    boxes = design.face(Card.parse("5S")).indices
    return float(np.median(boxes[:, 3] - boxes[:, 1])) if len(boxes) else 60.0


def _loguniform(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(math.exp(rng.uniform(math.log(lo), math.log(hi))))


def _lay_out(rng: np.random.Generator, designs: list[Design], s: SynthSettings,
             scale: float, shoe: Shoe, melds: list[list[Card]], hand: list[Card]) -> list[PlacedCard]:
    fh, fw = designs[0].face(Card.parse("5S")).image.shape[:2]
    placed: list[PlacedCard] = []
    if melds:
        placed = lay_table(rng, designs, melds, scale)
    if hand:
        held = lay_fan(rng, designs, hand, scale) if rng.random() < s.fan_p else lay_spread(rng, designs, hand, scale)
        if placed:
            tx0, _, _, ty1 = extent(placed)
            hx0, hy0, _, _ = extent(held)
            shift(held, tx0 - hx0 + rng.uniform(-0.3, 1.0) * fw * scale, ty1 - hy0 + rng.uniform(0.3, 0.8) * fh * scale)
        placed += held
    x0, y0, x1, y1 = extent(placed)
    back = designs[0].back()
    if back is None:
        back = _plain_back(rng, fw, fh)
    extra: list[PlacedCard] = []
    side = lambda: (x1 + rng.uniform(0.3, 1.0) * fw * scale, rng.uniform(y0, max(y0 + 1, y1)))  # noqa: E731
    if rng.random() < s.stock_p:
        extra += lay_pile(rng, back, int(rng.integers(2, 8)), side(), scale)
    if melds and rng.random() < s.discard_p:
        extra += lay_discard(rng, designs, shoe.random_cards(rng, int(rng.integers(1, 6))),
                             (x0 - rng.uniform(0.6, 1.2) * fw * scale, rng.uniform(y0, max(y0 + 1, y1))), scale)
    if rng.random() < s.stray_backs_p:
        for _ in range(int(rng.integers(1, 3))):
            extra += lay_pile(rng, back, 1, (rng.uniform(x0, x1), y1 + rng.uniform(0.4, 1.0) * fh * scale), scale,
                              role="back")
    # distractors go under the melds only if they do not cover them: they lie apart, drawn first
    return extra + placed


def generate(seed: int, index: int, designs: Sequence[Design], settings: Optional[SynthSettings] = None) -> Sample:
    s = settings or SynthSettings()
    rng = np.random.default_rng([seed, index])
    first = int(rng.integers(len(designs)))
    picked = [designs[first]]
    if len(designs) > 1 and rng.random() < s.two_designs_p:
        picked.append(designs[(first + 1 + int(rng.integers(len(designs) - 1))) % len(designs)])
    u = rng.random()
    kind = "table" if u < s.table_p else "both" if u < s.table_p + s.both_p else "hand"
    shoe = Shoe()
    melds: list[list[Card]] = []
    valid: list[bool] = []
    hand: list[Card] = []
    if kind in ("table", "both"):
        dealt = random_melds(rng, shoe, int(rng.integers(s.melds[0], s.melds[1] + 1)), s.burraco_p, s.wild_p,
                             s.invalid_meld_p)
        melds, valid = [m for m, _ in dealt], [v for _, v in dealt]
    if kind in ("hand", "both"):
        hand = shoe.random_cards(rng, int(rng.integers(s.hand_cards[0], s.hand_cards[1] + 1)))

    target = _loguniform(rng, *s.index_px)
    scale = target / _index_height(picked[0])
    for _ in range(6):
        layout_rng = np.random.default_rng([seed, index, 1])
        placed = _lay_out(layout_rng, picked, s, scale, Shoe(shoe.used.copy()), melds, hand)
        x0, y0, x1, y1 = extent(placed)
        fh = picked[0].face(Card.parse("5S")).image.shape[0] * scale
        margin = rng.uniform(*s.margin_cards) * fh
        # a negative margin cuts cards off, but never most of a small layout (a hand in one row)
        mx, my = max(margin, -s.max_cut * (x1 - x0)), max(margin, -s.max_cut * (y1 - y0))
        w, h = int(x1 - x0 + 2 * mx), int(y1 - y0 + 2 * my)
        if max(w, h) <= s.max_side:
            break
        scale *= 0.9 * s.max_side / max(w, h)
    shift(placed, mx - x0, my - y0)

    comp = compose((w, h), placed, shadow=float(rng.uniform(*s.card_shadow)))
    occlusion = visible_fraction(comp)
    H, out_w, out_h = camera_homography(rng, w, h, s.max_tilt_deg)
    photo, card_map, index_map = _through_camera(comp, H, out_w, out_h, rng)
    effects: dict = {}
    photo = photometric(rng, photo, glare_mask=(card_map > 0).astype(np.uint8), applied=effects)

    in_frame, photo_area = _in_frame(comp, placed, H, out_w, out_h)
    # occlusion is measured exactly before the camera; the pixel count after it catches what
    # the frame cuts off (the stricter of the two decides)
    shown = np.bincount(index_map.ravel(), minlength=len(comp.indices) + 1)[1:]
    counted = np.divide(shown, photo_area, out=np.zeros_like(photo_area), where=photo_area > 0)
    visible = np.minimum(occlusion * in_frame, counted)
    ids = np.flatnonzero(visible >= s.min_visible) + 1
    found = boxes_from_map(index_map, ids)
    boxes, classes, cards_truth = [], [], []
    card_first_index = np.cumsum([0] + [len(pc.index_boxes) for pc in placed])
    for k, pc in enumerate(placed):
        entry = {"card": str(pc.card) if pc.card is not None else None, "role": pc.role, "design": pc.design,
                 "corners": np.round(_warp_points(H, pc.corners()), 1).tolist(), "indices": []}
        if pc.meld >= 0:
            entry["meld"], entry["position"] = pc.meld, pc.position
        elif pc.role == "hand":
            entry["position"] = pc.position
        for j in range(len(pc.index_boxes)):
            rid = card_first_index[k] + j + 1
            box = found.get(int(rid)) if visible[rid - 1] >= s.min_visible else None
            entry["indices"].append({"visible": round(float(visible[rid - 1]), 3),
                                     "box": list(box) if box else None})
            if box and pc.card is not None:
                boxes.append(box)
                classes.append(class_id(pc.card))
        cards_truth.append(entry)

    truth = {"seed": seed, "index": index, "kind": kind, "width": out_w, "height": out_h,
             "designs": [d.name for d in picked], "index_px": round(target, 1),
             "blur": {"defocus_px": round(effects["defocus_px"], 2), "motion_px": round(effects["motion_px"], 2)},
             "jpeg_quality": effects["jpeg_quality"],
             "melds": [[str(c) for c in m] for m in melds], "meld_valid": valid, "hand": [str(c) for c in hand],
             "cards": cards_truth}
    team = {"name": kind, "melds": truth["melds"], "hand": truth["hand"],
            "pozzetto": True, "closed": False}
    truth["score_input"] = {"profile": "fibur", "teams": [team]}
    truth["expected_score"] = score_hand(Hand.from_dict(truth["score_input"])).to_dict()["teams"][0]
    return Sample(photo, np.array(boxes, np.float32).reshape(-1, 4), np.array(classes, np.int64), truth,
                  card_map, index_map)


def _warp_points(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(pts, np.float32).reshape(-1, 1, 2), H).reshape(-1, 2)


def _through_camera(comp: Composite, H: np.ndarray, w: int, h: int, rng: np.random.Generator):
    size = (w, h)
    warp = lambda img, interp, border: cv2.warpPerspective(  # noqa: E731
        img, H, size, flags=interp, borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    color = warp(comp.color, cv2.INTER_LINEAR, 0)
    alpha = warp(comp.alpha, cv2.INTER_LINEAR, 0)
    shade = warp(comp.shade, cv2.INTER_LINEAR, 1)
    table = table_texture(rng, w, h)
    photo = cv2.cvtColor(table, cv2.COLOR_GRAY2BGR) if table.ndim == 2 else table
    photo = flatten(color, alpha, shade, photo)
    return photo, warp(comp.card_map, cv2.INTER_NEAREST, 0), warp(comp.index_map, cv2.INTER_NEAREST, 0)




def _in_frame(comp: Composite, placed: list[PlacedCard], H: np.ndarray, w: int, h: int):
    """Per index, the share of its box that the camera keeps inside the photo, and the box's
    whole area in photo pixels."""
    frame = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    share = np.ones(len(comp.indices))
    area = np.zeros(len(comp.indices))
    for i, rec in enumerate(comp.indices):
        pc = placed[rec.card]
        poly = _warp_points(H, transform(pc.matrix, box_polygon(pc.index_boxes[rec.corner])))
        area[i] = abs(cv2.contourArea(poly))
        if area[i] <= 0:
            share[i] = 0.0
        elif poly.min() < 0 or poly[:, 0].max() > w or poly[:, 1].max() > h:
            inter, _ = cv2.intersectConvexConvex(poly.astype(np.float32), frame)
            share[i] = max(0.0, inter) / area[i]
    return share, area

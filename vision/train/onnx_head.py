"""The detector's ONNX graph cut before its box decoding, so that run time decodes only the
anchors worth decoding.

Ultralytics exports a YOLO detector whose last step turns every anchor's 4 x 16 box-distance
logits into a box: a softmax over the 16 bins, taken across a non-last axis (a transpose, then
the softmax), for every one of the 33,600 anchors of a 1280 px look. On the CPU that step alone
took 36 of the detector's 280 ms, though all but a few hundred anchors are thrown out for their
score. The cut graph ends at two outputs instead:

- ``distances``: batch x 64 x anchors, the box-distance logits (left, top, right, bottom, 16
  bins each, before the softmax);
- ``scores``: batch x classes x anchors, the class scores (after the sigmoid).

``vision/reader/yolo_head.py`` decodes the kept anchors as the cut step did. Needs ``onnx``
(the train extra).
"""
from __future__ import annotations

from pathlib import Path

DISTANCES = "distances"
SCORES = "scores"


def _node(graph, op_type: str, name_end: str):
    found = [n for n in graph.node if n.op_type == op_type and n.name.endswith(name_end)]
    if len(found) != 1:
        raise ValueError(f"expected one {op_type} node named ...{name_end!r} in the detector graph, "
                         f"found {len(found)}")
    return found[0]


def cut_box_decoding(src: Path, dst: Path) -> Path:
    """Write ``dst``: the detector ``src`` ending at ``distances`` and ``scores`` (see above)."""
    import onnx
    from onnx import utils

    model = onnx.load(str(src))
    graph = model.graph
    # the DFL's input: the three levels' box logits concatenated (its Reshape reads them)
    dfl = _node(graph, "Reshape", "/dfl/Reshape")
    sigmoid = next((n for n in graph.node if n.op_type == "Sigmoid" and n.output[0] in
                    {i for c in graph.node if c.op_type == "Concat" and graph.output[0].name in c.output
                     for i in c.input}), None)
    if sigmoid is None:
        raise ValueError("no class-score Sigmoid feeds the detector's output")
    raw, score = dfl.input[0], sigmoid.output[0]
    utils.extract_model(str(src), str(dst), [graph.input[0].name], [raw, score])
    cut = onnx.load(str(dst))
    renames = {raw: DISTANCES, score: SCORES}
    for node in cut.graph.node:
        node.output[:] = [renames.get(o, o) for o in node.output]
        node.input[:] = [renames.get(i, i) for i in node.input]
    for out in cut.graph.output:
        out.name = renames.get(out.name, out.name)
    del cut.metadata_props[:]
    cut.metadata_props.extend(model.metadata_props)
    onnx.checker.check_model(cut)
    onnx.save(cut, str(dst))
    _check_same_boxes(Path(src), Path(dst))
    return Path(dst)


def _check_same_boxes(full: Path, cut: Path, height: int = 320, width: int = 448) -> None:
    """The cut graph, decoded by the reader, gives the full graph's boxes and scores (on a random
    input with some structure: every anchor's box is compared, not only the likely ones)."""
    import numpy as np
    import onnxruntime as ort

    from vision.reader.yolo_head import anchors, decode_boxes

    rng = np.random.default_rng(0)
    x = rng.random((1, 3, height, width), dtype=np.float32)
    x[:, :, height // 4: height // 2, width // 4: width // 2] = 1.0

    def run(path: Path) -> list:
        session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        return session.run(None, {session.get_inputs()[0].name: x})

    out = run(full)[0][0]
    distances, scores = run(cut)
    points, steps = anchors(height, width)
    boxes = decode_boxes(distances[0].T, points, steps)
    xywh = np.concatenate([(boxes[:, :2] + boxes[:, 2:]) / 2, boxes[:, 2:] - boxes[:, :2]], axis=1)
    if not (np.allclose(xywh, out[:4].T, atol=1e-2) and np.allclose(scores[0], out[4:], atol=1e-5)):
        raise ValueError(f"the cut detector {cut} does not give the boxes of {full}")

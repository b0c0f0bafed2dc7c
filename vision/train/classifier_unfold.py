"""A trainable classifier rebuilt from its ONNX export.

The export folds each batch norm into the convolution before it (``W' = W * g / sqrt(v + e)``, ``b' =
beta - m * g / sqrt(v + e)``), so an ONNX file holds what the net computes but not its batch norms.
``unfold_classifier`` gives them back: each convolution keeps the folded weights, and its batch norm
is set to the statistics that the convolution's outputs show on a batch of training crops (mean ``m``,
variance ``v``), with ``gamma = sqrt(v + e)`` and ``beta = b' + m``. In eval mode that computes exactly
what the ONNX file does; in training mode, where a batch norm uses its batch's own statistics, nearly
so. Classifier run 9 exists only as ONNX, so this is how a run continues it.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from .classifier_net import INPUT, LAYOUTS, IndexNet


class UnfoldError(ValueError):
    """The ONNX file is not an ``IndexNet`` export."""


def _weights(onnx_path: Path) -> tuple[dict[str, np.ndarray], list[tuple[np.ndarray, np.ndarray]], tuple]:
    import onnx
    from onnx import numpy_helper
    try:
        graph = onnx.load(str(onnx_path)).graph
    except Exception as err:                       # noqa: BLE001 - protobuf's errors name no file
        raise UnfoldError(f"{onnx_path}: not an ONNX file ({err})") from err
    init = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    gemms = [n for n in graph.node if n.op_type == "Gemm"]
    if len(gemms) != 1:
        raise UnfoldError(f"{onnx_path}: {len(gemms)} linear layers, expected 1"
                          + (" (classifiers averaged: unfold one of them)" if len(gemms) > 1 else ""))
    convs = []
    for node in graph.node:
        if node.op_type == "Conv":
            if len(node.input) != 3 or not all(name in init for name in node.input[1:]):
                raise UnfoldError(f"{onnx_path}: convolution {node.name!r} has no folded weights and bias")
            convs.append((init[node.input[1]], init[node.input[2]]))
    trans_b = next((a.i for a in gemms[0].attribute if a.name == "transB"), 0)
    weight, bias = init[gemms[0].input[1]], init[gemms[0].input[2]]
    return init, convs, (weight if trans_b else weight.T, bias)


def unfold_classifier(onnx_path: Path, calibration: torch.Tensor) -> dict:
    """A checkpoint (``{"model": state_dict, "width": w}``, as ``train_classifier`` saves its best)
    from ``onnx_path``; ``calibration``: N x 3 x 48 x 48 crops in [0, 1] as training feeds them
    (augmented), a few thousand, for the batch norms' statistics."""
    init, convs, (head_w, head_b) = _weights(Path(onnx_path))
    if not convs:
        raise UnfoldError(f"{onnx_path}: no convolutions")
    width = int(convs[0][0].shape[0]) * 2
    layouts = {len(IndexNet(2, layout=name).features): name for name in LAYOUTS}
    if len(convs) not in layouts:
        raise UnfoldError(f"{onnx_path}: {len(convs)} convolutions, an IndexNet has "
                          f"{' or '.join(str(n) for n in sorted(layouts))}")
    layout = layouts[len(convs)]
    model = IndexNet(width, classes=int(head_w.shape[0]), layout=layout)
    blocks = list(model.features)
    with torch.no_grad():
        for block, (w, b) in zip(blocks, convs):
            conv, bn = block[0], block[1]
            if tuple(conv.weight.shape) != w.shape:
                raise UnfoldError(f"{onnx_path}: convolution {tuple(w.shape)} where width {width} has "
                                  f"{tuple(conv.weight.shape)}")
            conv.weight.copy_(torch.from_numpy(np.array(w)))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)         # identity, the folded bias added after
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(np.array(b)))
        model.head[-1].weight.copy_(torch.from_numpy(np.array(head_w)))
        model.head[-1].bias.copy_(torch.from_numpy(np.array(head_b)))
        for name in ("mean", "std"):
            if f"net.{name}" in init:
                getattr(model, name).copy_(torch.from_numpy(np.array(init[f"net.{name}"])))
        stats: list[tuple[torch.Tensor, torch.Tensor]] = []
        hooks = [block[0].register_forward_hook(
            lambda _m, _i, out: stats.append((out.mean((0, 2, 3)), out.var((0, 2, 3), unbiased=False))))
            for block in blocks]
        model.eval()
        model(calibration.float())
        for h in hooks:
            h.remove()
        for block, (m, v) in zip(blocks, stats):
            bn = block[1]
            bn.running_mean.copy_(m)
            bn.running_var.copy_(v)
            bn.bias.add_(m)
            bn.weight.copy_(torch.sqrt(v + bn.eps))
    return {"model": model.state_dict(), "width": width, "layout": layout, "unfolded_from": str(onnx_path)}


def calibration_crops(images: np.ndarray, seed: int = 0) -> torch.Tensor:
    """``images`` (N x 64 x 64 x 3 RGB crops, e.g. ``sample_crops``') augmented as training augments them."""
    from .crop_data import augment, to_tensor
    return augment(to_tensor(images), INPUT, torch.Generator().manual_seed(seed))

"""Classifiers averaged in one ONNX file: each reads the same crops and the file gives the mean of
their probabilities, under the same input and output names as one classifier's (``crops`` ->
``probs``), so the reader takes it as it is. Two classifiers trained on different data confuse
different glyphs of a deck they never saw; their mean confuses fewer.
"""
from __future__ import annotations

from pathlib import Path

INPUT, OUTPUT = "crops", "probs"


class AverageError(ValueError):
    """An ONNX file that is not a classifier's export (input ``crops``, output ``probs``)."""


def average_classifiers(paths: list[Path], out: Path) -> Path:
    """One ONNX file at ``out`` averaging the classifiers at ``paths`` (at least two)."""
    import onnx
    from onnx import compose, helper
    if len(paths) < 2:
        raise AverageError(f"averaging needs two classifiers at least, got {len(paths)}")
    models = []
    for i, path in enumerate(paths):
        try:
            model = onnx.load(str(path))
        except Exception as err:                   # noqa: BLE001 - protobuf's errors name no file
            raise AverageError(f"{path}: not an ONNX file ({err})") from err
        inputs = [v.name for v in model.graph.input]
        outputs = [v.name for v in model.graph.output]
        if inputs != [INPUT] or outputs != [OUTPUT]:
            raise AverageError(f"{path}: inputs {inputs} and outputs {outputs}, expected [{INPUT!r}] and "
                               f"[{OUTPUT!r}] (a classifier's export)")
        # shape hints only; one naming the input (as onnx.utils.extract_model writes) would get the prefix too
        del model.graph.value_info[:]
        models.append(compose.add_prefix(model, f"m{i}_", rename_inputs=False))
    first = models[0]
    graph = helper.make_graph(
        [node for m in models for node in m.graph.node]
        + [helper.make_node("Mean", [m.graph.output[0].name for m in models], [OUTPUT])],
        "averaged_classifiers", [first.graph.input[0]],
        [helper.make_tensor_value_info(OUTPUT, first.graph.output[0].type.tensor_type.elem_type,
                                       [d.dim_param or d.dim_value
                                        for d in first.graph.output[0].type.tensor_type.shape.dim])],
        [t for m in models for t in m.graph.initializer])
    merged = helper.make_model(graph, opset_imports=list(first.opset_import), producer_name="burraco")
    merged.ir_version = first.ir_version
    onnx.checker.check_model(merged)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(merged, str(out))
    return out

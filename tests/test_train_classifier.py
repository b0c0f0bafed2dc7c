"""The index classifier's training on a chosen torch device: it learns from a factory set, its
checkpoints load on a CPU whatever device made them, and it exports to ONNX."""
import numpy as np
import pytest

from engine.cli import main

torch = pytest.importorskip("torch")

from vision.train.classifier import TrainSpec, export_classifier, load_trained, train_classifier  # noqa: E402
from vision.train.crop_data import augment, to_tensor  # noqa: E402


@pytest.fixture(scope="module")
def crops_set(tmp_path_factory):
    out = tmp_path_factory.mktemp("synth")
    assert main(["synth", "--out", str(out), "--n", "9", "--seed", "3", "--workers", "1", "--no-tiles"]) == 0
    return out


def test_training_on_a_device_then_loading_and_exporting_on_the_cpu(crops_set, tmp_path):
    spec = TrainSpec(data=[crops_set], out=tmp_path / "run", epochs=2, batch=64, device="cpu", threads=1)
    summary = train_classifier(spec, log=lambda msg: None)
    assert summary["epochs_done"] == 2 and summary["held_out_crops"] > 0
    model = load_trained(tmp_path / "run" / "best.pt")
    assert next(model.parameters()).device.type == "cpu"
    onnx_path = export_classifier(tmp_path / "run" / "best.pt", tmp_path / "classifier.onnx")
    import onnxruntime as ort
    probs = ort.InferenceSession(str(onnx_path)).run(None, {"crops": np.zeros((2, 3, 48, 48), np.float32)})[0]
    assert probs.shape == (2, 54) and np.allclose(probs.sum(1), 1, atol=1e-4)


def test_a_fine_net_keeps_the_crops_full_resolution_first_and_trains_loads_and_exports(crops_set, tmp_path):
    from vision.train.classifier_net import IndexNet
    fine, quarter = IndexNet(16, layout="fine"), IndexNet(16)
    assert fine.features[0][0].stride == (1, 1) and quarter.features[0][0].stride == (2, 2)
    with pytest.raises(ValueError, match="layout"):
        IndexNet(16, layout="half")
    spec = TrainSpec(data=[crops_set], out=tmp_path / "run", epochs=1, batch=64, width=16, layout="fine", threads=1)
    train_classifier(spec, log=lambda msg: None)
    model = load_trained(tmp_path / "run" / "best.pt")
    assert model.layout == "fine"
    x = torch.rand(2, 3, 48, 48)
    onnx_path = export_classifier(tmp_path / "run" / "best.pt", tmp_path / "fine.onnx")
    import onnxruntime as ort
    probs = ort.InferenceSession(str(onnx_path)).run(None, {"crops": x.numpy()})[0]
    assert np.allclose(probs, torch.softmax(model(x), 1).detach().numpy(), atol=1e-5)
    # a run of one layout never starts from the other's weights
    with pytest.raises(ValueError, match="fine net cannot start a quarter"):
        train_classifier(TrainSpec(data=[crops_set], out=tmp_path / "other", epochs=1, batch=64, width=16, threads=1,
                                   init=tmp_path / "run" / "best.pt"), log=lambda msg: None)


def test_the_learning_rate_rises_then_anneals_as_torchs_one_cycle_does():
    from vision.train.classifier import one_cycle_lr
    total = 200
    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.01)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.01, total_steps=total, pct_start=0.15)
    theirs = []
    for _ in range(total):
        theirs.append(sched.get_last_lr()[0])
        opt.step()
        sched.step()
    ours = [one_cycle_lr(0.01, k / total) for k in range(total)]
    assert ours[0] == pytest.approx(0.01 / 25) and max(ours) == pytest.approx(0.01, rel=1e-3)
    assert one_cycle_lr(0.01, 1.0) == pytest.approx(0.01 / 25 / 1e4) and one_cycle_lr(0.01, 7.0) == one_cycle_lr(0.01, 1.0)
    assert np.allclose(ours, theirs, rtol=0.1, atol=2e-5)          # torch ends its phases a step sooner


@pytest.mark.parametrize("by_time", [True, False])
def test_a_run_stopped_by_its_time_budget_ends_annealed_when_its_schedule_follows_the_time(crops_set, tmp_path, by_time):
    spec = TrainSpec(data=[crops_set], out=tmp_path / "run", epochs=500, batch=64, device="cpu", threads=1,
                     budget_s=3.0, lr=0.01, time_schedule=by_time)
    summary = train_classifier(spec, log=lambda msg: None)
    assert summary["epochs_done"] < 500                  # the budget stopped it
    lr = torch.load(tmp_path / "run" / "last.pt", weights_only=False)["opt"]["param_groups"][0]["lr"]
    assert (lr < 0.01 / 100) if by_time else (lr > 0.01 / 100)    # not annealed: still warming up, or near its peak


def test_max_crops_takes_an_even_share_of_every_set(crops_set, tmp_path):
    from vision.train.classifier import _load_all
    from vision.train.crop_data import crop_count
    n = crop_count(crops_set)
    spec = TrainSpec(data=[crops_set, crops_set], out=tmp_path, max_crops=n)
    crops = _load_all(spec, log=lambda msg: None)
    assert abs(len(crops) - n) <= 1
    halves = crops.photos >= 1_000_000                      # the second set's photos are numbered apart
    assert abs(int(halves.sum()) - n // 2) <= 1
    assert len(_load_all(TrainSpec(data=[crops_set], out=tmp_path), log=lambda msg: None)) == n


def test_augmentation_runs_where_its_batch_and_generator_are():
    images = np.random.default_rng(0).integers(0, 256, (8, 64, 64, 3), np.uint8)
    x = to_tensor(images, "cpu")
    assert x.shape == (8, 3, 64, 64) and x.dtype == torch.float32 and float(x.max()) <= 1.0
    a = augment(x, 48, torch.Generator(device="cpu").manual_seed(1))
    b = augment(x, 48, torch.Generator(device="cpu").manual_seed(1))
    assert a.shape == (8, 3, 48, 48) and torch.equal(a, b) and a.device == x.device


def test_shape_augmentation_changes_glyphs_as_another_font_would():
    from vision.train.crop_data import _font_like, _stroke_weight
    ang, zoom = torch.tensor([0.1, -0.2]), torch.tensor([1.0, 1.1])
    tx, ty, none = torch.tensor([0.01, 0.02]), torch.tensor([0.0, -0.03]), torch.zeros(2)
    plain = _font_like(ang, zoom, none, none, tx, ty)
    cos, sin = torch.cos(ang) / zoom, torch.sin(ang) / zoom
    assert torch.allclose(plain[:, :, :2], torch.stack([torch.stack([cos, -sin], 1), torch.stack([sin, cos], 1)], 1))
    assert torch.equal(plain[:, :, 2], torch.stack([tx, ty], 1))
    wider = _font_like(torch.zeros(1), torch.ones(1), torch.tensor([0.2]), torch.zeros(1), torch.zeros(1), torch.zeros(1))
    assert float(wider[0, 0, 0]) < 1.0 and float(wider[0, 1, 1]) == 1.0    # samples less of x: the glyph widens
    face = torch.ones(2, 3, 16, 16)
    face[:, :, 6:10, 7:9] = 0.0                                            # a dark stroke on a light face
    both = torch.tensor([True, True])
    out = _stroke_weight(face, both, torch.tensor([True, False]), torch.ones(2))
    ink = lambda t: int((t[0] < 0.5).sum())  # noqa: E731
    assert ink(out[0]) > ink(face[0]) and ink(out[1]) < ink(face[1])
    untouched = _stroke_weight(face, torch.tensor([False, True]), torch.tensor([True, True]), torch.ones(2))
    assert torch.equal(untouched[0], face[0]) and not torch.equal(untouched[1], face[1])
    x = to_tensor(np.random.default_rng(0).integers(0, 256, (8, 64, 64, 3), np.uint8), "cpu")
    a = augment(x, 48, torch.Generator().manual_seed(2), shapes=True)
    b = augment(x, 48, torch.Generator().manual_seed(2), shapes=True)
    assert a.shape == (8, 3, 48, 48) and torch.equal(a, b)


def test_a_wider_net_starts_from_a_narrower_ones_weights_computing_the_same():
    from vision.train.classifier_net import IndexNet, widened
    torch.manual_seed(0)
    narrow = IndexNet(16)
    for m in narrow.modules():                   # running statistics that are not the defaults
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
    wide = IndexNet(24)
    wide.load_state_dict(widened(narrow.state_dict(), wide))
    x = torch.rand(4, 3, 48, 48)
    narrow.eval(), wide.eval()
    with torch.no_grad():
        assert torch.allclose(narrow(x), wide(x), atol=1e-5)
    # the new channels are there to learn: they compute something, and gradients reach them
    assert float(wide.features[0][0].weight[8:].abs().sum()) > 0
    wide.train()
    torch.nn.functional.cross_entropy(wide(x), torch.tensor([0, 1, 2, 3])).backward()
    assert float(wide.head[-1].weight.grad[:, 64:].abs().sum()) > 0
    with pytest.raises(ValueError, match="cannot widen"):
        widened(wide.state_dict(), narrow)


def _trained_looking_net(width: int, layout: str = "quarter") -> "torch.nn.Module":
    """An IndexNet whose batch norms hold statistics and affine weights far from their defaults, as
    training leaves them."""
    from vision.train.classifier_net import IndexNet
    torch.manual_seed(5)
    net = IndexNet(width, layout=layout)
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.2, 3.0)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.3, 0.3)
    return net.eval()


@pytest.mark.parametrize("layout", ["quarter", "fine"])
def test_a_classifier_unfolded_from_its_onnx_computes_what_the_onnx_does_and_trains_on(crops_set, tmp_path, layout):
    from vision.train.classifier_unfold import calibration_crops, unfold_classifier
    from vision.train.crop_data import sample_crops
    net = _trained_looking_net(16, layout)
    torch.save({"model": net.state_dict(), "width": 16, "layout": layout}, tmp_path / "best.pt")
    onnx_path = export_classifier(tmp_path / "best.pt", tmp_path / "classifier.onnx")
    import onnx
    assert not [n for n in onnx.load(str(onnx_path)).graph.node if n.op_type == "BatchNormalization"]  # folded
    images = sample_crops(crops_set, 256, seed=1)
    assert images.shape == (256, 64, 64, 3) and images.dtype == np.uint8
    cal = calibration_crops(images, seed=1)
    checkpoint = unfold_classifier(onnx_path, cal)
    assert checkpoint["width"] == 16 and checkpoint["layout"] == layout
    torch.save(checkpoint, tmp_path / "unfolded.pt")
    back = load_trained(tmp_path / "unfolded.pt")
    with torch.no_grad():
        expected = torch.softmax(net(cal), 1)
        assert torch.allclose(torch.softmax(back(cal), 1), expected, atol=1e-5)
        # in training mode a batch norm uses the batch's statistics: on the calibration batch those
        # are the ones it was given, so training starts from what the ONNX file computes
        back.train()
        back.head[2].eval()                                     # no dropout, to compare
        assert torch.allclose(torch.softmax(back(cal), 1), expected, atol=1e-4)
        batch_norms = [m for m in back.modules() if isinstance(m, torch.nn.BatchNorm2d)]
        assert all(float(m.running_var.min()) > 0 for m in batch_norms)
    # a run continues it
    spec = TrainSpec(data=[crops_set], out=tmp_path / "run", epochs=1, batch=64, width=16, device="cpu",
                     threads=1, init=tmp_path / "unfolded.pt", layout=layout)
    assert train_classifier(spec, log=lambda msg: None)["epochs_done"] == 1


def _export_not_a_classifier(path) -> None:
    """An ONNX file of another net than the classifier's (input and output named otherwise)."""
    class NotIndexNet(torch.nn.Module):
        def forward(self, x):
            return torch.relu(x)

    torch.onnx.export(NotIndexNet(), torch.zeros(1, 3, 48, 48), str(path), dynamo=False)


def test_unfold_refuses_an_onnx_file_that_is_not_the_classifiers(tmp_path):
    from vision.train.classifier_unfold import UnfoldError, unfold_classifier
    _export_not_a_classifier(tmp_path / "other.onnx")
    with pytest.raises(UnfoldError, match="other.onnx"):
        unfold_classifier(tmp_path / "other.onnx", torch.zeros(4, 3, 48, 48))
    (tmp_path / "broken.onnx").write_bytes(b"not a model")
    with pytest.raises(UnfoldError, match="broken.onnx: not an ONNX file"):
        unfold_classifier(tmp_path / "broken.onnx", torch.zeros(4, 3, 48, 48))


def test_burraco_train_unfold_writes_a_checkpoint_that_loads(crops_set, tmp_path, capsys):
    net = _trained_looking_net(16)
    torch.save({"model": net.state_dict(), "width": 16}, tmp_path / "best.pt")
    export_classifier(tmp_path / "best.pt", tmp_path / "classifier.onnx")
    out = tmp_path / "unfolded.pt"
    assert main(["train", "unfold", "--data", str(crops_set), "--onnx", str(tmp_path / "classifier.onnx"),
                 "--out", str(out)]) == 0
    assert "width 16" in capsys.readouterr().out
    x = torch.rand(8, 3, 48, 48)
    with torch.no_grad():
        assert torch.allclose(torch.softmax(load_trained(out)(x), 1), torch.softmax(net(x), 1), atol=1e-5)
    assert main(["train", "unfold", "--data", str(crops_set), "--onnx", str(tmp_path / "missing.onnx"),
                 "--out", str(out)]) == 2
    assert "no such file" in capsys.readouterr().err


def test_burraco_train_average_gives_the_mean_of_the_classifiers_readings(tmp_path, capsys):
    import onnxruntime as ort
    from vision.train.classifier_net import IndexNet
    paths = []
    for seed in (1, 2):
        torch.manual_seed(seed)
        torch.save({"model": IndexNet(16).state_dict(), "width": 16}, tmp_path / f"{seed}.pt")
        paths.append(export_classifier(tmp_path / f"{seed}.pt", tmp_path / f"c{seed}" / "classifier.onnx"))
    assert main(["train", "average", "--onnx", str(paths[0]), "--onnx", str(paths[1]),
                 "--export", str(tmp_path / "avg")]) == 0
    assert "the mean of 2 classifiers" in capsys.readouterr().out
    x = np.random.default_rng(0).random((5, 3, 48, 48), dtype=np.float32)
    one, two = (ort.InferenceSession(str(p)).run(None, {"crops": x})[0] for p in paths)
    mean = ort.InferenceSession(str(tmp_path / "avg" / "classifier.onnx")).run(None, {"crops": x})[0]
    assert not np.allclose(one, two, atol=1e-3)                  # two different classifiers
    assert np.allclose(mean, (one + two) / 2, atol=1e-6) and mean.shape == (5, 54)
    import onnx                                  # a classifier whose graph also names its input's shape
    hinted = onnx.load(str(paths[1]))
    hinted.graph.value_info.append(hinted.graph.input[0])
    onnx.save(hinted, str(tmp_path / "hinted.onnx"))
    assert main(["train", "average", "--onnx", str(paths[0]), "--onnx", str(tmp_path / "hinted.onnx"),
                 "--export", str(tmp_path / "avg2")]) == 0
    again = ort.InferenceSession(str(tmp_path / "avg2" / "classifier.onnx")).run(None, {"crops": x})[0]
    assert np.allclose(again, mean, atol=1e-6)
    from vision.train.classifier_unfold import UnfoldError, unfold_classifier
    with pytest.raises(UnfoldError, match="averaged: unfold one of them"):      # one net at a time
        unfold_classifier(tmp_path / "avg" / "classifier.onnx", torch.zeros(4, 3, 48, 48))
    # refused: one classifier alone, a missing file, the output over an input, an ONNX not a classifier's
    assert main(["train", "average", "--onnx", str(paths[0]), "--export", str(tmp_path / "x")]) == 2
    assert "two classifiers at least" in capsys.readouterr().err
    assert main(["train", "average", "--onnx", str(paths[0]), "--onnx", str(tmp_path / "no.onnx"),
                 "--export", str(tmp_path / "x")]) == 2
    assert "no such ONNX file" in capsys.readouterr().err
    assert main(["train", "average", "--onnx", str(paths[0]), "--onnx", str(paths[1]),
                 "--export", str(paths[0].parent)]) == 2
    assert "is one of the classifiers averaged" in capsys.readouterr().err
    _export_not_a_classifier(tmp_path / "other.onnx")
    assert main(["train", "average", "--onnx", str(paths[0]), "--onnx", str(tmp_path / "other.onnx"),
                 "--export", str(tmp_path / "x")]) == 2
    assert "other.onnx" in capsys.readouterr().err and not (tmp_path / "x" / "classifier.onnx").exists()
    (tmp_path / "broken.onnx").write_bytes(b"not a model")
    assert main(["train", "average", "--onnx", str(paths[0]), "--onnx", str(tmp_path / "broken.onnx"),
                 "--export", str(tmp_path / "x")]) == 2
    assert "broken.onnx: not an ONNX file" in capsys.readouterr().err

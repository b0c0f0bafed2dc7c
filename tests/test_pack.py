"""The artwork pack: faces, index boxes and backs survive the trip; a factory reading a pack
renders nothing (no rsvg-convert, no fonts); evaluation designs never enter a pack."""
import numpy as np
import pytest

from engine.card import full_deck
from engine.cli import main
from vision.synth import designs as designs_module
from vision.synth.designs import designs_for, rendered_designs
from vision.synth.pack import PACK_ENV, PackError, pack_designs, read_pack, write_pack
from vision.synth.synth import generate
from vision.synth.synth_settings import SynthSettings

S = SynthSettings()
PROC = f"proc/{S.procedural_seed}-0"


@pytest.fixture(scope="module")
def originals():
    """A procedural design, and a GNOME one with a back when Debian's decks are installed."""
    train = rendered_designs("train")
    picked = [d for d in train if d.name == PROC]
    gnome = [d for d in train if d.source == "gnome" and d.back() is not None]
    return picked + gnome[:1]


@pytest.fixture(scope="module")
def pack(originals, tmp_path_factory):
    path = tmp_path_factory.mktemp("pack") / "train.pack"
    write_pack(originals, path)
    return path


def test_faces_boxes_and_backs_round_trip(originals, pack):
    read = read_pack(pack)
    assert [d.name for d in read["designs"]] == [d.name for d in originals]
    for before, after in zip(originals, read["designs"]):
        assert after.source == before.source and after.split == "train"
        for card in full_deck():
            a, b = before.face(card), after.face(card)
            assert b.image.shape == a.image.shape and b.image.dtype == np.uint8
            assert np.array_equal(b.image[:, :, 3], a.image[:, :, 3])          # alpha is kept exactly
            on_card = a.image[:, :, 3] > 0
            diff = np.abs(b.image[:, :, :3].astype(int) - a.image[:, :, :3])
            psnr = 10 * np.log10(255 ** 2 / max((diff[on_card] ** 2).mean(), 1e-9))
            assert psnr > 20 and diff[on_card].mean() < 10, (before.name, card, psnr)   # lossy WebP, fine court art
            for x0, y0, x1, y1 in a.indices.astype(int):                               # indices stay sharp
                assert diff[y0:y1, x0:x1].mean() < 10, (before.name, card)
            np.testing.assert_allclose(b.indices, a.indices, atol=0.006)
        if before.back() is None:
            assert after.back() is None
        else:
            assert after.back().shape == before.back().shape
            assert np.abs(after.back().astype(int) - before.back()).mean() < 4


def test_the_factory_reads_the_pack_and_renders_nothing(pack, originals, monkeypatch):
    def forbidden(*args, **kw):
        raise AssertionError("the factory rendered artwork although a pack was given")

    import subprocess

    from PIL import ImageFont
    monkeypatch.setattr(designs_module, "_from_sources", forbidden)       # Debian decks, procedural decks
    monkeypatch.setattr(ImageFont, "truetype", forbidden)                # fonts
    monkeypatch.setattr(subprocess, "run", forbidden)                    # rsvg-convert
    monkeypatch.setattr(subprocess, "Popen", forbidden)
    monkeypatch.setenv(PACK_ENV, str(pack))
    designs = designs_for("train")
    assert [d.name for d in designs] == sorted(d.name for d in originals)
    sample = generate(5, 0, designs)
    assert len(sample.boxes) > 0 and set(sample.truth["designs"]) <= {d.name for d in originals}
    monkeypatch.delenv(PACK_ENV)
    monkeypatch.undo()
    assert {d.name for d in designs_for("train")} > {d.name for d in originals}   # back to the sources


def test_evaluation_designs_never_enter_a_pack(tmp_path):
    evaluation = rendered_designs("eval")
    assert evaluation
    with pytest.raises(PackError, match="only training designs"):
        write_pack(evaluation[:1], tmp_path / "eval.pack")
    assert not (tmp_path / "eval.pack").exists()
    names = ",".join(d.name for d in evaluation)
    assert main(["pack", "--out", str(tmp_path / "x.pack"), "--designs", names]) == 1
    assert not (tmp_path / "x.pack").exists()


def test_pack_command_and_refusals(tmp_path, capsys):
    path = tmp_path / "p" / "one.pack"
    assert main(["pack", "--out", str(path), "--designs", PROC]) == 0
    assert "1 designs" in capsys.readouterr().out
    assert [d.name for d in pack_designs(path, S.procedural_designs, S.procedural_seed)] == [PROC]
    with pytest.raises(PackError, match="procedural designs"):
        pack_designs(path, S.procedural_designs + 1, S.procedural_seed)
    with pytest.raises(PackError, match=r"\(base fonts\), not .* \(wide fonts\)"):
        pack_designs(path, S.procedural_designs, S.procedural_seed, "wide")
    broken = tmp_path / "broken.pack"
    broken.write_bytes(path.read_bytes()[:1000])
    with pytest.raises(PackError, match="cannot read"):
        read_pack(broken)
    with pytest.raises(PackError, match="cannot read"):
        read_pack(tmp_path / "missing.pack")

"""The editor's Ctrl+Space names (web/frontend/src/library-names.json, bundled into the editor) are written from
the track specs: a track added or changed in sandbox/tracks.py without running the tool shows here."""

from __future__ import annotations

import json
from pathlib import Path

from mljudge.sandbox.tracks import TRACKS

NAMES = json.loads((Path(__file__).resolve().parents[2] / "mljudge/web/frontend/src/library-names.json").read_text())
REGENERATE = "run .venv/bin/python web/frontend/tools/library_names.py, then npm run build in web/frontend"


def test_every_track_is_in_the_editors_names() -> None:
    assert NAMES["tracks"] == {track.name: {"aliases": track.completion.aliases,
                                            "instance": track.completion.instance}
                               for track in TRACKS.values()}, REGENERATE
    assert set(NAMES["versions"]) == {track.marker for track in TRACKS.values()}, REGENERATE
    for track in TRACKS.values():
        for module in (*track.completion.modules, track.completion.instance):
            assert NAMES["modules"].get(module), f"{module} has no names: {REGENERATE}"


def test_the_tracks_cut_of_its_library_holds() -> None:
    torch = NAMES["modules"]["torch"]
    assert "tanh" in torch["function"] and "relu_" not in torch["function"]  # in-place twins left out
    assert set(torch["namespace"]) == {"nn", "linalg", "fft", "special", "autograd", "func", "distributions",
                                       "testing"}
    assert "tanh" in NAMES["modules"]["numpy"]["function"] and "linalg" in NAMES["modules"]["numpy"]["namespace"]
    assert "reshape" in NAMES["modules"]["numpy.ndarray"]["method"]

"""Reading the judge's files, writing outside the private /tmp, the judge's environment, the network: what
the OS jail keeps from a submission (with the policy's and the audit hook's refusals where they come first)."""

from __future__ import annotations

import dataclasses
import os
import socket
import textwrap
from pathlib import Path

import pytest

from mljudge.judge.exercise import Exercise
from mljudge.sandbox.pool import Pool
from tests.judging import judged
from tests.sandbox.attacks.common import (
    EXPECTED_JSON,
    GELU_DIR,
    MARK,
    MODEL,
    NEEDS_ROOT,
    REFERENCE_PY,
    REPO,
    Attack,
    attack,
    is_zygote,
    nobody_connected,
    processes,
    run_attacks,
    src,
    text_of,
)

pytestmark = NEEDS_ROOT


@pytest.fixture
def gelu(gelu: Exercise) -> Exercise:
    """GELU without its vocabulary: these attacks use files, processes and memory maps (np.save, torch.save, …), which
    no exercise builds from, to test the layers below the exercise's rule — the audit hook and the OS jail."""
    return dataclasses.replace(gelu, vocabulary=None)


@pytest.fixture
def pool(every_layer_but_the_vocabulary: Pool) -> Pool:
    """Every layer but the vocabulary's table in its children: the jail is under test here, not the exercise's rule
    (which refuses np.loadtxt, np.memmap, torch.save and their kind before the jail is even reached)."""
    return every_layer_but_the_vocabulary




# --- reading expected values or the reference from disk --------------------------------------------------------

READS = [
    # open() the expected values by absolute path
    Attack("open-expected", src(f"""
        def gelu(x):
            return open({str(EXPECTED_JSON)!r}).read()
        """), "forbidden", ("open()",)),
    # np.loadtxt on expected.json: the checkout is not in the jail
    Attack("np-loadtxt-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.loadtxt({str(EXPECTED_JSON)!r}, dtype=str)
        """), "runtime_error", ("FileNotFoundError",)),
    # np.genfromtxt on the reference implementation
    Attack("np-genfromtxt-reference", src(f"""
        import numpy as np
        def gelu(x):
            return np.genfromtxt({str(REFERENCE_PY)!r}, dtype=str, delimiter="\\n")
        """), "runtime_error", ("FileNotFoundError",)),
    # np.fromfile on expected.json
    Attack("np-fromfile-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.fromfile({str(EXPECTED_JSON)!r}, dtype=np.uint8)
        """), "runtime_error", ("PermissionError", "cannot open files")),
    # np.memmap (read-only) on expected.json
    Attack("np-memmap-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.memmap({str(EXPECTED_JSON)!r}, mode="r", dtype=np.uint8)
        """), "runtime_error", ("FileNotFoundError",)),
    # np.load (also a pickle gateway) on expected.json
    Attack("np-load-expected", src(f"""
        import numpy as np
        def gelu(x):
            return np.load({str(EXPECTED_JSON)!r})
        """), "forbidden", ("numpy.load",)),
    # torch.load on expected.json
    Attack("torch-load-expected", src(f"""
        import torch
        def gelu(x):
            return torch.load({str(EXPECTED_JSON)!r})
        """), "forbidden", ("torch.load",)),
    # torch.from_file maps any file into a tensor: refused by identity (sandbox.corners.RAW_MEMORY)
    Attack("torch-from-file-expected", src(f"""
        import torch
        def gelu(x):
            return torch.from_file({str(EXPECTED_JSON)!r}, size=64, dtype=torch.uint8)
        """), "forbidden", ("torch.from_file",)),
    # a relative path climbing out of the working directory
    Attack("np-loadtxt-relative", src(f"""
        import numpy as np
        def gelu(x):
            return np.loadtxt({"../../../.." + str(EXPECTED_JSON)!r}, dtype=str)
        """), "runtime_error", ("FileNotFoundError",)),
    # the judge's memory through /proc
    Attack("np-loadtxt-proc-environ", src("""
        import numpy as np
        def gelu(x):
            return np.loadtxt("/proc/1/environ", dtype=str)
        """), "runtime_error", ("FileNotFoundError",)),
]


@pytest.mark.parametrize("case", run_attacks(READS))
def test_reading_files(gelu: Exercise, pool: Pool, case: Attack) -> None:
    report = attack(gelu, pool, case.source, case.verdict, *case.names)
    assert report.passed == 0


# --- writing outside the private /tmp --------------------------------------------------------------------------

WRITES = {
    # np.save into the checkout
    "np-save-checkout": ("np.save({!r}, x)", REPO / f"{MARK}.npy", "runtime_error"),
    # np.save into root's home
    "np-save-root": ("np.save({!r}, x)", Path(f"/root/{MARK}.npy"), "runtime_error"),
    # np.save into /tmp: lands in the child's private tmpfs, never the host's /tmp
    "np-save-tmp": ("np.save({!r}, x)", Path(f"/tmp/{MARK}.npy"), "wrong_answer"),
    # np.savetxt into /tmp
    "np-savetxt-tmp": ("np.savetxt({!r}, x.reshape(-1))", Path(f"/tmp/{MARK}.txt"), "wrong_answer"),
    # ndarray.tofile into /tmp
    "tofile-tmp": ("x.tofile({!r})", Path(f"/tmp/{MARK}"), "runtime_error"),
    # a writable memmap into the exercise's own folder
    "memmap-exercise": ("np.memmap({!r}, mode='w+', shape=(3,))", GELU_DIR / f"{MARK}.json", "runtime_error"),
}


@pytest.mark.parametrize("template, path, verdict", WRITES.values(), ids=WRITES.keys())
def test_numpy_writes_stay_in_the_jail(gelu: Exercise, bare_pool: Pool, host_paths: list[Path], template: str,
                                       path: Path, verdict: str) -> None:
    # the OS layer alone (no audit hook): a write lands in the private /tmp or fails, never on the host
    assert path in host_paths
    source = src(f"""
        import numpy as np
        def gelu(x):
            {template.format(str(path))}
            return x
        """)
    attack(gelu, bare_pool, source, verdict)
    assert not path.exists()


@pytest.mark.parametrize("template, path", [(t, p) for t, p, _ in WRITES.values()], ids=WRITES.keys())
def test_file_writes_are_refused(gelu: Exercise, every_layer_but_the_vocabulary: Pool, host_paths: list[Path],
                                 template: str, path: Path) -> None:
    pool = every_layer_but_the_vocabulary
    # with every layer: creating or changing a file is refused by the audit hook, a verdict that says so
    # (ndarray.tofile looks `open` up in the builtins, which the submission's are not: a PermissionError)
    source = src(f"""
        import numpy as np
        def gelu(x):
            {template.format(str(path))}
            return x
        """)
    if template.startswith("x.tofile"):
        attack(gelu, pool, source, "runtime_error", "PermissionError")
    else:
        attack(gelu, pool, source, "forbidden", "`open`")
    assert not path.exists()


@pytest.mark.parametrize("path, verdict", [
    (REPO / f"{MARK}.pt", "runtime_error"),  # torch.save into the checkout
    (Path(f"/root/{MARK}.pt"), "runtime_error"),  # torch.save into /root
    (Path(f"/tmp/{MARK}.pt"), "wrong_answer"),  # torch.save into the private /tmp
], ids=["checkout", "root", "tmp"])
def test_torch_save_stays_in_the_jail(gelu: Exercise, bare_pool: Pool, host_paths: list[Path], path: Path,
                                      verdict: str) -> None:
    source = src(f"""
        import torch
        def gelu(x):
            torch.save(x, {str(path)!r})
            return x
        """)
    attack(gelu, bare_pool, source, verdict)
    assert not path.exists()
    attack(gelu, bare_pool, source.replace("import torch", "import torch\nimport numpy"), verdict)


def test_torch_save_with_every_layer_lands_in_the_private_tmp(gelu: Exercise, every_layer_but_the_vocabulary: Pool,
                                                               host_paths: list[Path]) -> None:
    pool = every_layer_but_the_vocabulary
    # torch.save opens its file in C++, where no audit event fires: the jail alone keeps it off the host
    source = f"import torch\n\ndef gelu(x):\n    torch.save(x, '/tmp/{MARK}.pt')\n    return x\n"
    attack(gelu, pool, source, "wrong_answer")
    assert not Path(f"/tmp/{MARK}.pt").exists()


def test_tmp_is_private_to_each_run(gelu: Exercise, bare_pool: Pool, host_paths: list[Path]) -> None:
    # one run leaves a file in /tmp, the next looks for it: each child gets a fresh, empty /tmp (the OS layer
    # alone: with the audit hook the write is refused in the first place)
    writer = src(f"""
        import numpy as np
        np.save("/tmp/{MARK}.npy", np.arange(3.0))
        def gelu(x):
            return x
        """)
    reader = src(f"""
        import numpy as np
        def gelu(x):
            return np.memmap("/tmp/{MARK}.npy", mode="r", dtype=np.uint8)
        """)
    attack(gelu, bare_pool, writer, "wrong_answer")
    for _ in range(3):  # whichever child takes it
        attack(gelu, bare_pool, reader, "runtime_error", "FileNotFoundError")


# --- the judge's environment -----------------------------------------------------------------------------------

ENV_ROUTES = [
    # os.environ after importing os
    Attack("import-os-environ", src("""
        import os
        def gelu(x):
            print(dict(os.environ))
            return x
        """), "forbidden", ("os",)),
    # os.environ through torch
    Attack("torch-os-environ", src("""
        import torch
        def gelu(x):
            print(dict(torch.os.environ))
            return x
        """), "forbidden", ("os",)),
    # os.environ through numpy.f2py
    Attack("np-f2py-environ", src("""
        import numpy as np
        def gelu(x):
            print(dict(np.f2py.os.environ))
            return x
        """), "forbidden", ("numpy.f2py",)),
    # reading the environment block from /proc
    Attack("np-proc-self-environ", src("""
        import numpy as np
        def gelu(x):
            print(np.loadtxt("/proc/self/environ", dtype=str, delimiter="\\0"))
            return x
        """), "runtime_error", ("FileNotFoundError",)),
    # torch's own view of an env var
    Attack("torch-config-show", src("""
        import torch
        def gelu(x):
            print(torch.__config__.show())
            return x
        """), "forbidden", ("__config__",)),
]


@pytest.mark.parametrize("case", run_attacks(ENV_ROUTES))
def test_environment_is_not_visible(gelu: Exercise, secret_pool: tuple[Pool, str], case: Attack) -> None:
    fresh, secret = secret_pool
    report = attack(gelu, fresh, case.source, case.verdict, *case.names)
    assert secret not in text_of(report)
    assert "MLJUDGE_ATTACK_SECRET" not in text_of(report)


def test_zygotes_never_hold_the_judges_environment(gelu: Exercise, secret_pool: tuple[Pool, str]) -> None:
    # not an attack: the host-side fact behind the ones above
    fresh, secret = secret_pool
    assert judged(gelu, MODEL["numpy"], "numpy", pool=fresh).verdict == "accepted"
    zygotes = [pid for pid, (ppid, _, cmd, _) in processes().items() if ppid == os.getpid() and is_zygote(cmd)]
    assert zygotes
    for pid in zygotes:
        assert secret.encode() not in Path(f"/proc/{pid}/environ").read_bytes()


# --- the network -----------------------------------------------------------------------------------------------

NETWORK = {
    # import socket
    "import-socket": ("import socket\nsocket.create_connection(('127.0.0.1', {port}))", "forbidden", "socket"),
    # urllib
    "import-urllib": ("import urllib.request\nurllib.request.urlopen('http://127.0.0.1:{port}/')", "forbidden",
                      "urllib"),
    # numpy's DataSource fetches URLs with urllib
    "np-datasource-url": ("import numpy as np\nnp.lib.npyio.DataSource(None).open('http://127.0.0.1:{port}/x')",
                          "forbidden", ""),  # its download folder is refused before any connection
    # np.genfromtxt on a URL
    "np-genfromtxt-url": ("import numpy as np\nnp.genfromtxt('http://127.0.0.1:{port}/x.txt')", "runtime_error",
                          ""),
    # torch.hub's downloader, re-exported as torch.utils.model_zoo
    "torch-model-zoo": ("import torch.utils.model_zoo\ntorch.utils.model_zoo.load_url("
                        "'http://127.0.0.1:{port}/x.pt', model_dir='/tmp')", "forbidden", ""),
    # torch.distributed's TCP store
    "torch-distributed": ("import torch\ntorch.distributed.TCPStore('127.0.0.1', {port})", "forbidden",
                          "torch.distributed"),
}


@pytest.mark.parametrize("code, verdict, name", NETWORK.values(), ids=NETWORK.keys())
def test_network(gelu: Exercise, pool: Pool, listener: tuple[int, socket.socket], code: str, verdict: str,
                 name: str) -> None:
    port, server = listener
    body = textwrap.indent(code.format(port=port), "    ")
    source = f"def gelu(x):\n{body}\n    return x\n"
    attack(gelu, pool, source, verdict, *([name] if name else []))
    assert nobody_connected(server)

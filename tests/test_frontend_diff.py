"""Differential test of the C and LLVM front ends (scripts/frontend_diff.py): where both decide,
they agree.  The default run checks the pair classification, the native replay harness, and
a handful of quick programs (tests/data/diff/*.c, `// EXPECT:` header, optional
`// DATA_MODEL:`); the `slow` run goes over the SV-COMP tasks and the SMACK folders in both
encodings and fails on any contradiction, suspect or spurious bug."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cases import read_case

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data" / "diff"
_spec = importlib.util.spec_from_file_location("frontend_diff", ROOT / "scripts" / "frontend_diff.py")
fd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fd)


def _clang_ok() -> bool:
    from frontend.llvm.compile import clang_command
    return clang_command() is not None


needs_clang = pytest.mark.skipif(not _clang_ok(), reason="no clang: neither system clang nor ziglang")


@pytest.mark.parametrize("c,l,want", [
    ("bug", "correct", "CONTRADICTION"), ("correct", "bug", "CONTRADICTION"),
    ("bug", "bounded", "bug/bounded"), ("bounded", "bug", "bug/bounded"),
    ("correct", "bounded", "agree"), ("bug", "bug", "agree"),
    ("bug", "unknown", "undecided"), ("rejected", "correct", "undecided"),
])
def test_classify(c, l, want):
    assert fd.classify(c, l) == want


@pytest.mark.skipif(fd.native_compiler("LP64") is None, reason="no native compiler")
def test_native_replay_tells_real_from_spurious(tmp_path):
    """The script's replay is the product's (replay.native) on the `--json` trace."""
    prog = tmp_path / "p.c"
    prog.write_text("extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
                    "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
                    "int main(void) { int x = __VERIFIER_nondet_int();\n"
                    "  unsigned char c = __VERIFIER_nondet_uchar();\n"
                    "  if (x == -5 && c == 251) reach_error(); return 0; }\n")

    def trace(*vs):
        return {"steps": [], "nondet": [{"what": "int", "value": v, "proc": "main"} for v in vs]}
    assert fd.replay(str(prog), "LP64", trace("-5", "251")) == "reached"
    assert fd.replay(str(prog), "LP64", trace("4294967291bv32", "251bv8")) == "reached"
    assert fd.replay(str(prog), "LP64", trace("-5", "250")).startswith("not reached")
    assert "more nondet calls" in fd.replay(str(prog), "LP64", trace("-5"))
    assert fd.replay(str(prog), "LP64", None).startswith("replay error")


def _data_cases():
    for p in sorted(DATA.glob("*.c")):
        for enc in ("int", "bv"):
            yield pytest.param(p, enc, id=f"{p.name}-{enc}")


@needs_clang
@pytest.mark.parametrize("path,enc", list(_data_cases()))
def test_front_ends_agree_on_small_programs(path, enc, monkeypatch, tmp_path):
    monkeypatch.setenv("PYCORRAL_LLVM_CACHE", str(tmp_path))
    want = read_case(path).expect
    task, = fd.select_tasks([], "", None, None, [str(path)])
    row = fd.diff_task(task, enc, timeout=60, bound=6, deepen=2, do_replay=True,
                       replay_all=True)     # bug values must reach the error natively
    assert row["class"] == "agree", row
    # both decide, and the shared verdict is the expected one ("bounded" for a correct
    # program whose loops the bound cuts is not a decision about correctness)
    assert row["c"] == row["llvm"] == want, row


@pytest.mark.slow
@pytest.mark.parametrize("corpus", ["svcomp", "smack"])
def test_corpus_differential(corpus, tmp_path):
    out = tmp_path / "diff.csv"
    code = fd.main(["--corpus", corpus, "--timeout", "30", "--jobs", "2", "--csv", str(out)])
    text = out.read_text()
    bad = [line for line in text.splitlines() if any(b in line for b in fd.BAD)]
    assert code == 0 and not bad, "\n".join(bad)

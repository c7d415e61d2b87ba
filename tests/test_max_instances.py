"""`check --max-instances N`: the search gives up (UNKNOWN, reason kind resource) once it has
inlined N procedure instances, and the cap reaches the engine unchanged (the option
table's verify view: declared once in verifier/run_options.py)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# a recursion whose bug needs 12 calls deep: found with room, out of instances with 3
PROGRAM = """
var n: int;
procedure down(k: int) modifies n; {
  if (k > 0) { n := n + 1; call down(k - 1); }
}
procedure {:entrypoint} main() modifies n; {
  n := 0;
  call down(12);
  assert n != 12;
}
"""


def _check(tmp_path: Path, *extra: str) -> dict:
    src = tmp_path / "deep.bpl"
    src.write_text(PROGRAM)
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--json",
                        "--bound", "20", "--strategy", "si", "--no-replay", *extra],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert "Traceback" not in p.stderr, p.stderr
    return json.loads(p.stdout)


def test_the_cap_ends_the_search_unknown(tmp_path):
    out = _check(tmp_path, "--max-instances", "3")
    assert out["verdict"] == "unknown", out
    assert out["reason_kind"] == "resource", out
    assert "more than 3 procedure instances" in out["reason"], out


def test_without_the_cap_the_bug_is_found(tmp_path):
    assert _check(tmp_path)["verdict"] == "bug"


def test_the_option_is_the_verify_views(tmp_path):
    from verifier.run_options import RunOptions
    assert RunOptions(max_instances=7).verify_options(entry="main").max_instances == 7
    assert RunOptions().verify_options(entry="main").max_instances == 200000


def test_a_cap_below_one_is_a_usage_error(tmp_path):
    src = tmp_path / "deep.bpl"
    src.write_text(PROGRAM)
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src),
                        "--max-instances", "0"], capture_output=True, text=True, cwd=ROOT,
                       timeout=600)
    assert p.returncode == 2 and "--max-instances" in p.stderr, p.stderr

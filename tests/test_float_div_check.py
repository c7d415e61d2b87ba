"""--float-div-by-zero-check (CBMC's flag): a floating-point `/` by a zero divisor is a
property violation in both front ends (IEEE defines it -- an infinity or NaN -- so it is off
by default), confirmed natively by UBSan's float-divide-by-zero check."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

BODY = """extern double __VERIFIER_nondet_double(void);
int main(void) {
  double a = __VERIFIER_nondet_double();
  double b = __VERIFIER_nondet_double();
  if (GUARD) {
    double q = a / b;
    (void)q;
  }
  return 0;
}
"""


def _check(tmp_path, guard: str, frontend: str, *flags: str) -> tuple[int, dict]:
    src = tmp_path / "f.c"
    src.write_text(BODY.replace("GUARD", guard))
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--frontend",
                        frontend, "--data-model", "LP64", "--json", "--timeout", "300",
                        *flags], cwd=ROOT, capture_output=True, text=True, timeout=400)
    return p.returncode, json.loads(p.stdout)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")
@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_a_zero_divisor_is_found_and_confirmed(tmp_path, frontend):
    code, doc = _check(tmp_path, "b > -1.0 && b < 1.0", frontend, "--float-div-by-zero-check")
    assert code == 10 and doc["verdict"] == "bug", doc
    assert doc["violation"]["rule"] == "float-division-by-zero", doc["violation"]
    assert doc["violation"]["line"] == 6
    assert doc["stats"]["replay"] == "confirmed", doc["stats"]
    # off by default: IEEE defines the result
    code, doc = _check(tmp_path, "b > -1.0 && b < 1.0", frontend)
    assert doc["verdict"] == "correct", doc


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_a_divisor_kept_from_zero_is_proved(tmp_path, frontend):
    # -0.0 and NaN are excluded by the guard too (comparisons with NaN are false)
    code, doc = _check(tmp_path, "b > 0.5 || b < -0.5", frontend, "--float-div-by-zero-check")
    assert code == 0 and doc["verdict"] == "correct", doc

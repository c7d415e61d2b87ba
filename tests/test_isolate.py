"""verifier/search/isolate.py: work in a forked child whose fd 2 is captured; z3's reports
of failed internal checks never reach the user's terminal."""
import os

import pytest

from verifier.search.isolate import ChildDied, in_child, split_z3_failures

Z3_REPORT = ("ASSERTION VIOLATION\nFile: /src/z3/src/qe/mbp/mbp_arrays.cpp\nLine: 344\n"
             "is_app(v)\n5.4.1.0\nPlease file an issue with this message and more detail "
             "about how you encountered it at https://github.com/Z3Prover/z3/issues/new\n")


def _survives() -> int:
    os.write(2, b"a warning of our own\n" + Z3_REPORT.encode())
    return 42


def _dies() -> int:
    os.write(2, Z3_REPORT.encode())
    os._exit(114)


def test_a_survived_z3_failure_is_a_summary_not_terminal_text(capfd):
    failures: list[str] = []
    assert in_child(_survives, failures) == 42
    err = capfd.readouterr().err
    assert "ASSERTION VIOLATION" not in err and "Please file" not in err
    assert "a warning of our own" in err            # other text still reaches the user
    assert failures == ["z3 internal check failed at mbp_arrays.cpp:344"]


def test_a_child_killed_by_z3_is_child_died(capfd):
    with pytest.raises(ChildDied) as e:
        in_child(_dies)
    assert "mbp_arrays.cpp:344" in e.value.summary()
    assert "exit code 114" in e.value.summary()
    assert "ASSERTION VIOLATION" not in capfd.readouterr().err


def test_split_keeps_text_around_the_report():
    text, found = split_z3_failures("before\n" + Z3_REPORT + "after\n")
    assert text == "before\nafter\n" and len(found) == 1
    assert split_z3_failures("no report\n") == ("no report\n", [])

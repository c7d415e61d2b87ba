"""Shared test fixtures and the test run's own reporting.

* The external corpora (SV-COMP, SMACK, Corral, ldv-bpl; see README "Tests and the
  corpora") are found at $PYCORRAL_CORPORA, else `../shared/corpora` beside the
  repository (`bench.runner.corpora_dir`, the one place that says so).  A test that reads
  them is marked `@pytest.mark.corpora("svcomp", ...)` (the folders it needs); without
  them it is skipped with one reason naming the missing folder.  `corpus_dir(name)` is how
  a marked test reaches a folder; calling it from an unmarked test is an error, so the
  count printed at the start is the real one.
* The run prints one line at its start saying whether the corpora were found and how many
  tests need them, and a summary of the skips grouped by reason at its end.
* CPU-time measurement (`cpu_seconds`, `run_cpu`): time bounds in the tests are bounds on
  the CPU time of this process and its children, never on the wall clock, which two
  workers on two shared cores stretch at will.
"""
from __future__ import annotations

import csv
import os
import resource
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

import pytest

from bench.runner import corpora_dir

ROOT = Path(__file__).resolve().parent.parent
CORPORA = corpora_dir()
CORPORA_MARK = "corpora"
_running: dict = {}                 # the test item whose set-up or call is under way


def missing_corpora(names) -> list[str]:
    """The folders among `names` (empty: the corpora folder itself) that are not there."""
    if not CORPORA.is_dir():
        return [""]
    return [n for n in names if not (CORPORA / n).is_dir()]


def corpora_reason(missing: list[str]) -> str:
    """The one skip reason for a test whose corpora are missing."""
    where = CORPORA if missing == [""] else ", ".join(str(CORPORA / n) for n in missing)
    return (f"needs the external corpora: {where} not found "
            "(set PYCORRAL_CORPORA; README: 'Tests and the corpora')")


def corpus_dir(name: str) -> Path:
    """The corpus folder; a skip with the reason when it is not present.  Only for tests
    marked `@pytest.mark.corpora(name)` (module-level code may call it at collection)."""
    item = _running.get("item")
    if item is not None:
        mark = item.get_closest_marker(CORPORA_MARK)
        assert mark is not None and (not mark.args or name in mark.args), \
            f"{item.nodeid} reads the corpora: mark it @pytest.mark.corpora({name!r})"
    missing = missing_corpora([name])
    if missing:
        pytest.skip(corpora_reason(missing))
    return CORPORA / name


def corpus_rows_missing(name: str, slow: bool = False) -> list:
    """The parameter list of a test over a corpus's rows when that corpus is missing: one
    placeholder (the test's `corpora` mark skips it with the reason), marked slow when
    every row would be."""
    return [pytest.param(None, id=f"{name}-missing", marks=[pytest.mark.slow] if slow else [])]


# Corral's sequential tests that take past 20 s with some strategy: a 60 s limit, marked slow.
CORRAL_SLOW = frozenset({"regression/smack/a.bpl", "regression/trace/a.bpl",
                         "regression/inline/simple.bpl"})


def corral_rows(concurrent: str = "no", slow: frozenset = CORRAL_SLOW) -> list:
    """The rows of Corral's regression list (file, expected, corral_flags, concurrent) as
    pytest parameters named by file, those in `slow` marked slow; one placeholder when the
    corpus is not present (the test is marked `corpora("corral")`)."""
    path = CORPORA / "corral" / "expected.csv"
    if not path.is_file():
        return corpus_rows_missing("corral")
    with path.open(newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["concurrent"] == concurrent]
    return [pytest.param(r, id=r["file"], marks=[pytest.mark.slow] if r["file"] in slow else [])
            for r in rows]


# ----------------------------------------------------------------------------- CPU time

def cpu_seconds() -> float:
    """User + system CPU time of this process and of its children that have been waited
    for (a subprocess run in between is counted once it has ended)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def child_cpu_seconds() -> float:
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return kids.ru_utime + kids.ru_stime


def run_cpu(argv, **kwargs) -> tuple[subprocess.CompletedProcess, float]:
    """`subprocess.run(argv, **kwargs)` and the CPU seconds its process tree used (every
    descendant its parent waited for).  A `timeout=` given is only a guard against a hang,
    never the measure."""
    before = child_cpu_seconds()
    p = subprocess.run(argv, **kwargs)
    return p, child_cpu_seconds() - before


# ----------------------------------------------------------------------------- hooks

def pytest_sessionstart(session):
    """Build the native replay toolchains before any test runs (./test has done it already;
    this covers a bare `pytest`): a test with a time limit must never be the first user of
    zig's musl runtime, whose first build takes about a minute."""
    from replay.prepare import prepare
    prepare(echo=lambda line: print(line))


def pytest_addoption(parser):
    """`--update-golden`: golden-file tests rewrite their expected files instead of
    comparing (review the diff before committing)."""
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite golden expected files instead of comparing")


def pytest_configure(config):
    config.addinivalue_line("markers", f"{CORPORA_MARK}(*folders): reads the external "
                            "corpora (folders under $PYCORRAL_CORPORA); skipped without them")
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        # the controller of xdist workers: they count the corpus tests, it prints the line
        config._pycorral_counts = Path(tempfile.mkdtemp(prefix="pycorral-counts-"))


def pytest_unconfigure(config):
    d = getattr(config, "_pycorral_counts", None)
    if d is not None:
        for f in d.iterdir():
            f.unlink()
        d.rmdir()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    d = getattr(node.config, "_pycorral_counts", None)
    if d is not None:
        node.workerinput["pycorral_counts"] = str(d)


SLOW_CASES = Path(__file__).with_name("slow_cases.txt")


def slow_cases() -> dict[str, str]:
    """tests/slow_cases.txt: node id -> why (cases kept out of the default run for time)."""
    out = {}
    for line in SLOW_CASES.read_text().splitlines():
        node, _, why = line.partition("#")
        if node.strip():
            out[node.strip()] = why.strip()
    return out


@pytest.hookimpl(tryfirst=True, specname="pytest_collection_modifyitems")
def pytest_mark_slow_cases(config, items):      # before `-m` deselects: the mark must be there
    """Marks slow the cases tests/slow_cases.txt names, and stops the run when one of them
    is no longer collected from a file that was (a renamed case would silently come back
    into the default run).  A run of chosen node ids (`file::test`) is not checked."""
    wanted = slow_cases()
    seen, files = set(), set()
    for item in items:
        files.add(item.nodeid.split("::", 1)[0])
        if item.nodeid in wanted:
            seen.add(item.nodeid)
            item.add_marker(pytest.mark.slow)
    if any("::" in str(a) for a in config.args):
        return
    gone = sorted(n for n in wanted if n not in seen and n.split("::", 1)[0] in files)
    if gone:
        raise pytest.UsageError(f"{SLOW_CASES.name} names tests that do not exist: {gone}")


@pytest.hookimpl(trylast=True)          # after `-m`/`-k` have deselected their tests
def pytest_collection_modifyitems(config, items):
    """Skips the tests whose corpora are missing (one reason per missing folder set) and
    counts the corpus tests for the line at the start of the run."""
    need = skip = 0
    for item in items:
        mark = item.get_closest_marker(CORPORA_MARK)
        if mark is None:
            continue
        need += 1
        missing = missing_corpora(mark.args)
        if missing:
            skip += 1
            item.add_marker(pytest.mark.skip(reason=corpora_reason(missing)))
    config._pycorral_corpus_tests = (need, skip)
    where = getattr(config, "workerinput", {}).get("pycorral_counts")
    if where is not None:
        Path(where, f"{os.getpid()}").write_text(f"{need} {skip}")


def corpora_line(need: int, skip: int) -> str:
    """The line at the start of the run: were the corpora found, what that leaves out."""
    if not CORPORA.is_dir():
        return (f"corpora: not found ({CORPORA}; set PYCORRAL_CORPORA): "
                f"{skip} corpus tests skip")
    if skip:
        return f"corpora: found at {CORPORA}, some folders missing: {skip} of {need} " \
               "corpus tests skip"
    return f"corpora: found at {CORPORA} ({need} corpus tests included)"


def pytest_report_collectionfinish(config, start_path, items):
    need, skip = getattr(config, "_pycorral_corpus_tests", (0, 0))
    return corpora_line(need, skip)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """The first worker to finish collecting tells the count (they all collect alike)."""
    config = node.config
    d = getattr(config, "_pycorral_counts", None)
    if d is None or getattr(config, "_pycorral_line_done", False):
        return
    counts = [f.read_text().split() for f in d.iterdir()]
    if not counts:
        return
    config._pycorral_line_done = True
    need, skip = map(int, counts[0])
    tr = config.pluginmanager.get_plugin("terminalreporter")
    if tr is not None:
        tr.ensure_newline()
        tr.write_line(corpora_line(need, skip))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _running["item"] = item


def pytest_runtest_teardown(item):
    _running.pop("item", None)


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    reason = reason.removeprefix("Skipped: ")
    if reason.startswith("needs the external corpora"):
        return "needs the external corpora (set PYCORRAL_CORPORA; README: 'Tests and the corpora')"
    return reason


def pytest_terminal_summary(terminalreporter):
    """The skips grouped by reason, the most frequent first (`-rs` lists each test)."""
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    by = Counter(_skip_reason(r) for r in skipped)
    terminalreporter.write_sep("-", f"{len(skipped)} skipped, by reason")
    for reason, n in by.most_common():
        terminalreporter.write_line(f"{n:5d}  {reason}")


@pytest.fixture
def update_golden(request) -> bool:
    return bool(request.config.getoption("--update-golden"))

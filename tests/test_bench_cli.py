"""`pycorral bench` end to end (click's CliRunner): verdicts, the kill and crash paths,
resume, scoring, the reports, a Dask scheduler, and the shared corpora."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bench.cli import bench_cmd
from bench import dask_pool, runner, scoring

from conftest import corpus_dir

DATA = Path(__file__).resolve().parent / "data" / "bench"
CONFIGS = ["--config", "si=--strategy si", "--config", "static=--strategy static"]

# (task, verdict, outcome) for both configurations of tasks.list
EXPECTED = {
    "proved.bpl": ("correct", "correct"),
    "double_lock.bpl": ("bug", "correct"),
    "deep_bug.bpl": ("bounded", "missed"),
    "bad_syntax.bpl": ("error", "unknown"),
    "c/reach.c": ("bug", "correct"),
    "slow.bpl": ("unknown", "unknown"),
}


def bench_run(*args: str):
    return CliRunner().invoke(bench_cmd, [*args, "--quiet"], catch_exceptions=False)


def csv_rows(out: Path) -> list[dict[str, str]]:
    with open(out / "results.csv", newline="") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="module")
def list_run(tmp_path_factory):
    """tasks.list under si and static.  slow.bpl runs first, killed after 3 s; the second
    command resumes in the same folder and runs the rest with the default limits (a short
    kill limit for every task could hit a quick task on a loaded machine)."""
    out = tmp_path_factory.mktemp("bench")
    first = bench_run(str(DATA / "tasks.list"), *CONFIGS, "--out", str(out), "--jobs", "2",
                      "--filter", "slow", "--timeout", "60", "--kill-after", "3")
    assert first.exit_code == 0 and "2 run(s) to do, 0 already" in first.output
    res = bench_run(str(DATA / "tasks.list"), *CONFIGS, "--out", str(out), "--jobs", "2")
    assert "10 run(s) to do, 2 already" in res.output
    return out, res


def test_verdicts_and_outcomes(list_run):
    out, res = list_run
    assert res.exit_code == 0, res.output
    rows = csv_rows(out)
    assert sorted((r["task"], r["config"]) for r in rows) == \
        sorted((t, c) for t in EXPECTED for c in ("si", "static"))
    for r in rows:
        assert (r["verdict"], r["outcome"]) == EXPECTED[r["task"]], r
        assert int(r["score"]) == scoring.points(r["verdict"], r["expected"])
        assert float(r["time"]) > 0


def test_kill_and_error_are_recorded_with_reasons(list_run):
    out, _ = list_run
    rows = {(r["task"], r["config"]): r for r in csv_rows(out)}
    for c in ("si", "static"):
        slow = rows[("slow.bpl", c)]
        assert slow["reason"].startswith("timeout: killed at the wall-time limit of 3s")
        assert 2.5 < float(slow["time"]) < 30
        bad = rows[("bad_syntax.bpl", c)]
        assert bad["reason"].startswith("bad input:") and "expected ';'" in bad["reason"]
        assert rows[("proved.bpl", c)]["inlined"] not in ("", "0")
        assert float(rows[("proved.bpl", c)]["memory"]) > 10


def test_summary_and_json_totals(list_run):
    out, res = list_run
    doc = json.loads((out / "results.json").read_text())
    for c in ("si", "static"):
        t = doc["totals"][c]
        # proved +2, double_lock +1, reach.c +1; max: 3 true tasks * 2 + 3 false tasks * 1
        assert (t["score"], t["max_score"], t["tasks"]) == (4, 9, 6)
        assert (t["bounded"], t["missed"], t["unknown"], t["error"]) == (1, 1, 1, 1)
        assert f"{c}: 6 tasks, score 4/9" in res.output
    assert len(doc["results"]) == 12


def test_html_report(list_run):
    out, _ = list_run
    page = (out / "report.html").read_text()
    for c in ("si", "static"):
        assert f'<tr class="all"><td class="l">(all)</td><td class="l">{c}</td><td>6</td>' \
               f"<td>4</td><td>9</td>" in page
        for cat in ("c", "tasks"):      # a folder, else the list file's name
            assert f'<td class="l">{cat}</td><td class="l">{c}</td>' in page
    assert page.count("data:image/png;base64,") == 2
    assert "slow.bpl" in page and "timeout: killed" in page
    for img in ("cactus.png", "scatter.png"):
        assert (out / img).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_resume_skips_finished_runs(list_run, tmp_path):
    src, _ = list_run
    lines = (src / runner.RESULTS_FILE).read_text().splitlines()
    kept = [ln for ln in lines if json.loads(ln)["task"] != "proved.bpl"]
    (tmp_path / runner.RESULTS_FILE).write_text("\n".join(kept) + "\n")
    res = bench_run(str(DATA / "tasks.list"), *CONFIGS, "--out", str(tmp_path))
    assert res.exit_code == 0
    assert "2 run(s) to do, 10 already in the results file" in res.output
    now = (tmp_path / runner.RESULTS_FILE).read_text().splitlines()
    assert now[:len(kept)] == kept and len(now) == 12
    assert sorted(json.loads(ln)["config"] for ln in now[len(kept):]) == ["si", "static"]
    assert len(csv_rows(tmp_path)) == 12
    # nothing left: nothing runs (--rerun is tested on runner.runner.pending)
    assert "0 run(s) to do, 12 already" in bench_run(
        str(DATA / "tasks.list"), *CONFIGS, "--out", str(tmp_path)).output


def test_wrong_result_scores_and_exits_1(tmp_path):
    res = bench_run(str(DATA / "mislabelled.list"), "--out", str(tmp_path))
    assert res.exit_code == 1
    (row,) = csv_rows(tmp_path)
    assert (row["config"], row["verdict"], row["outcome"], row["score"]) == \
        ("default", "bug", "wrong", "-16")
    assert "WRONG: default: double_lock.bpl" in res.output


def test_memory_limit_crash_is_not_a_verdict(tmp_path):
    res = bench_run(str(DATA / "tasks.list"), "--filter", "proved", "--memory", "20",
                    "--out", str(tmp_path))
    assert res.exit_code == 0
    (row,) = csv_rows(tmp_path)
    assert row["verdict"] in ("error", "unknown") and row["score"] == "0" and row["reason"]


def test_yml_tasks_and_unsupported_property(tmp_path):
    res = bench_run(str(DATA / "yml"), "--out", str(tmp_path))
    assert res.exit_code == 0
    rows = {r["task"]: r for r in csv_rows(tmp_path)}
    assert rows["reach.yml"]["verdict"] == "bug" and rows["reach.yml"]["score"] == "1"
    assert rows["overflow_only.yml"]["verdict"] == "unknown"
    assert "unsupported property no-overflow" in rows["overflow_only.yml"]["reason"]


@pytest.mark.parametrize("args,message", [
    (["--config", "a b=--bound 1"], "--config: error: bad configuration name"),
    (["--config", "a=--bound 1", "--config", "a=--bound 2"], "given twice"),
    (["--config", "a", "--scatter", "a,b"], "--scatter: error"),
])
def test_bad_usage(tmp_path, args, message):
    res = bench_run(str(DATA / "tasks.list"), *args, "--out", str(tmp_path))
    assert res.exit_code == 2 and message in res.output
    assert "Traceback" not in res.output


def test_bad_input_file(tmp_path):
    f = tmp_path / "x.list"
    f.write_text("proved.bpl perhaps\n")
    res = bench_run(str(f), "--out", str(tmp_path / "o"))
    assert res.exit_code == 2
    assert res.output.strip().startswith(f"{f}:1: error: unknown expected verdict")


def test_dask_scheduler_address(tmp_path):
    """--scheduler goes through a Dask client exactly like --jobs (here the scheduler of
    an in-process cluster)."""
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as cluster:
        res = bench_run(str(DATA / "tasks.list"), "--filter", "proved", "--scheduler",
                        cluster.scheduler_address, "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    assert [r["verdict"] for r in csv_rows(tmp_path)] == ["correct"]


def test_fallback_without_dask(monkeypatch):
    def no_dask(jobs, scheduler):
        raise RuntimeError("no cluster here")

    monkeypatch.setattr(dask_pool, "_start", no_dask)
    got, warnings = [], []
    task = runner.load_tasks(str(DATA / "tasks.list"))[0]
    dask_pool.run_tasks([(task, runner.Config("d"))], runner.Limits(timeout=30), jobs=1,
                         scheduler=None, on_result=lambda r, store: got.append((r, store)),
                         warn=warnings.append)
    assert [(r.verdict, store) for r, store in got] == [("correct", True)]
    assert "plain local pool" in warnings[0] and "no cluster here" in warnings[0]


# ----------------------------------------------------------------------------- corpora

@pytest.mark.corpora("corral")
def test_corral_corpus_starts(tmp_path):
    corpus_dir("corral")
    res = bench_run("corral", "--filter", "regression/008", *CONFIGS, "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    assert {(r["config"], r["verdict"]) for r in csv_rows(tmp_path)} == \
        {("si", "bug"), ("static", "bug")}


@pytest.mark.corpora("svcomp")
def test_svcomp_corpus_starts(tmp_path):
    corpus_dir("svcomp")
    res = bench_run("svcomp", "--filter", "locks/test_locks_5", "--timeout", "30",
                    "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    rows = csv_rows(tmp_path)
    assert rows and all(r["category"] == "locks" for r in rows)


@pytest.mark.slow
@pytest.mark.corpora("ldv-bpl")
def test_ldv_corpus_starts(tmp_path):
    corpus_dir("ldv-bpl")
    res = bench_run("ldv", "--limit", "1", "--timeout", "120", "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    (row,) = csv_rows(tmp_path)
    assert row["category"] == "ldv" and row["verdict"] in scoring.VERDICTS


def test_disagreements_are_listed():
    from bench import report

    def r(task, config, verdict):
        return runner.make_result(runner.Task(task, ("f",), scoring.TRUE),
                                 runner.Config(config), verdict, "")

    results = [r("a", "si", "correct"), r("a", "static", "bug"),
               r("b", "si", "correct"), r("b", "static", "no bug within bound"),
               r("c", "si", "bug"), r("c", "static", "bug")]
    assert report.disagreements(results) == ["a: si=TRUE, static=FALSE"]


def test_without_the_bench_extra(monkeypatch):
    """Installed without `pycorral[bench]`: one line saying what to install, exit 2."""
    import bench.cli
    monkeypatch.setattr(bench.cli, "missing_extra", lambda: ["matplotlib"])
    res = CliRunner().invoke(bench_cmd, [str(DATA / "tasks.list"), "--quiet"])
    assert res.exit_code == 2
    assert "pip install 'pycorral[bench]'" in res.output and "matplotlib" in res.output


def test_one_bench_command():
    """`pycorral bench corral|ldv` replaced the per-corpus commands."""
    from pycorral.cli import main
    assert "bench" in main.list_commands(None)
    for gone in ("bench-corral", "bench-ldv"):
        assert CliRunner().invoke(main, [gone]).exit_code == 2


# ----------------------------------------------------------------------------- stopping

@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
def test_a_stopped_bench_leaves_no_process_behind(tmp_path, sig):
    """`pycorral bench --jobs 2` stopped (SIGTERM; SIGINT as Ctrl-C sends it) while two runs
    are under way, each a `pycorral check` portfolio whose members lead process groups of
    their own, in a session of its own: the bench says it stopped, and no process it
    started, directly or not, is left."""
    import signal
    import subprocess
    import sys
    import time
    psutil = pytest.importorskip("psutil")
    slow = (Path(__file__).resolve().parent / "data" / "limits" / "slow_query.bpl").read_text()
    for name in ("a.bpl", "b.bpl"):
        (tmp_path / name).write_text(slow)
    (tmp_path / "tasks.list").write_text("a.bpl true\nb.bpl true\n")
    p = subprocess.Popen([sys.executable, "-m", "pycorral.cli", "bench",
                          str(tmp_path / "tasks.list"), "--jobs", "2", "--timeout", "300",
                          "--out", str(tmp_path / "out"), "--quiet"],
                         cwd=DATA.parent.parent.parent, start_new_session=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bench = psutil.Process(p.pid)
    seen: dict[int, float] = {}

    def ours() -> list:
        """Live processes (no zombies) whose command line names our folder."""
        found = []
        for q in psutil.process_iter(["cmdline", "status"]):
            if q.info["status"] != psutil.STATUS_ZOMBIE and \
                    any(str(tmp_path) in a for a in q.info["cmdline"] or ()):
                found.append(q)
        return found
    for _ in range(1200):          # until both runs have their portfolio members (<= 120 s)
        kids = [k for k in bench.children(recursive=True) if k.is_running()]
        seen.update((k.pid, k.create_time()) for k in kids)
        if sum(1 for k in kids if "check" in k.cmdline()) >= 6:    # 2 checks, 4 members
            break
        time.sleep(0.1)
    else:
        p.kill()
        pytest.fail(f"the runs did not start: {p.communicate()}")
    p.send_signal(getattr(signal, sig))
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130 and "pycorral bench: stopped" in err, (p.returncode, out, err)
    def alive(pid: int, started: float) -> bool:
        try:
            q = psutil.Process(pid)
            return q.create_time() == started and q.status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False
    for _ in range(300):           # SIGKILLed processes: gone in a moment (a dying one has
        left = {q.pid for q in ours() if q.pid != p.pid} | \
            {pid for pid, started in seen.items() if alive(pid, started)}   # no cmdline)
        if not left:
            break
        time.sleep(0.1)
    assert not left, f"processes {sorted(left)} outlived the benchmark"

"""The BenchExec tool-info module (svcomp/benchexec_tool.py), checked with BenchExec's own
tool-info checker (`python -m benchexec.test_tool_info`): the command README gives, run as
written; the executable found without PATH; the witness, time and memory options of a run;
and one real `benchexec` run on a task."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRP = ROOT / "tests" / "data" / "svcomp" / "properties" / "unreach-call.prp"
OUTPUTS = {
    "bug found\nResult: FALSE(unreach-call)\n": "false(unreach-call)",
    "correct\nResult: TRUE\n": "true",
    "Result: FALSE(valid-deref)\n": "false(valid-deref)",
    "Result: FALSE(no-overflow)\n": "false(no-overflow)",
    "Result: UNKNOWN (no bug within bound 8)\n": "unknown",
    "Result: maybe\n": "ERROR (unexpected answer 'maybe')",
    "Traceback ...\n": "ERROR (no Result line)",
}


@pytest.fixture(scope="module")
def checker_output(tmp_path_factory) -> str:
    tmp = tmp_path_factory.mktemp("benchexec")
    src = tmp / "prog.c"
    src.write_text("void reach_error(void);\nint main(void) { reach_error(); return 0; }\n")
    prp = tmp / "unreach-call.prp"
    prp.write_text("CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    task = tmp / "task.yml"
    task.write_text(f"format_version: '2.0'\ninput_files: '{src}'\nproperties:\n"
                    f"  - property_file: {prp}\n    expected_verdict: false\n"
                    "options:\n  language: C\n  data_model: LP64\n")
    outs = []
    for i, text in enumerate(OUTPUTS):
        f = tmp / f"out{i}.txt"
        f.write_text(text)
        outs.append(str(f))
    bindir = Path(sys.executable).parent
    p = subprocess.run([sys.executable, "-m", "benchexec.test_tool_info",
                        "svcomp.benchexec_tool", "--tool-directory", str(bindir),
                        "--no-container", "--tool-output", *outs,
                        "--task-definition", str(task)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, p.stderr[-2000:]
    return p.stdout + p.stderr


def test_checker_finds_the_tool_and_its_version(checker_output):
    assert "Name of tool: “pycorral”" in checker_output
    from importlib import metadata
    assert f"Version: “{metadata.version('pycorral')}”" in checker_output
    assert "/pycorral”" in checker_output.split("Executable:", 1)[1].splitlines()[0]


def test_command_line_for_a_task_carries_property_data_model_and_witness(checker_output):
    line = checker_output.split("Command line for ", 1)[1].splitlines()[1]
    assert "'svcomp', '--property'" in line and "unreach-call.prp" in line
    assert "'--data-model', 'LP64'" in line and line.rstrip("”'] ").endswith("prog.c")
    assert "'--witness', 'witness.graphml'" in line          # SV-COMP requires a witness


def test_results_are_read_from_the_result_line(checker_output):
    found = checker_output.split("Result of analyzing tool output")[1:]
    got = [part.splitlines()[1].strip().strip("“”") for part in found]
    assert got == list(OUTPUTS.values())


def _readme_command() -> list[str]:
    """The lines of README's fenced block that runs BenchExec's tool-info checker."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```\n(.*?)```", text, re.S)
    block, = [b for b in blocks if "benchexec.test_tool_info" in b]
    return [ln for ln in block.splitlines() if ln.strip()]


def test_readme_command_works_as_written():
    """README's lines, run one by one from the repository with a PATH that does not hold
    the virtual environment (a new shell on a new machine)."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if ".venv" not in p)
    out = ""
    for line in _readme_command():
        p = subprocess.run(["bash", "-c", line], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=600)
        out = p.stdout + p.stderr
        assert p.returncode == 0, f"{line}\n{out[-2000:]}"
    assert "Error" not in out, out
    assert f"Executable: “{ROOT / '.venv' / 'bin' / 'pycorral'}”" in out
    assert "'--witness', 'witness.graphml'" in out


def _limits(**kw):
    from benchexec.tools.template import BaseTool2
    return BaseTool2.ResourceLimits(**kw)


@pytest.mark.parametrize("limits,timeout", [
    (dict(cputime=900, cpu_cores=4), 426),        # two processes side by side: 450 s each
    (dict(cputime=900, cpu_cores=1), 854),        # one core: CPU time is wall time
    (dict(cputime=900, walltime=100, cpu_cores=1), 94),
    (dict(), None),
])
def test_time_limit_stays_below_benchexecs(limits, timeout):
    from svcomp.benchexec_tool import Tool
    task = SimpleNamespace(property_file="p.prp", input_files_or_identifier=["f.c"],
                           options=None)
    cmd = Tool().cmdline("pycorral", [], task, _limits(memory=4 * 10 ** 9, **limits))
    got = cmd[cmd.index("--timeout") + 1] if "--timeout" in cmd else None
    assert got == (str(timeout) if timeout is not None else None)
    assert cmd[cmd.index("--memlimit") + 1] == str(int(4 * 10 ** 9 / 2 ** 20 * 0.9))


def test_a_benchexec_run_answers_and_leaves_a_witness(tmp_path):
    """A real `benchexec` run (no container) of one FALSE task: the tool-info module's
    command line, the answer BenchExec reads and the witness pycorral writes."""
    benchexec = Path(sys.executable).parent / "benchexec"
    prp = PRP
    if not benchexec.is_file():
        pytest.skip("no benchexec in the virtual environment")
    (tmp_path / "prog.c").write_text(
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"
        "int main(void) { if (__VERIFIER_nondet_int() == 42) reach_error(); return 0; }\n")
    (tmp_path / "prog.yml").write_text(
        f"format_version: '2.0'\ninput_files: 'prog.c'\nproperties:\n"
        f"  - property_file: {prp}\n    expected_verdict: false\n"
        "options:\n  language: C\n  data_model: ILP32\n")
    (tmp_path / "bench.xml").write_text(
        '<?xml version="1.0"?>\n<benchmark tool="svcomp.benchexec_tool" timelimit="60 s" '
        'memlimit="2 GB" cpuCores="2">\n  <resultfiles>witness.graphml</resultfiles>\n'
        '  <rundefinition name="default"/>\n  <tasks name="one"><include>prog.yml</include>'
        f"<propertyfile>{prp}</propertyfile></tasks>\n</benchmark>\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([str(benchexec), "bench.xml", "--no-container", "-o", "out/"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    if p.returncode != 0 and "cgroup" in (p.stdout + p.stderr).lower():
        pytest.skip(f"benchexec cannot run here: {(p.stdout + p.stderr)[-300:]}")
    assert p.returncode == 0, (p.stdout + p.stderr)[-2000:]
    assert re.search(r"prog\.yml\s+false\(unreach-call\)", p.stdout), p.stdout
    witness = tmp_path / "witness.graphml"
    assert witness.is_file() and "violation_witness" in witness.read_text()
    shutil.rmtree(tmp_path / "out", ignore_errors=True)

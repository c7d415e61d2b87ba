"""The BenchExec tool-info module (svcomp/benchexec_tool.py), checked with BenchExec's own
tool-info checker (`python -m benchexec.test_tool_info`)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpora" / "svcomp" / "c"
OUTPUTS = {
    "bug found\nResult: FALSE(unreach-call)\n": "false(unreach-call)",
    "correct\nResult: TRUE\n": "true",
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


def test_command_line_for_a_task_carries_property_and_data_model(checker_output):
    line = checker_output.split("Command line for ", 1)[1].splitlines()[1]
    assert "'svcomp', '--property'" in line and "unreach-call.prp" in line
    assert "'--data-model', 'LP64'" in line and line.rstrip("”'] ").endswith("prog.c")


def test_results_are_read_from_the_result_line(checker_output):
    found = checker_output.split("Result of analyzing tool output")[1:]
    got = [part.splitlines()[1].strip().strip("“”") for part in found]
    assert got == list(OUTPUTS.values())

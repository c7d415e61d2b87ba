"""BenchExec tool-info module for pycorral, so `benchexec` can run it on SV-COMP task sets.

Check it (from the repository, after `scripts/venv`; `--no-container`: BenchExec's
container needs overlay mounts that many machines and CI containers do not allow):

    .venv/bin/python -m benchexec.test_tool_info svcomp.benchexec_tool --no-container

Use it in a benchmark definition with its full module name (BenchExec imports tool-info
modules by name when the name contains a dot), collecting the witness of each run:

    <benchmark tool="svcomp.benchexec_tool" timelimit="120 s" memlimit="4 GB" cpuCores="2">
      <resultfiles>witness.graphml</resultfiles>
      <rundefinition name="default"/>
      <tasks name="loops"><includesfile>.../Loops.set</includesfile>
        <propertyfile>.../properties/unreach-call.prp</propertyfile></tasks>
    </benchmark>

The executable is `pycorral` from `--tool-directory` when given, else from PATH, else the
one next to the Python running BenchExec (BenchExec is a test dependency of pycorral, so it
runs from pycorral's own `.venv`).  Each run is `pycorral svcomp --property P --data-model
ILP32|LP64 --witness witness.graphml --timeout S --memlimit MB [OPTIONS] FILE...`: SV-COMP
requires a witness with every TRUE and FALSE answer, written to `witness.graphml` in the
run's working directory (give `--witness F` in the options to change it); `--timeout` and
`--memlimit` stay below BenchExec's limits so that pycorral answers UNKNOWN itself before
BenchExec kills it.  The result is read from the last `Result:` line.  Tested by
tests/test_benchexec_tool.py.

Role: the one module importing benchexec (a test/benchmark dependency, not a runtime one).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import benchexec.result as result
import benchexec.tools.template
from benchexec.tools.sv_benchmarks_util import ILP32, LP64, get_data_model_from_task
from benchexec.tools.template import ToolNotFoundException, UnsupportedFeatureException

WITNESS = "witness.graphml"
# the SV-COMP mode runs the bug search and the prover side by side, one process each: CPU
# time grows up to twice as fast as wall time when two cores are given
PARALLEL_PROCESSES = 2


class Tool(benchexec.tools.template.BaseTool2):
    """pycorral: a Corral-style bug finder (stratified inlining over Z3) for C programs."""

    def executable(self, tool_locator):
        try:
            return tool_locator.find_executable("pycorral")
        except ToolNotFoundException:
            if tool_locator.tool_directory:     # the user named a folder: look nowhere else
                raise
            # the pycorral of the virtual environment BenchExec itself runs from (the
            # folder of the interpreter, symbolic links not followed)
            mine = Path(sys.executable).parent / "pycorral"
            if mine.is_file() and os.access(mine, os.X_OK):
                return str(mine)
            raise

    def name(self):
        return "pycorral"

    def project_url(self):
        return "https://pypi.org/project/pycorral/"

    def version(self, executable):
        # `pycorral --version` prints "pycorral, version X.Y.Z"
        return self._version_from_tool(executable).rsplit(" ", 1)[-1]

    def cmdline(self, executable, options, task, rlimits):
        if not task.property_file:
            raise UnsupportedFeatureException("pycorral needs a property file")
        cmd = [executable, "svcomp", "--property", task.property_file]
        data_model = get_data_model_from_task(task, {ILP32: "ILP32", LP64: "LP64"})
        if data_model and "--data-model" not in options:
            cmd += ["--data-model", data_model]
        if "--witness" not in options:
            cmd += ["--witness", WITNESS]
        timeout = _time_limit(rlimits)
        if timeout is not None and "--timeout" not in options:
            cmd += ["--timeout", str(timeout)]
        if rlimits.memory and "--memlimit" not in options:
            # z3's own allocations and Python's peaks: 10% below BenchExec's limit
            cmd += ["--memlimit", str(max(64, int(rlimits.memory / 2 ** 20 * 0.9)))]
        return cmd + list(options) + list(task.input_files_or_identifier)

    def determine_result(self, run):
        for line in reversed(run.output):
            line = line.strip()
            if not line.startswith("Result:"):
                continue
            answer = line[len("Result:"):].strip()
            if answer == "TRUE":
                return result.RESULT_TRUE_PROP
            if answer.startswith("FALSE"):
                prop = answer[len("FALSE"):].strip("() ")
                return result.RESULT_FALSE_PROP + (f"({prop})" if prop else "")
            if answer.startswith("UNKNOWN"):
                return result.RESULT_UNKNOWN
            return result.RESULT_ERROR + f" (unexpected answer {answer!r})"
        if run.was_timeout:
            return "TIMEOUT"
        if run.exit_code and run.exit_code.value == 2:
            return result.RESULT_ERROR + " (bad input)"
        return result.RESULT_ERROR + " (no Result line)"

    def get_value_from_output(self, output, identifier):
        """`--stats` style values, e.g. identifier "procedures inlined"."""
        for line in output:
            key, sep, value = line.strip().partition(":")
            if sep and key.strip() == identifier:
                return value.strip()
        return None


def _time_limit(rlimits) -> int | None:
    """pycorral's --timeout (wall time) under BenchExec's limits: the CPU-time limit shared
    by the processes that run side by side, and the wall-time limit, less 5% and a second
    to print the answer and the witness."""
    limits = []
    if rlimits.cputime:
        cores = rlimits.cpu_cores or PARALLEL_PROCESSES
        limits.append(rlimits.cputime / max(1, min(PARALLEL_PROCESSES, cores)))
    if rlimits.walltime:
        limits.append(rlimits.walltime)
    if not limits:
        return None
    return max(1, int(min(limits) * 0.95) - 1)

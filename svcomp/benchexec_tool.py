"""BenchExec tool-info module for pycorral, so `benchexec` can run it on SV-COMP task sets.

Use it in a benchmark definition with its full module name (BenchExec imports tool-info
modules by name when the name contains a dot):

    <benchmark tool="svcomp.benchexec_tool" timelimit="120 s" memlimit="4 GB" cpuCores="1">
      <rundefinition name="default"/>
      <tasks name="loops"><includesfile>.../Loops.set</includesfile>
        <propertyfile>.../properties/unreach-call.prp</propertyfile></tasks>
    </benchmark>

with pycorral's `.venv/bin` on PATH (or `--tool-directory .venv/bin`), and the repository on
PYTHONPATH (the venv's editable install provides it).  Each run is
`pycorral svcomp --property P --data-model ILP32|LP64 [OPTIONS] FILE...`; the result is read
from the last `Result:` line.  Checked with `python -m benchexec.test_tool_info
svcomp.benchexec_tool` (tests/test_benchexec_tool.py).

Role: the one module importing benchexec (a test/benchmark dependency, not a runtime one).
"""
from __future__ import annotations

import benchexec.result as result
import benchexec.tools.template
from benchexec.tools.sv_benchmarks_util import ILP32, LP64, get_data_model_from_task
from benchexec.tools.template import UnsupportedFeatureException


class Tool(benchexec.tools.template.BaseTool2):
    """pycorral: a Corral-style bug finder (stratified inlining over Z3) for C programs."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("pycorral")

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
        if rlimits.cputime and "--timeout" not in options:
            # leave a little time to print the answer before BenchExec kills the run
            cmd += ["--timeout", str(max(1, int(rlimits.cputime * 0.95) - 1))]
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

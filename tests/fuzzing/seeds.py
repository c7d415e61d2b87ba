"""The seed inputs the mutants are made from, gathered once per campaign.

* C: a handful of small programs from `tests/data` and `examples`.
* Boogie: the examples and a few `tests/data/bpl` and `tests/data/fuzz` programs.
* LLVM IR: two C seeds compiled with `python -m ziglang cc -S -emit-llvm` (or clang), plus
  two `.ll` files of `tests/data/llvm`.
* Witnesses: a GraphML and a YAML violation witness written by `pycorral svcomp` and a
  trace written by `pycorral check --json`, all for `tests/data/svcomp/loop_calls.c`, with
  their time stamps and absolute paths normalized so that a seed gives the same mutants on
  every machine.
* SV-COMP: the `loop_calls` task, its program and the `unreach-call` property.

Every seed is the project's own file: the same seed gives the same mutants on every
machine, with or without the external corpora.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FUZZ = ROOT / "tests/data/fuzz"

C_SEEDS = [ROOT / "tests/data/replay/short_wrap.c", ROOT / "tests/data/svcomp/loop_calls.c",
           ROOT / "examples/driver.c", ROOT / "tests/data/replay/values_paths.c",
           FUZZ / "count_up.c", FUZZ / "step_sum.i"]
BPL_SEEDS = [ROOT / "examples/lock.bpl", ROOT / "examples/lock_ok.bpl",
             ROOT / "tests/data/bpl/abs_call_args.bpl", ROOT / "tests/data/bpl/abs_old.bpl",
             FUZZ / "two_checks.bpl", FUZZ / "loop_then_false.bpl", FUZZ / "async_flag.bpl"]
LL_FROM_C = [ROOT / "tests/data/replay/short_wrap.c", ROOT / "tests/data/svcomp/loop_calls.c"]
LL_SEEDS = [ROOT / "tests/data/llvm/arith.ll", ROOT / "tests/data/llvm/overflow_bug.ll"]
WITNESS_PROGRAM = ROOT / "tests/data/svcomp/loop_calls.c"
TASK = ROOT / "tests/data/svcomp/loop_calls.yml"
UNREACH_CALL = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"


def pycorral_command() -> list[str]:
    """The real command line program: the venv's console script, else `python -m`."""
    script = ROOT / ".venv" / "bin" / "pycorral"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "pycorral.cli"]


@dataclass
class Seeds:
    c: list[tuple[str, str]] = field(default_factory=list)       # (name, Latin-1 text)
    bpl: list[tuple[str, str]] = field(default_factory=list)
    llvm: list[tuple[str, str]] = field(default_factory=list)
    program: str = ""                                              # loop_calls.c
    witness: dict[str, str] = field(default_factory=dict)          # graphml, yaml, json
    task: str = ""                                                 # loop_calls.yml
    prp: str = UNREACH_CALL


def _read(path: Path) -> str:
    return path.read_bytes().decode("latin-1")


def _existing(paths: list[Path]) -> list[tuple[str, str]]:
    return [(p.name, _read(p)) for p in paths]


def _compile_ll(src: Path, out: Path) -> str | None:
    """C -> LLVM IR text with zig's clang (the project's own dependency), else clang."""
    compilers = [[sys.executable, "-m", "ziglang", "cc", "-target", "x86-linux-gnu"]]
    if shutil.which("clang"):
        compilers.append(["clang", "-m32"])
    for cc in compilers:
        try:
            p = subprocess.run([*cc, "-S", "-emit-llvm", "-O0", "-g", "-o", str(out), str(src)],
                               capture_output=True, timeout=120, cwd=out.parent)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if p.returncode == 0 and out.exists():
            return _read(out)
    return None


def _normalize_witness(text: str) -> str:
    """Fixed time stamps, uuids, hashes and program paths (relative `loop_calls.c`)."""
    text = text.replace(str(WITNESS_PROGRAM), "loop_calls.c")
    text = text.replace(str(WITNESS_PROGRAM.relative_to(ROOT)), "loop_calls.c")
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "2024-01-01T00:00:00Z", text)
    text = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                  "00000000-0000-4000-8000-000000000000", text)
    return re.sub(r'"(time|[a-z_]*time[a-z_]*)": [0-9.e-]+', r'"\1": 0.0', text)


def _run_tool(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    p = subprocess.run([*pycorral_command(), *args], capture_output=True, text=True,
                       timeout=300, cwd=cwd)
    return p


def _witnesses(work: Path) -> dict[str, str]:
    """Witness seeds written by the tool itself (bound 4 finds loop_calls' bug)."""
    prog = work / "loop_calls.c"
    prog.write_bytes(WITNESS_PROGRAM.read_bytes())
    task = work / "loop_calls.yml"
    (work / "unreach-call.prp").write_text(UNREACH_CALL)
    task.write_text(TASK.read_text().replace("properties/unreach-call.prp", "unreach-call.prp"))
    out: dict[str, str] = {}
    for fmt, name in (("graphml", "w.graphml"), ("yaml", "w.yml")):
        p = _run_tool(["svcomp", task.name, "--timeout", "60", "--witness", name,
                       "--witness-format", fmt], work)
        if not (work / name).exists():
            raise RuntimeError(f"seed witness ({fmt}) not written: {p.stdout}{p.stderr}")
        out[fmt] = _normalize_witness(_read(work / name))
    p = _run_tool(["check", prog.name, "--json", "--no-replay", "--bound", "4",
                   "--timeout", "60"], work)
    if p.returncode != 10:
        raise RuntimeError(f"seed trace not found (exit {p.returncode}): {p.stderr}")
    out["json"] = _normalize_witness(p.stdout)
    return out


def gather(work: Path) -> Seeds:
    """Every seed, compiled and generated under `work` (created if needed)."""
    work.mkdir(parents=True, exist_ok=True)
    seeds = Seeds(c=_existing(C_SEEDS), bpl=_existing(BPL_SEEDS), llvm=_existing(LL_SEEDS))
    for src in LL_FROM_C:
        copy = work / src.name
        copy.write_bytes(src.read_bytes())
        text = _compile_ll(copy, work / (src.stem + ".ll"))
        if text is not None:
            seeds.llvm.append((src.stem + ".ll", text))
    seeds.program = _read(WITNESS_PROGRAM)
    seeds.task = TASK.read_text().replace("properties/unreach-call.prp", "unreach-call.prp")
    wdir = work / "witness-seeds"
    wdir.mkdir(exist_ok=True)
    seeds.witness = _witnesses(wdir)
    return seeds

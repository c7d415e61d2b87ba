"""Mutants of the command line: odd option values, odd file arguments, odd output paths.

Every scenario runs one of the real commands (check, translate, bpl, svcomp, replay) on a
small valid input with one or two bad options: time limits that are not finite positive
numbers, huge bounds, memory limits below what a run needs, output paths in folders that
do not exist or on a full device, unknown extensions, directories, FIFOs and devices given
as files, Corral flags with bad values, and usage mistakes.
"""
from __future__ import annotations

import random

from .mutants import Mutant, to_bytes
from .seeds import UNREACH_CALL, Seeds

TIME_VALUES = ["inf", "-inf", "nan", "0", "-1", "1e309", "1e-300", "abc", "", " 5", "0x10",
               "1_0", "10000001", "5e-324", "infinity", "NaN", "1" + "0" * 400, "0.01"]
BOUND_VALUES = ["-1", "0", "1" + "0" * 30, str(2 ** 63), "abc", "1e3", "99999999999999999999",
                "100000"]
MEM_VALUES = ["1", "63", "64", "0", "-5", "99999999999999999999", "nan", "1e3", "100"]
ENTRY_VALUES = ["", "nonexistent", "$weird", "main" * 1000, "acquire", " main", "main\n",
                "read_device"]
CANDIDATE_FILES = {
    "missing": None, "garbage": b"this is not a candidate\n", "non_utf8": b"*: x == \xff\n",
    "deep": b"*: " + b"(" * 5000 + b"true" + b")" * 5000 + b"\n",
    "unknown_proc": b"fz_proc: true\n", "bad_expr": b"acquire: locked ==\n",
    "empty": b"", "huge": b"*: locked == " + b"9" * 5000 + b"\n",
}
CORRAL_FLAGS = ["/recursionBound:-1", "/recursionBound:99999999999999999999",
                "/recursionBound:abc", "/recursionBound:", "/timeLimit:inf", "/timeLimit:nan",
                "/timeLimit:0", "/timeLimit:-1", "/timeLimit:abc", "/main:", "/main:nonexistent",
                "/concat:missing.bpl", "/concat:/etc/passwd", "/concat:lock.bpl",
                "/concat:../../../../etc/hostname", "/assertVar:", "/k:abc",
                "/stackDepthBound:-1", "/", "//", "/si:1", "/trackAllVars:x",
                "/maxStaticLoopBound:-5", "/cex:" + "9" * 400]


def _check_bpl(*opts):
    return ["check", "lock.bpl", *opts]


def _check_c(*opts):
    return ["check", "prog.c", "--no-replay", *opts]


def _svcomp(*opts):
    return ["svcomp", "task.yml", *opts]


def _replay(*opts):
    return ["replay", "loop_calls.c", "--witness", "w.graphml", *opts]


def scenarios() -> list[tuple[str, list[str], dict, list]]:
    """Every scenario: (family, argv, extra files {name: bytes}, specials [(what, name)])."""
    out: list[tuple[str, list[str], dict, list]] = []
    add = lambda fam, argv, files=None, special=None: out.append(  # noqa: E731
        (fam, argv, files or {}, special or []))
    for v in TIME_VALUES:
        add("timeout", _check_bpl("--timeout", v))
        add("timeout", _check_c("--timeout", v))
        add("query_timeout", _check_bpl("--query-timeout", v, "--timeout", "3"))
        add("timeout", _svcomp("--timeout", v))
        add("timeout", _replay("--timeout", v))
    for v in BOUND_VALUES:
        add("bound", _check_bpl("--bound", v, "--timeout", "3"))
        add("bound", _check_c("--bound", v, "--timeout", "3"))
        add("bound", _svcomp("--max-bound", v, "--timeout", "3"))
    for v in MEM_VALUES:
        add("memlimit", _check_c("--memlimit", v, "--timeout", "3"))
        add("memlimit", _check_bpl("--memlimit", v, "--timeout", "3"))
        add("memlimit", _svcomp("--memlimit", v, "--timeout", "3"))
    for v in ENTRY_VALUES:
        add("entry", _check_bpl("--entry", v, "--timeout", "3"))
        add("entry", ["translate", "prog.c", "--entry", v])
        add("entry", ["bpl", "lock.bpl", "--instrument", "--entry", v])
    for v in ["", "nonexistent", "locked", "x" * 10000]:
        add("track", _check_bpl("--track", v, "--timeout", "3"))
    for name, content in CANDIDATE_FILES.items():
        files = {} if content is None else {f"{name}.txt": content}
        add("candidates", _check_bpl("--candidates", f"{name}.txt", "--timeout", "3"), files)
    for v in ["/nonexistent/dir/x.sarif", "", ".", "/dev/full", "-"]:
        add("sarif", _check_bpl("--sarif", v, "--timeout", "3"))
    for flag in CORRAL_FLAGS:
        add("corral_flag", _check_bpl(flag, "--timeout", "3"))
    for argv in (_check_bpl("--frontend", "llvm", "--timeout", "3"),
                 ["check", "prog.c", "--frontend", "boogie", "--timeout", "3"],
                 ["check", "w.graphml", "--frontend", "c", "--timeout", "3"],
                 ["translate", "lock.bpl"], ["translate", "prog.c", "--frontend", "boogie"],
                 ["bpl", "prog.c"], ["check", "prog.c", "lock.bpl", "--timeout", "3"],
                 ["check", "prog.c", "prog.c", "--no-replay", "--timeout", "3"],
                 ["check", "lock.bpl", "lock.bpl", "--timeout", "3"],
                 _check_c("--encoding", "float"), _check_c("--data-model", "ILP64")):
        add("frontend", argv)
    files_table = [
        ("missing.bpl", None, None), ("dir.bpl", None, "dir"), ("fifo.bpl", None, "fifo"),
        ("fifo.c", None, "fifo"), ("empty.bpl", b"", None), ("empty.c", b"", None),
        ("empty.ll", b"", None), ("empty.i", b"", None), ("x.txt", b"int main(){}", None),
        ("noext", b"procedure main() {}", None), ("spaced name.bpl", b"procedure main() {}", None),
        ("\u00fcn\u00efcode.bpl", b"procedure main() {}", None),
        ("PROG.C", b"int main(void) { return 0; }", None), (".bpl", b"procedure main() {}", None),
        ("x" * 300 + ".bpl", None, None), ("garbage.bc", bytes(range(256)) * 4, None),
        ("BC.bc", b"BC\xc0\xde" + b"\x00" * 100, None), ("-", None, None),
    ]
    for name, content, special in files_table:
        files = {name: content} if content is not None else {}
        specials = [(special, name)] if special else []
        add("file_arg", ["check", name, "--timeout", "3"], files, specials)
    add("file_arg", ["check", "/dev/null", "--frontend", "boogie", "--timeout", "3"])
    add("file_arg", ["check", "/dev/zero", "--frontend", "c", "--memlimit", "300",
                     "--timeout", "3"])
    add("file_arg", ["bpl", "/dev/zero", "--typecheck-only"], None)
    for v in ["/nonexistent/dir/out.bpl", "", ".", "/dev/full", "out.bpl", "prog.c"]:
        add("output", ["translate", "prog.c", "-o", v])
    for argv in (_svcomp("--witness", "/nonexistent/dir/w.graphml", "--timeout", "3"),
                 _svcomp("--witness", ".", "--timeout", "3"),
                 _svcomp("--witness", "/dev/full", "--timeout", "3"),
                 _svcomp("--witness-format", "xml", "--timeout", "3"),
                 _svcomp("--property", "missing.prp", "--timeout", "3"),
                 _svcomp("--property", "/etc/passwd", "--timeout", "3"),
                 _svcomp("--property", "lock.bpl", "--timeout", "3"),
                 ["svcomp", "--timeout", "3"], ["svcomp", "task.yml", "prog.c", "--timeout", "3"],
                 _svcomp("--data-model", "ILP64", "--timeout", "3"),
                 _svcomp("--frontend", "boogie", "--timeout", "3"),
                 ["svcomp", "--property", "unreach-call.prp", "lock.bpl", "--timeout", "3"],
                 ["svcomp", "--property", "unreach-call.prp", "--timeout", "3"],
                 ["svcomp", "prog.c", "--timeout", "3"]):
        add("svcomp", argv)
    for argv in (_replay("--trace-json", "trace.json"), ["replay", "loop_calls.c"],
                 ["replay", "loop_calls.c", "--witness", "missing.graphml"],
                 ["replay", "loop_calls.c", "--witness", "."],
                 ["replay", "loop_calls.c", "--trace-json", "/dev/null"],
                 ["replay", "lock.bpl", "--witness", "w.graphml"],
                 ["replay", "--witness", "w.graphml"], _replay("--data-model", "ILP64"),
                 ["replay", "loop_calls.c", "--witness", "task.yml"],
                 ["replay", "loop_calls.c", "--trace-json", "w.graphml"]):
        add("replay", argv)
    for argv in (["check", "prog.c", "--json", "--stats", "--timeout", "3"],
                 ["check", "prog.c", "--sarif", "-", "--json", "--timeout", "3"],
                 ["check", "prog.c", "--sarif", "out.sarif", "--color", "--timeout", "3"],
                 ["check", "lock.bpl", "--houdini", "--candidates", "lock.bpl", "--timeout", "3"],
                 ["check", "lock.bpl", "--json", "--no-trace", "--stats", "--timeout", "3"],
                 ["check", "loop_calls.c", "--bound", "4", "--timeout", "5"],
                 ["check", "loop_calls.c", "--bound", "4", "--frontend", "llvm", "--timeout", "5"]):
        add("combination", argv)
    for argv in ([], ["nonsense"], ["check"], ["--version"], ["check", "--help"], ["bpl"],
                 ["translate"], ["difftest", "--size", "huge"], ["check", "--timeout"],
                 ["check", "--", "lock.bpl"], ["--debug", "check", "lock.bpl"]):
        add("usage", argv)
    return out


def _timeout_of(argv: list[str]) -> float | None:
    """The whole-run limit an option list gives check/svcomp, if it is a sane number."""
    if not argv or argv[0] not in ("check", "svcomp"):
        return None
    value = None
    for i, a in enumerate(argv[:-1]):
        if a == "--timeout":
            value = argv[i + 1]
    try:
        t = float(value) if value is not None else None
    except ValueError:
        return None
    if t is None or not (0 < t <= 10_000):
        return None
    return t


def gen_options(rng: random.Random, seeds: Seeds, big: bool) -> Mutant:
    table = scenarios()
    family, argv, extra, special = rng.choice(table)
    if rng.random() < 0.15:                     # two bad options at once
        family2, argv2, extra2, special2 = rng.choice(table)
        if argv2[:1] == argv[:1] and len(argv2) > 2:
            argv = argv + argv2[2:]
            extra = {**extra, **extra2}
            special = special + special2
            family = f"{family}+{family2}"
    lock = dict(seeds.bpl)["lock.bpl"]
    files = {"lock.bpl": to_bytes(lock), "prog.c": to_bytes(dict(seeds.c)["short_wrap.c"]),
             "loop_calls.c": to_bytes(seeds.program), "task.yml": to_bytes(seeds.task),
             "unreach-call.prp": UNREACH_CALL.encode(),
             "w.graphml": to_bytes(seeds.witness["graphml"]),
             "trace.json": to_bytes(seeds.witness["json"]), **extra}
    return Mutant("options", family, "cli", files, list(argv), timeout=_timeout_of(argv),
                  wall=30.0, special=list(special))

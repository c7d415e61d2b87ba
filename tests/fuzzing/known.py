"""Defects the fuzzer has found, each with a deterministic reproducer and a signature.

* `open=True`: not fixed yet.  A random-campaign failure matching its signature is
  reported as `known:<id>` (not `NEW`) and tolerated by tests/test_fuzz.py, and its
  reproducer test is `xfail(strict=True)`: once the defect is fixed the reproducer passes,
  strictness fails the test, and whoever fixed it sets `open=False` here.
* `open=False`: fixed; the reproducer stays as a regression test.

Signatures are narrow on purpose (kind, family, outcome and a word of the detail), so a
new failure in the same area still shows up as NEW.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Callable

from .mutants import Mutant, first_changed_line, to_bytes
from .seeds import UNREACH_CALL, Seeds
from .sources import _bpl_inject, _c_inject, big_straight_line_bpl


@dataclass(frozen=True)
class Defect:
    ident: str
    reason: str
    open: bool
    matches: Callable[[Mutant, str, str], bool]
    reproducer: Callable[[Seeds], Mutant]
    repeat: int = 1          # a timing-dependent defect: run the reproducer this often
    flaky: bool = False      # it does not show on every run (xfail, but not strict)
    slow: bool = False       # its reproducer takes long: only in the slow suite
    jobs: int = 1            # runs at a time (a defect that needs a loaded machine)


def _c(seeds: Seeds, name: str = "short_wrap.c") -> str:
    return dict(seeds.c)[name]


def _c_mutant(seeds: Seeds, family: str, text: str, argv_extra=(), changed: int | None = None,
              timeout: float = 3.0) -> Mutant:
    return Mutant("c", family, "short_wrap.c", {"prog.c": to_bytes(text)},
                  ["check", "prog.c", "--no-replay", *argv_extra, "--timeout", str(timeout)],
                  timeout=timeout, c_input="prog.c", changed_line=changed)


def _in_main(text: str, stmt: str) -> str:
    at = text.index("{", text.index("int main")) + 1
    return text[:at] + "\n" + stmt + "\n" + text[at:]


def _options(seeds: Seeds, argv: list[str], timeout: float | None = None) -> Mutant:
    return Mutant("options", "reproducer", "cli",
                  {"lock.bpl": to_bytes(dict(seeds.bpl)["lock.bpl"]),
                   "prog.c": to_bytes(_c(seeds)), "loop_calls.c": to_bytes(seeds.program),
                   "w.graphml": to_bytes(seeds.witness["graphml"]),
                   "trace.json": to_bytes(seeds.witness["json"])},
                  argv, timeout=timeout, wall=30.0)


def _svcomp_options(seeds: Seeds, argv: list[str]) -> Mutant:
    m = _svcomp(seeds, "reproducer", seeds.task)
    return Mutant("options", "reproducer", "cli", m.files, argv, timeout=3.0, wall=30.0)


def _replay(seeds: Seeds, family: str, name: str, content: str, reject: bool) -> Mutant:
    option = "--trace-json" if name.endswith(".json") else "--witness"
    return Mutant("witness", family, name,
                  {"loop_calls.c": to_bytes(seeds.program), name: to_bytes(content)},
                  ["replay", "loop_calls.c", option, name, "--timeout", "5"], wall=30.0,
                  expect_reject=reject)


def _svcomp(seeds: Seeds, family: str, task: str, reject: bool = False) -> Mutant:
    return Mutant("svcomp", family, "loop_calls.yml",
                  {"task.yml": to_bytes(task), "loop_calls.c": to_bytes(seeds.program),
                   "unreach-call.prp": UNREACH_CALL.encode()},
                  ["svcomp", "task.yml", "--timeout", "3"], timeout=3.0, wall=30.0,
                  expect_reject=reject)


def _nondet_value(seeds: Seeds, raw: str) -> str:
    """The seed trace with the first nondeterministic value replaced by raw JSON text."""
    text = seeds.witness["json"]
    return re.sub(r'("nondet": \[\{"what": "[^"]*", "value": )"[^"]*"', lambda m: m.group(1) + raw,
                  text, count=1)


def _is(kind: str, family: str | None = None, outcomes: tuple[str, ...] = (),
        detail: str | None = None, argv: str | None = None):
    """A signature: kind, family (prefix), outcome and a regex on the detail / argv."""
    def matches(m: Mutant, outcome: str, d: str) -> bool:
        return (m.kind == kind and (family is None or m.family.startswith(family))
                and (not outcomes or outcome in outcomes)
                and (detail is None or re.search(detail, d) is not None)
                and (argv is None or re.search(argv, " ".join(m.argv)) is not None))
    return matches


DEFECTS: list[Defect] = [
    # ----------------------------------------------------------------- known at the start
    Defect("big-bpl-timeout", "check BIG.bpl --timeout 5 on a 100k-line straight-line "
           "procedure must end by 1.1*T", False,
           _is("bpl", "big_proc", ("hang", "overran")),
           lambda s: Mutant("bpl", "big_proc", "generated",
                            {"prog.bpl": big_straight_line_bpl(100_000).encode()},
                            ["check", "prog.bpl", "--timeout", "5"], timeout=5.0)),
    Defect("c-duplicate-case", "a verdict on C with duplicate case labels (gcc rejects it)",
           False, _is("c", None, ("verdict-on-rejected-C",), "duplicate case"),
           lambda s: _c_mutant(s, "dup_case", _in_main(
               _c(s), "{ int fz_s = 1; switch (fz_s) { case 1: break; case 1: break; } }"))),
    Defect("translate-o-missing-dir", "translate -o into a folder that does not exist", False,
           _is("options", None, ("traceback", "internal-error", "error-not-one-line", "exit-1"),
               argv=r"^translate .* -o "),
           lambda s: _options(s, ["translate", "prog.c", "-o", "/nonexistent/dir/out.bpl"])),
    Defect("timeout-inf", "check --timeout inf", False,
           _is("options", None, ("traceback", "hang", "internal-error", "error-not-one-line"),
               argv=r"^check .*--timeout (inf|-inf|infinity)\b"),
           lambda s: _options(s, ["check", "lock.bpl", "--timeout", "inf"])),
    Defect("svcomp-deep-yaml", "a 1,000-deep YAML task", False,
           _is("svcomp", "deep_nesting", ("traceback", "internal-error", "hang")),
           lambda s: _svcomp(s, "deep_nesting",
                             s.task.replace("format_version: '2.0'",
                                            "format_version: " + "[" * 1000 + "]" * 1000))),
    Defect("trace-json-5000-digits", "a 5,000-digit integer in a trace JSON", False,
           _is("witness", "json:huge_number", ("traceback", "internal-error")),
           lambda s: _replay(s, "json:huge_number", "trace.json",
                             _nondet_value(s, "9" * 5000), False)),
    Defect("c-non-utf8-string", "bytes that are not UTF-8 in a C string literal", False,
           _is("c", "non_utf8", ("internal-error", "traceback"), "Unicode"),
           lambda s: _c_mutant(s, "non_utf8", _in_main(_c(s), 'char *fz = "a\xff\xfeb";'))),
    Defect("c-deep-nesting", "deeply nested C (1,000 parentheses)", False,
           _is("c", "deep_nesting", ("internal-error", "traceback"), "Recursion"),
           lambda s: _c_mutant(s, "deep_nesting", _in_main(
               _c(s), "int fz_v = " + "(" * 1000 + "1" + ")" * 1000 + ";"))),
    Defect("c-huge-int-literal", "a 5,000-digit C integer literal", False,
           _is("c", "huge_literal", ("internal-error", "traceback")),
           lambda s: _c_mutant(s, "huge_literal", _in_main(
               _c(s), "long long fz_v = 1" + "0" * 4999 + ";"))),
    Defect("bpl-huge-bv-width", "1bv99999999999999999999 in Boogie", False,
           _is("bpl", "huge_literal", ("internal-error", "traceback", "hang", "overran",
                                       "memory-blowup")),
           lambda s: Mutant("bpl", "huge_literal", "generated", {"prog.bpl": (
               b"procedure {:entrypoint} main() {\n  assume 1bv99999999999999999999 == "
               b"1bv99999999999999999999;\n}\n")}, ["check", "prog.bpl", "--timeout", "3"],
               timeout=3.0)),
    Defect("replay-accepts-malformed-witness", "replay confirms a witness that is malformed "
           "(here: not valid UTF-8)", False,
           _is("witness", None, ("accepted-malformed",)),
           lambda s: _replay(s, "yaml:non_utf8", "w.yml",
                             s.witness["yaml"].replace("function: main", "f\xfe\xffunction: main",
                                                       1), True)),
    Defect("c-end-of-input-at-1-1", "pycparser's end-of-input error placed at 1:1", False,
           _is("c", None, ("error-at-1:1",), "(?i)end of input"),
           lambda s: _c_mutant(s, "truncate", _c(s)[:_c(s).rindex("}")],
                               changed=_c(s)[:_c(s).rindex("}")].count("\n") + 1)),
    Defect("c-preprocessor-error-at-1-1", "preprocessor errors placed at 1:1", False,
           _is("c", None, ("error-at-1:1",), "(?i)preprocess"),
           lambda s: _c_mutant(s, "directive", _c(s).replace("int main", "#error fuzz\nint main"),
                               changed=_c(s).split("int main")[0].count("\n") + 1)),
    Defect("llvm-multi-line-error", "LLVM parse errors on several lines", False,
           _is("llvm", None, ("error-not-one-line",)),
           lambda s: Mutant("llvm", "token_delete", "short_wrap.ll", {"prog.ll": to_bytes(
               _ll(s).replace("define ", "define define ", 1))},
               ["check", "prog.ll", "--timeout", "3"], timeout=3.0)),
    # ----------------------------------------------------------------- found by fuzzing
    Defect("memlimit-segfault", "check --memlimit 64..100 crashes with SIGSEGV (exit 139)",
           False, _is("options", None, ("bad-exit",), r"exit -11", argv=r"--memlimit"),
           lambda s: _options(s, ["check", "lock.bpl", "--memlimit", "100", "--timeout", "3"],
                              3.0)),
    Defect("llvm-broken-module-abort", "an LLVM module that fails verification aborts the "
           "process (SIGABRT, 'LLVM ERROR: Broken module found')", False,
           _is("llvm", None, ("bad-exit",), "LLVM ERROR"),
           lambda s: Mutant("llvm", "huge_literal", "short_wrap.ll", {"prog.ll": to_bytes(
               re.sub(r'(!\{i32 )\d+(, !"wchar_size")', r"\g<1>387358725\2", _ll(s), count=1))},
               ["check", "prog.ll", "--timeout", "3"], timeout=3.0)),
    Defect("replay-timeout-not-finite", "replay --timeout inf / nan: traceback", False,
           _is("options", None, ("traceback",), argv=r"^replay .*--timeout"),
           lambda s: _options(s, ["replay", "loop_calls.c", "--witness", "w.graphml",
                                  "--timeout", "inf"])),
    Defect("trace-json-wrong-type", "a trace JSON value of the wrong type (NaN, a list): "
           "AttributeError traceback", False,
           _is("witness", "json:", ("traceback",), "AttributeError|TypeError|KeyError"),
           lambda s: _replay(s, "json:nan", "trace.json", _nondet_value(s, "NaN"), False)),
    Defect("trace-json-deep", "a deeply nested trace JSON: RecursionError traceback", False,
           _is("witness", "json:deep_nesting", ("traceback", "internal-error"), "Recursion"),
           lambda s: _replay(s, "json:deep_nesting", "trace.json",
                             _nondet_value(s, "[" * 100000 + "]" * 100000), False)),
    Defect("trace-json-non-utf8", "a trace JSON that is not UTF-8: UnicodeDecodeError "
           "traceback", False,
           _is("witness", "json:non_utf8", ("traceback",), "Unicode"),
           lambda s: _replay(s, "json:non_utf8", "trace.json",
                             s.witness["json"].replace('"verdict"', '"ver\xffdict"', 1), True)),
    Defect("witness-yaml-deep", "a deeply nested YAML witness: RecursionError traceback", False,
           _is("witness", "yaml:deep_nesting", ("traceback", "internal-error"), "Recursion"),
           lambda s: _replay(s, "yaml:deep_nesting", "w.yml", re.sub(
               r"(\bline:)[^\n]*", lambda m: m.group(1) + " " + "[" * 1000 + "]" * 1000,
               s.witness["yaml"], count=1), False)),
    Defect("witness-yaml-huge-int", "a 5,000-digit integer in a YAML witness: ValueError "
           "traceback", False,
           _is("witness", "yaml:huge_number", ("traceback", "internal-error"), "digits"),
           lambda s: _replay(s, "yaml:huge_number", "w.yml", re.sub(
               r"(\bline:)[^\n]*", lambda m: m.group(1) + " " + "9" * 5000,
               s.witness["yaml"], count=1), False)),
    Defect("llvm-deep-type", "a deeply nested LLVM type ([1 x [1 x ... i32]], 500 deep): "
           "RecursionError in frontend/llvm/reader.py (type/_base_type)", False,
           _is("llvm", "deep_nesting", ("internal-error", "traceback"), "Recursion"),
           lambda s: Mutant("llvm", "deep_nesting", "short_wrap.ll", {"prog.ll": to_bytes(
               _ll(s) + "\n@fz = global " + "[1 x " * 1000 + "i32" + "]" * 1000 +
               " zeroinitializer\n")}, ["check", "prog.ll", "--timeout", "3"], timeout=3.0)),
    Defect("corral-recursion-bound-negative", "/recursionBound:-1 is not rejected: "
           "internal error (AssertionError: the recursion bound is not negative)", False,
           _is("options", None, ("internal-error", "traceback"), argv=r"/recursionBound:-"),
           lambda s: _options(s, ["check", "lock.bpl", "/recursionBound:-1", "--timeout", "3"],
                              3.0)),
    Defect("deadline-interrupts-z3", "the --timeout deadline interrupting z3 term building "
           "gives, on some runs, 'internal error: ArgumentError', an 'Exception ignored in "
           "AstRef.__del__' traceback on stderr, or SIGSEGV", False,
           lambda m, o, d: (o == "internal-error" and "ArgumentError" in d)
           or (o == "traceback" and "'ctx'" in d)
           or (o == "bad-exit" and "exit -11" in d and "--timeout" in m.argv
               and "--memlimit" not in m.argv
               and not (m.kind == "llvm" and m.family == "deep_nesting")),
           lambda s: Mutant("bpl", "deep_nesting", "abs_call_args.bpl", {"prog.bpl": to_bytes(
               _bpl_inject(dict(s.bpl)["abs_call_args.bpl"],
                           "assume " + "true && " * 20000 + "true;"))},
               ["check", "prog.bpl", "--reach", "--timeout", "3"], timeout=3.0),
           repeat=8, flaky=True, slow=True),
    Defect("translate-deep-slow", "translate of 100,000 nested `while (0)` takes more than "
           "30 s (superlinear; 20,000 take 14 s) and translate has no --timeout", True,
           _is("c", "deep_nesting", ("hang",), argv=r"^translate "),
           lambda s: Mutant("c", "deep_nesting", "values_paths.c", {"prog.c": to_bytes(
               _c_inject(_c(s, "values_paths.c"), "while (0) " * 100000 + ";"))},
               ["translate", "prog.c"], wall=30.0),
           slow=True),
    Defect("svcomp-witness-missing-dir", "svcomp --witness into a folder that does not "
           "exist: FileNotFoundError traceback", False,
           _is("options", None, ("traceback", "internal-error", "exit-1"),
               argv=r"^svcomp .*--witness /nonexistent/"),
           lambda s: _svcomp_options(s, ["svcomp", "task.yml", "--witness",
                                         "/nonexistent/dir/w.graphml", "--timeout", "3"])),
    Defect("check-mixed-c-and-bpl", "check prog.c lock.bpl (a C and a Boogie file): "
           "StopIteration traceback", False,
           _is("options", None, ("traceback", "exit-1"), "StopIteration"),
           lambda s: _options(s, ["check", "prog.c", "lock.bpl", "--timeout", "3"], 3.0)),
    Defect("unbounded-device-read", "a device file as input is read without bound: "
           "`bpl /dev/zero` grows past 3 GB (no --timeout/--memlimit there); `check /dev/zero "
           "--frontend boogie --timeout 3` reaches 1.7 GB", False,
           _is("options", None, ("memory-blowup", "hang"), argv=r"/dev/zero"),
           lambda s: _options(s, ["bpl", "/dev/zero", "--typecheck-only"]), slow=True),
    Defect("llvm-deep-struct-segfault", "LLVM IR with a 100,000-deep struct type crashes "
           "with SIGSEGV (20,000 deep already; in LLVM's parser, before the front end's depth "
           "check)", False,
           _is("llvm", "deep_nesting", ("bad-exit",), r"exit -11"),
           lambda s: Mutant("llvm", "deep_nesting", "short_wrap.ll", {"prog.ll": to_bytes(
               _ll(s) + "\n@fz = global " + "{ " * 100000 + "i32" + " }" * 100000 +
               " zeroinitializer\n")}, ["translate", "prog.ll"], wall=30.0)),
    Defect("bpl-deep-quantifier", "Boogie with 200 nested quantifiers: RecursionError in "
           "boogie/typecheck.py (expr_type via visit.postorder)", False,
           _is("bpl", "deep_nesting", ("internal-error", "traceback"), "Recursion"),
           lambda s: Mutant("bpl", "deep_nesting", "generated", {"prog.bpl": (
               "procedure {:entrypoint} main() {\n  assume " + "(forall i: int :: " * 200 +
               "true" + ")" * 200 + ";\n}\n").encode()},
               ["check", "prog.bpl", "--timeout", "3"], timeout=3.0)),
    Defect("llvm-verifier-error-at-1-1", "LLVM verifier errors (a broken module flag, an "
           "intrinsic of the wrong signature) are placed at 1:1, not at the offending line",
           False, _is("llvm", None, ("error-at-1:1",), "not a valid LLVM module"),
           lambda s: _ll_mutant(s, "huge_literal", re.sub(
               r'(!\{i32 )\d+(, !"wchar_size")', r"\g<1>387358725\2", _ll(s), count=1))),
    Defect("llvm-intrinsic-missing-argument", "a call of llvm.sadd.with.overflow with one "
           "argument: internal error (IndexError in frontend/llvm/calls.py _overflow)", False,
           _is("llvm", None, ("internal-error", "traceback"), "IndexError"),
           lambda s: _ll_mutant(s, "token_delete", _ll(s, "overflow_bug.ll").replace(
               "@llvm.sadd.with.overflow.i32(i32 %x, i32 1)",
               "@llvm.sadd.with.overflow.i32( i32 1)"))),
    Defect("z3-canceled-not-timeout", "a run that reaches --timeout inside z3 says "
           "'internal error: Z3Exception: canceled' instead of timeout (a 1,000-instruction "
           "LLVM chain)", False,
           _is("llvm", None, ("internal-error",), "canceled"),
           lambda s: _ll_mutant(s, "long_chain", _chain(_ll(s), 1000))),
    Defect("candidates-non-utf8", "--candidates FILE that is not UTF-8: internal error "
           "(UnicodeDecodeError)", False,
           _is("options", None, ("internal-error", "traceback"), "Unicode",
               argv="--candidates"),
           lambda s: _with(_options(s, ["check", "lock.bpl", "--candidates", "non_utf8.txt",
                                        "--timeout", "3"], 3.0),
                           {"non_utf8.txt": b"*: x == \xff\n"})),
    Defect("gcc-left-running-after-timeout", "the C front end's gcc syntax check (cc1) is "
           "left running, orphaned, after the run ends at its --timeout (100,000 nested "
           "`while (0)`; 25,000 nested braces are fixed)", False,
           _is("c", None, ("stray-process",)),
           lambda s: Mutant("c", "deep_nesting", "loop_calls.c", {"prog.c": to_bytes(
               _c_inject(s.program, "while (0) " * 100000 + ";"))},
               ["check", "prog.c", "--no-replay", "--timeout", "3"], timeout=3.0)),
    Defect("llvm-intrinsic-signature-at-1-1", "the LLVM verifier's 'Intrinsic called with "
           "incompatible signature' is placed at 1:1, not at the declaration or call", False,
           _is("llvm", None, ("error-at-1:1",), "Intrinsic"),
           lambda s: _ll_mutant(s, "huge_width", _ll(s, "loop_calls.ll").replace(
               "declare { i32, i1 } @llvm.sadd.with.overflow.i32",
               "declare { i128, i1 } @llvm.sadd.with.overflow.i32", 1), "loop_calls.ll")),
    Defect("svcomp-llvm-fallback-on-rejected-c", "svcomp answers FALSE on C that gcc rejects "
           "(`extern extern int f(void);`): the C front end rejects it, the LLVM fallback "
           "compiles it with clang, which only warns", False,
           _is("c", None, ("verdict-on-rejected-C",), argv=r"^svcomp |--frontend llvm"),
           lambda s: Mutant("c", "token_duplicate", "loop_calls.c", {
               "prog.c": to_bytes(s.program.replace("extern int", "extern extern int", 1)),
               "unreach-call.prp": UNREACH_CALL.encode()},
               ["svcomp", "--property", "unreach-call.prp", "prog.c", "--timeout", "5"],
               timeout=5.0, c_input="prog.c")),
    Defect("trace-json-missing-line", "a trace JSON whose nondet entry has no line: "
           "IndexError traceback in replay/native.py (inputs_from_trace)", False,
           _is("witness", "json:", ("traceback", "internal-error"), "IndexError"),
           lambda s: _replay(s, "json:delete_key", "trace.json", re.sub(
               r'("nondet": \[\{[^}]*?), "line": \d+', r"\1", s.witness["json"], count=1),
               False)),
    Defect("deadline-during-import", "on a loaded machine (12 runs at once) the deadline "
           "can arrive while verifier.smt.z3solver is being imported: the run-guard thread "
           "dies with 'AttributeError: partially initialized module ... interrupt_all' "
           "(traceback on stderr); once also 'Exception ignored in WeakSet._remove ... "
           "DeadlineExceeded'", False,
           lambda m, o, d: o == "traceback" and ("interrupt_all" in d or "DeadlineExceeded" in d),
           lambda s: _options(s, ["check", "lock.bpl", "--timeout", "5"], 5.0),
           repeat=12, jobs=12, flaky=True, slow=True),
    Defect("recheck-timeout-is-internal-error", "a re-check query that hits --query-timeout "
           "is reported as 'internal error: trace did not re-check (re-check timed out)' "
           "(verifier/search/call_tree.py, was si.py), not as a timeout; seen with --query-timeout 5e-324 on a "
           "loaded machine", False,
           _is("options", None, ("internal-error",), "re-check timed out"),
           lambda s: _options(s, ["check", "lock.bpl", "--query-timeout", "5e-324",
                                  "--timeout", "10"], 10.0),
           repeat=12, jobs=6, flaky=True, slow=True),
    Defect("newline-in-entry-name", "--entry with a newline: the error message spans two "
           "lines", False,
           _is("options", None, ("error-not-one-line",), argv=r"--entry [^ ]*\n"),
           lambda s: _options(s, ["bpl", "lock.bpl", "--instrument", "--entry", "main\n"])),
    Defect("svcomp-task-non-utf8", "a task .yml that is not UTF-8 is answered (read with "
           "replacement characters) instead of rejected", False,
           _is("svcomp", "non_utf8", ("accepted-malformed",)),
           lambda s: _svcomp(s, "non_utf8", s.task.replace("language", "lang\xfe\xffuage", 1),
                             True)),
]


def _ll(seeds: Seeds, name: str = "short_wrap.ll") -> str:
    return dict(seeds.llvm).get(name) or seeds.llvm[0][1]


def _ll_mutant(seeds: Seeds, family: str, text: str, seed_name: str = "short_wrap.ll") -> Mutant:
    seed = _ll(seeds, seed_name)
    return Mutant("llvm", family, seed_name, {"prog.ll": to_bytes(text)},
                  ["check", "prog.ll", "--timeout", "3"], timeout=3.0,
                  changed_line=first_changed_line(seed, text))


def _chain(text: str, n: int) -> str:
    m = re.search(r"define[^\n]*@main\([^\n]*\{\n", text)
    chain = "  %fz0 = add i32 0, 1\n" + "".join(
        f"  %fz{i} = add i32 %fz{i - 1}, 1\n" for i in range(1, n))
    return text[:m.end()] + chain + text[m.end():]


def _with(m: Mutant, files: dict[str, bytes]) -> Mutant:
    return dataclasses.replace(m, files={**m.files, **files})


def match(m: Mutant, outcome: str, detail: str) -> str | None:
    """The id of the open defect a failure matches, if any."""
    for d in DEFECTS:
        if d.open and d.matches(m, outcome, detail):
            return d.ident
    return None

"""Typestate rules (`--rules`): rule files (boogie/rules.py), their instrumentation
(boogie/passes/typestate.py), the CLI (pycorral/rules.py) and how a violation is reported.

Data-driven: `tests/data/rules/c/*.c` and `tests/data/rules/bpl/*.bpl` state in their header
(tests/cases.py) the verdict (`EXPECT`), the flags (`FLAGS`, naming a bundled rule file),
and for a bug the rule and message violated (`VIOLATION: rule: message`) and where
(`AT: line:col`, the call the rule rejects or the return of the entry).  Every C case runs
through both C front ends with the same expectations (the front ends agree; the column is
checked for the pycparser front end, whose column is the statement's, clang's the call's),
in each encoding of its `ENCODINGS` line (default int).  `tests/data/rules/bad/*.rules`
are bad rule files whose `ERROR` header is the expected `line:col: message` (a prefix).
The golden text output of one violation is `tests/data/rules/golden/`.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cases import read_case
from frontend.llvm.compile import clang_command
from pycorral.cli import main

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "rules"
C_CASES = sorted((DATA / "c").glob("*.c"))
BPL_CASES = sorted((DATA / "bpl").glob("*.bpl"))
BAD = sorted((DATA / "bad").glob("*.rules"))
BUNDLED = sorted((ROOT / "rules").glob("*.rules"))
needs_clang = pytest.mark.skipif(clang_command() is None,
                                 reason="no clang: neither system clang nor ziglang")


def _check(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["check", *args])
    return r.exit_code, r.stdout.replace(str(ROOT) + "/", ""), r.stderr


def _json(*args: str) -> tuple[int, dict]:
    code, out, err = _check(*args, "--json", "-q")
    assert code in (0, 10, 20, 30), out + err
    return code, json.loads(out)


def _expect_verdict(case, doc: dict) -> None:
    want = case.expect
    got = doc["verdict"]
    assert got == want or (want == "no-bug" and got in ("correct", "bounded")), doc["reason"]


def _expect_violation(case, doc: dict, check_col: bool = True) -> None:
    """The violation JSON reports, against the case's VIOLATION and AT lines; the C trace
    ends at the check, which names the rule."""
    rule, message = case.get("VIOLATION").split(": ", 1)
    v = doc["violation"]
    assert (v["rule"], v["message"]) == (rule, message)
    line, col = (int(x) for x in case.get("AT").split(":"))
    assert v["line"] == line, v
    if check_col:
        assert v["col"] == col, v
    assert doc["trace"]["violation"] == v
    last = doc["trace"]["source"]["steps"][-1]
    assert last["kind"] == "fail" and last["violation"] == f"rule {rule} violated: {message}"
    assert last["line"] == line


# ----------------------------------------------------------------------------- rule files

def test_bundled_rule_files_parse_and_are_the_documented_ones():
    from boogie.rules import read_rules
    from pycorral.rules import bundled_names

    assert bundled_names() == ["fastmutex", "irp", "linux_mutex", "linux_spinlock",
                               "spinlock"]
    names = []
    for path in BUNDLED:
        for rule in read_rules(str(path)):
            names.append(rule.name)
            assert rule.description and rule.calls
            assert all(c.message for c in rule.calls)
    assert {"spinlock", "queuedspinlock", "cancelspinlock", "fastmutex", "irp",
            "linux_spinlock", "linux_mutex"} == set(names)


def test_rule_file_grammar():
    from boogie.rules import Move, parse_rules

    (r,) = parse_rules(
        '# a comment\n'
        'rule lock "a lock" # trailing comment\n'
        '  states free held\n'
        '  key arg2\n'
        '  call take(arg1): free -> held "taken twice"\n'
        '  call try: free -> held if result != 0, free -> free if result == -4, held -> held\n'
        '  call reset: * -> free\n'
        '  call drop: held -> free\n'
        '  at exit: free "still held"\n', "x.rules")
    assert (r.name, r.description, r.states, r.key, r.initial) == \
        ("lock", "a lock", ("free", "held"), 2, "free")
    take, try_, reset, drop = r.calls
    assert (take.key, take.moves, take.message) == (1, (Move("free", "held"),), "taken twice")
    assert try_.key == 2 and try_.tests_result and try_.sources() == ("free", "held")
    assert try_.moves[1] == Move("free", "free", ("==", -4))
    assert reset.sources() is None and not reset.tests_result
    assert drop.message == "drop called in a state other than held"
    assert r.exit.accepted == ("free",) and r.exit.message == "still held"
    assert (take.loc.line, take.loc.col) == (5, 8)


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_rule_file_is_one_line_exit_2(path: Path):
    want = read_case(path).get("ERROR")
    assert want, f"{path.name}: no ERROR header"
    code, out, err = _check(str(DATA / "c" / "spinlock_ok.c"), "--rules", str(path))
    rel = path.relative_to(ROOT)
    assert code == 2 and out == "", out
    assert len(err.strip().splitlines()) == 1, err
    prefix = f"{rel}:{want.split(': ', 1)[0]}: error: {want.split(': ', 1)[1]}"
    assert err.replace(str(ROOT) + "/", "").startswith(prefix), err


def test_mutated_rule_files_are_rules_or_one_diagnostic():
    """Seeded mutations of the bundled files (characters dropped, doubled or replaced,
    lines swapped): the parser returns rules or raises one located diagnostic, never
    anything else."""
    import random

    from boogie.errors import BoogieError
    from boogie.rules import parse_rules

    rng = random.Random(16)
    texts = [p.read_text() for p in BUNDLED]
    alphabet = 'ab:,->*()"#\n \t=!0123456789xyz\x00\u00e9'
    outcomes = {"rules": 0, "error": 0}
    for n in range(400):
        text = list(rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text))
            what = rng.randrange(3)
            if what == 0:
                del text[i]
            elif what == 1:
                text.insert(i, text[i])
            else:
                text[i] = rng.choice(alphabet)
        mutated = "".join(text)
        if n % 7 == 0:
            lines = mutated.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            mutated = "\n".join(lines)
        try:
            parse_rules(mutated, "m.rules")
            outcomes["rules"] += 1
        except BoogieError as e:
            loc = e.first.loc
            assert loc.file == "m.rules" and 1 <= loc.line <= mutated.count("\n") + 1
            assert loc.col >= 1 and "\n" not in e.first.message
            outcomes["error"] += 1
    assert outcomes["rules"] > 20 and outcomes["error"] > 100, outcomes


def test_missing_rule_file_and_usage_errors():
    src = str(DATA / "c" / "spinlock_ok.c")
    code, _, err = _check(src, "--rules", "no_such_rules")
    assert code == 2 and err.startswith("no_such_rules:1:1: error: cannot read rule file")
    assert "bundled: fastmutex, irp" in err
    code, _, err = _check(src, "--rules", str(DATA / "c"))
    assert code == 2 and "not a regular file" in err
    code, _, err = _check(src, "--rules-only")
    assert code == 2 and "--rules-only needs --rules" in err
    code, _, err = _check(str(DATA / "bpl" / "spinlock_alias.bpl"), "--rules", "spinlock",
                          "--reach")
    assert code == 2 and "--reach" in err
    code, _, err = _check(src, "--rules", "spinlock", "--rules", str(ROOT / "rules" /
                                                                     "spinlock.rules"))
    assert code == 0, err                      # the same file twice is read once
    twin = DATA / "c" / "spinlock_ok.c"
    code, _, err = _check(str(twin), "--rules", "irp", "--rules", str(DATA / "bad" /
                                                                      "duplicate_rule.rules"))
    assert code == 2


# ----------------------------------------------------------------------------- cases

def _c_params():
    out = []
    for p in C_CASES:
        encodings = (read_case(p).get("ENCODINGS") or "int").split()
        for fe in ("c", "llvm"):
            for enc in encodings:
                marks = [needs_clang] if fe == "llvm" else []
                out.append(pytest.param(p, fe, enc, marks=marks, id=f"{p.stem}-{fe}-{enc}"))
    return out


@pytest.mark.parametrize("src,frontend,encoding", _c_params())
def test_c_case(src: Path, frontend: str, encoding: str):
    """Each bundled rule: the violation is found at the call (or return) with the rule's
    message, the fixed version is not flagged; both front ends, natively replayed up to the
    call the rule rejects."""
    case = read_case(src)
    _, doc = _json(str(src), *case.flags, "--frontend", frontend, "--encoding", encoding)
    _expect_verdict(case, doc)
    if case.expect != "bug":
        assert "violation" not in doc
        return
    _expect_violation(case, doc, check_col=frontend == "c")
    v, stats = doc["violation"], doc["stats"]
    assert stats["replay"] == "not_replayable", stats.get("replay_line")
    target = f"the call of {v['function']} at line {v['line']}" if v["function"] else \
        "the return from main"
    assert f"follows the trace to {target}" in stats["replay_line"]
    # the C trace shows the calls the rule's state comes from
    entered = [s["function"] for s in doc["trace"]["source"]["steps"] if s["kind"] == "enter"]
    assert "main" in entered


@pytest.mark.parametrize("src", BPL_CASES, ids=[p.stem for p in BPL_CASES])
def test_bpl_case(src: Path):
    case = read_case(src)
    _, doc = _json(str(src), *case.flags)
    _expect_verdict(case, doc)
    if case.expect == "bug":
        _expect_violation(case, doc)
    else:
        assert "violation" not in doc


def test_every_bundled_rule_file_has_a_bug_and_a_fixed_case():
    for stem in ("spinlock", "fastmutex", "irp", "linux_spinlock", "linux_mutex"):
        for cases in (C_CASES, BPL_CASES):
            flagged = [read_case(p) for p in cases
                       if f"--rules {stem} " in " ".join(read_case(p).flags) + " "]
            assert any(c.expect == "bug" for c in flagged), (stem, cases[0].suffix)
            assert any(c.expect != "bug" for c in flagged), (stem, cases[0].suffix)


# ----------------------------------------------------------------------------- outputs

GOLDEN = DATA / "golden"


@pytest.mark.parametrize("frontend", [
    "c", pytest.param("llvm", marks=[needs_clang])])
def test_golden_text_of_a_violation(frontend: str, request):
    src = (DATA / "c" / "spinlock_twice.c").relative_to(ROOT)
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--rules",
                        "spinlock", "--bound", "2", "--frontend", frontend, "--no-color"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 10, r.stdout + r.stderr
    text = "".join(ln + "\n" for ln in r.stdout.splitlines() if not ln.startswith("summary:"))
    expected = GOLDEN / f"spinlock_twice.{frontend}.out"
    updating = request.config.getoption("--update-golden") or \
        os.environ.get("PYCORRAL_UPDATE_GOLDEN") == "1"
    if updating or not expected.exists():
        expected.parent.mkdir(exist_ok=True)
        expected.write_text(text)
        if not updating:
            pytest.fail(f"golden output {expected.name} was missing and has been written")
    assert text == expected.read_text(), f"{expected.name} differs (--update-golden)"
    assert text.startswith("bug found: rule spinlock violated: spin lock acquired twice\n")


def test_readme_example_is_the_golden_output():
    """README's Rules section shows the golden output of the same command."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("### Rules"):]
    block = section.split("```\n", 2)[1]
    command, _, shown = block.partition("\n")
    assert command == "$ pycorral check tests/data/rules/c/spinlock_twice.c --rules spinlock " \
        "--bound 2"
    assert shown == (GOLDEN / "spinlock_twice.c.out").read_text()


def test_sarif_names_the_rule(tmp_path):
    src = DATA / "c" / "spinlock_twice.c"
    out = tmp_path / "r.sarif"
    code, _, err = _check(str(src), "--rules", "spinlock", "--bound", "2", "--no-replay",
                          "--sarif", str(out), "-q")
    assert code == 10, err
    run = json.loads(out.read_text())["runs"][0]
    (res,) = run["results"]
    assert res["ruleId"] == "spinlock"
    rules = run["tool"]["driver"]["rules"]
    assert rules[res["ruleIndex"]]["id"] == "spinlock"
    assert rules[res["ruleIndex"]]["shortDescription"]["text"].startswith("a spin lock is")
    assert res["message"]["text"].startswith("Rule spinlock violated: spin lock acquired twice.")
    region = res["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (22, 5)
    assert rules[0]["id"] == "pycorral.assertion-violation"     # still described


def test_instrumented_boogie_prints_reparses_and_checks_the_same(tmp_path):
    """`bpl --rules` prints the program the verifier checks; the printed program (its
    `{:rule}` attributes included) type-checks and gives the same violation."""
    src = DATA / "bpl" / "fastmutex_try.bpl"
    r = CliRunner().invoke(main, ["bpl", str(src), "--rules", "fastmutex"])
    assert r.exit_code == 0, r.output
    assert '{:rule "fastmutex", "fast mutex released without being held"' in r.stdout
    printed = tmp_path / "inst.bpl"
    printed.write_text(r.stdout)
    _, doc = _json(str(printed), "--bound", "3")
    assert doc["violation"]["rule"] == "fastmutex"
    r = CliRunner().invoke(main, ["bpl", str(src), "--rules", "fastmutex", "--instrument"])
    assert r.exit_code == 0 and "pycorral_rule$fastmutex$state" in r.stdout


def test_pass_output_type_checks_and_touches_only_rule_calls():
    from boogie.passes.typestate import instrument_rules
    from boogie.rules import read_rules
    from boogie.typecheck import typecheck
    from frontend.load import FrontendOptions, load

    from pycorral.cli import check_program, load_program

    rules = read_rules(str(ROOT / "rules" / "linux_mutex.rules"))
    src = DATA / "c" / "linux_mutex_interruptible.c"
    prog = load([str(src)], FrontendOptions(frontend="c")).program
    done = instrument_rules(prog, rules, "main")
    typecheck(done.program)
    assert done.entry == "main" and done.checked_calls == 2
    assert set(done.ghosts) == {"pycorral_rule$linux_mutex$state",
                                "pycorral_rule$linux_mutex$base",
                                "pycorral_rule$linux_mutex$bad"}
    assert {u.function for u in done.unused} >= {"mutex_lock", "mutex_trylock"}
    for src in BPL_CASES:
        case = read_case(src)
        stem = case.flags[case.flags.index("--rules") + 1]
        prog = check_program(load_program(str(src)), str(src))
        entry = next(d.name for d in prog.decls if any(
            a.name == "entrypoint" for a in getattr(d, "attrs", ())))
        done = instrument_rules(prog, read_rules(str(ROOT / "rules" / f"{stem}.rules")),
                                entry)
        typecheck(done.program)


ENTRY_CALLED = """
procedure spin_lock(l: int);
procedure spin_unlock(l: int);
procedure {:entrypoint} main(n: int)
{
  if (n == 1) {
    call spin_lock(7);
    call main(0);          // a nested return is not the exit
    call spin_unlock(7);
  }
}
"""


def test_an_entry_the_program_calls_is_checked_through_a_copy(tmp_path):
    src = tmp_path / "rec.bpl"
    src.write_text(ENTRY_CALLED)
    _, doc = _json(str(src), "--rules", "linux_spinlock", "--bound", "3")
    assert doc["verdict"] in ("correct", "bounded"), doc
    src.write_text(ENTRY_CALLED.replace("    call spin_unlock(7);\n", ""))
    _, doc = _json(str(src), "--rules", "linux_spinlock", "--bound", "3")
    assert doc["verdict"] == "bug"
    assert doc["violation"]["message"] == "spinlock still locked at exit"


ASSERT_AND_RULE = """\
#include <assert.h>
void spin_lock(int *l) { }
void spin_unlock(int *l) { }
int __VERIFIER_nondet_int(void);
int lock;
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 5);
  spin_lock(&lock);
  if (x == 7) return 1;
  spin_unlock(&lock);
  return 0;
}
"""


def test_rules_only_assumes_the_program_assertions(tmp_path):
    src = tmp_path / "both.c"
    src.write_text(ASSERT_AND_RULE)
    _, doc = _json(str(src), "--rules", "linux_spinlock", "--bound", "2", "--no-replay")
    assert doc["verdict"] == "bug"          # whichever the search met first: both are bugs
    _, doc = _json(str(src), "--rules", "linux_spinlock", "--bound", "2", "--no-replay",
                   "--rules-only")
    assert doc["verdict"] == "bug" and doc["violation"]["rule"] == "linux_spinlock"
    fixed = ASSERT_AND_RULE.replace("  if (x == 7) return 1;\n", "")
    src.write_text(fixed)
    _, doc = _json(str(src), "--rules", "linux_spinlock", "--bound", "2", "--rules-only")
    assert doc["verdict"] == "correct"
    _, doc = _json(str(src), "--rules", "linux_spinlock", "--bound", "2", "--no-replay")
    assert doc["verdict"] == "bug" and "violation" not in doc     # the assertion


def test_warnings_for_functions_never_called(tmp_path):
    rules = tmp_path / "typo.rules"
    rules.write_text('rule lock "x"\n  states free held\n  key arg1\n'
                     '  call spin_lock: free -> held\n  call spin_unlok: held -> free\n')
    src = DATA / "c" / "linux_spinlock_ok.c"
    code, _, err = _check(str(src), "--rules", str(rules), "--bound", "2")
    assert code == 0, err
    assert err.splitlines()[0] == \
        f"{rules}:5:8: warning: rule lock: the program never calls spin_unlok"
    code, _, err = _check(str(src), "--rules", "irp", "--bound", "2")
    assert code == 0
    line, = [ln for ln in err.splitlines() if "warning" in ln]
    assert line.endswith("irp.rules:1:1: warning: the program calls none of the functions "
                         "of the bundled rules irp (irp)")
    code, _, err = _check(str(src), "--rules", "irp", "--bound", "2", "-q")
    assert code == 0 and "warning" not in err


TWO_RULES = """\
rule opened "a device is opened and closed alternately"
  states closed open
  key arg1
  call dev_open: closed -> open     "opened twice"
  call dev_close: open -> closed    "closed without being open"
rule locked "a device is not closed while locked"
  states unlocked locked
  key arg1
  call dev_lock: unlocked -> locked
  call dev_unlock: locked -> unlocked
  call dev_close: unlocked -> unlocked "closed while locked"
"""

TWO_RULES_PROGRAM = """\
struct dev { int state; };
void dev_open(struct dev *d) { }
void dev_close(struct dev *d) { }
void dev_lock(struct dev *d) { }
void dev_unlock(struct dev *d) { }
struct dev a, b;
int main(void) {
  dev_open(&a);
  dev_lock(&a);
  dev_open(&b);
  dev_close(&b);
  dev_unlock(&a);
  dev_close(&a);
  return 0;
}
"""


def test_one_object_keyed_by_two_rules(tmp_path):
    """An object is the key of two rules and a call is named by both: each rule keeps its
    own state of it (its own ghost map), both are checked at the call, in file order."""
    rules = tmp_path / "dev.rules"
    rules.write_text(TWO_RULES)
    src = tmp_path / "dev.c"
    src.write_text(TWO_RULES_PROGRAM)
    for fe in ("c", "llvm"):
        _, doc = _json(str(src), "--rules", str(rules), "--bound", "2", "--frontend", fe)
        assert doc["verdict"] == "correct", doc["reason"]
    src.write_text(TWO_RULES_PROGRAM.replace("  dev_unlock(&a);\n  dev_close(&a);\n",
                                             "  dev_close(&a);\n  dev_unlock(&a);\n"))
    _, doc = _json(str(src), "--rules", str(rules), "--bound", "2")
    assert (doc["violation"]["rule"], doc["violation"]["message"], doc["violation"]["line"]) \
        == ("locked", "closed while locked", 12)


MISFIT = [
    ('rule r "x"\n  states a b\n  key arg3\n  call spin_lock: a -> b\n',
     "4:8: error: rule r: spin_lock has 1 parameter(s), so it has no argument arg3"),
    ('rule r "x"\n  states a b\n  key arg1\n  call spin_lock: a -> b if result == 0\n',
     "4:8: error: rule r: spin_lock returns no result for a move to test"),
]


@pytest.mark.parametrize("text,error", MISFIT, ids=["no-such-argument", "no-result"])
def test_a_rule_that_does_not_fit_the_program_is_bad_input(tmp_path, text, error):
    rules = tmp_path / "misfit.rules"
    rules.write_text(text)
    code, out, err = _check(str(DATA / "c" / "linux_spinlock_ok.c"), "--rules", str(rules),
                            "--bound", "2")
    assert code == 2 and err.strip() == f"{rules}:{error}", err


def test_keys_of_different_types_are_bad_input(tmp_path):
    src = tmp_path / "k.bpl"
    src.write_text("type ref;\nprocedure spin_lock(l: int);\nprocedure spin_unlock(l: ref);\n"
                   "procedure {:entrypoint} main(a: int, b: ref)\n{\n  call spin_lock(a);\n"
                   "  call spin_unlock(b);\n}\n")
    code, _, err = _check(str(src), "--rules", "linux_spinlock", "--bound", "2")
    assert code == 2 and re.search(r"linux_spinlock\.rules:\d+:8: error: rule linux_spinlock: "
                                   r"the key of spin_unlock \(arg1\) is of type ref", err), err


# ----------------------------------------------------------------------------- replay

def test_replay_reads_the_violation_back_from_json(tmp_path):
    src = DATA / "c" / "spinlock_helper.c"
    code, out, _ = _check(str(src), "--rules", "spinlock", "--bound", "2", "--json", "-q",
                          "--no-replay")
    assert code == 10
    doc = json.loads(out)
    assert doc["violation"]["step"] > 0
    saved = tmp_path / "r.json"
    saved.write_text(out)
    r = CliRunner().invoke(main, ["replay", str(src), "--trace-json", str(saved)])
    assert r.exit_code == 20, r.output
    assert "follows the trace to the call of KeAcquireSpinLock at line 15" in r.output
    doc["trace"]["violation"]["line"] = "15"
    saved.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["replay", str(src), "--trace-json", str(saved)])
    assert r.exit_code == 2 and "line must be an integer" in r.output, r.output


def test_exit_check_of_a_function_entry():
    """With --function F the `at exit` check follows F's return in its harness; the
    replay follows the trace to that return."""
    src = DATA / "c" / "linux_mutex_exit.c"
    code, out, err = _check(str(src), "--rules", "linux_mutex", "--bound", "2", "--function",
                            "dev_ioctl", "--json", "-q")
    assert code == 10, out + err
    doc = json.loads(out)
    assert doc["violation"]["message"] == "mutex still locked at exit"
    one = doc["functions"][0]
    assert one["stats"]["replay"] == "not_replayable"
    assert "follows the trace to the return from dev_ioctl" in one["stats"]["replay_line"]


STATIC_STUB = """\
typedef struct { long v; } KSPIN_LOCK;
static void KeAcquireSpinLock(KSPIN_LOCK *lock, unsigned char *old) { *old = 0; }
KSPIN_LOCK l;
int main(void) {
  unsigned char a, b;
  KeAcquireSpinLock(&l, &a);
  KeAcquireSpinLock(&l, &b);
  return 0;
}
"""


def test_replay_stops_at_the_rejected_call_or_says_why_not(tmp_path):
    """The harness stops the native run at the n-th entry into the rule's function: the
    judge says the run follows the trace there; a count the run never reaches is
    not_reached (the model and the program disagree); a static function the harness cannot
    see is not replayable."""
    from replay.harness import Stop
    from replay.native import ReplayInputs, replay_inputs
    from replay.build import Build

    src = tmp_path / "s.c"
    src.write_text(STATIC_STUB.replace("static ", ""))
    seen = replay_inputs([str(src)], ReplayInputs((), expected_line=7,
                                                  stop=Stop("KeAcquireSpinLock", 2)),
                         data_model="LP64", build=Build())
    assert seen.status == "not_replayable" and seen.reached_line == 7, seen
    assert "follows the trace to the call of KeAcquireSpinLock at line 7" in seen.reason
    never = replay_inputs([str(src)], ReplayInputs((), expected_line=7,
                                                   stop=Stop("KeAcquireSpinLock", 3)),
                          data_model="LP64", build=Build())
    assert never.status == "not_reached", never
    assert "before the call of KeAcquireSpinLock" in never.reason
    src.write_text(STATIC_STUB)
    hidden = replay_inputs([str(src)], ReplayInputs((), expected_line=7,
                                                    stop=Stop("KeAcquireSpinLock", 2)),
                           data_model="LP64", build=Build())
    assert hidden.status == "not_replayable" and "static function" in hidden.reason, hidden

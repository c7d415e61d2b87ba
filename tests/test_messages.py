"""Messages a C programmer reads: syntax errors in a compiler's words, no doubled words.

1. pycparser's syntax errors (`before: return`, `Invalid expression`) come out as a C
   compiler's (`expected ';' before 'return'`, `expected expression before 'int'`): a table
   of bad sources and the message each gets without gcc, and the message of C that gcc
   accepts and our parser does not read.
2. No doubled words (`unsupported: unsupported: call of strlen`) anywhere: every input of
   tests/data/c/unsupported and a few more (LLVM-only limits, a Boogie construct the engine
   declines, a syntax error) through `check` (text and JSON), `translate` and `svcomp`.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from boogie.errors import BoogieError, unsupported_reason, unsupported_what
from frontend.c.parse import parse_text
from pycorral.cli import main

DATA = Path(__file__).parent / "data"
PRP = DATA / "svcomp" / "properties" / "unreach-call.prp"

# ------------------------------------------------------------------ 1. syntax errors

SYNTAX = [   # source, the diagnostic our parser gives (gcc's words; gcc's own check aside)
    ("int main(void) {\n  int x = 1\n  return x;\n}\n", "3:3", "expected ';' before 'return'"),
    ("int main(void) { if (1 { return 0; } }\n", "1:24", "expected ')' before '{'"),
    ("int main(void) { return 0;\n", "1:27", "expected '}' at end of input"),
    ("int main(void) { return * ; }\n", "1:27", "expected expression before ';'"),
    ("int main(void) { for (int i = 0; i < 3 i++) {} }\n", "1:40",
     "expected ';' before 'i'"),
    ("int main(void) { do { } (1); }\n", "1:25", "expected 'while' before '('"),
    ("int main(void) { int a[; }\n", "1:24", "expected ']' before ';'"),
    ("struct s { int a; int b \n};\n", "2:1", "expected ';' before '}'"),
    ("typedef int T; int T;\n", "1:20",
     "non-typedef 'T' previously declared as typedef in this scope"),
]


@pytest.mark.parametrize("text,where,message", SYNTAX, ids=[s[2] for s in SYNTAX])
def test_syntax_errors_read_like_a_compilers(text, where, message):
    with pytest.raises(BoogieError) as e:
        parse_text(text, "x.c")
    assert str(e.value) == f"x.c:{where}: error: {message}"
    assert "before:" not in str(e.value) and "Invalid" not in str(e.value)


def test_c_gcc_accepts_but_our_parser_does_not_is_unknown_in_compiler_words(tmp_path):
    p = tmp_path / "nested.c"          # a GNU nested function: gcc accepts it
    p.write_text("int main(void) { int f(int a) { return a; } return f(1); }\n")
    r = CliRunner().invoke(main, ["check", str(p), "--bound", "1", "--no-replay"])
    assert r.exit_code == 20, r.output
    assert f"{p}:1:31: error: C syntax our parser does not read (gcc accepts it): " \
           "expected ';' before '{'" in r.output
    assert "unknown: unsupported: C syntax our parser does not read" in r.output


# ------------------------------------------------------------------ 2. doubled words

_DOUBLED = re.compile(r"\b([A-Za-z]{3,})\b[ \t:,;()'\"]+\1\b", re.IGNORECASE)   # in a line

LLVM_ONLY = {   # C that only the LLVM front end declines
    "strcasestr.c": "char *strcasestr(const char *, const char *);\n"
                    "int main(void) { char s[] = \"a,b\";\n"
                    "  return strcasestr(s, \",\") == 0; }\n",
}
BOOGIE = {      # a construct the engine declines (unsupported, after the type check)
    "poly.bpl": "type T a;\nfunction f<a>(x: T a): int;\n"
                "procedure main() { var t: T int; assert f(t) == 0; }\n",
}
BAD = {         # bad input (exit 2)
    "syntax.c": "int main(void) {\n  int x = 1\n  return x;\n}\n",
}


def _inputs(tmp: Path) -> list[tuple[Path, tuple[str, ...]]]:
    """(file, front-end flags) of every input the test runs."""
    out = [(p, ("--frontend", "c")) for p in sorted((DATA / "c" / "unsupported").glob("*.c"))]
    out += [(p, ("--frontend", "llvm")) for p in sorted((DATA / "c" / "unsupported")
                                                       .glob("*.c"))
            if p.stem in ("threads", "fork_use", "inline_asm")]
    for name, text in {**LLVM_ONLY, **BAD}.items():
        (tmp / name).write_text(text)
        out.append((tmp / name, ("--frontend", "llvm" if name in LLVM_ONLY else "c")))
    for name, text in BOOGIE.items():
        (tmp / name).write_text(text)
        out.append((tmp / name, ()))
    return out


def _commands(path: Path, fe: tuple[str, ...]) -> list[list[str]]:
    cmds = [["check", str(path), *fe, "--bound", "1", "--no-replay"],
            ["check", str(path), *fe, "--bound", "1", "--no-replay", "--json"]]
    if path.suffix == ".c":
        cmds.append(["translate", str(path), *fe, "-o", str(path.with_suffix(".bpl"))])
        cmds.append(["svcomp", "--property", str(PRP), *fe, "--timeout", "60", str(path)])
    return cmds


def test_no_doubled_words_in_any_message(tmp_path):
    seen = 0
    runner = CliRunner()
    for path, fe in _inputs(tmp_path):
        for cmd in _commands(path, fe):
            r = runner.invoke(main, cmd)
            text = r.output + (r.stderr if r.stderr_bytes is not None else "")
            assert "Traceback" not in text, (cmd, text)
            m = _DOUBLED.search(text)
            assert m is None, f"{' '.join(cmd)}: doubled '{m.group(0)}' in:\n{text}"
            if "--json" in cmd and r.exit_code == 20:
                reason = json.loads(r.stdout.strip().splitlines()[-1])["reason"]
                assert reason.lower().count("unsupported") <= 1, reason
            seen += "unsupported" in text
    assert seen >= 20          # the inputs do reach the unsupported paths


@pytest.mark.parametrize("message,reason", [
    ("f.c:2:42: error: unsupported: call of strlen", "unsupported: call of strlen"),
    ("unsupported: unsupported: call of strlen", "unsupported: call of strlen"),
    ("f.c:1:20: error: unsupported C construct: floating-point variable 'f'",
     "unsupported C construct: floating-point variable 'f'"),
    ("polymorphic map type [a]int", "unsupported: polymorphic map type [a]int"),
    ("f.c:3:1: error: nested too deeply", "unsupported: nested too deeply"),
])
def test_unsupported_reason_names_the_word_once(message, reason):
    assert unsupported_reason(message) == reason
    assert unsupported_what(message).lower().startswith("unsupported:") is False

"""SV-COMP scoring of benchmark results: verdict mapping, outcomes, points and plain counts.

Role: the one place that decides what a benchmark result is worth.  Input: the verdict a
run produced (pycorral's words, or the runner's own "error") and the task's expected
verdict; output: an outcome (correct / wrong / unknown / missed) and SV-COMP points.

Mapping (pycorral verdict -> SV-COMP answer):
  "correct" (proved for every bound)  -> TRUE
  "bug" (a checked trace)             -> FALSE
  "no bug within bound"  ("bounded")  -> UNKNOWN: a bounded search proves nothing for all
                                         runs, so it scores 0.  On a task whose expected
                                         verdict is FALSE it is a "missed" bug (still 0).
  "possible-bug" (a trace that rests on -> UNKNOWN (0), counted apart (`Counts.possible`):
   a function without a body)            not a bug found, and not a wrong answer on a TRUE
                                         task (the program may be correct)
  "unknown", and the runner's "error" -> UNKNOWN (0)

Points as in the SV-COMP rules: correct TRUE +2, correct FALSE +1, wrong TRUE -32,
wrong FALSE -16, unknown 0.  (SV-COMP's per-category normalisation is not applied.)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol

# Verdicts as recorded in results (pycorral's JSON words, "bounded" for short, plus the
# runner's "error" for a run that produced no verdict at all: crash, kill, bad input).
BUG, CORRECT, BOUNDED, UNKNOWN, ERROR = "bug", "correct", "bounded", "unknown", "error"
POSSIBLE = "possible-bug"
VERDICTS = (BUG, CORRECT, BOUNDED, UNKNOWN, ERROR, POSSIBLE)

# SV-COMP answers and expected verdicts.
TRUE, FALSE = "true", "false"

# Outcomes of one result.
OK, WRONG, UNSOLVED, MISSED = "correct", "wrong", "unknown", "missed"
OUTCOMES = (OK, WRONG, UNSOLVED, MISSED)

POINTS = {(OK, TRUE): 2, (OK, FALSE): 1, (WRONG, TRUE): -32, (WRONG, FALSE): -16}

_VERDICT_WORDS = {
    "bug": BUG, "false": BUG,
    "correct": CORRECT, "true": CORRECT,
    "no bug within bound": BOUNDED, "bounded": BOUNDED,
    "unknown": UNKNOWN,
    "possible-bug": POSSIBLE, "possible bug": POSSIBLE,
    "error": ERROR,
}

_EXPECTED_WORDS = {"true": TRUE, "correct": TRUE, "false": FALSE, "bug": FALSE}


class ScoringError(ValueError):
    """A verdict or expected-verdict word that this module does not know."""


def normalize_verdict(word: str) -> str:
    """pycorral's verdict word (e.g. "no bug within bound") -> one of VERDICTS."""
    try:
        return _VERDICT_WORDS[word.strip().lower()]
    except KeyError:
        raise ScoringError(f"unknown verdict {word!r}") from None


def normalize_expected(word: str) -> str:
    """An expected verdict as written in the corpora (true/false, correct/bug) -> TRUE/FALSE.
    SV-COMP's "false(unreach-call)" spelling is accepted too."""
    w = word.strip().lower()
    if w.startswith("false("):
        w = "false"
    try:
        return _EXPECTED_WORDS[w]
    except KeyError:
        raise ScoringError(f"unknown expected verdict {word!r} "
                           "(use true/false or correct/bug)") from None


def answer(verdict: str) -> str | None:
    """The SV-COMP answer a verdict stands for: TRUE, FALSE, or None (UNKNOWN)."""
    return {CORRECT: TRUE, BUG: FALSE}.get(normalize_verdict(verdict))


def outcome(verdict: str, expected: str) -> str:
    """correct / wrong / unknown / missed for a verdict on a task with this expectation."""
    v, exp = normalize_verdict(verdict), normalize_expected(expected)
    given = answer(v)
    if given is None:
        return MISSED if (v == BOUNDED and exp == FALSE) else UNSOLVED
    return OK if given == exp else WRONG


def points(verdict: str, expected: str) -> int:
    """SV-COMP points of one result: the answer given decides the weight (a wrong TRUE
    costs 32, a wrong FALSE 16)."""
    o = outcome(verdict, expected)
    given = answer(verdict)
    return POINTS.get((o, given), 0) if given is not None else 0


def max_points(expected: str) -> int:
    """What a correct answer to this task is worth."""
    return 2 if normalize_expected(expected) == TRUE else 1


class Scored(Protocol):
    verdict: str
    expected: str


@dataclass(frozen=True, slots=True)
class Counts:
    """Plain counts and the SV-COMP score of a set of results (one configuration)."""
    tasks: int = 0
    score: int = 0
    max_score: int = 0
    correct_true: int = 0
    correct_false: int = 0
    wrong_true: int = 0
    wrong_false: int = 0
    bounded: int = 0      # "no bug within bound" (any task); 0 points
    missed: int = 0       # of which on a task with a bug
    unknown: int = 0      # verdict unknown (timeouts, resource limits, unsupported)
    error: int = 0        # no verdict at all (crash, kill, bad input, no JSON)
    possible: int = 0     # a possible bug (a trace through a function without a body)

    @property
    def correct(self) -> int:
        return self.correct_true + self.correct_false

    @property
    def wrong(self) -> int:
        return self.wrong_true + self.wrong_false

    def summary(self) -> str:
        return (f"{self.tasks} tasks, score {self.score}/{self.max_score}: "
                f"{self.correct} correct ({self.correct_true} true, {self.correct_false} "
                f"false), {self.wrong} wrong ({self.wrong_true} true, {self.wrong_false} "
                f"false), {self.bounded} bounded ({self.missed} on bug tasks), "
                f"{self.possible} possible bug, {self.unknown} unknown, {self.error} error")


def count(results: Iterable[Scored]) -> Counts:
    """Counts of results (normally those of one configuration)."""
    c = dict.fromkeys(Counts.__dataclass_fields__, 0)
    for r in results:
        v, exp = normalize_verdict(r.verdict), normalize_expected(r.expected)
        o = outcome(v, exp)
        c["tasks"] += 1
        c["score"] += points(v, exp)
        c["max_score"] += max_points(exp)
        if o in (OK, WRONG):
            given = answer(v)
            c[f"{o}_{given}"] += 1
        elif v == BOUNDED:
            c["bounded"] += 1
            c["missed"] += o == MISSED
        elif v == ERROR:
            c["error"] += 1
        elif v == POSSIBLE:
            c["possible"] += 1
        else:
            c["unknown"] += 1
    return Counts(**c)

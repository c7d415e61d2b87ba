"""SV-COMP scoring and the mapping of pycorral's verdicts (bench.scoring)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from bench import scoring
from bench.scoring import normalize_expected, normalize_verdict, outcome, points

# (verdict as pycorral prints it, expected as the corpora write it, outcome, points)
TABLE = [
    ("correct", "true", "correct", 2),
    ("correct", "correct", "correct", 2),
    ("bug", "false", "correct", 1),
    ("bug", "bug", "correct", 1),
    ("bug", "false(unreach-call)", "correct", 1),
    ("correct", "false", "wrong", -32),      # a wrong TRUE
    ("correct", "bug", "wrong", -32),
    ("bug", "true", "wrong", -16),           # a wrong FALSE
    ("bug", "correct", "wrong", -16),
    ("no bug within bound", "true", "unknown", 0),   # bounded is no proof
    ("no bug within bound", "false", "missed", 0),   # ... and on a bug task a miss
    ("bounded", "false", "missed", 0),
    ("unknown", "true", "unknown", 0),
    ("unknown", "false", "unknown", 0),
    ("error", "true", "unknown", 0),
    ("error", "false", "unknown", 0),
    ("UNKNOWN", "TRUE", "unknown", 0),
    ("possible-bug", "true", "unknown", 0),   # not a wrong FALSE on a correct program
    ("possible-bug", "false", "unknown", 0),  # ... and not a bug found
]


@pytest.mark.parametrize("verdict,expected,want_outcome,want_points", TABLE)
def test_outcome_and_points(verdict, expected, want_outcome, want_points):
    assert outcome(verdict, expected) == want_outcome
    assert points(verdict, expected) == want_points


@pytest.mark.parametrize("word,want", [
    ("correct", "correct"), ("bug", "bug"), ("no bug within bound", "bounded"),
    ("unknown", "unknown"), ("error", "error"), (" Bug ", "bug")])
def test_verdict_words(word, want):
    assert normalize_verdict(word) == want


def test_answers():
    assert scoring.answer("correct") == scoring.TRUE
    assert scoring.answer("bug") == scoring.FALSE
    for v in ("no bug within bound", "unknown", "error"):
        assert scoring.answer(v) is None


@pytest.mark.parametrize("bad", ["timeout", "maybe", ""])
def test_unknown_verdict_word_is_an_error(bad):
    with pytest.raises(scoring.ScoringError):
        normalize_verdict(bad)


@pytest.mark.parametrize("bad", ["unknown", "yes", "", "true(unreach-call)"])
def test_unknown_expected_word_is_an_error(bad):
    with pytest.raises(scoring.ScoringError):
        normalize_expected(bad)


def test_max_points():
    assert scoring.max_points("true") == 2
    assert scoring.max_points("bug") == 1


@dataclass
class R:
    verdict: str
    expected: str


def test_counts_add_up():
    results = [R("correct", "true"), R("correct", "true"), R("bug", "false"),
               R("bug", "true"), R("correct", "false"), R("no bug within bound", "true"),
               R("no bug within bound", "false"), R("unknown", "false"), R("error", "true")]
    c = scoring.count(results)
    assert c.tasks == 9
    assert (c.correct_true, c.correct_false, c.wrong_true, c.wrong_false) == (2, 1, 1, 1)
    assert (c.bounded, c.missed, c.unknown, c.error) == (2, 1, 1, 1)
    assert c.score == 2 + 2 + 1 - 16 - 32
    assert c.max_score == 2 * 5 + 1 * 4
    assert c.correct == 3 and c.wrong == 2
    assert c.correct + c.wrong + c.bounded + c.unknown + c.error == c.tasks
    assert "score -43/14" in c.summary()


def test_possible_bugs_are_counted_apart():
    assert scoring.answer("possible-bug") is None
    c = scoring.count([R("possible-bug", "true"), R("possible-bug", "false"),
                       R("bug", "false"), R("unknown", "true")])
    assert (c.possible, c.unknown, c.correct_false, c.wrong) == (2, 1, 1, 0)
    assert c.score == 1 and "2 possible bug" in c.summary()


def test_counts_of_nothing():
    c = scoring.count([])
    assert c.tasks == 0 and c.score == 0 and c.max_score == 0

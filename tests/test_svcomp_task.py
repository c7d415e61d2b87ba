"""SV-COMP task (.yml) and property (.prp) reading: the shared corpus's tasks agree with its
tasks.csv, the reachability property is recognized by content, bad files give one
`file:line: error:` line."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from svcomp.task import (UNREACH_CALL_TEXT, TaskError, parse_property_text, read_property,
                         read_task)

from conftest import CORPORA, ROOT, corpus_dir, corpus_rows_missing

OWN_PROPERTIES = ROOT / "tests" / "data" / "svcomp" / "properties"


def _csv_rows():
    path = CORPORA / "svcomp" / "tasks.csv"
    if not path.is_file():
        return corpus_rows_missing("svcomp")
    with open(path, newline="") as fh:
        return [pytest.param(r, id=r["task"]) for r in csv.DictReader(fh)]


def test_unreach_call_recognized_by_content():
    p = parse_property_text(UNREACH_CALL_TEXT + "\n", "x.prp")
    assert (p.kind, p.entry, p.error_function, p.supported) == \
        ("unreach-call", "main", "reach_error", True)


def test_unreach_call_with_other_spacing_comments_and_entry():
    p = parse_property_text("// reachability\nCHECK(init(start()),LTL(G !call(reach_error())))",
                            "whatever.prp")
    assert (p.kind, p.entry, p.supported) == ("unreach-call", "start", True)


def test_other_error_function_is_not_supported():
    p = parse_property_text("CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )", "a.prp")
    assert p.kind == "unreach-call" and p.error_function == "__VERIFIER_error"
    assert not p.supported


@pytest.mark.parametrize("text", ["CHECK( init(main()), LTL(G valid-free) )",
                                  "CHECK( init(main()), LTL(F end) )"])
def test_other_properties_named_by_file(text):
    """Texts that are no property pycorral knows (valid-free alone is a part of
    valid-memsafety, not a property of its own): the kind is the file's name."""
    p = parse_property_text(text, "/x/no-overflow.prp")
    assert p.kind == "no-overflow" and not p.supported


def test_no_overflow_is_read_from_the_text():
    p = parse_property_text("CHECK( init(main()), LTL(G ! overflow) )", "/x/any.prp")
    assert p.kind == "no-overflow" and p.supported


@pytest.mark.parametrize("where", ["own", pytest.param("corpus",
                                                        marks=pytest.mark.corpora("svcomp"))])
def test_property_files(where):
    props = OWN_PROPERTIES if where == "own" else corpus_dir("svcomp") / "c" / "properties"
    assert read_property(str(props / "unreach-call.prp")).supported
    other = read_property(str(props / "termination.prp"))
    assert other.kind == "termination" and not other.supported


@pytest.mark.corpora("svcomp")
@pytest.mark.parametrize("row", _csv_rows())
def test_corpus_task_matches_tasks_csv(row):
    base = corpus_dir("svcomp")
    task = read_task(str(base / row["task"]))
    assert task.input_files == (str(base / row["input_file"]),)
    assert Path(task.input_files[0]).is_file()
    assert task.data_model == row["data_model"] and task.language == "C"
    # a task may list several properties (unreach-call and no-overflow); the row names one
    tp = task.property_for(row["property"])
    assert tp is not None
    assert read_property(tp.property_file).kind == row["property"]
    assert tp.expected_verdict == (row["expected_verdict"] == "true")


def test_property_for_kind(tmp_path):
    props = OWN_PROPERTIES
    (tmp_path / "p.c").write_text("int main(void){return 0;}\n")
    (tmp_path / "t.yml").write_text(f"""format_version: '2.0'
input_files: ['p.c']
properties:
  - property_file: {props}/no-overflow.prp
    expected_verdict: true
  - property_file: {props}/unreach-call.prp
    expected_verdict: false
options: {{language: C, data_model: LP64}}
""")
    task = read_task(str(tmp_path / "t.yml"))
    assert task.data_model == "LP64"
    assert task.property_for(None).expected_verdict is False      # unreach-call preferred
    assert task.property_for("no-overflow").expected_verdict is True
    assert task.property_for("valid-memsafety") is None


@pytest.mark.parametrize("body,line,col,message", [
    ("format_version: '2.0'\nproperties: []\n", 1, 1, "input_files"),
    ("format_version: '3.0'\ninput_files: a.c\n", 1, 17, "format_version"),
    ("format_version: '2.0'\ninput_files: a.c\noptions:\n  data_model: ILP16\n", 4, 15,
     "data_model"),
    ("format_version: '2.0'\ninput_files: a.c\nproperties:\n  - expected_verdict: true\n", 4,
     5, "property_file"),
    ("format_version: '2.0'\ninput_files: [a.c\n", 3, 1, "expected ','"),
    ("- just\n- a list\n", 1, 1, "mapping"),
    ("format_version: '2.0'\ninput_files: [a.c, 7]\n", 2, 20, "input_files"),
    ("format_version: '2.0'\ninput_files: a.c\n", 2, 14, "'a.c' does not exist"),
])
def test_bad_task_files(tmp_path, body, line, col, message):
    f = tmp_path / "bad.yml"
    f.write_text(body)
    with pytest.raises(TaskError) as e:
        read_task(str(f))
    text = str(e.value)
    assert text.startswith(f"{f}:{line}:{col}: error:") and message in text, text
    assert "\n" not in text


def test_missing_files(tmp_path):
    with pytest.raises(TaskError, match="cannot read task file"):
        read_task(str(tmp_path / "none.yml"))
    with pytest.raises(TaskError, match="cannot read property file"):
        read_property(str(tmp_path / "none.prp"))
    (tmp_path / "empty.prp").write_text("\n")
    with pytest.raises(TaskError, match="empty property file"):
        read_property(str(tmp_path / "empty.prp"))

"""frontend/cflags.py: what -I/-D/-U/-include/--std and a compilation database mean, and
the one-line errors for bad ones (the end-to-end runs are in test_compiler_input.py)."""
from __future__ import annotations

import json
import os

import pytest

from boogie.errors import BoogieError, one_line
from frontend.cflags import (BuildFlags, CFlags, build_flags, database_files,
                             flags_from_args, read_compile_commands)


def _line(exc: BoogieError) -> str:
    return one_line(exc, "x.c")


def test_command_line_flags_are_absolute_and_in_order(tmp_path):
    (tmp_path / "inc").mkdir()
    (tmp_path / "pre.h").write_text("#define P 1\n")
    f = CFlags.from_options(["inc"], [("D", "A=1"), ("U", "A"), ("D", "B")], ["pre.h"],
                            "c99", base=str(tmp_path))
    assert f.include_dirs == (("-I", str(tmp_path / "inc")),)
    assert f.argv() == ["-I", str(tmp_path / "inc"), "-DA=1", "-UA", "-DB",
                        "-include", str(tmp_path / "pre.h")]
    assert f.std == "c99"


@pytest.mark.parametrize("kwargs,message", [
    ({"include_dirs": ["nowhere"]}, "-I nowhere: include folder not found (no such folder)"),
    ({"includes": ["none.h"]}, "-include none.h: no such file"),
    ({"macros": [("D", "1X")]}, "-D '1X': macro names must be identifiers"),
    ({"macros": [("D", "")]}, "-D '': macro names must be identifiers"),
    ({"macros": [("U", "A=1")]}, "-U 'A=1': macro names must be identifiers"),
    ({"std": "c98"}, "--std c98: unknown C standard"),
])
def test_bad_command_line_flags_are_one_line_errors(tmp_path, kwargs, message):
    with pytest.raises(BoogieError) as e:
        CFlags.from_options(base=str(tmp_path), **kwargs)
    line = _line(e.value)
    assert line.startswith("<command line>:1:1: error: " + message), line
    assert "\n" not in line


def test_a_file_include_folder_is_not_a_folder(tmp_path):
    (tmp_path / "f").write_text("")
    with pytest.raises(BoogieError, match="not a folder"):
        CFlags.from_options(["f"], base=str(tmp_path))


@pytest.mark.parametrize("macro", ["A", "A=1", "A=", "F(x)=((x)+1)", "A=a b", "_x9=\"s\""])
def test_macro_spellings_gcc_accepts(macro):
    assert CFlags.from_options(macros=[("D", macro)]).macros == ("-D" + macro,)


@pytest.mark.parametrize("std", ["c89", "c99", "c11", "c17", "c18", "c2x", "c23", "gnu89",
                                 "gnu99", "gnu11", "gnu17", "iso9899:1999"])
def test_standards_gcc_knows(std):
    assert CFlags.from_options(std=std).std == std


def test_database_flags_keep_what_shapes_the_program(tmp_path):
    (tmp_path / "inc").mkdir()
    (tmp_path / "sys").mkdir()
    args = ["-c", "-O2", "-Wall", "-Iinc", "-I", "sys", "-isystem", "sys", "-iquote", "inc",
            "-I", "missing", "-DA", "-D", "B=2", "-UC", "-U", "D", "-include", "pre.h",
            "-std=c99", "-o", "out.o", "-MF", "dep.d", "-x", "c", "-m32", "main.c"]
    f = flags_from_args(args, str(tmp_path))
    inc, sys_ = str(tmp_path / "inc"), str(tmp_path / "sys")
    # a folder that does not exist is skipped (as gcc skips it); -o/-MF/-x take a value
    assert f.include_dirs == (("-I", inc), ("-I", sys_), ("-isystem", sys_),
                              ("-iquote", inc))
    assert f.macros == ("-DA", "-DB=2", "-UC", "-UD")
    assert f.includes == (str(tmp_path / "pre.h"),)
    assert f.std == "c99"


def _write_db(tmp_path, entries) -> str:
    db = tmp_path / "build" / "compile_commands.json"
    db.parent.mkdir(exist_ok=True)
    db.write_text(json.dumps(entries))
    return str(db)


def test_database_entries_relative_to_their_directory(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "include").mkdir()
    db = _write_db(tmp_path, [
        {"directory": "../src", "file": "a.c", "arguments": ["cc", "-I../include", "a.c"]},
        {"directory": "..", "file": "src/b.c", "command": "gcc -DX='1 2' -c src/b.c"},
        {"directory": "..", "file": "notes.txt", "command": "cat notes.txt"},
    ])
    entries = read_compile_commands(db)
    assert [e.file for e in entries] == [str(tmp_path / "src" / "a.c"),
                                        str(tmp_path / "src" / "b.c")]
    assert entries[0].flags.include_dirs == (("-I", str(tmp_path / "include")),)
    assert entries[1].flags.macros == ("-DX=1 2",)
    assert database_files(db) == [e.file for e in entries]


def test_build_flags_database_then_command_line(tmp_path):
    (tmp_path / "src").mkdir()
    a = tmp_path / "src" / "a.c"
    a.write_text("int main(void) { return 0; }\n")
    db = _write_db(tmp_path, [{"directory": "..", "file": "src/a.c",
                               "arguments": ["cc", "-DFROM_DB", "-std=c99", "src/a.c"]}])
    common = CFlags(macros=("-DFROM_CLI",), std="c11")
    flags = build_flags(common, [str(a)], db).for_file(str(a))
    assert flags.macros == ("-DFROM_DB", "-DFROM_CLI") and flags.std == "c11"
    # a relative spelling of the same file finds its entry
    rel = os.path.relpath(a)
    assert build_flags(common, [rel], db).for_file(rel) == flags


def test_a_file_missing_from_the_database_is_bad_input(tmp_path):
    other = tmp_path / "other.c"
    other.write_text("int main(void) { return 0; }\n")
    db = _write_db(tmp_path, [{"directory": ".", "file": "a.c", "arguments": ["cc", "a.c"]}])
    with pytest.raises(BoogieError) as e:
        build_flags(CFlags(), [str(other)], db)
    assert _line(e.value) == (f"{other}:1:1: error: no entry for this file in the "
                              f"compilation database {db}")


@pytest.mark.parametrize("text,message", [
    ("{", "not a compilation database: Expecting property name"),
    ('{"file": "a.c"}', "expected a JSON array of entries"),
    ('[{"directory": "."}]', 'entry 1: expected an object with "directory" and "file"'),
    ('[{"file": "a.c"}]', 'entry 1: neither "arguments" nor "command"'),
    ('[{"file": "a.c", "arguments": "cc a.c"}]', 'entry 1: "arguments" must be a list'),
    ('[{"file": "a.c", "command": "cc \'a.c"}]', 'entry 1: cannot split "command"'),
    ("[]", "the compilation database has no C files"),
])
def test_bad_databases_are_one_line_errors(tmp_path, text, message):
    db = tmp_path / "compile_commands.json"
    db.write_text(text)
    with pytest.raises(BoogieError) as e:
        database_files(str(db))
    line = _line(e.value)
    assert line.startswith(f"{db}:") and message in line, line


def test_an_unreadable_database(tmp_path):
    with pytest.raises(BoogieError) as e:
        read_compile_commands(str(tmp_path / "nope.json"))
    assert "cannot read the compilation database" in _line(e.value)


def test_no_flags_no_change():
    assert BuildFlags().empty and BuildFlags().for_file("x.c") == CFlags()


# ------------------------------------------------------------- the target's data model

@pytest.mark.parametrize("args,model", [
    (["-m32"], "ILP32"), (["-mx32"], "ILP32"), (["-m64"], "LP64"), (["-O2"], None),
    (["-m32", "-m64"], "LP64"),                                  # the last one wins, as gcc
    (["--target=i686-pc-linux-gnu"], "ILP32"), (["-target", "x86_64-linux-gnu"], "LP64"),
    (["--target=aarch64-unknown-linux-gnu"], "LP64"), (["--target=armv7a-none-eabi"], "ILP32"),
    (["--target=i686-pc-windows-msvc"], "ILP32"),
    (["--target=x86_64-pc-windows-msvc"], "LLP64"), (["-target", "x86_64-w64-mingw32"], "LLP64"),
    (["--target=bogus-arch"], None),
])
def test_the_build_names_the_targets_data_model(args, model):
    assert flags_from_args(["-c", *args, "f.c"], "/").data_model == model


def _db(tmp_path, *entries):
    db = tmp_path / "compile_commands.json"
    db.write_text(json.dumps([{"directory": str(tmp_path), "file": f,
                               "arguments": ["cc", *a, "-c", f]} for f, a in entries]))
    for f, _ in entries:
        (tmp_path / f).write_text("int main(void) { return 0; }\n")
    return str(db)


def test_a_program_has_one_data_model(tmp_path):
    db = _db(tmp_path, ("a.c", ["-m32"]), ("b.c", ["-O2"]))
    flags = build_flags(CFlags(), [str(tmp_path / "a.c"), str(tmp_path / "b.c")], db)
    assert flags.data_model == "ILP32"
    db = _db(tmp_path, ("a.c", ["-m32"]), ("b.c", ["-m64"]))
    flags = build_flags(CFlags(), [str(tmp_path / "a.c"), str(tmp_path / "b.c")], db)
    with pytest.raises(BoogieError) as e:
        flags.data_model
    assert "for ILP32 and" in _line(e.value) and "one program has one data model" in \
        _line(e.value)


def test_target_model_option_then_build_then_host():
    from frontend.load import host_data_model, target_model
    assert target_model("LP64", "ILP32", "db") == ("LP64", "option")
    assert target_model(None, "ILP32", "db") == ("ILP32", "build")
    assert target_model(None, None, "db") == (host_data_model(), "host")
    assert target_model("ILP32", "LLP64", "db") == ("ILP32", "option")
    with pytest.raises(BoogieError) as e:
        target_model(None, "LLP64", "db.json")
    assert _line(e.value).startswith("db.json:1:1: error: the build compiles for 64-bit "
                                     "Windows (LLP64")


def test_the_programs_own_size_t_comes_after_build_before_host(tmp_path):
    from frontend.load import host_data_model, source_data_model, target_model
    ilp = tmp_path / "drv.i"
    ilp.write_text("/* CIL */\ntypedef unsigned short wchar_t;\ntypedef unsigned int size_t;\n")
    lp = tmp_path / "lp.c"
    lp.write_text("typedef unsigned long  size_t ;\nint main(void) { return 0; }\n")
    w64 = tmp_path / "w64.c"
    w64.write_text("\n\ntypedef unsigned __int64 size_t;\n")
    plain = tmp_path / "plain.c"
    plain.write_text("#include <stddef.h>\n// typedef unsigned int size_t; in a comment\n")
    own = source_data_model([str(ilp)])
    assert own == ("ILP32", f"{ilp}:3")
    assert source_data_model([str(lp)]) == ("LP64", f"{lp}:1")
    assert source_data_model([str(plain)]) is None
    assert target_model(None, None, "db", own) == ("ILP32", "source")
    assert target_model(None, "LP64", "db", own) == ("LP64", "build")
    assert target_model("LP64", None, "db", own) == ("LP64", "option")
    assert target_model(None, None, "db", None) == (host_data_model(), "host")
    with pytest.raises(BoogieError) as e:
        source_data_model([str(ilp), str(lp)])
    assert _line(e.value).startswith(f"{lp}:1:1: error: this file's size_t is for LP64")
    with pytest.raises(BoogieError) as e:
        target_model(None, None, "db", source_data_model([str(w64)]))
    assert _line(e.value).startswith(f"{w64}:3:1: error: the program's size_t typedef is "
                                     "for 64-bit Windows (LLP64")

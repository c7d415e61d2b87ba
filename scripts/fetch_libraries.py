"""Fetch the three C libraries of examples/libraries/ at their buggy and fixed commits.

Role: the record of which library, bug, buggy commit and fixed commit the library harnesses
(examples/libraries/<lib>/harness.c, pycorral's own code) are run against, and the tool that
builds the source trees: DEST/<lib>-bug and DEST/<lib>-fix, each holding only the files
the harness compiles (no library code is kept in this repository).

    python scripts/fetch_libraries.py DEST [--mirror DIR]

Without --mirror the repositories are cloned from GitHub (network needed); --mirror DIR
reads git mirrors DIR/<owner>+<name>/repo instead (the layout of a sandbox's mirror of
public repositories, e.g. /work/.mirror).  tests/test_libraries.py runs the harnesses on
the trees when PYCORRAL_LIBRARIES=DEST is set (slow-marked; skipped otherwise).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass


@dataclass(frozen=True)
class Library:
    name: str           # examples/libraries/<name>
    repo: str           # owner/name on GitHub
    buggy: str          # the fix's parent
    fixed: str          # the commit that fixes the bug
    files: tuple[str, ...]
    bug: str
    function: str       # the harness function that reaches it
    flags: tuple[str, ...] = ()     # extra compiler flags of the run (the library's options)
    sources: tuple[str, ...] = ()   # library .c files compiled with the harness


LIBRARIES = (
    Library("utf8h", "sheredom/utf8.h", "963d7cbf3b3bf16c62afed4c979c69456b9d7088^",
            "963d7cbf3b3bf16c62afed4c979c69456b9d7088", ("utf8.h",),
            "issue #102: utf8nvalid(s, n) reads s[n] (heap-buffer-overflow read)",
            "check_nvalid"),
    Library("jsmn", "zserge/jsmn", "cf38b7d17157ba674199238da776d822b184c154^",
            "cf38b7d17157ba674199238da776d822b184c154", ("jsmn.c", "jsmn.h"),
            "issue #31: jsmn_parse_string reads past len after a backslash "
            "(heap-buffer-overflow read)", "check_string", sources=("jsmn.c",)),
    Library("inih", "benhoyt/inih", "d7f465792c0c7686b50ed45c9a435394ae418d3e^",
            "d7f465792c0c7686b50ed45c9a435394ae418d3e", ("ini.c", "ini.h"),
            "issue #107: strncpy0 memcpy's size - 1 bytes past the line buffer "
            "(heap-buffer-overflow read)", "check_section",
            ("-DINI_USE_STACK=0", "-DINI_INITIAL_ALLOC=4"),
            ("ini.c",)),
)


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True,
                          text=True).stdout


def fetch(dest: str, mirror: str | None) -> None:
    os.makedirs(dest, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for lib in LIBRARIES:
            if mirror:
                gitdir = os.path.join(mirror, lib.repo.replace("/", "+"), "repo")
            else:
                gitdir = os.path.join(tmp, lib.name + ".git")
                _git("clone", "--bare", "-q", f"https://github.com/{lib.repo}.git", gitdir)
            for tag, commit in (("bug", lib.buggy), ("fix", lib.fixed)):
                out = os.path.join(dest, f"{lib.name}-{tag}")
                os.makedirs(out, exist_ok=True)
                archive = subprocess.run(["git", "--git-dir", gitdir, "archive", commit,
                                          *lib.files], check=True, capture_output=True)
                subprocess.run(["tar", "-x", "-C", out], input=archive.stdout, check=True)
                print(f"{out}: {lib.repo} {commit} ({lib.bug})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dest")
    ap.add_argument("--mirror", help="read git mirrors DIR/<owner>+<name>/repo")
    a = ap.parse_args(argv)
    fetch(a.dest, a.mirror)
    return 0


if __name__ == "__main__":
    sys.exit(main())

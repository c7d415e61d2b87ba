"""SMACK's memory-safety regression tests (the shared corpus's smack/memory-safety) laid out
as SV-COMP tasks with valid-memsafety.prp, for `scripts/svcomp_table.py` (issue 38).

    python scripts/smack_memsafety_tasks.py DIR
    python scripts/svcomp_table.py OUT.csv --tasks DIR --property valid-memsafety

Writes DIR/c/smack-memsafety/NAME.c (the test, its `#include "smack.h"` kept: a smack.h of
our own beside it declares what the tests use -- SMACK's header is not shipped),
DIR/c/smack-memsafety/NAME.yml (expected verdict: `// @expect verified` is true, `error`
false; ILP32) and DIR/c/properties/valid-memsafety.prp (the shared corpus's).  The tests
are public benchmark files: they are copied into DIR, never into the repository.
"""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.runner import corpora_dir  # noqa: E402

SMACK_H = """\
/* the declarations SMACK's tests use (SMACK's own smack.h is not shipped) */
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_unsigned(void);
extern void __VERIFIER_assume(int);
#define assume(e) __VERIFIER_assume(e)
"""

YML = """format_version: '2.0'
input_files: '{name}.c'
properties:
  - property_file: ../properties/valid-memsafety.prp
    expected_verdict: {verdict}
options:
  language: C
  data_model: ILP32
"""


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    out = Path(argv[0])
    corpora = corpora_dir()
    src = corpora / "smack" / "memory-safety"
    if not src.is_dir():
        print(f"error: {src} not found (set PYCORRAL_CORPORA)", file=sys.stderr)
        return 2
    folder = out / "c" / "smack-memsafety"
    props = out / "c" / "properties"
    folder.mkdir(parents=True, exist_ok=True)
    props.mkdir(parents=True, exist_ok=True)
    shutil.copy(corpora / "svcomp" / "c" / "properties" / "valid-memsafety.prp", props)
    (folder / "smack.h").write_text(SMACK_H)
    n = 0
    for c in sorted(src.glob("*.c")):
        m = re.search(r"@expect\s+(verified|error)", c.read_text())
        if m is None:
            continue
        shutil.copy(c, folder / c.name)
        verdict = "true" if m.group(1) == "verified" else "false"
        (folder / f"{c.stem}.yml").write_text(YML.format(name=c.stem, verdict=verdict))
        n += 1
    print(f"{n} tasks in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

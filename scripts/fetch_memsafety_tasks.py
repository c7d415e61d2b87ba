"""Download a sample of SV-COMP's memory-safety tasks (valid-memsafety) whose programs allocate
heap memory, for measuring TRUE(valid-memsafety) proofs (issue 38).

    python scripts/fetch_memsafety_tasks.py DIR [--commit SHA] [--list]

35 tasks of sosy-lab/sv-benchmarks (20 expected TRUE, 15 FALSE) from c/memsafety,
c/memsafety-ext, c/memsafety-ext2, c/list-ext-properties, c/ldv-memsafety-bitfields and
c/array-memsafety-realloc: every input calls malloc (one also realloc); the
ldv-memsafety-bitfields ones are small C files (0.8-1.3 KB), the others preprocessed .i
files of 22-25 KB (mostly glibc's stdlib.h declarations).  Each is downloaded with its
input file and the property files it names into DIR in the repository's own layout
(scripts/sv_benchmarks.py), then

    python scripts/svcomp_table.py OUT.csv --tasks DIR --property valid-memsafety

The commits: the sample was assembled from stored copies of the files, which are not all
of one commit, so every task names the commit of its .yml (and of its property files) and
that of its input file (the table below; their verdicts are those of the .yml).  Three
ldv-memsafety-bitfields tasks carry the verdict in their old file names (format 1.0, no
data model: ILP32).  pycorral reads a valid-memsafety.prp that also lists valid-memcleanup
as another property (UNKNOWN "unsupported property"): the measurement used SV-COMP's three
subproperties (the shared corpus's c/properties/valid-memsafety.prp).  The files are public
benchmarks: keep them out of the repository.
"""
from __future__ import annotations

import sys

import sv_benchmarks                      # scripts/sv_benchmarks.py: download and layout
from sv_benchmarks import Pin

_COMMITS = {c[:7]: c for c in (
    "07140858edf88b9ef812c0e087cda5e27a5d01e4",
    "07dd9f37eb679d61e609d9ed79226a61a0bf6279",
    "09badae306be69cc05cbd967668fd26152e309ad",
    "0a1caabe4899b64a67bd5c7eacfbf3d6fd9582cb",
    "1272180f29cd8fb5995228fd33183594e3405faf",
    "169729d60495da74dc2c8f8040f542e0a3b328e9",
    "25191159b7ff6bb205f4107be9f83c0163073c1b",
    "324862672b46f79db609bfb0748a41e85af0fdfc",
    "36898a735c5fb9bc0c43d3556dd09cd05969f1ef",
    "3e55969993fd150b6ea24231849e47d496a0702e",
    "4a02184246108be9ba2b89f22a08c6c6d82b584f",
    "543ea00ff9e2e204a57bf71c4a7c841401132d01",
    "6e5dcd7342adab2fc36aa2985b43811dc36ce97b",
    "7d3a8fec2dc25909e9218d4b28e37d92716fbc3e",
    "8397383a171f1dbceb348241326a0a57b5ac2862",
    "86d5c134fb2a0355c096d68b7ac623dce7737828",
    "d0f0c3ae24836873c1bc88338ed501a18fd9d50f",
    "ff227faedda35974c7b89051404bd73a99baa0a4",
)}
_SAMPLE = """
c/ldv-memsafety-bitfields/test-bitfields-1-1.yml                     3248626 ff227fa true
c/ldv-memsafety-bitfields/test-bitfields-1-2.yml                     3e55969 ff227fa false
c/ldv-memsafety-bitfields/test-bitfields-2-1.yml                     3e55969 0a1caab false
c/ldv-memsafety-bitfields/test-bitfields-2.1_false-valid-free.yml    8397383 169729d false
c/ldv-memsafety-bitfields/test-bitfields-3_false-valid-deref.yml     8397383 1272180 false
c/ldv-memsafety-bitfields/test-bitfields-3.1_false-valid-deref.yml   d0f0c3a 0714085 false
c/memsafety/test-0158-1.yml                                          3248626 7d3a8fe true
c/memsafety/960521-1-2.yml                                           3e55969 86d5c13 true
c/memsafety/test-0019-1.yml                                          3e55969 36898a7 true
c/list-ext-properties/test-0158_1-1.yml                              3248626 36898a7 true
c/list-ext-properties/test-0019_1-2.yml                              2519115 0a1caab true
c/memsafety-ext/dll_extends_pointer.yml                              3248626 7d3a8fe true
c/list-ext-properties/test-0232_1-2.yml                              3248626 0a1caab true
c/list-ext-properties/960521-1_1-2.yml                               3e55969 4a02184 true
c/memsafety-ext/skiplist_2lvl.yml                                    3e55969 86d5c13 true
c/memsafety-ext2/length_test03-1.yml                                 3e55969 543ea00 true
c/memsafety/test-0504.yml                                            3248626 543ea00 true
c/list-ext-properties/test-0504_1.yml                                3e55969 543ea00 true
c/memsafety/test-0513.yml                                            3e55969 543ea00 true
c/memsafety-ext2/optional_data_creation_test04-2.yml                 3248626 07dd9f3 true
c/memsafety/lockfree-3.0.yml                                         2519115 543ea00 true
c/memsafety-ext/tree_cnstr.yml                                       3248626 6e5dcd7 true
c/memsafety/test-0232-2.yml                                          3248626 543ea00 true
c/memsafety/test-0158-2.yml                                          3248626 543ea00 false
c/memsafety/960521-1-1.yml                                           3e55969 543ea00 false
c/list-ext-properties/960521-1_1-1.yml                               3248626 0a1caab false
c/memsafety/test-0019-2.yml                                          3248626 0a1caab false
c/array-memsafety-realloc/array-realloc-1.yml                        3e55969 09badae false
c/memsafety/960521-1-3.yml                                           2519115 07dd9f3 false
c/list-ext-properties/960521-1_1-3.yml                               3e55969 6e5dcd7 false
c/memsafety/test-0102-1.yml                                          3e55969 36898a7 true
c/memsafety-ext2/complex_data_creation_test02-2.yml                  3248626 86d5c13 false
c/list-ext-properties/test-0019_1-1.yml                              3e55969 6e5dcd7 false
c/memsafety/test-0134.yml                                            3e55969 543ea00 true
c/memsafety/test-0232-1.yml                                          3e55969 4a02184 false
"""


def sample() -> list[tuple[Pin, str]]:
    """The tasks, each with its expected valid-memsafety verdict ("true"/"false")."""
    return sv_benchmarks.parse_sample(_SAMPLE, _COMMITS)


def main(argv: list[str] | None = None) -> int:
    return sv_benchmarks.main(argv, __doc__.split("\n\n")[0], (p for p, _ in sample()),
                              "default: each task's own, see the table")


if __name__ == "__main__":
    sys.exit(main())

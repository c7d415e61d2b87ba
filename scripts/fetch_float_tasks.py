"""Download a sample of SV-COMP's floating-point tasks (unreach-call) for measuring how
pycorral decides programs with `float`/`double` (issue 37).

    python scripts/fetch_float_tasks.py DIR [--commit SHA] [--list]

40 tasks of sosy-lab/sv-benchmarks, from every float folder (c/float-benchs,
c/floats-cdfpl, c/floats-cbmc-regression, c/floats-esbmc-regression, c/float-newlib,
c/loop-floats-scientific-comp), 22 expected TRUE and 18 expected FALSE, each of a few
hundred bytes to 6.4 KB (the preprocessed tasks that expand <math.h>, 35 KB and more, are left
out).  Each is downloaded with its input file and the property files it names into DIR in
the repository's own layout (scripts/sv_benchmarks.py), then

    pycorral svcomp DIR/c/<folder>/<task>.yml --timeout 60
    python scripts/svcomp_table.py OUT.csv --tasks DIR --frontend llvm --timeout 60

The commits: the sample was assembled from stored copies of the files, which are not all
of one commit, so every task names the commit of its .yml (and of its property files) and
that of its input file (the table below; their verdicts are those of the .yml).
`--commit SHA` reads every file at one commit instead.  The files are public benchmarks:
keep them out of the repository.
"""
from __future__ import annotations

import sys

import sv_benchmarks                      # scripts/sv_benchmarks.py: download and layout
from sv_benchmarks import Pin

_COMMITS = {c[:7]: c for c in (
    "07dd9f37eb679d61e609d9ed79226a61a0bf6279",
    "0a1caabe4899b64a67bd5c7eacfbf3d6fd9582cb",
    "0af179a4d404bea721cd725297cf9dda5e4a20b0",
    "0e0853876a3dcd5336a01c6486415a084ad5ec16",
    "25191159b7ff6bb205f4107be9f83c0163073c1b",
    "324862672b46f79db609bfb0748a41e85af0fdfc",
    "3c3f6d42de4ad4bf07c0b7466b39a58134a82bac",
    "3e55969993fd150b6ea24231849e47d496a0702e",
    "4a02184246108be9ba2b89f22a08c6c6d82b584f",
    "543ea00ff9e2e204a57bf71c4a7c841401132d01",
    "6e5dcd7342adab2fc36aa2985b43811dc36ce97b",
    "7341f59ba964b16480259f5bbf329191da0bf311",
    "7d3a8fec2dc25909e9218d4b28e37d92716fbc3e",
)}
_SAMPLE = """
c/float-benchs/Rump_float.yml                        3248626 0e08538 true
c/float-benchs/addsub_float_exact.yml                3248626 0e08538 true
c/float-benchs/addsub_float_inexact.yml              3248626 0e08538 true
c/float-benchs/cast_float_union.yml                  3248626 0af179a true
c/float-benchs/filter1.yml                           3e55969 07dd9f3 true
c/float-benchs/float_double.yml                      3e55969 0e08538 true
c/float-benchs/float_int_inv_square.yml              3248626 0af179a false
c/float-benchs/inv_Newton-2.yml                      3e55969 0af179a false
c/float-benchs/inv_square-1.yml                      0a1caab 0af179a false
c/float-benchs/inv_square-2.yml                      0a1caab 0af179a true
c/float-benchs/loop-1.yml                            3248626 7d3a8fe true
c/float-benchs/nan_double.yml                        3248626 7341f59 false
c/float-benchs/nan_float.yml                         2519115 7341f59 false
c/float-benchs/nan_float_range.yml                   3248626 07dd9f3 true
c/float-benchs/zonotope_loose.yml                    3e55969 0af179a true
c/float-newlib/double_req_bl_0670.yml                3e55969 07dd9f3 true
c/floats-cbmc-regression/float-no-simp1.yml          3248626 543ea00 true
c/floats-cbmc-regression/float-zero-sum1.yml         2519115 7d3a8fe true
c/floats-cbmc-regression/float1.yml                  3e55969 4a02184 true
c/floats-cbmc-regression/float13.yml                 3248626 7d3a8fe true
c/floats-cbmc-regression/float2.yml                  3e55969 543ea00 true
c/floats-cdfpl/newton_1_1.yml                        3248626 0af179a true
c/floats-cdfpl/newton_1_8.yml                        3248626 0af179a false
c/floats-cdfpl/newton_2_8.yml                        3c3f6d4 0af179a false
c/floats-cdfpl/newton_3_8.yml                        3248626 07dd9f3 false
c/floats-cdfpl/sine_1.yml                            3c3f6d4 0af179a false
c/floats-cdfpl/sine_2.yml                            2519115 0af179a false
c/floats-cdfpl/sine_3.yml                            3248626 0af179a false
c/floats-cdfpl/sine_8.yml                            3e55969 0af179a true
c/floats-cdfpl/square_1.yml                          3248626 0af179a false
c/floats-cdfpl/square_2.yml                          3e55969 07dd9f3 false
c/floats-cdfpl/square_8.yml                          3e55969 0af179a true
c/floats-esbmc-regression/Double_div_bad.yml         3e55969 6e5dcd7 false
c/floats-esbmc-regression/Float_div.yml              3248626 6e5dcd7 true
c/floats-esbmc-regression/Float_div_bad.yml          3e55969 07dd9f3 false
c/floats-esbmc-regression/digits_bad_for.yml         3248626 07dd9f3 false
c/floats-esbmc-regression/digits_for.yml             3248626 7d3a8fe true
c/loop-floats-scientific-comp/loop1-1.yml            3248626 0af179a true
c/loop-floats-scientific-comp/loop1-2.yml            3248626 0a1caab false
c/loop-floats-scientific-comp/loop2-1.yml            3248626 0af179a false
"""


def sample() -> list[tuple[Pin, str]]:
    """The tasks, each with its expected unreach-call verdict ("true"/"false")."""
    return sv_benchmarks.parse_sample(_SAMPLE, _COMMITS)


def main(argv: list[str] | None = None) -> int:
    return sv_benchmarks.main(argv, __doc__.split("\n\n")[0], (p for p, _ in sample()),
                              "default: each task's own, see the table")


if __name__ == "__main__":
    sys.exit(main())

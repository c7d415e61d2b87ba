"""Fuzz testing of the `pycorral` command line (see tests/test_fuzz.py).

Seeded generators of mutants per input kind (C, Boogie, LLVM IR, SV-COMP tasks and
property files, witnesses and traces for `replay`, command-line options), a runner that
runs the real CLI as a subprocess under a wall and memory limit, an oracle that classifies
each run, and a campaign that prints the table of kinds x outcomes and keeps reproducers:

    nice -n 10 .venv/bin/python -m tests.fuzzing --count 60 --seed 1 --out fuzz-out
    nice -n 10 .venv/bin/python -m tests.fuzzing --defects --slow --out fuzz-out

(run from the repository root; `--help` lists the options).  A failure is reported as
`known:<id>` when it matches an open defect of known.py, else as `NEW`; the exit status is 1
when there is a NEW failure.

Modules: mutants (the Mutant record and text mutations), seeds, sources (C, Boogie, LLVM),
tasks (SV-COMP .yml/.prp), witnesses, options, runner, oracle, known (known defects),
campaign.
"""

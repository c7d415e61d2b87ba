"""Fuzz testing of the `pycorral` command line (see tests/test_fuzz.py).

Seeded generators of mutants per input kind (C, Boogie, LLVM IR, SV-COMP tasks and
property files, witnesses and traces for `replay`, command-line options), a runner that
runs the real CLI as a subprocess under a wall and memory limit, an oracle that classifies
each run, and a campaign that prints the table of kinds x outcomes and keeps reproducers:

    nice -n 10 .venv/bin/python -m tests.fuzzing --count 60 --seed 1 --out fuzz-out

Modules: mutants (the Mutant record and text mutations), seeds, sources (C, Boogie, LLVM),
tasks (SV-COMP .yml/.prp), witnesses, options, runner, oracle, known (known defects),
campaign.
"""

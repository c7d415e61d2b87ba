"""The application layer: the `pycorral` command line (click), on top of every other package.

Layering (tests/test_layering.py): pycorral -> svcomp -> replay -> verifier -> frontend -> boogie.
"""

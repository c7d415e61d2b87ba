"""Trust: native replay of C counterexamples and differential testing of the C semantics.

Layering: replay -> verifier -> frontend -> boogie (svcomp and the CLI use it).
"""

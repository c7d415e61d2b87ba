"""The Boogie intermediate verification language: AST, parser, printer, type checker and
program transformations. Imports nothing else from pycorral."""

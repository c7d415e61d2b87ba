"""The front ends (c/, llvm/) and their one door: `load(paths, FrontendOptions) ->
LoadedProgram` (frontend/load.py), used by every driver."""
from .load import (BadInput, FrontendOptions, LoadedProgram, LoadError, Unsupported,
                   choose_frontend, load)

__all__ = ["BadInput", "FrontendOptions", "LoadError", "LoadedProgram", "Unsupported",
           "choose_frontend", "load"]

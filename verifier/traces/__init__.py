"""Traces: a bug's Boogie trace read from the solver's model and re-checked (`trace`), its C-level
form built from the front ends' notes (`ctrace_build`, `ctrace_threads`), shown as text
(`ctrace_text`), thread names of a concurrent trace (`threads`).  The C trace's data types live
in `verifier.ctrace` (part of a result)."""

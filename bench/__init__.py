"""Benchmarking pycorral: measurement, not the product.

Sits on top of the stack next to `pycorral` (it runs `python -m pycorral.cli check` per
task); nothing in the verifier imports it.  Its heavy libraries (Dask for local and
distributed workers, matplotlib for the plots) come with the optional extra
`pip install pycorral[bench]`.

  runner        tasks, one limited process per run, a resumable results file
  dask_pool     running the (task, configuration) pairs on Dask workers (the one Dask module)
  scoring       SV-COMP scoring of the results
  report        CSV/JSON/HTML reports and plots (the one matplotlib module)
  corpus_bench  helpers for the corpus measurement scripts (one `pycorral check` process)
  cli           `pycorral bench`
"""

"""Reporting a result: the text the CLI prints (`render`), SARIF (`sarif`), the per-property
summary (`property_report`).  Nothing in the engine imports it."""

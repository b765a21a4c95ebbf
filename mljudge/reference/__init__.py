"""Trusted math that exercises' expected values are computed from.

Runs only inside the judge process; it is never sent to a sandbox, so submissions cannot see or patch it.
"""

"""mljudge: a judge for machine-learning coding exercises, as one installable package.

Its parts are subpackages: `judge` (the core), `sandbox` (runs learner code), `web`, `store` and `dispatch` above
the core, `reference` (trusted maths) and `exercises` (the bundled course); `cli` is the `judge` program.
"""

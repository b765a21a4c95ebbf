"""Grading on other machines: Celery with Redis as broker and result backend.

    web process ── Dispatcher.grade(exercise, GradingJob, client) ──► queue mljudge.<track> ──► `judge worker`
                   (dispatch.submitter: admission, deadline,      (dispatch.broker)        (dispatch.worker: warm
                    sending again by id; dispatch.results hears                              sandbox pool, grades)
                    the answers)

The web owns the record (store/); workers are stateless. Without a broker none of this is loaded: the web grades
in its own process (dispatch.jobs.grade_job, the same call the worker makes).
"""

from __future__ import annotations

from mljudge.dispatch.jobs import Graded, GradingJob, grade_job

__all__ = ["Graded", "GradingJob", "grade_job"]

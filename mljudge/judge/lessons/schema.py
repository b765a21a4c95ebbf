"""The shape of lesson.toml, declared once, as data (the types are judge.schema's): judge.lessons.parse checks a
lesson against it first, then what one value cannot tell (start < stop, unique ids, a function that loads and fits
its fixed arguments, a default on its slider's grid). What each key means: docs/authoring.md ("lesson.toml"). The
panels' own keys are their kinds' (judge/lessons/panels.py)."""

from __future__ import annotations

from mljudge.judge.lessons.panels import PANEL
from mljudge.judge.schema import AnyOf, Bool, List, Number, Scalar, Str, Table, Tables, Translated

ROLES = ("value", "slope")
Y_SCALES = ("linear", "log")

CURVE = Table({
    "id": Str(),
    "label": Translated(),
    "function": Str(),  # "reference.<module>:<function>", called with the grid as its first free parameter
    "fixed": Table(values=Scalar()),  # the function's other arguments: `fixed = { beta = 2.0 }`
    "role": Str(ROLES),
})

PLOT = Table({
    "x": List(Number(), length=3),
    "x_label": Translated(),
    "y_scale": Str(Y_SCALES),
    "difference": Bool(),
    "curve": Tables(CURVE),
})

LESSON = Table({
    "title": Translated(),
    "plot": PLOT,
    "panel": Tables(PANEL),  # drawn in this order, before the plot
    "task": Tables(Table({
        "id": Str(),
        "question": Translated(),
        "explanation": Translated(),
        "answer": Tables(Table({
            "id": Str(),
            "label": Translated(),
            "value": AnyOf((Number(), List(Number()))),  # the right answer, or a list of accepted ones
            "tolerance": Number(minimum=0),
        })),
    })),
})

"""The parts of a lesson (judge.lesson is the way in): the model, reading lesson.toml, curves, panels, tasks."""

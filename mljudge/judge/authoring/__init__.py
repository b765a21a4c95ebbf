"""Tools for exercise authors and teachers: check, new, batch grading."""

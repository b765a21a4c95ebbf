"""This course's tests import its trusted code as `reference.<module>`: pytest puts the folder of this file
on sys.path. The judge itself names the same modules `course.reference.<module>` (docs/authoring.md)."""

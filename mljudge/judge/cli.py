"""`judge`: the core's commands. A thin shell over `judge.grade` and friends: parse, call, print, exit. Commands of
other parts (the web's `serve`) are added by the entry module above both (mljudge.cli), so the core never imports
them.

Exit codes: 0 success (for `run`: accepted), 1 a verdict other than accepted / a failed check, 2 usage errors
(and, for `run --server`, a course server that cannot be used: down, refusing, another version).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from mljudge.judge import course, render
from mljudge.judge.catalog import Catalog
from mljudge.judge.errors import ExerciseError, JudgeError
from mljudge.judge.exercise import TRACKS, Exercise
from mljudge.judge.i18n import LANGS, normalize_lang, t
from mljudge.judge.localise import default_hints, localise

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit code 2."""


# Adds a sub-command: (name, handler, help) -> its parser, for the caller to add arguments to.
AddCommand = Callable[[str, Callable[[argparse.Namespace], int], str], argparse.ArgumentParser]
Extension = Callable[[AddCommand], None]


def main(argv: Sequence[str] | None = None, extensions: Sequence[Extension] = ()) -> int:
    parser = _parser(extensions)
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.handler(args))
    except (UsageError, JudgeError) as exc:
        print(f"judge: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader left early (`judge show gelu | head`): not an error to report. Point stdout at /dev/null so
        # that flushing it at exit does not raise again (the recipe in Python's signal docs).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAIL


def _parser(extensions: Sequence[Extension] = ()) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="judge",
        description="mljudge: run machine-learning exercises against graded cases in a sandbox.",
        epilog="Examples:\n  judge list\n  judge show gelu --lang ru\n  judge run gelu solution.py\n"
               "  judge run gelu solution.py --server https://judge.example.edu\n"
               "  judge serve\n  judge check --all --exercises-dir ~/my-course\n\n"
               f"The course: --exercises-dir DIR, else $JUDGE_EXERCISES_DIR, else the bundled one\n"
               f"  ({course.bundled_root()}).\n"
               "A course of your own is a folder with its course.toml: see docs/authoring.md.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--exercises-dir", type=Path, default=None, metavar="DIR",
                        help="the course: a folder with its course.toml and exercise folders (default: "
                             "$JUDGE_EXERCISES_DIR, else the course bundled in the package)")

    def command(name: str, handler: Callable[[argparse.Namespace], int], help: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help, parents=[common])
        p.set_defaults(handler=handler)
        return p

    run = command("run", _run, "grade a solution file against an exercise")
    run.add_argument("exercise", help="exercise slug, e.g. gelu")
    run.add_argument("file", type=Path, help="your solution (a .py file)")
    run.add_argument("--track", choices=TRACKS, help="numpy or torch (default: detected from your imports)")
    run.add_argument("--lang", default="en", choices=LANGS, help="language of the report (default en)")
    run.add_argument("--json", action="store_true", help="print the report as one JSON object")
    run.add_argument("--hints", type=int, default=None, metavar="N",
                     help="show N escalating hints (default: the targeted hint, or the first hint)")
    run.add_argument("--color", action=argparse.BooleanOptionalAction, default=None,
                     help="force or disable colour (default: when printing to a terminal; honours NO_COLOR)")
    run.add_argument("--server", default=None, metavar="URL",
                     help="submit to this course server (a `judge serve`) instead of grading here, recorded in "
                          "your history there (default: $MLJUDGE_SERVER; docs/notebooks.md)")
    run.add_argument("--local", action="store_true", help="grade on this machine even when $MLJUDGE_SERVER is set")

    lst = command("list", _list, "list the exercises, by course module")
    lst.add_argument("--lang", default="en", choices=LANGS)

    show = command("show", _show, "print an exercise's prompt and starter code")
    show.add_argument("exercise")
    show.add_argument("--lang", default="en", choices=LANGS)
    show.add_argument("--track", choices=TRACKS, default=None, help="whose starter to print (default: numpy)")

    for extend in extensions:
        extend(command)

    doctor = command("doctor", _doctor, "report which sandbox layers are active on this machine")
    doctor.add_argument("--json", action="store_true")

    check = command("check", _check, "prove exercises right: metadata, expected values, solutions, examples")
    check.add_argument("slugs", nargs="*", metavar="SLUG",
                       help="exercises to check (none: every exercise of the course, as --all)")
    check.add_argument("--all", action="store_true", help="check every exercise of the course, and its course.toml")
    check.add_argument("--write", action="store_true",
                       help="(re)compute expected.json from the reference before checking")
    check.add_argument("--quick", action="store_true",
                       help="do not grade the example submissions (the slow part); everything else is checked")
    check.add_argument("--jobs", type=int, default=None, metavar="N",
                       help="exercises checked at once (default: the number of CPUs)")

    new = command("new", _new, "scaffold a new exercise folder whose placeholders fail `judge check` until "
                               "filled in")
    new.add_argument("slug", metavar="SLUG", help="the folder name: lowercase letters, digits, dashes")
    new.add_argument("--module", metavar="ID", help="a module id from course.toml (default: the first one)")

    batch = command("grade", _grade, "grade a folder of submissions (for teachers): a per-student, per-case table")
    batch.formatter_class = argparse.RawDescriptionHelpFormatter
    batch.epilog = ("DIR/NAME.py is student NAME; DIR/NAME/*.py are student NAME's files (one row each);\n"
                    "nothing deeper is read, and no symbolic link is followed (a 'skipped' row says so).\n"
                    "Exit code 0 once the batch ran, whatever the verdicts.\n"
                    "Examples:\n  judge grade gelu homework/ --csv gelu.csv\n  judge grade gelu homework/ --json")
    batch.add_argument("exercise", metavar="SLUG", help="exercise slug, e.g. gelu")
    batch.add_argument("folder", type=Path, metavar="DIR", help="the folder of submissions")
    output = batch.add_mutually_exclusive_group()
    output.add_argument("--csv", type=Path, metavar="FILE",
                        help="write the table as CSV to FILE ('-': stdout): student, file, track, verdict, passed, "
                             "total, a status column per case, mistakes, note")
    output.add_argument("--json", action="store_true",
                        help="print {exercise, results: [{student, file, report}]} as JSON")
    batch.add_argument("--track", choices=TRACKS, help="grade every file in this track (default: detected per file)")
    batch.add_argument("--jobs", type=int, default=None, metavar="N",
                       help="submissions graded at once (default: the number of CPUs)")
    batch.add_argument("--lang", default="en", choices=LANGS, help="language of the reports (default en)")

    return parser


def _catalog(args: argparse.Namespace) -> Catalog:
    """The course the command works on; a folder that holds none is a usage error (exit 2), never an empty
    success."""
    catalog = Catalog(args.exercises_dir)
    course.require(catalog.root)
    return catalog


def _exercise(args: argparse.Namespace) -> Exercise:
    """The exercise named on the command line; a broken folder is an error (exit code 2) naming file:line."""
    try:
        return _catalog(args).get(args.exercise)
    except ExerciseError as exc:
        raise UsageError(f"exercise {args.exercise!r} cannot be loaded: {exc} (`judge check {args.exercise}` "
                         "lists every problem)") from None


def _run(args: argparse.Namespace) -> int:
    from mljudge.client import cli as client  # the course server's side: stdlib HTTP, no web framework
    from mljudge.judge.grade import grade
    from mljudge.judge.pools import course_vocabulary, shared_pool

    server = client.server_of(args)
    if server:
        if args.exercises_dir is not None:
            raise UsageError("--exercises-dir names a course on this machine; with --server the server's course "
                             "grades (add --local to grade here)")
        return client.run_on_server(args, server)
    exercise = _exercise(args)
    root = _catalog(args).root  # the pool grade() takes, made here: its jails hide the course too
    shared_pool(course_vocabulary(root), hide=(root,))
    if args.track and args.track not in exercise.tracks:
        raise UsageError(f"exercise {exercise.slug!r} has no {args.track} track")
    try:
        source = args.file.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"no such file: {args.file}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    lang = normalize_lang(args.lang)
    report = grade(exercise, source, args.track, filename=args.file.name)
    # `--hints N` holds back the same hints in both forms (the default: the first step of the ladder).
    said = localise(report, lang, hints=default_hints(report) if args.hints is None else args.hints)
    if args.json:
        print(json.dumps(said.to_dict(), ensure_ascii=False, indent=2))
    else:
        color = render.use_color(sys.stdout, args.color)
        render.write(render.render(said, exercise.title.get_in(lang), color=color))
    return EXIT_OK if report.accepted else EXIT_FAIL


def _list(args: argparse.Namespace) -> int:
    catalog = _catalog(args)
    lang = normalize_lang(args.lang)
    modules = {m.id: m for m in catalog.modules()}

    def left_out(slug: str, exc: ExerciseError) -> None:  # one broken folder must not hide the others
        print(f"judge: warning: exercise {slug!r} is left out: {exc}", file=sys.stderr)

    current = None
    for exercise in catalog.all(on_error=left_out):
        if exercise.module != current:
            current = exercise.module
            module = modules.get(current)
            print(f"\n{module.number} · {module.title.get_in(lang)}" if module else f"\n{current or '—'}")
        tracks = ", ".join(exercise.tracks)
        print(f"  {exercise.slug:<16} {exercise.title.get_in(lang):<48} [{tracks}]")
    return EXIT_OK


def _show(args: argparse.Namespace) -> int:
    exercise = _exercise(args)
    lang = normalize_lang(args.lang)
    track = exercise.track(args.track or next(iter(exercise.tracks)))
    print(f"# {exercise.title.get_in(lang)}\n")
    print(f"    {exercise.function.signature}\n")
    print(exercise.prompt.get_in(lang).rstrip())
    print(f"\n## {t('cli.starter', lang, track=track.name)}\n")
    print(track.starter.get_in(lang).rstrip())
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    from mljudge.judge.authoring.check import check_exercise
    from mljudge.judge.authoring.threads import run_all
    from mljudge.judge.pools import course_pool

    catalog = _catalog(args)
    whole = args.all or not args.slugs
    if args.write and whole and course.writes_into_package(catalog.root):
        raise UsageError(f"--write would change the bundled course inside the installed package ({catalog.root}); "
                         "check your own course with --exercises-dir DIR")
    slugs = catalog.own_slugs() if whole else args.slugs
    for slug in [] if whole else slugs:
        if not (catalog.root / slug / "exercise.toml").is_file():
            raise UsageError(f"no exercise named {slug!r} in {catalog.root}"
                             + (" (a bundled exercise this course lists is checked in the bundled course)"
                                if slug in catalog.borrowed(lenient=True) else ""))
        if args.write and course.writes_into_package(catalog.root / slug):
            raise UsageError(f"--write would change {slug!r} inside the installed package ({catalog.root})")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    course_errors = catalog.course_errors() if whole else []
    if not slugs and not course_errors:
        raise UsageError(f"the course at {catalog.root} has no exercise folders yet: `judge new SLUG "
                         f"--exercises-dir {catalog.root}` starts one")
    # Without a course.toml no module is declared, so every exercise's module is an error (not a free pass).
    modules = {m.id for m in catalog.modules()} if (catalog.root / course.COURSE_FILE).is_file() else set()
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, len(slugs)))
    pool = course_pool(catalog.root, jobs)
    progress = render.Progress(len(slugs), sys.stderr)
    try:
        results = run_all(lambda slug: check_exercise(catalog.root / slug, write=args.write, pool=pool,
                                                      known_modules=modules, examples=not args.quick),
                          slugs, jobs=jobs, on_done=lambda result: progress.step(result.slug))
    finally:
        progress.done()
        pool.close()
    for exc in course_errors:
        print(f"error: {exc}")
    for result in results:
        for problem in result.problems:
            print(problem)
    print(render.check_summary(results, color=render.use_color(sys.stdout)))
    return EXIT_OK if all(r.ok for r in results) and not course_errors else EXIT_FAIL


def _new(args: argparse.Namespace) -> int:
    import shlex

    from mljudge.judge.authoring.new import MARKER, scaffold

    root = Catalog(args.exercises_dir).root  # may hold no course yet: this is its first exercise
    made = scaffold(root, args.slug, module=args.module)
    print(f"created {made.folder}")
    for file in made.written:
        print(f"  wrote {file}")
    for file in made.kept:
        print(f"  kept  {file} (it exists: add the new function to it)")
    where = "" if course.is_bundled(root) else f" --exercises-dir {shlex.quote(str(root))}"
    print(f"next: replace every {MARKER} (`judge check {args.slug}{where}` lists them), then run "
          f"`judge check --write {args.slug}{where}`\nstarters: starters/<track>.py in English, "
          "starters/<track>.ru.py in Russian: the same code, its comments and docstring translated (`judge check` "
          "compares the code)")
    return EXIT_OK


def _grade(args: argparse.Namespace) -> int:
    import os

    from mljudge.judge.authoring import batch
    from mljudge.judge.pools import course_pool

    exercise = _catalog(args).get(args.exercise)
    if args.track and args.track not in exercise.tracks:
        raise UsageError(f"exercise {exercise.slug!r} has no {args.track} track")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if not args.folder.is_dir():
        raise UsageError(f"no such folder: {args.folder}")
    try:
        submissions = batch.discover(args.folder)
    except OSError as exc:
        raise UsageError(f"cannot list {args.folder}: {exc.strerror}") from None
    if not submissions:
        raise UsageError(f"no submissions in {args.folder} (DIR/*.py or DIR/<student>/*.py)")
    out = sys.stdout
    if args.csv and str(args.csv) != "-":
        try:  # before grading, so a typo in the path does not waste the whole batch
            out = args.csv.open("w", encoding="utf-8", newline="")
        except OSError as exc:
            raise UsageError(f"cannot write {args.csv}: {exc.strerror}") from None
    jobs = args.jobs or os.cpu_count() or 1
    pool = course_pool(exercise.path.parent, jobs)
    progress = render.Progress(len(submissions), sys.stderr)
    try:
        lang = normalize_lang(args.lang)
        results = batch.grade_all(exercise, submissions, pool=pool, jobs=jobs, track=args.track,
                                  on_done=lambda r: progress.step(r.file))
        if args.json:
            batch.write_results_json(exercise, results, out, lang)
        elif args.csv:
            batch.write_results_csv(exercise, results, out, lang)
        else:
            render.write(batch.table(exercise, results, color=render.use_color(out), lang=lang), out)
    finally:
        progress.done()
        pool.close()
        if out is not sys.stdout:
            out.close()
    if args.json or args.csv:
        print(batch.results_summary(results), file=sys.stderr)  # stdout may hold the data
    return EXIT_OK


def _doctor(args: argparse.Namespace) -> int:
    from mljudge import sandbox
    from mljudge.judge.pools import hidden

    layers = sandbox.diagnose(hidden((Catalog(args.exercises_dir).root,)))  # as the pools of run, check, serve
    ok = all(layer.active for layer in layers)
    if args.json:
        print(json.dumps({"ok": ok, "layers": [dataclasses.asdict(layer) for layer in layers]}, indent=2))
    else:
        for layer in layers:
            print(f"{'✓' if layer.active else '✗'} {layer.name:<14} {layer.detail}")
        print()
        print("all layers active" if ok else
              "some layers are NOT active: submissions would run less confined (see above)")
    return EXIT_OK if ok else EXIT_FAIL


if __name__ == "__main__":
    sys.exit(main())

"""What an exercise's solutions may be built from: its vocabulary.

A course declares words in `vocabulary.toml` (beside course.toml): each names one idea — arithmetic, `tanh`,
`softmax`, sliding windows — for every library at once, in short entries that `sandbox.Library.expand` turns into
dotted names and dispatcher ops. The `base` words are every exercise's building blocks; an exercise's
`[vocabulary]` table takes some away (`takes = ["tanh"]`: its own answer) and adds others (`adds = ["softmax"]`).
Everything of the governed libraries (`sandbox.GOVERNED_ROOTS`) outside the result is refused, however it is
reached: the policy refuses names, the sandbox's tripwire objects by identity, torch's dispatcher ops.

The sandbox knows nothing of words. It is told, per pool, `Allowed`: every name, module and op that some word of
the course stands for — whatever lies outside is refused in every child, ops at the dispatcher included; and per
job, what of that one exercise refuses (`Refusals`): the names and modules outside its vocabulary, and the ops of
the words it takes away, which its children refuse at the dispatcher too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mljudge.sandbox import LIBRARIES, Allowed, TrackSpec, op_base, vocabulary_libraries

VOCABULARY_FILE = "vocabulary.toml"


@dataclass(frozen=True)
class Word:
    """One idea of the course's vocabulary, in every library's short entries."""

    name: str
    base: bool
    entries: Mapping[str, tuple[str, ...]]  # library name -> its entries ("exp", "linalg.norm")
    ops: tuple[str, ...] = ()  # dispatcher ops besides those the entries are named like
    modules: tuple[str, ...] = ()  # modules below the libraries' top ones that a solution may reach into for it


@dataclass(frozen=True)
class Vocabulary:
    """What solutions may be built from in one track: dotted names, modules and (qualified) dispatcher ops."""

    names: frozenset[str]
    modules: frozenset[str]
    ops: frozenset[str]

    @classmethod
    def of(cls, words: Iterable[Word], track: TrackSpec) -> Vocabulary:
        libraries = vocabulary_libraries(track)
        roots = {library.name for library in libraries}
        names: set[str] = set()
        ops: set[str] = set()
        modules = set(roots)
        for word in words:
            if track.has_ops:
                ops.update(op_base(op) for op in word.ops)
            for library in libraries:
                for entry in word.entries.get(library.name, ()):
                    expanded, named_ops = library.expand(entry)
                    names.update(expanded)
                    if track.has_ops:
                        ops.update(op_base(op) for op in named_ops)
            modules.update(m for m in word.modules if m.partition(".")[0] in roots)
        return cls(frozenset(names), frozenset(modules), frozenset(ops))

    def allowed(self) -> Allowed:
        return Allowed(self.names, self.modules, self.ops)


@dataclass(frozen=True)
class Refusals:
    """What one exercise refuses of its pool's `Allowed` (see the module's docstring)."""

    names: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()
    ops: tuple[str, ...] = ()


@dataclass(frozen=True)
class Words:
    """A course's words by name: its own vocabulary.toml's over the bundled course's."""

    by_name: Mapping[str, Word]

    @classmethod
    def parse(cls, tables: Iterable[Mapping[str, Any]]) -> Words:
        """`tables`: each file's `[word.<name>]` tables, the bundled course's first; a later word of the same name
        replaces an earlier one."""
        found: dict[str, Word] = {}
        for table in tables:
            for name, item in table.items():
                entries = {lib: tuple(item[lib]) for lib in LIBRARIES if item.get(lib)}
                found[name] = Word(name, bool(item.get("base", False)), entries, tuple(item.get("ops", ())),
                                   tuple(item.get("modules", ())))
        return cls(found)

    def exercise(self, track: TrackSpec, adds: Iterable[str], takes: Iterable[str]) -> tuple[Vocabulary, Refusals]:
        """An exercise's vocabulary in `track` and what it refuses of the union (word names a caller checked)."""
        takes, adds = set(takes), set(adds)
        chosen = [w for w in self.by_name.values() if (w.base and w.name not in takes) or w.name in adds]
        kept = Vocabulary.of(chosen, track)
        taken = Vocabulary.of([self.by_name[name] for name in sorted(takes)], track)
        # A name both kept and taken (two words list it) is taken: the exercise said so.
        vocabulary = Vocabulary(kept.names - taken.names, kept.modules, kept.ops - taken.ops)
        union = self.union(track)
        return vocabulary, Refusals(names=tuple(sorted(union.names - vocabulary.names)),
                                    modules=tuple(sorted(union.modules - vocabulary.modules)),
                                    ops=tuple(sorted(taken.ops)))

    def union(self, track: TrackSpec) -> Vocabulary:
        """Every word's names, modules and ops: what a pool's children allow at all."""
        return Vocabulary.of(self.by_name.values(), track)

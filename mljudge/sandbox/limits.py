"""Resource limits for one sandboxed run."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Limits:
    """What one submission may use. Memory is counted *above* the warm worker's own footprint."""

    wall_seconds: float = 5.0
    cpu_seconds: float = 3.0
    memory_mb: int = 512
    output_kb: int = 64
    file_size_mb: int = 16
    open_files: int = 64
    threads: int = 32
    tmp_mb: int = 16

    @classmethod
    def from_mapping(cls, data: dict[str, Any] | None, base: Limits | None = None) -> Limits:
        """Overlay `data` (e.g. an exercise's ``[limits]`` table) on `base`; unknown keys raise ValueError."""
        merged = asdict(base or cls())
        known = {f.name for f in fields(cls)}
        for key, value in (data or {}).items():
            if key not in known:
                raise ValueError(f"unknown limit {key!r}; known limits: {', '.join(sorted(known))}")
            merged[key] = value
        return cls(**merged)

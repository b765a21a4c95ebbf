"""The wire format between the judge, the zygote and the sandboxed child.

A frame is a JSON header plus a binary blob: ``>QQ`` (header length, blob length), the header (UTF-8 JSON),
then the blob. Array data travels as raw bytes inside the blob and is addressed from the header by offset and
length, so numbers cross the boundary as plain numbers: nothing here ever unpickles, and the reading side
rebuilds every array as a fresh NumPy array of a known plain dtype.

Values are encoded as small JSON trees::

    {"t": "array", "dtype": "<f8", "shape": [2, 3], "off": 0, "len": 48, "origin": "tensor"}
    {"t": "float", "v": 1.5}     {"t": "int", "v": 3}     {"t": "bool", "v": true}     {"t": "none"}
    {"t": "list" | "tuple", "items": [...]}     {"t": "dict", "items": {"key": ...}}
    {"t": "object", "type": "Foo"}       # anything else: only its type name crosses
"""

from __future__ import annotations

import io
import json
import math
import struct
from dataclasses import dataclass, field
from typing import Any, BinaryIO

import numpy as np

_PREFIX = struct.Struct(">QQ")

# The only dtypes that may cross; anything else (object, structured, datetime) is refused on decode.
PLAIN_DTYPES = frozenset(
    np.dtype(code).str for code in ("?", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f2", "f4", "f8")
)
MAX_DEPTH = 8
MAX_ITEMS = 4096


class WireError(ValueError):
    """A frame or value that does not follow the format; the reader treats the sender as broken."""


class TooLarge(WireError):
    """More bytes than the reader accepts from this sender."""


@dataclass(frozen=True)
class Array:
    """An array that crossed the boundary. ``origin`` says what the sender held (ndarray, tensor, list...)."""

    data: np.ndarray
    origin: str = "ndarray"


@dataclass(frozen=True)
class Opaque:
    """A value that could not be sent as numbers; only its type name crossed (and, for an array or tensor of
    something other than real numbers, a word for its element type: "str", "complex128", ...)."""

    type_name: str
    dtype: str = ""
    preview: str = ""  # for an array of Python objects: the first few, as text (the submission's own)


@dataclass
class BlobWriter:
    """Collects array bytes while a header is being built."""

    chunks: list[bytes] = field(default_factory=list)
    size: int = 0

    def add(self, data: bytes) -> tuple[int, int]:
        offset = self.size
        self.chunks.append(data)
        self.size += len(data)
        return offset, len(data)

    def getvalue(self) -> bytes:
        return b"".join(self.chunks)


def encode_frame(header: dict[str, Any], blob: bytes = b"") -> bytes:
    head = json.dumps(header, separators=(",", ":"), allow_nan=True).encode()
    return _PREFIX.pack(len(head), len(blob)) + head + blob


def read_frame(stream: BinaryIO, *, max_header: int, max_blob: int) -> tuple[dict[str, Any], bytes] | None:
    """Read one frame; ``None`` at a clean end of stream. Raises WireError on a truncated or oversize frame."""
    prefix = _read_exact(stream, _PREFIX.size, allow_eof=True)
    if prefix is None:
        return None
    head_len, blob_len = _PREFIX.unpack(prefix)
    if head_len > max_header or blob_len > max_blob:
        raise WireError(f"frame too large ({head_len} + {blob_len} bytes)")
    head = _read_exact(stream, head_len) or b""
    blob = (_read_exact(stream, blob_len) or b"") if blob_len else b""
    return parse_header(head), blob


def split_frames(data: bytes, *, max_header: int, max_blob: int) -> tuple[list[tuple[dict[str, Any], bytes]], bool]:
    """Split a byte string into frames. Returns (frames, complete); a truncated tail is dropped, not an error,
    because a child killed mid-write leaves exactly that."""
    stream = io.BytesIO(data)
    frames: list[tuple[dict[str, Any], bytes]] = []
    while True:
        try:
            frame = read_frame(stream, max_header=max_header, max_blob=max_blob)
        except WireError:
            return frames, False
        if frame is None:
            return frames, True
        frames.append(frame)


class FrameScanner:
    """Splits a stream into frames as its bytes arrive, so that the reader can act on each frame at once (and
    stop at "done"). Bounds what it will hold: a header over `max_header` is garbage, a stream over `max_total`
    is too large; both are decided before anything is parsed."""

    def __init__(self, *, max_header: int, max_total: int) -> None:
        self.max_header, self.max_total = max_header, max_total
        self.buffer = bytearray()
        self.received = 0

    def feed(self, chunk: bytes) -> list[tuple[dict[str, Any], bytes]]:
        self.received += len(chunk)
        if self.received > self.max_total:
            raise TooLarge(f"more than {self.max_total} bytes")
        self.buffer += chunk
        frames = []
        start = 0
        while len(self.buffer) - start >= _PREFIX.size:
            head_len, blob_len = _PREFIX.unpack_from(self.buffer, start)
            if head_len > self.max_header:
                raise WireError(f"header of {head_len} bytes")
            end = start + _PREFIX.size + head_len + blob_len
            if end > len(self.buffer):
                break
            head = bytes(self.buffer[start + _PREFIX.size: start + _PREFIX.size + head_len])
            frames.append((parse_header(head), bytes(self.buffer[end - blob_len: end])))
            start = end
        del self.buffer[:start]
        return frames


def parse_header(raw: bytes) -> dict[str, Any]:
    try:
        header = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # "[[[[…" 10**5 deep is RecursionError
        raise WireError(f"header is not JSON: {type(exc).__name__}") from None
    if not isinstance(header, dict):
        raise WireError("header is not an object")
    return header


def _read_exact(stream: BinaryIO, n: int, *, allow_eof: bool = False) -> bytes | None:
    buf = bytearray()
    while len(buf) < n:
        chunk = stream.read(n - len(buf))
        if not chunk:
            if allow_eof and not buf:
                return None
            raise WireError(f"stream ended after {len(buf)} of {n} bytes")
        buf += chunk
    return bytes(buf)


# --- values -----------------------------------------------------------------------------------------------


def encode_array(array: np.ndarray, blob: BlobWriter, origin: str = "ndarray") -> dict[str, Any]:
    array = np.asarray(array)  # not ascontiguousarray: it turns 0-d into 1-d; tobytes() is C-order anyway
    if array.dtype.str not in PLAIN_DTYPES:
        raise WireError(f"dtype {array.dtype} cannot cross the boundary")
    offset, length = blob.add(array.tobytes())
    return {"t": "array", "dtype": array.dtype.str, "shape": list(array.shape), "off": offset, "len": length,
            "origin": origin}


def encode_plain(value: Any, blob: BlobWriter, depth: int = 0) -> dict[str, Any]:
    """Encode trusted values (case inputs, the judge's side). The child has its own, more defensive encoder."""
    if depth > MAX_DEPTH:
        raise WireError("value nested too deeply")
    if isinstance(value, np.ndarray):
        return encode_array(value, blob)
    if isinstance(value, bool | np.bool_):
        return {"t": "bool", "v": bool(value)}
    if isinstance(value, int | np.integer):
        return {"t": "int", "v": int(value)}
    if isinstance(value, float | np.floating):
        return {"t": "float", "v": float(value)}
    if value is None:
        return {"t": "none"}
    if isinstance(value, list | tuple):
        return {"t": "tuple" if isinstance(value, tuple) else "list",
                "items": [encode_plain(v, blob, depth + 1) for v in value]}
    if isinstance(value, dict):
        return {"t": "dict", "items": {str(k): encode_plain(v, blob, depth + 1) for k, v in value.items()}}
    raise WireError(f"cannot encode {type(value).__name__}")


def decode_value(node: Any, blob: bytes, depth: int = 0) -> Any:
    """Rebuild a value from untrusted input: every array is a fresh copy of a plain dtype, every scalar a plain
    Python number. Anything malformed raises WireError."""
    if depth > MAX_DEPTH or not isinstance(node, dict):
        raise WireError("malformed value")
    kind = node.get("t")
    if kind == "array":
        return Array(_decode_array(node, blob), origin=_short_str(node.get("origin", "ndarray")))
    if kind == "float":
        return _plain_float(node.get("v"))
    if kind == "int":
        value = node.get("v")
        if type(value) is not int:
            raise WireError("malformed int")
        return value
    if kind == "bool":
        value = node.get("v")
        if type(value) is not bool:
            raise WireError("malformed bool")
        return value
    if kind == "none":
        return None
    if kind in ("list", "tuple"):
        items = node.get("items")
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise WireError("malformed sequence")
        values = [decode_value(item, blob, depth + 1) for item in items]
        return tuple(values) if kind == "tuple" else values
    if kind == "dict":
        items = node.get("items")
        if not isinstance(items, dict) or len(items) > MAX_ITEMS:
            raise WireError("malformed dict")
        return {str(k): decode_value(v, blob, depth + 1) for k, v in items.items()}
    if kind == "object":
        return Opaque(_short_str(node.get("type", "object")), _short_str(node.get("dtype", "")),
                      str(node.get("preview", ""))[:200])
    raise WireError(f"unknown value kind {kind!r}")


def _decode_array(node: dict[str, Any], blob: bytes) -> np.ndarray:
    dtype, shape, offset, length = node.get("dtype"), node.get("shape"), node.get("off"), node.get("len")
    if dtype not in PLAIN_DTYPES:
        raise WireError(f"dtype {dtype!r} is not allowed")
    if (not isinstance(shape, list) or len(shape) > 32
            or not all(type(n) is int and n >= 0 for n in shape)):
        raise WireError("malformed shape")
    if type(offset) is not int or type(length) is not int or offset < 0 or offset + length > len(blob):
        raise WireError("array data out of range")
    itemsize = np.dtype(dtype).itemsize
    if math.prod(shape) * itemsize != length:
        raise WireError("array length does not match its shape")
    # frombuffer + copy: a fresh, writable, base-class ndarray that owns its memory.
    flat = np.frombuffer(blob, dtype=np.dtype(dtype), count=length // itemsize, offset=offset)
    return flat.reshape(shape).copy()


def _plain_float(value: Any) -> float:
    if type(value) not in (int, float):
        raise WireError("malformed float")
    return float(value)


def _short_str(value: Any) -> str:
    return str(value)[:80]

"""The exceptions seoladh raises.

Every one is a :class:`SeoladhError`; some are also the builtin a caller would catch for the
same problem (``OSError`` for a file that cannot be read, ``ValueError`` for a bad argument).
Batch calls (``find_many``, ``find_arrow``) never raise for a bad row: the row's ``error_code``
and ``error`` columns say what was wrong with it.
"""

from __future__ import annotations

__all__ = [
    "SeoladhError",
    "SeoladhOSError",
    "IndexFileError",
    "CorruptIndexError",
    "IndexVersionError",
    "InvalidOptionError",
    "UnknownProfileError",
    "ProfileConfigError",
    "DataError",
]


class SeoladhError(Exception):
    """Base class of every seoladh error."""


class SeoladhOSError(SeoladhError, OSError):
    """A file could not be read or written (missing index, no permission).

    ``errno``, ``strerror`` and ``filename`` are set as on ``OSError``.
    """


class IndexFileError(SeoladhError):
    """The file is not an index this version of seoladh can read."""


class CorruptIndexError(IndexFileError):
    """Not a seoladh index, truncated, or damaged (a checksum or an offset is wrong).

    Copy the file again or rebuild it with :func:`seoladh.build_index`.
    """


class IndexVersionError(IndexFileError):
    """The index was built by another version of seoladh: rebuild it with this one."""


class InvalidOptionError(SeoladhError, ValueError):
    """An argument is out of range or names something unknown (``language="xx"``)."""


class UnknownProfileError(InvalidOptionError):
    """No address profile has the requested name (see ``Engine.profile_names()``)."""


class ProfileConfigError(SeoladhError):
    """An address profiles file is malformed or breaks a rule."""


class DataError(SeoladhError):
    """An ECAD-layout directory cannot be indexed (a missing table, a bad header)."""

"""Type stubs of the extension module (re-exported by ``seoladh``)."""

from __future__ import annotations

import os
from typing import Any, Iterable, Literal, Optional, Sequence, TypedDict, Union

import pyarrow as pa
from typing_extensions import Unpack

_Path = Union[str, os.PathLike[str]]
_Language = Literal["en", "ga"]
_Country = Literal["ie", "ni", "gb"]
_Json = dict[str, Any]

class BatchOptions(TypedDict, total=False):
    """The keyword options of ``find_many`` and ``find_arrow`` (each may be left out).

    ``language`` (default ``"en"``) and ``country`` (``"ie"``) choose the answer's language
    and the addresses searched; ``limit`` (``-1``) bounds the options: ``-1`` groups large
    option sets, ``0`` returns none, ``n`` returns none when more than ``n`` fit;
    ``address_profile`` (``None``) adds ``reformattedAddress``.
    """

    language: _Language
    country: _Country
    limit: int
    address_profile: Optional[str]

class QueryOptions(BatchOptions, total=False):
    """The keyword options of ``find``, ``find_id`` and ``autocomplete``: those of
    ``BatchOptions``, and ``vanity``, ``geographic`` and ``address_elements`` (``False``),
    which add those addresses."""

    vanity: bool
    geographic: bool
    address_elements: bool

ANSWER_COLUMNS: list[str]
"""Names of the answer columns of ``find_many`` and ``find_arrow``, in order:
``result_code`` (int32), ``result`` (text of the result code), ``address_id`` (int64),
``address_type``, ``postcode`` (the Eircode, no space), ``match_level``, ``postal_address``
(list of lines), ``reformatted_address`` (lines of ``address_profile``), ``unmatched`` (words
that could not be placed), ``total_options`` (int64), ``error_code`` (int32) and ``error``
(a refused row's wire error; its other columns are null)."""

def version() -> str:
    """The version of seoladh."""

def build_index(data_dir: _Path, out: _Path) -> None:
    """Builds an index file from an ECAD-layout directory (once per data release).

    Raises ``DataError`` when a table is missing or malformed, ``SeoladhOSError`` when a file
    cannot be read or written.
    """

class Engine:
    """An opened index with its address profiles; thread-safe, and cheap to share.

    ``Engine(path)`` memory-maps the index (the processes of one machine share its pages) after
    checking the whole file (every section checksum and link: about 0.2 s of CPU at full scale);
    ``resident=True`` reads it into memory instead (faster scattered reads for a
    long-running process). ``profiles`` is a profiles TOML file adding named address profiles
    to the built-in ones (each a full definition or an alias). ``unknown_profile`` says what an
    ``address_profile`` no profile has gets: ``"default"`` answers with the ``default`` profile
    (an integration's own profile name works unchanged), ``"error"`` raises
    ``UnknownProfileError`` (in ``find_many``/``find_arrow``: an error row, code 400012).

    Raises ``SeoladhOSError`` (an ``OSError``) when the file cannot be read,
    ``CorruptIndexError`` when it is not a seoladh index or is damaged, ``IndexVersionError``
    when another version of seoladh built it, ``ProfileConfigError`` for a bad profiles file.
    """

    def __init__(
        self,
        path: _Path,
        resident: bool = False,
        profiles: Optional[_Path] = None,
        unknown_profile: Literal["default", "error"] = "default",
    ) -> None: ...
    @property
    def path(self) -> str:
        """The index file's path."""

    def profile_names(self) -> list[str]:
        """Names of the address profiles (values of ``address_profile``)."""

    def find(
        self,
        address: str,
        **options: Unpack[QueryOptions],
    ) -> _Json:
        """Find Address: free text, an Eircode, or both, to the 2.0 response as dicts.

        ``result`` (``{"code", "text"}``) says how sure the answer is; ``postcode``,
        ``addressId``, ``postalAddress`` and ``options`` carry it. The keyword options are
        those of ``QueryOptions``. Text past 1,000 characters is not read.

        Raises ``InvalidOptionError`` for a bad language, country or limit and
        ``UnknownProfileError`` for an unknown profile.
        """

    def find_id(
        self,
        address_id: int,
        **options: Unpack[QueryOptions],
    ) -> _Json:
        """Find Address by id: an address point is the answer; an element (street, town) or a
        building lists what lies below it (the ``next`` of a grouped option)."""

    def autocomplete(
        self,
        partial: str,
        **options: Unpack[QueryOptions],
    ) -> _Json:
        """Autocomplete: suggestions for partial text (the last word may be cut short)."""

    def ecad_data(
        self,
        ecad_id: int,
        *,
        history: bool = False,
        administrative_release: Literal["2015", "2017"] = "2015",
    ) -> _Json:
        """Get ECAD Data: everything stored for an id (status, addresses in both languages,
        building, spatial and administrative data). An unknown id answers ``EcadIdInvalid``."""

    def find_many(
        self,
        addresses: Iterable[Optional[str]],
        **options: Unpack[BatchOptions],
    ) -> pa.RecordBatch:
        """Find Address for every string, on all cores without the GIL: one row of
        ``ANSWER_COLUMNS`` per address, in order. A ``None``, a non-string or an address of
        over 1,000 characters is answered with ``error_code`` and ``error``, not an exception.
        The answers are those of ``seoladh batch``."""

    def find_arrow(
        self,
        data: Any,
        *,
        keep: Sequence[str] = (),
        **options: Unpack[BatchOptions],
    ) -> pa.RecordBatch:
        """Find Address for Arrow data, on all cores without the GIL, through the Arrow C data
        interface: one row of ``ANSWER_COLUMNS`` per input row, in order, after the input's
        ``keep`` columns.

        ``data`` is an array of addresses (strings of any Arrow string type, dictionary-encoded
        too), or a record batch or table with an ``address`` column and optionally ``eircode``,
        ``language``, ``country`` and ``limit`` columns that override the keyword options per
        row (as ``seoladh batch`` reads them); pyarrow, or anything exporting
        ``__arrow_c_array__`` or ``__arrow_c_stream__``. A row that cannot be asked (a null
        address, a bad language, over 1,000 characters) gets ``error_code`` and ``error``.

        Raises ``InvalidOptionError`` when there is no address column or a request column is
        neither strings nor integers, ``TypeError`` when ``data`` is not Arrow data.
        """

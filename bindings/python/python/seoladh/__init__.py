"""seoladh: Irish address lookup and batch validation.

An embedded engine for the three operations of the Autoaddress 2.0 service, over an index file
built once per data release from an ECAD-layout export:

- :meth:`Engine.find` (Find Address): free text or an Eircode to one address, with a result
  code saying how sure it is; :meth:`Engine.find_id` drills down into an option;
- :meth:`Engine.autocomplete`: suggestions for partial text;
- :meth:`Engine.ecad_data` (Get ECAD Data): everything stored for an id.

Each returns the 2.0 wire JSON as Python dicts and lists. For files, :meth:`Engine.find_many`
and :meth:`Engine.find_arrow` answer whole columns on all cores without the GIL and return a
``pyarrow.RecordBatch`` of flat answer columns (:data:`ANSWER_COLUMNS`), the same answers
``seoladh batch`` writes.
"""

from __future__ import annotations

from . import errors
from ._seoladh import ANSWER_COLUMNS, Engine, build_index, version
from .errors import *  # noqa: F403 (the exception classes, listed in errors.__all__)

__version__ = version()

__all__ = ["ANSWER_COLUMNS", "Engine", "build_index", "version", "errors", *errors.__all__]

"""Fixtures of the Python package's tests: the fixture index built with seoladh.build_index, the
seoladh command line (its `batch` is what every batch path must equal), and a few thousand
varied queries from `seoladh derive-queries` over the fixture data."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import seoladh

REPO = Path(__file__).resolve().parents[3]
FIXTURE_DATA = REPO / "fixtures" / "data"


def seoladh_bin() -> Path:
    """The seoladh binary: $SEOLADH_BIN, else the workspace's release or debug build."""
    if os.environ.get("SEOLADH_BIN"):
        return Path(os.environ["SEOLADH_BIN"])
    for profile in ("release", "debug"):
        exe = REPO / "target" / profile / "seoladh"
        if exe.exists():
            return exe
    pytest.fail("no seoladh binary: run `cargo build -p seoladh-cli` or set SEOLADH_BIN")


@pytest.fixture(scope="session")
def cli() -> Path:
    return seoladh_bin()


@pytest.fixture(scope="session")
def index(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("index") / "fixture.idx"
    seoladh.build_index(FIXTURE_DATA, path)
    return path


@pytest.fixture(scope="session")
def engine(index) -> seoladh.Engine:
    return seoladh.Engine(index)


@pytest.fixture(scope="session")
def queries(tmp_path_factory, cli) -> list[str]:
    """Derived queries of every class (clean, typos, Irish, vanity, Eircodes, no match …)."""
    path = tmp_path_factory.mktemp("queries") / "q.tsv"
    subprocess.run(
        [str(cli), "derive-queries", "--data", str(FIXTURE_DATA), "--out", str(path),
         "--n", "200"],
        check=True,
        capture_output=True,
    )
    with path.open(newline="", encoding="utf-8") as f:
        return [row["text"] for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)]


def run_batch(cli: Path, index: Path, input_path: Path, output: Path, *args: str) -> None:
    subprocess.run(
        [str(cli), "batch", "--index", str(index), "--input", str(input_path),
         "--output", str(output), *args],
        check=True,
        capture_output=True,
    )


def flat(line: dict) -> dict:
    """A `seoladh batch` JSON line as the flat answer columns of find_arrow."""
    row = dict.fromkeys(seoladh.ANSWER_COLUMNS)
    if "error" in line:
        row["error_code"] = line["error"]["type"]["code"]
        row["error"] = line["error"]["message"]
        return row
    r = line["response"]
    text = lambda v: v["text"] if v else None  # noqa: E731
    row.update(
        result_code=r["result"]["code"],
        result=r["result"]["text"],
        address_id=r["addressId"],
        address_type=text(r["addressType"]),
        postcode=r["postcode"],
        match_level=text(r["matchLevel"]),
        postal_address=r["postalAddress"],
        reformatted_address=r["reformattedAddress"],
        unmatched=r["unmatched"],
        total_options=r["totalOptions"],
    )
    return row


def batch_answers(cli: Path, index: Path, input_path: Path, tmp: Path, *args: str) -> list[dict]:
    """`seoladh batch`'s answers to a file, as (id, flat answer) rows."""
    output = tmp / "batch-out.jsonl"
    output.unlink(missing_ok=True)
    run_batch(cli, index, input_path, output, *args)
    with output.open(encoding="utf-8") as f:
        return [{"id": line["id"], **flat(line)} for line in map(json.loads, f)]


def require_java() -> None:
    """Spark needs a Java runtime: CI installs one (a missing one fails there)."""
    if shutil.which("java") is None and not os.environ.get("CI"):
        pytest.skip("no Java runtime (apt-get install default-jre-headless)")

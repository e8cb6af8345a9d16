"""Batch answers (find_many, find_arrow) equal `seoladh batch`'s row for row, bad rows
become error rows in input order, and `seoladh batch` reads and writes Parquet."""

from __future__ import annotations

import csv
import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import seoladh
from seoladh import errors

from conftest import REPO, batch_answers, flat, run_batch

ADDRESS = "2 Dooroge Woods, Ballyboughal"


def answers_of(batch: pa.RecordBatch) -> list[dict]:
    assert batch.schema.names[-len(seoladh.ANSWER_COLUMNS):] == seoladh.ANSWER_COLUMNS
    return batch.to_pylist()


@pytest.fixture(scope="module")
def table(queries) -> pa.Table:
    """The derived queries with ids and per-row options, and rows that cannot be asked."""
    n = len(queries)
    addresses = list(queries) + [None, "x" * 100_000, "y" * 5_000, ADDRESS, ADDRESS, "",
                                 "Ballyboughal"]
    languages = [None] * n + [None, None, None, "xx", "ga", None, None]
    limits = [None] * n + [None, None, None, None, None, None, "3"]
    for i in range(0, n, 7):
        languages[i] = "ga"
    for i in range(3, n, 11):
        limits[i] = "2"
    return pa.table({
        "id": pa.array(range(1, len(addresses) + 1), pa.int64()),
        "address": pa.array(addresses, pa.string()),
        "language": pa.array(languages, pa.string()),
        "limit": pa.array(limits, pa.string()),
    })


def write_csv(table: pa.Table, path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(table.column_names)
        for row in table.to_pylist():
            w.writerow("" if v is None else v for v in row.values())


def test_find_arrow_equals_seoladh_batch_row_for_row(engine, index, cli, table, tmp_path):
    assert table.num_rows > 2_000
    path = tmp_path / "in.parquet"
    pq.write_table(table, path)
    want = batch_answers(cli, index, path, tmp_path)
    got = answers_of(engine.find_arrow(table.to_batches(max_chunksize=table.num_rows)[0],
                                       keep=["id"]))
    assert len(got) == len(want) == table.num_rows
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, f"row {i + 1}: {str(table.slice(i, 1).to_pylist())[:300]}"
    codes = {row["result_code"] for row in got} | {row["error_code"] for row in got}
    assert {100, 200, 550, 400001, 400011, 400020} <= codes, codes


def test_csv_input_and_options_reach_batch_and_find_arrow_alike(engine, index, cli, table,
                                                                tmp_path):
    small = table.slice(0, 400)
    path = tmp_path / "in.csv"
    write_csv(small, path)
    profile = engine.profile_names()[0]
    want = batch_answers(cli, index, path, tmp_path, "--profile", profile,
                         "--language", "ga")
    got = answers_of(engine.find_arrow(small, keep=["id"], address_profile=profile,
                                       language="ga"))
    # CSV ids are text.
    assert [dict(g, id=str(g["id"])) for g in got] == want
    assert any(row["reformatted_address"] for row in got)


def test_row_profiles_reach_batch_and_find_arrow_alike(index, cli, queries, tmp_path):
    """Rows name their own profile (`addressProfileName`), the run's fills the others, and a
    name no profile has gets `default`, or an error row under `unknown_profile="error"`."""
    profiles = REPO / "examples" / "profiles.toml"
    names = ["MagentoDefault", None, "Wordpress-Gravity Forms", "SomeoneElses", "5line30"]
    small = pa.table({
        "id": pa.array([f"r{i}" for i in range(200)]),
        "address": pa.array(queries[:200]),
        "addressProfileName": pa.array([names[i % len(names)] for i in range(200)]),
    })
    path = tmp_path / "profiles.parquet"
    pq.write_table(small, path)
    for policy in ("default", "error"):
        engine = seoladh.Engine(index, profiles=profiles, unknown_profile=policy)
        want = batch_answers(cli, index, path, tmp_path, "--profiles", str(profiles),
                             "--unknown-profile", policy, "--profile", "Demo5LineV2")
        got = answers_of(engine.find_arrow(small, keep=["id"], address_profile="Demo5LineV2"))
        assert got == want, policy
        unknown = [r for r in got if r["id"] in {f"r{i}" for i in range(3, 200, 5)}]
        codes = {r["error_code"] for r in unknown}
        assert codes == ({400012} if policy == "error" else {None}), (policy, codes)


def test_find_many_equals_find_arrow(engine, queries):
    addresses = queries[:500] + [None, "x" * 100_000, 42, "", "y" * 5_000]
    many = engine.find_many(addresses)
    assert many.num_rows == len(addresses)
    arrow = engine.find_arrow(pa.array([a if isinstance(a, str) else None for a in addresses]))
    rows, arrow_rows = answers_of(many), answers_of(arrow)
    assert rows[:500] == arrow_rows[:500]
    assert rows[500]["error"] == "the address is None"
    assert rows[501] == arrow_rows[501]
    assert rows[501]["error_code"] == 400011, "a field over 64 KiB, as in every batch layout"
    assert "field `address` is longer than 65536 bytes" in rows[501]["error"]
    assert rows[502]["error_code"] == 400011 and "int" in rows[502]["error"]
    assert rows[503]["result_code"] is not None or rows[503]["error_code"] is not None
    assert rows[504]["error_code"] == 400020, "over 1,000 characters"
    assert engine.find_many(iter([ADDRESS])).num_rows == 1
    with pytest.raises(TypeError):
        engine.find_many(ADDRESS)
    with pytest.raises(TypeError, match="unexpected keyword argument 'vanity'"):
        engine.find_many([ADDRESS], vanity=True)
    with pytest.raises(TypeError, match="argument 'limit'"):
        engine.find_arrow(pa.array([ADDRESS]), limit=1.5)


def test_every_arrow_shape_gives_the_same_answers(engine, queries):
    addresses = queries[:300]
    want = answers_of(engine.find_arrow(pa.array(addresses)))
    shapes = [
        pa.array(addresses, pa.large_string()),
        pa.array(addresses, pa.string_view()),
        pa.array(addresses).dictionary_encode(),
        pa.chunked_array([addresses[:100], addresses[100:]]),
        pa.record_batch({"Address": addresses}),
        pa.table({"address": addresses}).to_batches()[0],
        pa.Table.from_batches([pa.record_batch({"address": addresses[:150]}),
                               pa.record_batch({"address": addresses[150:]})]),
    ]
    for shape in shapes:
        assert answers_of(engine.find_arrow(shape)) == want, type(shape)


def test_empty_and_wrong_inputs(engine):
    empty = engine.find_arrow(pa.array([], pa.string()))
    assert empty.num_rows == 0 and empty.schema.names == seoladh.ANSWER_COLUMNS
    assert engine.find_many([]).num_rows == 0
    with pytest.raises(errors.InvalidOptionError, match="Double|Float"):
        engine.find_arrow(pa.array([1.5]))
    with pytest.raises(errors.InvalidOptionError, match="no `address` column"):
        engine.find_arrow(pa.record_batch({"text": ["x"]}))
    with pytest.raises(errors.InvalidOptionError, match="no column `key`"):
        engine.find_arrow(pa.record_batch({"address": ["x"]}), keep=["key"])
    with pytest.raises(TypeError, match="Arrow data"):
        engine.find_arrow({"address": ["x"]})


def test_eircode_and_integer_columns(engine):
    batch = pa.record_batch({
        "address": pa.array([None, "Dooroge Woods", None]),
        "eircode": pa.array(["A41 P9FY", "A41P9FY", None]),
        "limit": pa.array([1, 5, 1], pa.int32()),
    })
    rows = answers_of(engine.find_arrow(batch))
    assert rows[0]["postcode"] == rows[1]["postcode"] == "A41P9FY"
    assert rows[2]["error"] == "the address is null"


def test_parquet_in_parquet_out_equals_jsonl(index, cli, table, tmp_path):
    src = tmp_path / "in.parquet"
    pq.write_table(table.slice(0, 600), src)
    out = tmp_path / "out.parquet"
    run_batch(cli, index, src, out)
    got = pq.read_table(out)
    assert got.schema.field("id").type == pa.int64(), "integer ids stay integers"
    assert got.column_names == ["id"] + seoladh.ANSWER_COLUMNS
    want = batch_answers(cli, index, src, tmp_path)
    assert got.to_pylist() == want
    # An existing Parquet output is never overwritten or appended to.
    with pytest.raises(Exception):
        run_batch(cli, index, src, out)
    assert pq.read_table(out).num_rows == 600


def test_text_input_parquet_output_has_text_ids(index, cli, tmp_path):
    src = tmp_path / "in.jsonl"
    lines = [json.dumps(r) for r in [
        {"id": "a", "address": ADDRESS}, {"address": ADDRESS}, {"id": 7, "address": 5},
    ]]
    src.write_text("\n".join(lines + ["not json"]) + "\n")
    out = tmp_path / "out.parquet"
    run_batch(cli, index, src, out)
    rows = pq.read_table(out).to_pylist()
    assert [r["id"] for r in rows] == ["a", "2", "7", "4"]
    assert rows[0]["result_code"] == 100 and rows[2]["error_code"] == 400011
    assert rows[3]["error"].startswith("row 4: not a JSON object")
    assert flat({"error": {"type": {"code": 1}, "message": "m"}})["error"] == "m"

"""The recipes of examples/python run and agree with `seoladh batch` row for row: the DuckDB
vectorised UDF, and the Spark mapInArrow job in local[2] mode writing Parquet."""

from __future__ import annotations

import importlib.util
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import seoladh

from conftest import REPO, batch_answers, require_java


def recipe(name: str):
    path = REPO / "examples" / "python" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def input_parquet(queries, tmp_path_factory):
    """A few thousand derived queries with ids, a NULL, an address over 1,000 characters and
    one over the 64 KiB field limit."""
    addresses = list(queries) + [None, "x" * 5_000, "z" * 100_000]
    table = pa.table({
        "id": pa.array(range(1, len(addresses) + 1), pa.int64()),
        "address": pa.array(addresses, pa.string()),
    })
    path = tmp_path_factory.mktemp("recipes") / "customers.parquet"
    pq.write_table(table, path, row_group_size=1_000)
    return path


def test_duckdb_udf_equals_seoladh_batch(engine, index, cli, input_parquet, tmp_path):
    duckdb = pytest.importorskip("duckdb")
    udf = recipe("duckdb_udf")
    con = duckdb.connect()
    udf.register(con, engine)
    got = con.sql(
        f"SELECT id, find_address(address) AS a FROM '{input_parquet}' ORDER BY id"
    ).fetchall()
    want = batch_answers(cli, index, input_parquet, tmp_path)
    assert len(got) == len(want) > 2_000
    for (gid, answer), w in zip(got, want):
        assert {"id": gid, **answer} == w
    # The recipe's own entry point writes Parquet.
    out = tmp_path / "duck.parquet"
    sys.argv = ["duckdb_udf", "--index", str(index), "--input", str(input_parquet),
                "--output", str(out)]
    udf.main()
    assert pq.read_table(out).num_rows == len(want)


def test_spark_map_in_arrow_equals_seoladh_batch(index, cli, input_parquet, tmp_path):
    require_java()
    pytest.importorskip("pyspark")
    from pyspark.sql import SparkSession

    job = recipe("spark_validate")
    # Spark talks to its own workers only, over the loopback interface.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    # The workers import seoladh from this interpreter's environment.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("seoladh-test")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "500")
        .getOrCreate()
    )
    try:
        spark.sparkContext.addFile(str(index))
        df = spark.read.parquet(str(input_parquet)).repartition(3)
        out = tmp_path / "validated"
        job.validate(df, os.path.basename(index)).write.mode("overwrite").parquet(str(out))
    finally:
        spark.stop()
    got = pq.read_table(out).sort_by("id").to_pylist()
    want = batch_answers(cli, index, input_parquet, tmp_path)
    assert len(got) == len(want) > 2_000
    assert [r["id"] for r in got] == [w["id"] for w in want], "every row once"
    for g, w in zip(got, want):
        assert g == w
    assert set(seoladh.ANSWER_COLUMNS) <= set(got[0])

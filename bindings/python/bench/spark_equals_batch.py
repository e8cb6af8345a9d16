"""The Spark recipe against ``seoladh batch`` on the same Parquet input, row for row, at any
scale: ``examples/python/spark_validate.py`` in ``local[2]`` mode (the index read from a shared
path) and ``seoladh batch`` with Parquet out, compared column by column after sorting Spark's
output by id.

    python bench/spark_equals_batch.py --index ie.idx --queries q.tsv --seoladh target/release/seoladh

The input is the queries (a ``seoladh derive-queries`` file, or Parquet with an ``address``
column) with integer ids, per-row ``language``, ``addressProfileName`` and ``limit`` on some
rows, and rows that cannot be asked (null, empty, over 1,000 characters, over 64 KiB).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from bench_find_arrow import load_addresses

REPO = Path(__file__).resolve().parents[3]


def rich_input(addresses: pa.Array) -> pa.Table:
    rows = addresses.to_pylist() + [None, "z" * 100_000, "y" * 5_000, "", "Ballyboughal"]
    n = len(rows)
    profiles = ["label4", "5line30", None, None, None]
    return pa.table({
        # Not the row numbers: a row refused unread would show it.
        "id": pa.array([i * 10 + 7 for i in range(n)], pa.int64()),
        "address": pa.array(rows, pa.string()),
        "language": pa.array(["ga" if i % 7 == 0 else None for i in range(n)], pa.string()),
        "addressProfileName": pa.array([profiles[i % 5] for i in range(n)], pa.string()),
        "limit": pa.array(["2" if i % 11 == 3 else None for i in range(n)], pa.string()),
    })


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--queries", type=Path, required=True)
    ap.add_argument("--seoladh", default="target/release/seoladh", help="the seoladh binary")
    args = ap.parse_args()

    table = rich_input(load_addresses(args.queries))
    with tempfile.TemporaryDirectory() as tmp:
        src, batch_out, spark_out = (Path(tmp) / p for p in ("in.parquet", "batch.parquet", "spark"))
        pq.write_table(table, src, row_group_size=5_000)
        started = time.perf_counter()
        subprocess.run([args.seoladh, "batch", "--index", str(args.index), "--input", str(src),
                        "--output", str(batch_out)], check=True, capture_output=True)
        batch_s = time.perf_counter() - started
        env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)
        spark_submit = Path(sys.executable).parent / "spark-submit"
        started = time.perf_counter()
        subprocess.run(
            [str(spark_submit), "--master", "local[2]", "--conf", "spark.ui.enabled=false",
             "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.driver.bindAddress=127.0.0.1",
             str(REPO / "examples" / "python" / "spark_validate.py"), "--index", str(args.index),
             "--shared-index", "--input", str(src), "--output", str(spark_out)],
            check=True, env=env, capture_output=True,
        )
        spark_s = time.perf_counter() - started
        want = pq.read_table(batch_out).to_pylist()
        got = pq.read_table(spark_out).sort_by("id").to_pylist()
    n = table.num_rows
    assert len(want) == n, f"seoladh batch wrote {len(want)} rows for {n}"
    assert [r["id"] for r in got] == table.column("id").to_pylist(), "Spark: every row once"
    differing = [i for i, (g, w) in enumerate(zip(got, want)) if g != w]
    codes = Counter(w["result_code"] or w["error_code"] for w in want)
    print(f"{n:,} rows: seoladh batch {batch_s:.0f} s, Spark local[2] {spark_s:.0f} s (JVM start "
          f"included); rows differing: {len(differing)}; codes {sorted(codes.items())}")
    for i in differing[:5]:
        print(f"row {i + 1}: spark {got[i]}\n        batch {want[i]}")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()

"""Throughput of ``Engine.find_arrow`` against ``seoladh batch`` on the same rows.

Both answer every row on all cores with the same per-row code; this measures what the Python
path costs on top (Arrow import and export, the GIL hand-off). Runs alternate (batch, then
find_arrow, repeated) so that a noisy neighbour on the machine hurts both alike; the figure of
each is the median run's rows per second, counted from the first row answered to the last
(the index is opened before, as ``seoladh batch`` does).

    python bench/bench_find_arrow.py --index ie.idx --queries q.tsv --seoladh target/release/seoladh

``--queries`` is a ``seoladh derive-queries`` file (its ``text`` column is the address) or a
CSV/Parquet file with an ``address`` column.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

import seoladh


def load_addresses(path: Path) -> pa.Array:
    if path.suffix in (".parquet", ".pq"):
        return pq.read_table(path).column("address").combine_chunks()
    if path.suffix == ".tsv":
        opts = pacsv.ParseOptions(delimiter="\t", quote_char=False)
        table = pacsv.read_csv(path, parse_options=opts)
        return table.column("text").combine_chunks().cast(pa.string())
    return pacsv.read_csv(path).column("address").combine_chunks().cast(pa.string())


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def batch_rows_per_second(exe: str, index: Path, input_csv: Path, output: Path) -> tuple[float, float]:
    """Runs ``seoladh batch``: the rows/s it reports (engine opened beforehand), and the CPU
    seconds of the whole process (opening the index included)."""
    output.unlink(missing_ok=True)
    cpu = cpu_seconds(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [exe, "batch", "--index", str(index), "--input", str(input_csv), "--output", str(output)],
        capture_output=True,
        text=True,
        check=True,
    )
    match = re.search(r"\(([\d.]+) rows/s\)", done.stderr)
    if not match:
        sys.exit(f"no rows/s in the output of seoladh batch:\n{done.stderr}")
    return float(match.group(1)), cpu_seconds(resource.RUSAGE_CHILDREN) - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", type=Path, required=True)
    ap.add_argument("--queries", type=Path, required=True)
    ap.add_argument("--seoladh", default="target/release/seoladh", help="the seoladh binary")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument(
        "--output",
        choices=["jsonl", "parquet"],
        default="jsonl",
        help="what seoladh batch writes (find_arrow returns a record batch either way)",
    )
    args = ap.parse_args()

    addresses = load_addresses(args.queries)
    rows = len(addresses)
    with tempfile.TemporaryDirectory() as tmp:
        input_csv = Path(tmp) / "in.csv"
        pacsv.write_csv(pa.table({"address": addresses}), input_csv)
        output = Path(tmp) / f"out.{args.output}"
        engine = seoladh.Engine(args.index, resident=True)
        batch_rates, arrow_rates, batch_cpu, arrow_cpu = [], [], [], []
        for run in range(args.runs):
            rate, cpu = batch_rows_per_second(args.seoladh, args.index, input_csv, output)
            batch_rates.append(rate)
            batch_cpu.append(cpu)
            cpu = cpu_seconds(resource.RUSAGE_SELF)
            started = time.perf_counter()
            answers = engine.find_arrow(addresses)
            arrow_rates.append(rows / (time.perf_counter() - started))
            arrow_cpu.append(cpu_seconds(resource.RUSAGE_SELF) - cpu)
            assert answers.num_rows == rows
            print(
                f"run {run + 1}: seoladh batch {batch_rates[-1]:,.0f} rows/s "
                f"({batch_cpu[-1]:.1f} CPU s), find_arrow {arrow_rates[-1]:,.0f} rows/s "
                f"({arrow_cpu[-1]:.1f} CPU s)",
                flush=True,
            )
    b, a = statistics.median(batch_rates), statistics.median(arrow_rates)
    bc, ac = statistics.median(batch_cpu), statistics.median(arrow_cpu)
    print(
        f"{rows:,} rows on {os.cpu_count()} cores, median of {args.runs}: seoladh batch "
        f"({args.output}) {b:,.0f} rows/s, find_arrow {a:,.0f} rows/s = {a / b:.1%}; "
        f"CPU per 1,000 rows: seoladh batch {1000 * bc / rows:.3f} s (index opening "
        f"included), find_arrow {1000 * ac / rows:.3f} s"
    )


if __name__ == "__main__":
    main()

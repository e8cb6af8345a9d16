"""Address validation in DuckDB SQL: a vectorised (Arrow) UDF over seoladh.

    python examples/python/duckdb_udf.py --index ie.idx --input customers.parquet

registers ``find_address(text)`` on a DuckDB connection and runs

    SELECT id, address, find_address(address) AS answer FROM 'customers.parquet'

DuckDB hands the UDF whole vectors of addresses as Arrow arrays; ``Engine.find_arrow`` answers
each vector on all cores without the GIL and returns a STRUCT per row (``answer.result``,
``answer.postcode``, ``answer.postal_address`` …: the columns of ``seoladh.ANSWER_COLUMNS``).
A row that cannot be asked (NULL, over 1,000 characters) gets ``answer.error``, not an
exception.
"""

from __future__ import annotations

import argparse

import duckdb
import pyarrow as pa

import seoladh

# The DuckDB type of one answer: seoladh.ANSWER_COLUMNS with their types.
ANSWER_TYPE = (
    "STRUCT(result_code INTEGER, result VARCHAR, address_id BIGINT, address_type VARCHAR, "
    "postcode VARCHAR, match_level VARCHAR, postal_address VARCHAR[], "
    "reformatted_address VARCHAR[], unmatched VARCHAR[], total_options BIGINT, "
    "error_code INTEGER, error VARCHAR)"
)


def register(con: duckdb.DuckDBPyConnection, engine: seoladh.Engine, name: str = "find_address",
             **options) -> None:
    """Registers ``name(VARCHAR) -> ANSWER_TYPE`` on ``con``; ``options`` go to find_arrow
    (``language``, ``country``, ``limit``, ``address_profile``)."""

    def find_address(addresses: pa.Array) -> pa.StructArray:
        answers = engine.find_arrow(addresses, **options)
        return pa.StructArray.from_arrays(answers.columns, fields=list(answers.schema))

    con.create_function(
        name,
        find_address,
        [duckdb.sqltype("VARCHAR")],
        duckdb.sqltype(ANSWER_TYPE),
        type="arrow",
        # NULL addresses reach the UDF, which answers them with an error row.
        null_handling="special",
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", required=True, help="index file (seoladh.build_index)")
    ap.add_argument("--input", required=True, help="Parquet or CSV file with an address column")
    ap.add_argument("--output", help="write the answers here as Parquet (else print a sample)")
    args = ap.parse_args()

    con = duckdb.connect()
    register(con, seoladh.Engine(args.index))
    query = f"SELECT *, find_address(address) AS answer FROM '{args.input}'"
    if args.output:
        con.execute(f"COPY ({query}) TO '{args.output}' (FORMAT parquet)")
        print(f"wrote {args.output}")
    else:
        print(con.sql(f"SELECT address, answer.result, answer.postcode FROM ({query}) LIMIT 10"))


if __name__ == "__main__":
    main()

"""Address validation at cluster scale: seoladh in Spark's ``mapInArrow``.

    spark-submit examples/python/spark_validate.py \\
        --index ie.idx --input s3://bucket/customers/ --output s3://bucket/validated/

Each executor's Python worker opens the index once (memory-mapped: the workers of one
executor share its pages through the page cache) and answers its partitions' Arrow batches on
all its cores with ``Engine.find_arrow``; the answers, keyed by the input's id column, are
written as Parquet. The index travels to the executors with ``SparkContext.addFile`` (the
same as ``spark-submit --files``; read back with ``SparkFiles.get``), or sits on storage every
executor mounts (``--shared-index``).
"""

from __future__ import annotations

import argparse
import os
from typing import Iterator, Optional

import pyarrow as pa
from pyspark import SparkFiles
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.types import (
    ArrayType, IntegerType, LongType, StringType, StructField, StructType,
)

import seoladh

# The Spark types of the answer columns (seoladh.ANSWER_COLUMNS).
_lines = ArrayType(StringType())
ANSWER_SCHEMA = StructType([
    StructField("result_code", IntegerType()),
    StructField("result", StringType()),
    StructField("address_id", LongType()),
    StructField("address_type", StringType()),
    StructField("postcode", StringType()),
    StructField("match_level", StringType()),
    StructField("postal_address", _lines),
    StructField("reformatted_address", _lines),
    StructField("unmatched", _lines),
    StructField("total_options", LongType()),
    StructField("error_code", IntegerType()),
    StructField("error", StringType()),
])

# Per Python worker process: the engine, opened on the first batch.
_engine: Optional[seoladh.Engine] = None


def _open(index: str, shipped: bool) -> seoladh.Engine:
    global _engine
    if _engine is None:
        _engine = seoladh.Engine(SparkFiles.get(index) if shipped else index)
    return _engine


def validate(df: DataFrame, index: str, *, shipped: bool = True, id_col: str = "id",
             address_col: str = "address", **options) -> DataFrame:
    """``df``'s ``id_col`` and the answer columns of its ``address_col``.

    ``index`` is the file name given to ``addFile``/``--files`` when ``shipped``, else a path
    every executor can read. ``options`` go to ``find_arrow`` (``language``, ``country``,
    ``limit``, ``address_profile``); columns named ``eircode``, ``language``, ``country``,
    ``limit`` or ``addressProfileName`` in ``df`` are read per row, as ``seoladh batch`` reads
    them.
    """
    per_row = [c for c in df.columns
               if c.lower() in ("eircode", "language", "country", "limit", "addressprofilename")]
    rows = df.select(id_col, df[address_col].alias("address"), *per_row)
    out_schema = StructType([df.schema[id_col]] + ANSWER_SCHEMA.fields)

    def answer(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        engine = _open(index, shipped)
        for batch in batches:
            yield engine.find_arrow(batch, keep=[id_col], **options)

    return rows.mapInArrow(answer, out_schema)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", required=True, help="index file, shipped to the executors")
    ap.add_argument("--shared-index", action="store_true",
                    help="--index is a path every executor reads (do not ship it)")
    ap.add_argument("--input", required=True, help="Parquet with id and address columns")
    ap.add_argument("--output", required=True, help="Parquet directory for the answers")
    args = ap.parse_args()

    spark = SparkSession.builder.appName("seoladh-validate").getOrCreate()
    if not args.shared_index:
        spark.sparkContext.addFile(args.index)
    index = args.index if args.shared_index else os.path.basename(args.index)
    answers = validate(spark.read.parquet(args.input), index, shipped=not args.shared_index)
    answers.write.mode("overwrite").parquet(args.output)
    spark.stop()


if __name__ == "__main__":
    main()

//! The `cli` integration tests, one module per concern.

mod cli_hostile;
mod cli_ops;
mod cli_parquet;
mod cli_stats;
mod eval_queries;
mod examples;
mod load;

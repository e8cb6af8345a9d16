//! The `eval` integration tests, one module per concern.

mod autocomplete;
mod eval_props;
mod roundtrip;

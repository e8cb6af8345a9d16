//! The `synth` integration tests, one module per concern.

mod synth;
mod synth_props;

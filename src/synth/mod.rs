//! The deterministic dataset generator (feature `synth`).
pub mod projection;

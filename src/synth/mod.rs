//! The deterministic dataset generator (feature `synth`).
pub mod projection;
pub(crate) mod names;
pub(crate) mod reference;
pub(crate) mod world;

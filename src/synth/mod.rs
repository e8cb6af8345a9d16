//! The deterministic dataset generator (feature `synth`).
pub mod projection;
pub(crate) mod names;
pub(crate) mod reference;
pub(crate) mod world;
pub(crate) mod area;
pub(crate) mod content;
pub(crate) mod local;

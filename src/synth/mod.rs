//! The deterministic dataset generator (feature `synth`).

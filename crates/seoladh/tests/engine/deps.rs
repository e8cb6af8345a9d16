//! The engine stays lean for the services that link it: its normal dependency tree (what a
//! downstream crate compiles with default features) holds no async runtime, HTTP, CLI or
//! random-number crates.

use std::process::Command;

#[test]
fn the_engine_depends_on_no_runtime_http_cli_or_rand_crate() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "tree",
            "-p",
            "seoladh",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    let names: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        names.contains(&"fst"),
        "the tree lists the engine's dependencies: {tree}"
    );
    for banned in [
        "tokio",
        "axum",
        "hyper",
        "clap",
        "indicatif",
        "rand",
        "tracing-subscriber",
    ] {
        assert!(
            !names.contains(&banned),
            "{banned} is in the engine's dependency tree:\n{tree}"
        );
    }
}

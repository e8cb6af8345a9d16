#!/usr/bin/env bash
# Builds the Python wheel and runs the Python tests in a virtualenv of their own
# (bindings/python/.venv), installing what they need from PyPI. Run from .ci/run after the Rust
# tests, or by hand.
set -euo pipefail
cd "$(dirname "$0")"
repo=$(cd ../.. && pwd)
venv=.venv

if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -m venv "$venv" 2>/dev/null; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
        python3 -m venv "$venv"
    fi
fi
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q maturin pytest pyarrow numpy "pandas<3" duckdb pyspark

# The wheel, built as it ships (release, stable ABI) and installed like a user would.
wheels=$(mktemp -d)
"$venv/bin/maturin" build --release --quiet -m Cargo.toml --out "$wheels" \
    --interpreter "$venv/bin/python"
"$venv/bin/python" -m pip install -q --force-reinstall --no-deps "$wheels"/seoladh-*.whl
rm -rf "$wheels"

# The tests compare with `seoladh batch`: the debug build `cargo test` made, else a fresh one.
if [ -z "${SEOLADH_BIN:-}" ]; then
    (cd "$repo" && cargo build -q -p seoladh-cli)
    export SEOLADH_BIN="$repo/target/debug/seoladh"
fi
status=0
"$venv/bin/python" -m pytest -q tests || status=$?
# pytest's 5 is "no tests collected": a broken collection, not a pass.
exit "$status"

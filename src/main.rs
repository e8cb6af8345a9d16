//! The `seoladh` command line.

mod cli;

/// mimalloc: the generator, the address builder and the CSV writer allocate millions of small
/// strings; glibc malloc spent a third of a full `seoladh generate` in malloc/free.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::run()
}

//! `--profiles FILE` and `--unknown-profile default|error`, shared by `serve`, `batch`, `find`
//! and `autocomplete`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use seoladh::profile::{ProfileSet, UnknownProfile};

/// What an `addressProfileName` no profile has gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Unknown {
    /// Answered with the `default` profile; a warning is logged once per name.
    Default,
    /// Refused with error 400012 InvalidAddressProfileName.
    Error,
}

/// Address profile flags.
#[derive(Args, Debug, Clone)]
pub struct ProfileArgs {
    /// Address profiles (TOML): added to the built-in ones; each a full definition or an alias
    /// (`alias = "default"`). See `examples/profiles.toml`.
    #[arg(long, value_name = "FILE")]
    pub profiles: Option<PathBuf>,
    /// What an `addressProfileName` no profile has gets.
    #[arg(long, value_enum, default_value_t = Unknown::Default)]
    pub unknown_profile: Unknown,
}

impl ProfileArgs {
    /// The policy for unknown names.
    pub fn policy(&self) -> UnknownProfile {
        match self.unknown_profile {
            Unknown::Default => UnknownProfile::UseDefault,
            Unknown::Error => UnknownProfile::Refuse,
        }
    }

    /// The profiles the flags name, with their policy.
    ///
    /// # Errors
    /// The profiles file cannot be read or breaks a rule.
    pub fn load(&self) -> Result<ProfileSet, seoladh::Error> {
        let set = match &self.profiles {
            Some(path) => ProfileSet::load(path)?,
            None => ProfileSet::builtin(),
        };
        Ok(set.with_unknown(self.policy()))
    }
}

/// One line per event on stderr; `RUST_LOG` overrides the default `level`. Colour only when
/// stderr is a terminal: logs sent to a file or a collector stay plain text.
pub fn init_logging(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(level));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

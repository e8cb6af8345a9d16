//! # seoladh
//!
//! An embedded address lookup engine for Ireland, Northern Ireland and Great Britain. It builds
//! a compact index from an ECAD-layout export (the Eircode Address Database's tables as CSV) and
//! answers the three operations of the Autoaddress 2.0 service: **Find Address** (free text or
//! an Eircode to one address, with a result code saying how sure it is), **Autocomplete**
//! (suggestions per keystroke) and **Get ECAD Data** (everything stored for an id).
//!
//! ```
//! use seoladh::wire::FindResult;
//! use seoladh::{Engine, IndexBuilder, QueryOptions};
//!
//! # let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/data");
//! # let file = std::env::temp_dir().join(format!("seoladh-doc-{}.idx", std::process::id()));
//! // Once per data release: build an index file from an ECAD-layout directory.
//! IndexBuilder::new().build_dir(data)?.write_file(&file)?;
//!
//! // Open it (memory-mapped; every checksum and link between tables is checked) and ask.
//! let engine = Engine::open(&file)?;
//! let answer = engine.find("2 Dooroge Woods, Ballyboughal", &QueryOptions::default())?;
//! assert_eq!(answer.result, FindResult::PostcodeAppended); // one address, Eircode added
//! assert_eq!(answer.postal_address.unwrap()[0], "2 DOOROGE WOODS");
//!
//! let suggestions = engine.autocomplete("2 dooroge wo", &QueryOptions::default())?;
//! assert!(suggestions.total_options > 0);
//! # std::fs::remove_file(&file).ok();
//! # Ok::<(), seoladh::Error>(())
//! ```
//!
//! The answers are the 2.0 response types of [`wire`] (serialise them with `serde_json` for
//! the exact wire JSON). [`Engine::open_resident`] reads the index into memory instead of
//! mapping it: faster for a long-running service. [`batch::run`] validates a whole CSV or
//! JSON-lines file on all cores.
//!
//! The layers below the facade (text pipeline, index format, matcher, classifier, grouping,
//! profiles) are in [`raw`], for tools that need them; they change more often than the facade.
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod batch;
pub mod error;

/// The Autoaddress 2.0 wire types: requests parsed from query strings, responses with the exact
/// JSON names, links, wire errors, and the [`wire::Engine`] seam the HTTP server calls.
#[path = "api/mod.rs"]
pub mod wire;

pub mod raw;

// Short paths for the crate's own code and, hidden, for the workspace's tools written against
// them.
#[doc(hidden)]
pub use raw::{classify, ecad, engine, group, index, limits, profile, search, text};
#[doc(hidden)]
pub use wire as api;

/// The README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

pub use ecad::address::Language;
pub use engine::{EcadDataOptions, Engine, QueryOptions};
pub use error::{Error, Result};
pub use index::{BuiltIndex, IndexBuilder};
pub use profile::ProfileSet;
pub use wire::{AdministrativeRelease, Country};

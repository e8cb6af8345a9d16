//! Every cap the engine applies, named and documented in one place.
//!
//! Loops over candidates, tokens and options stop at these bounds so that no input, however
//! hostile, makes a query slow or large.

/// Longest query text the engine reads, in `char`s. Longer input is cut (and flagged), never
/// rejected with a panic.
pub const MAX_QUERY_CHARS: usize = 1_000;

/// Most tokens a query is split into; the rest are dropped (and flagged).
pub const MAX_QUERY_TOKENS: usize = 64;

/// Most look-alike characters (`O`→`0`, `I`→`1` …) corrected in one Eircode; with more, the text
/// is not taken for an Eircode at all.
pub const MAX_EIRCODE_CORRECTIONS: u8 = 2;

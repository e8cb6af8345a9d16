//! Every cap the engine applies, named and documented in one place.
//!
//! Loops over candidates, tokens and options stop at these bounds so that no input, however
//! hostile, makes a query slow or large.

/// Longest query text the engine reads, in `char`s. Longer input is cut (and flagged), never
/// rejected with a panic.
pub const MAX_QUERY_CHARS: usize = 1_000;

/// Most tokens a query is split into; the rest are dropped (and flagged).
pub const MAX_QUERY_TOKENS: usize = 64;

/// Most issues a [`ReadReport`](crate::ecad::layout::ReadReport) lists one by one; beyond it
/// they are only counted, so a badly broken export cannot fill memory with messages.
pub const MAX_LISTED_ISSUES: usize = 10_000;

/// Most lines an address profile may ask for: room for a postal address (8 lines) and its
/// Eircode, with margin for systems that spread an address wider.
pub const MAX_PROFILE_LINES: usize = 16;

/// Fewest characters per line a profile may set: an Eircode line (`A86 VC04`, 8 characters) must
/// always fit whole, so it is never truncated.
pub const MIN_PROFILE_LINE_CHARS: usize = 10;

/// Most characters per line a profile may set; wider than any real address line.
pub const MAX_PROFILE_LINE_CHARS: usize = 1_000;

/// Most profiles one profiles file may define (a bound on what a careless file can make us hold).
pub const MAX_PROFILES: usize = 256;

/// Most input lines a profile reformats one by one; the lines after it are joined onto the last
/// of them first (nothing is lost; the joined line may be truncated). Rendered addresses have at
/// most 9 lines, so this only bounds hand-built input.
pub const MAX_REFORMAT_INPUT_LINES: usize = 32;

//! Every cap the engine applies, named and documented in one place.
//!
//! Loops over candidates, tokens and options stop at these bounds so that no input, however
//! hostile, makes a query slow or large.

/// Longest query text the engine reads, in `char`s. Longer input is cut (and flagged), never
/// rejected with a panic.
pub const MAX_QUERY_CHARS: usize = 1_000;

/// Most tokens a query is split into; the rest are dropped (and flagged).
pub const MAX_QUERY_TOKENS: usize = 64;

/// Longest raw query string (bytes, still percent-encoded) the server reads. A 1,000-char
/// address of 4-byte characters is 12,000 bytes encoded, so this leaves room for the other
/// parameters; longer requests get a 400 error body.
pub const MAX_QUERY_STRING_BYTES: usize = 16_384;

/// Largest request body the server accepts. Every operation is a GET with its data in the
/// query, so anything more than a stray few bytes is refused with a 400 error body.
pub const MAX_REQUEST_BODY_BYTES: u64 = 1_024;

/// Longest JSONP callback name, in bytes (jQuery's are about 40).
pub const MAX_CALLBACK_CHARS: usize = 128;

/// Default time the server gives the engine for one request before answering 500000.
pub const DEFAULT_REQUEST_TIMEOUT_MS: u64 = 10_000;

/// How often the server checks the index file's modification time for hot reload.
pub const RELOAD_POLL_MS: u64 = 2_000;

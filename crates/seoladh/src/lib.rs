//! # seoladh
//!
//! An embedded address lookup engine for Ireland, Northern Ireland and Great Britain that speaks
//! the Autoaddress 2.0 wire format.
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod api;
pub mod batch;
pub mod classify;
pub mod ecad;
pub mod engine;
pub mod error;
pub mod group;
pub mod hash;
pub mod index;
pub mod limits;
pub mod profile;
pub mod search;
pub mod text;

pub use error::{Error, Result};

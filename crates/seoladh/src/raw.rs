//! The engine's layers, below the facade of the crate root.
//!
//! The flow of one query: [`text`] (normalise and tokenise) → [`search`] (plan, candidates,
//! scoring over the [`index`]) → [`classify`] (result code, match level, leftovers) →
//! [`group`] (options) → [`profile`] (reformatting) → [`engine`] (the three operations) →
//! [`wire`](crate::wire) (the response). [`ecad`] is the data model the index is built from;
//! [`limits`] names every cap the engine applies.

#[path = "classify/mod.rs"]
pub mod classify;
#[path = "ecad/mod.rs"]
pub mod ecad;
#[path = "engine/mod.rs"]
pub mod engine;
#[path = "group/mod.rs"]
pub mod group;
#[path = "index/mod.rs"]
pub mod index;
#[path = "limits.rs"]
pub mod limits;
#[path = "profile/mod.rs"]
pub mod profile;
#[path = "search/mod.rs"]
pub mod search;
#[path = "text/mod.rs"]
pub mod text;

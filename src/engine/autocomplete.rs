//! Autocomplete.

use crate::api::{AutocompleteRequest, AutocompleteResponse, LinkContext};
use crate::engine::Engine;

/// Answers Autocomplete.
pub(crate) fn autocomplete(
    _engine: &Engine,
    req: &AutocompleteRequest,
    links: &LinkContext,
) -> AutocompleteResponse {
    // Placeholder until suggestions land.
    AutocompleteResponse::new(Vec::new(), req, links)
}

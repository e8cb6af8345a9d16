//! Find Address.

use crate::api::{FindAddressRequest, FindAddressResponse, FindResult, LinkContext};
use crate::engine::Engine;

/// Answers FindAddress.
pub(crate) fn find_address(
    _engine: &Engine,
    req: &FindAddressRequest,
    links: &LinkContext,
) -> FindAddressResponse {
    // Placeholder until classification lands.
    FindAddressResponse::new(FindResult::NoAddressMatch, req, links)
}

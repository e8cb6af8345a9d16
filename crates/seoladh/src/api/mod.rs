//! The Autoaddress 2.0 wire layer: requests parsed from raw query strings, response DTOs with
//! the exact JSON names, links, errors, and the [`Engine`] seam a matcher implements.
//!
//! Nothing here does matching or HTTP: an engine turns a parsed request into a response, the
//! server (feature `server`) moves bytes. `docs/wire.md` is the contract.
//!
//! ```
//! use seoladh::wire::{FindAddressRequest, FindAddressResponse, FindResult, LinkContext};
//!
//! let req = FindAddressRequest::from_query("key=demo&address=nowhere%20at%20all")?;
//! let ctx = LinkContext::new("http://127.0.0.1:8080", &req.key, req.txn.as_deref());
//! let resp = FindAddressResponse::new(FindResult::NoAddressMatch, &req, &ctx);
//! let json = serde_json::to_value(&resp).unwrap();
//! assert_eq!(json["result"]["code"], 550);
//! assert_eq!(json["options"], serde_json::json!([]));
//! assert!(json["links"][0]["href"].as_str().unwrap().starts_with("http://127.0.0.1:8080/2.0/FindAddress?key=demo&txn="));
//! # Ok::<(), seoladh::wire::ApiError>(())
//! ```

pub mod date;
pub mod dispatch;
pub mod ecad_data;
pub mod enums;
pub mod error;
pub mod explain;
pub mod links;
pub mod query;
pub mod request;
pub mod response;

pub use dispatch::{answer, answer_into, find_address, Answer, Operation, Prepared};
pub use ecad_data::*;
pub use enums::*;
pub use error::{ApiError, ErrorBody, ErrorEntry};
pub use explain::{Explain, ExplainCandidate, ExplainElement, ExplainWord};
pub use links::{LinkContext, OptionLinks};
pub use query::RawQuery;
pub use request::{
    check_profile, AdministrativeRelease, AutocompleteRequest, Country, FindAddressRequest,
    GetEcadDataRequest, Language, QueryOptions,
};
pub use response::*;

use std::collections::BTreeMap;

/// What answers the three operations; the matcher implements it, the server calls it.
///
/// Implementations fill `input` and `links` with the helpers of this module
/// ([`FindAddressResponse::new`], [`LinkContext::next_link_for_option`], [`apply_limit`]) so that
/// every answer carries absolute links with the key and txn. "Not found" is a normal answer
/// (550 NoAddressMatch, 200 EcadIdInvalid), not an error.
pub trait Engine: Send + Sync {
    /// Answers FindAddress.
    ///
    /// # Errors
    /// Only for requests the engine cannot answer at all (e.g. 500000).
    fn find_address(
        &self,
        req: &FindAddressRequest,
        links: &LinkContext,
    ) -> Result<FindAddressResponse, ApiError>;

    /// Answers GetEcadData.
    ///
    /// # Errors
    /// Only for requests the engine cannot answer at all.
    fn get_ecad_data(
        &self,
        req: &GetEcadDataRequest,
        links: &LinkContext,
    ) -> Result<GetEcadDataResponse, ApiError>;

    /// Answers AutoComplete.
    ///
    /// # Errors
    /// Only for requests the engine cannot answer at all.
    fn autocomplete(
        &self,
        req: &AutocompleteRequest,
        links: &LinkContext,
    ) -> Result<AutocompleteResponse, ApiError>;

    /// Names of the address profiles, for error 400012.
    fn profile_names(&self) -> Vec<String>;

    /// Checks an `addressProfileName` before the request runs (an Autocomplete request only
    /// carries it into its links, so a bad one is refused before a person picks an option).
    /// By default a name is accepted when [`Engine::profile_names`] has it
    /// ([`check_profile`]); an engine that answers unknown names with a default profile says
    /// so here.
    ///
    /// # Errors
    /// 400012 InvalidAddressProfileName.
    fn check_profile(&self, name: &str) -> Result<(), ApiError> {
        check_profile(Some(name), &self.profile_names())
    }

    /// Record counts for the health endpoint (e.g. `addressPoints`); empty by default.
    fn counts(&self) -> BTreeMap<String, u64> {
        BTreeMap::new()
    }
}

//! Typed options of the library calls ([`Engine::find`](crate::Engine::find),
//! [`Engine::autocomplete`](crate::Engine::autocomplete),
//! [`Engine::ecad_data`](crate::Engine::ecad_data)): the 2.0 request parameters without the
//! licence key, the transaction id and the server's base URL, each defaulting as on the wire.

pub use crate::api::QueryOptions;
use crate::api::{
    AdministrativeRelease, AutocompleteRequest, FindAddressRequest, GetEcadDataRequest,
};

/// The FindAddress request for `address` (or the drill-down `address_id`) with `options`.
pub(crate) fn find_request(
    options: &QueryOptions,
    address: &str,
    address_id: Option<u64>,
) -> FindAddressRequest {
    FindAddressRequest {
        address: address.to_owned(),
        address_id,
        options: options.clone(),
        ..FindAddressRequest::default()
    }
}

/// The AutoComplete request for `partial` with `options`.
pub(crate) fn autocomplete_request(options: &QueryOptions, partial: &str) -> AutocompleteRequest {
    AutocompleteRequest {
        address: partial.to_owned(),
        options: options.clone(),
        ..AutocompleteRequest::default()
    }
}

/// Options of Get ECAD Data. The default answers a changed id with its current data and the
/// 2015 administrative areas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EcadDataOptions {
    history: bool,
    administrative_release: AdministrativeRelease,
}

impl EcadDataOptions {
    /// Answer with history: a changed id is then reported Retired.
    pub fn history(mut self, on: bool) -> Self {
        self.history = on;
        self
    }

    /// Which release of the administrative areas to return (2015 by default).
    pub fn administrative_release(mut self, release: AdministrativeRelease) -> Self {
        self.administrative_release = release;
        self
    }

    /// The GetEcadData request for `ecad_id` with these options.
    pub(crate) fn request(&self, ecad_id: u64) -> GetEcadDataRequest {
        GetEcadDataRequest {
            key: String::new(),
            txn: None,
            ecad_id,
            history: self.history,
            administrative_info: self.administrative_release,
        }
    }
}

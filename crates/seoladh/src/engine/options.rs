//! Typed options of the library calls ([`Engine::find`](crate::Engine::find),
//! [`Engine::autocomplete`](crate::Engine::autocomplete),
//! [`Engine::ecad_data`](crate::Engine::ecad_data)): the 2.0 request parameters without the
//! licence key, the transaction id and the server's base URL, each defaulting as on the wire.

use crate::api::{
    AdministrativeRelease, AutocompleteRequest, Country, FindAddressRequest, GetEcadDataRequest,
};
use crate::ecad::address::Language;

/// Options of Find Address and Autocomplete. `QueryOptions::default()` is the 2.0 default
/// (English, Ireland, no limit with grouping, no extras); the setters change one option each:
///
/// ```
/// use seoladh::{Language, QueryOptions};
/// let opts = QueryOptions::default().language(Language::Irish).limit(10);
/// assert_eq!(opts.get_limit(), 10);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryOptions {
    limit: i32,
    language: Language,
    country: Country,
    geographic_address: bool,
    vanity_mode: bool,
    address_elements: bool,
    address_profile: Option<String>,
}

impl Default for QueryOptions {
    fn default() -> Self {
        QueryOptions {
            limit: -1,
            language: Language::English,
            country: Country::Ie,
            geographic_address: false,
            vanity_mode: false,
            address_elements: false,
            address_profile: None,
        }
    }
}

impl QueryOptions {
    /// Most options returned: `-1` (the default) means no fixed bound, with intelligent
    /// grouping of large sets; `0` returns none; `n` returns none when more than `n` fit.
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = limit;
        self
    }

    /// Language of the returned lines (Irish names where they exist).
    pub fn language(mut self, language: Language) -> Self {
        self.language = language;
        self
    }

    /// Which address set to search: Ireland (default), Northern Ireland or Great Britain.
    pub fn country(mut self, country: Country) -> Self {
        self.country = country;
        self
    }

    /// Also return the geographic address (the county the building is in).
    pub fn geographic_address(mut self, on: bool) -> Self {
        self.geographic_address = on;
        self
    }

    /// Also return the vanity address, where one exists.
    pub fn vanity_mode(mut self, on: bool) -> Self {
        self.vanity_mode = on;
        self
    }

    /// Also return the address as typed elements.
    pub fn address_elements(mut self, on: bool) -> Self {
        self.address_elements = on;
        self
    }

    /// Reformat the answer with this address profile (`reformattedAddress`).
    pub fn address_profile(mut self, name: impl Into<String>) -> Self {
        self.address_profile = Some(name.into());
        self
    }

    /// The limit set.
    pub fn get_limit(&self) -> i32 {
        self.limit
    }

    /// The language set.
    pub fn get_language(&self) -> Language {
        self.language
    }

    /// The country set.
    pub fn get_country(&self) -> Country {
        self.country
    }

    /// The address profile set, if any.
    pub fn get_address_profile(&self) -> Option<&str> {
        self.address_profile.as_deref()
    }

    /// Whether the geographic address is asked for.
    pub fn get_geographic_address(&self) -> bool {
        self.geographic_address
    }

    /// Whether the vanity address is asked for.
    pub fn get_vanity_mode(&self) -> bool {
        self.vanity_mode
    }

    /// Whether address elements are asked for.
    pub fn get_address_elements(&self) -> bool {
        self.address_elements
    }

    /// The FindAddress request for `address` (or the drill-down `address_id`) with these options.
    pub(crate) fn find_request(
        &self,
        address: &str,
        address_id: Option<u64>,
    ) -> FindAddressRequest {
        FindAddressRequest {
            address: address.to_owned(),
            address_id,
            limit: self.limit,
            language: self.language,
            country: self.country,
            geographic_address: self.geographic_address,
            vanity_mode: self.vanity_mode,
            address_elements: self.address_elements,
            address_profile_name: self.address_profile.clone(),
            ..FindAddressRequest::default()
        }
    }

    /// The AutoComplete request for `partial` with these options.
    pub(crate) fn autocomplete_request(&self, partial: &str) -> AutocompleteRequest {
        AutocompleteRequest {
            key: String::new(),
            txn: None,
            address: partial.to_owned(),
            limit: self.limit,
            language: self.language,
            country: self.country,
            geographic_address: self.geographic_address,
            vanity_mode: self.vanity_mode,
            address_elements: self.address_elements,
            address_profile_name: self.address_profile.clone(),
        }
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

//! FindAddress and AutoComplete responses with the exact 2.0 JSON names and field order.
//!
//! Absent data is `null` (never `""`); `postcodeNotAvailable` is left out unless the result is
//! PostcodeNotAvailable, and AutoComplete options leave out `optionType`/`postcode` when unset,
//! as the service samples do (docs/wire.md §4).

use super::enums::{
    AddressType, ElementType, FindResult, MatchLevel, OptionType, PostcodeNotAvailable,
    ReformattedAddressResult,
};
use super::links::LinkContext;
use super::request::{AutocompleteRequest, Country, FindAddressRequest, Language};
use serde::{Deserialize, Serialize};

/// A hyperlink; clients follow `href` verbatim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    /// `self` or `next`.
    pub rel: String,
    /// Absolute URL carrying key, txn and the parameters the request needs.
    pub href: String,
}

/// One element of an address (for `addressElements=true`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddressElement {
    /// The element's text.
    pub value: String,
    /// What the element is.
    #[serde(rename = "type")]
    pub element_type: ElementType,
    /// Its ECAD id; null for an Eircode element.
    #[serde(rename = "addressId")]
    pub address_id: Option<u64>,
}

/// How the output differs from the input (docs/matching.md §3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CleanResult {
    /// A word was misspelled, split or joined.
    pub is_spelling_changed: bool,
    /// Words rearranged, abbreviations, missing `Co.` …
    pub is_format_changed: bool,
    /// An element was removed, added or changed.
    pub is_altered: bool,
}

/// One option of a FindAddress or AutoComplete response (the service's `Option`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressOption {
    /// Standard or grouped; left out when unset (AutoComplete).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_type: Option<OptionType>,
    /// Text to show: comma-joined postal lines, or the group's name and size.
    pub display_name: String,
    /// Eircode (7 chars, no space) or UK postcode; left out when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postcode: Option<String>,
    /// The option's id (null for a group without one).
    pub address_id: Option<u64>,
    /// The option's address type.
    pub address_type: Option<AddressType>,
    /// Holds the `next` link.
    pub links: Vec<Link>,
}

/// FindAddress `input`: the request echoed as plain values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FindAddressInput {
    /// Licence key.
    pub key: String,
    /// The effective transaction id (caller's or generated).
    pub txn: String,
    /// Address text as used (control characters removed).
    pub address: String,
    /// Requested address id.
    pub address_id: Option<u64>,
    /// `en` or `ga`.
    pub language: Language,
    /// `ie`, `ni` or `gb`.
    pub country: Country,
    /// Option bound.
    pub limit: i32,
    /// Geographic address requested.
    pub geographic_address: bool,
    /// Vanity address requested.
    pub vanity_mode: bool,
    /// Elements requested.
    pub address_elements: bool,
    /// Profile requested.
    pub address_profile_name: Option<String>,
    /// An explanation was asked for (left out unless it was).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explain: bool,
}

impl FindAddressInput {
    /// The echo of `req`, with the txn the links carry.
    pub fn from_request(req: &FindAddressRequest, ctx: &LinkContext) -> Self {
        FindAddressInput {
            key: req.key.clone(),
            txn: ctx.txn.clone(),
            address: req.address.clone(),
            address_id: req.address_id,
            language: req.options.language,
            country: req.options.country,
            limit: req.options.limit,
            geographic_address: req.options.geographic_address,
            vanity_mode: req.options.vanity_mode,
            address_elements: req.options.address_elements,
            address_profile_name: req.options.address_profile_name.clone(),
            explain: req.explain,
        }
    }
}

/// AutoComplete `input`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AutocompleteInput {
    /// Licence key.
    pub key: String,
    /// The effective transaction id.
    pub txn: String,
    /// `en` or `ga`.
    pub language: Language,
    /// `ie`, `ni` or `gb`.
    pub country: Country,
    /// Carried into option links.
    pub limit: i32,
    /// Partial address text as used.
    pub address: String,
    /// Carried into option links.
    pub vanity_mode: bool,
    /// Carried into option links.
    pub address_elements: bool,
    /// Carried into option links.
    pub address_profile_name: Option<String>,
}

impl AutocompleteInput {
    /// The echo of `req`, with the txn the links carry.
    pub fn from_request(req: &AutocompleteRequest, ctx: &LinkContext) -> Self {
        AutocompleteInput {
            key: req.key.clone(),
            txn: ctx.txn.clone(),
            language: req.options.language,
            country: req.options.country,
            limit: req.options.limit,
            address: req.address.clone(),
            vanity_mode: req.options.vanity_mode,
            address_elements: req.options.address_elements,
            address_profile_name: req.options.address_profile_name.clone(),
        }
    }
}

/// The FindAddress answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FindAddressResponse {
    /// Outcome of the search.
    pub result: FindResult,
    /// Why there is no postcode; present only with result 200.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postcode_not_available: Option<PostcodeNotAvailable>,
    /// Exactly one address point fits.
    pub is_unique_address: bool,
    /// Eircode without space, or UK postcode.
    pub postcode: Option<String>,
    /// Id of the matched element.
    pub address_id: Option<u64>,
    /// Type of the matched element.
    pub address_type: Option<AddressType>,
    /// Narrowest level reached.
    pub match_level: Option<MatchLevel>,
    /// Input text that could not be placed.
    pub unmatched: Option<Vec<String>>,
    /// Elements of the unmatched text.
    pub unmatched_address_elements: Option<Vec<AddressElement>>,
    /// Postal lines in the requested language (upper case).
    pub postal_address: Option<Vec<String>>,
    /// Postal address as elements.
    pub postal_address_elements: Option<Vec<AddressElement>>,
    /// Geographic lines when requested.
    pub geographic_address: Option<Vec<String>>,
    /// Geographic address as elements.
    pub geographic_address_elements: Option<Vec<AddressElement>>,
    /// Vanity lines when requested and available (mixed case).
    pub vanity_address: Option<Vec<String>>,
    /// Vanity address as elements.
    pub vanity_address_elements: Option<Vec<AddressElement>>,
    /// Lines per the requested profile; entries may be null.
    pub reformatted_address: Option<Vec<Option<String>>>,
    /// What the profile had to give up.
    pub reformatted_address_result: Option<ReformattedAddressResult>,
    /// Difference between input and output.
    pub clean_result: Option<CleanResult>,
    /// Number of options (see [`apply_limit`](super::apply_limit())).
    pub total_options: usize,
    /// Candidate addresses, each with a `next` link.
    pub options: Vec<AddressOption>,
    /// The request echoed.
    pub input: FindAddressInput,
    /// Holds the `self` link.
    pub links: Vec<Link>,
    /// How the answer was reached; only when the request asked (`explain=true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explain: Option<super::explain::Explain>,
}

impl FindAddressResponse {
    /// A response with `result`, the input echo and the `self` link, everything else empty;
    /// the engine fills in what it found.
    pub fn new(result: FindResult, req: &FindAddressRequest, ctx: &LinkContext) -> Self {
        FindAddressResponse {
            result,
            postcode_not_available: None,
            is_unique_address: false,
            postcode: None,
            address_id: None,
            address_type: None,
            match_level: None,
            unmatched: None,
            unmatched_address_elements: None,
            postal_address: None,
            postal_address_elements: None,
            geographic_address: None,
            geographic_address_elements: None,
            vanity_address: None,
            vanity_address_elements: None,
            reformatted_address: None,
            reformatted_address_result: None,
            clean_result: None,
            total_options: 0,
            options: Vec::new(),
            input: FindAddressInput::from_request(req, ctx),
            links: vec![ctx.find_address_self(req)],
            explain: None,
        }
    }
}

/// The AutoComplete answer (it has no `result`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AutocompleteResponse {
    /// Number of options found.
    pub total_options: usize,
    /// Suggestions, each with a `next` link to FindAddress.
    pub options: Vec<AddressOption>,
    /// The request echoed.
    pub input: AutocompleteInput,
    /// Holds the `self` link.
    pub links: Vec<Link>,
}

impl AutocompleteResponse {
    /// A response with these options (total = their number), the echo and the `self` link.
    pub fn new(options: Vec<AddressOption>, req: &AutocompleteRequest, ctx: &LinkContext) -> Self {
        AutocompleteResponse {
            total_options: options.len(),
            options,
            input: AutocompleteInput::from_request(req, ctx),
            links: vec![ctx.autocomplete_self(req)],
        }
    }
}

/// The `limit` rules of docs/matching.md §4: `limit = 0` → no options and total 0; a total above a
/// positive limit → the total but no options; otherwise the options (at most `limit`).
/// `limit = -1` keeps everything (the engine has already grouped).
pub fn apply_limit<T>(total: usize, limit: i32, mut options: Vec<T>) -> (usize, Vec<T>) {
    match usize::try_from(limit) {
        Ok(0) => (0, Vec::new()),
        Ok(bound) if total > bound => (total, Vec::new()),
        Ok(bound) => {
            options.truncate(bound);
            (total, options)
        }
        Err(_) => (total, options),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_rules() {
        assert_eq!(apply_limit(5, 0, vec![1, 2, 3, 4, 5]), (0, vec![]));
        assert_eq!(apply_limit(5, 3, vec![1, 2, 3, 4, 5]), (5, vec![]));
        assert_eq!(apply_limit(3, 3, vec![1, 2, 3]), (3, vec![1, 2, 3]));
        assert_eq!(apply_limit(2, 10, vec![1, 2]), (2, vec![1, 2]));
        assert_eq!(
            apply_limit(5, -1, vec![1, 2, 3, 4, 5]),
            (5, vec![1, 2, 3, 4, 5])
        );
        assert_eq!(apply_limit(0, -1, Vec::<u8>::new()), (0, vec![]));
    }

    #[test]
    fn autocomplete_option_omits_unset_type_and_postcode() {
        let o = AddressOption {
            option_type: None,
            display_name: "DAME STREET, DUBLIN 2".into(),
            postcode: None,
            address_id: Some(1_200_000_001),
            address_type: Some(AddressType::Thoroughfare),
            links: vec![],
        };
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(
            json,
            r#"{"displayName":"DAME STREET, DUBLIN 2","addressId":1200000001,"addressType":{"code":3100,"text":"Thoroughfare"},"links":[]}"#
        );
    }
}

//! The three 2.0 requests, their defaults, and parsing from a raw query string.
//!
//! Parsing follows docs/wire.md §1 and reports every problem with its §6 code. The key is
//! checked first (401001), then the required parameter, then the optional ones in the order
//! of the service description; the first problem found is the answer.

use super::enums::ErrorCode;
use super::error::ApiError;
use super::query::RawQuery;
use crate::limits;
use serde::{Deserialize, Serialize};

pub use crate::ecad::address::Language;

/// `country`: which address set to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Country {
    /// `ie`: Ireland (default).
    #[default]
    Ie,
    /// `ni`: Northern Ireland.
    Ni,
    /// `gb`: Great Britain.
    Gb,
}

impl Country {
    /// The wire value, `ie`, `ni` or `gb`.
    pub fn as_str(self) -> &'static str {
        match self {
            Country::Ie => "ie",
            Country::Ni => "ni",
            Country::Gb => "gb",
        }
    }
}

/// `administrativeInfo`: which release of the administrative areas GetEcadData returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum AdministrativeRelease {
    /// `2015` (default).
    #[default]
    #[serde(rename = "2015")]
    Release2015,
    /// `2017`.
    #[serde(rename = "2017")]
    Release2017,
}

impl AdministrativeRelease {
    /// The wire value, `2015` or `2017`.
    pub fn as_str(self) -> &'static str {
        match self {
            AdministrativeRelease::Release2015 => "2015",
            AdministrativeRelease::Release2017 => "2017",
        }
    }
}

/// The options Find Address and Autocomplete share: the 2.0 request parameters without the
/// licence key, the transaction id and the text. An option's `next` link carries them over to
/// its Find Address request. `QueryOptions::default()` is the 2.0 default (English, Ireland, no
/// limit with grouping, no extras); the setters change one option each:
///
/// ```
/// use seoladh::{Language, QueryOptions};
/// let opts = QueryOptions::default().language(Language::Irish).limit(10);
/// assert_eq!(opts.limit, 10);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryOptions {
    /// Bound on options: `-1` (the default) means no fixed bound, with intelligent grouping of
    /// large sets; `0` returns none; `n` returns none when more than `n` fit.
    pub limit: i32,
    /// Language of the returned lines (Irish names where they exist).
    pub language: Language,
    /// Which address set to search.
    pub country: Country,
    /// Also return the geographic address (the county the building is in).
    pub geographic_address: bool,
    /// Also return the vanity address, where one exists.
    pub vanity_mode: bool,
    /// Also return the address as typed elements.
    pub address_elements: bool,
    /// Reformat the answer with this address profile (`reformattedAddress`).
    pub address_profile_name: Option<String>,
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
            address_profile_name: None,
        }
    }
}

impl QueryOptions {
    /// Sets [`limit`](Self::limit).
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = limit;
        self
    }

    /// Sets [`language`](Self::language).
    pub fn language(mut self, language: Language) -> Self {
        self.language = language;
        self
    }

    /// Sets [`country`](Self::country).
    pub fn country(mut self, country: Country) -> Self {
        self.country = country;
        self
    }

    /// Sets [`geographic_address`](Self::geographic_address).
    pub fn geographic_address(mut self, on: bool) -> Self {
        self.geographic_address = on;
        self
    }

    /// Sets [`vanity_mode`](Self::vanity_mode).
    pub fn vanity_mode(mut self, on: bool) -> Self {
        self.vanity_mode = on;
        self
    }

    /// Sets [`address_elements`](Self::address_elements).
    pub fn address_elements(mut self, on: bool) -> Self {
        self.address_elements = on;
        self
    }

    /// Sets [`address_profile_name`](Self::address_profile_name).
    pub fn address_profile(mut self, name: impl Into<String>) -> Self {
        self.address_profile_name = Some(name.into());
        self
    }

    /// Reads the options from split parameters, in the order of the service description.
    ///
    /// # Errors
    /// The wire error for the first bad parameter.
    pub fn from_params(q: &RawQuery<'_>) -> Result<Self, ApiError> {
        Ok(QueryOptions {
            limit: parse_limit(q)?,
            language: parse_language(q)?,
            country: parse_country(q)?,
            geographic_address: parse_bool(
                q,
                "geographicAddress",
                ErrorCode::InvalidGeographicAddress,
            )?,
            vanity_mode: parse_bool(q, "vanityMode", ErrorCode::InvalidVanityMode)?,
            address_elements: parse_bool(q, "addressElements", ErrorCode::InvalidAddressElements)?,
            address_profile_name: parse_profile(q)?,
        })
    }
}

/// A FindAddress request (`/2.0/FindAddress`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FindAddressRequest {
    /// Licence key.
    pub key: String,
    /// The caller's transaction id (validated as a UUID), if sent.
    pub txn: Option<String>,
    /// Address or postcode text, control characters removed.
    pub address: String,
    /// Address id to search (a drill-down from an option).
    pub address_id: Option<u64>,
    /// The options; each option's `next` link carries them over.
    pub options: QueryOptions,
    /// Say how the answer was reached (`explain=true`; not part of the 2.0 wire format).
    pub explain: bool,
}

/// An AutoComplete request (`/2.0/AutoComplete`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AutocompleteRequest {
    /// Licence key.
    pub key: String,
    /// The caller's transaction id, if sent.
    pub txn: Option<String>,
    /// Partial address text, control characters removed.
    pub address: String,
    /// The options; `language` and `country` choose what is searched, and each option's
    /// Find Address link carries them all.
    pub options: QueryOptions,
}

/// A GetEcadData request (`/2.0/GetEcadData`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GetEcadDataRequest {
    /// Licence key.
    pub key: String,
    /// The caller's transaction id, if sent.
    pub txn: Option<String>,
    /// The ECAD id to look up.
    pub ecad_id: u64,
    /// Answer with history: a changed id is then reported Retired.
    pub history: bool,
    /// Administrative data release.
    pub administrative_info: AdministrativeRelease,
}

impl FindAddressRequest {
    /// Parses a raw query string (without `?`); the profile name is not checked here (see
    /// [`check_profile`]).
    ///
    /// # Errors
    /// The wire error for the first bad or missing parameter.
    pub fn from_query(raw: &str) -> Result<Self, ApiError> {
        Self::from_params(&RawQuery::parse(raw))
    }

    /// Builds the request from already split parameters.
    ///
    /// # Errors
    /// The wire error for the first bad or missing parameter.
    pub fn from_params(q: &RawQuery<'_>) -> Result<Self, ApiError> {
        let key = parse_key(q)?;
        let address = parse_address(q)?;
        Ok(FindAddressRequest {
            key,
            address,
            txn: parse_txn(q)?,
            address_id: parse_id(q, "addressId", ErrorCode::InvalidAddressId)?,
            options: QueryOptions::from_params(q)?,
            explain: parse_bool(q, "explain", ErrorCode::InvalidParameterValue)?,
        })
    }
}

impl AutocompleteRequest {
    /// Parses a raw query string (without `?`); the profile name is not checked here.
    ///
    /// # Errors
    /// The wire error for the first bad or missing parameter.
    pub fn from_query(raw: &str) -> Result<Self, ApiError> {
        Self::from_params(&RawQuery::parse(raw))
    }

    /// Builds the request from already split parameters.
    ///
    /// # Errors
    /// The wire error for the first bad or missing parameter.
    pub fn from_params(q: &RawQuery<'_>) -> Result<Self, ApiError> {
        let key = parse_key(q)?;
        let address = parse_address(q)?;
        Ok(AutocompleteRequest {
            key,
            address,
            txn: parse_txn(q)?,
            options: QueryOptions::from_params(q)?,
        })
    }
}

impl GetEcadDataRequest {
    /// Parses a raw query string (without `?`).
    ///
    /// # Errors
    /// The wire error for the first bad or missing parameter.
    pub fn from_query(raw: &str) -> Result<Self, ApiError> {
        Self::from_params(&RawQuery::parse(raw))
    }

    /// Builds the request from already split parameters.
    ///
    /// # Errors
    /// The wire error for the first bad or missing parameter.
    pub fn from_params(q: &RawQuery<'_>) -> Result<Self, ApiError> {
        let key = parse_key(q)?;
        let ecad_id = parse_id(q, "ecadId", ErrorCode::InvalidEcadId)?.ok_or_else(|| {
            ApiError::new(
                ErrorCode::MissingEcadId,
                "parameter `ecadId` is required: pass the addressId returned by FindAddress",
            )
        })?;
        let history = parse_bool(q, "history", ErrorCode::InvalidParameterValue)?;
        let administrative_info =
            match non_empty(q, "administrativeInfo", ErrorCode::InvalidParameterValue)? {
                None => AdministrativeRelease::Release2015,
                Some(v) if v.trim() == "2015" => AdministrativeRelease::Release2015,
                Some(v) if v.trim() == "2017" => AdministrativeRelease::Release2017,
                Some(v) => {
                    return Err(ApiError::new(
                        ErrorCode::InvalidParameterValue,
                        format!(
                            "administrativeInfo `{}` is not a release: use 2015 or 2017",
                            shorten(&v)
                        ),
                    ))
                }
            };
        Ok(GetEcadDataRequest {
            key,
            txn: parse_txn(q)?,
            ecad_id,
            history,
            administrative_info,
        })
    }
}

/// Checks an `addressProfileName` against a list of profile names, ignoring case, spaces and
/// punctuation ([`crate::profile::name_key`]).
///
/// # Errors
/// 400012 InvalidAddressProfileName listing the known names.
pub fn check_profile(name: Option<&str>, known: &[String]) -> Result<(), ApiError> {
    use crate::profile::name_key;
    match name {
        None => Ok(()),
        Some(name) if known.iter().any(|k| name_key(k) == name_key(name)) => Ok(()),
        Some(name) => Err(ApiError::new(
            ErrorCode::InvalidAddressProfileName,
            format!(
                "address profile `{}` does not exist; known profiles: {}",
                shorten(name),
                if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.join(", ")
                }
            ),
        )),
    }
}

/// A value cut to 40 chars for echoing in a message.
fn shorten(value: &str) -> String {
    let mut s: String = value.chars().take(40).collect();
    if value.chars().nth(40).is_some() {
        s.push('…');
    }
    s
}

/// The decoded value, with an empty one treated as absent (clients send `addressProfileName=`).
fn non_empty(q: &RawQuery<'_>, name: &str, on_bad: ErrorCode) -> Result<Option<String>, ApiError> {
    Ok(q.get(name, on_bad)?.filter(|v| !v.trim().is_empty()))
}

fn parse_key(q: &RawQuery<'_>) -> Result<String, ApiError> {
    match non_empty(q, "key", ErrorCode::InvalidLicenceKey)? {
        Some(key) => Ok(key.trim().to_owned()),
        None => Err(ApiError::new(
            ErrorCode::MissingLicenceKey,
            "parameter `key` is required: pass your licence key as key=…",
        )),
    }
}

fn parse_address(q: &RawQuery<'_>) -> Result<String, ApiError> {
    let Some(raw) = q.get("address", ErrorCode::InvalidAddress)? else {
        return Err(ApiError::new(
            ErrorCode::MissingAddress,
            "parameter `address` is required: pass the address or Eircode text as address=…",
        ));
    };
    let clean = strip_controls(&raw);
    let chars = clean.chars().count();
    if chars > limits::MAX_QUERY_CHARS {
        return Err(ApiError::new(
            ErrorCode::InvalidAddress,
            format!(
                "address is {chars} characters long; at most {} are accepted",
                limits::MAX_QUERY_CHARS
            ),
        ));
    }
    Ok(clean)
}

/// Removes control characters (tabs and newlines become spaces, others vanish).
fn strip_controls(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

fn parse_txn(q: &RawQuery<'_>) -> Result<Option<String>, ApiError> {
    match non_empty(q, "txn", ErrorCode::InvalidTxn)? {
        None => Ok(None),
        Some(t) => {
            let t = t.trim();
            if uuid::Uuid::try_parse(t).is_ok() {
                Ok(Some(t.to_owned()))
            } else {
                Err(ApiError::new(
                    ErrorCode::InvalidTxn,
                    format!("txn `{}` is not a UUID: omit it or send one like 0f8fad5b-d9cb-469f-a165-70867728950e", shorten(t)),
                ))
            }
        }
    }
}

fn parse_id(q: &RawQuery<'_>, name: &str, code: ErrorCode) -> Result<Option<u64>, ApiError> {
    match non_empty(q, name, code)? {
        None => Ok(None),
        Some(v) => match v.trim().parse::<u64>() {
            Ok(id) if id > 0 => Ok(Some(id)),
            _ => Err(ApiError::new(
                code,
                format!(
                    "{name} `{}` is not an id: send the positive integer the service returned",
                    shorten(&v)
                ),
            )),
        },
    }
}

fn parse_limit(q: &RawQuery<'_>) -> Result<i32, ApiError> {
    match non_empty(q, "limit", ErrorCode::InvalidLimit)? {
        None => Ok(-1),
        Some(v) => match v.trim().parse::<i32>() {
            Ok(n) if n >= -1 => Ok(n),
            _ => Err(ApiError::new(
                ErrorCode::InvalidLimit,
                format!(
                    "limit `{}` is not valid: use -1 (no fixed bound) or an integer ≥ 0",
                    shorten(&v)
                ),
            )),
        },
    }
}

fn parse_language(q: &RawQuery<'_>) -> Result<Language, ApiError> {
    match non_empty(q, "language", ErrorCode::InvalidLanguage)? {
        None => Ok(Language::English),
        Some(v) if v.trim().eq_ignore_ascii_case("en") => Ok(Language::English),
        Some(v) if v.trim().eq_ignore_ascii_case("ga") => Ok(Language::Irish),
        Some(v) => Err(ApiError::new(
            ErrorCode::InvalidLanguage,
            format!("language `{}` is not supported: use en or ga", shorten(&v)),
        )),
    }
}

fn parse_country(q: &RawQuery<'_>) -> Result<Country, ApiError> {
    match non_empty(q, "country", ErrorCode::InvalidCountry)? {
        None => Ok(Country::Ie),
        Some(v) => match v.trim().to_ascii_lowercase().as_str() {
            "ie" => Ok(Country::Ie),
            "ni" => Ok(Country::Ni),
            "gb" => Ok(Country::Gb),
            _ => Err(ApiError::new(
                ErrorCode::InvalidCountry,
                format!(
                    "country `{}` is not supported: use ie, ni or gb",
                    shorten(&v)
                ),
            )),
        },
    }
}

fn parse_bool(q: &RawQuery<'_>, name: &str, code: ErrorCode) -> Result<bool, ApiError> {
    match non_empty(q, name, code)? {
        None => Ok(false),
        Some(v) if v.trim().eq_ignore_ascii_case("true") => Ok(true),
        Some(v) if v.trim().eq_ignore_ascii_case("false") => Ok(false),
        Some(v) => Err(ApiError::new(
            code,
            format!(
                "{name} `{}` is not a boolean: use true or false",
                shorten(&v)
            ),
        )),
    }
}

/// `addressProfileName`, or `addressProfile` when it is absent: the Python client
/// svp-ie/autoaddress20 sends the jQuery control's option name.
fn parse_profile(q: &RawQuery<'_>) -> Result<Option<String>, ApiError> {
    let code = ErrorCode::InvalidAddressProfileName;
    let value = match non_empty(q, "addressProfileName", code)? {
        Some(v) => Some(v),
        None => non_empty(q, "addressProfile", code)?,
    };
    Ok(value.map(|v| strip_controls(&v).trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(r: Result<FindAddressRequest, ApiError>) -> u32 {
        use super::super::enums::WireEnum;
        r.err().map_or(0, |e| e.code.code())
    }

    #[test]
    fn the_profile_may_come_as_address_profile() {
        let r = FindAddressRequest::from_query("key=k&address=x&addressProfile=Demo5LineV2");
        assert_eq!(
            r.unwrap().options.address_profile_name.as_deref(),
            Some("Demo5LineV2")
        );
        let r =
            FindAddressRequest::from_query("key=k&address=x&addressProfile=a&addressProfileName=b");
        assert_eq!(
            r.unwrap().options.address_profile_name.as_deref(),
            Some("b")
        );
    }

    #[test]
    fn defaults_apply() {
        let r = FindAddressRequest::from_query("key=k&address=x").unwrap();
        assert_eq!(
            r,
            FindAddressRequest {
                key: "k".into(),
                address: "x".into(),
                ..Default::default()
            }
        );
        let g = GetEcadDataRequest::from_query("key=k&ecadid=1701823929").unwrap();
        assert_eq!(g.ecad_id, 1_701_823_929);
        assert!(!g.history);
        assert_eq!(g.administrative_info, AdministrativeRelease::Release2015);
    }

    #[test]
    fn values_are_case_insensitive() {
        let r = FindAddressRequest::from_query("Key=k&Address=x&language=GA&country=NI&vanityMode=True&addressElements=TRUE&geographicAddress=False").unwrap();
        assert_eq!(r.options.language, Language::Irish);
        assert_eq!(r.options.country, Country::Ni);
        assert!(
            r.options.vanity_mode && r.options.address_elements && !r.options.geographic_address
        );
    }

    #[test]
    fn key_is_checked_before_everything() {
        assert_eq!(code(FindAddressRequest::from_query("language=xx")), 401001);
        assert_eq!(
            code(FindAddressRequest::from_query("key=&address=x")),
            401001
        );
        assert_eq!(code(FindAddressRequest::from_query("key=k")), 400008);
    }

    #[test]
    fn each_bad_parameter_has_its_code() {
        let cases = [
            ("key=k&address=x&language=fr", 400001),
            ("key=k&address=x&country=us", 400002),
            ("key=k&address=x&limit=-2", 400003),
            ("key=k&address=x&limit=ten", 400003),
            ("key=k&address=x&limit=99999999999", 400003),
            ("key=k&address=x&addressId=abc", 400004),
            ("key=k&address=x&geographicAddress=yes", 400016),
            ("key=k&address=x&vanityMode=1", 400017),
            ("key=k&address=x&addressElements=no", 400018),
            ("key=k&address=x&txn=nope", 400019),
            ("key=k&address=%FF", 400020),
            ("key=k&address=%zz", 400020),
        ];
        for (q, want) in cases {
            assert_eq!(code(FindAddressRequest::from_query(q)), want, "{q}");
        }
    }

    #[test]
    fn ecad_errors() {
        use super::super::enums::WireEnum;
        let c = |q: &str| {
            GetEcadDataRequest::from_query(q)
                .err()
                .map_or(0, |e| e.code.code())
        };
        assert_eq!(c("key=k"), 400010);
        assert_eq!(c("key=k&ecadId=12x"), 400005);
        assert_eq!(c("key=k&ecadId=-3"), 400005);
        assert_eq!(c("key=k&ecadId=1&history=maybe"), 400011);
        assert_eq!(c("key=k&ecadId=1&administrativeInfo=2016"), 400011);
        assert_eq!(c("key=k&ecadId=1&administrativeInfo=2017&history=True"), 0);
    }

    #[test]
    fn control_characters_are_stripped_not_refused() {
        let r = FindAddressRequest::from_query("key=k&address=8%00Silver%09Birches%07").unwrap();
        assert_eq!(r.address, "8Silver Birches");
    }

    #[test]
    fn too_long_address_is_invalid_address() {
        let long = "a".repeat(limits::MAX_QUERY_CHARS + 1);
        assert_eq!(
            code(FindAddressRequest::from_query(&format!(
                "key=k&address={long}"
            ))),
            400020
        );
        let ok = "á".repeat(limits::MAX_QUERY_CHARS);
        assert!(FindAddressRequest::from_query(&format!("key=k&address={ok}")).is_ok());
    }

    #[test]
    fn profiles_are_checked_against_the_callers_list() {
        let known = vec!["Label4".to_owned()];
        assert!(check_profile(None, &known).is_ok());
        assert!(check_profile(Some("label4"), &known).is_ok());
        assert_eq!(
            check_profile(Some("x"), &known).unwrap_err().code,
            ErrorCode::InvalidAddressProfileName
        );
    }

    proptest::proptest! {
        #[test]
        fn no_query_panics(s in "\\PC{0,200}") {
            let _ = FindAddressRequest::from_query(&s);
            let _ = AutocompleteRequest::from_query(&s);
            let _ = GetEcadDataRequest::from_query(&s);
        }
    }
}

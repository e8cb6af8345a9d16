//! Absolute hyperlinks that clients follow verbatim (docs/wire.md §3).
//!
//! Every href carries `key` and `txn` first, then the parameters the target request needs, in a
//! fixed order so the same request always gives byte-identical links.

use super::query::percent_encode_into;
use super::request::{
    AutocompleteRequest, Country, FindAddressRequest, GetEcadDataRequest, Language,
};
use super::response::Link;

/// What every link of one response shares: the absolute base, the key and the txn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkContext {
    /// Scheme, host and port without a trailing slash, e.g. `http://127.0.0.1:8080`.
    pub base_url: String,
    /// The licence key to carry.
    pub key: String,
    /// The transaction id to carry and echo.
    pub txn: String,
}

/// The FindAddress parameters an option's `next` link carries over from the request
/// (`Default` gives the service defaults: limit -1, en, ie, all false).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindCarry {
    /// Option bound.
    pub limit: i32,
    /// Language.
    pub language: Language,
    /// Country.
    pub country: Country,
    /// Geographic address requested.
    pub geographic_address: bool,
    /// Vanity address requested.
    pub vanity_mode: bool,
    /// Elements requested.
    pub address_elements: bool,
    /// Profile requested.
    pub address_profile_name: Option<String>,
}

impl Default for FindCarry {
    fn default() -> Self {
        FindCarry::from(&FindAddressRequest::default())
    }
}

impl From<&FindAddressRequest> for FindCarry {
    fn from(r: &FindAddressRequest) -> Self {
        FindCarry {
            limit: r.limit,
            language: r.language,
            country: r.country,
            geographic_address: r.geographic_address,
            vanity_mode: r.vanity_mode,
            address_elements: r.address_elements,
            address_profile_name: r.address_profile_name.clone(),
        }
    }
}

impl From<&AutocompleteRequest> for FindCarry {
    fn from(r: &AutocompleteRequest) -> Self {
        FindCarry {
            limit: r.limit,
            language: r.language,
            country: r.country,
            geographic_address: r.geographic_address,
            vanity_mode: r.vanity_mode,
            address_elements: r.address_elements,
            address_profile_name: r.address_profile_name.clone(),
        }
    }
}

/// Builds `base/2.0/Op?key=…&txn=…&…` with every value percent-encoded.
struct Href {
    url: String,
}

impl Href {
    fn new(ctx: &LinkContext, op: &str) -> Self {
        let base = ctx.base_url.trim_end_matches('/');
        let mut url = String::with_capacity(base.len() + 240);
        url.push_str(base);
        url.push_str("/2.0/");
        url.push_str(op);
        url.push_str("?key=");
        percent_encode_into(&ctx.key, &mut url);
        let mut h = Href { url };
        h.param("txn", &ctx.txn);
        h
    }

    fn param(&mut self, name: &str, value: &str) -> &mut Self {
        self.url.push('&');
        self.url.push_str(name);
        self.url.push('=');
        percent_encode_into(value, &mut self.url);
        self
    }

    fn carry(&mut self, c: &FindCarry) -> &mut Self {
        self.param("limit", &c.limit.to_string())
            .param("language", c.language.as_str())
            .param("country", c.country.as_str())
            .param("geographicAddress", bool_str(c.geographic_address))
            .param("vanityMode", bool_str(c.vanity_mode))
            .param("addressElements", bool_str(c.address_elements));
        if let Some(p) = &c.address_profile_name {
            self.param("addressProfileName", p);
        }
        self
    }
}

fn bool_str(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

impl LinkContext {
    /// A context for one response: the caller's txn when it sent one, else a new v4 UUID.
    pub fn new(base_url: impl Into<String>, key: impl Into<String>, txn: Option<&str>) -> Self {
        LinkContext {
            base_url: base_url.into().trim_end_matches('/').to_owned(),
            key: key.into(),
            txn: txn.map_or_else(|| uuid::Uuid::new_v4().to_string(), str::to_owned),
        }
    }

    /// The absolute FindAddress href for `address`/`address_id` with the carried parameters.
    pub fn find_address_href(
        &self,
        address: &str,
        address_id: Option<u64>,
        carry: &FindCarry,
    ) -> String {
        self.option_links(carry).href(address, address_id)
    }

    /// The `next` links of one response's options: what they share is encoded once.
    pub fn option_links(&self, carry: &FindCarry) -> OptionLinks {
        let mut suffix = Href { url: String::new() };
        suffix.carry(carry);
        OptionLinks {
            prefix: Href::new(self, "FindAddress").url,
            suffix: suffix.url,
        }
    }

    /// The `self` link of a FindAddress response: re-requesting it gives the same answer.
    pub fn find_address_self(&self, req: &FindAddressRequest) -> Link {
        Link {
            rel: "self".into(),
            href: self.find_address_href(&req.address, req.address_id, &FindCarry::from(req)),
        }
    }

    /// The `self` link of an AutoComplete response.
    pub fn autocomplete_self(&self, req: &AutocompleteRequest) -> Link {
        let mut h = Href::new(self, "AutoComplete");
        h.param("address", &req.address);
        h.carry(&FindCarry::from(req));
        Link {
            rel: "self".into(),
            href: h.url,
        }
    }

    /// The `self` link of a GetEcadData response.
    pub fn get_ecad_data_self(&self, req: &GetEcadDataRequest) -> Link {
        Link {
            rel: "self".into(),
            href: self.get_ecad_data_href(
                req.ecad_id,
                req.history,
                req.administrative_info.as_str(),
            ),
        }
    }

    /// The absolute GetEcadData href for an id.
    pub fn get_ecad_data_href(
        &self,
        ecad_id: u64,
        history: bool,
        administrative_info: &str,
    ) -> String {
        let mut h = Href::new(self, "GetEcadData");
        h.param("ecadId", &ecad_id.to_string())
            .param("history", bool_str(history))
            .param("administrativeInfo", administrative_info);
        h.url
    }

    /// An option's `next` link: FindAddress for the option's text and id, carrying the
    /// request's limit, language, country, geographicAddress, vanityMode, addressElements and
    /// addressProfileName. Works for AutoComplete options and FindAddress drill-downs alike.
    pub fn next_link_for_option(
        &self,
        carry: &FindCarry,
        address: &str,
        address_id: Option<u64>,
    ) -> Link {
        self.option_links(carry).next(address, address_id)
    }
}

/// FindAddress links that differ only in `address` and `addressId` (the options of one
/// response): the key, txn and carried parameters are encoded once, not per option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionLinks {
    /// `base/2.0/FindAddress?key=…&txn=…`.
    prefix: String,
    /// `&limit=…` and the other carried parameters.
    suffix: String,
}

impl OptionLinks {
    /// The href for `address` and `address_id`.
    pub fn href(&self, address: &str, address_id: Option<u64>) -> String {
        let mut h = Href {
            url: String::with_capacity(
                self.prefix.len() + self.suffix.len() + address.len() * 2 + 40,
            ),
        };
        h.url.push_str(&self.prefix);
        h.param("address", address);
        if let Some(id) = address_id {
            h.param("addressId", itoa::Buffer::new().format(id));
        }
        h.url.push_str(&self.suffix);
        h.url
    }

    /// An option's `next` link (see [`LinkContext::next_link_for_option`]).
    pub fn next(&self, address: &str, address_id: Option<u64>) -> Link {
        Link {
            rel: "next".into(),
            href: self.href(address, address_id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> LinkContext {
        LinkContext::new(
            "http://h:1/",
            "k y",
            Some("0f8fad5b-d9cb-469f-a165-70867728950e"),
        )
    }

    #[test]
    fn self_link_is_absolute_and_carries_everything() {
        let req = FindAddressRequest {
            key: "k y".into(),
            address: "8 Silver Birches, Dún Búinne".into(),
            address_id: Some(1_701_823_929),
            language: Language::Irish,
            address_profile_name: Some("Label4".into()),
            ..Default::default()
        };
        let link = ctx().find_address_self(&req);
        assert_eq!(link.rel, "self");
        assert_eq!(
            link.href,
            "http://h:1/2.0/FindAddress?key=k%20y&txn=0f8fad5b-d9cb-469f-a165-70867728950e\
             &address=8%20Silver%20Birches%2C%20D%C3%BAn%20B%C3%BAinne&addressId=1701823929\
             &limit=-1&language=ga&country=ie&geographicAddress=false&vanityMode=false\
             &addressElements=false&addressProfileName=Label4"
        );
        let again = FindAddressRequest::from_query(link.href.split_once('?').unwrap().1).unwrap();
        assert_eq!(again.address, req.address);
        assert_eq!(again.address_id, req.address_id);
        assert_eq!(again.language, req.language);
    }

    #[test]
    fn generated_txn_is_a_uuid() {
        let c = LinkContext::new("http://h", "k", None);
        assert!(uuid::Uuid::try_parse(&c.txn).is_ok());
    }

    #[test]
    fn next_link_round_trips_autocomplete_carry() {
        let req = AutocompleteRequest {
            key: "k".into(),
            address: "8 silv".into(),
            limit: 5,
            vanity_mode: true,
            country: Country::Ie,
            ..Default::default()
        };
        let link = ctx().next_link_for_option(
            &FindCarry::from(&req),
            "8 SILVER BIRCHES, DUNBOYNE",
            Some(17),
        );
        assert_eq!(link.rel, "next");
        let f = FindAddressRequest::from_query(link.href.split_once('?').unwrap().1).unwrap();
        assert_eq!((f.limit, f.vanity_mode, f.address_id), (5, true, Some(17)));
        assert_eq!(f.address, "8 SILVER BIRCHES, DUNBOYNE");
        assert_eq!(
            f.txn.as_deref(),
            Some("0f8fad5b-d9cb-469f-a165-70867728950e")
        );
    }
}

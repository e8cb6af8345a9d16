//! One call from a raw query to response JSON: the three operations named, parsed, run on an
//! [`Engine`] and serialised. The HTTP server and the command line share it, so both answer
//! byte for byte alike. Licence keys are not checked here (that is the server's job).

use super::enums::{ErrorCode, WireEnum};
use super::error::ApiError;
use super::links::{FindCarry, LinkContext};
use super::query::RawQuery;
use super::request::{AutocompleteRequest, FindAddressRequest, GetEcadDataRequest};
use super::response::{AddressOption, FindAddressResponse, Link};
use super::Engine;

/// The 2.0 operations this crate answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `/2.0/FindAddress`.
    FindAddress,
    /// `/2.0/GetEcadData`.
    GetEcadData,
    /// `/2.0/AutoComplete`.
    AutoComplete,
}

impl Operation {
    /// The operation for a path segment, matched case-insensitively (`findaddress`,
    /// `AutoComplete`, …); `None` for any other name.
    pub fn from_path_segment(segment: &str) -> Option<Operation> {
        match segment.to_ascii_lowercase().as_str() {
            "findaddress" => Some(Operation::FindAddress),
            "getecaddata" => Some(Operation::GetEcadData),
            "autocomplete" => Some(Operation::AutoComplete),
            _ => None,
        }
    }

    /// The canonical name, as used in links.
    pub fn name(self) -> &'static str {
        match self {
            Operation::FindAddress => "FindAddress",
            Operation::GetEcadData => "GetEcadData",
            Operation::AutoComplete => "AutoComplete",
        }
    }
}

/// A parsed and checked request with its link context, ready to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prepared {
    /// A FindAddress request.
    FindAddress(FindAddressRequest, LinkContext),
    /// A GetEcadData request.
    GetEcadData(GetEcadDataRequest, LinkContext),
    /// An AutoComplete request.
    AutoComplete(AutocompleteRequest, LinkContext),
}

/// A serialised answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The response JSON.
    pub json: Vec<u8>,
    /// The response's `result` code (none for AutoComplete), for logs.
    pub result: Option<u32>,
}

impl Prepared {
    /// Parses `q` for `op`, checks the profile name with `engine`
    /// ([`Engine::check_profile`]), and fixes the links' base URL, key and txn (the caller's or
    /// a new one).
    ///
    /// # Errors
    /// The wire error of the first bad or missing parameter, or 400012 for a profile name the
    /// engine refuses.
    pub fn parse(
        op: Operation,
        q: &RawQuery<'_>,
        engine: &dyn Engine,
        base_url: &str,
    ) -> Result<Prepared, ApiError> {
        let check = |name: Option<&str>| name.map_or(Ok(()), |n| engine.check_profile(n));
        Ok(match op {
            Operation::FindAddress => {
                let req = FindAddressRequest::from_params(q)?;
                check(req.address_profile_name.as_deref())?;
                let ctx = LinkContext::new(base_url, req.key.as_str(), req.txn.as_deref());
                Prepared::FindAddress(req, ctx)
            }
            Operation::AutoComplete => {
                let req = AutocompleteRequest::from_params(q)?;
                check(req.address_profile_name.as_deref())?;
                let ctx = LinkContext::new(base_url, req.key.as_str(), req.txn.as_deref());
                Prepared::AutoComplete(req, ctx)
            }
            Operation::GetEcadData => {
                let req = GetEcadDataRequest::from_params(q)?;
                let ctx = LinkContext::new(base_url, req.key.as_str(), req.txn.as_deref());
                Prepared::GetEcadData(req, ctx)
            }
        })
    }

    /// Runs the engine and writes the JSON.
    ///
    /// # Errors
    /// The engine's error, or 500000 if the response cannot be serialised.
    pub fn run(self, engine: &dyn Engine) -> Result<Answer, ApiError> {
        let mut json = Vec::with_capacity(RESPONSE_CAPACITY);
        let result = self.run_into(engine, &mut json)?;
        Ok(Answer { json, result })
    }

    /// [`Prepared::run`] appending the JSON to `out` (a reused buffer, or a batch line after
    /// its id) instead of a new `Vec`; returns the `result` code. On an error nothing is left
    /// appended.
    ///
    /// # Errors
    /// As [`Prepared::run`].
    pub fn run_into(self, engine: &dyn Engine, out: &mut Vec<u8>) -> Result<Option<u32>, ApiError> {
        let start = out.len();
        let (written, result) = match self {
            Prepared::FindAddress(req, ctx) => {
                let r = find_address(engine, &req, &ctx)?;
                (serde_json::to_writer(&mut *out, &r), Some(r.result.code()))
            }
            Prepared::GetEcadData(req, ctx) => {
                let mut r = engine.get_ecad_data(&req, &ctx)?;
                ensure_links(
                    &mut r.links,
                    &mut [],
                    || ctx.get_ecad_data_self(&req),
                    &FindCarry::default(),
                    &ctx,
                );
                (serde_json::to_writer(&mut *out, &r), Some(r.result.code()))
            }
            Prepared::AutoComplete(req, ctx) => {
                let mut r = engine.autocomplete(&req, &ctx)?;
                ensure_links(
                    &mut r.links,
                    &mut r.options,
                    || ctx.autocomplete_self(&req),
                    &FindCarry::from(&req),
                    &ctx,
                );
                (serde_json::to_writer(&mut *out, &r), None)
            }
        };
        written.map_err(|e| {
            out.truncate(start);
            ApiError::new(
                ErrorCode::InternalServerError,
                format!("cannot write the response as JSON: {e}"),
            )
        })?;
        Ok(result)
    }
}

/// Runs FindAddress on `engine` and gives every link the response needs: the answer
/// [`Prepared::run`] serialises, for callers that want the response itself (batch validation's
/// flat columns).
///
/// # Errors
/// The engine's error.
pub fn find_address(
    engine: &dyn Engine,
    req: &FindAddressRequest,
    ctx: &LinkContext,
) -> Result<FindAddressResponse, ApiError> {
    let mut r = engine.find_address(req, ctx)?;
    ensure_links(
        &mut r.links,
        &mut r.options,
        || ctx.find_address_self(req),
        &FindCarry::from(req),
        ctx,
    );
    Ok(r)
}

/// Bytes reserved for one response: a FindAddress answer without options is ~1.3 KB, so the
/// buffer is not regrown four times from serde_json's 128 bytes.
const RESPONSE_CAPACITY: usize = 2048;

/// The .NET SDK throws when a response lacks `links` or an option lacks its `next` link
/// (docs/wire.md §3), so whatever the engine returns, each gets one here.
fn ensure_links(
    links: &mut Vec<Link>,
    options: &mut [AddressOption],
    self_link: impl FnOnce() -> Link,
    carry: &FindCarry,
    ctx: &LinkContext,
) {
    if !links.iter().any(|l| l.rel == "self") {
        links.insert(0, self_link());
    }
    let mut next = None;
    for o in options {
        if !o.links.iter().any(|l| l.rel == "next") {
            let next = next.get_or_insert_with(|| ctx.option_links(carry));
            o.links.push(next.next(&o.display_name, o.address_id));
        }
    }
}

/// Parses `raw_query` for `op`, runs it on `engine` and returns the JSON: what the server
/// answers, minus licence keys, JSONP and HTTP.
///
/// # Errors
/// As [`Prepared::parse`] and [`Prepared::run`].
pub fn answer(
    engine: &dyn Engine,
    op: Operation,
    raw_query: &str,
    base_url: &str,
) -> Result<Answer, ApiError> {
    let mut json = Vec::with_capacity(RESPONSE_CAPACITY);
    let result = answer_into(engine, op, raw_query, base_url, &mut json)?;
    Ok(Answer { json, result })
}

/// [`answer`] appending the JSON to `out` (see [`Prepared::run_into`]); returns the `result`
/// code.
///
/// # Errors
/// As [`answer`].
pub fn answer_into(
    engine: &dyn Engine,
    op: Operation,
    raw_query: &str,
    base_url: &str,
    out: &mut Vec<u8>,
) -> Result<Option<u32>, ApiError> {
    let q = RawQuery::parse(raw_query);
    Prepared::parse(op, &q, engine, base_url)?.run_into(engine, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::*;

    /// An engine that forgets every link.
    struct Careless;

    impl Engine for Careless {
        fn find_address(
            &self,
            req: &FindAddressRequest,
            ctx: &LinkContext,
        ) -> Result<FindAddressResponse, ApiError> {
            let mut r = FindAddressResponse::new(FindResult::NonUniqueAddress, req, ctx);
            r.links.clear();
            r.options.push(AddressOption {
                option_type: Some(OptionType::Standard),
                display_name: "1 MAIN STREET, NAAS".into(),
                postcode: None,
                address_id: Some(1_701_000_001),
                address_type: None,
                links: vec![],
            });
            r.total_options = 1;
            Ok(r)
        }
        fn get_ecad_data(
            &self,
            req: &GetEcadDataRequest,
            ctx: &LinkContext,
        ) -> Result<GetEcadDataResponse, ApiError> {
            let mut r = GetEcadDataResponse::new(
                EcadDataResult::EcadIdInvalid,
                EcadIdStatus::Invalid,
                req,
                ctx,
            );
            r.links.clear();
            Ok(r)
        }
        fn autocomplete(
            &self,
            req: &AutocompleteRequest,
            ctx: &LinkContext,
        ) -> Result<AutocompleteResponse, ApiError> {
            let mut r = AutocompleteResponse::new(vec![], req, ctx);
            r.links.clear();
            Ok(r)
        }
        fn profile_names(&self) -> Vec<String> {
            vec![]
        }
    }

    #[test]
    fn missing_links_are_filled_in() {
        let a = answer(
            &Careless,
            Operation::FindAddress,
            "key=k&address=main+st&limit=3",
            "http://h",
        )
        .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&a.json).unwrap();
        assert_eq!(a.result, Some(300));
        assert_eq!(v["links"][0]["rel"], "self");
        let next = v["options"][0]["links"][0]["href"].as_str().unwrap();
        assert!(next.starts_with("http://h/2.0/FindAddress?key=k&txn="));
        assert!(next.contains("&address=1%20MAIN%20STREET%2C%20NAAS&addressId=1701000001&limit=3&"));
        for (op, q) in [
            (Operation::GetEcadData, "key=k&ecadId=5"),
            (Operation::AutoComplete, "key=k&address=ma"),
        ] {
            let a = answer(&Careless, op, q, "http://h").unwrap();
            let v: serde_json::Value = serde_json::from_slice(&a.json).unwrap();
            assert_eq!(v["links"][0]["rel"], "self", "{op:?}");
        }
    }

    #[test]
    fn path_segments_match_case_insensitively() {
        for s in ["FindAddress", "findaddress", "FINDADDRESS"] {
            assert_eq!(
                Operation::from_path_segment(s),
                Some(Operation::FindAddress)
            );
        }
        assert_eq!(
            Operation::from_path_segment("autocomplete"),
            Some(Operation::AutoComplete)
        );
        assert_eq!(
            Operation::from_path_segment("GetEcadData"),
            Some(Operation::GetEcadData)
        );
        assert_eq!(Operation::from_path_segment("PostcodeLookup"), None);
    }

    #[test]
    fn parse_fixes_the_link_context() {
        let q = RawQuery::parse("key=k&address=x&txn=0f8fad5b-d9cb-469f-a165-70867728950e");
        let p = Prepared::parse(Operation::FindAddress, &q, &Careless, "http://h/").unwrap();
        let Prepared::FindAddress(req, ctx) = p else {
            panic!("wrong op")
        };
        assert_eq!(req.address, "x");
        assert_eq!(
            ctx,
            LinkContext::new(
                "http://h",
                "k",
                Some("0f8fad5b-d9cb-469f-a165-70867728950e")
            )
        );
        let q = RawQuery::parse("key=k&address=x&addressProfileName=nope");
        assert_eq!(
            Prepared::parse(Operation::AutoComplete, &q, &Careless, "http://h")
                .unwrap_err()
                .code,
            ErrorCode::InvalidAddressProfileName
        );
    }
}

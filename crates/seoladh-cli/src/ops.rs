//! `seoladh find`, `seoladh autocomplete` and `seoladh ecad`: one 2.0 operation from the command
//! line, printing exactly the JSON the server returns for the same request (both go through
//! `wire::dispatch::answer`). A refused request prints the wire error body and exits with 2.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use seoladh::raw::engine::Engine;
use seoladh::wire::query::percent_encode;
use seoladh::wire::{self, Operation};

/// Flags every operation shares.
#[derive(Args, Debug, Clone)]
pub struct Common {
    /// Index file (`seoladh build`); default: the bundled fixture index, built on first use.
    #[arg(long)]
    pub index: Option<PathBuf>,
    /// Base URL written into the response links.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub base_url: String,
    /// Licence key echoed in `input` and links (not checked here).
    #[arg(long, default_value = "demo")]
    pub key: String,
    /// Indent the JSON (the server sends it compact).
    #[arg(long)]
    pub pretty: bool,
}

/// Flags of `find` and `autocomplete` that shape the answer.
#[derive(Args, Debug, Clone)]
pub struct Shape {
    /// Most options returned; -1 = no fixed bound, with intelligent grouping.
    #[arg(long, allow_negative_numbers = true)]
    pub limit: Option<i64>,
    /// `en` or `ga`.
    #[arg(long)]
    pub language: Option<String>,
    /// `ie`, `ni` or `gb`.
    #[arg(long)]
    pub country: Option<String>,
    /// Return the geographic address.
    #[arg(long)]
    pub geographic_address: bool,
    /// Return the vanity address where one exists.
    #[arg(long)]
    pub vanity_mode: bool,
    /// Return the address elements.
    #[arg(long)]
    pub address_elements: bool,
    /// Address profile for `reformattedAddress` (`5line30`, `label4`, …).
    #[arg(long)]
    pub profile: Option<String>,
    #[command(flatten)]
    pub profiles: super::profiles::ProfileArgs,
}

/// Flags of `seoladh find`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh find \"2 Dooroge Woods, Ballyboughal\"
  seoladh find --index ie.idx --limit 5 --language ga \"a41 3wn1\"
  seoladh find --geographic-address --address-elements --profile 5line30 --pretty \"main st, lifford\"
  seoladh find --explain --pretty \"1 main street, oldtown, letterkenny\"")]
pub struct FindArgs {
    /// Address or Eircode text.
    pub address: String,
    /// ECAD id to search (an option's drill-down).
    #[arg(long)]
    pub address_id: Option<u64>,
    /// Add `explain` to the answer: how each typed word was read, what it matched, and the
    /// candidates that came close and why they lost (`explain=true` on the server).
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    shape: Shape,
    #[command(flatten)]
    common: Common,
}

/// Flags of `seoladh autocomplete`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh autocomplete \"2 dooroge w\"
  seoladh autocomplete --limit 10 --pretty \"A41 P\"")]
pub struct AutocompleteArgs {
    /// Partial address or Eircode.
    pub address: String,
    #[command(flatten)]
    shape: Shape,
    #[command(flatten)]
    common: Common,
}

/// Flags of `seoladh ecad`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh ecad 1700000001
  seoladh ecad --history --administrative-info 2017 --pretty 1790000001")]
pub struct EcadArgs {
    /// ECAD id (any level: address point, building, street, locality, …).
    pub ecad_id: String,
    /// Answer with history (a changed id is then reported Retired).
    #[arg(long)]
    pub history: bool,
    /// Administrative data release: 2015 or 2017.
    #[arg(long, default_value = "2015")]
    pub administrative_info: String,
    #[command(flatten)]
    common: Common,
}

/// The query-string pairs of a [`Shape`].
fn shape_params(s: &Shape, q: &mut Vec<(&'static str, String)>) {
    if let Some(l) = s.limit {
        q.push(("limit", l.to_string()));
    }
    if let Some(l) = &s.language {
        q.push(("language", l.clone()));
    }
    if let Some(c) = &s.country {
        q.push(("country", c.clone()));
    }
    for (on, name) in [
        (s.geographic_address, "geographicAddress"),
        (s.vanity_mode, "vanityMode"),
        (s.address_elements, "addressElements"),
    ] {
        if on {
            q.push((name, "true".into()));
        }
    }
    if let Some(p) = &s.profile {
        q.push(("addressProfileName", p.clone()));
    }
}

/// `k=v&…` with every value percent-encoded.
pub fn query_string(pairs: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (k, v) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(k);
        out.push('=');
        out.push_str(&percent_encode(v));
    }
    out
}

/// Runs `seoladh find`.
pub fn find(args: &FindArgs) -> ExitCode {
    let mut q = vec![
        ("key", args.common.key.clone()),
        ("address", args.address.clone()),
    ];
    if let Some(id) = args.address_id {
        q.push(("addressId", id.to_string()));
    }
    if args.explain {
        q.push(("explain", "true".into()));
    }
    shape_params(&args.shape, &mut q);
    run(
        Operation::FindAddress,
        &q,
        &args.common,
        Some(&args.shape.profiles),
    )
}

/// Runs `seoladh autocomplete`.
pub fn autocomplete(args: &AutocompleteArgs) -> ExitCode {
    let mut q = vec![
        ("key", args.common.key.clone()),
        ("address", args.address.clone()),
    ];
    shape_params(&args.shape, &mut q);
    run(
        Operation::AutoComplete,
        &q,
        &args.common,
        Some(&args.shape.profiles),
    )
}

/// Runs `seoladh ecad`.
pub fn ecad(args: &EcadArgs) -> ExitCode {
    let q = vec![
        ("key", args.common.key.clone()),
        ("ecadId", args.ecad_id.clone()),
        ("history", args.history.to_string()),
        ("administrativeInfo", args.administrative_info.clone()),
    ];
    run(Operation::GetEcadData, &q, &args.common, None)
}

/// Opens the engine the flags name (the fixture index without `--index`).
///
/// # Errors
/// The index's open error (missing file, wrong version …) or the fixture build error.
pub fn open_engine(index: Option<&Path>) -> Result<Engine, seoladh::Error> {
    Engine::open(super::fixture::index_path(index)?)
}

/// [`open_engine`] with the index read into memory, for commands that run many queries.
///
/// # Errors
/// As [`open_engine`].
pub fn open_engine_resident(index: Option<&Path>) -> Result<Engine, seoladh::Error> {
    Engine::open_resident(super::fixture::index_path(index)?)
}

fn run(
    op: Operation,
    pairs: &[(&str, String)],
    common: &Common,
    profiles: Option<&super::profiles::ProfileArgs>,
) -> ExitCode {
    let opened = open_engine(common.index.as_deref()).and_then(|engine| match profiles {
        Some(p) => {
            super::profiles::init_logging("warn");
            Ok(engine.with_profiles(p.load()?))
        }
        None => Ok(engine),
    });
    let engine = match opened {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let base = common.base_url.trim_end_matches('/');
    let (json, code) = match wire::answer(&engine, op, &query_string(pairs), base) {
        Ok(a) => (a.json, ExitCode::SUCCESS),
        Err(e) => match serde_json::to_vec(&e.body()) {
            Ok(body) => (body, ExitCode::from(2)),
            Err(_) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let text = if common.pretty { indent(&json) } else { json };
    let mut out = std::io::stdout().lock();
    if let Err(e) = out
        .write_all(&text)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
    {
        eprintln!("error: cannot write the answer to stdout: {e}");
        return ExitCode::FAILURE;
    }
    code
}

/// Indents compact JSON by two spaces, keeping the field order the server sends (a
/// `serde_json::Value` round trip would sort the keys): a streaming transcode.
fn indent(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len() * 2);
    let mut de = serde_json::Deserializer::from_slice(json);
    let mut ser = serde_json::Serializer::pretty(&mut out);
    match serde_transcode::transcode(&mut de, &mut ser) {
        Ok(()) => out,
        // The engine's own JSON always parses; should it not, show it as it came.
        Err(_) => json.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_strings_are_encoded() {
        let q = query_string(&[
            ("key", "demo".into()),
            ("address", "8 Silver Birches, Dún Búinne".into()),
        ]);
        assert_eq!(
            q,
            "key=demo&address=8%20Silver%20Birches%2C%20D%C3%BAn%20B%C3%BAinne"
        );
        let parsed = seoladh::wire::RawQuery::parse(&q);
        let req = seoladh::wire::FindAddressRequest::from_params(&parsed).unwrap();
        assert_eq!(req.address, "8 Silver Birches, Dún Búinne");
    }

    #[test]
    fn indent_keeps_order_and_strings() {
        let json = br#"{"z":1,"a":[],"s":"a,{\"b\":[1]}","o":{"k":[1,2]}}"#;
        let pretty = String::from_utf8(indent(json)).unwrap();
        assert_eq!(
            pretty,
            "{\n  \"z\": 1,\n  \"a\": [],\n  \"s\": \"a,{\\\"b\\\":[1]}\",\n  \"o\": {\n    \"k\": [\n      1,\n      2\n    ]\n  }\n}"
        );
        let a: serde_json::Value = serde_json::from_slice(json).unwrap();
        let b: serde_json::Value = serde_json::from_str(&pretty).unwrap();
        assert_eq!(a, b);
    }
}

//! Answering one batch row, and rendering the answer as a JSON line, a CSV row or flat
//! columns. Every output layout answers a row with the same call ([`find_row`]), so a row reads
//! the same in JSON lines, CSV, Parquet and the Python package's Arrow batches.

use serde_json::Value;

use super::flat::FlatAnswer;
use super::input::{Row, RowFields};
use super::{BatchOptions, OutputFormat};
use crate::api::{self, ApiError, ErrorCode, ErrorEntry, FindAddressResponse, Operation, WireEnum};

/// A row's answer in its output layout.
pub(super) enum Rendered {
    /// A JSON line or CSV row, with its newline.
    Line(Vec<u8>),
    /// Flat columns.
    Flat(FlatAnswer),
}

/// One answered row: its rendering and its tally (a result code, or an error code).
pub(super) type Answered = (Rendered, std::result::Result<u32, u32>);

/// Answers one row's FindAddress request as the server answers it: the row's fields (and the
/// run's defaults, `opts.query`) become a query string, parsed and checked by the wire layer,
/// so a bad language or an over-long address is that row's 400 error, never a panic. A profile
/// name the engine does not have is answered by its policy ([`api::Engine::check_profile`]).
///
/// # Errors
/// The wire error the server would answer with.
pub fn find_row(
    engine: &dyn api::Engine,
    fields: &RowFields,
    opts: &BatchOptions,
) -> Result<FindAddressResponse, ApiError> {
    let q = query(fields, opts);
    let raw = api::RawQuery::parse(&q);
    match api::Prepared::parse(Operation::FindAddress, &raw, engine, &opts.base_url)? {
        api::Prepared::FindAddress(req, ctx) => api::find_address(engine, &req, &ctx),
        other => Err(ApiError::new(
            ErrorCode::InternalServerError,
            format!("a FindAddress row was parsed as {other:?}"),
        )),
    }
}

/// [`find_row`] for a row that may not have been readable (answered 400011
/// InvalidParameterValue with the reason).
///
/// # Errors
/// As [`find_row`].
pub fn answer(
    engine: &dyn api::Engine,
    row: &Row,
    opts: &BatchOptions,
) -> Result<FindAddressResponse, ApiError> {
    match &row.fields {
        Ok(fields) => find_row(engine, fields, opts),
        Err(why) => Err(ApiError::new(ErrorCode::InvalidParameterValue, why.clone())),
    }
}

/// Answers one row and renders it: a line in `opts.output`'s layout, or flat columns.
pub(super) fn answer_row(
    engine: &dyn api::Engine,
    row: &Row,
    opts: &BatchOptions,
    flat: bool,
) -> Answered {
    let outcome = answer(engine, row, opts);
    let tally = match &outcome {
        Ok(r) => Ok(r.result.code()),
        Err(e) => Err(e.code.code()),
    };
    let rendered = match (flat, &opts.output) {
        (true, _) => Rendered::Flat(FlatAnswer::from(outcome)),
        (false, OutputFormat::JsonLines) => Rendered::Line(json_line(&row.id, &outcome)),
        (false, OutputFormat::Csv(columns)) => Rendered::Line(csv_row(&row.id, &outcome, columns)),
    };
    (rendered, tally)
}

/// `{"id":…,"response":{…}}` or `{"id":…,"error":{…}}`, with its newline.
fn json_line(id: &Value, outcome: &Result<FindAddressResponse, ApiError>) -> Vec<u8> {
    let mut line = Vec::with_capacity(2048);
    line.extend_from_slice(br#"{"id":"#);
    write_json(&mut line, id);
    match outcome {
        Ok(response) => {
            line.extend_from_slice(br#","response":"#);
            write_json(&mut line, response);
        }
        Err(e) => {
            let entry = ErrorEntry {
                error_type: e.code,
                message: e.message.clone(),
            };
            line.extend_from_slice(br#","error":"#);
            write_json(&mut line, &entry);
        }
    }
    line.extend_from_slice(b"}\n");
    line
}

/// Appends `v` as JSON (writing to a `Vec` cannot fail; the wire types always serialise).
fn write_json(out: &mut Vec<u8>, v: &impl serde::Serialize) {
    let _ = serde_json::to_writer(out, v);
}

/// One CSV row of `columns`: `id`, `error` (the message), `errorCode`, or any top-level
/// FindAddress field.
fn csv_row(
    id: &Value,
    outcome: &Result<FindAddressResponse, ApiError>,
    columns: &[String],
) -> Vec<u8> {
    let response = match outcome {
        Ok(r) => serde_json::to_value(r).unwrap_or(Value::Null),
        Err(_) => Value::Null,
    };
    let cells: Vec<String> = columns
        .iter()
        .map(|c| match (c.as_str(), outcome) {
            ("id", _) => cell(id),
            ("error", Err(e)) => e.message.clone(),
            ("errorCode", Err(e)) => e.code.code().to_string(),
            (name, _) => response.get(name).map_or_else(String::new, cell),
        })
        .collect();
    csv_line(cells.iter().map(String::as_str))
}

/// The header line of a CSV output.
pub fn csv_header(columns: &[String]) -> Vec<u8> {
    csv_line(columns.iter().map(String::as_str))
}

/// A JSON value as one CSV cell (no newlines: one output row is one line, for resuming).
/// Enum objects are their code, line arrays are joined with `, `, absent values empty.
pub fn cell(v: &Value) -> String {
    let s = match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Object(o) => o.get("code").map_or_else(|| v.to_string(), cell),
        Value::Array(a) => a.iter().map(cell).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    };
    s.replace(['\n', '\r'], " ")
}

fn csv_line<'a>(cells: impl Iterator<Item = &'a str>) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new().from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    let _ = w.write_record(cells);
    w.into_inner().unwrap_or_default()
}

/// The FindAddress query string of a row: its own language, country, limit and profile, else
/// the run's; the run's extras.
fn query(f: &RowFields, opts: &BatchOptions) -> String {
    let joined;
    let address = match &f.eircode {
        Some(e) if f.address.is_empty() => e.as_str(),
        Some(e) => {
            joined = format!("{}, {e}", f.address);
            joined.as_str()
        }
        None => f.address.as_str(),
    };
    let enc = api::query::percent_encode_into;
    let mut q = String::with_capacity(address.len() * 3 / 2 + 64);
    q.push_str("key=");
    enc(&opts.key, &mut q);
    q.push_str("&address=");
    enc(address, &mut q);
    let d = &opts.query;
    let limit = d.get_limit().to_string();
    let defaults = [
        ("&language=", d.get_language().as_str(), "en"),
        ("&country=", d.get_country().as_str(), "ie"),
        ("&limit=", limit.as_str(), "-1"),
    ];
    for ((k, default, wire_default), own) in
        defaults
            .into_iter()
            .zip([&f.language, &f.country, &f.limit])
    {
        match own {
            Some(v) => {
                q.push_str(k);
                enc(v, &mut q);
            }
            None if default != wire_default => {
                q.push_str(k);
                q.push_str(default);
            }
            None => {}
        }
    }
    if let Some(profile) = f.profile.as_deref().or(d.get_address_profile()) {
        q.push_str("&addressProfileName=");
        enc(profile, &mut q);
    }
    for (k, on) in [
        ("&geographicAddress=true", d.get_geographic_address()),
        ("&vanityMode=true", d.get_vanity_mode()),
        ("&addressElements=true", d.get_address_elements()),
    ] {
        if on {
            q.push_str(k);
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Language, QueryOptions};

    #[test]
    fn eircode_joins_the_address_and_values_are_encoded() {
        let f = RowFields {
            address: "1 Main St, Dún Laoghaire".into(),
            eircode: Some("A96 X2Y3".into()),
            limit: Some("-1".into()),
            ..RowFields::default()
        };
        let q = query(&f, &BatchOptions::default());
        assert_eq!(
            q,
            "key=batch&address=1%20Main%20St%2C%20D%C3%BAn%20Laoghaire%2C%20A96%20X2Y3&limit=-1"
        );
    }

    #[test]
    fn the_runs_options_fill_what_a_row_leaves_out() {
        let opts = BatchOptions {
            query: QueryOptions::default()
                .language(Language::Irish)
                .limit(5)
                .address_profile("Label 4")
                .vanity_mode(true),
            ..BatchOptions::default()
        };
        let f = RowFields {
            limit: Some("2".into()),
            ..RowFields::address("x")
        };
        assert_eq!(
            query(&f, &opts),
            "key=batch&address=x&language=ga&limit=2&addressProfileName=Label%204&vanityMode=true"
        );
        let own = RowFields {
            profile: Some("Demo5LineV2".into()),
            ..RowFields::address("x")
        };
        assert_eq!(
            query(&own, &opts),
            "key=batch&address=x&language=ga&limit=5&addressProfileName=Demo5LineV2&vanityMode=true",
            "a row's own profile wins over the run's"
        );
    }

    #[test]
    fn csv_cells_flatten_enums_and_lines() {
        let v: Value = serde_json::json!({"result": {"code": 100, "text": "PostcodeAppended"},
            "postalAddress": ["1 MAIN ST", "NAAS\nX"], "addressId": 1700000001u64});
        assert_eq!(cell(&v["result"]), "100");
        assert_eq!(cell(&v["postalAddress"]), "1 MAIN ST, NAAS X");
        assert_eq!(cell(&v["addressId"]), "1700000001");
        assert_eq!(cell(&Value::Null), "");
    }
}

//! `seoladh typed`: real typed addresses without known answers (a CSV column, such as the
//! Property Price Register's `Address`) through Find Address: result codes, and the answers that
//! hand out an address point whose street and building share no word with the input.

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;
use seoladh::raw::engine::Engine;
use seoladh::wire::{Engine as _, FindAddressRequest, WireEnum};
use seoladh::Error;
use seoladh_eval::typed::{read_column, street_names, TypedAnswer, TypedReport};

/// Arguments of `seoladh typed`.
#[derive(clap::Args)]
#[command(
    after_help = "Example:\n  seoladh typed --input fixtures/reference/addresses/ppr_2021_jan_apr_psra.csv --column Address"
)]
pub struct TypedArgs {
    /// Index file (default: the bundled fixture index).
    #[arg(long)]
    pub index: Option<PathBuf>,
    /// CSV file with a header line.
    #[arg(long)]
    pub input: PathBuf,
    /// The column holding the address text.
    #[arg(long, default_value = "Address")]
    pub column: String,
    /// How many of the answers sharing no street or building word to list.
    #[arg(long, default_value_t = 20)]
    pub examples: usize,
    /// Also write every answer to this TSV (input, result, addressId, postcode, answer).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

fn answer(engine: &Engine, text: &str, links: &seoladh::wire::LinkContext) -> TypedAnswer {
    let req = FindAddressRequest {
        key: "typed".into(),
        address: text.to_string(),
        options: seoladh::QueryOptions::default().address_elements(true),
        ..FindAddressRequest::default()
    };
    let Ok(r) = engine.find_address(&req, links) else {
        return TypedAnswer::default();
    };
    let point = r.postcode.is_some() || r.is_unique_address;
    let street_names = street_names(&r.postal_address_elements.unwrap_or_default());
    let mut lines = r.postal_address.unwrap_or_default();
    if r.postcode.is_some() {
        lines.pop();
    }
    TypedAnswer {
        result: r.result.code() as u16,
        point,
        postcode: r.postcode,
        lines,
        street_names,
    }
}

/// Runs `seoladh typed`.
pub fn run(args: &TypedArgs) -> Result<(), Error> {
    let path = crate::fixture::index_path(args.index.as_deref())?;
    let engine = Engine::open_resident(&path)?;
    let texts = read_column(&args.input, &args.column)?;
    let links = seoladh::wire::LinkContext::new("http://127.0.0.1:8080", "typed", None);
    let answers: Vec<TypedAnswer> = texts
        .par_iter()
        .map(|t| answer(&engine, t, &links))
        .collect();
    let report = TypedReport::compute(texts.iter().map(String::as_str).zip(&answers));
    outln!("{}", report.to_markdown(args.examples));
    if let Some(out) = &args.out {
        let io = |source| Error::Io {
            path: out.clone(),
            source,
        };
        let mut w = std::io::BufWriter::new(std::fs::File::create(out).map_err(io)?);
        writeln!(w, "input\tresult\tpostcode\tanswer").map_err(io)?;
        for (t, a) in texts.iter().zip(&answers) {
            writeln!(
                w,
                "{}\t{}\t{}\t{}",
                t.replace(['\t', '\n'], " "),
                a.result,
                a.postcode.as_deref().unwrap_or(""),
                a.lines.join(", ")
            )
            .map_err(io)?;
        }
        w.flush().map_err(io)?;
    }
    Ok(())
}

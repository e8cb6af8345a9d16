//! Developer check of the code decision (`text::codes`) over whole spaces of codes, in an Irish
//! search (`country=ie`), through the engine's Find Address:
//!
//! - `uk INDEX`: every UK postcode district of the bundled list × every inward code (a digit and
//!   two letters of the Royal Mail inward alphabet), as printed, lower case and without the space,
//!   and every form with one character typed as its look-alike (`0`↔`O`, `1`↔`I`/`L`, `2`↔`Z`,
//!   `5`↔`S`, `6`↔`G`, `8`↔`B`), spaced and not. Every answer should be 600.
//! - `list INDEX FILE`: the postcodes of FILE (one a line), in the same forms.
//! - `absent INDEX [KEY…]`: every well-formed Eircode of the routing keys (default: all 139)
//!   that the index does not have, compact upper case and spaced lower case. None may answer an
//!   address (1xx, 2xx).
//!
//! `SPACED_EVERY=N` tries the spaced lower-case form of every N-th absent code only (default 1).
//! Prints a result-code count per kind of form, and every answer that names an address (an
//! Irish address for a UK postcode, any address for an absent Eircode) on stdout.
//! `cargo run --release -p seoladh --example codes_sweep -- uk INDEX`.
use std::collections::BTreeMap;
use std::sync::Mutex;

use rayon::prelude::*;
use seoladh::api::WireEnum;
use seoladh::engine::Engine;
use seoladh::QueryOptions;

/// Royal Mail inward-code unit letters (never C I K M O V).
const INWARD_LETTERS: &[u8] = b"ABDEFGHJLNPQRSTUWXYZ";
/// A character and what people type for it.
const LOOK_ALIKES: &[(u8, &[u8])] = &[
    (b'0', b"O"),
    (b'1', b"IL"),
    (b'2', b"Z"),
    (b'5', b"S"),
    (b'6', b"G"),
    (b'8', b"B"),
    (b'O', b"0"),
    (b'I', b"1"),
    (b'L', b"1"),
    (b'Z', b"2"),
    (b'S', b"5"),
    (b'G', b"6"),
    (b'B', b"8"),
];

type Counts = BTreeMap<(String, u32), u64>;

struct Tally {
    counts: Mutex<Counts>,
    named: Mutex<Vec<String>>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            counts: Mutex::new(Counts::new()),
            named: Mutex::new(Vec::new()),
        }
    }

    fn merge(&self, local: Counts, named: Vec<String>) {
        let mut counts = self.counts.lock().expect("tally");
        for (k, v) in local {
            *counts.entry(k).or_default() += v;
        }
        self.named.lock().expect("tally").extend(named);
    }

    fn report(self) {
        let mut named = self.named.into_inner().expect("tally");
        named.sort();
        for line in &named {
            println!("{line}");
        }
        let counts = self.counts.into_inner().expect("tally");
        // kind → (total, (result code, count) pairs)
        type Tally = (u64, Vec<(u32, u64)>);
        let mut kinds: BTreeMap<&str, Tally> = BTreeMap::new();
        for ((kind, code), n) in &counts {
            let e = kinds.entry(kind).or_default();
            e.0 += n;
            e.1.push((*code, *n));
        }
        for (kind, (total, codes)) in kinds {
            eprintln!("{kind}: {total} queries, {codes:?}");
        }
        eprintln!("{} answers naming an address", named.len());
    }
}

/// `VERBOSE=1`: every postcode answer other than 600 is printed too.
fn verbose() -> bool {
    std::env::var_os("VERBOSE").is_some()
}

/// Whether a result code carries an address as the answer.
fn names_address(code: u32) -> bool {
    (100..300).contains(&code) || code == 300 || code == 400
}

/// `LIMIT=N`: the request's `limit` (options listed; the result code does not depend on it).
fn options() -> &'static QueryOptions {
    static OPTIONS: std::sync::OnceLock<QueryOptions> = std::sync::OnceLock::new();
    OPTIONS.get_or_init(|| {
        let limit = std::env::var("LIMIT").ok().and_then(|l| l.parse().ok());
        QueryOptions::default().limit(limit.unwrap_or(-1))
    })
}

fn ask(engine: &Engine, text: &str) -> (u32, Option<u64>) {
    let r = engine.find(text, options()).expect("default profile");
    (r.result.code(), r.address_id)
}

/// The forms a postcode is typed in: as printed, lower case, without the space; and every
/// form with one character typed as a look-alike, with and without the space.
fn uk_forms(outward: &str, inward: &str) -> Vec<(&'static str, String)> {
    let spaced = format!("{outward} {inward}");
    let mut out = vec![
        ("printed", spaced.clone()),
        ("lower", spaced.to_lowercase()),
        ("compact", format!("{outward}{inward}")),
    ];
    for (i, c) in spaced.bytes().enumerate() {
        let Some((_, alts)) = LOOK_ALIKES.iter().find(|(d, _)| *d == c) else {
            continue;
        };
        let kind = if i > outward.len() {
            "look-alike inward"
        } else {
            "look-alike outward"
        };
        for &alt in alts.iter() {
            let mut b = spaced.clone().into_bytes();
            b[i] = alt;
            let typed = String::from_utf8(b).expect("ascii");
            for text in [typed.replace(' ', ""), typed] {
                out.push((ambiguity(&text).unwrap_or(kind), text));
            }
        }
    }
    out
}

/// A look-alike form that is as much an Eircode as a UK postcode: a clean Eircode as typed
/// (`A8100AA` for `AB10 0AA`), or one needing as many corrections as the UK reading needs
/// repairs (`DL1002P`: `D11 002P` or `DL10 0ZP`), which the index decides.
fn ambiguity(text: &str) -> Option<&'static str> {
    let (eircode, uk) = seoladh::text::codes::readings(text);
    match (eircode, uk) {
        (Some((e, _)), _) if e.corrections == 0 => Some("look-alike: an Eircode as typed"),
        (Some((_, m)), Some((_, n))) if m == n => Some("look-alike: as near an Eircode"),
        _ => None,
    }
}

fn sweep_postcodes(engine: &Engine, postcodes: &[(String, String)], tally: &Tally) {
    postcodes.par_chunks(64).for_each(|chunk| {
        let mut local = Counts::new();
        let mut named = Vec::new();
        for (outward, inward) in chunk {
            for (kind, text) in uk_forms(outward, inward) {
                let (code, id) = ask(engine, &text);
                *local.entry((kind.to_owned(), code)).or_default() += 1;
                if names_address(code) || (code != 600 && verbose()) {
                    named.push(format!("{code}\t{id:?}\t{kind}\t{text}"));
                }
            }
        }
        tally.merge(local, named);
    });
}

fn districts() -> Vec<String> {
    let text = include_str!("../src/text/data/uk_districts.txt");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

fn uk(engine: &Engine) {
    let tally = Tally::new();
    for d in districts() {
        let mut codes = Vec::with_capacity(4000);
        for digit in b'0'..=b'9' {
            for &a in INWARD_LETTERS {
                for &b in INWARD_LETTERS {
                    let inward = String::from_utf8(vec![digit, a, b]).expect("ascii");
                    codes.push((d.clone(), inward));
                }
            }
        }
        sweep_postcodes(engine, &codes, &tally);
    }
    tally.report();
}

fn list(engine: &Engine, file: &str) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut codes: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| {
            let c: String = l
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_uppercase();
            (5..=7)
                .contains(&c.len())
                .then(|| (c[..c.len() - 3].to_owned(), c[c.len() - 3..].to_owned()))
        })
        .collect();
    codes.sort();
    codes.dedup();
    eprintln!("{} distinct postcodes", codes.len());
    let tally = Tally::new();
    sweep_postcodes(engine, &codes, &tally);
    tally.report();
}

fn spaced_every() -> u32 {
    static EVERY: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *EVERY.get_or_init(|| {
        std::env::var("SPACED_EVERY")
            .ok()
            .and_then(|l| l.parse().ok())
            .unwrap_or(1)
            .max(1)
    })
}

fn absent(engine: &Engine, keys: &[String]) {
    const ALPHABET: &[u8] = seoladh::ecad::eircode::EIRCODE_ALPHABET;
    let keys: Vec<String> = if keys.is_empty() {
        seoladh::text::eircode::ROUTING_KEYS
            .iter()
            .map(|k| (*k).to_owned())
            .collect()
    } else {
        keys.to_vec()
    };
    let tally = Tally::new();
    let index = engine.index();
    for key in &keys {
        let ids: Vec<u32> = (0..25u32.pow(4)).collect();
        ids.par_chunks(256).for_each(|chunk| {
            let mut local = Counts::new();
            let mut named = Vec::new();
            for &n in chunk {
                let mut code = key.clone();
                for k in (0..4).rev() {
                    code.push(ALPHABET[(n / 25u32.pow(k) % 25) as usize] as char);
                }
                if index.eircode(&code).is_some() {
                    *local.entry(("present".to_owned(), 0)).or_default() += 1;
                    continue;
                }
                let mut forms = vec![("compact", code.clone())];
                if n % spaced_every() == 0 {
                    forms.push((
                        "spaced lower",
                        format!("{} {}", &code[..3], &code[3..]).to_lowercase(),
                    ));
                }
                for (kind, text) in forms {
                    let (result, id) = ask(engine, &text);
                    *local.entry((kind.to_owned(), result)).or_default() += 1;
                    if result < 300 {
                        named.push(format!("{result}\t{id:?}\t{text}"));
                    }
                }
            }
            tally.merge(local, named);
        });
        eprintln!("{key} done");
    }
    tally.report();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: codes_sweep uk INDEX | list INDEX FILE | absent INDEX [KEY...]";
    let (Some(mode), Some(index)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let engine = Engine::open_resident(index)
        .unwrap_or_else(|e| panic!("{index}: {e}"))
        .remember_suggestions(false);
    match mode.as_str() {
        "uk" => uk(&engine),
        "list" => list(&engine, args.get(2).expect(usage)),
        "absent" => absent(&engine, &args[2..]),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
}

//! Throughput of the text pipeline (normalise + tokenise) on real-looking addresses.
//!
//! Four sets, each a batch of addresses per iteration (throughput in addresses):
//! - `clean`: real Property Price Register addresses with their Eircode, as typed (mixed case,
//!   commas, `Co.`);
//! - `normal_ascii`: the same, already normalised (lower-case ASCII, single spaces);
//! - `fada_heavy`: Irish-language addresses with fadas and mutations;
//! - `abbreviation_heavy`: `Apt`, `St.`, `Rd`, `Upr`, `Co.`, glued digits.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use seoladh::text::{normalise, tokenise_into, Tokenised};

fn clean_addresses() -> Vec<String> {
    let text = std::fs::read_to_string(
        "fixtures/reference/addresses/ppr_sample_10k_2010_2026_with_eircodes.csv",
    )
    .expect("run benches from the crate root");
    let mut rdr = csv::Reader::from_reader(text.as_bytes());
    let headers = rdr.headers().expect("header").clone();
    let col = |name: &str| headers.iter().position(|h| h == name).expect("column");
    let (a, c, e) = (col("address"), col("county"), col("eircode"));
    rdr.records()
        .flatten()
        .filter(|r| !r.get(e).unwrap_or("").is_empty())
        .take(1000)
        .map(|r| {
            let eir = r.get(e).unwrap_or("");
            let spaced = format!("{} {}", &eir[..3.min(eir.len())], &eir[3.min(eir.len())..]);
            format!(
                "{}, Co. {}, {}",
                r.get(a).unwrap_or(""),
                r.get(c).unwrap_or(""),
                spaced
            )
        })
        .collect()
}

fn fada_heavy() -> Vec<String> {
    let streets = [
        "Sráid na Mainistreach Íochtarach",
        "Lána Uí Dháire",
        "Bóthar na Trá",
        "Sráid an Mhuilinn",
        "Cúirt an Chuain",
        "Ascaill Bhéal Átha",
        "Páirc an Fhia",
        "Cearnóg Mhuirfean",
    ];
    let places = [
        "Gaillimh",
        "Baile Átha Cliath 6W",
        "Contae Chorcaí",
        "Dún na nGall",
        "Co. na Mí",
        "Port Láirge",
    ];
    (0..1000)
        .map(|i| {
            format!(
                "{} {}, {}, {}",
                i % 97 + 1,
                streets[i % streets.len()],
                places[(i / 3) % places.len()],
                ["H91 X2Y3", "D6W K2T4", "T12 AB34", "F92 CD56"][i % 4]
            )
        })
        .collect()
}

fn abbreviation_heavy() -> Vec<String> {
    let streets = [
        "St. Patrick's Rd",
        "Upr. Leeson St.",
        "Main St Lwr",
        "Oak Pk",
        "Elm Tce",
        "Ash Gdns",
        "Dr Mannix Rd",
    ];
    let towns = [
        "Dublin6W",
        "D4",
        "Co. Cork",
        "cocork",
        "Co Meath",
        "Dublin 15",
    ];
    (0..1000)
        .map(|i| {
            format!(
                "Apt{} {}, {}, {}",
                i % 40 + 1,
                streets[i % streets.len()],
                towns[(i / 2) % towns.len()],
                ["a86vc04", "D02 X285", "A86 VCO4", ""][i % 4]
            )
        })
        .collect()
}

fn bench_set(c: &mut Criterion, name: &str, set: &[String]) {
    let mut group = c.benchmark_group("text");
    group.throughput(Throughput::Elements(set.len() as u64));
    group.bench_function(format!("normalise/{name}"), |b| {
        b.iter(|| {
            let mut words = 0;
            for a in set {
                let n = normalise(black_box(a));
                words += n.len();
            }
            assert!(words > 0);
            words
        })
    });
    let mut t = Tokenised::new();
    group.bench_function(format!("tokenise/{name}"), |b| {
        b.iter(|| {
            let mut tokens = 0;
            for a in set {
                tokenise_into(black_box(a), &mut t);
                tokens += t.tokens.len();
            }
            assert!(tokens >= set.len());
            tokens
        })
    });
    group.bench_function(format!("normalise+tokenise/{name}"), |b| {
        b.iter(|| {
            let mut tokens = 0;
            for a in set {
                let n = normalise(black_box(a));
                tokenise_into(black_box(a), &mut t);
                tokens += t.tokens.len() + n.len();
            }
            assert!(tokens >= set.len());
            tokens
        })
    });
    group.finish();
}

fn text(c: &mut Criterion) {
    let clean = clean_addresses();
    assert_eq!(clean.len(), 1000);
    let normal: Vec<String> = clean.iter().map(|a| normalise(a).into_owned()).collect();
    bench_set(c, "clean", &clean);
    bench_set(c, "normal_ascii", &normal);
    bench_set(c, "fada_heavy", &fada_heavy());
    bench_set(c, "abbreviation_heavy", &abbreviation_heavy());
}

criterion_group!(benches, text);
criterion_main!(benches);

//! The address sets of `benches/text.rs`, shared with `examples/text_drive.rs` (the callgrind
//! driver) so both measure the same input.

pub fn clean_addresses() -> Vec<String> {
    let text = std::fs::read_to_string(
        seoladh_testkit::fixtures_dir()
            .join("reference/addresses/ppr_sample_10k_2010_2026_with_eircodes.csv"),
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

pub fn fada_heavy() -> Vec<String> {
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

pub fn abbreviation_heavy() -> Vec<String> {
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

//! Administrative area ids of generated buildings: local authority and CSO-style small area.

/// Local authority: one per county, with Dublin's four councils and the two city councils of
/// Cork and Galway split by routing key. Ids are the county's 1-based index (1–26) or 27–32.
pub(crate) fn la_id(county: usize, key: &str) -> u64 {
    match key {
        "A94" | "A96" | "D14" | "D16" | "D18" => 28, // Dún Laoghaire–Rathdown
        "A41" | "A42" | "A45" | "K32" | "K34" | "K36" | "K45" | "K56" | "K67" | "D15" | "D17" => {
            29 // Fingal
        }
        "D22" | "D24" | "K78" => 30,   // South Dublin
        k if k.starts_with('D') => 27, // Dublin City
        "T12" | "T23" => 31,           // Cork City
        "H91" => 32,                   // Galway City
        _ => county as u64 + 1,
    }
}

/// A CSO-style small area id: county, electoral division and a running block number.
pub(crate) fn small_area(county: usize, ded: u64, block: u64) -> u64 {
    (county as u64 + 1) * 100_000_000 + (ded % 100_000) * 1000 + block % 1000
}

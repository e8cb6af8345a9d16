//! Street, estate and locality names mined from the Property Price Register, and their Irish forms.
//!
//! PPR addresses are free text (`13 THE DRIVE, CHAPELSTOWN GATE, TULLOW ROAD, CARLOW`). Each
//! comma-separated part is classified by its last word: a street type makes a thoroughfare, an
//! estate word a housing estate, `TERRACE`/`COTTAGES`/`ROW` a terrace, `APARTMENTS`/`HOUSE`/… an
//! apartment complex; the part before the town is a locality (suburb). Names keep the register's
//! spelling; house numbers, `APT 5` and counties are stripped.

use std::collections::{BTreeMap, BTreeSet};

/// Street types that make a thoroughfare, with their Irish street type (from libpostal's
/// `ga/street_types.txt`, the real Irish forms used on Irish street signs).
const STREET_TYPES: &[(&str, &str)] = &[
    ("ROAD", "BÓTHAR"),
    ("STREET", "SRÁID"),
    ("AVENUE", "ASCAILL"),
    ("LANE", "LÁNA"),
    ("SQUARE", "CEARNÓG"),
    ("PLACE", "PLÁS"),
    ("QUAY", "CÉ"),
    ("HILL", "CNOC"),
    ("PARADE", "PARÁID"),
    ("WALK", "SIÚLÁN"),
    ("WAY", "SLÍ"),
    ("MALL", "MEAL"),
    ("BOULEVARD", "BÚLBHARD"),
    ("CRESCENT", "CORRÁN"),
    ("DRIVE", "CÉIDE"),
    ("ROW", "RAE"),
];

/// Estate words (the last word of a housing estate's name) with an Irish equivalent.
const ESTATE_TYPES: &[(&str, &str)] = &[
    ("PARK", "PÁIRC"),
    ("COURT", "CÚIRT"),
    ("GROVE", "GARRÁN"),
    ("CLOSE", "CLÓS"),
    ("LAWN", "FAICHE"),
    ("LAWNS", "FAICHE"),
    ("HEIGHTS", "ARD"),
    ("MEADOWS", "MÓINÉIR"),
    ("GARDENS", "GAIRDÍNÍ"),
    ("GREEN", "FAICHE"),
    ("MANOR", "MAINÉAR"),
    ("WOOD", "COILL"),
    ("WOODS", "COILLTE"),
    ("VIEW", "RADHARC"),
    ("DALE", "GLEANN"),
    ("RISE", "ARDÁN"),
    ("DOWNS", "DÚNTA"),
    ("VALE", "GLEANN"),
    ("GLEN", "GLEANN"),
    ("CHASE", "FIACH"),
    ("BROOK", "SRUTHÁN"),
    ("ORCHARD", "ÚLLORD"),
    ("FIELDS", "PÁIRCEANNA"),
    ("ESTATE", "EASTÁT"),
    ("HAVEN", "CUAN"),
    ("MEWS", "CÚIRT"),
    ("DOWN", "DÚN"),
    ("CRESCENT", "CORRÁN"),
    ("AVENUE", "ASCAILL"),
    ("DRIVE", "CÉIDE"),
    ("WALK", "SIÚLÁN"),
];

const TERRACE_TYPES: &[(&str, &str)] = &[
    ("TERRACE", "ARDÁN"),
    ("COTTAGES", "IOSTÁIN"),
    ("ROW", "RAE"),
];

const APARTMENT_WORDS: &[&str] = &[
    "APARTMENTS",
    "HOUSE",
    "BUILDING",
    "HALL",
    "TOWER",
    "QUARTER",
    "PLAZA",
    "WHARF",
    "DOCK",
    "LODGE",
    "MILL",
    "BLOCK",
];

/// Known specific words of Irish street names (`MAIN STREET` → `AN PHRÍOMHSRÁID`).
const SPECIFIC_WORDS: &[(&str, &str)] = &[
    ("CHURCH", "AN TEAMPAILL"),
    ("CHAPEL", "AN tSÉIPÉIL"),
    ("MILL", "AN MHUILINN"),
    ("BRIDGE", "AN DROICHID"),
    ("CASTLE", "AN CHAISLEÁIN"),
    ("MARKET", "AN MHARGAIDH"),
    ("STATION", "AN STÁISIÚIN"),
    ("SCHOOL", "NA SCOILE"),
    ("ABBEY", "NA MAINISTREACH"),
    ("RIVER", "NA hABHANN"),
    ("HIGH", "ARD"),
    ("NEW", "NUA"),
    ("OLD", "SEAN"),
    ("GREEN", "NA FAICHE"),
    ("HARBOUR", "AN CHUAIN"),
    ("STRAND", "NA TRÁGHA"),
    ("FAIR", "AN AONAIGH"),
    ("CHAPEL", "AN tSÉIPÉIL"),
    ("QUAY", "NA CÉIBHE"),
    ("SEA", "NA FARRAIGE"),
];

/// What a PPR address part names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum NameKind {
    /// A street or road.
    Thoroughfare,
    /// A housing estate.
    Estate,
    /// A terrace or row of cottages.
    Terrace,
    /// An apartment complex.
    Apartments,
    /// A suburb or locality.
    Locality,
}

/// Real names by kind, deduplicated and sorted (so draws are deterministic).
#[derive(Debug, Default, Clone)]
pub(crate) struct NamePool {
    pub thoroughfares: Vec<String>,
    pub estates: Vec<String>,
    pub terraces: Vec<String>,
    pub apartments: Vec<String>,
    pub localities: Vec<String>,
}

impl NamePool {
    pub(crate) fn get(&self, kind: NameKind) -> &[String] {
        match kind {
            NameKind::Thoroughfare => &self.thoroughfares,
            NameKind::Estate => &self.estates,
            NameKind::Terrace => &self.terraces,
            NameKind::Apartments => &self.apartments,
            NameKind::Locality => &self.localities,
        }
    }
}

/// Sets that become [`NamePool`]s.
#[derive(Default)]
struct PoolBuilder {
    sets: BTreeMap<NameKind, BTreeSet<String>>,
}

impl PoolBuilder {
    fn add(&mut self, kind: NameKind, name: String) {
        self.sets.entry(kind).or_default().insert(name);
    }
    fn finish(self) -> NamePool {
        let mut p = NamePool::default();
        for (k, set) in self.sets {
            let v: Vec<String> = set.into_iter().collect();
            match k {
                NameKind::Thoroughfare => p.thoroughfares = v,
                NameKind::Estate => p.estates = v,
                NameKind::Terrace => p.terraces = v,
                NameKind::Apartments => p.apartments = v,
                NameKind::Locality => p.localities = v,
            }
        }
        p
    }
}

/// Mined names: per routing key, per county (English county name, title case) and national.
#[derive(Debug, Default)]
pub(crate) struct MinedNames {
    pub by_key: BTreeMap<String, NamePool>,
    pub by_county: BTreeMap<String, NamePool>,
    pub national: NamePool,
}

/// Upper case, single spaces, no stray punctuation at the ends.
pub(crate) fn clean(s: &str) -> String {
    let up = s.to_uppercase();
    let mut out = String::with_capacity(up.len());
    for w in up.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out.trim_matches(|c: char| c == '.' || c == '-' || c == '\'' || c == '"')
        .to_string()
}

fn last_word(s: &str) -> &str {
    s.rsplit(' ').next().unwrap_or(s)
}

/// Classifies one address part (already cleaned, number stripped).
pub(crate) fn classify(part: &str) -> Option<NameKind> {
    let words: Vec<&str> = part.split(' ').collect();
    if words.len() < 2 || words.len() > 5 || words[0] == "THE" {
        return None;
    }
    if !part
        .chars()
        .all(|c| c.is_alphabetic() || c == ' ' || c == '\'' || c == '-' || c == '.')
    {
        return None;
    }
    let last = last_word(part);
    if APARTMENT_WORDS.contains(&last) {
        return Some(NameKind::Apartments);
    }
    if TERRACE_TYPES.iter().any(|(t, _)| *t == last) || last == "VILLAS" {
        return Some(NameKind::Terrace);
    }
    if ESTATE_TYPES.iter().any(|(t, _)| *t == last) && !STREET_TYPES.iter().any(|(t, _)| *t == last)
    {
        return Some(NameKind::Estate);
    }
    if STREET_TYPES.iter().any(|(t, _)| *t == last) {
        return Some(NameKind::Thoroughfare);
    }
    None
}

/// Strips a leading house number or unit (`13`, `13A`, `APT 5`, `NO. 4`, `UNIT 2`).
fn strip_number(part: &str) -> &str {
    let mut rest = part;
    for prefix in [
        "APARTMENT ",
        "APT. ",
        "APT ",
        "NO. ",
        "NO ",
        "UNIT ",
        "FLAT ",
        "SITE ",
    ] {
        if let Some(r) = rest.strip_prefix(prefix) {
            rest = r;
        }
    }
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '/' || c == '-'))
        .unwrap_or(rest.len());
    if end == 0 {
        return rest;
    }
    let after = &rest[end..];
    // `13A THE DRIVE`: a single letter suffix.
    let after = match after.as_bytes() {
        [b, b' ', ..] if b.is_ascii_alphabetic() => &after[1..],
        _ => after,
    };
    after.trim_start()
}

/// Mines every PPR address into pools. `counties` are the 26 county names (title case).
pub(crate) fn mine(
    ppr: &[(String, Option<String>, Option<String>)],
    counties: &[String],
) -> MinedNames {
    let upper_counties: Vec<String> = counties.iter().map(|c| c.to_uppercase()).collect();
    let mut by_key: BTreeMap<String, PoolBuilder> = BTreeMap::new();
    let mut by_county: BTreeMap<String, PoolBuilder> = BTreeMap::new();
    let mut national = PoolBuilder::default();
    for (address, key, county) in ppr {
        let mut parts: Vec<String> = address.split(',').map(clean).collect();
        parts.retain(|p| !p.is_empty());
        // Drop a trailing county ("CO. SLIGO", "CO SLIGO", "SLIGO") or Dublin district.
        let mut found_county = county.clone();
        while let Some(last) = parts.last() {
            let bare = last
                .trim_start_matches("CO. ")
                .trim_start_matches("CO ")
                .trim_start_matches("COUNTY ");
            let is_district = last.starts_with("DUBLIN ") && last.len() <= 10;
            if let Some(i) = upper_counties.iter().position(|c| c == bare) {
                found_county.get_or_insert_with(|| counties[i].clone());
                // `…, TULLOW ROAD, CARLOW`: a bare county name right after a street is the
                // county town, not a county line.
                let is_town = bare == last
                    && parts.len() >= 2
                    && classify(strip_number(&parts[parts.len() - 2])).is_some();
                if is_town {
                    break;
                }
                parts.pop();
            } else if is_district {
                parts.pop();
            } else {
                break;
            }
        }
        if parts.len() < 2 {
            continue;
        }
        parts.pop(); // the town
        let n = parts.len();
        for (i, part) in parts.iter().enumerate() {
            let name = strip_number(part).to_string();
            let kind = match classify(&name) {
                Some(k) => k,
                None if i == n - 1 && i > 0 && name.split(' ').count() <= 3 => {
                    if name.chars().all(|c| c.is_alphabetic() || c == ' ') && name.len() > 3 {
                        NameKind::Locality
                    } else {
                        continue;
                    }
                }
                None => continue,
            };
            if let Some(k) = key {
                by_key.entry(k.clone()).or_default().add(kind, name.clone());
            }
            if let Some(c) = &found_county {
                let c = title_county(c);
                by_county.entry(c).or_default().add(kind, name.clone());
            }
            national.add(kind, name);
        }
    }
    MinedNames {
        by_key: by_key.into_iter().map(|(k, b)| (k, b.finish())).collect(),
        by_county: by_county
            .into_iter()
            .map(|(k, b)| (k, b.finish()))
            .collect(),
        national: national.finish(),
    }
}

fn title_county(c: &str) -> String {
    let mut chars = c.trim().chars();
    match chars.next() {
        Some(f) => f
            .to_uppercase()
            .chain(chars.flat_map(|c| c.to_lowercase()))
            .collect(),
        None => String::new(),
    }
}

/// The Irish form of a street or estate name built from real Irish street types
/// (`CHURCH STREET` → `SRÁID AN TEAMPAILL`, `ASHFIELD PARK` → `PÁIRC ASHFIELD`), or `None`
/// when the name has no known type word.
pub(crate) fn irish_form(name: &str) -> Option<String> {
    if name == "MAIN STREET" {
        return Some("AN PHRÍOMHSRÁID".to_string());
    }
    let (specific, ty) = name.rsplit_once(' ')?;
    let irish_type = STREET_TYPES
        .iter()
        .chain(ESTATE_TYPES)
        .chain(TERRACE_TYPES)
        .find(|(t, _)| *t == ty)
        .map(|(_, g)| *g)?;
    let specific = SPECIFIC_WORDS
        .iter()
        .find(|(w, _)| *w == specific)
        .map(|(_, g)| g.to_string())
        .unwrap_or_else(|| specific.to_string());
    Some(format!("{irish_type} {specific}").to_uppercase())
}

/// English street-type abbreviations (the "alternative format" of a name).
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("ROAD", "RD"),
    ("STREET", "ST"),
    ("AVENUE", "AVE"),
    ("SAINT", "ST."),
    ("SQUARE", "SQ"),
    ("TERRACE", "TCE"),
    ("CRESCENT", "CRES"),
    ("DRIVE", "DR"),
    ("PARK", "PK"),
    ("COURT", "CT"),
    ("GARDENS", "GDNS"),
    ("HEIGHTS", "HTS"),
    ("LOWER", "LR"),
    ("UPPER", "UPR"),
    ("NORTH", "NTH"),
    ("SOUTH", "STH"),
    ("MOUNT", "MT"),
    ("LANE", "LN"),
    ("PLACE", "PL"),
];

/// An abbreviated form of `name` (`CHURCH ROAD` → `CHURCH RD`), if any word abbreviates.
pub(crate) fn abbreviated(name: &str) -> Option<String> {
    let mut changed = false;
    let words: Vec<&str> = name
        .split(' ')
        .map(|w| match ABBREVIATIONS.iter().find(|(l, _)| *l == w) {
            Some((_, s)) => {
                changed = true;
                *s
            }
            None => w,
        })
        .collect();
    changed.then(|| words.join(" "))
}

/// Townland prefixes written as separate words by some (`BALLYMORE` → `BALLY MORE`).
const SPLIT_PREFIXES: &[&str] = &[
    "BALLY", "KNOCK", "CASTLE", "CLON", "DRUM", "GLEN", "KIL", "RATH", "CARRICK", "MOUNT",
];

/// Another way of writing a place name: hyphens dropped or added, a compound split.
pub(crate) fn reformatted(name: &str) -> Option<String> {
    if name.contains('-') {
        return Some(name.replace('-', " "));
    }
    if name.contains(" ON ") {
        return Some(name.replace(' ', "-"));
    }
    if let Some(a) = abbreviated(name) {
        return Some(a);
    }
    for p in SPLIT_PREFIXES {
        if let Some(rest) = name.strip_prefix(p) {
            if rest.len() >= 3 && !rest.starts_with(' ') {
                return Some(format!("{p} {rest}"));
            }
        }
    }
    None
}

/// A plausible misspelling chosen by `r` (0..1 uniform, 2 draws): a doubled or dropped letter,
/// or two neighbours swapped. `None` for names too short to misspell.
pub(crate) fn misspelt(name: &str, r1: f64, r2: f64) -> Option<String> {
    let chars: Vec<char> = name.chars().collect();
    let letters: Vec<usize> = (1..chars.len().saturating_sub(1))
        .filter(|&i| chars[i].is_alphabetic() && chars[i + 1].is_alphabetic())
        .collect();
    if letters.len() < 3 {
        return None;
    }
    let i = letters[((r1 * letters.len() as f64) as usize).min(letters.len() - 1)];
    let mut out = chars.clone();
    if r2 < 0.35 {
        out.insert(i, chars[i]);
    } else if r2 < 0.7 {
        out.remove(i);
    } else if chars[i] != chars[i + 1] {
        out.swap(i, i + 1);
    } else {
        out.remove(i);
    }
    let s: String = out.into_iter().collect();
    (s != name).then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_parts_are_classified_by_their_last_word() {
        assert_eq!(classify("TULLOW ROAD"), Some(NameKind::Thoroughfare));
        assert_eq!(classify("HAWTHORN COURT"), Some(NameKind::Estate));
        assert_eq!(classify("MARIAN TERRACE"), Some(NameKind::Terrace));
        assert_eq!(classify("CUSTOM HOUSE"), Some(NameKind::Apartments));
        assert_eq!(classify("THE DRIVE"), None);
        assert_eq!(classify("ROAD"), None);
    }

    #[test]
    fn numbers_and_units_are_stripped() {
        assert_eq!(strip_number("13 THE DRIVE"), "THE DRIVE");
        assert_eq!(strip_number("13A HAWTHORN COURT"), "HAWTHORN COURT");
        assert_eq!(strip_number("APT 5 CUSTOM HOUSE"), "CUSTOM HOUSE");
        assert_eq!(strip_number("CHURCH ROAD"), "CHURCH ROAD");
    }

    #[test]
    fn ppr_addresses_feed_the_pools_of_their_key_and_county() {
        let ppr = vec![
            (
                "13 THE DRIVE, CHAPELSTOWN GATE, TULLOW ROAD, CARLOW".to_string(),
                Some("R93".to_string()),
                None,
            ),
            (
                "4 HAWTHORN COURT, COLLOONEY, CO. SLIGO".to_string(),
                None,
                None,
            ),
        ];
        let m = mine(&ppr, &["Carlow".to_string(), "Sligo".to_string()]);
        assert_eq!(m.by_key["R93"].thoroughfares, vec!["TULLOW ROAD"]);
        assert_eq!(m.by_county["Carlow"].thoroughfares, vec!["TULLOW ROAD"]);
        assert_eq!(m.by_county["Sligo"].estates, vec!["HAWTHORN COURT"]);
        assert_eq!(m.national.thoroughfares.len(), 1);
    }

    #[test]
    fn irish_forms_use_real_street_types() {
        assert_eq!(
            irish_form("CHURCH STREET").as_deref(),
            Some("SRÁID AN TEAMPAILL")
        );
        assert_eq!(
            irish_form("ASHFIELD PARK").as_deref(),
            Some("PÁIRC ASHFIELD")
        );
        assert_eq!(
            irish_form("MAIN STREET").as_deref(),
            Some("AN PHRÍOMHSRÁID")
        );
        assert_eq!(irish_form("SILVER BIRCHES"), None);
    }

    #[test]
    fn alias_forms_differ_from_the_name() {
        assert_eq!(abbreviated("CHURCH ROAD").as_deref(), Some("CHURCH RD"));
        assert_eq!(reformatted("BALLYMORE").as_deref(), Some("BALLY MORE"));
        assert_eq!(
            reformatted("CARRICK-ON-SHANNON").as_deref(),
            Some("CARRICK ON SHANNON")
        );
        let m = misspelt("KILLARNEY", 0.5, 0.5).unwrap_or_default();
        assert_ne!(m, "KILLARNEY");
        assert!(!m.is_empty());
        assert_eq!(misspelt("AB", 0.5, 0.5), None);
    }
}

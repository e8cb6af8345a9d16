//! Which address points and thoroughfares each query class may sample.
//!
//! A class that expects one answer must only use addresses whose *query text* has one answer in
//! the whole dataset. So every address point's postal, county-less, vanity and Irish forms are
//! rendered once, hashed after the normalisation an engine would apply (case, fadas, punctuation),
//! and counted; a point joins a pool only when its form for that class is unique. A point whose
//! `NUA` flag disagrees with the rendered lines is ambiguous data and joins no unique pool.

use std::collections::HashSet;

use rayon::prelude::*;

use super::corrupt::fold_fadas;
use seoladh::ecad::address::{
    postal_address, vanity_address, Address, AddressParts, ElementType, Language, Lookup, Part,
};
use seoladh::ecad::Dataset;

/// An address rendered for corruption: lines without the Eircode, and where the county and the
/// Dublin district sit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rendered {
    /// The lines before the Eircode line.
    pub lines: Vec<String>,
    /// Index of the county line (`CO. MEATH`).
    pub county_line: Option<usize>,
    /// Index of the Dublin district line (`DUBLIN 6W`).
    pub dublin_line: Option<usize>,
}

impl Rendered {
    pub(crate) fn new(address: &Address) -> Rendered {
        let lines = address.lines_without_eircode().to_vec();
        let find = |kind: ElementType| {
            let value = &address.elements.iter().find(|e| e.kind == kind)?.value;
            lines.iter().rposition(|l| l == value)
        };
        Rendered {
            county_line: find(ElementType::County),
            dublin_line: find(ElementType::DublinPostalArea),
            lines,
        }
    }

    /// The lines without the county line.
    pub(crate) fn without_county(&self) -> Vec<String> {
        self.lines
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != self.county_line)
            .map(|(_, l)| l.clone())
            .collect()
    }
}

/// FNV-1a over the normalised text: upper case, no fadas, runs of anything but letters and digits
/// as one space. Stable across platforms and releases (unlike `std`'s hasher).
pub(crate) fn text_key<'a>(lines: impl IntoIterator<Item = &'a str>) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut gap = false;
    let mut started = false;
    for line in lines {
        for c in fold_fadas(&line.to_uppercase()).chars() {
            if c.is_alphanumeric() {
                if gap && started {
                    hash = fnv_byte(hash, b' ');
                }
                gap = false;
                started = true;
                let mut buf = [0u8; 4];
                for &b in c.encode_utf8(&mut buf).as_bytes() {
                    hash = fnv_byte(hash, b);
                }
            } else {
                gap = true;
            }
        }
        gap = true;
    }
    hash
}

fn fnv_byte(hash: u64, b: u8) -> u64 {
    (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
}

/// Per-point facts gathered in the one rendering pass (40 bytes a point: the pass holds one per
/// address point, 2.4 million for all of Ireland). A key of 0 means "no such form" ([`some`]).
#[derive(Debug, Clone, Copy, Default)]
struct PointInfo {
    postal: u64,
    no_county: u64,
    vanity: u64,
    irish: u64,
    has_eircode: bool,
    nua: bool,
    border: bool,
    mixed: bool,
}

/// A key that is never 0, so 0 can stand for "absent".
fn nonzero(key: u64) -> u64 {
    key.max(1)
}

/// The key, or `None` for the "absent" 0.
fn some(key: u64) -> Option<u64> {
    (key != 0).then_some(key)
}

/// Indices into `Dataset::address_points` (and `thoroughfares` for `streets`) per pool.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pools {
    /// Unique postal address with an Eircode.
    pub unique: Vec<u32>,
    /// Unique even without its county line, which it has.
    pub missing_county: Vec<u32>,
    /// Unique, a border address (geographic ≠ postal county), and unique without its county line
    /// when it has one.
    pub wrong_county: Vec<u32>,
    /// Unique, with a vanity form that differs from the postal one and is unique too.
    pub vanity: Vec<u32>,
    /// Unique, with an Irish form that differs from the English one and is unique too.
    pub irish: Vec<u32>,
    /// As `irish`, with Irish names both below and at the post town level.
    pub mixed: Vec<u32>,
    /// Any point with an Eircode.
    pub eircode: Vec<u32>,
    /// Flagged `NUA` with an Eircode, and its postal address really shared.
    pub nua: Vec<u32>,
    /// Unique postal address, no Eircode.
    pub no_mail: Vec<u32>,
    /// Thoroughfares whose own address is unique and is no address point's.
    pub streets: Vec<u32>,
    /// Every Eircode in the data, packed ([`pack_eircode`]) and sorted.
    pub eircodes: Vec<u64>,
    /// Every normalised word of every element name, upper case without fadas.
    pub vocabulary: HashSet<String>,
}

/// An Eircode's 7 ASCII bytes as one number, for a compact sorted set.
pub(crate) fn pack_eircode(e: &str) -> u64 {
    e.bytes()
        .take(8)
        .fold(0u64, |acc, b| (acc << 8) | u64::from(b))
}

fn has_irish(part: &Option<Part>) -> bool {
    part.as_ref().is_some_and(|p| {
        p.irish
            .as_ref()
            .is_some_and(|i| !i.trim().eq_ignore_ascii_case(p.english.trim()))
    })
}

/// Whether the parts allow a mixed address: an Irish name below the post town and one at it.
pub(crate) fn can_mix(parts: &AddressParts) -> bool {
    let lower = [
        &parts.building_group,
        &parts.primary_thoroughfare,
        &parts.secondary_thoroughfare,
        &parts.primary_locality,
        &parts.secondary_locality,
    ]
    .into_iter()
    .any(has_irish);
    lower && (has_irish(&parts.post_town) || has_irish(&parts.post_county))
}

fn point_info(lookup: &Lookup<'_>, id: u64, nua: bool, has_eircode: bool) -> Option<PointInfo> {
    let parts = lookup.address_point_parts(id)?;
    let english = Rendered::new(&postal_address(&parts, Language::English));
    let irish = Rendered::new(&postal_address(&parts, Language::Irish));
    let vanity = Rendered::new(&vanity_address(&parts));
    let postal = nonzero(text_key(english.lines.iter().map(String::as_str)));
    let other = |r: &Rendered| {
        let k = nonzero(text_key(r.lines.iter().map(String::as_str)));
        if k == postal {
            0
        } else {
            k
        }
    };
    Some(PointInfo {
        postal,
        no_county: english.county_line.map_or(0, |_| {
            nonzero(text_key(
                english.without_county().iter().map(String::as_str),
            ))
        }),
        vanity: other(&vanity),
        irish: other(&irish),
        has_eircode,
        nua,
        border: parts.is_border(),
        mixed: can_mix(&parts),
    })
}

fn count(sorted: &[u64], key: u64) -> usize {
    let lo = sorted.partition_point(|&k| k < key);
    let hi = sorted.partition_point(|&k| k <= key);
    hi - lo
}

fn sorted_keys(infos: &[(u32, PointInfo)], key: impl Fn(&PointInfo) -> Option<u64>) -> Vec<u64> {
    let mut keys: Vec<u64> = infos.iter().filter_map(|(_, p)| key(p)).collect();
    keys.par_sort_unstable();
    keys
}

/// Renders every address point once and fills the pools (indices in dataset order).
pub(crate) fn pools(ds: &Dataset, lookup: &Lookup<'_>) -> Pools {
    let infos: Vec<(u32, PointInfo)> = ds
        .address_points
        .par_iter()
        .enumerate()
        .filter_map(|(i, ap)| {
            let i = u32::try_from(i).ok()?;
            point_info(lookup, ap.id, ap.nua, ap.eircode.is_some()).map(|p| (i, p))
        })
        .collect();
    let postal = sorted_keys(&infos, |p| Some(p.postal));
    // A county-less form must not collide with any full form either (`MAIN STREET, KILDARE`).
    let mut no_county = sorted_keys(&infos, |p| some(p.no_county));
    no_county.extend_from_slice(&postal);
    no_county.par_sort_unstable();
    let mut vanity = sorted_keys(&infos, |p| some(p.vanity));
    vanity.extend_from_slice(&postal);
    vanity.par_sort_unstable();
    let mut irish = sorted_keys(&infos, |p| some(p.irish));
    irish.extend_from_slice(&postal);
    irish.par_sort_unstable();

    let mut pools = Pools::default();
    for &(i, ref p) in &infos {
        let shared = count(&postal, p.postal) > 1;
        let unique = !p.nua && !shared;
        if p.has_eircode {
            pools.eircode.push(i);
        }
        if p.nua && shared && p.has_eircode {
            pools.nua.push(i);
        }
        if !unique {
            continue;
        }
        if !p.has_eircode {
            pools.no_mail.push(i);
            continue;
        }
        pools.unique.push(i);
        let county_less_unique = some(p.no_county).is_some_and(|k| count(&no_county, k) == 1);
        if county_less_unique {
            pools.missing_county.push(i);
        }
        // Without a county line (`..., SLIGO` for a Leitrim house) the county is added, and the
        // text without it is the unique postal address.
        if p.border && (county_less_unique || p.no_county == 0) {
            pools.wrong_county.push(i);
        }
        if some(p.vanity).is_some_and(|k| count(&vanity, k) == 1) {
            pools.vanity.push(i);
        }
        if some(p.irish).is_some_and(|k| count(&irish, k) == 1) {
            pools.irish.push(i);
            if p.mixed {
                pools.mixed.push(i);
            }
        }
    }
    pools.streets = street_pool(ds, lookup, &postal);
    pools.eircodes = ds
        .address_points
        .iter()
        .filter_map(|ap| ap.eircode.as_deref().map(pack_eircode))
        .collect();
    pools.eircodes.par_sort_unstable();
    pools.vocabulary = vocabulary(ds);
    pools
}

/// Thoroughfares whose own address (`DAME STREET, DUBLIN 2`) has a post town, is shared with no
/// other thoroughfare and is no address point's postal address.
fn street_pool(ds: &Dataset, lookup: &Lookup<'_>, postal: &[u64]) -> Vec<u32> {
    let keys: Vec<Option<u64>> = ds
        .thoroughfares
        .par_iter()
        .map(|t| {
            let parts = lookup.element_parts(t.id)?;
            parts.post_town.as_ref()?;
            let r = Rendered::new(&postal_address(&parts, Language::English));
            Some(nonzero(text_key(r.lines.iter().map(String::as_str))))
        })
        .collect();
    let mut sorted: Vec<u64> = keys.iter().flatten().copied().collect();
    sorted.par_sort_unstable();
    keys.iter()
        .enumerate()
        .filter_map(|(i, k)| {
            let k = (*k)?;
            let ok = count(&sorted, k) == 1 && count(postal, k) == 0;
            ok.then(|| u32::try_from(i).ok()).flatten()
        })
        .collect()
}

/// Every word of every element name, English and Irish, upper case without fadas.
fn vocabulary(ds: &Dataset) -> HashSet<String> {
    let mut words = HashSet::new();
    let mut add = |name: &str| {
        for w in fold_fadas(&name.to_uppercase()).split(|c: char| !c.is_alphanumeric()) {
            if !w.is_empty() && !words.contains(w) {
                words.insert(w.to_string());
            }
        }
    };
    let named = ds
        .localities
        .iter()
        .chain(&ds.thoroughfares)
        .chain(&ds.building_groups);
    for e in named {
        add(&e.name);
        add(e.name_irish.as_deref().unwrap_or(""));
    }
    for t in &ds.post_towns {
        add(&t.name);
        add(t.name_irish.as_deref().unwrap_or(""));
    }
    for c in &ds.counties {
        add(&c.name);
        add(c.name_irish.as_deref().unwrap_or(""));
    }
    for b in &ds.buildings {
        add(b.name.as_deref().unwrap_or(""));
    }
    for o in &ds.organisations {
        add(&o.name);
    }
    for aliases in ds.aliases.values() {
        for a in aliases {
            add(&a.name);
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_ignores_case_fadas_and_punctuation() {
        let a = text_key(["8 Silver Birches,", "Dún Búinne"]);
        let b = text_key(["8 SILVER  BIRCHES", "DUN BUINNE"]);
        assert_eq!(a, b);
        assert_ne!(a, text_key(["8 SILVER BIRCHES", "DUNBUINNE"]));
        assert_ne!(text_key(["AB", "C"]), text_key(["A", "BC"]));
    }

    fn ids(ds: &Dataset, pool: &[u32]) -> Vec<u64> {
        pool.iter()
            .filter_map(|&i| ds.address_points.get(i as usize).map(|p| p.id))
            .collect()
    }

    #[test]
    fn shared_addresses_join_no_unique_pool_whatever_the_flag() {
        let mut ds = crate::sample::dataset();
        // Three points share `BALLYMORE, DUNBOYNE, CO. MEATH`; mis-flag one of them as unique.
        let shared: Vec<u64> = ds
            .address_points
            .iter()
            .filter(|p| p.nua)
            .map(|p| p.id)
            .collect();
        assert_eq!(shared.len(), 3);
        if let Some(p) = ds.address_points.iter_mut().find(|p| p.id == shared[0]) {
            p.nua = false;
        }
        let lookup = Lookup::new(&ds);
        let pools = pools(&ds, &lookup);
        let unique = ids(&ds, &pools.unique);
        assert_eq!(ids(&ds, &pools.nua), shared[1..].to_vec());
        assert!(shared.iter().all(|id| !unique.contains(id)));
        // The point without an Eircode is only in `no_mail`; every Eircode is in `eircodes`.
        assert_eq!(pools.no_mail.len(), 1);
        assert!(!pools.eircode.contains(&pools.no_mail[0]));
        assert_eq!(pools.eircodes.len(), pools.eircode.len());
        // Portarlington is the one border town: its 4 points are the wrong-county pool.
        assert_eq!(pools.wrong_county.len(), 4);
        assert!(pools
            .wrong_county
            .iter()
            .all(|i| pools.missing_county.contains(i)));
        assert!(pools.vocabulary.contains("BIRCHES") && pools.vocabulary.contains("PAIRC"));
    }

    #[test]
    fn an_empty_dataset_has_empty_pools() {
        let ds = Dataset::default();
        let lookup = Lookup::new(&ds);
        let p = pools(&ds, &lookup);
        assert!(p.unique.is_empty() && p.nua.is_empty() && p.streets.is_empty());
    }

    #[test]
    fn packed_eircodes_order_and_differ() {
        assert_ne!(pack_eircode("A86VC04"), pack_eircode("A86VC05"));
        assert!(pack_eircode("A86VC04") < pack_eircode("D6WXY12"));
    }
}

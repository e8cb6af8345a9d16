//! Helpers of the index build that are not a pipeline step: alias tables, id bases, routing
//! keys, UK-only post towns and the short-string table.

use std::collections::HashMap;

use crate::ecad::{AliasTable, Dataset};
use crate::error::Result;
use crate::index::builder::build_error;
use crate::index::lists::ListsWriter;

pub(crate) fn sorted_by_id<T>(rows: &[T], id: impl Fn(&T) -> u64) -> Vec<&T> {
    let mut v: Vec<&T> = rows.iter().collect();
    v.sort_by_key(|r| id(r));
    v
}

/// Aliases per (table, element id), ordered by alias id.
pub(crate) type AliasMap = HashMap<(AliasTable, u64), Vec<(u8, String)>>;

pub(crate) fn alias_maps(ds: &Dataset) -> AliasMap {
    type WithIds = HashMap<(AliasTable, u64), Vec<(u64, u8, String)>>;
    let mut map: WithIds = HashMap::new();
    for (table, list) in &ds.aliases {
        for a in list {
            map.entry((*table, a.element_id)).or_default().push((
                a.id,
                a.alias_type,
                a.name.clone(),
            ));
        }
    }
    map.into_iter()
        .map(|(k, mut v)| {
            v.sort();
            (k, v.into_iter().map(|(_, t, n)| (t, n)).collect())
        })
        .collect()
}

/// The smallest id of a table; every id must lie within `u32` of it so rows can store offsets.
pub(crate) fn id_base(ids: impl Iterator<Item = u64> + Clone, what: &'static str) -> Result<u64> {
    let min = ids.clone().min().unwrap_or(0);
    let max = ids.max().unwrap_or(0);
    if max - min >= u64::from(u32::MAX) {
        return Err(build_error(
            what,
            format!("{what} ids span {min}..{max}, more than 2^32; ECAD ids of one entity kind share their leading digits"),
        ));
    }
    Ok(min)
}

/// UK post towns whose name no Irish post town or locality shares (`BELFAST`, `ABERDEEN`; not
/// `BANGOR`, which Mayo has too), normalised.
pub(crate) fn uk_only_towns(ds: &Dataset) -> Vec<String> {
    let key = |name: &str| {
        let mut terms = Vec::new();
        crate::text::index_terms(name, &mut terms);
        terms.join(" ")
    };
    let irish: std::collections::HashSet<String> = ds
        .post_towns
        .iter()
        .map(|t| key(&t.name))
        .chain(ds.localities.iter().map(|l| key(&l.name)))
        .collect();
    let mut towns: Vec<String> = ds
        .uk_addresses
        .iter()
        .map(|u| key(&u.post_town))
        .filter(|t| !t.is_empty() && !irish.contains(t))
        .collect();
    towns.sort_unstable();
    towns.dedup();
    towns
}

pub(crate) fn routing_keys(ds: &Dataset) -> Vec<String> {
    let mut keys: Vec<String> = ds
        .address_points
        .iter()
        .filter_map(|a| a.eircode.as_deref())
        .filter(|e| e.len() == 7)
        .map(|e| e[..3].to_ascii_uppercase())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// Deduplicated short strings (house numbers, sub-building names, departments).
#[derive(Default)]
pub(crate) struct StringTable {
    ids: HashMap<String, u32>,
    lists: Option<ListsWriter>,
}

impl StringTable {
    pub(crate) fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        let lists = self.lists.get_or_insert_with(ListsWriter::new);
        let id = lists.len() as u32;
        lists.push_bytes(s.as_bytes());
        self.ids.insert(s.to_string(), id);
        id
    }

    pub(crate) fn len(&self) -> usize {
        self.ids.len()
    }

    pub(crate) fn finish(self) -> (Vec<u8>, Vec<u8>) {
        self.lists.unwrap_or_default().finish()
    }
}

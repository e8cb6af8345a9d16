//! Step 6 of the build: the lookup maps (Eircode → address point or history row, ECAD id →
//! entity) and the facts about codes and towns kept in the meta section.

use std::collections::HashMap;

use crate::ecad::{Dataset, History};
use crate::error::Result;
use crate::index::meta::{EntityKind, Meta};
use crate::index::tables::{AddressPointRow, BuildingRow, ElementKind};

use super::elements::PendingElement;
use super::{build_error, HISTORY_FLAG};

/// The history rows in index order: by ECAD id, then change date.
pub(super) fn history(ds: &Dataset) -> Vec<History> {
    let mut history: Vec<History> = ds.history.clone();
    history.sort_by(|a, b| {
        a.ecad_id
            .cmp(&b.ecad_id)
            .then_with(|| a.change_date.cmp(&b.change_date))
    });
    history
}

/// The Eircode map (fst, upper-case keys) and its size: each current Eircode to its address
/// point's ordinal, each historical one to its history row (flagged). Current Eircodes win
/// over historical ones; among equals, the lower value.
pub(super) fn eircodes(
    ds: &Dataset,
    ap_ord_of: &HashMap<u64, u32>,
    history: &[History],
) -> Result<(Vec<u8>, u64)> {
    let mut keys: Vec<(String, u64)> = Vec::with_capacity(ap_ord_of.len());
    for (ap, row) in ds.address_points.iter().filter_map(|ap| {
        let ord = *ap_ord_of.get(&ap.id)?;
        Some((ap, ord))
    }) {
        if let Some(e) = ap.eircode.as_deref() {
            keys.push((e.to_ascii_uppercase(), u64::from(row)));
        }
    }
    for (h, row) in history.iter().enumerate() {
        if let Some(e) = row.eircode.as_deref() {
            keys.push((e.to_ascii_uppercase(), HISTORY_FLAG | h as u64));
        }
    }
    keys.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    keys.dedup_by(|b, a| a.0 == b.0);
    let mut fst = fst::MapBuilder::memory();
    for (k, v) in &keys {
        fst.insert(k.as_bytes(), *v)
            .map_err(|e| build_error("eircodes", e))?;
    }
    let count = keys.len() as u64;
    let bytes = fst.into_inner().map_err(|e| build_error("eircodes", e))?;
    Ok((bytes, count))
}

/// The id map (fst, big-endian ids) and its size: every element but building names, every
/// building, address point and history row, by ECAD id (the first of a repeated id wins).
pub(super) fn ids(
    elements: &[PendingElement],
    buildings: &[BuildingRow],
    aps: &[AddressPointRow],
    history: &[History],
    meta: &Meta,
) -> Result<(Vec<u8>, u64)> {
    let mut ids: Vec<(u64, u64)> = Vec::with_capacity(elements.len() + buildings.len() + aps.len());
    for (ord, e) in elements.iter().enumerate() {
        if e.row.kind != ElementKind::BuildingName {
            ids.push((e.row.id, EntityKind::Element.pack(ord as u32)));
        }
    }
    for (ord, b) in buildings.iter().enumerate() {
        ids.push((
            meta.building_id_base + u64::from(b.id_offset),
            EntityKind::Building.pack(ord as u32),
        ));
    }
    for (ord, a) in aps.iter().enumerate() {
        ids.push((
            meta.address_point_id_base + u64::from(a.id_offset),
            EntityKind::AddressPoint.pack(ord as u32),
        ));
    }
    for (h, row) in history.iter().enumerate() {
        ids.push((row.ecad_id, EntityKind::History.pack(h as u32)));
    }
    ids.sort_unstable();
    ids.dedup_by(|b, a| a.0 == b.0);
    let mut fst = fst::MapBuilder::memory();
    for (id, v) in &ids {
        fst.insert(id.to_be_bytes(), *v)
            .map_err(|e| build_error("ids", e))?;
    }
    let count = ids.len() as u64;
    let bytes = fst.into_inner().map_err(|e| build_error("ids", e))?;
    Ok((bytes, count))
}

/// The routing keys of the data's Eircodes, sorted.
pub(super) fn routing_keys(ds: &Dataset) -> Vec<String> {
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

/// UK post towns whose name no Irish post town or locality shares (`BELFAST`, `ABERDEEN`; not
/// `BANGOR`, which Mayo has too), normalised.
pub(super) fn uk_only_towns(ds: &Dataset) -> Vec<String> {
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

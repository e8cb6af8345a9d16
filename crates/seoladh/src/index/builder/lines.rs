//! The number line table: each house number with the beginnings of the names of the line it
//! is written on (its building group, its street, or its locality when it has neither), and
//! each unit number with those of the line after it (its building's name; the building's
//! group, street or locality when the building has neither name nor number). Autocomplete
//! reads the streets of `84 Park D` from it: those holding a house 84 whose name begins
//! `PARK D…` (`search::lines`).

use std::collections::HashMap;

use rayon::prelude::*;

use crate::ecad::Dataset;
use crate::index::natural_key;
use crate::index::tables::{BuildingRow, NumberLineRow, PlaceRow, NONE, UNIT_LINE};

/// The value of a house number or unit name ([`natural_key`]), or [`NONE`] when it has no
/// number a table row can key.
fn value(number: Option<&str>) -> u32 {
    match natural_key(number.unwrap_or("")).0 {
        n if n >= UNIT_LINE => NONE,
        n => n,
    }
}

/// Each building's house number value in index order ([`NONE`] when it has no number).
pub(super) fn house_numbers(ds: &Dataset, building_order: &[usize]) -> Vec<u32> {
    building_order
        .iter()
        .map(|&i| value(ds.buildings[i].number.as_deref()))
        .collect()
}

/// Each address point's unit number value in index order (the first number of its
/// sub-building name, `27` of `APARTMENT 27`; [`NONE`] when it has none).
pub(super) fn unit_numbers(ds: &Dataset, ap_ord_of: &HashMap<u64, u32>) -> Vec<u32> {
    let mut units = vec![NONE; ap_ord_of.len()];
    for ap in &ds.address_points {
        if let Some(slot) = ap_ord_of
            .get(&ap.id)
            .and_then(|&o| units.get_mut(o as usize))
        {
            *slot = value(ap.sub_building_name.as_deref());
        }
    }
    units
}

/// The elements of the line a house number of place `p` is written on.
fn house_lines(p: &PlaceRow) -> [u32; 2] {
    match (p.group, p.thoroughfare) {
        (NONE, NONE) => [p.locality, NONE],
        (g, t) => [g, t],
    }
}

/// The sorted, distinct rows of the table. `heads` are each element's name beginnings
/// (`terms::TermSections::heads`), `numbers` each building's house number value and `units`
/// each address point's unit number value, both in index order.
pub(super) fn number_lines(
    places: &[PlaceRow],
    buildings: &[BuildingRow],
    numbers: &[u32],
    units: &[u32],
    heads: &[Vec<(u32, u32)>],
) -> Vec<NumberLineRow> {
    let rows_of = |number: u32, e: u32, out: &mut Vec<NumberLineRow>| {
        for &(first, second) in heads.get(e as usize).map_or(&[][..], Vec::as_slice) {
            out.push(NumberLineRow {
                number,
                first,
                second,
                element: e,
            });
        }
    };
    let mut rows: Vec<NumberLineRow> = places
        .par_iter()
        .flat_map_iter(|p| {
            let start = p.building_start as usize;
            let end = (start + p.building_count as usize).min(numbers.len());
            let numbers = numbers.get(start..end).unwrap_or_default();
            let mut values: Vec<u32> = numbers.iter().copied().filter(|&n| n != NONE).collect();
            values.sort_unstable();
            values.dedup();
            // The number goes before the group or the first street (a second street is a line
            // of its own).
            let mut out = Vec::new();
            for e in house_lines(p).into_iter().filter(|&e| e != NONE) {
                for &number in &values {
                    rows_of(number, e, &mut out);
                }
            }
            // A unit's line is followed by its building's name, or by the place's line when
            // the building has neither name nor number.
            let rows = buildings.get(start..end).unwrap_or_default();
            for (row, &number) in rows.iter().zip(numbers) {
                let lines = match (row.name, number) {
                    (NONE, NONE) => house_lines(p),
                    (NONE, _) => continue,
                    (name, _) => [name, NONE],
                };
                let first = row.ap_start as usize;
                let points = units.get(first..first + usize::from(row.ap_count));
                let mut values: Vec<u32> = (points.unwrap_or_default().iter())
                    .filter(|&&n| n != NONE)
                    .map(|&n| n | UNIT_LINE)
                    .collect();
                values.sort_unstable();
                values.dedup();
                for e in lines.into_iter().filter(|&e| e != NONE) {
                    for &number in &values {
                        rows_of(number, e, &mut out);
                    }
                }
            }
            out
        })
        .collect();
    rows.par_sort_unstable();
    rows.dedup();
    rows
}

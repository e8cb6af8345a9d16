//! The number line table: each house number with the beginnings of the names of the line it
//! is written on (its building group, its streets, or its locality when it has neither).
//! Autocomplete reads the streets of `84 Park D` from it: those holding a house 84 whose name
//! begins `PARK D…` (`search::lines`).

use rayon::prelude::*;

use crate::ecad::Dataset;
use crate::index::natural_key;
use crate::index::tables::{NumberLineRow, PlaceRow, NONE};

/// Each building's house number value in index order ([`natural_key`]; [`NONE`] when it has
/// no number).
pub(super) fn house_numbers(ds: &Dataset, building_order: &[usize]) -> Vec<u32> {
    building_order
        .iter()
        .map(|&i| {
            let number = ds.buildings[i].number.as_deref().unwrap_or("");
            match natural_key(number).0 {
                n if n >= NONE - 1 => NONE,
                n => n,
            }
        })
        .collect()
}

/// The sorted, distinct rows of the table. `heads` are each element's name beginnings
/// (`terms::TermSections::heads`), `numbers` each building's house number value.
pub(super) fn number_lines(
    places: &[PlaceRow],
    numbers: &[u32],
    heads: &[Vec<(u32, u32)>],
) -> Vec<NumberLineRow> {
    let mut rows: Vec<NumberLineRow> = places
        .par_iter()
        .flat_map_iter(|p| {
            let start = p.building_start as usize;
            let end = (start + p.building_count as usize).min(numbers.len());
            let mut values: Vec<u32> = numbers[start.min(end)..end]
                .iter()
                .copied()
                .filter(|&n| n != NONE)
                .collect();
            values.sort_unstable();
            values.dedup();
            // The number goes before the group or the first street (a second street is a line
            // of its own).
            let lines = match (p.group, p.thoroughfare) {
                (NONE, NONE) => [p.locality, NONE],
                (g, t) => [g, t],
            };
            let mut out = Vec::new();
            for e in lines.into_iter().filter(|&e| e != NONE) {
                let Some(head) = heads.get(e as usize) else {
                    continue;
                };
                for &(first, second) in head {
                    out.extend(values.iter().map(|&number| NumberLineRow {
                        number,
                        first,
                        second,
                        element: e,
                    }));
                }
            }
            out
        })
        .collect();
    rows.par_sort_unstable();
    rows.dedup();
    rows
}

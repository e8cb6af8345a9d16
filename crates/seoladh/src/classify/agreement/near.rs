//! Whether a candidate lies inside a locality the input names, or at its edge: the vanity or
//! neighbouring locality people write instead of the one in their postal address, decided from
//! the coordinates of the data (ITM, `SPATIAL_INFO.csv`).

use crate::index::store::StoredSpatial;
use crate::index::{ElementKind, EntityKind, Index};
use crate::limits::MAX_NEAR_ELEMENTS;
use crate::search::Candidate;

/// How far outside a locality's box (or from its point, when it has none) an address may lie
/// and still be in it as people write it: the width of a few streets.
pub const NEAR_METRES: f64 = 300.0;

/// An area in ITM millimetres: a box, or a point when its min and max are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Area {
    min: (i64, i64),
    max: (i64, i64),
}

impl Area {
    fn of(s: &StoredSpatial) -> Option<Area> {
        // Accuracy 4 is unverified and must not be used (`ecad-model.md` §3).
        if s.accuracy == 4 {
            return None;
        }
        Some(match &s.boxes {
            Some(b) => Area {
                min: (b.itm_min.0, b.itm_min.1),
                max: (b.itm_max.0, b.itm_max.1),
            },
            None => Area {
                min: (s.itm.0, s.itm.1),
                max: (s.itm.0, s.itm.1),
            },
        })
    }

    /// Distance in metres from point `p` (millimetres) to the area (0 inside it).
    fn distance(&self, p: (i64, i64)) -> f64 {
        let gap = |v: i64, lo: i64, hi: i64| (lo - v).max(v - hi).max(0) as f64 / 1_000.0;
        gap(p.0, self.min.0, self.max.0).hypot(gap(p.1, self.min.1, self.max.1))
    }
}

/// Areas and points read so far for one query (each is a record decode).
#[derive(Debug, Default)]
pub(super) struct Near {
    areas: Vec<(u32, Option<Area>)>,
    points: Vec<(u32, Option<(i64, i64)>)>,
}

impl Near {
    fn area(&mut self, index: &Index, element: u32) -> Option<Area> {
        if let Some((_, a)) = self.areas.iter().find(|(e, _)| *e == element) {
            return *a;
        }
        let a = index
            .record(EntityKind::Element, element)
            .and_then(|r| r.spatial)
            .and_then(|s| Area::of(&s));
        self.areas.push((element, a));
        a
    }

    /// Where the candidate is: its building, else the first building of its place.
    fn point(&mut self, index: &Index, c: &Candidate) -> Option<(i64, i64)> {
        let building = match c.building {
            Some(b) => b,
            None => index.place(c.place.place)?.building_start,
        };
        if let Some((_, p)) = self.points.iter().find(|(b, _)| *b == building) {
            return *p;
        }
        let p = index
            .record(EntityKind::Building, building)
            .and_then(|r| r.spatial)
            .and_then(|s| Area::of(&s))
            .map(|a| a.min);
        self.points.push((building, p));
        p
    }

    /// Whether one of the localities among `elements` holds the candidate, or nearly
    /// ([`NEAR_METRES`]).
    pub(super) fn any_near(&mut self, index: &Index, elements: &[u32], c: &Candidate) -> bool {
        let localities = elements
            .iter()
            .filter(|&&e| index.element_kind(e) == Some(ElementKind::Locality))
            .take(MAX_NEAR_ELEMENTS);
        let mut at = None;
        for &e in localities {
            let Some(area) = self.area(index, e) else {
                continue;
            };
            let Some(p) = at.or_else(|| self.point(index, c)) else {
                return false;
            };
            at = Some(p);
            if area.distance(p) <= NEAR_METRES {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_to_a_box_and_a_point() {
        let b = Area {
            min: (0, 0),
            max: (1_000_000, 2_000_000),
        };
        assert_eq!(b.distance((500_000, 500_000)), 0.0);
        assert_eq!(b.distance((1_300_000, 1_000_000)), 300.0);
        assert_eq!(b.distance((1_300_000, 2_400_000)), 500.0);
        let p = Area {
            min: (0, 0),
            max: (0, 0),
        };
        assert_eq!(p.distance((-3_000, 4_000)), 5.0);
    }
}

//! Address parts from the index tables, for the address builder (`ecad::address`): the same
//! rendering code serves the CSV layout and the engine's answers, so they always agree.

use smallvec::SmallVec;

use crate::ecad::address::{AddressParts, ElementType, Part};
use crate::ecad::render::same_name;
use crate::index::tables::{ElementKind, PlaceRow, NONE};
use crate::index::{Index, VariantTag};

/// The level an element-level address stops at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PlaceLevel {
    /// Everything of the place (building group and below it the streets …).
    BuildingGroup,
    /// From the primary thoroughfare down.
    Thoroughfare,
    /// From the primary locality down.
    Locality,
    /// The post town and county.
    PostTown,
    /// The county alone.
    County,
}

/// The parts of the last address rendered, for rendering many addresses of one place (options):
/// the place's slots are kept, the building's and address point's are overwritten in place.
#[derive(Debug, Default, Clone)]
pub struct PartsCache {
    /// (first building, end of its buildings) of the place whose slots `parts` holds.
    place: Option<(u32, u32)>,
    /// That place's parts, with the building and address point asked about last.
    parts: AddressParts,
}

impl Index {
    /// An element as an address part: its id, English and Irish names and element type.
    pub fn part(&self, element: u32) -> Option<Part> {
        if element == NONE {
            return None;
        }
        let row = self.element(element)?;
        let mut english = None;
        let mut irish = None;
        for v in self.variants(element) {
            match v.tag {
                VariantTag::English if english.is_none() => english = Some(v.name),
                VariantTag::Irish if irish.is_none() => irish = Some(v.name),
                _ => {}
            }
            // The aliases after them are not read.
            if english.is_some() && irish.is_some() {
                break;
            }
        }
        let mut part = Part::new(
            row.id,
            english?.to_string(),
            ElementType::from_code_or_unknown(u16::from(row.wire_type)),
        );
        if let Some(ga) = irish {
            part = part.with_irish(ga);
        }
        Some(part)
    }

    /// The elements of a place that take a line of its postal address, most specific first:
    /// group, thoroughfares, localities and post town, less one whose English name is the next
    /// one's (docs/ecad-layout.md §4 rule 5: the locality BALBRIGGAN gives way to the post town
    /// BALBRIGGAN, in Irish too).
    pub fn line_elements(&self, row: &PlaceRow) -> SmallVec<[u32; 6]> {
        let present: SmallVec<[u32; 6]> = row
            .line_slots()
            .into_iter()
            .filter(|&e| e != NONE)
            .collect();
        let mut out = SmallVec::new();
        for (i, &e) in present.iter().enumerate() {
            if !present
                .get(i + 1)
                .is_some_and(|&next| self.same_english_name(e, next))
            {
                out.push(e);
            }
        }
        out
    }

    /// Whether elements `a` and `b` have the same English name (case and outer spaces aside), as
    /// the postal address compares two lines.
    pub fn same_english_name(&self, a: u32, b: u32) -> bool {
        let english = |e: u32| {
            self.variants(e)
                .find(|v| v.tag == VariantTag::English)
                .map(|v| v.name)
        };
        matches!((english(a), english(b)), (Some(x), Some(y)) if same_name(x, y))
    }

    /// Every slot of a place's address, cleared above `level`'s scope: a thoroughfare-level
    /// address has no building group, a post-town address only town and counties.
    pub fn place_parts(&self, place: u32, level: PlaceLevel) -> Option<AddressParts> {
        let row = self.place(place)?;
        let keep = |l: PlaceLevel| level <= l;
        Some(AddressParts {
            building_group: keep(PlaceLevel::BuildingGroup)
                .then(|| self.part(row.group))
                .flatten(),
            primary_thoroughfare: keep(PlaceLevel::Thoroughfare)
                .then(|| self.part(row.thoroughfare))
                .flatten(),
            secondary_thoroughfare: keep(PlaceLevel::Thoroughfare)
                .then(|| self.part(row.thoroughfare2))
                .flatten(),
            primary_locality: keep(PlaceLevel::Locality)
                .then(|| self.part(row.locality))
                .flatten(),
            secondary_locality: keep(PlaceLevel::Locality)
                .then(|| self.part(row.locality2))
                .flatten(),
            post_town: keep(PlaceLevel::PostTown)
                .then(|| self.part(row.post_town))
                .flatten(),
            post_county: self.part(row.post_county),
            geographic_county: self.part(row.county),
            ..AddressParts::default()
        })
    }

    /// Every building-level slot of building `b`.
    pub fn building_parts(&self, b: u32) -> Option<AddressParts> {
        let mut cache = PartsCache::default();
        self.fill_building(b, &mut cache)?;
        Some(cache.parts)
    }

    /// [`Index::building_parts`], reusing the place's parts from `cache` when the last address
    /// asked about was in the same place (an option list of one street's houses).
    pub fn building_parts_cached<'c>(
        &self,
        b: u32,
        cache: &'c mut PartsCache,
    ) -> Option<&'c AddressParts> {
        self.fill_building(b, cache)?;
        Some(&cache.parts)
    }

    /// Every slot of address point `ap`'s address, with the organisation of lowest id there.
    pub fn address_point_parts(&self, ap: u32) -> Option<AddressParts> {
        let mut cache = PartsCache::default();
        self.fill_address_point(ap, &mut cache)?;
        Some(cache.parts)
    }

    /// [`Index::address_point_parts`] through a [`PartsCache`].
    pub fn address_point_parts_cached<'c>(
        &self,
        ap: u32,
        cache: &'c mut PartsCache,
    ) -> Option<&'c AddressParts> {
        self.fill_address_point(ap, cache)?;
        Some(&cache.parts)
    }

    /// Writes building `b`'s slots into `cache.parts` (and clears the address point's).
    fn fill_building(&self, b: u32, cache: &mut PartsCache) -> Option<()> {
        let row = self.building(b)?;
        if !cache
            .place
            .is_some_and(|(first, end)| (first..end).contains(&b))
        {
            cache.place = None;
            let place = self.place_of_building(b)?;
            let prow = self.place(place)?;
            cache.parts = self.place_parts(place, PlaceLevel::BuildingGroup)?;
            let end = prow.building_start.saturating_add(prow.building_count);
            cache.place = Some((prow.building_start, end));
        }
        let parts = &mut cache.parts;
        parts.building_id = self.building_id(b)?;
        match self.string(row.number) {
            Some(n) => {
                let number = parts.building_number.get_or_insert_with(String::new);
                number.clear();
                number.push_str(n);
            }
            None => parts.building_number = None,
        }
        parts.building_name = if row.name != NONE {
            self.part(row.name)
        } else {
            None
        };
        parts.address_point_id = 0;
        parts.eircode = None;
        parts.sub_building = None;
        parts.organisation = None;
        parts.department = None;
        Some(())
    }

    /// Writes address point `ap`'s slots (and its building's) into `cache.parts`.
    fn fill_address_point(&self, ap: u32, cache: &mut PartsCache) -> Option<()> {
        let row = self.address_point(ap)?;
        self.fill_building(row.building, cache)?;
        let parts = &mut cache.parts;
        parts.address_point_id = self.address_point_id(ap)?;
        parts.eircode = self.address_point_eircode(ap);
        if let Some(sub) = self.string(row.sub_building) {
            let mut part = Part::new(
                parts.address_point_id,
                sub.to_string(),
                ElementType::AddressPointName,
            );
            if let Some(ga) = self.string(row.sub_building_irish) {
                part = part.with_irish(ga);
            }
            parts.sub_building = Some(part);
        }
        if let Some(org) = self.organisations_at(ap).next() {
            parts.organisation = self.part(org.element);
            if let Some(dept) = self.string(org.department) {
                let id = parts.organisation.as_ref().map_or(0, |o| o.id);
                let mut part = Part::new(id, dept.to_string(), ElementType::Organisation);
                if let Some(ga) = self.string(org.department_irish) {
                    part = part.with_irish(ga);
                }
                parts.department = Some(part);
            }
        }
        Some(())
    }

    /// The kind of element `ord`, if it exists.
    pub fn element_kind(&self, ord: u32) -> Option<ElementKind> {
        Some(self.element(ord)?.kind)
    }
}

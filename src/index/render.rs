//! Address parts from the index tables, for the address builder (`ecad::address`): the same
//! rendering code serves the CSV layout and the engine's answers, so they always agree.

use crate::ecad::address::{AddressParts, ElementType, Part};
use crate::index::tables::{ElementKind, NONE};
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

/// The parts of the last place rendered, for rendering many addresses of one place (options).
#[derive(Debug, Default, Clone)]
pub struct PartsCache {
    /// (first building, end of its buildings, the place's parts).
    place: Option<(u32, u32, AddressParts)>,
}

impl ElementType {
    /// The element type of a wire code (`Unknown` for an unassigned one).
    pub fn from_code(code: u16) -> ElementType {
        const ALL: [ElementType; 17] = [
            ElementType::Unknown,
            ElementType::Organisation,
            ElementType::AddressPointName,
            ElementType::BuildingName,
            ElementType::BuildingNumber,
            ElementType::BuildingGroup,
            ElementType::Thoroughfare,
            ElementType::Locality,
            ElementType::Village,
            ElementType::Town,
            ElementType::PostTown,
            ElementType::City,
            ElementType::DublinPostalArea,
            ElementType::County,
            ElementType::Eircode,
            ElementType::UrbanArea,
            ElementType::RuralLocality,
        ];
        ALL.into_iter()
            .find(|t| t.code() == code)
            .unwrap_or(ElementType::Unknown)
    }
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
        }
        let mut part = Part::new(
            row.id,
            english?.to_string(),
            ElementType::from_code(u16::from(row.wire_type)),
        );
        if let Some(ga) = irish {
            part = part.with_irish(ga);
        }
        Some(part)
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
        self.building_parts_cached(b, &mut PartsCache::default())
    }

    /// [`Index::building_parts`], reusing the place's parts from `cache` when the last building
    /// asked about was in the same place (an option list of one street's houses).
    pub fn building_parts_cached(&self, b: u32, cache: &mut PartsCache) -> Option<AddressParts> {
        let row = self.building(b)?;
        let mut parts = match &cache.place {
            Some((first, last, parts)) if (*first..*last).contains(&b) => parts.clone(),
            _ => {
                let place = self.place_of_building(b)?;
                let prow = self.place(place)?;
                let parts = self.place_parts(place, PlaceLevel::BuildingGroup)?;
                let end = prow.building_start.saturating_add(prow.building_count);
                cache.place = Some((prow.building_start, end, parts.clone()));
                parts
            }
        };
        parts.building_id = self.building_id(b)?;
        parts.building_number = self.string(row.number).map(str::to_string);
        if row.name != NONE {
            parts.building_name = self.part(row.name);
        }
        Some(parts)
    }

    /// Every slot of address point `ap`'s address, with the organisation of lowest id there.
    pub fn address_point_parts(&self, ap: u32) -> Option<AddressParts> {
        self.address_point_parts_cached(ap, &mut PartsCache::default())
    }

    /// [`Index::address_point_parts`] through a [`PartsCache`].
    pub fn address_point_parts_cached(
        &self,
        ap: u32,
        cache: &mut PartsCache,
    ) -> Option<AddressParts> {
        let row = self.address_point(ap)?;
        let mut parts = self.building_parts_cached(row.building, cache)?;
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
        Some(parts)
    }

    /// The kind of element `ord`, if it exists.
    pub fn element_kind(&self, ord: u32) -> Option<ElementKind> {
        Some(self.element(ord)?.kind)
    }
}

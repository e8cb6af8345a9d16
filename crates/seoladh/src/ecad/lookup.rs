//! Id → row maps over a [`Dataset`], and the resolution of an address point or an element into
//! [`AddressParts`] for the builders.

use rayon::prelude::*;

use super::address::{address_lines_rows, AddressParts, ElementType, Part};
use super::ids::IdMap;
use super::{Building, Dataset, NamedElement};

/// Id → row index maps over a dataset, built once; every lookup is then O(1).
#[derive(Debug)]
pub struct Lookup<'a> {
    ds: &'a Dataset,
    counties: IdMap<usize>,
    post_towns: IdMap<usize>,
    localities: IdMap<usize>,
    thoroughfares: IdMap<usize>,
    building_groups: IdMap<usize>,
    buildings: IdMap<usize>,
    address_points: IdMap<usize>,
    organisations: IdMap<usize>,
    /// The organisation shown for an address point: the lowest `ORGANISATION_ID` there.
    organisation_of_point: IdMap<usize>,
    /// The first building (file order) linked to each group, thoroughfare and locality: it
    /// supplies the post town and county of the element's own address.
    group_building: IdMap<usize>,
    thoroughfare_building: IdMap<usize>,
    locality_building: IdMap<usize>,
}

fn index<T>(rows: &[T], id: impl Fn(&T) -> u64) -> IdMap<usize> {
    let mut map = IdMap::with_capacity_and_hasher(rows.len(), Default::default());
    for (i, row) in rows.iter().enumerate() {
        // The first row wins, as in the validating reader.
        map.entry(id(row)).or_insert(i);
    }
    map
}

impl<'a> Lookup<'a> {
    /// Builds the maps (one pass over each table).
    pub fn new(ds: &'a Dataset) -> Self {
        let mut organisation_of_point: IdMap<usize> = IdMap::default();
        for (i, org) in ds.organisations.iter().enumerate() {
            let slot = organisation_of_point
                .entry(org.address_point_id)
                .or_insert(i);
            let better = ds
                .organisations
                .get(*slot)
                .is_some_and(|current| org.id < current.id);
            if better {
                *slot = i;
            }
        }
        let mut group_building = IdMap::default();
        let mut thoroughfare_building = IdMap::default();
        let mut locality_building = IdMap::default();
        for (i, b) in ds.buildings.iter().enumerate() {
            if let Some(g) = b.building_group_id {
                group_building.entry(g).or_insert(i);
            }
            for t in [b.primary_thoroughfare_id, b.secondary_thoroughfare_id]
                .into_iter()
                .flatten()
            {
                thoroughfare_building.entry(t).or_insert(i);
            }
            for l in [b.primary_locality_id, b.secondary_locality_id]
                .into_iter()
                .flatten()
            {
                locality_building.entry(l).or_insert(i);
            }
        }
        Lookup {
            ds,
            counties: index(&ds.counties, |r| r.id),
            post_towns: index(&ds.post_towns, |r| r.id),
            localities: index(&ds.localities, |r| r.id),
            thoroughfares: index(&ds.thoroughfares, |r| r.id),
            building_groups: index(&ds.building_groups, |r| r.id),
            buildings: index(&ds.buildings, |r| r.id),
            address_points: index(&ds.address_points, |r| r.id),
            organisations: index(&ds.organisations, |r| r.id),
            organisation_of_point,
            group_building,
            thoroughfare_building,
            locality_building,
        }
    }

    /// The dataset the maps point into.
    pub fn dataset(&self) -> &'a Dataset {
        self.ds
    }

    /// The building row with this id.
    pub fn building(&self, id: u64) -> Option<&'a Building> {
        self.buildings
            .get(&id)
            .and_then(|&i| self.ds.buildings.get(i))
    }

    /// Every slot of an address point's address, or `None` when the id is not an address point or
    /// its building is missing.
    pub fn address_point_parts(&self, ap_id: u64) -> Option<AddressParts> {
        let org = self
            .organisation_of_point
            .get(&ap_id)
            .and_then(|&i| self.ds.organisations.get(i));
        self.point_parts(ap_id, org)
    }

    fn point_parts(
        &self,
        ap_id: u64,
        org: Option<&'a super::Organisation>,
    ) -> Option<AddressParts> {
        let ap = self
            .address_points
            .get(&ap_id)
            .and_then(|&i| self.ds.address_points.get(i))?;
        let building = self.building(ap.building_id)?;
        let mut parts = self.building_parts(building);
        parts.address_point_id = ap.id;
        parts.eircode = ap.eircode.clone();
        parts.sub_building = ap.sub_building_name.as_ref().map(|name| Part {
            id: ap.id,
            english: name.clone(),
            irish: non_empty(&ap.sub_building_name_irish),
            kind: ElementType::AddressPointName,
        });
        if let Some(org) = org {
            parts.organisation = Some(Part {
                id: org.id,
                english: org.name.clone(),
                irish: non_empty(&org.name_irish),
                kind: ElementType::Organisation,
            });
            parts.department = org.department.as_ref().map(|d| Part {
                id: org.id,
                english: d.clone(),
                irish: non_empty(&org.department_irish),
                kind: ElementType::Organisation,
            });
        }
        Some(parts)
    }

    /// The address of any element: an address point, organisation, building, building group,
    /// thoroughfare (`DAME STREET | DUBLIN 2`), locality, post town or county. Elements above
    /// building level take their post town and county from the first building linked to them.
    pub fn element_parts(&self, id: u64) -> Option<AddressParts> {
        if self.address_points.contains_key(&id) {
            return self.address_point_parts(id);
        }
        if let Some(org) = self
            .organisations
            .get(&id)
            .and_then(|&i| self.ds.organisations.get(i))
        {
            return self.point_parts(org.address_point_id, Some(org));
        }
        if let Some(b) = self.building(id) {
            return Some(self.building_parts(b));
        }
        if let Some(g) = self.named(&self.building_groups, &self.ds.building_groups, id) {
            let mut parts = self.representative(&self.group_building, id);
            parts.building_group = Some(named_part(g, ElementType::BuildingGroup));
            return Some(parts);
        }
        if let Some(t) = self.named(&self.thoroughfares, &self.ds.thoroughfares, id) {
            let mut parts = self.representative(&self.thoroughfare_building, id);
            parts.building_group = None;
            let was_primary = parts
                .primary_thoroughfare
                .as_ref()
                .is_some_and(|p| p.id == id);
            if !was_primary {
                parts.secondary_thoroughfare = None;
            }
            parts.primary_thoroughfare = Some(named_part(t, ElementType::Thoroughfare));
            return Some(parts);
        }
        if let Some(l) = self.named(&self.localities, &self.ds.localities, id) {
            let mut parts = self.representative(&self.locality_building, id);
            parts.building_group = None;
            parts.primary_thoroughfare = None;
            parts.secondary_thoroughfare = None;
            let was_primary = parts.primary_locality.as_ref().is_some_and(|p| p.id == id);
            if !was_primary {
                parts.secondary_locality = None;
            }
            parts.primary_locality = Some(named_part(l, ElementType::for_locality(l.address_type)));
            return Some(parts);
        }
        if let Some(town) = self
            .post_towns
            .get(&id)
            .and_then(|&i| self.ds.post_towns.get(i))
        {
            let county = self.county_part(town.county_id);
            return Some(AddressParts {
                post_town: self.post_town_part(town.id),
                post_county: county.clone(),
                geographic_county: county,
                ..AddressParts::default()
            });
        }
        if self.counties.contains_key(&id) {
            let county = self.county_part(id);
            return Some(AddressParts {
                post_county: county.clone(),
                geographic_county: county,
                ..AddressParts::default()
            });
        }
        None
    }

    /// The parts an element above building level shares with its first building: localities,
    /// post town and counties (building-specific slots cleared).
    fn representative(&self, map: &IdMap<usize>, id: u64) -> AddressParts {
        match map.get(&id).and_then(|&i| self.ds.buildings.get(i)) {
            Some(b) => {
                let mut parts = self.building_parts(b);
                parts.building_id = 0;
                parts.building_name = None;
                parts.building_number = None;
                parts
            }
            None => AddressParts::default(),
        }
    }

    fn named(
        &self,
        map: &IdMap<usize>,
        rows: &'a [NamedElement],
        id: u64,
    ) -> Option<&'a NamedElement> {
        map.get(&id).and_then(|&i| rows.get(i))
    }

    /// Every building-level slot (no address point, organisation or Eircode).
    pub fn building_parts(&self, b: &Building) -> AddressParts {
        let thoroughfare = |id: Option<u64>| {
            id.and_then(|id| self.named(&self.thoroughfares, &self.ds.thoroughfares, id))
                .map(|t| named_part(t, ElementType::Thoroughfare))
        };
        let locality = |id: Option<u64>| {
            id.and_then(|id| self.named(&self.localities, &self.ds.localities, id))
                .map(|l| named_part(l, ElementType::for_locality(l.address_type)))
        };
        AddressParts {
            building_id: b.id,
            building_name: b.name.as_ref().map(|name| Part {
                id: b.id,
                english: name.clone(),
                irish: non_empty(&b.name_irish),
                kind: ElementType::BuildingName,
            }),
            building_number: b.number.clone(),
            building_group: b
                .building_group_id
                .and_then(|id| self.named(&self.building_groups, &self.ds.building_groups, id))
                .map(|g| named_part(g, ElementType::BuildingGroup)),
            primary_thoroughfare: thoroughfare(b.primary_thoroughfare_id),
            secondary_thoroughfare: thoroughfare(b.secondary_thoroughfare_id),
            primary_locality: locality(b.primary_locality_id),
            secondary_locality: locality(b.secondary_locality_id),
            post_town: self.post_town_part(b.post_town_id),
            post_county: self.county_part(b.post_county_id),
            geographic_county: self.county_part(b.county_id),
            ..AddressParts::default()
        }
    }

    fn post_town_part(&self, id: u64) -> Option<Part> {
        let t = self
            .post_towns
            .get(&id)
            .and_then(|&i| self.ds.post_towns.get(i))?;
        Some(Part {
            id: t.id,
            english: t.name.clone(),
            irish: non_empty(&t.name_irish),
            kind: ElementType::for_post_town(t.address_type),
        })
    }

    fn county_part(&self, id: u64) -> Option<Part> {
        let c = self
            .counties
            .get(&id)
            .and_then(|&i| self.ds.counties.get(i))?;
        Some(Part {
            id: c.id,
            english: c.name.clone(),
            irish: non_empty(&c.name_irish),
            kind: ElementType::County,
        })
    }
}

fn non_empty(s: &Option<String>) -> Option<String> {
    s.as_ref().filter(|s| !s.trim().is_empty()).cloned()
}

fn named_part(e: &NamedElement, kind: ElementType) -> Part {
    Part {
        id: e.id,
        english: e.name.clone(),
        irish: non_empty(&e.name_irish),
        kind,
    }
}

/// Fills `postal_addresses` and `geographic_addresses` with one row per address point, in
/// `ADDRESS_POINT` order (rendered in parallel, collected in order). An address point whose
/// building is missing gets no row; the validating reader never lets one through.
pub fn derive_address_tables(ds: &mut Dataset) {
    let (postal, geographic): (Vec<_>, Vec<_>) = {
        let lookup = Lookup::new(ds);
        ds.address_points
            .par_iter()
            .filter_map(|ap| lookup.address_point_parts(ap.id))
            .map(|parts| address_lines_rows(&parts))
            .unzip()
    };
    ds.postal_addresses = postal;
    ds.geographic_addresses = geographic;
}

//! Steps 1 and 4 of the build: every named thing becomes an element with its name variants
//! (English, Irish, aliases). Named elements (counties → building groups) come first, sorted by
//! id; building names and organisations follow once buildings and address points are ordered.

use std::collections::HashMap;

use crate::ecad::address::ElementType;
use crate::ecad::{AliasTable, Dataset};
use crate::index::tables::{
    AddressPointRow, BuildingRow, ElementKind, ElementRow, OrganisationRow, NONE,
};
use crate::index::VariantTag;

use super::layout::StringTable;

/// An element awaiting its ordinal, with its name variants.
pub(super) struct PendingElement {
    pub(super) row: ElementRow,
    pub(super) variants: Vec<(VariantTag, String)>,
}

/// Aliases per (table, element id), ordered by alias id.
pub(super) type AliasMap = HashMap<(AliasTable, u64), Vec<(u8, String)>>;

pub(super) fn alias_maps(ds: &Dataset) -> AliasMap {
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

fn sorted_by_id<T>(rows: &[T], id: impl Fn(&T) -> u64) -> Vec<&T> {
    let mut v: Vec<&T> = rows.iter().collect();
    v.sort_by_key(|r| id(r));
    v
}

/// The elements in ordinal order, and the ordinal of each (kind, ECAD id).
pub(super) struct ElementTable<'a> {
    pub(super) elements: Vec<PendingElement>,
    ordinal_of: HashMap<(ElementKind, u64), u32>,
    aliases: &'a AliasMap,
}

/// What one named element is, before it has an ordinal.
struct Named<'n> {
    kind: ElementKind,
    id: u64,
    wire: ElementType,
    address_type: u16,
    irish_verification: u8,
    english: &'n str,
    irish: Option<&'n str>,
    alias_table: AliasTable,
}

impl<'a> ElementTable<'a> {
    /// Step 1: counties, post towns, localities, thoroughfares and building groups, each kind
    /// sorted by id; post towns then link to their county.
    pub(super) fn named(ds: &Dataset, aliases: &'a AliasMap) -> ElementTable<'a> {
        let mut t = ElementTable {
            elements: Vec::new(),
            ordinal_of: HashMap::new(),
            aliases,
        };
        for c in sorted_by_id(&ds.counties, |c| c.id) {
            t.push_named(Named {
                kind: ElementKind::County,
                id: c.id,
                wire: ElementType::County,
                address_type: c.address_type,
                irish_verification: c.irish_verification,
                english: &c.name,
                irish: c.name_irish.as_deref(),
                alias_table: AliasTable::County,
            });
        }
        for p in sorted_by_id(&ds.post_towns, |p| p.id) {
            t.push_named(Named {
                kind: ElementKind::PostTown,
                id: p.id,
                wire: ElementType::for_post_town(p.address_type),
                address_type: p.address_type,
                irish_verification: p.irish_verification,
                english: &p.name,
                irish: p.name_irish.as_deref(),
                alias_table: AliasTable::PostTown,
            });
        }
        for (kind, rows, alias_table) in [
            (ElementKind::Locality, &ds.localities, AliasTable::Locality),
            (
                ElementKind::Thoroughfare,
                &ds.thoroughfares,
                AliasTable::Thoroughfare,
            ),
            (
                ElementKind::BuildingGroup,
                &ds.building_groups,
                AliasTable::BuildingGroup,
            ),
        ] {
            for e in sorted_by_id(rows, |e| e.id) {
                let wire = match kind {
                    ElementKind::Locality => ElementType::for_locality(e.address_type),
                    ElementKind::Thoroughfare => ElementType::Thoroughfare,
                    _ => ElementType::BuildingGroup,
                };
                t.push_named(Named {
                    kind,
                    id: e.id,
                    wire,
                    address_type: e.address_type,
                    irish_verification: e.irish_verification,
                    english: &e.name,
                    irish: e.name_irish.as_deref(),
                    alias_table,
                });
            }
        }
        t.link_post_towns(ds);
        t
    }

    fn push_named(&mut self, n: Named<'_>) {
        let ord = self.elements.len() as u32;
        self.ordinal_of.entry((n.kind, n.id)).or_insert(ord);
        let mut variants = vec![(VariantTag::English, n.english.to_string())];
        if let Some(ga) = n.irish.filter(|g| !g.trim().is_empty() && *g != n.english) {
            variants.push((VariantTag::Irish, ga.to_string()));
        }
        self.push_aliases(n.alias_table, n.id, &mut variants);
        self.elements.push(PendingElement {
            row: ElementRow {
                id: n.id,
                kind: n.kind,
                wire_type: n.wire.code() as u8,
                address_type: n.address_type,
                irish_verification: n.irish_verification,
                flags: 0,
                link: NONE,
            },
            variants,
        });
    }

    fn push_aliases(&self, table: AliasTable, id: u64, variants: &mut Vec<(VariantTag, String)>) {
        for (ty, name) in self.aliases.get(&(table, id)).into_iter().flatten() {
            variants.push((VariantTag::alias(*ty), name.clone()));
        }
    }

    /// Post towns link to their county and know whether the county line is omitted.
    fn link_post_towns(&mut self, ds: &Dataset) {
        let county_names: HashMap<u64, &str> = ds
            .counties
            .iter()
            .map(|c| (c.id, c.name.as_str()))
            .collect();
        for p in &ds.post_towns {
            if let Some(&ord) = self.ordinal_of.get(&(ElementKind::PostTown, p.id)) {
                let county = self.ordinal(ElementKind::County, Some(p.county_id));
                let row = &mut self.elements[ord as usize].row;
                row.link = county;
                if county_names.get(&p.county_id) == Some(&p.name.as_str()) {
                    row.flags |= ElementRow::COUNTY_NAMED;
                }
                if ElementType::for_post_town(p.address_type) == ElementType::DublinPostalArea {
                    row.flags |= ElementRow::DUBLIN_DISTRICT;
                }
            }
        }
    }

    /// The ordinal of element (`kind`, `id`), or [`NONE`].
    pub(super) fn ordinal(&self, kind: ElementKind, id: Option<u64>) -> u32 {
        id.and_then(|id| self.ordinal_of.get(&(kind, id)).copied())
            .unwrap_or(NONE)
    }

    /// Step 4a: every named building becomes an element linked to its building (ordinal in
    /// `building_order`), and the building row points at it.
    pub(super) fn add_building_names(
        &mut self,
        ds: &Dataset,
        building_order: &[usize],
        buildings: &mut [BuildingRow],
    ) {
        for (ord, &i) in building_order.iter().enumerate() {
            let b = &ds.buildings[i];
            let Some(name) = b.name.as_deref().filter(|n| !n.trim().is_empty()) else {
                continue;
            };
            let mut variants = vec![(VariantTag::English, name.to_string())];
            if let Some(ga) = b.name_irish.as_deref().filter(|g| *g != name) {
                variants.push((VariantTag::Irish, ga.to_string()));
            }
            self.push_aliases(AliasTable::Building, b.id, &mut variants);
            buildings[ord].name = self.elements.len() as u32;
            self.elements.push(PendingElement {
                row: ElementRow {
                    id: b.id,
                    kind: ElementKind::BuildingName,
                    wire_type: ElementType::BuildingName.code() as u8,
                    address_type: b.address_type,
                    irish_verification: b.irish_verification,
                    flags: 0,
                    link: ord as u32,
                },
                variants,
            });
        }
    }

    /// Step 4b: every organisation at a known address point becomes an element linked to it
    /// (in address-point order, then id), with its department; the address point is flagged.
    /// Returns the organisation rows and how many organisations had no known address point.
    pub(super) fn add_organisations(
        &mut self,
        ds: &Dataset,
        ap_ord_of: &HashMap<u64, u32>,
        aps: &mut [AddressPointRow],
        strings: &mut StringTable,
    ) -> (Vec<OrganisationRow>, u64) {
        let mut orgs: Vec<(u32, u64, usize)> = ds
            .organisations
            .iter()
            .enumerate()
            .filter_map(|(i, o)| Some((*ap_ord_of.get(&o.address_point_id)?, o.id, i)))
            .collect();
        orgs.sort_unstable();
        let skipped = (ds.organisations.len() - orgs.len()) as u64;
        let mut org_rows = Vec::with_capacity(orgs.len());
        for &(ap, id, i) in &orgs {
            let o = &ds.organisations[i];
            let el = self.elements.len() as u32;
            self.ordinal_of
                .entry((ElementKind::Organisation, id))
                .or_insert(el);
            let mut variants = vec![(VariantTag::English, o.name.clone())];
            if let Some(ga) = o.name_irish.as_deref().filter(|g| *g != o.name) {
                variants.push((VariantTag::Irish, ga.to_string()));
            }
            self.push_aliases(AliasTable::Organisation, id, &mut variants);
            self.elements.push(PendingElement {
                row: ElementRow {
                    id,
                    kind: ElementKind::Organisation,
                    wire_type: ElementType::Organisation.code() as u8,
                    address_type: 2000,
                    irish_verification: 0,
                    flags: 0,
                    link: ap,
                },
                variants,
            });
            aps[ap as usize].flags |= AddressPointRow::HAS_ORGANISATION;
            org_rows.push(OrganisationRow {
                address_point: ap,
                element: el,
                department: o.department.as_deref().map_or(NONE, |s| strings.intern(s)),
                department_irish: o
                    .department_irish
                    .as_deref()
                    .map_or(NONE, |s| strings.intern(s)),
            });
        }
        (org_rows, skipped)
    }

    /// The elements, done with ordinals.
    pub(super) fn into_elements(self) -> Vec<PendingElement> {
        self.elements
    }
}

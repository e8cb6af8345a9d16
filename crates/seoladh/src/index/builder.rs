//! Builds an index file from a validated [`Dataset`].
//!
//! The build is a fixed pipeline (see [`IndexBuilder::build`]): assign element ordinals, group
//! buildings into places, order buildings and address points naturally, tokenise every name
//! variant in parallel, then write each section. Every ordering has a final tie-break on the ECAD
//! id, so the same data always gives the same bytes.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;

use crate::ecad::address::ElementType;
use crate::ecad::{AliasTable, Dataset};
use crate::error::{Error, Result};
use crate::index::build_support::*;
use crate::index::format::{FileWriter, SectionId};
use crate::index::lists::ListsWriter;
use crate::index::meta::{EntityKind, Meta};
use crate::index::store;
use crate::index::tables::*;
use crate::index::{eircode_key, natural_key, Variant, VariantTag};

/// Reports build progress; the CLI shows it as a progress bar. All methods default to no-ops.
pub trait BuildProgress: Sync {
    /// A new phase starts, with `total` units of work (0 when unknown).
    fn phase(&self, _name: &str, _total: u64) {}
    /// `n` more units of the current phase are done.
    fn advance(&self, _n: u64) {}
}

/// A progress sink that ignores everything.
pub struct NoProgress;
impl BuildProgress for NoProgress {}

/// Builds index files. Options live here so that adding one changes no signature.
#[derive(Debug, Clone, Default)]
pub struct IndexBuilder {}

/// What a build produced: the file contents, ready to write, and its figures.
pub struct BuiltIndex {
    writer: FileWriter,
    /// Counts and facts also stored in the meta section.
    pub meta: Meta,
    /// Bytes of the record store sections.
    pub store_bytes: u64,
    /// Bytes of everything else (the search structures and the header).
    pub search_bytes: u64,
}

impl BuiltIndex {
    /// Writes the file to `out`; returns the bytes written.
    pub fn write_to<W: std::io::Write>(&self, out: W) -> std::io::Result<u64> {
        self.writer.write_to(out)
    }

    /// Writes the file to `path` atomically (a temporary file renamed into place), so a server
    /// watching `path` never sees a half-written index.
    pub fn write_file(&self, path: &std::path::Path) -> Result<u64> {
        let io = |source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        let tmp = path.with_extension("tmp-build");
        let file = std::fs::File::create(&tmp).map_err(io)?;
        let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
        let n = self.writer.write_to(&mut out).map_err(io)?;
        let file = out.into_inner().map_err(|e| io(e.into_error()))?;
        file.sync_all().map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)?;
        Ok(n)
    }

    /// The whole file in memory (tests, `Index::from_bytes`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(self.writer.len() as usize);
        // Writing to a Vec cannot fail.
        let _ = self.writer.write_to(&mut v);
        v
    }
}

/// An element awaiting its ordinal, with its name variants.
struct PendingElement {
    row: ElementRow,
    variants: Vec<(VariantTag, String)>,
}

impl IndexBuilder {
    /// A builder with default options.
    pub fn new() -> Self {
        IndexBuilder {}
    }

    /// Reads the ECAD-layout directory `dir` (validating it as `seoladh build` does; problem
    /// rows are skipped or repaired, never fatal) and builds its index.
    ///
    /// # Errors
    /// A missing required table or unreadable file ([`Error::MissingTable`],
    /// [`Error::Io`], …), or data that cannot be indexed ([`Error::IndexBuild`]).
    pub fn build_dir(&self, dir: impl AsRef<std::path::Path>) -> Result<BuiltIndex> {
        let (dataset, _report) = crate::ecad::layout::read_dir_with(
            dir.as_ref(),
            &crate::ecad::layout::ReadOptions::for_index(),
        )?;
        self.build(&dataset, &NoProgress)
    }

    /// Builds the index of `ds`. The steps run in this order:
    /// 1. named elements (counties → building groups) get ordinals, sorted by id;
    /// 2. buildings are grouped into places (distinct postal contexts) and ordered;
    /// 3. address points are ordered by building, then naturally by sub-building;
    /// 4. building names and organisations become elements too;
    /// 5. every name variant is tokenised (rayon) into the term dictionary and postings;
    /// 6. the Eircode and id maps, the record store, history and UK sections are written.
    pub fn build(&self, ds: &Dataset, progress: &dyn BuildProgress) -> Result<BuiltIndex> {
        let mut meta = Meta::new();
        let mut strings = StringTable::default();

        // 1. Named elements.
        progress.phase("elements", 0);
        let aliases = alias_maps(ds);
        let mut elements: Vec<PendingElement> = Vec::new();
        let mut ordinal_of: HashMap<(ElementKind, u64), u32> = HashMap::new();
        let mut push = |kind: ElementKind,
                        id: u64,
                        wire: ElementType,
                        address_type: u16,
                        irish_verification: u8,
                        english: &str,
                        irish: Option<&str>,
                        alias_table: Option<AliasTable>| {
            let ord = elements.len() as u32;
            ordinal_of.entry((kind, id)).or_insert(ord);
            let mut variants = vec![(VariantTag::English, english.to_string())];
            if let Some(ga) = irish.filter(|g| !g.trim().is_empty() && *g != english) {
                variants.push((VariantTag::Irish, ga.to_string()));
            }
            if let Some(list) = alias_table.and_then(|t| aliases.get(&(t, id))) {
                for (ty, name) in list {
                    variants.push((VariantTag::alias(*ty), name.clone()));
                }
            }
            elements.push(PendingElement {
                row: ElementRow {
                    id,
                    kind,
                    wire_type: wire.code() as u8,
                    address_type,
                    irish_verification,
                    flags: 0,
                    link: NONE,
                },
                variants,
            });
        };
        for c in sorted_by_id(&ds.counties, |c| c.id) {
            push(
                ElementKind::County,
                c.id,
                ElementType::County,
                c.address_type,
                c.irish_verification,
                &c.name,
                c.name_irish.as_deref(),
                Some(AliasTable::County),
            );
        }
        for p in sorted_by_id(&ds.post_towns, |p| p.id) {
            push(
                ElementKind::PostTown,
                p.id,
                ElementType::for_post_town(p.address_type),
                p.address_type,
                p.irish_verification,
                &p.name,
                p.name_irish.as_deref(),
                Some(AliasTable::PostTown),
            );
        }
        for (kind, rows, table) in [
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
                push(
                    kind,
                    e.id,
                    wire,
                    e.address_type,
                    e.irish_verification,
                    &e.name,
                    e.name_irish.as_deref(),
                    Some(table),
                );
            }
        }
        // Post towns link to their county and know whether the county line is omitted.
        let county_names: HashMap<u64, &str> = ds
            .counties
            .iter()
            .map(|c| (c.id, c.name.as_str()))
            .collect();
        for p in &ds.post_towns {
            if let Some(&ord) = ordinal_of.get(&(ElementKind::PostTown, p.id)) {
                let row = &mut elements[ord as usize].row;
                row.link = ordinal_of
                    .get(&(ElementKind::County, p.county_id))
                    .copied()
                    .unwrap_or(NONE);
                if county_names.get(&p.county_id) == Some(&p.name.as_str()) {
                    row.flags |= ElementRow::COUNTY_NAMED;
                }
                if ElementType::for_post_town(p.address_type) == ElementType::DublinPostalArea {
                    row.flags |= ElementRow::DUBLIN_DISTRICT;
                }
            }
        }
        let named_count = elements.len() as u32;
        let elem = |kind: ElementKind, id: Option<u64>| -> u32 {
            id.and_then(|id| ordinal_of.get(&(kind, id)).copied())
                .unwrap_or(NONE)
        };

        // 2. Places and building order.
        progress.phase("places", ds.buildings.len() as u64);
        let mut place_keys: Vec<(PlaceKey, usize)> = ds
            .buildings
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let key = PlaceKey([
                    elem(ElementKind::BuildingGroup, b.building_group_id),
                    elem(ElementKind::Thoroughfare, b.primary_thoroughfare_id),
                    elem(ElementKind::Thoroughfare, b.secondary_thoroughfare_id),
                    elem(ElementKind::Locality, b.primary_locality_id),
                    elem(ElementKind::Locality, b.secondary_locality_id),
                    elem(ElementKind::PostTown, Some(b.post_town_id)),
                    elem(ElementKind::County, Some(b.post_county_id)),
                    elem(ElementKind::County, Some(b.county_id)),
                ]);
                (key, i)
            })
            .collect();
        let building_keys: Vec<(u32, String, u64)> = ds
            .buildings
            .iter()
            .map(|b| {
                let (n, rest) = natural_key(b.number.as_deref().unwrap_or(""));
                (
                    n,
                    format!("{rest}\u{0}{}", b.name.as_deref().unwrap_or("")),
                    b.id,
                )
            })
            .collect();
        place_keys.par_sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| building_keys[a.1].cmp(&building_keys[b.1]))
        });
        progress.advance(ds.buildings.len() as u64);
        // Big intermediates are dropped at their last use: the dataset is alive throughout, so
        // these are what the peak memory of a build is made of.
        drop(building_keys);
        let building_order: Vec<usize> = place_keys.iter().map(|(_, i)| *i).collect();
        let mut places: Vec<PlaceRow> = Vec::new();
        let mut place_of_building = vec![0u32; building_order.len()];
        for (pos, (key, _)) in place_keys.iter().enumerate() {
            if places.last().map(PlaceKey::of) != Some(*key) {
                let k = key.0;
                places.push(PlaceRow {
                    group: k[0],
                    thoroughfare: k[1],
                    thoroughfare2: k[2],
                    locality: k[3],
                    locality2: k[4],
                    post_town: k[5],
                    post_county: k[6],
                    county: k[7],
                    building_start: pos as u32,
                    building_count: 0,
                });
            }
            let last = places.len() - 1;
            places[last].building_count += 1;
            place_of_building[pos] = last as u32;
        }
        drop(place_keys);

        // 3. Address points, ordered by building then sub-building.
        progress.phase("address points", ds.address_points.len() as u64);
        let building_ord: HashMap<u64, u32> = building_order
            .iter()
            .enumerate()
            .map(|(ord, &i)| (ds.buildings[i].id, ord as u32))
            .collect();
        let mut ap_order: Vec<(u32, u32, String, u64, usize)> = Vec::new();
        let mut orphan_points = 0u64;
        for (i, ap) in ds.address_points.iter().enumerate() {
            let Some(&b) = building_ord.get(&ap.building_id) else {
                orphan_points += 1;
                continue;
            };
            let (n, rest) = natural_key(ap.sub_building_name.as_deref().unwrap_or(""));
            ap_order.push((b, n, rest.to_string(), ap.id, i));
        }
        ap_order.par_sort_unstable();
        meta.skipped_address_points = orphan_points;
        drop(building_ord);
        progress.advance(ds.address_points.len() as u64);

        meta.building_id_base = id_base(ds.buildings.iter().map(|b| b.id), "building")?;
        meta.address_point_id_base =
            id_base(ds.address_points.iter().map(|a| a.id), "address point")?;
        meta.routing_keys = routing_keys(ds);
        meta.uk_only_towns = uk_only_towns(ds);

        // Building rows (ap ranges filled below).
        let mut buildings: Vec<BuildingRow> = building_order
            .iter()
            .map(|&i| {
                let b = &ds.buildings[i];
                BuildingRow {
                    id_offset: (b.id - meta.building_id_base) as u32,
                    number: b.number.as_deref().map_or(NONE, |n| strings.intern(n)),
                    name: NONE,
                    ap_start: 0,
                    ap_count: 0,
                    address_type: b.address_type,
                }
            })
            .collect();
        let mut aps: Vec<AddressPointRow> = Vec::with_capacity(ap_order.len());
        let mut ap_ord_of: HashMap<u64, u32> = HashMap::with_capacity(ap_order.len());
        for (ord, (b, _, _, _, i)) in ap_order.iter().enumerate() {
            let ap = &ds.address_points[*i];
            let row = &mut buildings[*b as usize];
            if row.ap_count == 0 {
                row.ap_start = ord as u32;
            }
            row.ap_count = row.ap_count.saturating_add(1);
            let mut flags = 0;
            if ap.nua {
                flags |= AddressPointRow::NUA;
            }
            if ap.mail_delivery {
                flags |= AddressPointRow::MAIL_DELIVERY;
            }
            ap_ord_of.entry(ap.id).or_insert(ord as u32);
            aps.push(AddressPointRow {
                id_offset: (ap.id - meta.address_point_id_base) as u32,
                building: *b,
                eircode: ap
                    .eircode
                    .as_deref()
                    .and_then(|e| eircode_key(&meta.routing_keys, e))
                    .unwrap_or(NONE),
                sub_building: ap
                    .sub_building_name
                    .as_deref()
                    .map_or(NONE, |s| strings.intern(s)),
                sub_building_irish: ap
                    .sub_building_name_irish
                    .as_deref()
                    .map_or(NONE, |s| strings.intern(s)),
                address_type: ap.address_type,
                flags,
            });
        }
        drop(ap_order);

        // 4. Building names and organisations become elements.
        let building_aliases = |id| aliases.get(&(AliasTable::Building, id));
        for (ord, &i) in building_order.iter().enumerate() {
            let b = &ds.buildings[i];
            let Some(name) = b.name.as_deref().filter(|n| !n.trim().is_empty()) else {
                continue;
            };
            let mut variants = vec![(VariantTag::English, name.to_string())];
            if let Some(ga) = b.name_irish.as_deref().filter(|g| *g != name) {
                variants.push((VariantTag::Irish, ga.to_string()));
            }
            for (ty, alias) in building_aliases(b.id).into_iter().flatten() {
                variants.push((VariantTag::alias(*ty), alias.clone()));
            }
            buildings[ord].name = elements.len() as u32;
            elements.push(PendingElement {
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
        let mut orgs: Vec<(u32, u64, usize)> = ds
            .organisations
            .iter()
            .enumerate()
            .filter_map(|(i, o)| Some((*ap_ord_of.get(&o.address_point_id)?, o.id, i)))
            .collect();
        orgs.sort_unstable();
        meta.skipped_organisations = (ds.organisations.len() - orgs.len()) as u64;
        let mut org_rows = Vec::with_capacity(orgs.len());
        for &(ap, id, i) in &orgs {
            let o = &ds.organisations[i];
            let el = elements.len() as u32;
            ordinal_of
                .entry((ElementKind::Organisation, id))
                .or_insert(el);
            let mut variants = vec![(VariantTag::English, o.name.clone())];
            if let Some(ga) = o.name_irish.as_deref().filter(|g| *g != o.name) {
                variants.push((VariantTag::Irish, ga.to_string()));
            }
            for (ty, alias) in aliases
                .get(&(AliasTable::Organisation, id))
                .into_iter()
                .flatten()
            {
                variants.push((VariantTag::alias(*ty), alias.clone()));
            }
            elements.push(PendingElement {
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
        drop(aliases);
        drop(ordinal_of);
        drop(building_order);
        meta.set_kind_starts(&elements.iter().map(|e| e.row.kind).collect::<Vec<_>>());
        meta.named_elements = named_count;

        // 5. Terms: tokenise every variant in parallel, then number terms in sorted order.
        progress.phase("terms", elements.len() as u64);
        let tokenised: Vec<Vec<Vec<String>>> = elements
            .par_iter()
            .map(|e| {
                let mut out = Vec::with_capacity(e.variants.len());
                for (_, name) in &e.variants {
                    let mut terms = Vec::new();
                    crate::text::index_terms(name, &mut terms);
                    out.push(terms);
                }
                out
            })
            .collect();
        progress.advance(elements.len() as u64);
        let mut term_elements: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
        for (ord, variants) in tokenised.iter().enumerate() {
            for terms in variants {
                for t in terms {
                    let list = term_elements.entry(t.as_str()).or_default();
                    if list.last() != Some(&(ord as u32)) {
                        list.push(ord as u32);
                    }
                }
            }
        }
        let term_ids: HashMap<&str, u32> = term_elements
            .keys()
            .enumerate()
            .map(|(i, t)| (*t, i as u32))
            .collect();
        let mut terms_fst = fst::MapBuilder::memory();
        let mut postings = ListsWriter::new();
        let mut frequencies = Vec::with_capacity(term_elements.len() * 4);
        for (i, (term, list)) in term_elements.iter().enumerate() {
            frequencies.extend_from_slice(&(list.len() as u32).to_le_bytes());
            // The value carries the document frequency beside the id, so expansions read both
            // from one fst lookup.
            terms_fst
                .insert(term.as_bytes(), (list.len() as u64) << 32 | i as u64)
                .map_err(|e| build_error("terms", e))?;
            postings.push_sorted(list);
        }
        let terms_count = term_elements.len() as u64;
        let terms_bytes = terms_fst
            .into_inner()
            .map_err(|e| build_error("terms", e))?;
        let mut variants_w = ListsWriter::new();
        let mut buf = Vec::new();
        for (e, terms) in elements.iter().zip(&tokenised) {
            buf.clear();
            for ((tag, name), t) in e.variants.iter().zip(terms) {
                let ids: Vec<u32> = t
                    .iter()
                    .filter_map(|s| term_ids.get(s.as_str()).copied())
                    .collect();
                Variant::encode(*tag, name, &ids, &mut buf);
            }
            variants_w.push_bytes(&buf);
        }
        drop(term_ids);
        drop(term_elements);
        drop(tokenised);
        for e in &mut elements {
            e.variants = Vec::new();
        }

        // Element → places.
        progress.phase("element places", places.len() as u64);
        let mut element_places: Vec<Vec<u32>> = vec![Vec::new(); elements.len()];
        for (p, place) in places.iter().enumerate() {
            let mut seen = [NONE; 8];
            for (slot, e) in place.elements().into_iter().enumerate() {
                if e != NONE && !seen.contains(&e) {
                    element_places[e as usize].push(p as u32);
                }
                seen[slot] = e;
            }
        }
        for (ord, e) in elements.iter().enumerate() {
            let building = match e.row.kind {
                ElementKind::BuildingName => Some(e.row.link),
                ElementKind::Organisation => aps.get(e.row.link as usize).map(|a| a.building),
                _ => None,
            };
            if let Some(b) = building {
                element_places[ord].push(place_of_building[b as usize]);
            }
        }
        let mut places_w = ListsWriter::new();
        for list in &element_places {
            places_w.push_sorted(list);
        }
        drop(element_places);
        progress.advance(places.len() as u64);

        // 6. Eircodes, ids, store, history, UK.
        progress.phase("eircodes and ids", (aps.len() + buildings.len()) as u64);
        let mut history: Vec<crate::ecad::History> = ds.history.clone();
        history.sort_by(|a, b| {
            a.ecad_id
                .cmp(&b.ecad_id)
                .then_with(|| a.change_date.cmp(&b.change_date))
        });
        let mut eircode_keys: Vec<(String, u64)> = Vec::with_capacity(aps.len());
        for (ap, row) in ds.address_points.iter().filter_map(|ap| {
            let ord = *ap_ord_of.get(&ap.id)?;
            Some((ap, ord))
        }) {
            if let Some(e) = ap.eircode.as_deref() {
                eircode_keys.push((e.to_ascii_uppercase(), u64::from(row)));
            }
        }
        drop(ap_ord_of);
        for (h, row) in history.iter().enumerate() {
            if let Some(e) = row.eircode.as_deref() {
                eircode_keys.push((e.to_ascii_uppercase(), HISTORY_FLAG | h as u64));
            }
        }
        // Current Eircodes win over historical ones; among equals, the lower value.
        eircode_keys.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        eircode_keys.dedup_by(|b, a| a.0 == b.0);
        let mut eir_fst = fst::MapBuilder::memory();
        for (k, v) in &eircode_keys {
            eir_fst
                .insert(k.as_bytes(), *v)
                .map_err(|e| build_error("eircodes", e))?;
        }
        let eircode_count = eircode_keys.len() as u64;
        drop(eircode_keys);
        let eir_bytes = eir_fst
            .into_inner()
            .map_err(|e| build_error("eircodes", e))?;

        let mut ids: Vec<(u64, u64)> =
            Vec::with_capacity(elements.len() + buildings.len() + aps.len());
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
        let mut id_fst = fst::MapBuilder::memory();
        for (id, v) in &ids {
            id_fst
                .insert(id.to_be_bytes(), *v)
                .map_err(|e| build_error("ids", e))?;
        }
        let id_count = ids.len() as u64;
        drop(ids);
        let id_bytes = id_fst.into_inner().map_err(|e| build_error("ids", e))?;
        progress.advance((aps.len() + buildings.len()) as u64);

        progress.phase(
            "record store",
            (elements.len() + buildings.len() + aps.len()) as u64,
        );
        let store_w = super::store_builder::write_store(
            ds,
            &elements_of(&elements),
            &buildings,
            &aps,
            &meta,
        )?;
        progress.advance((elements.len() + buildings.len() + aps.len()) as u64);

        let mut uk: Vec<&crate::ecad::UkAddress> = ds.uk_addresses.iter().collect();
        uk.sort_by(|a, b| a.postcode.cmp(&b.postcode).then(a.id.cmp(&b.id)));
        let mut uk_w = ListsWriter::new();
        for u in &uk {
            uk_w.push_bytes(&store::encode(u));
        }

        // Counts.
        meta.counts.elements = elements.len() as u64;
        meta.counts.places = places.len() as u64;
        meta.counts.buildings = buildings.len() as u64;
        meta.counts.address_points = aps.len() as u64;
        meta.counts.organisations = org_rows.len() as u64;
        meta.counts.terms = terms_count;
        meta.counts.eircodes = eircode_count;
        meta.counts.ids = id_count;
        meta.counts.history = history.len() as u64;
        meta.counts.uk_addresses = uk.len() as u64;
        meta.counts.strings = strings.len() as u64;

        // Write the sections.
        progress.phase("writing", 0);
        let mut w = FileWriter::new(crate::text::NORMALISER_VERSION);
        w.add(SectionId::Meta, store::encode(&meta), 1);
        w.add(SectionId::Terms, terms_bytes, terms_count);
        w.add(SectionId::TermFrequencies, frequencies, terms_count);
        let (pi, pd) = postings.finish();
        w.add(SectionId::TermPostingsIndex, pi, terms_count);
        w.add(SectionId::TermPostingsData, pd, terms_count);
        let mut rows = Vec::with_capacity(elements.len() * Elements::WIDTH);
        for e in &elements {
            e.row.encode(&mut rows);
        }
        w.add(SectionId::Elements, rows, elements.len() as u64);
        let n = variants_w.len() as u64;
        let (vi, vd) = variants_w.finish();
        w.add(SectionId::ElementVariantsIndex, vi, n);
        w.add(SectionId::ElementVariantsData, vd, n);
        let n = places_w.len() as u64;
        let (epi, epd) = places_w.finish();
        w.add(SectionId::ElementPlacesIndex, epi, n);
        w.add(SectionId::ElementPlacesData, epd, n);
        let mut rows = Vec::with_capacity(places.len() * Places::WIDTH);
        for p in &places {
            p.encode(&mut rows);
        }
        w.add(SectionId::Places, rows, places.len() as u64);
        let mut rows = Vec::with_capacity(buildings.len() * Buildings::WIDTH);
        for b in &buildings {
            b.encode(&mut rows);
        }
        w.add(SectionId::Buildings, rows, buildings.len() as u64);
        let mut rows = Vec::with_capacity(aps.len() * AddressPoints::WIDTH);
        for a in &aps {
            a.encode(&mut rows);
        }
        w.add(SectionId::AddressPoints, rows, aps.len() as u64);
        let mut rows = Vec::with_capacity(org_rows.len() * Organisations::WIDTH);
        for o in &org_rows {
            o.encode(&mut rows);
        }
        w.add(SectionId::Organisations, rows, org_rows.len() as u64);
        let n = strings.len() as u64;
        let (si, sd) = strings.finish();
        w.add(SectionId::StringsIndex, si, n);
        w.add(SectionId::Strings, sd, n);
        w.add(SectionId::Eircodes, eir_bytes, eircode_count);
        w.add(SectionId::Ids, id_bytes, id_count);
        let n = store_w.len() as u64;
        let (si, sd) = store_w.finish();
        w.add(SectionId::StoreIndex, si, n);
        w.add(SectionId::StoreData, sd, n);
        w.add(
            SectionId::History,
            store::encode(&history),
            history.len() as u64,
        );
        let n = uk_w.len() as u64;
        let (ui, ud) = uk_w.finish();
        w.add(SectionId::UkIndex, ui, n);
        w.add(SectionId::UkData, ud, n);

        let (store_bytes, search_bytes) = w.split_sizes();
        Ok(BuiltIndex {
            writer: w,
            meta,
            store_bytes,
            search_bytes,
        })
    }
}

/// Set in an Eircode map value when it points at a history row rather than an address point.
pub(crate) const HISTORY_FLAG: u64 = 1 << 40;

/// The place key of a building: its element ordinals in address order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct PlaceKey([u32; 8]);

impl PlaceKey {
    fn of(p: &PlaceRow) -> PlaceKey {
        PlaceKey(p.elements())
    }
}

pub(crate) fn build_error(section: &'static str, e: impl std::fmt::Display) -> Error {
    Error::IndexBuild {
        section,
        reason: e.to_string(),
    }
}

/// `(ECAD id, is a building name)` of every element, in ordinal order.
fn elements_of(elements: &[PendingElement]) -> Vec<(u64, bool)> {
    elements
        .iter()
        .map(|e| (e.row.id, e.row.kind == ElementKind::BuildingName))
        .collect()
}

//! Builds an index file from a validated [`Dataset`].
//!
//! The build is a fixed pipeline (see [`IndexBuilder::build`]), one file per step: element
//! ordinals (`elements`), places and the natural order of buildings and address points
//! (`layout`), terms and postings (`terms`), the number line table (`lines`), the Eircode and
//! id maps (`lookups`), the record store (`store`), then each section is written
//! (`Sections::write`). Every ordering has a final tie-break on the ECAD id, so the same data
//! always gives the same bytes.

mod elements;
mod layout;
mod lines;
mod lookups;
mod store;
mod terms;

use crate::ecad::Dataset;
use crate::error::{Error, Result};
use crate::index::format::{FileWriter, SectionId};
use crate::index::lists::ListsWriter;
use crate::index::meta::Meta;
use crate::index::tables::*;

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
    /// 5. every name variant is tokenised (rayon) into the term dictionary and postings, each
    ///    element gets its places, and each house number is kept with the beginnings of its
    ///    line's names (the number line table);
    /// 6. the Eircode and id maps, the record store, history and UK sections are written.
    ///
    /// Big intermediates are dropped at their last use: the dataset is alive throughout, so
    /// they are what the peak memory of a build is made of.
    ///
    /// # Errors
    /// [`Error::IndexBuild`] when the data cannot be indexed (ids of one kind spread over more
    /// than 2^32, a structure that cannot be encoded).
    pub fn build(&self, ds: &Dataset, progress: &dyn BuildProgress) -> Result<BuiltIndex> {
        let mut meta = Meta::new();
        let mut strings = layout::StringTable::default();

        progress.phase("elements", 0);
        let aliases = elements::alias_maps(ds);
        let mut table = elements::ElementTable::named(ds, &aliases);
        let named_count = table.elements.len() as u32;

        progress.phase("places", ds.buildings.len() as u64);
        let layout::Places {
            building_order,
            places,
            place_of_building,
        } = layout::places(ds, &table);
        progress.advance(ds.buildings.len() as u64);

        progress.phase("address points", ds.address_points.len() as u64);
        let layout::Points {
            mut buildings,
            mut aps,
            ap_ord_of,
        } = layout::points(ds, &building_order, &mut meta, &mut strings)?;
        progress.advance(ds.address_points.len() as u64);

        let house_numbers = lines::house_numbers(ds, &building_order);
        table.add_building_names(ds, &building_order, &mut buildings);
        let (org_rows, skipped_organisations) =
            table.add_organisations(ds, &ap_ord_of, &mut aps, &mut strings);
        let unit_numbers = lines::unit_numbers(ds, &ap_ord_of);
        meta.skipped_organisations = skipped_organisations;
        drop(building_order);
        let mut elements = table.into_elements();
        drop(aliases);
        meta.set_kind_starts(&elements.iter().map(|e| e.row.kind).collect::<Vec<_>>());
        meta.named_elements = named_count;

        progress.phase("terms", elements.len() as u64);
        let terms = terms::terms(&mut elements)?;
        progress.advance(elements.len() as u64);
        progress.phase("element places", places.len() as u64);
        let element_places = terms::element_places(&elements, &places, &place_of_building, &aps);
        progress.advance(places.len() as u64);
        let number_lines = lines::number_lines(
            &places,
            &buildings,
            &house_numbers,
            &unit_numbers,
            &terms.heads,
        );
        drop((house_numbers, unit_numbers));

        progress.phase("eircodes and ids", (aps.len() + buildings.len()) as u64);
        let history = lookups::history(ds);
        let (eircodes, eircode_count) = lookups::eircodes(ds, &ap_ord_of, &history)?;
        drop(ap_ord_of);
        let (ids, id_count) = lookups::ids(&elements, &buildings, &aps, &history, &meta)?;
        progress.advance((aps.len() + buildings.len()) as u64);

        progress.phase(
            "record store",
            (elements.len() + buildings.len() + aps.len()) as u64,
        );
        let element_ids: Vec<(u64, bool)> = elements
            .iter()
            .map(|e| (e.row.id, e.row.kind == ElementKind::BuildingName))
            .collect();
        let store = store::write_store(ds, &element_ids, &buildings, &aps, &meta)?;
        progress.advance((elements.len() + buildings.len() + aps.len()) as u64);
        let uk = uk_addresses(ds);

        progress.phase("writing", 0);
        let (w, meta) = Sections {
            meta,
            terms,
            elements,
            element_places,
            number_lines,
            places,
            buildings,
            aps,
            org_rows,
            strings,
            eircodes: (eircodes, eircode_count),
            ids: (ids, id_count),
            store,
            history,
            uk,
        }
        .write();
        let (store_bytes, search_bytes) = w.split_sizes();
        Ok(BuiltIndex {
            writer: w,
            meta,
            store_bytes,
            search_bytes,
        })
    }
}

/// Everything a build writes, by section: the last step of [`IndexBuilder::build`].
struct Sections {
    meta: Meta,
    terms: terms::TermSections,
    elements: Vec<elements::PendingElement>,
    element_places: ListsWriter,
    number_lines: Vec<NumberLineRow>,
    places: Vec<PlaceRow>,
    buildings: Vec<BuildingRow>,
    aps: Vec<AddressPointRow>,
    org_rows: Vec<OrganisationRow>,
    strings: layout::StringTable,
    /// The Eircode map and its size.
    eircodes: (Vec<u8>, u64),
    /// The id map and its size.
    ids: (Vec<u8>, u64),
    store: ListsWriter,
    history: Vec<crate::ecad::History>,
    uk: ListsWriter,
}

impl Sections {
    /// The file's sections, with the counts of the meta section taken from what they hold;
    /// returns the meta too.
    fn write(mut self) -> (FileWriter, Meta) {
        let c = &mut self.meta.counts;
        c.elements = self.elements.len() as u64;
        c.places = self.places.len() as u64;
        c.buildings = self.buildings.len() as u64;
        c.address_points = self.aps.len() as u64;
        c.organisations = self.org_rows.len() as u64;
        c.terms = self.terms.count;
        c.eircodes = self.eircodes.1;
        c.ids = self.ids.1;
        c.history = self.history.len() as u64;
        c.uk_addresses = self.uk.len() as u64;
        c.strings = self.strings.len() as u64;
        c.number_lines = self.number_lines.len() as u64;

        let mut w = FileWriter::new(crate::text::NORMALISER_VERSION);
        w.add(SectionId::Meta, crate::index::store::encode(&self.meta), 1);
        w.add(SectionId::Terms, self.terms.fst, self.terms.count);
        w.add(
            SectionId::TermFrequencies,
            self.terms.frequencies,
            self.terms.count,
        );
        let (pi, pd) = self.terms.postings.finish();
        w.add(SectionId::TermPostingsIndex, pi, self.terms.count);
        w.add(SectionId::TermPostingsData, pd, self.terms.count);
        let rows: Vec<&ElementRow> = self.elements.iter().map(|e| &e.row).collect();
        w.add(
            SectionId::Elements,
            encode_rows(&rows, Elements::WIDTH, |r, out| r.encode(out)),
            self.elements.len() as u64,
        );
        add_lists(
            &mut w,
            self.terms.variants,
            SectionId::ElementVariantsIndex,
            SectionId::ElementVariantsData,
        );
        add_lists(
            &mut w,
            self.element_places,
            SectionId::ElementPlacesIndex,
            SectionId::ElementPlacesData,
        );
        w.add(
            SectionId::NumberLines,
            encode_rows(&self.number_lines, NumberLines::WIDTH, |r, out| {
                r.encode(out)
            }),
            self.number_lines.len() as u64,
        );
        drop(self.number_lines);
        w.add(
            SectionId::Places,
            encode_rows(&self.places, Places::WIDTH, |p, out| p.encode(out)),
            self.places.len() as u64,
        );
        w.add(
            SectionId::Buildings,
            encode_rows(&self.buildings, Buildings::WIDTH, |b, out| b.encode(out)),
            self.buildings.len() as u64,
        );
        w.add(
            SectionId::AddressPoints,
            encode_rows(&self.aps, AddressPoints::WIDTH, |a, out| a.encode(out)),
            self.aps.len() as u64,
        );
        w.add(
            SectionId::Organisations,
            encode_rows(&self.org_rows, Organisations::WIDTH, |o, out| o.encode(out)),
            self.org_rows.len() as u64,
        );
        let n = self.strings.len() as u64;
        let (si, sd) = self.strings.finish();
        w.add(SectionId::StringsIndex, si, n);
        w.add(SectionId::Strings, sd, n);
        w.add(SectionId::Eircodes, self.eircodes.0, self.eircodes.1);
        w.add(SectionId::Ids, self.ids.0, self.ids.1);
        add_lists(
            &mut w,
            self.store,
            SectionId::StoreIndex,
            SectionId::StoreData,
        );
        w.add(
            SectionId::History,
            crate::index::store::encode(&self.history),
            self.history.len() as u64,
        );
        add_lists(&mut w, self.uk, SectionId::UkIndex, SectionId::UkData);
        (w, self.meta)
    }
}

/// The UK addresses, by postcode then id, each encoded as a record.
fn uk_addresses(ds: &Dataset) -> ListsWriter {
    let mut uk: Vec<&crate::ecad::UkAddress> = ds.uk_addresses.iter().collect();
    uk.sort_by(|a, b| a.postcode.cmp(&b.postcode).then(a.id.cmp(&b.id)));
    let mut w = ListsWriter::new();
    for u in &uk {
        w.push_bytes(&crate::index::store::encode(u));
    }
    w
}

/// Fixed-width rows, encoded one after the other.
fn encode_rows<T>(rows: &[T], width: usize, encode: impl Fn(&T, &mut Vec<u8>)) -> Vec<u8> {
    let mut out = Vec::with_capacity(rows.len() * width);
    for r in rows {
        encode(r, &mut out);
    }
    out
}

/// A list section pair: the offsets index and the data.
fn add_lists(w: &mut FileWriter, lists: ListsWriter, index: SectionId, data: SectionId) {
    let n = lists.len() as u64;
    let (i, d) = lists.finish();
    w.add(index, i, n);
    w.add(data, d, n);
}

/// Set in an Eircode map value when it points at a history row rather than an address point.
pub(crate) const HISTORY_FLAG: u64 = 1 << 40;

pub(crate) fn build_error(section: &'static str, e: impl std::fmt::Display) -> Error {
    Error::IndexBuild {
        section,
        reason: e.to_string(),
    }
}

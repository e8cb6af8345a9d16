//! [`Index`]: opening a file (every checksum and link checked), verifying it (every record too),
//! and the lookups the
//! matcher and the API need.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::ecad::{History, UkAddress};
use crate::error::{Error, Result};
use crate::index::builder::HISTORY_FLAG;
use crate::index::completions::{Completion, Completions};
use crate::index::format::{self, Header, SectionId};
use crate::index::lists::{Lists, SortedIter};
use crate::index::meta::{EntityKind, Meta};
use crate::index::one_edit::OneEdit;
use crate::index::prefetch::Prefetcher;
use crate::index::record_codec;
use crate::index::store::{self, StoredRecord};
use crate::index::tables::*;
use crate::index::uk_words::UkWords;
use crate::index::validate;
use crate::index::variant::{VariantTerms, Variants};

/// The bytes behind an index: a memory map or an owned buffer.
enum Backing {
    Mmap(memmap2::Mmap),
    Bytes(Vec<u8>),
}

impl Backing {
    fn bytes(&self) -> &[u8] {
        match self {
            Backing::Mmap(m) => m,
            Backing::Bytes(b) => b,
        }
    }
}

/// A section's bytes, shared with the index; lets an fst own its slice of a memory map.
#[derive(Clone)]
struct SectionBytes {
    backing: Arc<Backing>,
    start: usize,
    end: usize,
}

impl AsRef<[u8]> for SectionBytes {
    fn as_ref(&self) -> &[u8] {
        self.backing
            .bytes()
            .get(self.start..self.end)
            .unwrap_or(&[])
    }
}

/// Splits a term fst value into (term id, document frequency).
#[inline]
pub fn unpack_term(v: u64) -> (u32, u32) {
    (v as u32, (v >> 32) as u32)
}

/// What an Eircode resolves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EircodeHit {
    /// A current Eircode: the address point ordinal.
    Current(u32),
    /// An Eircode that is no longer current: the history row.
    History(u32),
}

/// Size and checksum state of one section, as `seoladh verify` prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionReport {
    /// Section name.
    pub name: &'static str,
    /// Bytes.
    pub bytes: u64,
    /// Items (rows, keys, records).
    pub items: u64,
    /// Whether it belongs to the record store.
    pub store: bool,
}

/// The result of a successful [`Index::verify`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    /// Every section, in file order.
    pub sections: Vec<SectionReport>,
    /// Records decoded and checked.
    pub records: u64,
}

/// An opened index. Cheap to share behind an `Arc`; every lookup reads the file in place.
pub struct Index {
    backing: Arc<Backing>,
    file: String,
    header: Header,
    ranges: [(usize, usize); 32],
    meta: Meta,
    terms: fst::Map<SectionBytes>,
    eircodes: fst::Map<SectionBytes>,
    ids: fst::Map<SectionBytes>,
    history: OnceLock<Vec<History>>,
    completions: OnceLock<Completions>,
    one_edit: OnceLock<OneEdit>,
    uk_words: OnceLock<UkWords>,
    /// Tells this opened index from any other in the caches a scratch keeps from one query to
    /// the next (`completions::typo_walk`, `search::Scratch`).
    instance: u64,
}

impl std::fmt::Debug for Index {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Index")
            .field("file", &self.file)
            .field("counts", &self.meta.counts)
            .finish()
    }
}

impl Index {
    /// Opens an index file by memory-mapping it. Checks the header and versions, every
    /// section's checksum (in parallel), the fsts' own checksums, every offsets column and every
    /// link between tables (ordinals inside their tables, ranges inside the tables they span), so
    /// that no lookup meets a damaged structure; [`Index::verify`] also decodes every record.
    /// Reads the whole file: about 0.2 s of CPU time for a full-scale index of 364 MB.
    ///
    /// # Errors
    /// [`Error::Io`] when the file cannot be read; [`Error::IndexNotSeoladh`],
    /// [`Error::IndexTruncated`], [`Error::IndexFormatVersion`],
    /// [`Error::IndexNormaliserVersion`], [`Error::IndexChecksum`] or [`Error::IndexCorrupt`]
    /// when it is not a usable index for this build.
    pub fn open(path: impl AsRef<Path>) -> Result<Index> {
        let path = path.as_ref();
        let io = |source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = open_file(path)?;
        // Opening reads every byte (the checksums): populating the map up front takes one
        // system call instead of a page fault per few pages.
        // SAFETY: the map is read-only and the index is never written in place: builders write a
        // temporary file and rename it, so the mapped bytes do not change under us.
        let map = unsafe { memmap2::MmapOptions::new().populate().map(&file) }.map_err(io)?;
        Index::from_backing(Backing::Mmap(map), path.display().to_string())
    }

    /// Opens an index by reading it whole into private memory, on transparent huge pages where
    /// the system offers them (Linux). The matcher's reads are scattered over the whole index, and
    /// with 4 KiB pages of a memory map most of them also miss the TLB; with 2 MiB pages they do
    /// not. Costs the index's size in resident memory (not shared with other processes) and one
    /// read of the file at start.
    ///
    /// # Errors
    /// As [`Index::open`].
    pub fn open_resident(path: impl AsRef<Path>) -> Result<Index> {
        use std::io::Read;
        let path = path.as_ref();
        let io = |source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = open_file(path)?;
        let len = usize::try_from(file.metadata().map_err(io)?.len()).unwrap_or(usize::MAX);
        if len == 0 {
            return Index::from_backing(Backing::Bytes(Vec::new()), path.display().to_string());
        }
        let mut memory = memmap2::MmapOptions::new()
            .len(len)
            .map_anon()
            .map_err(io)?;
        // A hint: without huge pages the index still works, only slower.
        #[cfg(target_os = "linux")]
        let _ = memory.advise(memmap2::Advice::HugePage);
        file.read_exact(&mut memory).map_err(io)?;
        let map = memory.make_read_only().map_err(io)?;
        Index::from_backing(Backing::Mmap(map), path.display().to_string())
    }

    /// Opens an index held in memory.
    ///
    /// # Errors
    /// As [`Index::open`], without the I/O errors.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Index> {
        Index::from_backing(Backing::Bytes(bytes), "<memory>".to_string())
    }

    fn from_backing(backing: Backing, file: String) -> Result<Index> {
        let header = format::read_header(backing.bytes(), &file, crate::text::NORMALISER_VERSION)?;
        let mut ranges = [(0usize, 0usize); 32];
        for id in SectionId::ALL {
            let entry = header.section(id).ok_or_else(|| Error::IndexCorrupt {
                file: file.clone(),
                section: id.name(),
                reason: "section missing".into(),
            })?;
            let start = entry.offset as usize;
            ranges[id as usize] = (start, start + entry.len as usize);
        }
        validate::checksums(backing.bytes(), &header, &file)?;
        let backing = Arc::new(backing);
        let section = |id: SectionId| {
            let (start, end) = ranges[id as usize];
            SectionBytes {
                backing: backing.clone(),
                start,
                end,
            }
        };
        let corrupt = |id: SectionId, reason: String| Error::IndexCorrupt {
            file: file.clone(),
            section: id.name(),
            reason,
        };
        let meta: Meta = store::decode(section(SectionId::Meta).as_ref())
            .ok_or_else(|| corrupt(SectionId::Meta, "cannot decode".into()))?;
        let fst_map =
            |id: SectionId| fst::Map::new(section(id)).map_err(|e| corrupt(id, e.to_string()));
        let index = Index {
            terms: fst_map(SectionId::Terms)?,
            eircodes: fst_map(SectionId::Eircodes)?,
            ids: fst_map(SectionId::Ids)?,
            backing: backing.clone(),
            file: file.clone(),
            header,
            ranges,
            meta,
            history: OnceLock::new(),
            completions: OnceLock::new(),
            one_edit: OnceLock::new(),
            uk_words: OnceLock::new(),
            instance: crate::index::completions::next_instance(),
        };
        index.check_shapes()?;
        validate::on_open(&index)?;
        Ok(index)
    }

    /// O(1) consistency of table sizes with the meta counts.
    fn check_shapes(&self) -> Result<()> {
        let c = &self.meta.counts;
        let checks: [(SectionId, usize, u64); 6] = [
            (SectionId::Elements, Elements::WIDTH, c.elements),
            (SectionId::NumberLines, NumberLines::WIDTH, c.number_lines),
            (SectionId::Places, Places::WIDTH, c.places),
            (SectionId::Buildings, Buildings::WIDTH, c.buildings),
            (
                SectionId::AddressPoints,
                AddressPoints::WIDTH,
                c.address_points,
            ),
            (
                SectionId::Organisations,
                Organisations::WIDTH,
                c.organisations,
            ),
        ];
        for (id, width, rows) in checks {
            let len = self.section(id).len() as u64;
            if len != rows * width as u64 {
                return Err(self.corrupt(id, format!("{len} bytes for {rows} rows of {width}")));
            }
        }
        if self.section(SectionId::TermFrequencies).len() as u64 != c.terms * 4 {
            return Err(self.corrupt(
                SectionId::TermFrequencies,
                "column does not hold every term".into(),
            ));
        }
        let lists: [(SectionId, u64); 5] = [
            (SectionId::TermPostingsIndex, c.terms),
            (SectionId::ElementVariantsIndex, c.elements),
            (SectionId::ElementPlacesIndex, c.elements),
            (
                SectionId::StoreIndex,
                c.elements + c.buildings + c.address_points,
            ),
            (SectionId::StringsIndex, c.strings),
        ];
        for (id, n) in lists {
            if self.section(id).len() as u64 != (n + 1) * 4 {
                return Err(self.corrupt(id, format!("offsets column does not hold {n} lists")));
            }
        }
        if self.meta.kind_starts[7] as u64 != c.elements {
            return Err(self.corrupt(SectionId::Meta, "element kind ranges disagree".into()));
        }
        Ok(())
    }

    pub(crate) fn corrupt(&self, id: SectionId, reason: String) -> Error {
        Error::IndexCorrupt {
            file: self.file.clone(),
            section: id.name(),
            reason,
        }
    }

    /// Checks every byte: each section's checksum, the fsts, every list and link (all of which
    /// opening checked too) and every stored record.
    ///
    /// # Errors
    /// The first problem found, as [`Error::IndexChecksum`] or [`Error::IndexCorrupt`].
    pub fn verify(&self) -> Result<VerifyReport> {
        validate::checksums(self.backing.bytes(), &self.header, &self.file)?;
        validate::on_open(self)?;
        let records = validate::records(self)?;
        let sections = self
            .header
            .sections
            .iter()
            .map(|s| SectionReport {
                name: s.id.name(),
                bytes: s.len,
                items: s.items,
                store: s.id.is_store(),
            })
            .collect();
        Ok(VerifyReport { sections, records })
    }

    /// The file the index was opened from (`<memory>` for [`Index::from_bytes`]).
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Counts and decoding facts.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// Total bytes of the file.
    pub fn len_bytes(&self) -> u64 {
        self.backing.bytes().len() as u64
    }

    pub(crate) fn section(&self, id: SectionId) -> &[u8] {
        let (start, end) = self.ranges[id as usize];
        self.backing.bytes().get(start..end).unwrap_or(&[])
    }

    pub(crate) fn lists(&self, index: SectionId, data: SectionId) -> Lists<'_> {
        Lists::new(self.section(index), self.section(data))
    }

    // ---- terms -------------------------------------------------------------------------

    /// The term dictionary (normalised token → packed id and frequency, see [`unpack_term`]),
    /// for exact, prefix and typo search.
    pub fn terms(&self) -> &fst::Map<impl AsRef<[u8]>> {
        &self.terms
    }

    /// The best completions of a short prefix (see [`Completions`]), ranked at first use.
    pub fn completions(&self, prefix: &[u8]) -> Option<&[Completion]> {
        self.completions
            .get_or_init(|| Completions::build(&self.terms))
            .get(prefix)
    }

    /// A number no other index opened by this process has (caches keyed by index use it).
    pub fn instance(&self) -> u64 {
        self.instance
    }

    /// The deletion table for one-edit typo search (see [`OneEdit`]), built at first use.
    pub fn one_edit(&self) -> &OneEdit {
        self.one_edit.get_or_init(|| OneEdit::build(&self.terms))
    }

    /// The words of the UK addresses, read from their records on first use.
    pub(crate) fn uk_words(&self) -> &UkWords {
        self.uk_words.get_or_init(|| UkWords::build(self))
    }

    /// A term's id and document frequency (number of elements whose names contain it).
    pub fn term(&self, term: &str) -> Option<(u32, u32)> {
        // The typo table holds every ASCII term in a hash table: cheaper than the fst's walk.
        if let Some(v) = self.one_edit.get().and_then(|t| t.exact(term.as_bytes())) {
            return v.map(unpack_term);
        }
        self.terms.get(term).map(unpack_term)
    }

    /// Number of elements whose names contain term `term`.
    #[inline]
    pub fn term_frequency(&self, term: u32) -> u32 {
        let col = self.section(SectionId::TermFrequencies);
        let at = term as usize * 4;
        col.get(at..at + 4)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// Elements whose names contain the term, ascending.
    pub fn term_elements(&self, term: u32) -> SortedIter<'_> {
        self.lists(SectionId::TermPostingsIndex, SectionId::TermPostingsData)
            .sorted(term as usize)
    }

    // ---- elements and places -----------------------------------------------------------

    /// Element row `ord`.
    pub fn element(&self, ord: u32) -> Option<ElementRow> {
        Elements::new(self.section(SectionId::Elements)).get(ord)
    }

    /// The kind byte of element row `ord` as stored (a row decodes a damaged one as a county).
    pub(crate) fn element_kind_byte(&self, ord: u32) -> Option<u8> {
        let at = (ord as usize).checked_mul(Elements::WIDTH)? + 8;
        self.section(SectionId::Elements).get(at).copied()
    }

    /// Every organisation row, in table order.
    pub(crate) fn organisation_rows(&self) -> impl Iterator<Item = OrganisationRow> + '_ {
        let table = Organisations::new(self.section(SectionId::Organisations));
        (0..table.len() as u32).filter_map(move |i| table.get(i))
    }

    /// Every row of the number line table, in order (validation).
    pub(crate) fn number_line_rows(&self) -> impl Iterator<Item = NumberLineRow> + '_ {
        let table = NumberLines::new(self.section(SectionId::NumberLines));
        (0..table.len() as u32).filter_map(move |i| table.get(i))
    }

    /// Prefetch hints over this index's sections (see [`Prefetcher`]).
    #[inline]
    pub fn prefetcher(&self) -> Prefetcher<'_> {
        Prefetcher {
            elements: self.section(SectionId::Elements),
            variants: self.lists(
                SectionId::ElementVariantsIndex,
                SectionId::ElementVariantsData,
            ),
            term_frequencies: self.section(SectionId::TermFrequencies),
            places: self.section(SectionId::Places),
            element_places: self.lists(SectionId::ElementPlacesIndex, SectionId::ElementPlacesData),
        }
    }

    /// Name variants of element `ord` (English first, then Irish, then aliases).
    pub fn variants(&self, ord: u32) -> Variants<'_> {
        Variants {
            bytes: self.variant_bytes(ord),
        }
    }

    /// Term ids of each name variant of element `ord`, without decoding the names.
    pub fn variant_terms(&self, ord: u32) -> VariantTerms<'_> {
        VariantTerms {
            bytes: self.variant_bytes(ord),
        }
    }

    /// Element `ord`'s encoded name variants: two elements with the same bytes (`MAIN STREET`
    /// in many towns) have the same names and terms.
    pub fn variant_bytes(&self, ord: u32) -> &[u8] {
        self.lists(
            SectionId::ElementVariantsIndex,
            SectionId::ElementVariantsData,
        )
        .bytes(ord as usize)
        .unwrap_or(&[])
    }

    /// An upper bound on the number of places element `ord` appears in (the encoded size of
    /// its list: each place takes one to five bytes), read without decoding the list.
    pub fn element_places_bound(&self, ord: u32) -> usize {
        self.lists(SectionId::ElementPlacesIndex, SectionId::ElementPlacesData)
            .bytes(ord as usize)
            .map_or(0, <[u8]>::len)
    }

    /// Places an element appears in, ascending.
    pub fn element_places(&self, ord: u32) -> SortedIter<'_> {
        self.lists(SectionId::ElementPlacesIndex, SectionId::ElementPlacesData)
            .sorted(ord as usize)
    }

    /// The rows of the number line table for number value `number` (see
    /// [`natural_key`](crate::index::natural_key); a unit number's with [`UNIT_LINE`] set)
    /// whose name's first term is in `first` and,
    /// when given, whose second term is in `second` (term id ranges, end exclusive): the
    /// streets and estates holding house 84 whose name begins `PARK D…` are
    /// `number_lines(84, park..park + 1, Some(d..e))`. One run of the sorted table, found by
    /// binary search.
    pub fn number_lines(
        &self,
        number: u32,
        first: std::ops::Range<u32>,
        second: Option<std::ops::Range<u32>>,
    ) -> impl Iterator<Item = NumberLineRow> + '_ {
        let table = NumberLines::new(self.section(SectionId::NumberLines));
        let n = table.len() as u32;
        let key = |r: &NumberLineRow| (r.number, r.first, r.second);
        let first_at_least = |k: (u32, u32, u32)| {
            let (mut lo, mut hi) = (0u32, n);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if table.get(mid).is_some_and(|r| key(&r) < k) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        let (start, end) = match &second {
            // One first term, a run of second terms.
            Some(s) if first.end == first.start.saturating_add(1) => (
                first_at_least((number, first.start, s.start)),
                first_at_least((number, first.start, s.end)),
            ),
            _ => (
                first_at_least((number, first.start, 0)),
                first_at_least((number, first.end, 0)),
            ),
        };
        (start..end.max(start))
            .filter_map(move |i| table.get(i))
            .filter(move |r| second.as_ref().map_or(true, |s| s.contains(&r.second)))
    }

    /// Place row `ord`.
    pub fn place(&self, ord: u32) -> Option<PlaceRow> {
        Places::new(self.section(SectionId::Places)).get(ord)
    }

    /// The place a building belongs to.
    pub fn place_of_building(&self, building: u32) -> Option<u32> {
        let places = Places::new(self.section(SectionId::Places));
        let (mut lo, mut hi) = (0u32, places.len() as u32);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let row = places.get(mid)?;
            if row.building_start + row.building_count <= building {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let row = places.get(lo)?;
        (row.building_start <= building && building < row.building_start + row.building_count)
            .then_some(lo)
    }

    // ---- buildings and address points -------------------------------------------------

    /// Building row `ord`.
    pub fn building(&self, ord: u32) -> Option<BuildingRow> {
        Buildings::new(self.section(SectionId::Buildings)).get(ord)
    }

    /// ECAD id of building `ord`.
    pub fn building_id(&self, ord: u32) -> Option<u64> {
        Some(self.meta.building_id_base + u64::from(self.building(ord)?.id_offset))
    }

    /// Address point row `ord`.
    pub fn address_point(&self, ord: u32) -> Option<AddressPointRow> {
        AddressPoints::new(self.section(SectionId::AddressPoints)).get(ord)
    }

    /// ECAD id of address point `ord`.
    pub fn address_point_id(&self, ord: u32) -> Option<u64> {
        Some(self.meta.address_point_id_base + u64::from(self.address_point(ord)?.id_offset))
    }

    /// Eircode of address point `ord` (`A65F4E2`), if it has one.
    pub fn address_point_eircode(&self, ord: u32) -> Option<String> {
        let key = self.address_point(ord)?.eircode;
        if key == NONE {
            return None;
        }
        crate::index::eircode_string(&self.meta.routing_keys, key)
    }

    /// Organisations at address point `ap`.
    pub fn organisations_at(&self, ap: u32) -> impl Iterator<Item = OrganisationRow> + '_ {
        let table = Organisations::new(self.section(SectionId::Organisations));
        table
            .for_address_point(ap)
            .filter_map(move |i| table.get(i))
    }

    /// Organisations at the address points `aps` (a place's or a building's run), in address
    /// point order.
    pub fn organisations_among(
        &self,
        aps: std::ops::Range<u32>,
    ) -> impl Iterator<Item = OrganisationRow> + '_ {
        let table = Organisations::new(self.section(SectionId::Organisations));
        table
            .for_address_points(aps)
            .filter_map(move |i| table.get(i))
    }

    /// A short string (house number, sub-building, department) by reference.
    pub fn string(&self, r: u32) -> Option<&str> {
        std::str::from_utf8(self.string_bytes(r)?).ok()
    }

    /// The bytes of string `r`, not checked to be UTF-8: for byte-wise tests on the hot path
    /// (a house number against every building of a place).
    pub fn string_bytes(&self, r: u32) -> Option<&[u8]> {
        if r == NONE {
            return None;
        }
        self.lists(SectionId::StringsIndex, SectionId::Strings)
            .bytes(r as usize)
    }

    // ---- keyed lookups -----------------------------------------------------------------

    /// Resolves an Eircode (7 characters, no space, any case).
    pub fn eircode(&self, eircode: &str) -> Option<EircodeHit> {
        let key = eircode_key(eircode)?;
        let v = self.eircodes.get(key)?;
        Some(if v & HISTORY_FLAG != 0 {
            EircodeHit::History((v & !HISTORY_FLAG) as u32)
        } else {
            EircodeHit::Current(v as u32)
        })
    }

    /// The address points of current Eircodes one edit from `eircode` (7 characters, no space):
    /// one character substituted or two neighbours swapped, sorted and without duplicates. Walks
    /// the Eircode map once, sharing prefixes, instead of looking up each of the ~180 variants
    /// (`text::eircode::near_misses`) on its own.
    pub fn eircodes_near(&self, eircode: &str) -> Vec<u32> {
        let Some(key) = eircode_key(eircode) else {
            return Vec::new();
        };
        let fst = self.eircodes.as_fst();
        let mut out = Vec::new();
        let mut push = |v: u64| {
            if v & HISTORY_FLAG == 0 {
                out.push(v as u32);
            }
        };
        // Substitutions: follow the key exactly to depth d, branch on every other byte there,
        // then follow the rest exactly.
        let mut node = fst.root();
        let mut acc = fst::raw::Output::zero();
        for d in 0..7 {
            for t in node.transitions() {
                if t.inp == key[d] {
                    continue;
                }
                if let Some(v) = follow(fst, fst.node(t.addr), acc.cat(t.out), &key[d + 1..]) {
                    push(v);
                }
            }
            let Some(i) = node.find_input(key[d]) else {
                break;
            };
            let t = node.transition(i);
            acc = acc.cat(t.out);
            node = fst.node(t.addr);
        }
        // Swaps of two different neighbours.
        for d in 0..6 {
            if key[d] != key[d + 1] {
                let mut swapped = key;
                swapped.swap(d, d + 1);
                if let Some(v) = self.eircodes.get(swapped) {
                    push(v);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The Eircode map, for prefix search (autocomplete).
    pub fn eircodes(&self) -> &fst::Map<impl AsRef<[u8]>> {
        &self.eircodes
    }

    /// The id map (ECAD id, 8 bytes big-endian → packed entity kind and ordinal).
    pub(crate) fn ids_fst(&self) -> &fst::Map<impl AsRef<[u8]>> {
        &self.ids
    }

    /// Resolves an ECAD id of any entity level.
    pub fn entity(&self, id: u64) -> Option<(EntityKind, u32)> {
        EntityKind::unpack(self.ids.get(id.to_be_bytes())?)
    }

    /// History rows (changed and retired ids and Eircodes), ordered by ECAD id.
    pub fn history(&self) -> &[History] {
        self.history
            .get_or_init(|| store::decode(self.section(SectionId::History)).unwrap_or_default())
    }

    /// The stored record of an entity (spatial, building, organisation, administrative info).
    pub fn record(&self, kind: EntityKind, ord: u32) -> Option<StoredRecord> {
        let c = &self.meta.counts;
        let slot = match kind {
            EntityKind::Element => u64::from(ord),
            EntityKind::Building => c.elements + u64::from(ord),
            EntityKind::AddressPoint => c.elements + c.buildings + u64::from(ord),
            EntityKind::History => return None,
        };
        let bytes = self
            .lists(SectionId::StoreIndex, SectionId::StoreData)
            .bytes(usize::try_from(slot).ok()?)?;
        record_codec::decode_record(bytes, || {
            // Only address points share their building's row; a building's own record never
            // refers further, so this recursion is one level deep.
            if kind != EntityKind::AddressPoint {
                return None;
            }
            let building = self.address_point(ord)?.building;
            let bytes = self
                .lists(SectionId::StoreIndex, SectionId::StoreData)
                .bytes(usize::try_from(c.elements + u64::from(building)).ok()?)?;
            Some(record_codec::decode_record(bytes, || None)?.spatial)
        })
    }

    /// UK address `i` (ordered by postcode).
    pub fn uk_address(&self, i: u32) -> Option<UkAddress> {
        store::decode(
            self.lists(SectionId::UkIndex, SectionId::UkData)
                .bytes(i as usize)?,
        )
    }

    /// Number of UK addresses.
    pub fn uk_len(&self) -> u32 {
        self.meta.counts.uk_addresses as u32
    }
}

/// Opens an index file for reading; a directory is refused by name (memory-mapping one fails
/// with a puzzling "No such device").
fn open_file(path: &Path) -> Result<std::fs::File> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    if file.metadata().map_err(io)?.is_dir() {
        return Err(io(std::io::Error::other(
            "it is a directory; pass the index file `seoladh build --out FILE` wrote",
        )));
    }
    Ok(file)
}

/// The Eircode map's key for a 7-character code without a space: upper case.
fn eircode_key(eircode: &str) -> Option<[u8; 7]> {
    let b: [u8; 7] = eircode.as_bytes().try_into().ok()?;
    Some(b.map(|c| c.to_ascii_uppercase()))
}

/// The value of the key `rest` read from `node` on (with `acc` output so far), if it is a key.
fn follow<'f, D: AsRef<[u8]>>(
    fst: &'f fst::raw::Fst<D>,
    mut node: fst::raw::Node<'f>,
    mut acc: fst::raw::Output,
    rest: &[u8],
) -> Option<u64> {
    for &b in rest {
        let t = node.transition(node.find_input(b)?);
        acc = acc.cat(t.out);
        node = fst.node(t.addr);
    }
    node.is_final()
        .then(|| acc.cat(node.final_output()).value())
}

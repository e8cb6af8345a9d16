//! The byte layout of an index file: a fixed header, a section table, then 8-byte aligned sections.
//!
//! ```text
//! 0   magic            8 bytes  "SEOLADH\x1a"
//! 8   format version   u32 LE   FORMAT_VERSION
//! 12  normaliser       u32 LE   text::NORMALISER_VERSION at build time
//! 16  section count    u32 LE
//! 20  header crc32     u32 LE   over bytes 0..20 and the section table
//! 24  section table    count × 32 bytes: id u32, crc32 u32, offset u64, length u64, items u64
//! ..  sections         each starting at a multiple of 8
//! ```
//!
//! Everything is little-endian. [`read_header`] checks the header, the versions and every
//! section's bounds; opening an index then checks every section's checksum and structure
//! (`index::validate`).

use crate::error::{Error, Result};
use std::io::Write;

/// Identifies a seoladh index file.
pub const MAGIC: [u8; 8] = *b"SEOLADH\x1a";

/// Version of the byte layout. Bump on any change to what is written; old files then fail to open
/// with [`Error::IndexFormatVersion`] and must be rebuilt.
pub const FORMAT_VERSION: u32 = 4;

const HEADER_LEN: usize = 24;
const ENTRY_LEN: usize = 32;
/// Most sections a file may declare: guards the table size against a corrupt count.
const MAX_SECTIONS: u32 = 256;

/// The kinds of section an index holds. The numeric ids are part of the format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum SectionId {
    /// Counts and build facts (bincode).
    Meta = 1,
    /// fst: normalised term → term ordinal.
    Terms = 2,
    /// Offsets (u64 × (terms + 1)) into [`SectionId::TermPostingsData`].
    TermPostingsIndex = 3,
    /// Delta-varint lists of element ordinals per term.
    TermPostingsData = 4,
    /// Element table: fixed-width rows.
    Elements = 5,
    /// Offsets into [`SectionId::ElementVariantsData`].
    ElementVariantsIndex = 6,
    /// Name variants of each element: display strings and term-id sequences.
    ElementVariantsData = 7,
    /// Offsets into [`SectionId::ElementPlacesData`].
    ElementPlacesIndex = 8,
    /// Delta-varint lists of place ordinals per element.
    ElementPlacesData = 9,
    /// Place table: fixed-width rows.
    Places = 10,
    /// Building table: fixed-width rows.
    Buildings = 11,
    /// Address point table: fixed-width rows.
    AddressPoints = 12,
    /// Short strings shared by the tables (house numbers, sub-building names).
    Strings = 13,
    /// fst: Eircode (7 chars, no space) → address point ordinal.
    Eircodes = 14,
    /// fst: ECAD id (8 bytes BE) → entity kind and ordinal.
    Ids = 15,
    /// Offsets into [`SectionId::StoreData`].
    StoreIndex = 16,
    /// bincode records for Get ECAD Data, one per entity.
    StoreData = 17,
    /// History rows (bincode).
    History = 18,
    /// UK addresses (bincode records with their own offsets).
    UkIndex = 19,
    /// UK address records.
    UkData = 20,
    /// Organisation table: fixed-width rows.
    Organisations = 21,
    /// Offsets into [`SectionId::Strings`].
    StringsIndex = 22,
    /// Document frequency of each term (u32 per term id).
    TermFrequencies = 23,
    /// Number line table: fixed-width rows, sorted.
    NumberLines = 24,
}

impl SectionId {
    /// Every section (the header's section table gives each one's place in the file).
    pub const ALL: [SectionId; 24] = [
        SectionId::Meta,
        SectionId::Terms,
        SectionId::TermFrequencies,
        SectionId::TermPostingsIndex,
        SectionId::TermPostingsData,
        SectionId::Elements,
        SectionId::ElementVariantsIndex,
        SectionId::ElementVariantsData,
        SectionId::ElementPlacesIndex,
        SectionId::ElementPlacesData,
        SectionId::NumberLines,
        SectionId::Places,
        SectionId::Buildings,
        SectionId::AddressPoints,
        SectionId::StringsIndex,
        SectionId::Strings,
        SectionId::Eircodes,
        SectionId::Ids,
        SectionId::StoreIndex,
        SectionId::StoreData,
        SectionId::History,
        SectionId::UkIndex,
        SectionId::UkData,
        SectionId::Organisations,
    ];

    /// Human name used in errors and `seoladh verify` output.
    pub fn name(self) -> &'static str {
        match self {
            SectionId::Meta => "meta",
            SectionId::Terms => "terms",
            SectionId::TermPostingsIndex => "term-postings-index",
            SectionId::TermPostingsData => "term-postings",
            SectionId::Elements => "elements",
            SectionId::ElementVariantsIndex => "element-variants-index",
            SectionId::ElementVariantsData => "element-variants",
            SectionId::ElementPlacesIndex => "element-places-index",
            SectionId::ElementPlacesData => "element-places",
            SectionId::Places => "places",
            SectionId::Buildings => "buildings",
            SectionId::AddressPoints => "address-points",
            SectionId::StringsIndex => "strings-index",
            SectionId::TermFrequencies => "term-frequencies",
            SectionId::Strings => "strings",
            SectionId::Eircodes => "eircodes",
            SectionId::Ids => "ids",
            SectionId::StoreIndex => "store-index",
            SectionId::StoreData => "store",
            SectionId::History => "history",
            SectionId::UkIndex => "uk-index",
            SectionId::UkData => "uk",
            SectionId::Organisations => "organisations",
            SectionId::NumberLines => "number-lines",
        }
    }

    /// Whether the section belongs to the record store (Get ECAD Data payloads) rather than to
    /// the search structures; used to report the two sizes separately.
    pub fn is_store(self) -> bool {
        matches!(
            self,
            SectionId::StoreIndex | SectionId::StoreData | SectionId::UkData | SectionId::History
        )
    }

    fn from_u32(v: u32) -> Option<SectionId> {
        SectionId::ALL.iter().copied().find(|s| *s as u32 == v)
    }
}

/// Where a section lies in the file, and its checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionEntry {
    /// Which section.
    pub id: SectionId,
    /// crc32 of the section bytes.
    pub crc: u32,
    /// Byte offset from the start of the file (a multiple of 8).
    pub offset: u64,
    /// Length in bytes.
    pub len: u64,
    /// Number of items (rows, records, keys) the section holds, for sanity checks and stats.
    pub items: u64,
}

/// The parsed header of an index file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The normaliser version the terms were built with.
    pub normaliser_version: u32,
    /// Sections in file order.
    pub sections: Vec<SectionEntry>,
}

impl Header {
    /// The entry of a section, if the file has it.
    pub fn section(&self, id: SectionId) -> Option<&SectionEntry> {
        self.sections.iter().find(|s| s.id == id)
    }
}

/// Parses and checks the header of `bytes` (the whole file). O(1) in the file size: it reads the
/// header and the section table, and checks that every section lies inside the file.
pub fn read_header(bytes: &[u8], file: &str, expected_normaliser: u32) -> Result<Header> {
    let corrupt = |reason: String| Error::IndexCorrupt {
        file: file.to_string(),
        section: "header",
        reason,
    };
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(Error::IndexNotSeoladh {
            file: file.to_string(),
        });
    }
    if bytes.len() < HEADER_LEN {
        return Err(Error::IndexTruncated {
            file: file.to_string(),
            expected: HEADER_LEN as u64,
            actual: bytes.len() as u64,
        });
    }
    let version = le_u32(bytes, 8);
    if version != FORMAT_VERSION {
        return Err(Error::IndexFormatVersion {
            file: file.to_string(),
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    let normaliser_version = le_u32(bytes, 12);
    let count = le_u32(bytes, 16);
    if count > MAX_SECTIONS {
        return Err(corrupt(format!(
            "{count} sections declared (at most {MAX_SECTIONS})"
        )));
    }
    let table_end = HEADER_LEN + count as usize * ENTRY_LEN;
    if bytes.len() < table_end {
        return Err(Error::IndexTruncated {
            file: file.to_string(),
            expected: table_end as u64,
            actual: bytes.len() as u64,
        });
    }
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes[..20]);
    crc.update(&bytes[HEADER_LEN..table_end]);
    let expected_crc = le_u32(bytes, 20);
    if crc.finalize() != expected_crc {
        return Err(corrupt("header checksum mismatch".into()));
    }
    // Versions are checked after the checksum so that a damaged header is not reported as a
    // version mismatch.
    if normaliser_version != expected_normaliser {
        return Err(Error::IndexNormaliserVersion {
            file: file.to_string(),
            found: normaliser_version,
            expected: expected_normaliser,
        });
    }
    let mut sections = Vec::with_capacity(count as usize);
    let mut end_of_previous = table_end as u64;
    for i in 0..count as usize {
        let at = HEADER_LEN + i * ENTRY_LEN;
        let raw_id = le_u32(bytes, at);
        let id = SectionId::from_u32(raw_id)
            .ok_or_else(|| corrupt(format!("unknown section id {raw_id}")))?;
        let entry = SectionEntry {
            id,
            crc: le_u32(bytes, at + 4),
            offset: le_u64(bytes, at + 8),
            len: le_u64(bytes, at + 16),
            items: le_u64(bytes, at + 24),
        };
        if entry.offset % 8 != 0 || entry.offset < end_of_previous {
            return Err(corrupt(format!(
                "section {} starts at {} (misaligned or overlapping)",
                id.name(),
                entry.offset
            )));
        }
        let end = entry
            .offset
            .checked_add(entry.len)
            .ok_or_else(|| corrupt(format!("section {} length overflows", id.name())))?;
        if end > bytes.len() as u64 {
            return Err(Error::IndexTruncated {
                file: file.to_string(),
                expected: end,
                actual: bytes.len() as u64,
            });
        }
        if sections.iter().any(|s: &SectionEntry| s.id == id) {
            return Err(corrupt(format!("section {} appears twice", id.name())));
        }
        end_of_previous = end;
        sections.push(entry);
    }
    Ok(Header {
        normaliser_version,
        sections,
    })
}

/// Recomputes the checksum of one section.
pub fn check_section(bytes: &[u8], entry: &SectionEntry, file: &str) -> Result<()> {
    let data = section_bytes(bytes, entry);
    let actual = crc32fast::hash(data);
    if actual != entry.crc {
        return Err(Error::IndexChecksum {
            file: file.to_string(),
            section: entry.id.name(),
            expected: entry.crc,
            actual,
        });
    }
    Ok(())
}

/// The bytes of a section whose bounds [`read_header`] has checked.
pub fn section_bytes<'a>(bytes: &'a [u8], entry: &SectionEntry) -> &'a [u8] {
    let start = entry.offset as usize;
    bytes.get(start..start + entry.len as usize).unwrap_or(&[])
}

/// Writes a complete index file from finished sections, in the order given.
///
/// Sections are passed whole: the builder produces each one in memory (the largest, the record
/// store, is a few hundred megabytes at full scale), so the writer can put the table first.
pub struct FileWriter {
    normaliser_version: u32,
    sections: Vec<(SectionId, Vec<u8>, u64)>,
}

impl FileWriter {
    /// A writer for a file built with the given normaliser.
    pub fn new(normaliser_version: u32) -> Self {
        FileWriter {
            normaliser_version,
            sections: Vec::new(),
        }
    }

    /// Adds a section holding `items` items.
    pub fn add(&mut self, id: SectionId, data: Vec<u8>, items: u64) {
        self.sections.push((id, data, items));
    }

    /// Total bytes the file will take.
    pub fn len(&self) -> u64 {
        self.layout().1
    }

    /// `(store bytes, everything else)`: the record store against the search structures and
    /// the header.
    pub fn split_sizes(&self) -> (u64, u64) {
        let store: u64 = self
            .sections
            .iter()
            .filter(|(id, _, _)| id.is_store())
            .map(|(_, d, _)| d.len() as u64)
            .sum();
        (store, self.len() - store)
    }

    /// Whether no section was added.
    pub fn is_empty(&self) -> bool {
        self.sections.is_empty()
    }

    fn layout(&self) -> (Vec<u64>, u64) {
        let mut offset = align8((HEADER_LEN + self.sections.len() * ENTRY_LEN) as u64);
        let mut offsets = Vec::with_capacity(self.sections.len());
        let mut end = offset;
        for (_, data, _) in &self.sections {
            offsets.push(offset);
            end = offset + data.len() as u64;
            offset = align8(end);
        }
        // The file ends with its last section, unpadded, so that a truncation by even one byte
        // shows as a section past the end.
        (offsets, end)
    }

    /// Writes the file. Output depends only on the sections, so equal input gives equal bytes.
    pub fn write_to<W: Write>(&self, mut out: W) -> std::io::Result<u64> {
        let (offsets, total) = self.layout();
        let mut head = Vec::with_capacity(HEADER_LEN + self.sections.len() * ENTRY_LEN);
        head.extend_from_slice(&MAGIC);
        head.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        head.extend_from_slice(&self.normaliser_version.to_le_bytes());
        head.extend_from_slice(&(self.sections.len() as u32).to_le_bytes());
        head.extend_from_slice(&[0; 4]);
        for ((id, data, items), offset) in self.sections.iter().zip(&offsets) {
            head.extend_from_slice(&(*id as u32).to_le_bytes());
            head.extend_from_slice(&crc32fast::hash(data).to_le_bytes());
            head.extend_from_slice(&offset.to_le_bytes());
            head.extend_from_slice(&(data.len() as u64).to_le_bytes());
            head.extend_from_slice(&items.to_le_bytes());
        }
        let mut crc = crc32fast::Hasher::new();
        crc.update(&head[..20]);
        crc.update(&head[HEADER_LEN..]);
        let header_crc = crc.finalize();
        head[20..24].copy_from_slice(&header_crc.to_le_bytes());
        out.write_all(&head)?;
        let mut written = head.len() as u64;
        for ((_, data, _), offset) in self.sections.iter().zip(&offsets) {
            pad(&mut out, *offset - written)?;
            out.write_all(data)?;
            written = offset + data.len() as u64;
        }
        pad(&mut out, total - written)?;
        out.flush()?;
        Ok(total)
    }
}

fn pad<W: Write>(out: &mut W, n: u64) -> std::io::Result<()> {
    const ZEROS: [u8; 8] = [0; 8];
    out.write_all(&ZEROS[..n as usize])
}

fn align8(v: u64) -> u64 {
    (v + 7) & !7
}

/// Reads a little-endian u32 at `at`; the caller has checked the bounds.
pub(crate) fn le_u32(bytes: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(b)
}

/// Reads a little-endian u64 at `at`; the caller has checked the bounds.
pub(crate) fn le_u64(bytes: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        let mut w = FileWriter::new(7);
        w.add(SectionId::Meta, b"hello".to_vec(), 1);
        w.add(SectionId::Terms, vec![1, 2, 3, 4, 5, 6, 7, 8, 9], 3);
        let mut out = Vec::new();
        let n = w.write_to(&mut out).unwrap();
        assert_eq!(n as usize, out.len());
        out
    }

    #[test]
    fn round_trips_header_and_sections() {
        let bytes = sample();
        let h = read_header(&bytes, "t", 7).unwrap();
        assert_eq!(h.sections.len(), 2);
        let terms = h.section(SectionId::Terms).unwrap();
        assert_eq!(terms.offset % 8, 0);
        assert_eq!(section_bytes(&bytes, terms), &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(terms.items, 3);
        for s in &h.sections {
            check_section(&bytes, s, "t").unwrap();
        }
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let bytes = sample();
        for cut in 0..bytes.len() {
            let r = read_header(&bytes[..cut], "t", 7);
            let truncated_tail = cut >= HEADER_LEN + 2 * ENTRY_LEN;
            if !truncated_tail {
                assert!(r.is_err(), "cut at {cut} accepted");
            }
        }
    }

    #[test]
    fn wrong_versions_are_named() {
        let mut bytes = sample();
        assert!(matches!(
            read_header(&bytes, "t", 8),
            Err(Error::IndexNormaliserVersion {
                found: 7,
                expected: 8,
                ..
            })
        ));
        bytes[8] = 99;
        assert!(matches!(
            read_header(&bytes, "t", 7),
            Err(Error::IndexFormatVersion { found: 99, .. })
        ));
        bytes[0] = b'X';
        assert!(matches!(
            read_header(&bytes, "t", 7),
            Err(Error::IndexNotSeoladh { .. })
        ));
    }

    #[test]
    fn flipped_section_byte_fails_its_checksum() {
        let mut bytes = sample();
        let h = read_header(&bytes, "t", 7).unwrap();
        let terms = *h.section(SectionId::Terms).unwrap();
        bytes[terms.offset as usize + 2] ^= 0x10;
        assert!(matches!(
            check_section(&bytes, &terms, "t"),
            Err(Error::IndexChecksum {
                section: "terms",
                ..
            })
        ));
    }
}

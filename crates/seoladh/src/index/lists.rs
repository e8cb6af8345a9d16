//! Variable-length lists stored as an offsets column plus a data blob.
//!
//! Used for term postings (term → element ordinals), element places (element → place ordinals),
//! name variants and the record store. Sorted `u32` lists are delta-encoded LEB128 varints, which
//! takes 1–2 bytes per entry for the dense ordinals the builder assigns.

use crate::index::prefetch::prefetch;

/// Builds one list section pair: `(offsets, data)`.
#[derive(Debug)]
pub(crate) struct ListsWriter {
    offsets: Vec<u32>,
    data: Vec<u8>,
}

impl Default for ListsWriter {
    fn default() -> Self {
        ListsWriter::new()
    }
}

impl ListsWriter {
    pub(crate) fn new() -> Self {
        ListsWriter {
            offsets: vec![0],
            data: Vec::new(),
        }
    }

    /// Appends a sorted list of ordinals (delta-encoded). Duplicates are kept as zero deltas.
    pub(crate) fn push_sorted(&mut self, values: &[u32]) {
        let mut prev = 0u32;
        for &v in values {
            debug_assert!(v >= prev, "push_sorted needs sorted input");
            write_varint(&mut self.data, u64::from(v - prev));
            prev = v;
        }
        self.close();
    }

    /// Appends an opaque byte record.
    pub(crate) fn push_bytes(&mut self, bytes: &[u8]) {
        self.data.extend_from_slice(bytes);
        self.close();
    }

    fn close(&mut self) {
        // The builder refuses inputs over 4 GiB per section long before this matters; saturating
        // keeps the writer total and lets the reader report the damage.
        self.offsets
            .push(u32::try_from(self.data.len()).unwrap_or(u32::MAX));
    }

    /// Number of lists written.
    pub(crate) fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Bytes of data written so far.
    pub(crate) fn data_len(&self) -> usize {
        self.data.len()
    }

    /// `(offsets section, data section)`.
    pub(crate) fn finish(self) -> (Vec<u8>, Vec<u8>) {
        let mut index = Vec::with_capacity(self.offsets.len() * 4);
        for o in &self.offsets {
            index.extend_from_slice(&o.to_le_bytes());
        }
        (index, self.data)
    }
}

/// Read access to a list section pair. Every accessor is bounds-checked: damaged offsets give an
/// empty list (and `verify` reports them), never a panic.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lists<'a> {
    index: &'a [u8],
    data: &'a [u8],
}

impl<'a> Lists<'a> {
    pub(crate) fn new(index: &'a [u8], data: &'a [u8]) -> Self {
        Lists { index, data }
    }

    /// Number of lists.
    pub(crate) fn len(&self) -> usize {
        (self.index.len() / 4).saturating_sub(1)
    }

    fn offset(&self, i: usize) -> Option<usize> {
        let b = self.index.get(i * 4..i * 4 + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }

    /// Hints that list `i`'s offset will be read soon.
    #[inline]
    pub(crate) fn prefetch_offset(&self, i: usize) {
        prefetch(self.index, i * 4);
    }

    /// Hints that list `i`'s bytes will be read soon. Reads the offset: hint it first
    /// ([`Lists::prefetch_offset`]) some iterations earlier.
    #[inline]
    pub(crate) fn prefetch_list(&self, i: usize) {
        if let (Some(start), Some(end)) = (self.offset(i), self.offset(i + 1)) {
            prefetch(self.data, start);
            // A list of more than a line (a name with its Irish form and aliases) spans two.
            if end > start + 64 {
                prefetch(self.data, start + 64);
            }
        }
    }

    /// The raw bytes of list `i`.
    pub(crate) fn bytes(&self, i: usize) -> Option<&'a [u8]> {
        let start = self.offset(i)?;
        let end = self.offset(i + 1)?;
        self.data.get(start..end)
    }

    /// The delta-decoded ordinals of list `i` (empty when `i` is out of range).
    pub(crate) fn sorted(&self, i: usize) -> SortedIter<'a> {
        SortedIter {
            bytes: self.bytes(i).unwrap_or(&[]),
            prev: 0,
        }
    }

    /// Checks that offsets rise, stay inside the data, and that every list decodes.
    pub(crate) fn check(&self, sorted_u32: bool) -> Result<(), String> {
        if self.index.len() % 4 != 0 || self.index.len() < 4 {
            return Err("offsets column has a partial entry".into());
        }
        let mut prev = 0usize;
        for i in 0..=self.len() {
            let o = self.offset(i).ok_or("offset out of range")?;
            if o < prev || o > self.data.len() {
                return Err(format!("offset {i} is {o}, out of order or past the data"));
            }
            prev = o;
        }
        if prev != self.data.len() {
            return Err("data has trailing bytes".into());
        }
        if sorted_u32 {
            self.check_ordinals(u64::from(u32::MAX) + 1)?;
        }
        Ok(())
    }
}

impl Lists<'_> {
    /// Checks that every list decodes as sorted ordinals below `bound`.
    pub(crate) fn check_ordinals(&self, bound: u64) -> Result<(), String> {
        for i in 0..self.len() {
            let mut bytes = self.bytes(i).unwrap_or(&[]);
            let mut acc = 0u64;
            while !bytes.is_empty() {
                let (v, n) = read_varint(bytes).ok_or_else(|| format!("list {i}: bad varint"))?;
                acc = acc.saturating_add(v);
                if acc >= bound {
                    return Err(format!("list {i}: ordinal {acc} out of range (< {bound})"));
                }
                bytes = &bytes[n..];
            }
        }
        Ok(())
    }
}

/// Iterator over a delta-encoded sorted list of ordinals. Stops at the first malformed varint.
#[derive(Debug, Clone)]
pub struct SortedIter<'a> {
    bytes: &'a [u8],
    prev: u32,
}

impl Iterator for SortedIter<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        let (delta, n) = read_varint(self.bytes)?;
        self.bytes = &self.bytes[n..];
        self.prev = self.prev.checked_add(u32::try_from(delta).ok()?)?;
        Some(self.prev)
    }
}

impl SortedIter<'_> {
    /// Decodes up to `out.len()` ordinals into `out`; how many (0 at the end). The hot loops'
    /// way through a list: most deltas are one byte, and they take a short path here.
    #[inline]
    pub fn next_chunk(&mut self, out: &mut [u32]) -> usize {
        let bytes = self.bytes;
        let (mut pos, mut n, mut prev) = (0usize, 0usize, self.prev);
        while n < out.len() {
            let Some(&b) = bytes.get(pos) else { break };
            let delta = if b < 0x80 {
                pos += 1;
                Some(u32::from(b))
            } else {
                read_varint(&bytes[pos..]).and_then(|(d, k)| {
                    pos += k;
                    u32::try_from(d).ok()
                })
            };
            let Some(v) = delta.and_then(|d| prev.checked_add(d)) else {
                // Malformed: the list ends here.
                pos = bytes.len();
                break;
            };
            prev = v;
            out[n] = v;
            n += 1;
        }
        self.bytes = bytes.get(pos..).unwrap_or(&[]);
        self.prev = prev;
        n
    }

    /// Appends the rest of the list (at most `max` ordinals) to `out`.
    #[inline]
    pub fn append_to(mut self, out: &mut Vec<u32>, max: usize) {
        let mut chunk = [0u32; 64];
        let mut left = max;
        while left > 0 {
            let want = left.min(chunk.len());
            let n = self.next_chunk(&mut chunk[..want]);
            if n == 0 {
                break;
            }
            out.extend_from_slice(&chunk[..n]);
            left -= n;
        }
    }
}

/// Appends `v` as an LEB128 varint.
#[inline]
pub(crate) fn write_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads an LEB128 varint: `(value, bytes used)`, or `None` when the input ends or overflows.
#[inline]
pub(crate) fn read_varint(bytes: &[u8]) -> Option<(u64, usize)> {
    // Most values (deltas, small ids, lengths) fit one byte; term ids two or three.
    match *bytes {
        [b0, ..] if b0 < 0x80 => return Some((u64::from(b0), 1)),
        [b0, b1, ..] if b1 < 0x80 => {
            return Some((u64::from(b0 & 0x7f) | u64::from(b1) << 7, 2));
        }
        [b0, b1, b2, ..] if b2 < 0x80 => {
            let v = u64::from(b0 & 0x7f) | u64::from(b1 & 0x7f) << 7 | u64::from(b2) << 14;
            return Some((v, 3));
        }
        _ => {}
    }
    let mut v = 0u64;
    for (i, &b) in bytes.iter().enumerate().take(10) {
        v |= u64::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return Some((v, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sorted_lists_round_trip() {
        let mut w = ListsWriter::new();
        w.push_sorted(&[1, 5, 5, 300, 70_000]);
        w.push_sorted(&[]);
        w.push_sorted(&[u32::MAX]);
        let (index, data) = w.finish();
        let l = Lists::new(&index, &data);
        assert_eq!(l.len(), 3);
        assert_eq!(l.sorted(0).collect::<Vec<_>>(), vec![1, 5, 5, 300, 70_000]);
        assert_eq!(l.sorted(1).count(), 0);
        assert_eq!(l.sorted(2).collect::<Vec<_>>(), vec![u32::MAX]);
        assert_eq!(l.sorted(3).count(), 0);
        l.check(true).unwrap();
    }

    #[test]
    fn damaged_offsets_are_reported_not_panicked() {
        let mut w = ListsWriter::new();
        w.push_sorted(&[1, 2, 3]);
        w.push_sorted(&[4]);
        let (mut index, data) = w.finish();
        index[4] = 200;
        let l = Lists::new(&index, &data);
        assert!(l.check(true).is_err());
        let _ = l.sorted(0).count();
        let _ = l.bytes(1);
    }

    proptest! {
        #[test]
        fn varints_round_trip(v in any::<u64>()) {
            let mut out = Vec::new();
            write_varint(&mut out, v);
            prop_assert_eq!(read_varint(&out), Some((v, out.len())));
        }

        #[test]
        fn arbitrary_bytes_never_panic(index in proptest::collection::vec(any::<u8>(), 0..64),
                                       data in proptest::collection::vec(any::<u8>(), 0..64)) {
            let l = Lists::new(&index, &data);
            let _ = l.check(true);
            for i in 0..l.len() + 2 {
                let _ = l.sorted(i).count();
                let mut chunk = [0u32; 3];
                let mut it = l.sorted(i);
                while it.next_chunk(&mut chunk) > 0 {}
                l.sorted(i).append_to(&mut Vec::new(), 5);
            }
        }

        #[test]
        fn chunks_decode_what_the_iterator_does(
            mut values in proptest::collection::vec(any::<u32>(), 0..300),
            chunk in 1usize..70,
            max in 0usize..400,
        ) {
            values.sort_unstable();
            let mut w = ListsWriter::new();
            w.push_sorted(&values);
            let (index, data) = w.finish();
            let l = Lists::new(&index, &data);
            let mut got = Vec::new();
            let mut buf = vec![0u32; chunk];
            let mut it = l.sorted(0);
            loop {
                let n = it.next_chunk(&mut buf);
                if n == 0 {
                    break;
                }
                got.extend_from_slice(&buf[..n]);
            }
            prop_assert_eq!(&got, &values);
            let mut appended = vec![7];
            l.sorted(0).append_to(&mut appended, max);
            prop_assert_eq!(&appended[1..], &values[..values.len().min(max)]);
        }
    }
}

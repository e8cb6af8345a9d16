//! Name variants of an element: the English name, the Irish name, and aliases, each with the
//! term ids its tokens map to.

use crate::index::lists::{read_varint, write_varint};

/// Which name of an element a variant is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum VariantTag {
    /// The English (primary) name.
    English,
    /// The Irish name.
    Irish,
    /// An alias with its `ALIAS_TYPE_ID` (1 misspelling, 2 alternative name, 3 alternative
    /// format, 4 both).
    Alias(u8),
}

impl VariantTag {
    pub(crate) fn alias(alias_type: u8) -> VariantTag {
        VariantTag::Alias(alias_type)
    }

    fn code(self) -> u8 {
        match self {
            VariantTag::English => 0,
            VariantTag::Irish => 1,
            VariantTag::Alias(t) => 1u8.saturating_add(t),
        }
    }

    fn from_code(c: u8) -> VariantTag {
        match c {
            0 => VariantTag::English,
            1 => VariantTag::Irish,
            t => VariantTag::Alias(t - 1),
        }
    }
}

/// One decoded name variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant<'a> {
    /// Which name this is.
    pub tag: VariantTag,
    /// The name as stored (upper case, fadas kept).
    pub name: &'a str,
    /// Term ids of its tokens, in order, as varints (see [`Variant::term_ids`]).
    terms: &'a [u8],
    /// Number of terms.
    pub term_count: usize,
}

impl<'a> Variant<'a> {
    /// Appends the encoding of a variant.
    pub(crate) fn encode(tag: VariantTag, name: &str, term_ids: &[u32], out: &mut Vec<u8>) {
        out.push(tag.code());
        write_varint(out, name.len() as u64);
        out.extend_from_slice(name.as_bytes());
        write_varint(out, term_ids.len() as u64);
        for &t in term_ids {
            write_varint(out, u64::from(t));
        }
    }

    /// The term ids of the variant's tokens, in order.
    pub fn term_ids(&self) -> impl Iterator<Item = u32> + 'a {
        let mut bytes = self.terms;
        std::iter::from_fn(move || {
            let (v, n) = read_varint(bytes)?;
            bytes = &bytes[n..];
            u32::try_from(v).ok()
        })
    }
}

/// Iterator over the variants of one element. Stops at the first damaged entry.
#[derive(Debug, Clone)]
pub struct Variants<'a> {
    pub(crate) bytes: &'a [u8],
}

impl<'a> Iterator for Variants<'a> {
    type Item = Variant<'a>;

    fn next(&mut self) -> Option<Variant<'a>> {
        let (&tag, rest) = self.bytes.split_first()?;
        let (len, n) = read_varint(rest)?;
        let rest = &rest[n..];
        let len = usize::try_from(len).ok()?;
        let name = std::str::from_utf8(rest.get(..len)?).ok()?;
        let rest = &rest[len..];
        let (count, n) = read_varint(rest)?;
        let mut terms_end = n;
        for _ in 0..count {
            let (_, m) = read_varint(rest.get(terms_end..)?)?;
            terms_end += m;
        }
        let terms = &rest[n..terms_end];
        self.bytes = &rest[terms_end..];
        Some(Variant {
            tag: VariantTag::from_code(tag),
            name,
            terms,
            term_count: count as usize,
        })
    }
}

/// Iterator over the variants of one element as (tag, term ids) only: the matcher's hot path,
/// which never needs the display name and so skips its UTF-8 check.
#[derive(Debug, Clone)]
pub struct VariantTerms<'a> {
    pub(crate) bytes: &'a [u8],
}

impl<'a> Iterator for VariantTerms<'a> {
    type Item = (VariantTag, TermIds<'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (&tag, rest) = self.bytes.split_first()?;
        let (len, n) = read_varint(rest)?;
        let rest = rest.get(n + usize::try_from(len).ok()?..)?;
        let (count, n) = read_varint(rest)?;
        let mut terms_end = n;
        for _ in 0..count {
            let (_, m) = read_varint(rest.get(terms_end..)?)?;
            terms_end += m;
        }
        self.bytes = &rest[terms_end..];
        Some((
            VariantTag::from_code(tag),
            TermIds {
                bytes: &rest[n..terms_end],
            },
        ))
    }
}

impl VariantTerms<'_> {
    /// The next variant's tag, its term ids decoded into `buf` in one pass (the first
    /// `buf.len()`; no name is that long) and how many were written: the matcher's hot loop.
    #[inline]
    pub fn next_into(&mut self, buf: &mut [u32]) -> Option<(VariantTag, usize)> {
        let (&tag, rest) = self.bytes.split_first()?;
        let (len, n) = read_varint(rest)?;
        let mut rest = rest.get(n + usize::try_from(len).ok()?..)?;
        let (count, n) = read_varint(rest)?;
        rest = &rest[n..];
        let mut k = 0;
        for _ in 0..count {
            let (v, m) = read_varint(rest)?;
            rest = &rest[m..];
            if let (Some(slot), Ok(v)) = (buf.get_mut(k), u32::try_from(v)) {
                *slot = v;
                k += 1;
            }
        }
        self.bytes = rest;
        Some((VariantTag::from_code(tag), k))
    }
}

/// The term ids of one variant, in order.
#[derive(Debug, Clone)]
pub struct TermIds<'a> {
    bytes: &'a [u8],
}

impl Iterator for TermIds<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        let (v, n) = read_varint(self.bytes)?;
        self.bytes = &self.bytes[n..];
        u32::try_from(v).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_round_trip() {
        let mut b = Vec::new();
        Variant::encode(VariantTag::English, "MAIN STREET", &[4, 900], &mut b);
        Variant::encode(VariantTag::Irish, "AN PHRÍOMHSHRÁID", &[7], &mut b);
        Variant::encode(VariantTag::Alias(1), "MAIN STRET", &[], &mut b);
        let v: Vec<_> = Variants { bytes: &b }.collect();
        assert_eq!(v.len(), 3);
        let t: Vec<(VariantTag, Vec<u32>)> = VariantTerms { bytes: &b }
            .map(|(tag, ids)| (tag, ids.collect()))
            .collect();
        let expected: Vec<(VariantTag, Vec<u32>)> =
            v.iter().map(|v| (v.tag, v.term_ids().collect())).collect();
        assert_eq!(t, expected);
        assert_eq!(v[0].name, "MAIN STREET");
        assert_eq!(v[0].term_ids().collect::<Vec<_>>(), vec![4, 900]);
        assert_eq!(v[1].tag, VariantTag::Irish);
        assert_eq!(v[1].name, "AN PHRÍOMHSHRÁID");
        assert_eq!(v[2].tag, VariantTag::Alias(1));
        assert_eq!(v[2].term_count, 0);
        // Truncations stop cleanly.
        for cut in 0..b.len() {
            let _ = Variants { bytes: &b[..cut] }.count();
        }
    }
}

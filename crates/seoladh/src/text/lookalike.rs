//! What Eircodes and UK postcodes share as typed: letters keyed for the digits they look like
//! (`O` for `0`, `I`/`L` for `1`, `Z` for `2`, `S` for `5`, `G` for `6`, `B` for `8`) and the
//! words of free text a code may be.

/// The digit an upper-case look-alike letter stands for.
pub(crate) const fn digit_for(c: u8) -> Option<u8> {
    match c {
        b'O' => Some(b'0'),
        b'I' | b'L' => Some(b'1'),
        b'Z' => Some(b'2'),
        b'S' => Some(b'5'),
        b'G' => Some(b'6'),
        b'B' => Some(b'8'),
        _ => None,
    }
}

/// The upper-case letters a digit typed for one may stand for (`1` for `I` or `L` …): the
/// reverse of [`digit_for`].
pub(crate) fn letters_for(d: u8) -> &'static [u8] {
    match d {
        b'0' => b"O",
        b'1' => b"IL",
        b'2' => b"Z",
        b'5' => b"S",
        b'6' => b"G",
        b'8' => b"B",
        _ => b"",
    }
}

/// The maximal runs of ASCII letters and digits in `text`, as byte spans, in order.
pub(crate) fn alphanumeric_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && !bytes[i].is_ascii_alphanumeric() {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
            i += 1;
        }
        Some((start, i))
    })
}

/// Whether the text between the two halves of a code (`A86 VC04`, `BT11 8QT`) is one space or
/// several, and nothing else.
pub(crate) fn spaces_only(gap: &str) -> bool {
    !gap.is_empty() && gap.bytes().all(|b| b == b' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_for_reverses_digit_for() {
        for c in b'A'..=b'Z' {
            if let Some(d) = digit_for(c) {
                assert!(letters_for(d).contains(&c), "{}", c as char);
            }
        }
        for d in b'0'..=b'9' {
            for &c in letters_for(d) {
                assert_eq!(digit_for(c), Some(d));
            }
        }
    }

    #[test]
    fn runs_and_gaps() {
        let runs: Vec<_> = alphanumeric_runs(" a86, vc04!x").collect();
        assert_eq!(runs, [(1, 4), (6, 10), (11, 12)]);
        assert!(spaces_only("  ") && !spaces_only("") && !spaces_only(", "));
    }
}

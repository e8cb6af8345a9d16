//! An Eircode typed as two words (`a86 vc04`), read in two steps: the routing key when its
//! word is scanned ([`routing_key_read`]), the unique identifier when the next word is
//! ([`parse_with_key`]). Together they answer exactly what [`parse_quiet`] answers of the
//! seven characters (tested), without reading the key twice.

use super::{
    is_key, role_digit, role_id, role_upper, Eircode, Parsed, BYTE_ROLES, ID_CORRECTED, IS_DIGIT,
    MAX_CORRECTIONS,
};

/// A routing key read from a 3-character word: its corrected bytes, how many look-alikes were
/// corrected and how many digits were typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeyRead {
    key: [u8; 3],
    corrections: u8,
    typed_digits: u8,
}

/// The routing key a word of exactly 3 bytes is (any case, look-alikes corrected), as
/// [`super::is_routing_key_corrected`] decides it.
#[inline]
pub(crate) fn routing_key_read(word: &[u8]) -> Option<KeyRead> {
    let [a, b, c] = word else {
        return None;
    };
    let r = [a, b, c].map(|x| BYTE_ROLES[usize::from(*x)]);
    let k0 = role_upper(r[0]);
    let typed_digits = r.iter().filter(|x| **x & IS_DIGIT != 0).count() as u8;
    let (u1, u2) = (role_upper(r[1]), role_upper(r[2]));
    if k0 == b'D' && matches!(u1, b'6' | b'G') && u2 == b'W' {
        let corrections = u8::from(u1 == b'G');
        let key = *b"D6W";
        return Some(KeyRead {
            key,
            corrections,
            typed_digits,
        });
    }
    let (k1, k2) = (role_digit(r[1]), role_digit(r[2]));
    if k1 == 0 || k2 == 0 || !is_key(&[k0, k1, k2]) {
        return None;
    }
    let corrections = u8::from(r[1] & IS_DIGIT == 0) + u8::from(r[2] & IS_DIGIT == 0);
    Some(KeyRead {
        key: [k0, k1, k2],
        corrections,
        typed_digits,
    })
}

/// The Eircode of routing key `key` and unique identifier `id` (4 bytes, any case) when it is
/// believable in free text: `parse_quiet` of the seven characters, filtered by
/// `plausible_in_text`, read from the identifier's four bytes only.
#[inline]
pub(crate) fn parse_with_key(key: KeyRead, id: &[u8]) -> Option<Parsed> {
    let [a, b, c, d] = id else {
        return None;
    };
    let r = [a, b, c, d].map(|x| BYTE_ROLES[usize::from(*x)]);
    let ids = r.map(role_id);
    if ids.contains(&0) {
        return None;
    }
    let corrected = r.iter().filter(|x| **x & ID_CORRECTED != 0).count() as u8;
    let corrections = key.corrections + corrected;
    if corrections > MAX_CORRECTIONS {
        return None;
    }
    // A corrected code must have been typed with at least three digits (`plausible_in_text`).
    if corrections > 0 {
        let digits = key.typed_digits + r.iter().filter(|x| **x & IS_DIGIT != 0).count() as u8;
        if digits < 3 {
            return None;
        }
    }
    let [k0, k1, k2] = key.key;
    Some(Parsed {
        eircode: Eircode {
            bytes: [k0, k1, k2, ids[0], ids[1], ids[2], ids[3]],
        },
        corrections,
    })
}

/// What [`super::parse_quiet`] and `plausible_in_text` answer of a key word and an identifier word
/// (the reference [`parse_with_key`] agrees with).
#[cfg(test)]
fn by_parse_quiet(key: &[u8], id: &[u8]) -> Option<Parsed> {
    let raw: Vec<u8> = key.iter().chain(id).copied().collect();
    super::parse_quiet(&raw).filter(|p| super::plausible_in_text(&raw, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_steps(key: &[u8], id: &[u8]) -> Option<Parsed> {
        routing_key_read(key).and_then(|k| parse_with_key(k, id))
    }

    #[test]
    fn key_read_agrees_with_the_corrected_key_test() {
        for a in 0..=255u8 {
            for b in [b'0', b'6', b'8', b'o', b'G', b'g', b'l', b'x', b' ', 200] {
                for c in [b'2', b'W', b'w', b'S', b'i', b'q', 0] {
                    let k = [a, b, c];
                    let r = routing_key_read(&k).is_some();
                    assert_eq!(r, super::super::is_routing_key_corrected(&k), "{k:?}");
                }
            }
        }
    }

    #[test]
    fn two_steps_agree_with_parse_quiet_on_every_byte() {
        for (key, id) in [
            (*b"a86", *b"vc04"),
            (*b"D6W", *b"XY12"),
            (*b"dgw", *b"x2y3"),
            (*b"a8o", *b"VCO4"),
            (*b"aoz", *b"1234"),
            (*b"r32", *b"kd57"),
        ] {
            for k in 0..7 {
                for b in 0..=255u8 {
                    let (mut key, mut id) = (key, id);
                    if k < 3 {
                        key[k] = b;
                    } else {
                        id[k - 3] = b;
                    }
                    if routing_key_read(&key).is_some() {
                        assert_eq!(
                            two_steps(&key, &id),
                            by_parse_quiet(&key, &id),
                            "{key:?} {id:?}"
                        );
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn two_steps_agree_with_parse_quiet(
            key in "[a-zA-Z][0-9oOiIlLzZsSgGbB6wW]{2}|[dD][6gG][wW]|[ -~]{3}",
            id in "[0-9a-zA-Z]{4}|[0-9oOiIlLzZsSgGbBACDEFHKNPRTVWXY]{4}|[ -~]{4}",
        ) {
            if routing_key_read(key.as_bytes()).is_some() {
                proptest::prop_assert_eq!(
                    two_steps(key.as_bytes(), id.as_bytes()),
                    by_parse_quiet(key.as_bytes(), id.as_bytes())
                );
            }
        }
    }
}

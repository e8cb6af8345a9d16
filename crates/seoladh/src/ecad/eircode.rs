//! Eircode form checks used by the validating reader (`docs/ecad-layout.md` §1).
//!
//! This checks the *form* only (routing key shape, alphabet, length); whether a routing key is one
//! of the 139 in use is the text module's business.

/// Characters an Eircode may contain: the digits, then 15 letters (never B G I J L M O Q S U Z).
/// The one definition of the alphabet; its order is also the index's packing order.
pub const EIRCODE_ALPHABET: &[u8; 25] = b"0123456789ACDEFHKNPRTVWXY";

/// The 15 letters of [`EIRCODE_ALPHABET`] (a routing key starts with one of them).
pub const EIRCODE_LETTERS: &[u8] = EIRCODE_ALPHABET.split_at(10).1;

/// Whether `s` is an Eircode in stored form: 7 characters, no space, upper case; routing key a
/// letter and 2 digits (or `D6W`); unique identifier 4 characters of [`EIRCODE_ALPHABET`].
pub fn is_valid_eircode(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 7 || !s.is_ascii() {
        return false;
    }
    let routing_ok = &s[..3] == "D6W"
        || (EIRCODE_LETTERS.contains(&b[0]) && b[1].is_ascii_digit() && b[2].is_ascii_digit());
    routing_ok && b[3..].iter().all(|c| EIRCODE_ALPHABET.contains(c))
}

/// The stored form of an Eircode written with spaces or in lower case (`a65 f4e2` → `A65F4E2`),
/// or `None` when it is not a valid Eircode even then.
pub fn canonical_eircode(s: &str) -> Option<String> {
    let compact: String = s
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    is_valid_eircode(&compact).then_some(compact)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_forms() {
        assert!(is_valid_eircode("A65F4E2"));
        assert!(is_valid_eircode("D6WXY12"));
        assert!(is_valid_eircode("A86VC04"));
    }

    #[test]
    fn invalid_forms() {
        for bad in [
            "A65F4E", "A65F4E22", "A65 F4E", "B65F4E2", "A6XF4E2", "A65F4O2", "a65f4e2", "A65F4É2",
        ] {
            assert!(!is_valid_eircode(bad), "{bad}");
        }
    }

    #[test]
    fn canonical_form() {
        assert_eq!(canonical_eircode(" a65 f4e2 ").as_deref(), Some("A65F4E2"));
        assert_eq!(canonical_eircode("d6w xy12").as_deref(), Some("D6WXY12"));
        assert_eq!(canonical_eircode("A65 F4E"), None);
    }
}

//! Property tests of the text pipeline: idempotence, no panics on any input, spans always valid.

use proptest::prelude::*;
use seoladh::limits::{MAX_QUERY_CHARS, MAX_QUERY_TOKENS};
use seoladh::text::{eircode, normalise, postcode, tokenise, tokenise_into, Tokenised};

/// Address-like text: words, numbers, codes and punctuation, fadas and odd case.
fn address_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("St.".to_owned()),
        Just("O'Connell".to_owned()),
        Just("Ó".to_owned()),
        Just("o".to_owned()),
        Just("Bóthar".to_owned()),
        Just("na hAbhann".to_owned()),
        Just("an tSráid".to_owned()),
        Just("t-Oileán".to_owned()),
        Just("Co.".to_owned()),
        Just("cocork".to_owned()),
        Just("Dublin6W".to_owned()),
        Just("D6W".to_owned()),
        Just("A86 VC04".to_owned()),
        Just("ab6 vco4".to_owned()),
        Just("BT11 8QT".to_owned()),
        Just("8silver".to_owned()),
        Just("apt12".to_owned()),
        Just("10A".to_owned()),
        Just("63-66".to_owned()),
        Just("63/64".to_owned()),
        Just("1st".to_owned()),
        Just("first".to_owned()),
        Just("&".to_owned()),
        Just(",".to_owned()),
        Just("-".to_owned()),
        Just("'".to_owned()),
        "[a-zA-Z0-9ÁÉÍÓÚáéíóú'’&/,.\\- ]{0,12}",
    ];
    prop::collection::vec(piece, 0..16).prop_map(|v| v.join(" "))
}

fn check_tokens(s: &str, t: &Tokenised) {
    assert!(t.tokens.len() <= MAX_QUERY_TOKENS);
    let mut last_start = 0;
    let mut last_section = 0;
    for tok in &t.tokens {
        assert!(
            tok.span.start <= tok.span.end && tok.span.end <= s.len(),
            "{tok:?} in {s:?}"
        );
        assert!(
            s.is_char_boundary(tok.span.start) && s.is_char_boundary(tok.span.end),
            "{tok:?} in {s:?}"
        );
        assert!(tok.span.start >= last_start, "spans in order: {s:?}");
        assert!(tok.section >= last_section, "sections in order: {s:?}");
        last_start = tok.span.start;
        last_section = tok.section;
        let text = tok.text(t);
        assert!(!text.is_empty(), "empty token text in {s:?}");
        assert!(text.is_ascii(), "{text:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn normalise_is_idempotent_on_any_text(s in any::<String>()) {
        let once = normalise(&s).into_owned();
        let twice = normalise(&once).into_owned();
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn normalise_is_idempotent_on_addresses(s in address_like()) {
        let once = normalise(&s).into_owned();
        let twice = normalise(&once).into_owned();
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn normalise_of_lower_ascii_words_is_consistent(s in "[a-z0-9 ]{0,40}") {
        // Covers the already-normal fast path: whatever it accepts, the full path keeps as is.
        let once = normalise(&s).into_owned();
        let twice = normalise(&once).into_owned();
        prop_assert_eq!(&twice, &once);
        if matches!(normalise(&s), std::borrow::Cow::Borrowed(_)) {
            prop_assert_eq!(&once, &s);
        }
    }

    #[test]
    fn normalised_text_is_lower_ascii_single_spaced(s in "\\PC{0,64}") {
        let n = normalise(&s);
        prop_assert!(n.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b' ' || b == b'-'));
        prop_assert!(!n.contains("  ") && !n.starts_with(' ') && !n.ends_with(' '));
    }

    #[test]
    fn spans_valid_on_any_text(s in any::<String>()) {
        check_tokens(&s, &tokenise(&s));
    }

    #[test]
    fn spans_valid_on_addresses(s in address_like()) {
        check_tokens(&s, &tokenise(&s));
    }

    #[test]
    fn control_characters_never_panic(s in "[\\x00-\\x1f\\x7f\\u{80}-\\u{9f}\\u{200b}-\\u{200f}\\u{2028}\\u{2029}a-z0-9 ,]{0,200}") {
        check_tokens(&s, &tokenise(&s));
        let once = normalise(&s).into_owned();
        let twice = normalise(&once).into_owned();
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn codes_never_panic(s in "[a-zA-Z0-9 ]{0,12}") {
        let _ = eircode::parse(&s);
        let _ = eircode::find_in(&s);
        let _ = eircode::near_misses(&s);
        let _ = eircode::parse_routing_key(&s);
        let _ = postcode::parse(&s);
        let _ = postcode::find_in(&s);
    }

    #[test]
    fn reused_buffers_give_the_same_tokens(a in address_like(), b in address_like()) {
        let mut t = Tokenised::new();
        tokenise_into(&a, &mut t);
        tokenise_into(&b, &mut t);
        let fresh = tokenise(&b);
        prop_assert_eq!(&t.tokens, &fresh.tokens);
        prop_assert_eq!(t.texts().collect::<Vec<_>>(), fresh.texts().collect::<Vec<_>>());
    }
}

/// Deterministic pseudo-random bytes (no extra dependency).
fn noise(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn megabyte_inputs_are_bounded() {
    let mb = 1 << 20;
    let inputs = [
        String::from_utf8_lossy(&noise(mb, 7)).into_owned(),
        "o ab ".repeat(mb / 5),
        "8silver, ".repeat(mb / 9),
        "\u{0}\u{7}\t".repeat(mb / 3),
        "á".repeat(mb / 2),
        "a86vc04".repeat(mb / 7),
        ",".repeat(mb),
        "x".repeat(mb),
    ];
    for s in &inputs {
        let t = tokenise(s);
        check_tokens(s, &t);
        assert!(t.truncated || s.chars().count() <= MAX_QUERY_CHARS);
        let once = normalise(s).into_owned();
        assert_eq!(normalise(&once), once);
        let _ = eircode::find_in(s);
        let _ = postcode::find_in(s);
    }
}

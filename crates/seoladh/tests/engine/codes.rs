//! Eircodes and UK postcodes are never confused, and an Eircode that is not in the data is never
//! answered with a neighbour's address (`docs/matching.md` §2), checked over the bundled fixture:
//!
//! - every UK postcode district of the bundled list, with inward codes of every shape (a digit
//!   and two letters of the Royal Mail inward alphabet), in upper case, lower case and without
//!   the space, is read as a UK postcode and answered 600 in an Irish search;
//! - every stored Eircode with one look-alike typed for one of its digits still finds its
//!   address (110/120); written without its space, it is a UK postcode instead only when those
//!   characters are a real one (the UK reading wins, as `text::codes` rules);
//! - well-formed Eircodes that are not in the data, typed alone, never answer an address
//!   (1xx/2xx): their near misses are options (500), or there are none (550);
//! - no address of the data, typed as stored, is taken for a foreign one (600).

use std::collections::HashSet;

use proptest::prelude::*;
use seoladh::api::{
    Country, Engine as _, FindAddressRequest, FindAddressResponse, LinkContext, WireEnum,
};
use seoladh::text::{postcode, tokenise, TokenKind};
use seoladh_testkit::fixture;

/// The Royal Mail inward-code unit letters (never C I K M O V).
const INWARD_LETTERS: &[u8; 20] = b"ABDEFGHJLNPQRSTUWXYZ";
/// Inward letters that are also Eircode look-alikes of digits (`B` 8, `G` 6, `L` 1, `S` 5,
/// `Z` 2): the characters that make a UK postcode read as an Eircode.
const LOOK_ALIKE_LETTERS: &[u8; 5] = b"BGLSZ";

fn find(address: &str, country: Country) -> FindAddressResponse {
    let req = FindAddressRequest {
        key: "test".into(),
        address: address.into(),
        country,
        ..FindAddressRequest::default()
    };
    let links = LinkContext::new("http://test", "test", None);
    fixture::engine()
        .find_address(&req, &links)
        .expect("find answers")
}

/// Every district of the bundled list (`src/text/data/uk_districts.txt`).
fn districts() -> Vec<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/text/data/uk_districts.txt");
    let text = std::fs::read_to_string(path).expect("district list readable");
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// A small deterministic mix (SplitMix64 step).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The inward code `n` of a district's sample: a digit and two letters, the letters drawn from
/// the whole inward alphabet or (odd `n`) from the look-alike letters.
fn inward(district: &str, n: u64) -> String {
    let h = mix(district.bytes().fold(n, |h, b| mix(h ^ u64::from(b))));
    let digit = (b'0' + (h % 10) as u8) as char;
    let alphabet: &[u8] = if n % 2 == 1 {
        LOOK_ALIKE_LETTERS
    } else {
        INWARD_LETTERS
    };
    let a = alphabet[(h >> 8) as usize % alphabet.len()] as char;
    let b = alphabet[(h >> 16) as usize % alphabet.len()] as char;
    format!("{digit}{a}{b}")
}

/// The three ways a postcode is typed: as printed, lower case, without the space.
fn forms(outward: &str, inward: &str) -> [String; 3] {
    [
        format!("{outward} {inward}"),
        format!("{outward} {inward}").to_lowercase(),
        format!("{outward}{inward}"),
    ]
}

fn read_as_uk(text: &str) -> bool {
    let t = tokenise(text);
    t.tokens.len() == 1 && t.tokens[0].kind == TokenKind::UkPostcode
}

#[test]
fn every_uk_district_reads_as_uk_and_answers_600() {
    let mut failures = Vec::new();
    let districts = districts();
    assert!(districts.len() >= 3000, "{} districts", districts.len());
    for d in &districts {
        for n in 0..2 {
            let inward = inward(d, n);
            for text in forms(d, &inward) {
                let pc = postcode::parse(&text).expect("a district and an inward code parse");
                assert!(pc.is_known_district(), "{text}");
                let code = find(&text, Country::Ie).result.code();
                if !read_as_uk(&text) || code != 600 {
                    failures.push(format!("{text}: {code}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of them: {:?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

/// The areas whose postcodes read as Eircodes through look-alikes (`AB` 8, `DL`/`PL` 1): every
/// inward digit with look-alike letters, read as UK by the tokeniser.
#[test]
fn postcodes_that_look_like_eircodes_read_as_uk() {
    let mut failures = Vec::new();
    for d in districts()
        .iter()
        .filter(|d| d.len() == 4 && ["AB", "DL", "PL"].contains(&&d[..2]))
    {
        for digit in b'0'..=b'9' {
            for &a in LOOK_ALIKE_LETTERS {
                for &b in INWARD_LETTERS.iter().step_by(3) {
                    let inward = String::from_utf8(vec![digit, a, b]).expect("ascii");
                    for text in forms(d, &inward) {
                        if !read_as_uk(&text) {
                            failures.push(text);
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of them: {:?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn any_inward_code_of_any_district_answers_600(
        d in 0usize..3000,
        digit in 0u8..10,
        a in 0usize..20,
        b in 0usize..20,
        form in 0usize..3,
    ) {
        let districts = districts();
        let d = &districts[d % districts.len()];
        let inward = format!("{}{}{}", digit, INWARD_LETTERS[a] as char, INWARD_LETTERS[b] as char);
        let text = forms(d, &inward)[form].clone();
        prop_assert_eq!(find(&text, Country::Ie).result.code(), 600, "{}", text);
    }
}

/// Look-alikes people type for each digit (`docs/matching.md` §1).
const LOOK_ALIKES: [(u8, &[u8]); 6] = [
    (b'0', b"Oo"),
    (b'1', b"ILil"),
    (b'2', b"Z"),
    (b'5', b"Ss"),
    (b'6', b"G"),
    (b'8', b"B"),
];

#[test]
fn every_stored_eircode_with_a_look_alike_finds_its_address() {
    let engine = fixture::engine();
    let mut checked = 0;
    let mut failures = Vec::new();
    for ap in &fixture::dataset().address_points {
        let Some(code) = ap.eircode.as_deref() else {
            continue;
        };
        for (k, c) in code.bytes().enumerate() {
            let Some((_, alts)) = LOOK_ALIKES.iter().find(|(d, _)| *d == c) else {
                continue;
            };
            for &alt in alts.iter() {
                let mut typed = code.as_bytes().to_vec();
                typed[k] = alt;
                let compact = String::from_utf8(typed).expect("ascii");
                let display = format!("{} {}", &compact[..3], &compact[3..]);
                for text in [display, compact.clone()] {
                    checked += 1;
                    let r = find(&text, Country::Ie);
                    let ok = match r.result.code() {
                        110 | 120 => r.address_id == Some(ap.id),
                        // Written without its space, the characters are a real UK postcode.
                        600 => {
                            text == compact
                                && postcode::parse(&text).is_ok_and(|p| p.is_known_district())
                        }
                        _ => false,
                    };
                    if !ok {
                        failures.push(format!("{text}: {} {:?}", r.result.code(), r.address_id));
                    }
                }
            }
        }
    }
    let _ = engine;
    assert!(checked > 10_000, "{checked} checked");
    assert!(
        failures.is_empty(),
        "{} of {checked}: {:?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

/// `text` with one character typed as its look-alike, each way (`0` as `O`, `B` as `8` …).
fn with_one_look_alike(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in text.bytes().enumerate() {
        let alts: Vec<u8> = match LOOK_ALIKES.iter().find(|(d, _)| *d == c) {
            Some((_, alts)) => alts
                .iter()
                .copied()
                .filter(u8::is_ascii_uppercase)
                .collect(),
            None => LOOK_ALIKES
                .iter()
                .filter(|(_, alts)| alts.contains(&c))
                .map(|(d, _)| *d)
                .collect(),
        };
        for alt in alts {
            let mut b = text.as_bytes().to_vec();
            b[i] = alt;
            out.push(String::from_utf8(b).expect("ascii"));
        }
    }
    out
}

/// A UK postcode typed with one look-alike is still one (600), never an Irish address; unless
/// the characters are as much an Eircode: a clean one as typed (`A8100AA` for `AB10 0AA`), or
/// one needing as many corrections as the postcode needs repairs, which the data decides.
#[test]
fn uk_postcodes_with_a_look_alike_never_answer_an_irish_address() {
    use seoladh::text::codes::readings;
    let known = known_eircodes();
    let mut failures = Vec::new();
    let mut checked = 0;
    for d in &districts() {
        for n in 0..2 {
            let spaced = format!("{d} {}", inward(d, n));
            for typed in with_one_look_alike(&spaced) {
                for text in [typed.replace(' ', ""), typed] {
                    checked += 1;
                    let r = find(&text, Country::Ie);
                    let code = r.result.code();
                    let ok = match readings(&text) {
                        (Some((e, _)), _) if e.corrections == 0 => {
                            let held = known.contains(e.eircode.as_str());
                            if held {
                                code == 110
                            } else {
                                code == 500 || code == 550
                            }
                        }
                        (Some((e, m)), Some((_, n))) if m == n => {
                            code == 600 || (code == 120 && known.contains(e.eircode.as_str()))
                        }
                        _ => code == 600,
                    };
                    if !ok {
                        failures.push(format!("{text}: {code} {:?}", r.address_id));
                    }
                }
            }
        }
    }
    assert!(checked > 40_000, "{checked} checked");
    assert!(
        failures.is_empty(),
        "{} of {checked}: {:?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

/// Every stored and retired Eircode of the fixture.
fn known_eircodes() -> HashSet<String> {
    let ds = fixture::dataset();
    let current = ds.address_points.iter().filter_map(|a| a.eircode.clone());
    let history = ds.history.iter().filter_map(|h| h.eircode.clone());
    current.chain(history).collect()
}

/// A well-formed Eircode from a seed: one of the 139 routing keys and 4 characters of the
/// alphabet.
fn eircode_of(seed: u64) -> String {
    const ALPHABET: &[u8] = seoladh::ecad::eircode::EIRCODE_ALPHABET;
    let keys = seoladh::text::eircode::ROUTING_KEYS;
    let h = mix(seed);
    let mut s = keys[(h % keys.len() as u64) as usize].to_owned();
    for k in 0..4 {
        s.push(ALPHABET[(h >> (8 + 6 * k)) as usize % ALPHABET.len()] as char);
    }
    s
}

fn absent_alone_never_answers_an_address(code: &str) -> Result<(), String> {
    for text in [
        code.to_owned(),
        format!("{} {}", &code[..3], &code[3..]).to_lowercase(),
    ] {
        let r = find(&text, Country::Ie);
        match r.result.code() {
            500 if r.total_options > 0 && r.address_id.is_none() && !r.is_unique_address => {}
            550 => {}
            other => return Err(format!("{text}: {other} {:?}", r.address_id)),
        }
    }
    Ok(())
}

#[test]
fn absent_eircodes_alone_never_answer_an_address() {
    let known = known_eircodes();
    // Near misses of stored codes (one character changed: the likeliest to be answered with a
    // neighbour), and codes drawn at random.
    let near = fixture::dataset()
        .address_points
        .iter()
        .filter_map(|a| a.eircode.clone())
        .step_by(7)
        .enumerate()
        .map(|(i, e)| {
            let mut b = e.into_bytes();
            let at = 3 + i % 4;
            b[at] = if b[at] == b'X' { b'Y' } else { b'X' };
            String::from_utf8(b).expect("ascii")
        });
    let random = (0..1500u64).map(eircode_of);
    let mut failures = Vec::new();
    let mut checked = 0;
    for code in near.chain(random).filter(|c| !known.contains(c)) {
        checked += 1;
        if let Err(e) = absent_alone_never_answers_an_address(&code) {
            failures.push(e);
        }
    }
    assert!(checked > 2000, "{checked} checked");
    assert!(
        failures.is_empty(),
        "{} of {checked}: {:?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

proptest! {
    #[test]
    fn any_absent_eircode_alone_never_answers_an_address(seed in any::<u64>()) {
        let code = eircode_of(seed);
        prop_assume!(!known_eircodes().contains(&code));
        if let Err(e) = absent_alone_never_answers_an_address(&code) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// Every tenth address point's own postal address, in English and Irish, without its Eircode:
/// never 600 (many Irish places share a name with a UK town: `BANGOR`, `NEWPORT`, `ENFIELD`).
#[test]
fn no_stored_address_is_foreign() {
    use seoladh::ecad::address::{postal_address, Language};
    let index = fixture::engine().index();
    let mut failures = Vec::new();
    let points = index.meta().counts.address_points as u32;
    for ap in (0..points).step_by(10) {
        let Some(parts) = index.address_point_parts(ap) else {
            continue;
        };
        for lang in [Language::English, Language::Irish] {
            let text = postal_address(&parts, lang)
                .lines_without_eircode()
                .join(", ");
            if find(&text, Country::Ie).result.code() == 600 {
                failures.push(text);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of them: {:?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

//! Integration tests of the text pipeline, driven by `fixtures/normalise.toml` and the real
//! Eircode routing-key lists in `fixtures/reference/eircode/`.

use seoladh::text::eircode::{self, EircodeError};
use seoladh::text::{index_terms, normalise, postcode, tokenise, TokenKind};
use serde::Deserialize;

#[derive(Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    input: String,
    normalised: Option<String>,
    tokens: String,
    corrections: Option<u8>,
    #[allow(dead_code)]
    note: Option<String>,
}

fn kind_name(k: TokenKind) -> &'static str {
    match k {
        TokenKind::Word => "",
        TokenKind::Number => "num",
        TokenKind::NumberSuffix => "sfx",
        TokenKind::Range => "range",
        TokenKind::Unit => "unit",
        TokenKind::Eircode => "eir",
        TokenKind::RoutingKey => "rk",
        TokenKind::UkPostcode => "uk",
        TokenKind::County => "county",
        TokenKind::DublinDistrict => "dist",
        TokenKind::Separator => "sep",
        _ => "other",
    }
}

/// Renders tokens in the fixture's notation.
fn render(input: &str) -> String {
    let t = tokenise(input);
    t.iter()
        .map(|(tok, text)| match tok.kind {
            TokenKind::Separator => ",".to_owned(),
            TokenKind::Word => text.to_owned(),
            k => format!("{text}@{}", kind_name(k)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn load() -> Vec<Case> {
    let text = std::fs::read_to_string(seoladh_testkit::fixtures_dir().join("normalise.toml"))
        .expect("fixtures/normalise.toml");
    toml::from_str::<Cases>(&text).expect("valid TOML").case
}

#[test]
fn fixture_has_at_least_300_cases() {
    assert!(load().len() >= 300);
}

#[test]
fn normalise_cases() {
    let mut failures = Vec::new();
    for c in load() {
        if let Some(want) = &c.normalised {
            let got = normalise(&c.input);
            if &got != want {
                failures.push(format!(
                    "{:?}: normalised {:?}, want {:?}",
                    c.input, got, want
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn token_cases() {
    let mut failures = Vec::new();
    for c in load() {
        let got = render(&c.input);
        if got != c.tokens {
            failures.push(format!(
                "{:?}:\n   got  {got}\n   want {}",
                c.input, c.tokens
            ));
        }
        if let Some(want) = c.corrections {
            let t = tokenise(&c.input);
            let got = t.first(TokenKind::Eircode).map(|e| e.corrections);
            if got != Some(want) {
                failures.push(format!("{:?}: corrections {got:?}, want {want}", c.input));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn spans_echo_the_input() {
    let s = "Flat 3A, 22 Upr. Leeson St., Dublin 4, D04 X2Y3";
    let t = tokenise(s);
    let spans: Vec<&str> = t.tokens.iter().map(|k| &s[k.span.clone()]).collect();
    assert_eq!(
        spans,
        ["Flat", "3A", ",", "22", "Upr", "Leeson", "St", ",", "Dublin 4", ",", "D04 X2Y3"]
    );
    let sections: Vec<u16> = t.tokens.iter().map(|k| k.section).collect();
    assert_eq!(sections, [0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 3]);
}

#[test]
fn index_terms_match_query_tokens() {
    // ECAD names (upper case, fadas) and what people type must give the same terms.
    for (ecad, typed) in [
        ("ST. PATRICK'S ROAD", "st patricks rd"),
        ("BÓTHAR NA TRÁ", "bothar na tra"),
        ("DUBLIN 6W", "d6w"),
        ("BAILE ÁTHA CLIATH 6W", "Dublin 6W"),
        ("CO. NA MÍ", "co meath"),
        ("SRÁID NA hABHANN", "sraid na habhann"),
        ("UPPER LEESON STREET", "Upr Leeson St"),
        ("O'CONNELL STREET LOWER", "o connell st lwr"),
    ] {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        index_terms(ecad, &mut a);
        index_terms(typed, &mut b);
        assert_eq!(a, b, "{ecad} vs {typed}");
    }
}

// ------------------------------------------------------------------------------------ Eircode

fn real_routing_keys() -> Vec<String> {
    let text = std::fs::read_to_string(
        seoladh_testkit::fixtures_dir()
            .join("reference/eircode/post_town_routing_key_sherkinone.csv"),
    )
    .expect("routing key list");
    let mut keys: Vec<String> = text
        .lines()
        .skip(1)
        .filter_map(|l| l.rsplit(',').next())
        .map(|k| k.trim().to_owned())
        .filter(|k| !k.is_empty())
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

#[test]
fn every_real_routing_key() {
    let keys = real_routing_keys();
    assert_eq!(keys.len(), 139);
    assert_eq!(keys, eircode::ROUTING_KEYS.to_vec());
    for k in &keys {
        assert!(eircode::is_routing_key(k), "{k}");
        assert!(eircode::is_routing_key(&k.to_lowercase()), "{k}");
        let code = format!("{k}X2Y3");
        let p = eircode::parse(&code).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(p.eircode.routing_key(), k);
        assert_eq!(p.corrections, 0);
        // Alone it is a routing key (Dublin keys are districts), inside text an Eircode.
        let t = tokenise(k);
        let want = if k.starts_with('D') {
            TokenKind::DublinDistrict
        } else {
            TokenKind::RoutingKey
        };
        assert_eq!(t.tokens[0].kind, want, "{k}");
        let t = tokenise(&format!("Main Street, {} x2y3", k.to_lowercase()));
        assert_eq!(
            t.first(TokenKind::Eircode).map(|e| e.text(&t).to_owned()),
            Some(code.to_lowercase())
        );
    }
    // The Wikipedia list agrees.
    let wiki = std::fs::read_to_string(
        seoladh_testkit::fixtures_dir().join("reference/eircode/routing_keys_wikipedia.tsv"),
    )
    .expect("tsv");
    for line in wiki.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let key = line.split('\t').next().unwrap_or("").trim();
        if !key.is_empty() {
            assert!(eircode::is_routing_key(key), "{key}");
        }
    }
}

#[test]
fn every_look_alike_is_corrected() {
    // In a digit position each look-alike letter maps to its digit.
    for (letter, digit) in [
        ('O', '0'),
        ('I', '1'),
        ('L', '1'),
        ('S', '5'),
        ('B', '8'),
        ('Z', '2'),
        ('G', '6'),
    ] {
        for case in [letter, letter.to_ascii_lowercase()] {
            // Routing key position 2 (A8_): only 8 makes a real key for B; use the unique id.
            let typed = format!("A86 VC{case}4");
            let p = eircode::parse(&typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
            assert_eq!(p.eircode.as_str(), format!("A86VC{digit}4"));
            assert_eq!(p.corrections, 1);
        }
    }
    let p = eircode::parse("AB6 VCO4").unwrap();
    assert_eq!((p.eircode.as_str(), p.corrections), ("A86VC04", 2));
    let p = eircode::parse("TI2 X2Y3").unwrap();
    assert_eq!(p.eircode.as_str(), "T12X2Y3");
    let p = eircode::parse("DGW X2Y3").unwrap();
    assert_eq!(p.eircode.as_str(), "D6WX2Y3");
    assert!(matches!(
        eircode::parse("ABG VCO4"),
        Err(EircodeError::TooManyCorrections { corrections: 3 })
    ));
}

#[test]
fn invalid_letters_rejected_with_reason() {
    for (typed, pos, ch) in [
        ("A86 MC04", 3, 'M'),
        ("A86 VCU4", 5, 'U'),
        ("A86 VC0J", 6, 'J'),
        ("A86 QC04", 3, 'Q'),
    ] {
        let e = eircode::parse(typed).unwrap_err();
        assert_eq!(
            e,
            EircodeError::InvalidLetter {
                position: pos,
                found: ch
            },
            "{typed}"
        );
        assert!(e.to_string().contains("never used in Eircodes"), "{e}");
    }
    assert!(matches!(
        eircode::parse("B86 VC04"),
        Err(EircodeError::InvalidLetter { position: 0, .. })
    ));
    assert!(matches!(
        eircode::parse("A99 VC04"),
        Err(EircodeError::UnknownRoutingKey { .. })
    ));
    assert!(matches!(
        eircode::parse("A86 VC0"),
        Err(EircodeError::Length { found: 6 })
    ));
    // A dash may part the routing key and the unique identifier (`A86-VC04`), nowhere else.
    assert_eq!(
        eircode::parse("A86-VC04").map(|p| p.eircode.as_str().to_owned()),
        Ok("A86VC04".to_owned())
    );
    assert!(matches!(
        eircode::parse("A8-6VC04"),
        Err(EircodeError::NotAlphanumeric { found: '-' })
    ));
    assert!(matches!(
        eircode::parse("886 VC04"),
        Err(EircodeError::RoutingKeyShape { .. })
    ));
}

#[test]
fn eircode_shapes() {
    for typed in ["d6w1234", "D6W 1234", "d6w 1234", " D6W1234 ", "D6W  1234"] {
        assert_eq!(
            eircode::parse(typed).map(|p| p.eircode.as_str().to_owned()),
            Ok("D6W1234".to_owned()),
            "{typed}"
        );
    }
    assert!(!eircode::is_routing_key("d6"));
    assert!(eircode::is_routing_key("d6w"));
    assert_eq!(eircode::parse_routing_key("ab6"), Some("A86"));
    let f = eircode::find_in("The Lodge, Dunboyne, Co Meath A86VC04 please").unwrap();
    assert_eq!(f.parsed.eircode.display(), "A86 VC04");
    assert!(eircode::find_in("The Lodge, Dunboyne").is_none());
}

#[test]
fn near_misses_cover_substitutions_and_swaps() {
    let n = eircode::near_misses("A86 VC04");
    // Every candidate is valid and one edit away; the input itself is not offered.
    for e in &n {
        let diff = e
            .as_str()
            .bytes()
            .zip("A86VC04".bytes())
            .filter(|(a, b)| a != b)
            .count();
        assert!(diff == 1 || diff == 2, "{e}");
    }
    assert!(n.iter().any(|e| e.as_str() == "A86CV04"));
    assert!(n.iter().any(|e| e.as_str() == "A86VC40"));
    assert!(n.iter().any(|e| e.as_str() == "A85VC04"));
    assert!(!n.iter().any(|e| e.as_str() == "A86VC04"));
    // An invalid letter is a position to substitute.
    let n = eircode::near_misses("A86 VC0M");
    assert!(n.iter().any(|e| e.as_str() == "A86VC04"));
    assert!(eircode::near_misses("A86").is_empty());
}

// ------------------------------------------------------------------------------- UK postcode

#[test]
fn uk_postcodes_in_irish_input() {
    let f = postcode::find_in("The Old Rectory, Warrenpoint, Co. Down BT34 3NN").unwrap();
    assert_eq!(f.postcode.as_str(), "BT34 3NN");
    assert!(f.postcode.is_northern_ireland());
    let t = tokenise("The Old Rectory, Warrenpoint, Co. Down BT34 3NN");
    assert!(t.first(TokenKind::UkPostcode).is_some());
    assert!(postcode::find_in("8 Silver Birches, Dunboyne, Co. Meath, A86 VC04").is_none());
}

#[test]
fn real_ni_school_postcodes_parse() {
    let text = std::fs::read_to_string(
        seoladh_testkit::fixtures_dir().join("reference/uk/ni_schools_addresses_deni.csv"),
    )
    .expect("csv");
    let mut rdr = csv::Reader::from_reader(text.as_bytes());
    let headers = rdr.headers().expect("header").clone();
    let col = headers
        .iter()
        .position(|h| h == "postcode")
        .expect("postcode column");
    let (mut ok, mut total) = (0, 0);
    for rec in rdr.records().flatten() {
        let pc = rec.get(col).unwrap_or("").trim();
        if pc.is_empty() {
            continue;
        }
        total += 1;
        if let Ok(p) = postcode::parse(pc) {
            assert!(p.is_northern_ireland(), "{pc}");
            ok += 1;
        }
    }
    assert!(total > 1000);
    assert!(ok * 100 >= total * 99, "{ok}/{total}");
}

#[test]
fn real_ppr_eircodes_parse() {
    let text = std::fs::read_to_string(
        seoladh_testkit::fixtures_dir()
            .join("reference/addresses/ppr_sample_10k_2010_2026_with_eircodes.csv"),
    )
    .expect("csv");
    let mut rdr = csv::Reader::from_reader(text.as_bytes());
    let headers = rdr.headers().expect("header").clone();
    let col = headers
        .iter()
        .position(|h| h == "eircode")
        .expect("eircode column");
    let (mut ok, mut total) = (0, 0);
    for rec in rdr.records().flatten() {
        let e = rec.get(col).unwrap_or("").trim();
        if e.is_empty() {
            continue;
        }
        total += 1;
        if eircode::parse(e).is_ok_and(|p| p.corrections == 0) {
            ok += 1;
        }
    }
    assert!(total > 3000);
    // A few register entries carry typos in the routing key (see SOURCES.md).
    assert!(ok * 100 >= total * 97, "{ok}/{total}");
}

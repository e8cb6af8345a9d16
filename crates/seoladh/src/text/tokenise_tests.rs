//! Unit tests of the tokeniser (`text::tokenise`), among them the proptests that the fast
//! path (shapes, `Builder::plain`) and the general path give the same tokens.
use super::*;

fn toks(s: &str) -> Vec<(TokenKind, String)> {
    let t = tokenise(s);
    t.iter().map(|(k, s)| (k.kind, s.to_owned())).collect()
}

fn texts(s: &str) -> Vec<String> {
    tokenise(s).texts().map(str::to_owned).collect()
}

type Seen = (TokenKind, String, Range<usize>, u16, u8);

/// Tokens of `s` as (kind, text, span, section, corrections), through the fast path (when
/// it applies) or the general path of the normaliser.
fn all(s: &str, general: bool) -> Vec<Seen> {
    let mut t = Tokenised::new();
    let scan: fn(&str, &mut Scan) = if general {
        crate::text::normalise::scan_general
    } else {
        scan_into
    };
    tokenise_with(s, &mut t, scan, LineEnds::Sections);
    t.iter()
        .map(|(k, x)| {
            (
                k.kind,
                x.to_owned(),
                k.span.clone(),
                k.section,
                k.corrections,
            )
        })
        .collect()
}

proptest::proptest! {
    #[test]
    fn fast_and_general_paths_give_the_same_tokens(s in "[ -~\n]{0,40}") {
        proptest::prop_assert_eq!(all(&s, false), all(&s, true));
    }

    #[test]
    fn fast_and_general_paths_agree_on_address_shapes(
        s in "((o|O|st|St\\.|Dr|first|A86|VC04|vco4|d6w|D15|Park|Co|Cork|cocork|Dublin|6w|BT11|8QT|apt12|63-66|63/64|O'Connell|na|an|tsraid|bhothar|[a-zA-Z0-9]{1,6})[ ,.;'\\-/]{0,2}){0,10}"
    ) {
        proptest::prop_assert_eq!(all(&s, false), all(&s, true));
    }

    #[test]
    fn fast_and_general_paths_agree_on_lexicon_words(
        s in "((rd|Rd|road|the|apt|unit|block|no|lwr|upr|ave|tce|contae|county|co|ui|mhic|chorcai|corcaigh|baile|bhaile|atha|cliath|mi|meath|sraid|bothar|gcloch|habhann|teach|oilean|toilean|down|antrim|bac|dub|dubiln|d|b|a|c|gir|0aa|12|007|0|[a-z]{1,7})[ ,.]{0,2}){0,8}"
    ) {
        proptest::prop_assert_eq!(all(&s, false), all(&s, true));
    }

    /// The words `plain` now decides itself: `d`/`b`/`m` words before a word of letters (no
    /// district), `co…` words that name no glued county, 7-letter words and 3 + 4 letter pairs
    /// that are no Eircode; and the district, county and Eircode forms next to them.
    #[test]
    fn fast_and_general_paths_agree_around_districts_counties_and_codes(
        s in "((dublin|dubiln|dublim|d|dub|bac|b|a|c|baile|bhaile|mbaile|atha|cliath|co|cocork|countymeath|county|court|coolock|kildare|rossbeg|ashgdns|the|oaks|park|main|mill|down|6w|06w|8|15|24|a86|vc04|dgw|d6w|[a-z]{3}|[a-z]{4}|[a-z]{7})[ ,]{1,2}){0,7}"
    ) {
        proptest::prop_assert_eq!(all(&s, false), all(&s, true));
    }
}

#[test]
fn fast_and_general_paths_agree_on_the_bench_sets() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/reference/addresses/ppr_sample_10k_2010_2026_with_eircodes.csv"
    ))
    .expect("csv");
    let mut rdr = csv::Reader::from_reader(text.as_bytes());
    let headers = rdr.headers().expect("header").clone();
    let col = |n: &str| headers.iter().position(|h| h == n).expect("column");
    let (a, c, e) = (col("address"), col("county"), col("eircode"));
    let mut n = 0;
    for r in rdr.records().flatten() {
        let (addr, eir) = (r.get(a).unwrap_or(""), r.get(e).unwrap_or(""));
        let typed = format!("{addr}, Co. {}, {eir}", r.get(c).unwrap_or(""));
        let spaced = match eir.len() {
            7 => format!("{addr}, {} {}", &eir[..3], &eir[3..]),
            _ => addr.to_owned(),
        };
        let lower = crate::text::normalise(&typed).into_owned();
        for s in [typed.as_str(), spaced.as_str(), lower.as_str()] {
            assert_eq!(all(s, false), all(s, true), "{s:?}");
            n += 1;
        }
    }
    assert!(n >= 30_000, "{n}");
    // Shapes of the fada-heavy and abbreviation-heavy bench sets (`benches/common`).
    for s in [
        "12 Sráid na Mainistreach Íochtarach, Baile Átha Cliath 6W, D6W K2T4",
        "3 Páirc an Fhia, Co. na Mí, T12 AB34",
        "Apt7 St. Patrick's Rd, Dublin6W, a86vc04",
        "Apt12 Upr. Leeson St., cocork, A86 VCO4",
        "Apt3 Dr Mannix Rd, Co Meath, D02 X285",
        "Apt40 Main St Lwr, Dublin 15, ",
    ] {
        assert_eq!(all(s, false), all(s, true), "{s:?}");
    }
}

#[test]
fn full_address() {
    let t = tokenise("8 Silver Birches, Millfarm, Dunboyne, Co. Meath, A86 VC04");
    let got: Vec<_> = t.texts().collect();
    assert_eq!(
        got,
        ["8", "silver", "birches", "millfarm", "dunboyne", "meath", "a86vc04"]
    );
    let e = t.first(TokenKind::Eircode).unwrap();
    assert_eq!(
        &"8 Silver Birches, Millfarm, Dunboyne, Co. Meath, A86 VC04"[e.span.clone()],
        "A86 VC04"
    );
    assert_eq!(t.first(TokenKind::County).unwrap().section, 3);
    assert_eq!(t.sections(), 5);
}

#[test]
fn saint_and_street() {
    assert_eq!(texts("St. Patrick's Road"), ["saint", "patricks", "road"]);
    assert_eq!(texts("Main St"), ["main", "street"]);
    assert_eq!(
        texts("12 St Johns Tce"),
        ["12", "saint", "johns", "terrace"]
    );
}

#[test]
fn units_and_numbers() {
    assert_eq!(
        toks("apt12"),
        [
            (TokenKind::Unit, "apartment".into()),
            (TokenKind::Number, "12".into())
        ]
    );
    assert_eq!(toks("10A")[0], (TokenKind::NumberSuffix, "10a".into()));
    assert_eq!(toks("63-66")[0], (TokenKind::Range, "63-66".into()));
    assert_eq!(toks("007")[0], (TokenKind::Number, "7".into()));
}

#[test]
fn irish_mutations_in_context() {
    assert_eq!(texts("Sráid na hAbhann"), ["sraid", "na", "abhann"]);
    assert_eq!(texts("An tSráid"), ["an", "sraid"]);
    assert_eq!(texts("Bhóthar"), ["bothar"]);
}

#[test]
fn lone_o_joins_a_name_only_within_its_section() {
    // The townland `COILL AN Ó` ends in `Ó`; the post town after the comma keeps its name
    // (its lenition `mhór` is read as `mor`, as everywhere).
    let words = |s: &str| -> Vec<String> { texts(s).into_iter().filter(|w| w != ",").collect() };
    assert_eq!(
        words("Coill an Ó, Tulach Mhór"),
        ["coill", "an", "o", "tulach", "mor"]
    );
    assert_eq!(words("Tigh Ó Conaill"), ["tigh", "oconaill"]);
    // `normalise` drops the comma, so it joins across it and stays idempotent.
    assert_eq!(
        crate::text::normalise("Coill an Ó, Tulach Mhór"),
        "coill an otulach mhor"
    );
}

#[test]
fn limits_truncate() {
    let long = "a ".repeat(5000);
    let t = tokenise(&long);
    assert!(t.truncated);
    assert_eq!(t.tokens.len(), MAX_QUERY_TOKENS);
}

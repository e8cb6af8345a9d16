//! Unit tests of the fitting rules, one rule per test.

use super::*;
use crate::profile::{Capitalisation, IrishLetters};
use ElementType as T;

/// An address whose lines are the given element groups.
fn address(lines: &[&[(ElementType, &str)]]) -> Address {
    let mut a = Address::default();
    for (i, line) in lines.iter().enumerate() {
        let mut text = Vec::new();
        for (kind, value) in line.iter() {
            a.elements.push(AddressElement {
                value: value.to_string(),
                kind: *kind,
                id: i as u64 + 1,
            });
            text.push(*value);
        }
        a.lines.push(text.join(" "));
    }
    a
}

fn rural() -> Address {
    address(&[
        &[
            (T::BuildingNumber, "8"),
            (T::BuildingGroup, "SILVER BIRCHES"),
        ],
        &[(T::Locality, "MILLFARM")],
        &[(T::PostTown, "DUNBOYNE")],
        &[(T::County, "CO. MEATH")],
        &[(T::Eircode, "A86 VC04")],
    ])
}

fn profile(lines: usize, max: Option<usize>) -> Profile {
    let mut p = Profile::new("test");
    p.lines = lines;
    p.max_chars = max;
    p
}

fn some(lines: &[&str]) -> Vec<Option<String>> {
    lines
        .iter()
        .map(|l| (!l.is_empty()).then(|| l.to_string()))
        .collect()
}

#[test]
fn as_is_pads_unused_lines_with_none() {
    let out = Profile::new("default").reformat(&rural());
    assert_eq!(
        out.lines,
        some(&[
            "8 SILVER BIRCHES",
            "MILLFARM",
            "DUNBOYNE",
            "CO. MEATH",
            "A86 VC04",
            "",
            "",
            "",
            ""
        ])
    );
    assert_eq!(out.result, ReformatResult::Success);
}

#[test]
fn when_needed_abbreviates_only_long_lines_last_word_first() {
    let a = address(&[
        &[
            (T::BuildingNumber, "12"),
            (T::Thoroughfare, "ST. LAURENCE PARK ROAD UPPER"),
        ],
        &[(T::PostTown, "CARLOW")],
    ]);
    let mut p = profile(2, Some(27));
    p.abbreviation = Abbreviation::WhenNeeded;
    // 31 characters; UPPER→UPR gives 29, ROAD→RD 27: PARK stays.
    let out = p.reformat(&a);
    assert_eq!(out.lines, some(&["12 ST. LAURENCE PARK RD UPR", "CARLOW"]));
    assert_eq!(out.result, ReformatResult::AddressElementAbbreviated);
    // PARK→PK gives 25.
    p.max_chars = Some(25);
    assert_eq!(
        p.reformat(&a).lines[0].as_deref(),
        Some("12 ST. LAURENCE PK RD UPR")
    );

    // A line that fits keeps its words.
    let fits = address(&[
        &[(T::Thoroughfare, "MAIN STREET")],
        &[(T::PostTown, "CARLOW")],
    ]);
    let out = p.reformat(&fits);
    assert_eq!(out.lines, some(&["MAIN STREET", "CARLOW"]));
    assert_eq!(out.result, ReformatResult::Success);
}

#[test]
fn always_abbreviates_and_says_so() {
    let a = address(&[
        &[(T::Thoroughfare, "MAIN STREET")],
        &[(T::PostTown, "CARLOW")],
    ]);
    let mut p = profile(2, None);
    p.abbreviation = Abbreviation::Always;
    let out = p.reformat(&a);
    assert_eq!(out.lines, some(&["MAIN ST", "CARLOW"]));
    assert_eq!(out.result, ReformatResult::AddressElementAbbreviated);
}

#[test]
fn never_abbreviate_truncates_instead() {
    let a = address(&[
        &[(T::Organisation, "THE IRISH NATIONAL STUD COMPANY LIMITED")],
        &[(T::PostTown, "KILDARE")],
    ]);
    let out = profile(2, Some(20)).reformat(&a);
    assert_eq!(out.lines, some(&["THE IRISH NATIONAL S", "KILDARE"]));
    assert_eq!(out.result, ReformatResult::AddressElementTruncated);
}

#[test]
fn truncation_trims_a_dangling_separator() {
    assert_eq!(truncate("MILLFARM, DUNBOYNE", 9, ", "), "MILLFARM");
    assert_eq!(truncate("MILLFARM, DUNBOYNE", 10, ", "), "MILLFARM");
    assert_eq!(truncate("ÁTHA CLIATH", 4, ", "), "ÁTHA");
}

#[test]
fn locality_joins_the_post_town_when_lines_run_out() {
    let out = profile(4, Some(30)).reformat(&rural());
    assert_eq!(
        out.lines,
        some(&[
            "8 SILVER BIRCHES",
            "MILLFARM, DUNBOYNE",
            "CO. MEATH",
            "A86 VC04"
        ])
    );
    assert_eq!(out.result, ReformatResult::Success);
}

#[test]
fn a_merge_that_would_not_fit_is_not_made() {
    // MILLFARM, DUNBOYNE is 18 characters: too long for 15, so the locality is dropped instead.
    let out = profile(4, Some(16)).reformat(&rural());
    assert_eq!(
        out.lines,
        some(&["8 SILVER BIRCHES", "DUNBOYNE", "CO. MEATH", "A86 VC04"])
    );
    assert_eq!(out.result, ReformatResult::AddressElementLost);
}

#[test]
fn secondary_locality_is_dropped_before_the_locality() {
    let a = address(&[
        &[(T::Thoroughfare, "MAIN STREET")],
        &[(T::Village, "BALLYBOUGHAL")],
        &[(T::RuralLocality, "CORDUFF")],
        &[(T::PostTown, "LUSK")],
        &[(T::County, "CO. DUBLIN")],
    ]);
    let mut p = profile(4, Some(12));
    p.share.clear();
    let out = p.reformat(&a);
    assert_eq!(
        out.lines,
        some(&["MAIN STREET", "BALLYBOUGHAL", "LUSK", "CO. DUBLIN"])
    );
    assert_eq!(out.result, ReformatResult::AddressElementLost);
}

#[test]
fn number_thoroughfare_and_post_town_are_never_dropped() {
    let a = address(&[
        &[(T::BuildingNumber, "22"), (T::Thoroughfare, "DAME STREET")],
        &[(T::DublinPostalArea, "DUBLIN 2")],
        &[(T::Eircode, "D02 X285")],
    ]);
    let mut p = profile(1, None);
    p.share.clear();
    let out = p.reformat(&a);
    // Nothing may be dropped: the lines are joined whatever the share rules say.
    assert_eq!(out.lines, some(&["22 DAME STREET, DUBLIN 2, D02 X285"]));
    assert_eq!(out.result, ReformatResult::Success);
}

#[test]
fn lost_and_truncated_together() {
    let a = address(&[
        &[(
            T::Organisation,
            "DEPARTMENT OF AGRICULTURE FOOD AND THE MARINE",
        )],
        &[(T::Thoroughfare, "KILDARE STREET")],
        &[(T::Locality, "PORTOBELLO")],
        &[(T::DublinPostalArea, "DUBLIN 2")],
    ]);
    let mut p = profile(3, Some(20));
    p.share.clear();
    let out = p.reformat(&a);
    assert_eq!(
        out.lines,
        some(&["DEPARTMENT OF AGRICU", "KILDARE STREET", "DUBLIN 2"])
    );
    assert_eq!(out.result, ReformatResult::AddressElementLostAndTruncated);
}

#[test]
fn county_always_adds_dublin_and_county_named_towns() {
    let mut p = profile(9, None);
    p.county_always = true;
    let dublin = address(&[
        &[(T::Thoroughfare, "DAME STREET")],
        &[(T::DublinPostalArea, "DUBLIN 2")],
        &[(T::Eircode, "D02 X285")],
    ]);
    let out = p.reformat(&dublin);
    assert_eq!(
        &out.lines[..5],
        &some(&["DAME STREET", "DUBLIN 2", "CO. DUBLIN", "D02 X285", ""])[..]
    );
    let irish = address(&[
        &[(T::Thoroughfare, "SRÁID an DAMA")],
        &[(T::DublinPostalArea, "BAILE ÁTHA CLIATH 2")],
    ]);
    assert_eq!(
        p.reformat(&irish).lines[2].as_deref(),
        Some("CO. BHAILE ÁTHA CLIATH")
    );
    let carlow = address(&[
        &[(T::Thoroughfare, "TULLOW STREET")],
        &[(T::PostTown, "CARLOW")],
    ]);
    assert_eq!(p.reformat(&carlow).lines[2].as_deref(), Some("CO. CARLOW"));
    // A post town that is not a county name: no county is invented.
    let navan = address(&[
        &[(T::Thoroughfare, "MAIN STREET")],
        &[(T::PostTown, "NAVAN")],
    ]);
    assert_eq!(p.reformat(&navan).lines[2], None);
    // An address that has its county keeps it once.
    let out = p.reformat(&rural());
    assert_eq!(
        out.lines
            .iter()
            .flatten()
            .filter(|l| l.starts_with("CO."))
            .count(),
        1
    );
    // The caller's county wins over the inference.
    let given = AddressElement {
        value: "CO. NA MÍ".to_string(),
        kind: T::County,
        id: 7,
    };
    let out = p.reformat_with_county(&navan, Some(&given));
    assert_eq!(out.lines[2].as_deref(), Some("CO. NA MÍ"));
    assert_eq!(out.result, ReformatResult::Success);
}

#[test]
fn eircode_on_the_last_line_and_omitted() {
    let short = address(&[
        &[(T::Thoroughfare, "DAME STREET")],
        &[(T::DublinPostalArea, "DUBLIN 2")],
        &[(T::Eircode, "D02 X285")],
    ]);
    let mut p = profile(4, Some(30));
    p.eircode = EircodePlacement::LastLine;
    assert_eq!(
        p.reformat(&short).lines,
        some(&["DAME STREET", "DUBLIN 2", "", "D02 X285"])
    );
    p.eircode = EircodePlacement::Omit;
    let out = p.reformat(&short);
    assert_eq!(out.lines, some(&["DAME STREET", "DUBLIN 2", "", ""]));
    assert_eq!(out.result, ReformatResult::Success);
}

#[test]
fn proper_case_per_element_and_plain_letters() {
    let a = address(&[
        &[(T::BuildingNumber, "8"), (T::Thoroughfare, "NA CLUAINTE")],
        &[(T::RuralLocality, "AN SPIDÉAL")],
        &[(T::County, "CO. NA GAILLIMHE")],
        &[(T::Eircode, "H91 AB12")],
    ]);
    let mut p = profile(4, None);
    p.capitalisation = Capitalisation::Proper;
    assert_eq!(
        p.reformat(&a).lines,
        some(&[
            "8 Na Cluainte",
            "An Spidéal",
            "Co. na Gaillimhe",
            "H91 AB12"
        ])
    );
    p.irish_letters = IrishLetters::Plain;
    assert_eq!(p.reformat(&a).lines[1].as_deref(), Some("An Spideal"));
    p.capitalisation = Capitalisation::Lower;
    assert_eq!(p.reformat(&a).lines[3].as_deref(), Some("H91 AB12"));
}

#[test]
fn lengths_are_counted_in_chars_after_finishing() {
    // 12 characters, 15 bytes: fits a 12-character line.
    let a = address(&[
        &[(T::Thoroughfare, "BÓTHAR NA TRÁ")],
        &[(T::PostTown, "GAILLIMH")],
    ]);
    let out = profile(2, Some(13)).reformat(&a);
    assert_eq!(out.result, ReformatResult::Success);
    assert_eq!(out.lines[0].as_deref(), Some("BÓTHAR NA TRÁ"));
}

#[test]
fn hand_built_addresses_are_split_sensibly() {
    // Lines that disagree with the elements: one line per element, the number glued on.
    let mut a = address(&[
        &[(T::BuildingNumber, "4"), (T::Thoroughfare, "MAIN STREET")],
        &[(T::PostTown, "NAVAN")],
    ]);
    a.lines = vec!["something else".to_string()];
    assert_eq!(
        profile(2, None).reformat(&a).lines,
        some(&["4 MAIN STREET", "NAVAN"])
    );
    // Lines only.
    let lines_only = Address {
        elements: Vec::new(),
        lines: vec![
            "1 MAIN ST".to_string(),
            " ".to_string(),
            "NAVAN".to_string(),
        ],
    };
    assert_eq!(
        profile(3, None).reformat(&lines_only).lines,
        some(&["1 MAIN ST", "NAVAN", ""])
    );
}

#[test]
fn an_empty_address_is_all_none() {
    let out = profile(3, Some(10)).reformat(&Address::default());
    assert_eq!(out.lines, vec![None, None, None]);
    assert_eq!(out.result, ReformatResult::Success);
}

#[test]
fn share_rules_follow_the_profile_order() {
    let mut p = profile(4, None);
    p.share = vec![(LineRole::PostTown, LineRole::County)];
    let out = p.reformat(&rural());
    assert_eq!(
        out.lines,
        some(&[
            "8 SILVER BIRCHES",
            "MILLFARM",
            "DUNBOYNE, CO. MEATH",
            "A86 VC04"
        ])
    );
    p.separator = " / ".to_string();
    assert_eq!(out.lines.len(), 4);
    assert_eq!(
        p.reformat(&rural()).lines[2].as_deref(),
        Some("DUNBOYNE / CO. MEATH")
    );
}

#[test]
fn very_long_input_is_joined_past_the_input_cap() {
    let mut a = Address::default();
    for i in 0..(MAX_REFORMAT_INPUT_LINES + 10) {
        a.elements.push(AddressElement {
            value: format!("LINE {i}"),
            kind: T::Unknown,
            id: 0,
        });
        a.lines.push(format!("LINE {i}"));
    }
    let out = profile(MAX_REFORMAT_INPUT_LINES, None).reformat(&a);
    assert_eq!(out.lines.len(), MAX_REFORMAT_INPUT_LINES);
    let last = out.lines.last().cloned().flatten().unwrap_or_default();
    assert!(last.starts_with("LINE 31, LINE 32"), "{last}");
    assert!(last.ends_with("LINE 41"), "{last}");
    assert_eq!(out.result, ReformatResult::Success);
}

//! Autocomplete reaching the address typed when look-alikes crowd it out, on a small hand-built
//! dataset: an estate OLD RECTORY PARK among more houses called THE OLD RECTORY than a query's
//! seeds read (and a college P.J. CAMPUS whose `p` is a rare word of its own), and an estate
//! BOLTON COURT in BALLYFOOKOON among more townlands beginning `BALLY` than the expansion of a
//! mistyped `baaly` keeps, or holding one more THE OLD RECTORY; an estate CASTLE ROAD in a
//! locality ST LAURENCES RD, and more estates `ST… ROAD` elsewhere than are shown. A second
//! dataset: estates ST JOSEPHS PARK and ST MARYS PARK, more of each than a query's seeds read.
//! A third: an estate CHANEL AVENUE in COOLOCK among townlands COLO…, for a slip in the last word;
//! a fourth: houses BROOKSIDE in TUAR NA NÓINEACH and in townlands beginning `no`; a fifth: an
//! estate MOUNTAIN PARK among more estates MOUNTAIN …, most also SLIABH …, than a query seeds;
//! a sixth: houses of LUCAN beside organisations whose names begin with `c`; a seventh: houses
//! ARD NA GRÉINE in 1,500 townlands and in KNOCKADOAGH, a townland of two estates; an eighth:
//! houses of DUBLIN ROAD, MALAHIDE beside house 11 of 30 estates off MALAHIDE ROAD, DUBLIN 5
//! and house 14 of 30 estates in KINSEALY, MALAHIDE; a ninth: the club CASTLELANE GAA CLUB of
//! the townland CASTLELANE beside 62 more townlands `CASTLEL…` and 200 `CAR…`.

use seoladh::raw::ecad::address::derive_address_tables;
use seoladh::raw::ecad::*;
use seoladh::{Engine, QueryOptions};

use crate::handbuilt::{county, letters, named, organisation, points, post_town};

const CORK: u64 = 1001000001;
const MALLOW: u64 = 1100000001;
const FOXROCK: u64 = 1110000001;
const BALLYFOOKOON: u64 = 1110000002;
/// The first of the townlands of the houses named THE OLD RECTORY.
const RECTORY_TOWNLANDS: u64 = 1110001000;
/// The first of the townlands `BALLYA…`, each with an estate HILL COURT.
const BALLY_TOWNLANDS: u64 = 1110005000;
const OLD_RECTORY_PARK: u64 = 1300000001;
const BOLTON_COURT: u64 = 1300000002;
/// The first of the estates HILL COURT.
const HILL_COURTS: u64 = 1300005000;
/// A townland of three words.
const CROSS_ROADS: u64 = 1110000003;
/// The first of the estates AVONDALE COURT.
const AVONDALE_COURTS: u64 = 1300009100;
/// A locality whose name ends in the street type of the estate typed before it.
const ST_LAURENCES: u64 = 1110000004;
const CASTLE_ROAD: u64 = 1300009200;
/// The first of the estates `ST… ROAD` (`road` and a word beginning `st`).
const ST_ROADS: u64 = 1300009300;
/// A college whose name holds the single letter `p` as a word.
const CAMPUS: u64 = 1300009000;
/// Houses named THE OLD RECTORY: more than the seeds of one query read.
const RECTORIES: u64 = 1_200;
/// Townlands beginning `BALLYA`: more than the completions an expansion keeps.
const BALLY_TOWNS: u64 = 60;

/// The `BALLYA…` townland holding one more house called THE OLD RECTORY: one of the
/// completions of `ballya` the expansion does not keep.
const RECTORY_IN_BALLY: u64 = 51;

/// A building with no name or number in `locality` (and estate `group`) of MALLOW.
fn building(id: u64, locality: u64, group: Option<u64>) -> Building {
    crate::handbuilt::building(id, Some(locality), group, (MALLOW, CORK))
}

fn numbered(id: u64, number: u64, locality: u64, group: u64) -> Building {
    Building {
        number: Some(number.to_string()),
        ..building(id, locality, Some(group))
    }
}

fn dataset() -> Dataset {
    let mut localities = vec![
        named(FOXROCK, "FOXROCK", None, 3400),
        named(BALLYFOOKOON, "BALLYFOOKOON", None, 3400),
    ];
    let mut groups = vec![
        named(OLD_RECTORY_PARK, "OLD RECTORY PARK", None, 1070),
        named(BOLTON_COURT, "BOLTON COURT", None, 1070),
        named(CAMPUS, "P.J. CAMPUS", None, 1070),
    ];
    let mut buildings: Vec<Building> = (1..=60)
        .map(|n| numbered(1400000000 + n, n, FOXROCK, OLD_RECTORY_PARK))
        .collect();
    buildings.extend((1..=12).map(|n| numbered(1400000100 + n, n, BALLYFOOKOON, BOLTON_COURT)));
    buildings.push(building(1400000200, FOXROCK, Some(CAMPUS)));
    for i in 0..RECTORIES {
        let townland = RECTORY_TOWNLANDS + i;
        localities.push(named(townland, &format!("KNOCK{}", letters(i)), None, 3400));
        buildings.push(Building {
            name: Some("THE OLD RECTORY".into()),
            ..building(1400010000 + i, townland, None)
        });
    }
    for i in 0..BALLY_TOWNS {
        let townland = BALLY_TOWNLANDS + i;
        localities.push(named(
            townland,
            &format!("BALLYA{}", letters(i)),
            None,
            3400,
        ));
        groups.push(named(HILL_COURTS + i, "HILL COURT", None, 1070));
        buildings.push(numbered(1400020000 + i, 9, townland, HILL_COURTS + i));
    }
    buildings.push(Building {
        name: Some("THE OLD RECTORY".into()),
        ..building(1400030000, BALLY_TOWNLANDS + RECTORY_IN_BALLY, None)
    });
    // Estates AVONDALE COURT alike but for their townland's name, the longest first.
    localities.push(named(CROSS_ROADS, "KNOCK CROSS ROADS", None, 3400));
    for (i, townland) in [CROSS_ROADS, FOXROCK].into_iter().enumerate() {
        let estate = AVONDALE_COURTS + i as u64;
        groups.push(named(estate, "AVONDALE COURT", None, 1070));
        buildings.push(numbered(1400040000 + i as u64, 9, townland, estate));
    }
    // 24 CASTLE ROAD, ST LAURENCES RD, and look-alikes 24 ST… ROAD (`road`, `st…`).
    localities.push(named(ST_LAURENCES, "ST LAURENCES RD", None, 3400));
    groups.push(named(CASTLE_ROAD, "CASTLE ROAD", None, 1070));
    buildings.push(numbered(1400050000, 24, ST_LAURENCES, CASTLE_ROAD));
    for i in 0..40 {
        groups.push(named(
            ST_ROADS + i,
            &format!("ST{} ROAD", letters(i)),
            None,
            1070,
        ));
        buildings.push(numbered(1400050100 + i, 24, FOXROCK, ST_ROADS + i));
    }
    in_mallow(localities, groups, buildings)
}

/// Estates ST JOSEPHS PARK and ST MARYS PARK, more of each than the seeds of one query read, and
/// a townland whose Irish name holds NAOMH (`st` in Irish, named by no other element).
fn saints() -> Dataset {
    const KILPATRICK: u64 = 1110000010;
    const ESTATES: u64 = 1_100;
    let mut groups = Vec::new();
    let mut buildings = vec![building(1400000001, KILPATRICK, None)];
    for (k, name) in ["ST JOSEPHS PARK", "ST MARYS PARK"].into_iter().enumerate() {
        for i in 0..ESTATES {
            let estate = 1300100000 + k as u64 * 100_000 + i;
            groups.push(named(estate, name, None, 1070));
            buildings.push(numbered(
                1400100000 + k as u64 * 100_000 + i,
                5,
                FOXROCK,
                estate,
            ));
        }
    }
    in_mallow(
        vec![
            named(FOXROCK, "FOXROCK", None, 3400),
            named(KILPATRICK, "KILPATRICK", Some("CILL NAOMH PÁDRAIG"), 3400),
        ],
        groups,
        buildings,
    )
}

/// An estate CHANEL AVENUE in COOLOCK, and townlands COLO…: more than the completions of a
/// prefix that the expansion also reads with typos.
fn slips() -> Dataset {
    const COOLOCK: u64 = 1110000020;
    const CHANEL_AVENUE: u64 = 1300000020;
    const COLO_TOWNLANDS: u64 = 1110000100;
    let mut localities = vec![named(COOLOCK, "COOLOCK", None, 3400)];
    let mut buildings = vec![numbered(1400000020, 3, COOLOCK, CHANEL_AVENUE)];
    for i in 0..12 {
        let townland = COLO_TOWNLANDS + i;
        localities.push(named(townland, &format!("COLO{}", letters(i)), None, 3400));
        buildings.push(building(1400000100 + i, townland, None));
    }
    in_mallow(
        localities,
        vec![named(CHANEL_AVENUE, "CHANEL AVENUE", None, 1070)],
        buildings,
    )
}

/// Houses called BROOKSIDE in a townland TOORNANAUNAGH (in Irish TUAR NA NÓINEACH, indexed
/// without its eclipsis: `tuar na oineach`) and in townlands whose names begin `no`.
fn eclipsed() -> Dataset {
    const TOORNANAUNAGH: u64 = 1110000030;
    let mut localities = vec![named(
        TOORNANAUNAGH,
        "TOORNANAUNAGH",
        Some("TUAR NA NÓINEACH"),
        3400,
    )];
    let mut buildings = vec![Building {
        name: Some("BROOKSIDE".into()),
        ..building(1400000030, TOORNANAUNAGH, None)
    }];
    for (i, name) in ["NOBBER", "NOAN", "NORE BRIDGE"].into_iter().enumerate() {
        let townland = 1110000040 + i as u64;
        localities.push(named(townland, name, None, 3400));
        buildings.push(Building {
            name: Some("BROOKSIDE".into()),
            ..building(1400000040 + i as u64, townland, None)
        });
    }
    in_mallow(localities, Vec::new(), buildings)
}

/// An estate MOUNTAIN PARK among more estates `MOUNTAIN …` than the seeds of one query read,
/// most of them also named in Irish `SLIABH …` (so `sliabh`, an equivalent of `mountain`,
/// names a few elements fewer), and a college P.J. CAMPUS whose `p` is a rare word.
fn mountains() -> Dataset {
    const PARK: u64 = 1300000001;
    const ESTATES: u64 = 1_400;
    let mut groups = vec![
        named(PARK, "MOUNTAIN PARK", None, 1070),
        named(CAMPUS, "P.J. CAMPUS", None, 1070),
    ];
    let mut buildings = vec![
        numbered(1400000001, 9, FOXROCK, PARK),
        building(1400000002, FOXROCK, Some(CAMPUS)),
    ];
    add_estates(&mut groups, &mut buildings, 1300100000, ESTATES, 9, |i| {
        let l = letters(i);
        (
            format!("MOUNTAIN {l}"),
            (i % 4 != 0).then(|| format!("SLIABH {l}")),
        )
    });
    in_mallow(
        vec![named(FOXROCK, "FOXROCK", None, 3400)],
        groups,
        buildings,
    )
}

/// An estate CHURCHVIEW ROAD among more estates `CHURCH …` than the seeds of one query read,
/// and townlands VICTORIA… beside them.
fn churches() -> Dataset {
    const CHURCHVIEW_ROAD: u64 = 1300000040;
    const ESTATES: u64 = 1_400;
    let mut localities = vec![named(FOXROCK, "FOXROCK", None, 3400)];
    let mut groups = vec![named(CHURCHVIEW_ROAD, "CHURCHVIEW ROAD", None, 1070)];
    let mut buildings = vec![numbered(1400000040, 4, FOXROCK, CHURCHVIEW_ROAD)];
    add_estates(&mut groups, &mut buildings, 1300100000, ESTATES, 4, |i| {
        (format!("CHURCH K{}", letters(i)), None)
    });
    add_townlands(&mut localities, &mut buildings, 1110000050, 3, |i| {
        format!("VICTORIA{}", letters(i))
    });
    in_mallow(localities, groups, buildings)
}

/// An estate ST ANNES TERRACE among more estates `SAINT …` than the seeds of one query read, a
/// few estates `NAOMH …` (the Irish of SAINT, rarer), and more townlands `AN …` (the Irish
/// article) than the two words' elements read together.
fn saints_and_articles() -> Dataset {
    const ANNES: u64 = 1300000050;
    const ESTATES: u64 = 1_400;
    // More than joint seeding reads of one word (`MAX_JOINT_WORD_ELEMENTS`).
    const ARTICLES: u64 = 8_200;
    let mut localities = vec![named(FOXROCK, "FOXROCK", None, 3400)];
    let mut groups = vec![named(ANNES, "ST ANNES TERRACE", None, 1070)];
    let mut buildings = vec![numbered(1400000060, 2, FOXROCK, ANNES)];
    add_estates(&mut groups, &mut buildings, 1300100000, ESTATES, 2, |i| {
        (format!("SAINT K{}", letters(i)), None)
    });
    add_estates(&mut groups, &mut buildings, 1300200000, 3, 2, |i| {
        (format!("NAOMH K{}", letters(i)), None)
    });
    add_townlands(&mut localities, &mut buildings, 1110300000, ARTICLES, |i| {
        format!("AN K{}", letters(i))
    });
    in_mallow(localities, groups, buildings)
}

/// An estate CHURCH HILL among more estates `CHURCH …` than the seeds of one query read, a few
/// estates `EAGLAIS …` (the Irish of CHURCH, rarer), and more townlands `HILL …` than joint
/// seeding reads of a word before the last.
fn church_hills() -> Dataset {
    const CHURCH_HILL: u64 = 1300000070;
    let mut localities = vec![named(FOXROCK, "FOXROCK", None, 3400)];
    let mut groups = vec![named(CHURCH_HILL, "CHURCH HILL", None, 1070)];
    let mut buildings = vec![numbered(1400000070, 6, FOXROCK, CHURCH_HILL)];
    add_estates(&mut groups, &mut buildings, 1300100000, 1_400, 6, |i| {
        (format!("CHURCH A{}", letters(i)), None)
    });
    add_estates(&mut groups, &mut buildings, 1300200000, 3, 6, |i| {
        (format!("EAGLAIS K{}", letters(i)), None)
    });
    add_townlands(&mut localities, &mut buildings, 1110300000, 8_200, |i| {
        format!("HILL K{}", letters(i))
    });
    in_mallow(localities, groups, buildings)
}

/// In LUCAN, CO. DUBLIN (a county `c` does not begin): an estate GRIFFEEN AVENUE of 40 houses,
/// house 12 a credit union named after the locality, and in the townland LITTLETOWN a house
/// MEADOWVIEW beside LITTLETOWN GAA CLUB.
fn credit_unions() -> Dataset {
    const DUBLIN: u64 = 1001000002;
    const LUCAN: u64 = 1100000002;
    const LUCAN_LOCALITY: u64 = 1110000090;
    const LITTLETOWN: u64 = 1110000091;
    const GRIFFEEN: u64 = 1300000090;
    let in_lucan = |id: u64, locality: u64, group: Option<u64>| {
        crate::handbuilt::building(id, Some(locality), group, (LUCAN, DUBLIN))
    };
    let mut buildings: Vec<Building> = (1..=40)
        .map(|n| Building {
            number: Some(n.to_string()),
            ..in_lucan(1400000900 + n, LUCAN_LOCALITY, Some(GRIFFEEN))
        })
        .collect();
    buildings.push(Building {
        name: Some("MEADOWVIEW".into()),
        ..in_lucan(1400000950, LITTLETOWN, None)
    });
    buildings.push(in_lucan(1400000951, LITTLETOWN, None));
    let address_points = points(&buildings, "K78");
    let organisations = [
        (1400000912, "LUCAN CREDIT UNION"),
        (1400000951, "LITTLETOWN GAA CLUB"),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (building, name))| organisation(1500000090 + i as u64, building + 300000000, name))
    .collect();
    let mut ds = Dataset {
        counties: vec![county(DUBLIN, "DUBLIN", "BAILE ÁTHA CLIATH")],
        post_towns: vec![post_town(LUCAN, "LUCAN", "LEAMHCÁN", DUBLIN)],
        localities: vec![
            named(LUCAN_LOCALITY, "LUCAN", None, 3400),
            named(LITTLETOWN, "LITTLETOWN", None, 3400),
        ],
        building_groups: vec![named(GRIFFEEN, "GRIFFEEN AVENUE", None, 1070)],
        buildings,
        address_points,
        organisations,
        ..Dataset::default()
    };
    derive_address_tables(&mut ds);
    ds
}

/// Adds `n` estates in FOXROCK, ids from `first`, named `name(i)` (English, and Irish if any),
/// each with one house numbered `number` (building id: the estate's plus 100,000,000).
fn add_estates(
    groups: &mut Vec<BuildingGroup>,
    buildings: &mut Vec<Building>,
    first: u64,
    n: u64,
    number: u64,
    name: impl Fn(u64) -> (String, Option<String>),
) {
    for i in 0..n {
        let (english, irish) = name(i);
        groups.push(named(first + i, &english, irish.as_deref(), 1070));
        buildings.push(numbered(
            first + i + 100_000_000,
            number,
            FOXROCK,
            first + i,
        ));
    }
}

/// Adds `n` townlands, ids from `first`, named `name(i)`, each with one unnamed building
/// (building id: the townland's plus 290,000,000).
fn add_townlands(
    localities: &mut Vec<Locality>,
    buildings: &mut Vec<Building>,
    first: u64,
    n: u64,
    name: impl Fn(u64) -> String,
) {
    for i in 0..n {
        localities.push(named(first + i, &name(i), None, 3400));
        buildings.push(building(first + i + 290_000_000, first + i, None));
    }
}

/// In MALLOW: the club CASTLELANE GAA CLUB, the only house of the townland CASTLELANE, and a
/// house in each of the townlands CASTLELOYE, CASTLELAKE and 60 more `CASTLEL…` (so that
/// CASTLELANE is one completion of `castlel` among many), and 50 names `CAR…` of four townlands
/// each (commoner completions of `ca` than CASTLELANE).
fn clubs() -> Dataset {
    const CASTLELANE: u64 = 1110000095;
    let mut localities = vec![
        named(CASTLELANE, "CASTLELANE", None, 3400),
        named(CASTLELANE + 1, "CASTLELOYE", None, 3400),
        named(CASTLELANE + 2, "CASTLELAKE", None, 3400),
    ];
    let mut buildings: Vec<Building> = (0..3)
        .map(|i| building(1400000095 + i, CASTLELANE + i, None))
        .collect();
    add_townlands(&mut localities, &mut buildings, 1110400000, 60, |i| {
        format!("CASTLEL{}", letters(i))
    });
    add_townlands(&mut localities, &mut buildings, 1110410000, 200, |i| {
        format!("CAR{}", letters(i % 50))
    });
    let mut ds = in_mallow(localities, Vec::new(), buildings);
    ds.organisations = vec![organisation(1500000095, 1700000095, "CASTLELANE GAA CLUB")];
    derive_address_tables(&mut ds);
    ds
}

/// A dataset of `localities`, estates `groups` and `buildings` in MALLOW, CO. CORK, one plain
/// address point per building.
fn in_mallow(
    localities: Vec<Locality>,
    groups: Vec<BuildingGroup>,
    buildings: Vec<Building>,
) -> Dataset {
    crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(CORK, "CORK", "CORCAIGH")],
            post_towns: vec![post_town(MALLOW, "MALLOW", "MALA", CORK)],
            localities,
            building_groups: groups,
            buildings,
            ..Dataset::default()
        },
        "P51",
    )
}

/// The display names of the options Autocomplete gives for `text`.
fn suggested(engine: &Engine, text: &str) -> Vec<String> {
    let r = engine
        .autocomplete(text, &QueryOptions::default())
        .expect("answers");
    r.options.into_iter().map(|o| o.display_name).collect()
}

/// Asserts that the first suggestion for `text` begins with `want`.
fn first_begins(engine: &Engine, text: &str, want: &str) {
    let shown = suggested(engine, text);
    assert!(
        shown.first().is_some_and(|s| s.starts_with(want)),
        "{text}: {shown:?}"
    );
}

/// Asserts that each of `texts` suggests `want` first.
fn first_for_each(engine: &Engine, texts: &[&str], want: &str) {
    for text in texts {
        let shown = suggested(engine, text);
        assert_eq!(
            shown.first().map(String::as_str),
            Some(want),
            "{text}: {shown:?}"
        );
    }
}

#[test]
fn a_number_before_words_many_houses_are_named_by_finds_the_estate() {
    let engine = crate::handbuilt::engine(&dataset());
    first_for_each(
        &engine,
        &["58 old rectory", "58 Old Rectory P"],
        "58 OLD RECTORY PARK, FOXROCK, MALLOW, CO. CORK",
    );
}

#[test]
fn a_single_letter_after_common_words_keeps_the_places_they_name() {
    let engine = crate::handbuilt::engine(&dataset());
    // `p` names one element exactly (P.J. CAMPUS), `rectory` more than the seeds read: the
    // estate being typed is still read.
    for text in ["7 rectory p", "rectory p"] {
        let shown = suggested(&engine, text);
        assert!(
            shown.iter().take(5).any(|s| s.contains("OLD RECTORY PARK")),
            "{text}: {shown:?}"
        );
    }
}

#[test]
fn a_slip_in_the_word_being_typed_still_counts_for_the_address() {
    let engine = crate::handbuilt::engine(&dataset());
    let shown = suggested(&engine, "9 bolton court, baaly");
    assert_eq!(
        shown.first().map(String::as_str),
        Some("9 BOLTON COURT, BALLYFOOKOON, MALLOW, CO. CORK"),
        "{shown:?}"
    );
    // Each HILL COURT explains the number, `court` and the slip, not `bolton`: below it.
    assert!(shown.iter().skip(1).all(|s| !s.contains("BOLTON")));
}

#[test]
fn a_house_named_like_thousands_is_found_in_the_townland_being_typed() {
    let engine = crate::handbuilt::engine(&dataset());
    // More houses are called THE OLD RECTORY than the seeds read, and `ballya` begins more
    // townlands than the expansion keeps: the townland of the one typed is read among the
    // places of the houses.
    let want = format!(
        "THE OLD RECTORY, BALLYA{}, MALLOW, CO. CORK",
        letters(RECTORY_IN_BALLY)
    );
    for text in ["the old rectory, ballya", "Old Rectory Ballya"] {
        let shown = suggested(&engine, text);
        assert!(
            shown.iter().take(5).any(|s| *s == want),
            "{text}: {shown:?}"
        );
    }
}

#[test]
fn of_options_alike_but_for_their_length_the_shorter_comes_first() {
    let engine = crate::handbuilt::engine(&dataset());
    let shown = suggested(&engine, "9 avondale court");
    assert_eq!(
        shown,
        [
            "9 AVONDALE COURT, FOXROCK, MALLOW, CO. CORK",
            "9 AVONDALE COURT, KNOCK CROSS ROADS, MALLOW, CO. CORK",
        ]
    );
}

#[test]
fn a_line_being_typed_does_not_take_the_words_of_the_line_before() {
    let engine = crate::handbuilt::engine(&dataset());
    // `St` begins ST LAURENCES RD; its `RD` is still to be typed, not the `Road` of CASTLE
    // ROAD, so the house explains every word and no ST… ROAD (`road`, `st…`) does.
    first_for_each(
        &engine,
        &["24 Castle Road, St", "24 castle road, st l"],
        "24 CASTLE ROAD, ST LAURENCES RD, MALLOW, CO. CORK",
    );
}

#[test]
fn a_common_name_being_typed_is_read_when_the_word_before_seeded_next_to_nothing() {
    let engine = crate::handbuilt::engine(&saints());
    // `st` is also NAOMH, which one townland's Irish name holds: that townland alone fit the
    // seeds, and JOSEPHS, too common to fit, was never read (no option at all).
    for text in ["st josephs", "St Josephs P", "5 st josephs p"] {
        let shown = suggested(&engine, text);
        assert!(
            shown.first().is_some_and(|s| s.contains("ST JOSEPHS PARK")),
            "{text}: {shown:?}"
        );
    }
}

#[test]
fn a_slip_in_the_last_word_is_read_when_the_terms_it_begins_explain_less() {
    let engine = crate::handbuilt::engine(&slips());
    // `colo` begins twelve rare townland names (too many to be read with typos as well), none
    // of them beside CHANEL AVENUE: COOLOCK, one transposition away, is.
    first_for_each(
        &engine,
        &[
            "3 chanel avenue colo",
            "3 Chanel Avenue, Colo",
            "chanel avenue colo",
        ],
        "3 CHANEL AVENUE, COOLOCK, MALLOW, CO. CORK",
    );
    // Typed right, the word is read as typed.
    first_begins(&engine, "colo", "COLO");
}

#[test]
fn an_irish_word_being_typed_is_read_without_its_mutation() {
    let engine = crate::handbuilt::engine(&eclipsed());
    // `nÓ` is the eclipsed `ó` of NÓINEACH (stored `oineach`): read as typed it begins only
    // NOBBER, NOAN, NORE, which explain the last word and BROOKSIDE but not TUAR NA.
    first_for_each(
        &engine,
        &["Brookside Tuar na nÓ", "brookside tuar na no", "Tuar na nÓ"],
        "BROOKSIDE, TOORNANAUNAGH, MALLOW, CO. CORK",
    );
}

#[test]
fn a_letter_after_a_common_word_reads_the_word_before_its_equivalents() {
    let engine = crate::handbuilt::engine(&mountains());
    // Only the rare `p` fits the seeds; `mountain` seeds a quarter of them, by its own term
    // first: its Irish equivalent `sliabh`, a little rarer, names none of MOUNTAIN PARK.
    first_for_each(
        &engine,
        &["9 mountain p", "9 Mountain P"],
        "9 MOUNTAIN PARK, FOXROCK, MALLOW, CO. CORK",
    );
}

#[test]
fn two_words_being_typed_are_also_read_as_the_one_name_they_begin() {
    let engine = crate::handbuilt::engine(&churches());
    // No name holds `church` and a word beginning `vi`, so the two are read glued as well:
    // `churchvi` begins CHURCHVIEW.
    first_for_each(
        &engine,
        &["church vi", "Church Vie", "church view", "4 church vi"],
        "4 CHURCHVIEW ROAD, FOXROCK, MALLOW, CO. CORK",
    );
    // Typed alone, the word is read as typed.
    first_begins(&engine, "vi", "VICTORIA");
}

#[test]
fn a_name_being_typed_after_a_saint_seeds_when_both_words_are_common() {
    let engine = crate::handbuilt::engine(&saints_and_articles());
    // NAOMH seeds three elements, SAINT is too common to fit, and `an` begins the article of
    // more names still: the rarest terms `an` begins (ANNES) seed.
    first_for_each(
        &engine,
        &["st an", "St An", "saint an", "st. an"],
        "2 ST ANNES TERRACE, FOXROCK, MALLOW, CO. CORK",
    );
}

#[test]
fn a_common_word_being_typed_is_read_with_the_common_word_before_it() {
    let engine = crate::handbuilt::engine(&church_hills());
    // EAGLAIS seeds three elements, CHURCH does not fit, and `hill` names more elements than a
    // word before the last may have to be read with its neighbours: as the word being typed, it
    // is read against the elements CHURCH names.
    first_for_each(
        &engine,
        &["church hill", "Church Hil", "6 church hill"],
        "6 CHURCH HILL, FOXROCK, MALLOW, CO. CORK",
    );
}

#[test]
fn a_name_that_only_begins_with_the_word_being_typed_does_not_hide_the_house_typed() {
    let engine = crate::handbuilt::engine(&credit_unions());
    for text in [
        "31 Griffeen Avenue, Lucan, C",
        "31 griffeen avenue lucan co",
    ] {
        let shown = suggested(&engine, text);
        assert!(
            shown
                .first()
                .is_some_and(|s| s.starts_with("31 GRIFFEEN AVENUE")),
            "{text}: {shown:?}"
        );
    }
    first_begins(
        &engine,
        "Meadowview, Littletown, Lucan, C",
        "MEADOWVIEW, LITTLETOWN",
    );
    // Typed on, the name is read.
    first_begins(&engine, "Lucan Credit U", "LUCAN CREDIT UNION");
}

#[test]
fn a_house_named_like_thousands_is_found_when_its_address_is_typed_whole() {
    let engine = crate::handbuilt::engine(&namesakes());
    for text in [
        "ARD NA GRÉINE, KNOCKADOAGH, GALWAY",
        "ard na greine knockadoagh galway",
        "ARD NA GRÉINE, KNOCKADOAGH, GALWAY, CO. GALWAY",
    ] {
        first_begins(&engine, text, "ARD NA GRÉINE, KNOCKADOAGH, GALWAY");
    }
}

/// Houses named ARD NA GRÉINE in more townlands of GALWAY and TUAM than the seeds of one query
/// read, some townlands of two words, and one more in KNOCKADOAGH, a townland with two estates.
fn namesakes() -> Dataset {
    const GALWAY: u64 = 1001000003;
    const GALWAY_TOWN: u64 = 1100000003;
    const TUAM: u64 = 1100000004;
    const KNOCKADOAGH: u64 = 1110000300;
    const VILLAS: u64 = 1300000300;
    const TOWNLANDS: u64 = 1110010000;
    let house = |id: u64, locality: u64, town: u64| Building {
        name: Some("ARD NA GRÉINE".into()),
        ..crate::handbuilt::building(id, Some(locality), None, (town, GALWAY))
    };
    let mut localities = vec![named(KNOCKADOAGH, "KNOCKADOAGH", None, 3400)];
    let mut groups = Vec::new();
    let mut buildings = vec![house(1400000300, KNOCKADOAGH, GALWAY_TOWN)];
    for (i, name) in ["CLAREMONT VILLAS", "MCCURTAIN VILLAS"]
        .into_iter()
        .enumerate()
    {
        let i = i as u64;
        groups.push(named(VILLAS + i, name, None, 1070));
        buildings.push(crate::handbuilt::building(
            1400000310 + i,
            Some(KNOCKADOAGH),
            Some(VILLAS + i),
            (GALWAY_TOWN, GALWAY),
        ));
    }
    for i in 0..1_500u64 {
        let name = match i % 3 {
            0 => format!("CAHER{} BEG", letters(i)),
            _ => format!("CAHER{}", letters(i)),
        };
        localities.push(named(TOWNLANDS + i, &name, None, 3400));
        let town = if i % 2 == 0 { GALWAY_TOWN } else { TUAM };
        buildings.push(house(1400010000 + i, TOWNLANDS + i, town));
    }
    crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(GALWAY, "GALWAY", "GAILLIMH")],
            post_towns: vec![
                post_town(GALWAY_TOWN, "GALWAY", "GAILLIMH", GALWAY),
                post_town(TUAM, "TUAM", "TUAIM", GALWAY),
            ],
            localities,
            building_groups: groups,
            buildings,
            ..Dataset::default()
        },
        "H91",
    )
}

/// Houses 1–20 of DUBLIN ROAD in MALAHIDE, CO. DUBLIN, and house 11 of 30 estates off MALAHIDE
/// ROAD in the post town DUBLIN 5; house 14 of DUBLIN ROAD and of 30 estates in the townland
/// KINSEALY, MALAHIDE.
fn dublin_roads() -> Dataset {
    const DUBLIN: u64 = 1001000002;
    const MALAHIDE: u64 = 1100000002;
    const DUBLIN_5: u64 = 1100000003;
    const MALAHIDE_TOWN: u64 = 1110000090;
    const KINSEALY: u64 = 1110000091;
    const DUBLIN_ROAD: u64 = 1200000090;
    const MALAHIDE_ROAD: u64 = 1200000091;
    const ESTATES: u64 = 1300000100;
    let mut buildings: Vec<Building> = (1..=20)
        .map(|n| Building {
            number: Some(n.to_string()),
            primary_thoroughfare_id: Some(DUBLIN_ROAD),
            ..crate::handbuilt::building(
                1400000900 + n,
                Some(MALAHIDE_TOWN),
                None,
                (MALAHIDE, DUBLIN),
            )
        })
        .collect();
    let mut groups = Vec::new();
    for i in 0..30u64 {
        groups.push(named(
            ESTATES + i,
            &format!("{} PARK", letters(i)),
            None,
            1070,
        ));
        buildings.push(Building {
            number: Some("11".into()),
            primary_thoroughfare_id: Some(MALAHIDE_ROAD),
            ..crate::handbuilt::building(
                1400001000 + i,
                None,
                Some(ESTATES + i),
                (DUBLIN_5, DUBLIN),
            )
        });
    }
    // House 14 of DUBLIN ROAD in the townland KINSEALY, and of 30 estates there: every word
    // but DUBLIN ROAD's.
    buildings.push(Building {
        number: Some("14".into()),
        primary_thoroughfare_id: Some(DUBLIN_ROAD),
        ..crate::handbuilt::building(1400001099, Some(KINSEALY), None, (MALAHIDE, DUBLIN))
    });
    for i in 0..30u64 {
        groups.push(named(
            ESTATES + 100 + i,
            &format!("{} COURT", letters(i)),
            None,
            1070,
        ));
        buildings.push(Building {
            number: Some("14".into()),
            ..crate::handbuilt::building(
                1400001100 + i,
                Some(KINSEALY),
                Some(ESTATES + 100 + i),
                (MALAHIDE, DUBLIN),
            )
        });
    }
    crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(DUBLIN, "DUBLIN", "BAILE ÁTHA CLIATH")],
            post_towns: vec![
                post_town(MALAHIDE, "MALAHIDE", "MULLACH ÍDE", DUBLIN),
                post_town(DUBLIN_5, "DUBLIN 5", "BAILE ÁTHA CLIATH 5", DUBLIN),
            ],
            localities: vec![
                named(MALAHIDE_TOWN, "MALAHIDE", None, 3400),
                named(KINSEALY, "KINSEALY", None, 3600),
            ],
            thoroughfares: vec![
                named(DUBLIN_ROAD, "DUBLIN ROAD", None, 3200),
                named(MALAHIDE_ROAD, "MALAHIDE ROAD", None, 3200),
            ],
            building_groups: groups,
            buildings,
            ..Dataset::default()
        },
        "K36",
    )
}

#[test]
fn a_county_typed_after_a_street_of_its_name_leaves_the_street_its_word() {
    let engine = crate::handbuilt::engine(&dublin_roads());
    for text in [
        "11 Dublin Road, Malahide, Co. Dublin",
        "11 dublin road malahide co dublin",
        "11 Dublin Road, Malahide, Co. Dub",
        "11 dublin road malahide co du",
    ] {
        first_begins(&engine, text, "11 DUBLIN ROAD, MALAHIDE");
    }
    for text in [
        "14 Dublin Road, Kinsealy, Malahide, Co. Du",
        "14 Dublin Road, Kinsealy, Malahide, Co. Dublin",
    ] {
        first_begins(&engine, text, "14 DUBLIN ROAD, KINSEALY");
    }
}

#[test]
fn a_townland_begun_again_after_the_name_it_begins_is_read_there() {
    let engine = crate::handbuilt::engine(&clubs());
    first_for_each(
        &engine,
        &[
            "Castlelane GAA Club, Castlel",
            "castlelane gaa club ca",
            "Castlelane GAA Club, C",
        ],
        "CASTLELANE GAA CLUB, CASTLELANE, MALLOW, CO. CORK",
    );
}

//! Property: any text the layout can hold survives write → read unchanged (quoting, commas,
//! quotes, line breaks, fadas), and writing is byte-deterministic.

use proptest::prelude::*;
use seoladh::ecad::layout::{read_dir, write_dir};
use seoladh::ecad::{County, Dataset, NamedElement, PostTown};

fn text() -> impl Strategy<Value = String> {
    // Non-blank: an empty required name is reported, not round-tripped.
    "[A-Za-zÁÉÍÓÚáéíóú0-9 ,\"'\r\n;-]{0,20}[A-Z]".prop_map(String::from)
}

fn opt_text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(text())
}

prop_compose! {
    fn arb_dataset()(names in proptest::collection::vec((text(), opt_text(), 0u8..5, 1000u16..4000), 1..6),
                     town in (text(), opt_text())) -> Dataset {
        let counties: Vec<County> = names.iter().enumerate().map(|(i, (n, g, v, t))| County {
            id: 1_001_000_000 + i as u64, name: n.clone(), name_irish: g.clone(), irish_verification: *v, address_type: *t,
        }).collect();
        let localities = names.iter().enumerate().map(|(i, (n, g, v, t))| NamedElement {
            id: 1_110_000_000 + i as u64, name: n.clone(), name_irish: g.clone(), irish_verification: *v, address_type: *t,
        }).collect();
        Dataset {
            post_towns: vec![PostTown { id: 1_100_000_000, name: town.0, name_irish: town.1, irish_verification: 1, address_type: 3850, county_id: counties[0].id }],
            counties,
            localities,
            ..Dataset::default()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_text_round_trips(ds in arb_dataset()) {
        let a = tempfile::tempdir().expect("tempdir");
        write_dir(&ds, a.path()).expect("write");
        let (back, report) = read_dir(a.path()).expect("read");
        prop_assert!(report.is_clean(), "{}", report);
        prop_assert_eq!(&back, &ds);
        let b = tempfile::tempdir().expect("tempdir");
        write_dir(&back, b.path()).expect("write again");
        for file in ["COUNTY.csv", "POST_TOWN.csv", "LOCALITY.csv"] {
            let x = std::fs::read(a.path().join(file)).expect("read a");
            let y = std::fs::read(b.path().join(file)).expect("read b");
            prop_assert_eq!(x, y);
        }
    }
}

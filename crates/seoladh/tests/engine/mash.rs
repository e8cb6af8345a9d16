//! Keyboard mash is not an address (`docs/matching.md` §2, 700), even when one of its pieces
//! spells a word of a name in the data: every word of every townland, street and estate name
//! of the bundled fixture, glued into mash with symbols (`jhr#sqnf!!sc%`), answers 700. The
//! same word with symbols only around it (`Ballymote!!`), or names glued whole (`MAIN_STREET`),
//! is still read.

use std::collections::BTreeSet;

use seoladh::wire::{Engine as _, FindAddressRequest, LinkContext, WireEnum};
use seoladh_testkit::fixture;

fn code(address: &str) -> u32 {
    let req = FindAddressRequest {
        key: "test".into(),
        address: address.into(),
        ..FindAddressRequest::default()
    };
    let links = LinkContext::new("http://test", "test", None);
    fixture::engine()
        .find_address(&req, &links)
        .expect("find answers")
        .result
        .code()
}

#[test]
fn every_name_word_glued_into_mash_is_invalid() {
    let ds = fixture::dataset();
    let words: BTreeSet<String> = ds
        .localities
        .iter()
        .chain(&ds.thoroughfares)
        .chain(&ds.building_groups)
        .flat_map(|e| {
            e.name
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| w.len() >= 2)
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(words.len() > 500, "{} words", words.len());
    let failures: Vec<String> = words
        .iter()
        .flat_map(|w| [format!("jhr#sqnf!!{w}%"), format!("{w}#xqzt!!kv%")])
        .filter(|text| code(text) != 700)
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} not 700: {:?}",
        failures.len(),
        2 * words.len(),
        &failures[..failures.len().min(20)]
    );
    let place = ds.post_towns[0].name.clone();
    assert_ne!(code(&format!("{place}!!")), 700, "{place}!!");
    let street = ds
        .thoroughfares
        .iter()
        .find(|t| t.name.contains(' '))
        .expect("a street of two words")
        .name
        .replace(' ', "_");
    assert_ne!(code(&street), 700, "{street}");
}

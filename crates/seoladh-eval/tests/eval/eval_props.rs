//! Property tests of the benchmark generator: corruptions do exactly what they claim on any
//! input, and scoring accounts for every answer.

use std::sync::OnceLock;

use proptest::prelude::*;

use seoladh::ecad::eircode::{is_valid_eircode, EIRCODE_ALPHABET};
use seoladh_eval::corrupt::{eircode_form, lookalike, typo_word};
use seoladh_eval::queries::{derive, DeriveOptions};
use seoladh_eval::report::{AccuracyReport, Outcome};
use seoladh_eval::rng::SplitMix64;
use seoladh_eval::{sample, QueryClass};

fn eircode() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = EIRCODE_ALPHABET.iter().map(|&b| char::from(b)).collect();
    (
        prop::sample::select(vec![
            'A', 'C', 'D', 'E', 'F', 'H', 'K', 'N', 'P', 'R', 'T', 'V', 'W', 'X', 'Y',
        ]),
        0u8..100,
        prop::collection::vec(prop::sample::select(alphabet), 4),
    )
        .prop_map(|(l, d, rest)| format!("{l}{d:02}{}", rest.into_iter().collect::<String>()))
}

/// Derived once: the report property varies the answers, not the queries.
fn sample_queries() -> &'static [seoladh_eval::TestQuery] {
    static QUERIES: OnceLock<Vec<seoladh_eval::TestQuery>> = OnceLock::new();
    QUERIES.get_or_init(|| {
        let opts = DeriveOptions {
            per_class: 3,
            seed: 1,
            ..DeriveOptions::default()
        };
        derive(&sample::dataset(), &opts)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_typo_is_one_edit_that_keeps_the_first_letter(word in "[A-ZÁÉÍÓÚ]{2,14}", seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let (typo, kind) = typo_word(&word, &mut rng).expect("2+ letters take a typo");
        prop_assert_eq!(strsim::osa_distance(&word, &typo), 1, "{:?}", kind);
        prop_assert_eq!(word.chars().next(), typo.chars().next());
    }

    #[test]
    fn a_lookalike_changes_one_digit_to_a_letter(e in eircode(), seed: u64) {
        prop_assume!(is_valid_eircode(&e));
        let mut rng = SplitMix64::new(seed);
        if let Some(l) = lookalike(&e, &mut rng) {
            let diffs: Vec<(char, char)> = e.chars().zip(l.chars()).filter(|(a, b)| a != b).collect();
            prop_assert_eq!(diffs.len(), 1);
            prop_assert!(diffs[0].0.is_ascii_digit() && "OILSBZG".contains(diffs[0].1));
        } else {
            prop_assert!(!e.contains(['0', '1', '2', '5', '6', '8']));
        }
    }

    #[test]
    fn every_eircode_form_reads_back(e in eircode(), form in 0usize..6) {
        let form = seoladh_eval::corrupt::EIRCODE_FORMS[form];
        let typed = eircode_form(&e, form);
        prop_assert_eq!(seoladh::ecad::eircode::canonical_eircode(&typed), is_valid_eircode(&e).then(|| e.clone()));
    }

    #[test]
    fn the_report_accounts_for_every_answer(codes in prop::collection::vec((0usize..8, 0u64..4), 0..60)) {
        let qs = sample_queries();
        let results = [100u16, 110, 120, 130, 200, 300, 500, 700];
        let outcomes: Vec<Outcome> = qs.iter().zip(codes.iter().cycle()).map(|(q, &(c, off))| Outcome {
            result: results[c],
            address_id: q.expected_id.map(|id| id + off),
            option_ids: q.expected_id.into_iter().collect(),
        }).collect();
        let r = AccuracyReport::compute(qs.iter().zip(&outcomes));
        let n: usize = r.classes.iter().map(|c| c.results.values().sum::<usize>()).sum();
        prop_assert_eq!(n, r.total);
        prop_assert_eq!(r.total, if codes.is_empty() { 0 } else { qs.len() });
        for c in &r.classes {
            prop_assert!(c.right <= c.n && c.confident_wrong <= c.n && c.code_ok <= c.n);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn derive_is_deterministic_for_any_seed(seed: u64, per_class in 0usize..5) {
        let ds = sample::dataset();
        let opts = DeriveOptions { per_class, seed, classes: QueryClass::ALL.to_vec() };
        let a = derive(&ds, &opts);
        prop_assert_eq!(&a, &derive(&ds, &opts));
        for q in &a {
            prop_assert!(!q.text.contains(['\t', '\n']));
        }
        for class in QueryClass::ALL {
            prop_assert!(a.iter().filter(|q| q.class == class).count() <= per_class);
        }
    }
}

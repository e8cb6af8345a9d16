//! Autocomplete seeds from a house or unit number and the words typed right after it: the
//! streets and estates whose name begins with those words and that hold a house of that
//! number, and the buildings named so that hold a unit of that number (`Apartment 27, Beaum`).
//!
//! `84 Park D` begins three addresses (84 PARK DRIVE GROVE, LAWN and COURT), but `park` names
//! thousands of streets and `d` begins thousands of terms: the seeds the words read alone or
//! together are cut long before those streets. The index keeps each house and unit number
//! with the first two terms of the names of the line after it (`index::NumberLineRow`),
//! sorted, so the few streets holding a house 84 whose name begins `PARK D…` are one binary
//! search away.

use std::ops::Range;

use crate::index::{natural_key, Index, UNIT_LINE};
use crate::limits::{MAX_NUMBER_LINE_ROWS, MAX_NUMBER_LINE_SEEDS};
use crate::search::elements::{add_scored_seeds, ElementMatch, HitTerms, IdfCache};
use crate::search::plan::{QueryNumber, QueryWord};
use crate::search::Plan;

/// Longest run of words after a number read as the start of its line's name.
const MAX_LINE_WORDS: usize = 6;

/// Adds to `seeds` (sorted by element, kept sorted) the streets, estates and building names
/// named by a number of `plan` and the words typed right after it up to the last word, which
/// is being typed (`84 Park D`), and writes them to `found` (ascending). The last word is read
/// every way it may be read (full forms, less an Irish mutation, with a slip), or when that
/// names too many, as typed alone: `Apartment 35 Che` begins CHERRY HOUSE, and the Irish
/// names that `ce` begins (CÉ, CÉIDE, CEARNÓG: quays, drives and squares) are too many to seed.
/// Nothing when the words as typed name more than [`MAX_NUMBER_LINE_SEEDS`].
pub fn add_line_seeds(
    index: &Index,
    plan: &Plan,
    hits: &HitTerms<'_>,
    weights: &mut IdfCache,
    seeds: &mut Vec<ElementMatch>,
    found: &mut Vec<u32>,
) {
    found.clear();
    let Some(last) = hits.last_word() else {
        return;
    };
    let every_reading = last.begun();
    named_by_numbers(index, plan, &every_reading, found);
    if found.len() > MAX_NUMBER_LINE_SEEDS {
        let as_typed = last.begun_as_typed();
        found.clear();
        if as_typed.len() < every_reading.len() {
            named_by_numbers(index, plan, &as_typed, found);
        }
        if found.len() > MAX_NUMBER_LINE_SEEDS {
            found.clear();
        }
    }
    add_scored_seeds(index, found.iter().copied(), hits, weights, seeds);
}

/// Writes to `found` (ascending, once each) the line elements the numbers of `plan` and the
/// words after them name, the last word beginning a term of `begun`.
fn named_by_numbers(index: &Index, plan: &Plan, begun: &[Range<u32>], found: &mut Vec<u32>) {
    for n in plan.numbers.iter().filter(|n| !n.partial) {
        let Some(words) = line_words(index, plan, n, begun.to_vec()) else {
            continue;
        };
        let number = match natural_key(&n.text).0 {
            v if v >= UNIT_LINE => continue,
            v if n.unit => v | UNIT_LINE,
            v => v,
        };
        let before = found.len();
        if !named_lines(index, number, &words, found) {
            found.truncate(before);
        }
    }
    found.sort_unstable();
    found.dedup();
}

/// The terms each word typed right after `number` may be, up to the last word (`begun`: the
/// runs of terms it begins), in one comma section (which a comma right after the number may
/// begin: `Apartment 27, Beaum`): `None` when no run of words ends the input there, or a whole
/// word is no term.
fn line_words(
    index: &Index,
    plan: &Plan,
    number: &QueryNumber,
    begun: Vec<Range<u32>>,
) -> Option<Vec<Vec<Range<u32>>>> {
    let mut words: Vec<&QueryWord> = plan
        .words
        .iter()
        .filter(|w| w.token > number.token)
        .collect();
    words.sort_by_key(|w| w.token);
    let first = words.first()?;
    let adjacent = match first.section == number.section {
        true => first.token == number.token + 1,
        // Commas are tokens too: nothing but them between the number and the word.
        false => {
            first.section == number.section + 1
                && (plan.numbers.iter()).all(|m| m.token <= number.token || m.token > first.token)
        }
    };
    let consecutive = words
        .iter()
        .enumerate()
        .all(|(j, w)| w.token == first.token + j && w.section == first.section);
    if !adjacent || !consecutive || words.len() > MAX_LINE_WORDS || !words.last()?.last {
        return None;
    }
    let mut out = Vec::with_capacity(words.len());
    for w in &words[..words.len() - 1] {
        let terms: Vec<Range<u32>> = std::iter::once(w.text.as_str())
            .chain(w.also)
            .filter_map(|t| index.term(t))
            .map(|(t, _)| t..t + 1)
            .collect();
        if terms.is_empty() {
            return None;
        }
        out.push(terms);
    }
    if begun.is_empty() {
        return None;
    }
    out.push(begun);
    Some(out)
}

/// Adds to `found` the elements of the number line table's rows for `number` (a house number,
/// or a unit number with [`UNIT_LINE`] set) whose name begins with terms of `words` in order
/// (a name shorter than the words begins them when its terms do). False when more than
/// [`MAX_NUMBER_LINE_ROWS`] rows match.
fn named_lines(
    index: &Index,
    number: u32,
    words: &[Vec<Range<u32>>],
    found: &mut Vec<u32>,
) -> bool {
    let mut rows = 0usize;
    let mut read = |first: Range<u32>, second: Option<Range<u32>>, found: &mut Vec<u32>| {
        for r in index.number_lines(number, first, second) {
            rows += 1;
            if rows > MAX_NUMBER_LINE_ROWS {
                return false;
            }
            if words.len() <= 2 || name_begins(index, r.element, words) {
                found.push(r.element);
            }
        }
        true
    };
    match words {
        [only] => only.iter().all(|r| read(r.clone(), None, found)),
        [first, second, ..] => first.iter().all(|f| {
            second
                .iter()
                .all(|s| read(f.clone(), Some(s.clone()), found))
        }),
        [] => true,
    }
}

/// Whether a name of element `e` begins with terms of `words`, in order.
fn name_begins(index: &Index, e: u32, words: &[Vec<Range<u32>>]) -> bool {
    index.variants(e).any(|v| {
        v.term_ids()
            .zip(words)
            .all(|(t, terms)| terms.iter().any(|r| r.contains(&t)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words after the number of `text` that `line_words` reads, as how many runs each.
    fn line_of(index: &Index, text: &str) -> Option<Vec<usize>> {
        let mut t = crate::text::Tokenised::new();
        crate::text::tokenise_into(text, &mut t);
        let plan = Plan::from_tokens(&t);
        let n = plan.numbers.first()?;
        line_words(index, &plan, n, std::iter::once(0..1).collect())
            .map(|w| w.iter().map(Vec::len).collect())
    }

    #[test]
    fn the_words_of_a_line_run_from_the_number_to_the_last_word() {
        let index = crate::index::fixture_for_tests();
        assert_eq!(line_of(&index, "115 m"), Some(vec![1]));
        assert_eq!(line_of(&index, "115 marley c"), Some(vec![1, 1]));
        // A comma ends the line; a whole word must be a term; so many words are no name's
        // beginning.
        assert_eq!(line_of(&index, "115 marley, c"), None);
        assert_eq!(line_of(&index, "115, marley c"), Some(vec![1, 1]));
        assert_eq!(line_of(&index, "115, marley, c"), None);
        assert_eq!(line_of(&index, "115 xqzzv c"), None);
        assert_eq!(line_of(&index, "1 a b c d e f g"), None);
    }

    #[test]
    fn the_table_holds_each_house_number_with_the_start_of_its_street() {
        let index = crate::index::fixture_for_tests();
        let (marley, _) = index
            .term("marley")
            .expect("MARLEY CLOSE is in the fixture");
        let (close, _) = index.term("close").expect("a term");
        let rows: Vec<_> = index
            .number_lines(115, marley..marley + 1, Some(close..close + 1))
            .collect();
        assert!(!rows.is_empty());
        for r in &rows {
            assert_eq!((r.number, r.first, r.second), (115, marley, close));
            let name = index.variants(r.element).next().map(|v| v.name.to_string());
            assert_eq!(name.as_deref(), Some("MARLEY CLOSE"));
        }
        // A run of first terms reads every row of the number beginning with one of them.
        let begun: Vec<_> = index.number_lines(115, 0..marley + 1, None).collect();
        assert!(begun.iter().any(|r| r.first == marley));
        assert!(begun.iter().all(|r| r.number == 115 && r.first <= marley));
        assert!(index
            .number_lines(99_999, marley..marley + 1, None)
            .next()
            .is_none());
    }

    #[test]
    fn the_table_holds_each_unit_number_with_the_start_of_its_building_name() {
        let index = crate::index::fixture_for_tests();
        let (yeats, _) = index.term("yeats").expect("YEATS HALL is in the fixture");
        let (hall, _) = index.term("hall").expect("a term");
        let name = |e: u32| index.variants(e).next().map(|v| v.name.to_string());
        let rows: Vec<_> = index
            .number_lines(43 | UNIT_LINE, yeats..yeats + 1, Some(hall..hall + 1))
            .collect();
        assert!(!rows.is_empty());
        assert!(rows
            .iter()
            .all(|r| name(r.element).as_deref() == Some("YEATS HALL")));
        // A house number is not a unit number.
        assert!(index
            .number_lines(43, yeats..yeats + 1, Some(hall..hall + 1))
            .next()
            .is_none());
    }
}

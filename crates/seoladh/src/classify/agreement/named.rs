//! The places an input names: its post towns, Dublin districts, localities and counties, read
//! from the words as typed (and the misspelt ones the matcher found), each with every element it
//! may mean.
//!
//! A run of words is a place name when an element of one of those kinds is named by exactly
//! those words, in order, in one section; but not when a house number stands right before it
//! (`12 BALLYMORE`: the number's townland or street) or a street type right after it
//! (`DUNBOYNE ROAD`: a street named after the town), nor a street type alone right after a
//! name (`BRIARWOOD PARK`: the estate's type, not a townland PARK). A county written bare
//! (`…, WICKLOW`) may also be a locality of that name; when it is also a post town's name it is
//! that town when the input names no other town or locality, or names a locality of that town
//! (`CAMHEEN, LIMERICK`), and the county otherwise (`…, ARKLOW, WICKLOW`).

use crate::index::{ElementKind, Index, VariantTag, NONE};
use crate::limits::{MAX_LOCALITY_TOWN_PLACES, MAX_NAMED_ELEMENTS, MAX_NAMED_PLACE_SCAN};
use crate::search::elements::AltReading;
use crate::search::places::{PlaceScore, MAX_ASSIGNED};
use crate::search::plan::QueryWord;
use crate::search::resolve::NUMBER_WEIGHT;
use crate::search::{Candidate, ElementMatch, Search};
use crate::text::TokenKind;

/// The matches a place keeps: each with its index into the search's matches (`u32::MAX` for one
/// read here).
type Kept = Vec<(u32, ElementMatch)>;

/// Longest place name read, in words (`CARRICK ON SHANNON`, `BAILE ÁTHA CLIATH`).
const MAX_NAME_WORDS: usize = 6;

/// Words that say where along or which part of a street (`UPPER`, `NORTH`), or whose name
/// follows (`SAINT`).
const QUALIFIERS: [&str; 10] = [
    "upper", "lower", "north", "south", "east", "west", "middle", "great", "little", "saint",
];

/// Words that mark a county (`Co. Cork`).
const COUNTY_MARKERS: [&str; 4] = ["co", "co.", "county", "contae"];

/// A place the input names.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Named {
    /// The plan words naming it.
    pub mask: u64,
    /// The elements those words may mean (post towns, localities, counties).
    pub elements: Vec<u32>,
    /// One of them is a county: a disagreement may be the slip of a wrong county.
    pub county: bool,
}

/// Whether a word names nothing by itself: a street type, qualifier, `saint`, stop word or county
/// marker.
pub(super) fn is_generic(word: &str) -> bool {
    let lex = crate::text::lexicon::lexicon();
    lex.street_type(word).is_some()
        || lex.is_stopword(word)
        || QUALIFIERS.contains(&word)
        || COUNTY_MARKERS.contains(&word)
}

/// Whether one of element `e`'s names is the single term `term` (`WICKLOW`).
fn named_alone(index: &Index, e: u32, term: u32) -> bool {
    index
        .variant_terms(e)
        .any(|(_, mut t)| t.next() == Some(term) && t.next().is_none())
}

fn kind_of(index: &Index, e: u32) -> Option<ElementKind> {
    index.element_kind(e)
}

/// Adds element `e` for the words `mask`, merging with the place already read from them.
fn add(out: &mut Vec<Named>, mask: u64, e: u32, county: bool) {
    match out.iter_mut().find(|g| g.mask == mask) {
        Some(g) => {
            if !g.elements.contains(&e) {
                g.elements.push(e);
            }
            g.county |= county;
        }
        None => out.push(Named {
            mask,
            elements: vec![e],
            county,
        }),
    }
}

/// Whether a house or unit number stands right before word `w` in its section.
fn after_number(search: &Search, w: &QueryWord) -> bool {
    search
        .plan
        .numbers
        .iter()
        .any(|n| n.section == w.section && n.token + 1 == w.token)
}

/// Whether the word after the run ending at plan word `last` (in its section) is a street type.
fn before_street_type(words: &[QueryWord], last: usize) -> bool {
    words.get(last + 1).is_some_and(|next| {
        next.section == words[last].section
            && crate::text::lexicon::lexicon()
                .street_type(&next.text)
                .is_some()
    })
}

/// Whether the plan words `from..from + len` name nothing by themselves and follow a word of
/// their section that does: the type of the name before them (`BRIARWOOD PARK`), not a
/// townland PARK.
fn ends_a_name(words: &[QueryWord], from: usize, len: usize) -> bool {
    let run = &words[from..from + len];
    from > 0
        && run.iter().all(|w| is_generic(&w.text))
        && words[from - 1].section == words[from].section
        && words[from - 1].kind == TokenKind::Word
        && !is_generic(&words[from - 1].text)
}

/// Whether the plan words `from..from + len` may be a place name by position.
fn placed_as_name(search: &Search, from: usize, len: usize) -> bool {
    let words = &search.plan.words;
    len > 0
        && !after_number(search, &words[from])
        && !before_street_type(words, from + len - 1)
        && !ends_a_name(words, from, len)
}

/// Whether the input writes the county of plan word `w` with a marker (`Co. Cork`, `County
/// Cork`, `Contae Chorcaí`) rather than bare.
fn marked(text: &str, w: &QueryWord) -> bool {
    text.get(w.span.clone())
        .and_then(|s| {
            s.split(|c: char| !c.is_alphanumeric() && c != '.')
                .find(|p| !p.is_empty())
        })
        .is_some_and(|first| COUNTY_MARKERS.contains(&first.to_lowercase().as_str()))
}

/// The places the input `text` names, among the plan words `within` (a name starts there).
/// `town_named`: the input names a town or locality outside `within` (the candidate explains
/// it), so a bare county word is the county.
pub(super) fn places(
    index: &Index,
    text: &str,
    search: &Search,
    within: u64,
    town_named: bool,
) -> Vec<Named> {
    let words = &search.plan.words;
    let n = words.len().min(64);
    let terms: Vec<Option<u32>> = (0..n)
        .map(|i| index.term(&words[i].text).map(|(t, _)| t))
        .collect();
    let mut out: Vec<Named> = Vec::new();
    // Bare county words and the post towns of the same name.
    let mut bare: Vec<(u64, Vec<u32>)> = Vec::new();
    let mut ids: Vec<u32> = Vec::with_capacity(MAX_NAME_WORDS);
    for i in 0..n {
        let bit = 1u64 << i;
        let (w, Some(term)) = (&words[i], terms[i]) else {
            continue;
        };
        if within & bit == 0
            || !matches!(
                w.kind,
                TokenKind::Word | TokenKind::County | TokenKind::DublinDistrict
            )
        {
            continue;
        }
        let mut towns = Vec::new();
        // A name beginning with an article (`AN MULLÁN`) or a word of very many names
        // (`AN BAILE NUA`) is also found through the rarest of its next words: the first
        // word's elements are capped before they reach it.
        let next = (i + 1..n.min(i + MAX_NAME_WORDS))
            .take_while(|&k| words[k].section == w.section && words[k].kind == TokenKind::Word)
            .filter_map(|k| terms[k])
            .min_by_key(|&t| (index.term_frequency(t), t))
            .filter(|_| w.kind == TokenKind::Word);
        let probe_next = next.filter(|_| {
            crate::text::lexicon::lexicon().is_stopword(&w.text)
                || index.term_elements(term).nth(MAX_NAMED_ELEMENTS).is_some()
        });
        let elements = index.term_elements(term).take(MAX_NAMED_ELEMENTS).chain(
            probe_next
                .into_iter()
                .flat_map(|t| index.term_elements(t).take(MAX_NAMED_ELEMENTS)),
        );
        for e in elements {
            let Some(kind) = kind_of(index, e) else {
                continue;
            };
            match (w.kind, kind) {
                (TokenKind::County, ElementKind::County) => add(&mut out, bit, e, true),
                (TokenKind::County, ElementKind::PostTown | ElementKind::Locality)
                    if !marked(text, w) =>
                {
                    let single = named_alone(index, e, term);
                    match (single, kind) {
                        (true, ElementKind::PostTown) => towns.push(e),
                        (true, _) => add(&mut out, bit, e, true),
                        _ => {}
                    }
                }
                (TokenKind::DublinDistrict, ElementKind::PostTown) => add(&mut out, bit, e, false),
                (TokenKind::Word, ElementKind::PostTown | ElementKind::Locality) => {
                    for (_, t) in index.variant_terms(e) {
                        ids.clear();
                        ids.extend(t.take(MAX_NAME_WORDS + 1));
                        let len = ids.len();
                        let whole = len <= MAX_NAME_WORDS
                            && i + len <= n
                            && (0..len).all(|k| {
                                terms[i + k] == Some(ids[k])
                                    && words[i + k].section == w.section
                                    && matches!(words[i + k].kind, TokenKind::Word)
                            });
                        if whole && placed_as_name(search, i, len) {
                            let mask = ((1u64 << len) - 1) << i;
                            add(&mut out, mask, e, false);
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        if !towns.is_empty() {
            bare.push((bit, towns));
        }
    }
    // Place names the matcher read through a typo (`Wickow`).
    for m in &search.matches {
        let kind_ok = matches!(
            m.kind,
            ElementKind::PostTown | ElementKind::Locality | ElementKind::County
        );
        if m.typos == 0 || !kind_ok || m.coverage < 1.0 || m.mask & !within != 0 || m.mask == 0 {
            continue;
        }
        let from = m.mask.trailing_zeros() as usize;
        let len = (64 - m.mask.leading_zeros()) as usize - from;
        if from + len <= n && placed_as_name(search, from, len) {
            add(&mut out, m.mask, m.element, m.kind == ElementKind::County);
        }
    }
    // A townland called CLOSE or PARK, typed as a street's type, is no other town.
    let generic = |mask: u64| {
        (0..n)
            .filter(|&k| mask & (1u64 << k) != 0)
            .all(|k| is_generic(&words[k].text))
    };
    let other_town = |out: &[Named], mask: u64| {
        out.iter().any(|g| {
            g.mask != mask
                && !generic(g.mask)
                && g.elements
                    .iter()
                    .any(|&e| index.element_kind(e) != Some(ElementKind::County))
        })
    };
    // A bare county word alone is the town of that name.
    if !town_named {
        for (mask, towns) in bare {
            if other_town(&out, mask) && !locality_of(index, &out, mask, &towns) {
                continue;
            }
            if let Some(g) = out.iter_mut().find(|g| g.mask == mask) {
                g.elements = towns;
                g.county = false;
            }
        }
    }
    out
}

/// Whether the county word `county` (one plan word), typed bare, names a post town other than
/// `own_town` that holds a locality named by the words `localities`: the postal address of
/// that locality, whose county line is left out for a post town named like its county.
pub(super) fn county_names_town_of(
    index: &Index,
    text: &str,
    search: &Search,
    county: u64,
    localities: u64,
    own_town: u32,
) -> bool {
    let words = &search.plan.words;
    let i = county.trailing_zeros() as usize;
    let Some(w) = words.get(i) else {
        return false;
    };
    if county.count_ones() != 1 || w.kind != TokenKind::County || marked(text, w) {
        return false;
    }
    let Some((term, _)) = index.term(&w.text) else {
        return false;
    };
    let towns: Vec<u32> = index
        .term_elements(term)
        .take(MAX_NAMED_ELEMENTS)
        .filter(|&e| kind_of(index, e) == Some(ElementKind::PostTown))
        .filter(|&e| named_alone(index, e, term))
        .collect();
    if towns.is_empty() || towns.contains(&own_town) {
        return false;
    }
    let named = places(index, text, search, localities, true);
    locality_of(index, &named, county, &towns)
}

/// Whether a locality the input names besides the words `mask` lies in one of the post towns
/// `towns`: then a bare county word after it is that post town, as written in the postal
/// address (`CAMHEEN, LIMERICK`), not only the county.
fn locality_of(index: &Index, out: &[Named], mask: u64, towns: &[u32]) -> bool {
    let mut scanned = 0;
    out.iter()
        .filter(|g| g.mask != mask)
        .flat_map(|g| g.elements.iter())
        .filter(|&&e| index.element_kind(e) == Some(ElementKind::Locality))
        .any(|&e| {
            // A locality lies in one post town, rarely two: its first places tell.
            index
                .element_places(e)
                .take(MAX_LOCALITY_TOWN_PLACES)
                .take_while(|_| {
                    scanned += 1;
                    scanned <= MAX_NAMED_PLACE_SCAN
                })
                .any(|p| {
                    index
                        .place(p)
                        .is_some_and(|row| towns.contains(&row.post_town))
                })
        })
}

/// How deep an element of a named place is: a locality below a post town below a county.
fn depth(kind: ElementKind) -> u8 {
    match kind {
        ElementKind::Locality => 3,
        ElementKind::PostTown => 2,
        _ => 1,
    }
}

/// The weight of the plan words in `mask`.
fn weight(search: &Search, mask: u64) -> f32 {
    search
        .word_weights
        .iter()
        .take(64)
        .enumerate()
        .filter(|(i, _)| mask & (1u64 << i) != 0)
        .map(|(_, w)| w)
        .sum::<f32>()
}

/// What places are read against: the search's matches by element, and the term of each word.
struct Reading<'a> {
    /// `(element, index into the matches)`, sorted by element.
    by_element: Vec<(u32, u32)>,
    /// The term id of each plan word typed as the index has it.
    terms: Vec<Option<u32>>,
    words: &'a [QueryWord],
}

impl Reading<'_> {
    /// The plan words that spell a name of element `e` whole, in order within one section (the
    /// search did not read every element: `MAIN STREET` is too common to seed); 0 when none do.
    fn typed_whole(&self, index: &Index, e: u32) -> u64 {
        let mut ids: Vec<u32> = Vec::with_capacity(MAX_NAME_WORDS);
        for (_, t) in index.variant_terms(e) {
            ids.clear();
            ids.extend(t.take(MAX_NAME_WORDS + 1));
            let len = ids.len();
            if len == 0 || len > MAX_NAME_WORDS {
                continue;
            }
            for from in 0..self.terms.len().saturating_sub(len - 1) {
                let section = self.words[from].section;
                let whole = (0..len).all(|k| {
                    self.terms[from + k] == Some(ids[k]) && self.words[from + k].section == section
                });
                if whole {
                    return ((1u64 << len) - 1) << from;
                }
            }
        }
        0
    }
}

/// A place's reading of the input through the matches the search made and the named places:
/// each of its elements takes the words it matched unless a better one took them.
fn read_place(
    index: &Index,
    search: &Search,
    reading: &Reading<'_>,
    named: &[Named],
    place: u32,
) -> Option<(f32, Kept)> {
    let row = index.place(place)?;
    let elements = row.elements();
    // Every other name must be the place's (a wrong county aside).
    let fits = named
        .iter()
        .all(|g| g.county || g.elements.iter().any(|e| elements.contains(e)));
    if !fits {
        return None;
    }
    let mut found: Vec<(u32, ElementMatch)> = Vec::new();
    for e in elements.into_iter().filter(|&e| e != NONE) {
        if let Ok(at) = reading.by_element.binary_search_by_key(&e, |&(el, _)| el) {
            let i = reading.by_element[at].1;
            if let Some(m) = search.matches.get(i as usize) {
                if !super::unnamed_in_line(search, m) {
                    found.push((i, *m));
                }
            }
            continue;
        }
        let mask = match named.iter().find(|g| g.elements.contains(&e)) {
            Some(g) => g.mask,
            None => reading.typed_whole(index, e),
        };
        if mask != 0 {
            let kind = index.element_kind(e)?;
            found.push((
                u32::MAX,
                ElementMatch {
                    element: e,
                    kind,
                    score: weight(search, mask),
                    mask,
                    typos: 0,
                    coverage: 1.0,
                    variant: VariantTag::English,
                    numbers: 0,
                    alt: AltReading::default(),
                },
            ));
        }
    }
    found.sort_by(|a, b| {
        b.1.score
            .total_cmp(&a.1.score)
            .then(a.1.element.cmp(&b.1.element))
    });
    let mut mask = 0u64;
    let mut score = 0.0;
    let mut kept = Vec::new();
    for (i, m) in found {
        if m.mask & mask != 0 || kept.len() >= MAX_ASSIGNED {
            continue;
        }
        mask |= m.mask;
        score += m.score;
        kept.push((i, m));
    }
    Some((
        score - weight(search, search.plan.all_words() & !mask),
        kept,
    ))
}

/// The best place agreeing with the named places, read through the search's matches (`29
/// MONTGOMERY COURT, MAIN STREET, RUSH` with no MONTGOMERY COURT in Rush: RUSH's MAIN STREET),
/// as a candidate without a number. The places looked at are those of the deepest name (a
/// locality before a post town before a county) that has one. Its matches are appended to `out`.
pub(super) fn candidate(index: &Index, out: &mut Search, named: &[Named]) -> Option<Candidate> {
    let mut by_element: Vec<(u32, u32)> = out
        .matches
        .iter()
        .enumerate()
        .filter_map(|(i, m)| Some((m.element, u32::try_from(i).ok()?)))
        .collect();
    by_element.sort_unstable();
    by_element.dedup_by_key(|&mut (e, _)| e);
    let words = &out.plan.words[..out.plan.words.len().min(64)];
    let reading = Reading {
        by_element,
        terms: words
            .iter()
            .map(|w| index.term(&w.text).map(|(t, _)| t))
            .collect(),
        words,
    };
    let mut order: Vec<&Named> = named.iter().collect();
    let deepest = |g: &Named| {
        g.elements
            .iter()
            .filter_map(|&e| index.element_kind(e))
            .map(depth)
            .max()
            .unwrap_or(0)
    };
    order.sort_by_key(|g| std::cmp::Reverse(deepest(g)));
    let mut best: Option<(f32, u32, Kept)> = None;
    for g in order {
        let mut visited = 0usize;
        for &e in g.elements.iter().take(MAX_NAMED_ELEMENTS) {
            for p in index.element_places(e) {
                if visited >= MAX_NAMED_PLACE_SCAN {
                    break;
                }
                visited += 1;
                let Some((score, kept)) = read_place(index, out, &reading, named, p) else {
                    continue;
                };
                if best.as_ref().map_or(true, |(b, _, _)| score > *b) {
                    best = Some((score, p, kept));
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    let (score, place, kept) = best?;
    let mut ps = PlaceScore {
        place,
        score,
        mask: 0,
        typos: 0,
        assigned: [NONE; MAX_ASSIGNED],
        n_assigned: 0,
        pin: None,
        barred: 0,
    };
    for (i, m) in kept {
        let at = if i == u32::MAX {
            out.matches.push(m);
            u32::try_from(out.matches.len() - 1).ok()?
        } else {
            i
        };
        ps.assigned[usize::from(ps.n_assigned)] = at;
        ps.n_assigned += 1;
        ps.mask |= m.mask;
        ps.typos += m.typos;
    }
    let numbers = !out.plan.numbers.is_empty();
    Some(Candidate {
        place: ps,
        building: None,
        address_point: None,
        score: score - if numbers { NUMBER_WEIGHT } else { 0.0 },
        numbers_used: 0,
        number_unmatched: numbers,
    })
}

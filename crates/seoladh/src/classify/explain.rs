//! Why an answer is what it is (`explain=true`): how each typed word and number was read and
//! which element of the chosen candidate it matched, then the candidates that came close and why
//! each lost. Built from the same readings [`super::classify`] decides on, so it cannot tell a
//! different story; it runs only when asked.

use crate::api::{Explain, ExplainCandidate, ExplainElement, ExplainWord};
use crate::ecad::address::{postal_display_name, Language};
use crate::index::{Index, NONE};
use crate::search::terms::{expand, How, Stages, TermHit};
use crate::search::{Candidate, ElementMatch, Search};

use super::reading::{fit, target_parts, typed_tokens, unexplained_words, Reading};
use super::{loses, read_window, target_of, Loss, Target};

/// Most candidates listed: the chosen one and the closest others.
const MAX_EXPLAINED_CANDIDATES: usize = 6;

/// The explanation of a search of `text` (its answer in `lang`).
pub fn explain(index: &Index, text: &str, search: &Search, lang: Language) -> Explain {
    let mut out = Explain::default();
    let Some(window) = read_window(index, text, search) else {
        out.words = words(index, text, search, None);
        return out;
    };
    let typed = typed_tokens(text);
    let chosen = &window.readings[window.chosen];
    out.words = words(index, text, search, Some(chosen));
    let best_score = chosen.candidate.score;
    let mut listed: Vec<Target> = Vec::new();
    let mut push = |r: &Reading, verdict: String, out: &mut Explain| {
        let target = target_of(index, search, &r.candidate);
        if listed.contains(&target) || out.candidates.len() >= MAX_EXPLAINED_CANDIDATES {
            return;
        }
        listed.push(target);
        let fit = r.fit.clone().or_else(|| fit(index, &typed, &target));
        out.candidates.push(ExplainCandidate {
            address_id: target_id(index, &target),
            display_name: display_name(index, &target, lang),
            score: r.candidate.score,
            unexplained: left_over(text, search, r),
            untyped: fit.map(|f| f.untyped).unwrap_or_default(),
            verdict,
        });
    };
    push(chosen, "answer".into(), &mut out);
    for (i, r) in window.readings.iter().enumerate() {
        if i == window.chosen {
            continue;
        }
        let verdict = match loses(chosen, r) {
            None => "tied".to_string(),
            Some(Loss::UntypedName) => {
                "lost: the answer is exactly the text, this one needs a name not typed".into()
            }
            Some(Loss::MixedLanguages) => {
                "lost: the answer is the text in one language, this one mixes English and Irish names"
                    .into()
            }
            Some(Loss::NotAsWritten) => {
                "lost: the answer's lines are the text as written, this one's are not"
                    .into()
            }
            Some(Loss::CountyOnly) => {
                "lost: leaves a typed county word the other's lines take to its county".into()
            }
            Some(Loss::LeavesMore) => "lost: leaves more of the text unexplained".into(),
            Some(Loss::MoreUntyped) => {
                "lost: leaves the same words over or more, and needs more names not typed".into()
            }
            Some(Loss::RangeNumber) => "lost: the house number is only one end of its range".into(),
        };
        push(r, verdict, &mut out);
    }
    for c in search.candidates.iter().skip(window.readings.len()) {
        let r = Reading::of(index, search, c);
        let verdict = format!("lost: scored {:.2} below the answer", best_score - c.score);
        push(&r, verdict, &mut out);
    }
    out
}

/// The typed words and numbers `r` leaves unexplained, as typed.
fn left_over(text: &str, search: &Search, r: &Reading) -> Vec<String> {
    let plan = &search.plan;
    let mut spans: Vec<std::ops::Range<usize>> =
        unexplained_words(search, &r.candidate, r.reconciled)
            .into_iter()
            .filter_map(|i| plan.words.get(i).map(|w| w.span.clone()))
            .collect();
    spans.extend(
        plan.numbers
            .iter()
            .enumerate()
            .filter(|(j, _)| *j >= 32 || r.candidate.numbers_used & (1 << j) == 0)
            .map(|(_, n)| n.span.clone()),
    );
    spans.sort_by_key(|s| s.start);
    spans
        .into_iter()
        .filter_map(|s| text.get(s).map(str::to_string))
        .collect()
}

/// Every typed word, number and Eircode, in input order, read against the chosen candidate.
fn words(index: &Index, text: &str, search: &Search, chosen: Option<&Reading>) -> Vec<ExplainWord> {
    let plan = &search.plan;
    let mut hits = Vec::new();
    expand(
        index,
        plan,
        Stages {
            typos: search.used_typos,
            prefix_last: false,
            join_last: false,
        },
        &mut crate::index::completions::Walk::default(),
        &mut hits,
    );
    let mut out: Vec<(usize, ExplainWord)> = Vec::new();
    for (i, w) in plan.words.iter().enumerate() {
        let typed = text.get(w.span.clone()).unwrap_or_default().to_string();
        let mut word = ExplainWord {
            text: typed.clone(),
            read_as: w.text.clone(),
            reading: "unexplained".into(),
            edits: None,
            term: None,
            element: None,
        };
        let bit = if i < 64 { 1u64 << i } else { 0 };
        if let Some(r) = chosen {
            let assigned = assigned_matches(search, r).find(|m| m.mask & bit != 0);
            if let Some(m) = assigned {
                read_word_as(index, &hits, m, bit, &mut word);
                if word.reading == "exact"
                    && w.kind == crate::text::TokenKind::Word
                    && abbreviated(&typed, &w.text)
                {
                    word.reading = "abbreviation".into();
                }
            } else if r.reconciled & bit != 0 {
                word.reading = "ownWord".into();
            } else if w.kind == crate::text::TokenKind::County {
                word.reading = "county".into();
            }
        }
        out.push((w.span.start, word));
    }
    for (j, n) in plan.numbers.iter().enumerate() {
        let mut word = ExplainWord {
            text: text.get(n.span.clone()).unwrap_or_default().to_string(),
            read_as: n.text.clone(),
            reading: "unexplained".into(),
            edits: None,
            term: None,
            element: None,
        };
        if let Some(r) = chosen.filter(|r| j < 32 && r.candidate.numbers_used & (1 << j) != 0) {
            // A number that is a word of a name (HILL 60) reads as that name's.
            let named = assigned_matches(search, r).find(|m| j < 8 && m.numbers & (1 << j) != 0);
            match named {
                Some(m) => {
                    word.reading = "exact".into();
                    word.element = named_element(index, m);
                }
                None => read_number(index, &r.candidate, &n.text, &mut word),
            }
        }
        out.push((n.span.start, word));
    }
    if let Some(code) = plan.eircode.as_ref().map(|e| &e.code) {
        out.push((
            usize::MAX,
            ExplainWord {
                text: code.clone(),
                read_as: code.clone(),
                reading: "eircode".into(),
                edits: None,
                term: None,
                element: None,
            },
        ));
    }
    out.sort_by_key(|(start, _)| *start);
    out.into_iter().map(|(_, w)| w).collect()
}

/// Fills in how word `bit` reached element match `m`: the cheapest hit on it among the terms of
/// the variant that matched.
fn read_word_as(
    index: &Index,
    hits: &[TermHit],
    m: &ElementMatch,
    bit: u64,
    word: &mut ExplainWord,
) {
    // The variant that matched, holding a term hit on this word (two aliases share a tag).
    let on_word = |v: &crate::index::Variant<'_>| {
        v.term_ids()
            .any(|t| hits.iter().any(|h| h.term == t && h.mask & bit != 0))
    };
    let variant = index
        .variants(m.element)
        .find(|v| v.tag == m.variant && on_word(v))
        .or_else(|| index.variants(m.element).find(|v| on_word(v)));
    let name = variant
        .as_ref()
        .map_or_else(String::new, |v| v.name.to_string());
    word.element = index.element(m.element).map(|row| ExplainElement {
        id: row.id,
        element_type: format!("{:?}", m.kind),
        name: name.clone(),
    });
    let Some(v) = variant else {
        word.reading = "exact".into();
        return;
    };
    let ids: Vec<u32> = v.term_ids().collect();
    let mut names = Vec::new();
    crate::text::index_terms(v.name, &mut names);
    let best = hits
        .iter()
        .filter(|h| h.mask & bit != 0 && ids.contains(&h.term))
        .min_by(|a, b| a.cost.total_cmp(&b.cost));
    let Some(h) = best else {
        word.reading = "exact".into();
        return;
    };
    let term = ids
        .iter()
        .position(|&t| t == h.term)
        .and_then(|p| names.get(p).cloned());
    word.reading = match h.how {
        How::Exact | How::Prefix => "exact",
        How::Equivalent => "equivalent",
        How::Joined => "joined",
        How::Split => "split",
        How::Typo(d) => {
            word.edits = Some(d);
            "typo"
        }
    }
    .into();
    if term.as_deref() != Some(word.read_as.as_str()) {
        word.term = term;
    }
}

/// The element matches reading `r`'s place was assigned.
fn assigned_matches<'a>(
    search: &'a Search,
    r: &'a Reading,
) -> impl Iterator<Item = &'a ElementMatch> {
    r.candidate
        .place
        .assigned()
        .iter()
        .filter_map(|&m| search.matches.get(m as usize))
}

/// Element match `m` as explained: its id, type and the name of the variant that matched.
fn named_element(index: &Index, m: &ElementMatch) -> Option<ExplainElement> {
    let name = index
        .variants(m.element)
        .find(|v| v.tag == m.variant)
        .map_or_else(String::new, |v| v.name.to_string());
    index.element(m.element).map(|row| ExplainElement {
        id: row.id,
        element_type: format!("{:?}", m.kind),
        name,
    })
}

/// Whether a word typed as `typed` was read as `read_as` through an abbreviation (`Rd`, `St`):
/// one typed word, spelt otherwise. Counties and districts have their own readings.
fn abbreviated(typed: &str, read_as: &str) -> bool {
    let folded = crate::text::normalise(typed);
    !folded.contains(' ') && folded != read_as
}

/// Fills in what a used number matched in candidate `c`: its building's number, else its unit.
fn read_number(index: &Index, c: &Candidate, typed: &str, word: &mut ExplainWord) {
    let building = c.building.and_then(|b| Some((b, index.building(b)?)));
    if let Some((b, row)) = building {
        let number = index.string(row.number).unwrap_or_default();
        let fits = row.number != NONE
            && number
                .split(['-', '/'])
                .chain(std::iter::once(number))
                .any(|p| p.replace(' ', "").eq_ignore_ascii_case(typed));
        if fits {
            word.reading = "houseNumber".into();
            word.element = index.building_id(b).map(|id| ExplainElement {
                id,
                element_type: "Building".into(),
                name: number.to_string(),
            });
            return;
        }
    }
    word.reading = "unitNumber".into();
    let unit = c.address_point.and_then(|ap| {
        let a = index.address_point(ap)?;
        Some((ap, index.string(a.sub_building)?.to_string()))
    });
    if let Some((ap, name)) = unit {
        word.element = index.address_point_id(ap).map(|id| ExplainElement {
            id,
            element_type: "SubBuilding".into(),
            name,
        });
    } else if let Some((b, row)) = building.filter(|(_, r)| r.name != NONE) {
        // A business park's `UNIT 3` is a building named for its unit.
        word.element = index.building_id(b).map(|id| ExplainElement {
            id,
            element_type: "BuildingName".into(),
            name: index
                .variants(row.name)
                .next()
                .map_or_else(String::new, |v| v.name.to_string()),
        });
    }
}

/// The ECAD id of what `target` points at.
fn target_id(index: &Index, target: &Target) -> Option<u64> {
    match *target {
        Target::AddressPoint(ap) => index.address_point_id(ap),
        Target::Building(b) => index.building_id(b),
        Target::Element { element, .. } => index.element(element).map(|r| r.id),
        Target::None => None,
    }
}

/// `target`'s address on one line.
fn display_name(index: &Index, target: &Target, lang: Language) -> String {
    target_parts(index, target).map_or_else(String::new, |p| postal_display_name(&p, lang))
}

//! Named places must agree, and a house number sits on what the input named (`matching.md` §2,
//! 400 and 500): an answer never hands out an address the person did not type.
//!
//! Two checks of the chosen candidate:
//! 1. **Places** ([`places_agree`]): every post town, Dublin district, locality or county the
//!    input names ([`named`]) agrees with the candidate: the candidate explains its words, or it
//!    is one of the candidate's place's elements, or (a locality) the candidate lies inside it or
//!    at its edge (a vanity or neighbouring locality, [`near`]). A county alone may be wrong when
//!    a town or locality of the input agrees.
//! 2. **Numbers** ([`number_placed`]): a house number sits on a street, estate or building the
//!    input named (the townland, for an address with neither): the first word typed with the
//!    number (after it in its section, else before it, else in the next sections) that is not a
//!    street type belongs to that element, and a street type typed after that word is the
//!    element's own kind. `34 LOUGH GATE, PORTARLINGTON` does not put 34 on an apartment of
//!    CARRAIG LODGE, nor `9 WALNUT DRIVE` on 9 WALNUT RISE. A unit typed without a house number
//!    sits in what was typed with it the same way ([`unit_placed`]), and a house of one address
//!    point with no number of its own holds no typed number.
//!
//! When the chosen candidate fails either, the candidates are read again ([`reread`]): those in
//! places the input contradicts are set aside (with their number placed and nothing but named
//! places left over, they are the same address in another town); those whose number is not
//! placed stand at their place's level; when none is left, the places the input names are
//! themselves a candidate ([`named::candidate`]). The answer ([`answer`]) is then 500 listing the
//! same address in the other towns, unless the agreeing reading reaches a street or deeper;
//! otherwise that reading's own answer: 400 at the level reached, with no postcode unless an
//! address point was reached, or 550.

mod named;
mod near;

use named::Named;
use near::Near;

use super::reading::{self, COUNTRY_WORDS};
use super::{reconcile, Classification, OptionSet, Target};
use crate::api::{FindResult, MatchLevel};
use crate::group::GROUP_THRESHOLD;
use crate::index::{ElementKind, Index, PlaceRow, VariantTag, NONE};
use crate::limits::{MAX_NAMESAKE_ELEMENTS, MAX_REREAD_CANDIDATES};
use crate::search::plan::QueryWord;
use crate::search::resolve::{number_fits_ref, NUMBER_WEIGHT};
use crate::search::{Candidate, ElementMatch, Search};
use crate::text::{lexicon, typo_budget, TokenKind};

/// The chosen answer disagrees with the input: the search read again, and the same address found
/// in other towns.
#[derive(Debug, Clone)]
pub(super) struct Disagreement {
    /// The candidates that agree, numbers not placed set at their place's level, best first.
    search: Search,
    /// Address points whose street (or estate) and number the input names, in places it
    /// contradicts: the same address elsewhere, best first.
    elsewhere: Vec<u32>,
}

/// Whether candidate `best` (with `reconciled`, the words its own address explains beyond its
/// match) agrees with the places the input `text` names and carries its number on a named
/// element; `None` when it does, else the search read again.
pub(super) fn judge(
    index: &Index,
    text: &str,
    search: &Search,
    best: &Candidate,
    reconciled: u64,
) -> Option<Disagreement> {
    let loose = loosely_placed(index, text, search, best);
    // A word the candidate's own address explains only as a misspelling or abbreviation of one
    // of its words (`SWORDS` for WOODS) is still read as the place it may name exactly.
    let reconciled = reconciled & !loosely_read(index, search, best, reconciled);
    let left = leftover(search, best, reconciled) | loose;
    // A county word read loosely, or left over, may name the town: then no town of the input is
    // explained (`ARD NA GRÉINE, AN MULLÁN, LUIMNEACH` is not the AN MULLÁN of GAILLIMH).
    let town = names_town(index, search, best)
        && loose & county_words(search, best) == 0
        && !county_word_names_town(index, text, search, best, left);
    let placed = number_placed(index, search, best);
    // A street or townland read from a generic word alone is not what the input names.
    let named_all = !assigned(search, best).any(|m| unnamed_in_line(search, m));
    if placed && named_all && left == 0 {
        return None;
    }
    let mut near = Near::default();
    if placed && named_all {
        let named = named::places(index, text, search, left, town);
        let explained = (best.place.mask | reconciled) & !loose;
        if places_agree(index, search, best, explained, &named, &mut near) {
            return None;
        }
    }
    let named = named::places(index, text, search, search.plan.all_words(), false);
    Some(reread(index, text, search, &named, &mut near))
}

/// Whether match `m` is a post town or locality named like a street (MALAHIDE RD) read from its
/// name without the street type: the words typed may name a town whole (`MALAHIDE`). A street
/// type the match reads misspelt is typed (`KILL O' THE GRNAGE` is KILL O' THE GRANGE whole).
fn bare_street_name(index: &Index, search: &Search, m: &ElementMatch) -> bool {
    if m.coverage >= 1.0 || !matches!(m.kind, ElementKind::PostTown | ElementKind::Locality) {
        return false;
    }
    let lex = lexicon::lexicon();
    let mut terms = Vec::new();
    index
        .variants(m.element)
        .filter(|v| v.tag == m.variant)
        .any(|v| {
            terms.clear();
            crate::text::index_terms(v.name, &mut terms);
            terms.iter().any(|t| {
                let typed = |(i, w): (usize, &QueryWord)| {
                    i < 64
                        && m.mask & (1u64 << i) != 0
                        && (&w.text == t
                            || lexicon::within_edits(&w.text, t, usize::from(typo_budget(t.len()))))
                };
                lex.street_type(t).is_some() && !search.plan.words.iter().enumerate().any(typed)
            })
        })
}

/// Whether candidate `c` explains a post town or locality of the input by its name.
fn names_town(index: &Index, search: &Search, c: &Candidate) -> bool {
    assigned(search, c).any(|m| {
        matches!(m.kind, ElementKind::PostTown | ElementKind::Locality)
            && !bare_street_name(index, search, m)
    })
}

/// The words candidate `c` explains, but not as the input may name them, so they are read as
/// places like the words left over:
/// - a place named like a street, typed without its street type ([`bare_street_name`]);
/// - the words of a street, estate or building typed in a later line than its first word
///   ([`other_lines`]);
/// - a county word, when the candidate explains no town, may name a town of that name
///   (`9 SEAVIEW WAY, WICKLOW`);
/// - a county word typed bare after a locality the post town of that name holds, when the
///   candidate's post town is another and not typed: the postal address of that locality
///   (`HILLCREST, HAZELWOOD, GALWAY` is not HAZELWOOD, TUAM, CO. GALWAY).
fn loosely_placed(index: &Index, text: &str, search: &Search, c: &Candidate) -> u64 {
    let town = names_town(index, search, c);
    let whole = assigned(search, c)
        .filter(|m| match m.kind {
            ElementKind::PostTown | ElementKind::Locality => bare_street_name(index, search, m),
            ElementKind::County => !town || county_word_names_town(index, text, search, c, m.mask),
            _ => false,
        })
        .fold(0, |mask, m| mask | m.mask);
    whole | assigned(search, c).fold(0, |mask, m| mask | other_lines(search, m))
}

/// The words of street, estate or building match `m` typed in a later line than its first
/// word: a name is typed within its line, so those may name a place of their own (`21 LEE ROAD,
/// LUCAN` is not OLD LUCAN ROAD read across the comma). When the first line gives the name
/// only generic words, all of them: `6 CRUMLIN ROAD, TRIM` does not name BÓTHAR TRIM (TRIM
/// ROAD) by its `ROAD`.
fn other_lines(search: &Search, m: &ElementMatch) -> u64 {
    let named = matches!(
        m.kind,
        ElementKind::Thoroughfare | ElementKind::BuildingGroup | ElementKind::BuildingName
    );
    if !named || m.mask == 0 {
        return 0;
    }
    let words = &search.plan.words;
    let first = m.mask.trailing_zeros() as usize;
    let Some(section) = words.get(first).map(|w| w.section) else {
        return 0;
    };
    let later = (first..words.len().min(64))
        .filter(|&i| m.mask & (1u64 << i) != 0 && words[i].section != section)
        .fold(0, |mask, i| mask | 1u64 << i);
    if later != 0 && !distinctive(search, m.mask & !later) {
        m.mask
    } else {
        later
    }
}

/// Whether match `m` (a street, estate, building or locality) reads only generic words of its
/// first line (`ROAD` of SCHOOL ROAD, `HILL` of the townland IVY HILL, or `ROAD` of BÓTHAR ENNIS
/// with `ENNIS` the next line, [`other_lines`]): the input does not name it. A name made of
/// generic words typed whole (BRIDGE STREET) is named.
fn unnamed_in_line(search: &Search, m: &ElementMatch) -> bool {
    let named = matches!(
        m.kind,
        ElementKind::Thoroughfare
            | ElementKind::BuildingGroup
            | ElementKind::BuildingName
            | ElementKind::Locality
    );
    named
        && m.mask != 0
        && (other_lines(search, m) == m.mask || (m.coverage < 1.0 && !distinctive(search, m.mask)))
}

/// Whether match `m`, a street or estate whose name is not typed whole, is typed with a street
/// type right after its words in their line that the words `explained` leave out: `MC KELVEY
/// AVENUE` names MCKELVEY AVENUE, not MCKELVEY ROAD.
fn typed_as_another_type(search: &Search, explained: u64, m: &ElementMatch) -> bool {
    if !matches!(
        m.kind,
        ElementKind::Thoroughfare | ElementKind::BuildingGroup
    ) || m.coverage >= 1.0
        || m.mask == 0
    {
        return false;
    }
    let words = &search.plan.words;
    let last = 63 - m.mask.leading_zeros() as usize;
    let next = last + 1;
    next < 64
        && words.get(next).is_some_and(|w| {
            w.section == words[last].section
                && explained & (1u64 << next) == 0
                && lexicon::lexicon().street_type(&w.text).is_some()
        })
}

/// Whether one of the words `words`, a county word typed bare, names the post town of that name
/// that holds a locality candidate `c` explains, its own post town being another and not typed
/// (see [`named::county_names_town_of`]). With its post town typed (`…, BALLYBOY, TUAM,
/// GALWAY`) the county word is the county.
fn county_word_names_town(
    index: &Index,
    text: &str,
    search: &Search,
    c: &Candidate,
    words: u64,
) -> bool {
    let counties = (0..search.plan.words.len().min(64))
        .filter(|&i| words & (1u64 << i) != 0)
        .filter(|&i| search.plan.words[i].kind == TokenKind::County)
        .fold(0u64, |m, i| m | 1u64 << i);
    if counties == 0 || assigned(search, c).any(|m| m.kind == ElementKind::PostTown) {
        return false;
    }
    let localities = assigned(search, c)
        .filter(|m| m.kind == ElementKind::Locality)
        .fold(0u64, |mask, m| mask | m.mask);
    let Some(post_town) = index.place(c.place.place).map(|r| r.post_town) else {
        return false;
    };
    localities != 0
        && (0..64)
            .map(|i| 1u64 << i)
            .filter(|bit| counties & bit != 0)
            .any(|bit| named::county_names_town_of(index, text, search, bit, localities, post_town))
}

/// The words candidate `c` explains as its county.
fn county_words(search: &Search, c: &Candidate) -> u64 {
    assigned(search, c)
        .filter(|m| m.kind == ElementKind::County)
        .fold(0, |mask, m| mask | m.mask)
}

/// The words of `reconciled` that candidate `c`'s own address reads only as a misspelling or an
/// abbreviation of one of its words.
fn loosely_read(index: &Index, search: &Search, c: &Candidate, reconciled: u64) -> u64 {
    if reconciled == 0 {
        return 0;
    }
    let own = reconcile::own_terms(index, c);
    search
        .plan
        .words
        .iter()
        .enumerate()
        .take(64)
        .filter(|(i, _)| reconciled & (1u64 << i) != 0)
        .filter(|(_, w)| {
            matches!(
                reconcile::read_word(&w.text, &own.terms),
                Some(reconcile::Reading::Misspelt | reconcile::Reading::Abbreviated)
            )
        })
        .fold(0, |m, (i, _)| m | 1u64 << i)
}

/// The answer for a [`Disagreement`]: 500 listing the same address in other towns when the
/// agreeing reading reaches no street, else that reading's answer (`read` classifies a search;
/// `None` when nothing plausible matched: 550).
pub(super) fn answer(
    d: &Disagreement,
    read: impl FnOnce(&Search) -> Option<Classification>,
) -> Classification {
    let reached = read(&d.search);
    let street = reached.as_ref().is_some_and(reaches_street);
    if !street && !d.elsewhere.is_empty() && d.elsewhere.len() <= GROUP_THRESHOLD {
        let mut c = Classification::simple(FindResult::IncompleteAddressEntered);
        c.options = OptionSet::AddressPoints(d.elsewhere.clone());
        return c;
    }
    reached.unwrap_or_else(|| Classification::simple(FindResult::NoAddressMatch))
}

/// Whether an answer reached a street, estate, building or address point.
fn reaches_street(c: &Classification) -> bool {
    c.result == FindResult::NonUniqueAddress
        || matches!(
            c.match_level,
            MatchLevel::Thoroughfare
                | MatchLevel::BuildingGroup
                | MatchLevel::Building
                | MatchLevel::AddressPoint
                | MatchLevel::SubAddressPoint
                | MatchLevel::Organisation
        )
}

/// The plan words candidate `c` leaves unexplained (`reconciled` aside), country words and
/// repeated words aside, as a mask.
fn leftover(search: &Search, c: &Candidate, reconciled: u64) -> u64 {
    let words = &search.plan.words;
    (0..words.len().min(64))
        .filter(|&i| (c.place.mask | reconciled) & (1u64 << i) == 0)
        .filter(|&i| !COUNTRY_WORDS.contains(&words[i].text.as_str()))
        .filter(|&i| search.word_weights.get(i).is_some_and(|&w| w > 0.0))
        .fold(0, |m, i| m | 1u64 << i)
}

/// The matches the candidate's place assigned words to.
fn assigned<'a>(search: &'a Search, c: &'a Candidate) -> impl Iterator<Item = &'a ElementMatch> {
    c.place
        .assigned()
        .iter()
        .filter_map(|&m| search.matches.get(m as usize))
}

/// Whether every place the input names agrees with candidate `c`, whose words `explained` are
/// its own (see the module docs).
fn places_agree(
    index: &Index,
    search: &Search,
    c: &Candidate,
    explained: u64,
    named: &[Named],
    near: &mut Near,
) -> bool {
    let Some(row) = index.place(c.place.place) else {
        return false;
    };
    let elements = row.elements();
    // Words the candidate reads as its street or building (a townland called AVENUE typed as
    // the street type of ARDNACASSA AVENUE) do not name its town.
    let street_words = assigned(search, c)
        .filter(|m| {
            !matches!(
                m.kind,
                ElementKind::County | ElementKind::PostTown | ElementKind::Locality
            )
        })
        .fold(0u64, |mask, m| mask | m.mask);
    let mut county_wrong = false;
    let mut town_agrees = false;
    for g in named {
        // A post town is a postal area, not a neighbourhood: a house number in another post town
        // is not near it, whatever the area of a locality of the same name (`21 DRIMNAGH ROAD,
        // MALAHIDE` is not 21 DRIMNAGH ROAD, DUBLIN 5 inside MALAHIDE's box), nor is the street
        // of a house number typed (`47 BROGUEMAKERS HILL, NAAS` is not that street of
        // BLESSINGTON).
        let post_town = || {
            (c.numbers_used != 0 || !search.plan.numbers.is_empty())
                && g.elements
                    .iter()
                    .any(|&e| index.element_kind(e) == Some(ElementKind::PostTown))
        };
        let inside = g.elements.iter().any(|e| elements.contains(e))
            || (!g.county && !post_town() && near.any_near(index, &g.elements, c));
        let words_explained = g.mask & !explained == 0;
        match (inside || words_explained, g.county) {
            (true, county) => {
                town_agrees |= !county && (inside || g.mask & street_words == 0);
            }
            (false, true) => county_wrong = true,
            (false, false) => return false,
        }
    }
    // A wrong county alone is a slip when the input's town or locality is the candidate's (named
    // by a word of its own: `UPPER` alone does not make WARD UPPER the town typed).
    !county_wrong
        || town_agrees
        || assigned(search, c).any(|m| {
            matches!(m.kind, ElementKind::PostTown | ElementKind::Locality)
                && distinctive(search, m.mask)
        })
}

/// Whether the plan words in `mask` hold one that names something by itself.
fn distinctive(search: &Search, mask: u64) -> bool {
    search
        .plan
        .words
        .iter()
        .take(64)
        .enumerate()
        .any(|(i, w)| mask & (1u64 << i) != 0 && !named::is_generic(&w.text))
}

/// The element a house number of place `row` stands before (`ecad-model.md` §4): its estate,
/// else its street, else its locality (a townland address). `5 BRACKEN PARK DRIVE` is not
/// `5 CHIPPING TERRACE, BRACKEN PARK DRIVE`.
fn number_bearer(row: &PlaceRow) -> u32 {
    [row.group, row.thoroughfare, row.locality]
        .into_iter()
        .find(|&e| e != NONE)
        .unwrap_or(NONE)
}

/// Whether the house number candidate `c` used sits on an element the input named (see the
/// module docs). True when it used none (unless it reached by name a building numbered
/// otherwise), or the input named its building or organisation.
fn number_placed(index: &Index, search: &Search, c: &Candidate) -> bool {
    if c.building.is_none() && c.address_point.is_none() {
        return true;
    }
    // A building reached by its name (an organisation, `LYNCHS` for LYNCH'S PHARMACY, 6 YELLOW
    // MEADOWS DRIVE) with a house number other than the one typed is another address; without
    // a number of its own the typed one may be its unit (`UINT 2`).
    if c.numbers_used == 0 {
        let numbered = || {
            c.building
                .and_then(|b| index.building(b))
                .and_then(|b| index.string(b.number))
                .is_some_and(|n| !n.is_empty())
        };
        // A house of one address point and no unit has no number to give either: `70 SEAVIEW
        // PARK` is not the house SEA VIEW.
        let single = || {
            c.building.and_then(|b| index.building(b)).is_some_and(|b| {
                b.ap_count == 1
                    && index
                        .address_point(b.ap_start)
                        .is_some_and(|a| a.is_plain())
                    && !building_named_for_unit(index, b.name)
            })
        };
        return !(c.number_unmatched && (numbered() || single() || street_typed(search, c)));
    }
    if pinned_by_name(search, c) {
        return true;
    }
    let Some(row) = index.place(c.place.place) else {
        return false;
    };
    // A number read as a unit (`12 HARBOUR COURT` for APARTMENT 12) is the complex's.
    let unit = c.building.and_then(|b| index.building(b)).is_some_and(|b| {
        search
            .plan
            .numbers
            .iter()
            .all(|n| !number_fits_ref(index, b.number, &n.text))
    });
    let bearer = if unit { row.group } else { number_bearer(&row) };
    if bearer == NONE {
        return false;
    }
    // Words of the bearer typed in a later line name the place (`12 EIRE STREET, BIRR` is not
    // 12 BIRR STREET, BIRR).
    let bearer_words = assigned(search, c)
        .filter(|m| m.element == bearer)
        .fold(0u64, |mask, m| mask | (m.mask & !other_lines(search, m)));
    // The house number as the resolver reads it: the last number not marked as a unit (with no
    // unit word, the first of two numbers is the unit).
    let numbers = &search.plan.numbers;
    let house = numbers.iter().enumerate().take(32).rfind(|(_, n)| !n.unit);
    let Some((i, n)) = house else {
        return unit_placed(index, search, c);
    };
    if c.numbers_used & (1 << i) == 0 {
        return true;
    }
    let words = &search.plan.words;
    let own_terms = std::cell::OnceCell::new();
    let own = || own_terms.get_or_init(|| bearer_terms(index, bearer));
    // A word typed as another name of the data (`ASTON` of ASTON PLACE) is that name, not a
    // misspelling of the bearer's (WESTON PARK): it names a street the candidate does not have.
    // One edit from a word of the bearer (`ROLAGH` for ROLLAGH), it is a misspelling unless the
    // words typed name another street whole.
    let another_name = |w: usize| {
        let t = words[w].text.as_str();
        own().binary_search_by(|o| o.as_str().cmp(t)).is_err()
            && !misspells_generic(t, own())
            && named_in_data(index, t)
            && (!one_edit_from(t, own()) || names_a_street_whole(index, search, t))
    };
    // Words the bearer explains only through a misspelling or another form (`ASH` as the
    // Irish-mutated NASH) may be another street's.
    let foreign = (0..words.len().min(64))
        .filter(|&w| bearer_words & (1u64 << w) != 0 && another_name(w))
        .fold(0u64, |m, w| m | 1u64 << w);
    let mut reads_as_bearer = |w: usize| match reconcile::read_word(&words[w].text, own()) {
        Some(reconcile::Reading::Same) => Bears::Same,
        Some(reconcile::Reading::Misspelt) if !another_name(w) => Bears::Loosely,
        _ => Bears::No,
    };
    let lex = crate::text::lexicon::lexicon();
    let own_types: Vec<&str> = own().iter().filter_map(|t| lex.street_type(t)).collect();
    // A street type typed of the bearer's kind: the same, its plural or singular (`LAWN` for
    // LAWNS), or its Irish or English equivalent.
    let own_type = |w: usize| {
        lex.street_type(&words[w].text).is_some_and(|t| {
            own_types.iter().any(|&o| {
                o.trim_end_matches('s') == t.trim_end_matches('s')
                    || lex.equivalents(o).contains(&t)
            })
        })
    };
    typed_with(
        search,
        n.token,
        n.section,
        c.place.mask & !foreign,
        Bearer {
            words: bearer_words & !foreign,
            generic_name: &|| named_generically(index, search, bearer),
            own_type: (!own_types.is_empty()).then_some(&own_type as &dyn Fn(usize) -> bool),
            reads: &mut reads_as_bearer,
        },
    )
}

/// Whether one of element `bearer`'s names is all street types, qualifiers, stop words and
/// counties (`NORTH WOOD`, `THE GREEN`, `BÓTHAR DUBLIN`), every word of it typed: only such a
/// name is typed by the words [`typed_with`] holds generic alone. `3 BÓTHAR, DUBLIN 9` names no
/// road of Dublin 9, nor `21 ROAD, EAST WALL` NORTH STRAND ROAD.
fn named_generically(index: &Index, search: &Search, bearer: u32) -> bool {
    let lex = crate::text::lexicon::lexicon();
    let typed = |t: &str| search.plan.words.iter().any(|w| w.text == t);
    let mut terms = Vec::new();
    index.variants(bearer).any(|v| {
        terms.clear();
        crate::text::index_terms(v.name, &mut terms);
        !terms.is_empty()
            && terms.iter().all(|t| {
                (named::is_generic(t)
                    || lex.counties_fst().get(t).is_some()
                    || COUNTRY_WORDS.contains(&t.as_str()))
                    && (lex.is_stopword(t) || typed(t))
            })
    })
}

/// Whether candidate `c` holds a building name or organisation named by a distinctive word
/// typed in that name's own line, with no distinctive word or street type of that line left
/// unexplained: `THE WELLNESS CENTRE, …, KENMARE` does not name KENMARE MEDICAL CENTRE, nor put
/// its number 3 there; `12 O'CONNELL STREET` names a street, not O'CONNELL OPTICIANS at 12 PARK
/// DR CRESCENT.
fn pinned_by_name(search: &Search, c: &Candidate) -> bool {
    let Some(m) = c.place.pin.and_then(|m| search.matches.get(m as usize)) else {
        return false;
    };
    let own_line = m.mask & !other_lines(search, m);
    let words = &search.plan.words;
    let section = words
        .get(own_line.trailing_zeros() as usize)
        .map(|w| w.section);
    let lex = crate::text::lexicon::lexicon();
    let stray = (0..words.len().min(64)).any(|i| {
        Some(words[i].section) == section
            && c.place.mask & (1u64 << i) == 0
            && (distinctive(search, 1u64 << i) || lex.street_type(&words[i].text).is_some())
    });
    distinctive(search, own_line) && !stray
}

/// Whether the house number candidate `c` leaves unused was typed with a street type the
/// candidate does not explain: `47 MORAN'S TERRACE` names a terrace, not MORAN'S BAR.
fn street_typed(search: &Search, c: &Candidate) -> bool {
    let lex = crate::text::lexicon::lexicon();
    let words = &search.plan.words;
    search.plan.numbers.iter().filter(|n| !n.unit).any(|n| {
        words.iter().enumerate().take(64).any(|(i, w)| {
            w.section == n.section
                && c.place.mask & (1u64 << i) == 0
                && lex.street_type(&w.text).is_some()
        })
    })
}

/// Whether the unit number candidate `c` used, typed with no house number (`APT 26`), sits in
/// what was typed with it: the first distinctive word typed with it (as for a house number,
/// [`typed_with`]) is one of the candidate's, of an element below the town or of its own
/// address (its block, building, organisation). `APT 26 MOYLARAGH MEWS, BALBRIGGAN` is not
/// APARTMENT 26, LINNEN HALL; `APARTMENT 12, BLOCK A, …` is the block's.
fn unit_placed(index: &Index, search: &Search, c: &Candidate) -> bool {
    let unit = search
        .plan
        .numbers
        .iter()
        .enumerate()
        .take(32)
        .find(|(_, n)| n.unit);
    let Some((i, n)) = unit else {
        return true;
    };
    if c.numbers_used & (1 << i) == 0 {
        return true;
    }
    let bearer_words = assigned(search, c)
        .filter(|m| !matches!(m.kind, ElementKind::PostTown | ElementKind::County))
        .fold(0u64, |mask, m| mask | m.mask);
    let own = reconcile::own_terms(index, c);
    let mut own_word = |w: usize| match reconcile::read_word(&search.plan.words[w].text, &own.terms)
    {
        Some(reconcile::Reading::Same) => Bears::Same,
        Some(_) => Bears::Loosely,
        None => Bears::No,
    };
    typed_with(
        search,
        n.token,
        n.section,
        c.place.mask,
        Bearer {
            words: bearer_words,
            generic_name: &|| true,
            own_type: None,
            reads: &mut own_word,
        },
    )
}

/// Whether building name `name` holds a number (`UNIT 2`): the number typed may be it.
fn building_named_for_unit(index: &Index, name: u32) -> bool {
    name != NONE
        && index
            .variants(name)
            .next()
            .is_some_and(|v| v.name.bytes().any(|b| b.is_ascii_digit()))
}

/// Whether `word` misspells a street type or qualifier of `own` by one edit (`AVEUNE` for
/// AVENUE): such a word names nothing else, whatever the data holds. Two edits make another
/// word (`BANGOR` is not MANOR).
fn misspells_generic(word: &str, own: &[String]) -> bool {
    word.chars().count() >= 4
        && own
            .iter()
            .any(|o| named::is_generic(o) && strsim::damerau_levenshtein(word, o) == 1)
}

/// Whether `word` is one edit from one of `own`.
fn one_edit_from(word: &str, own: &[String]) -> bool {
    own.iter()
        .any(|o| strsim::damerau_levenshtein(word, o) == 1)
}

/// Whether word `word` belongs to the whole name of some street, estate or building (not a
/// recorded misspelling), every word of that name typed in the input (`ASH ROAD`).
fn names_a_street_whole(index: &Index, search: &Search, word: &str) -> bool {
    let Some((term, _)) = index.term(word) else {
        return false;
    };
    let typed: Vec<u32> = search
        .plan
        .words
        .iter()
        .filter_map(|w| index.term(&w.text).map(|(t, _)| t))
        .collect();
    index
        .term_elements(term)
        .filter(|&e| {
            matches!(
                index.element_kind(e),
                Some(
                    ElementKind::Thoroughfare
                        | ElementKind::BuildingGroup
                        | ElementKind::BuildingName
                )
            )
        })
        .take(MAX_NAMESAKE_ELEMENTS)
        .any(|e| {
            index.variant_terms(e).any(|(tag, mut terms)| {
                let mut any = false;
                tag != VariantTag::Alias(1)
                    && terms.all(|t| {
                        any = true;
                        typed.contains(&t)
                    })
                    && any
            })
        })
}

/// Whether `word` is a word of a name in the data other than a recorded misspelling
/// (`MANI STREET`, an alias of MAIN STREET, names nothing called MANI). A term of no element
/// (a UK town, `BANGOR`) names a place too.
fn named_in_data(index: &Index, word: &str) -> bool {
    let Some((term, _)) = index.term(word) else {
        return false;
    };
    let mut elements = index
        .term_elements(term)
        .take(MAX_NAMESAKE_ELEMENTS)
        .peekable();
    elements.peek().is_none()
        || elements.any(|e| {
            index
                .variant_terms(e)
                .any(|(tag, mut terms)| tag != VariantTag::Alias(1) && terms.any(|t| t == term))
        })
}

/// The terms of every name of element `bearer`, sorted.
fn bearer_terms(index: &Index, bearer: u32) -> Vec<String> {
    let mut out = Vec::new();
    for v in index.variants(bearer) {
        crate::text::index_terms(v.name, &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// How a typed word reads as a number bearer's own ([`typed_with`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bears {
    /// Not the bearer's.
    No,
    /// One of its words, or a word the matcher gave it.
    Same,
    /// A misspelling or another form of one of its words.
    Loosely,
}

/// The element a number is to sit on, as [`typed_with`] reads the words typed with the number.
struct Bearer<'a> {
    /// Words the matcher gave the bearer.
    words: u64,
    /// Whether one of its names is street types, qualifiers and stop words alone (`NORTH WOOD`,
    /// `THE GREEN`); asked only when generic words decide, as it reads every name.
    generic_name: &'a dyn Fn() -> bool,
    /// Whether a typed street type is of the bearer's own kind, when its names hold one.
    own_type: Option<&'a dyn Fn(usize) -> bool>,
    /// How a word the candidate leaves unexplained reads as the bearer's.
    reads: &'a mut dyn FnMut(usize) -> Bears,
}

/// Whether the words typed with the number at `token` are a bearer's name (see the module
/// docs): the first distinctive word decides, looking after the number in its section, then
/// before it in its section, then in the sections after it, then in those before it. A word of
/// the bearer (one of its `words`, or one it reads as its own: the matcher gave it elsewhere, or
/// it repeats or misspells one) decides yes; a word the candidate leaves unexplained decides no
/// (it names what the number was typed with, and the candidate does not have it); words other
/// elements of the candidate explain (the town, typed without a comma) decide nothing. A word
/// read only as a misspelling decides yes only when every other word of its line is the
/// candidate's or a stop word: `37 MOIN NA RI` is not 37 MAIN STREET, nor `29 ARD ERIN`
/// 29 DUN EOIN MEADOWS.
///
/// Street types, qualifiers, stop words, counties and districts are not distinctive: they decide
/// yes only when they are the bearer's, nothing distinctive is typed and the bearer may be named
/// by such words alone ([`named_generically`]: `12 NORTH WOOD`); a street type or qualifier
/// among them that is not the bearer's and that the candidate leaves unexplained decides no
/// (`28 SOUTH HILL, DARTRY` is not 28 DARTRY PARK, nor `21 WEST ROAD` 21 NORTH STRAND ROAD). A street type typed right after
/// the deciding word (or right before it, as Irish names are typed) that nothing of the candidate
/// explains and that is not of the bearer's own kind (`own_type`) names another street of that
/// name: `9 WALNUT DRIVE` is not 9 WALNUT RISE, nor `42 BRUACH NA HABHANN` 42 GAIRDÍNÍ NA
/// HABHANN.
fn typed_with(
    search: &Search,
    token: usize,
    section: u16,
    explained: u64,
    bearer: Bearer<'_>,
) -> bool {
    let words = &search.plan.words;
    let n = words.len().min(64);
    let lex = crate::text::lexicon::lexicon();
    let Bearer {
        words: bearer_words,
        generic_name,
        own_type,
        reads,
    } = bearer;
    let mut of_bearer = |i: usize| {
        if bearer_words & (1u64 << i) != 0 {
            Bears::Same
        } else if explained & (1u64 << i) == 0 {
            reads(i)
        } else {
            Bears::No
        }
    };
    let mut decide = |order: &mut dyn Iterator<Item = usize>| -> Option<bool> {
        let mut generic_hit = false;
        let mut other_generic = false;
        for i in order {
            let bit = 1u64 << i;
            let w = &words[i];
            let mine = of_bearer(i);
            let generic = matches!(w.kind, TokenKind::County | TokenKind::DublinDistrict)
                || COUNTRY_WORDS.contains(&w.text.as_str())
                || named::is_generic(&w.text);
            if generic {
                generic_hit |= mine != Bears::No;
                other_generic |= mine == Bears::No
                    && explained & bit == 0
                    && w.kind == TokenKind::Word
                    && named::is_generic(&w.text)
                    && !lex.is_stopword(&w.text);
            } else if mine != Bears::No {
                let mut foreign_type = |j: usize| {
                    explained & (1u64 << j) == 0
                        && lex.street_type(&words[j].text).is_some()
                        && own_type.is_some_and(|own_type| !own_type(j))
                        && of_bearer(j) == Bears::No
                };
                let same_line = |j: &usize| words[*j].section == w.section;
                // After the name (`WALNUT DRIVE`), or before it with only stop words between, as
                // Irish names are typed (`BRUACH NA HABHANN` is not GAIRDÍNÍ NA HABHANN).
                let other_type = (i + 1..n)
                    .take_while(|j| same_line(j) && lex.street_type(&words[*j].text).is_some())
                    .any(&mut foreign_type)
                    || (0..i)
                        .rev()
                        .take_while(|j| {
                            same_line(j)
                                && (lex.is_stopword(&words[*j].text)
                                    || lex.street_type(&words[*j].text).is_some())
                        })
                        .any(&mut foreign_type);
                // A misspelling with words of its line that are nobody's is another name.
                let stray = mine == Bears::Loosely
                    && (0..n).any(|j| {
                        j != i
                            && words[j].section == w.section
                            && explained & (1u64 << j) == 0
                            && !lex.is_stopword(&words[j].text)
                            && of_bearer(j) == Bears::No
                    });
                return Some(!other_type && !stray);
            } else if explained & bit == 0 {
                return Some(false);
            }
        }
        if other_generic {
            Some(false)
        } else {
            (generic_hit && generic_name()).then_some(true)
        }
    };
    let t = |i: usize| words[i].token;
    let s = |i: usize| words[i].section;
    let mut after = (0..n).filter(|&i| t(i) > token && s(i) == section);
    let mut before = (0..n).rev().filter(|&i| t(i) < token && s(i) == section);
    let mut later = (0..n).filter(|&i| s(i) > section);
    let mut earlier = (0..n).rev().filter(|&i| s(i) < section);
    decide(&mut after)
        .or_else(|| decide(&mut before))
        .or_else(|| decide(&mut later))
        .or_else(|| decide(&mut earlier))
        .unwrap_or(false)
}

/// The candidates read again against the named places (see the module docs).
fn reread(
    index: &Index,
    text: &str,
    search: &Search,
    named: &[Named],
    near: &mut Near,
) -> Disagreement {
    let mut out = Search {
        plan: search.plan.clone(),
        matches: search.matches.clone(),
        candidates: Vec::new(),
        word_weights: search.word_weights.clone(),
        used_typos: search.used_typos,
    };
    let places = named.iter().fold(0u64, |m, g| m | g.mask);
    // Words read as a town that a candidate explains only loosely do not agree.
    let towns = named
        .iter()
        .filter(|g| !g.county)
        .fold(0u64, |m, g| m | g.mask);
    let mut elsewhere: Vec<u32> = Vec::new();
    let mut levelled: Vec<u32> = Vec::new();
    let mut typed = None;
    for c in search.candidates.iter().take(MAX_REREAD_CANDIDATES) {
        let placed = number_placed(index, search, c);
        let explained = c.place.mask & !(loosely_placed(index, text, search, c) & towns);
        if !places_agree(index, search, c, explained, named, near) {
            let same_address = placed && leftover(search, c, 0) & !places == 0;
            if let (true, Some(ap)) = (same_address, c.address_point) {
                // Its unit, number, estate and street as typed, word for word: only the
                // places differ.
                let typed = typed.get_or_insert_with(|| reading::typed_tokens(text));
                let same_street = reading::fit(index, typed, &Target::AddressPoint(ap))
                    .is_some_and(|f| !f.untyped_street);
                if same_street && !elsewhere.contains(&ap) {
                    elsewhere.push(ap);
                }
            }
            continue;
        }
        // An address point whose number is not the typed one (an organisation named like
        // the street typed: `11 O'MAHONY AVENUE` for O'MAHONY SOLICITORS, 14 ESKER AVENUE) is
        // not the address typed either.
        if placed && !c.number_unmatched {
            out.candidates.push(*c);
        } else if let Some(level) = super::deepest_element(index, search, c)
            // A building reached by name alone reaches no level of its place without it; the
            // houses of many estates in one townland reach it once (so the window compares the
            // townland with the other places read, not with itself).
            .filter(|e| !levelled.contains(e))
            // Nor does a street named in its line by a street type alone (`6 CRUMLIN ROAD,
            // TRIM` reaches no TRIM ROAD), nor one typed with another type (`17 MC KELVEY
            // AVENUE` reaches no MCKELVEY ROAD).
            .filter(|_| {
                !assigned(search, c).any(|m| {
                    unnamed_in_line(search, m) || typed_as_another_type(search, c.place.mask, m)
                })
            })
        {
            levelled.push(level);
            out.candidates.push(Candidate {
                building: None,
                address_point: None,
                score: c.place.score - NUMBER_WEIGHT,
                numbers_used: 0,
                number_unmatched: true,
                ..*c
            });
        }
    }
    // The search read the best places for the whole input, not for the places it names.
    if let Some(c) = named::candidate(index, &mut out, named) {
        out.candidates.push(c);
    }
    crate::search::sort_candidates(&mut out.candidates);
    Disagreement {
        search: out,
        elsewhere,
    }
}

#[cfg(test)]
mod tests {
    use super::misspells_generic;

    fn own(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn a_street_type_misspelt_by_one_edit_names_nothing_else() {
        assert!(misspells_generic("aveune", &own(&["avenue", "orchard"])));
        assert!(misspells_generic("stret", &own(&["main", "street"])));
        // Two edits from a street type is another word; a distinctive word is never generic.
        assert!(!misspells_generic("bangor", &own(&["grove", "manor"])));
        assert!(!misspells_generic(
            "derrybane",
            &own(&["derrynane", "gardens"])
        ));
        assert!(!misspells_generic("ave", &own(&["avenue"])));
    }
}

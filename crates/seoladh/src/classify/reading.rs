//! One candidate read against its own address: the words its own names explain beyond its
//! match ([`reconcile`]), what it leaves unexplained, and the names of its address that the text
//! does not give. Near-tied candidates are compared on these readings ([`super::best_answer`]).

use crate::ecad::address::{postal_address, Address, AddressParts, ElementType, Language};
use crate::index::Index;
use crate::search::{Candidate, Search};
use crate::text::TokenKind;

use super::{reconcile, Target};

/// Candidates near the best read against their own words (each costs a few element names).
pub(super) const MAX_READ_CANDIDATES: usize = 8;

/// One candidate read against its own address ([`reconcile`]).
pub(super) struct Reading {
    /// The candidate (a repeated house number read once).
    pub candidate: Candidate,
    /// Its own address's words.
    pub own: reconcile::OwnWords,
    /// Plan words its own words explain beyond its match.
    pub reconciled: u64,
    /// Some of those needed a misspelling.
    pub misspelt: bool,
    /// Weight of the words it leaves unexplained.
    pub unexplained: f32,
    /// The typed house number is its building's number as written (not one end of a range).
    pub exact_number: bool,
    /// How its own address fits the text (read only when it is compared with another).
    pub fit: Option<Fit>,
}

impl Reading {
    pub(super) fn of(index: &Index, search: &Search, c: &Candidate) -> Reading {
        let candidate = repeated_house_number(index, search, c)
            .or_else(|| point_named_in_building(index, search, c))
            .unwrap_or(*c);
        // The own words only read words left over (and the 550 rule needs leftovers too).
        let all = search.plan.all_words();
        let own = if candidate.place.mask & all == all {
            reconcile::OwnWords::default()
        } else {
            reconcile::own_terms(index, &candidate)
        };
        let (reconciled, misspelt) = reconcile::reconcile(search, &candidate, &own);
        let unexplained = unexplained_words(search, &candidate, reconciled)
            .iter()
            .map(|&i| search.word_weights[i])
            .sum();
        let exact_number = candidate
            .building
            .and_then(|b| index.building(b))
            .and_then(|r| index.string(r.number))
            .map_or(true, |n| {
                let stored = || {
                    n.bytes()
                        .filter(|b| *b != b' ')
                        .map(|b| b.to_ascii_lowercase())
                };
                candidate.numbers_used == 0
                    || search.plan.numbers.iter().enumerate().any(|(i, q)| {
                        i < 32
                            && candidate.numbers_used & (1 << i) != 0
                            && stored().eq(q.text.bytes())
                    })
            });
        Reading {
            candidate,
            own,
            reconciled,
            misspelt,
            unexplained,
            exact_number,
            fit: None,
        }
    }

    /// Its own postal address is exactly the text ([`Fit::exact`]).
    pub(super) fn exact_fit(&self) -> bool {
        self.fit.as_ref().is_some_and(Fit::exact)
    }

    /// Its own postal address in English or in Irish is exactly the text
    /// ([`Fit::exact_in_one_language`]).
    pub(super) fn exact_in_one_language(&self) -> bool {
        self.fit.as_ref().is_some_and(Fit::exact_in_one_language)
    }

    /// How many names of its own address the text does not give, whether it reads typed
    /// names out of order, how many it reads respelt, and whether the lines come in another
    /// order than its own (unread: last).
    pub(super) fn untyped_names(&self) -> (usize, bool, usize, bool) {
        self.fit
            .as_ref()
            .map_or((usize::MAX, true, usize::MAX, true), |f| {
                (f.untyped.len(), f.disordered, f.respelt, f.crossed)
            })
    }

    /// Its own lines are the text as written ([`Fit::verbatim`]).
    pub(super) fn verbatim(&self) -> bool {
        self.fit.as_ref().is_some_and(|f| f.verbatim)
    }

    /// Typed county words its own lines leave to its county ([`Fit::county_only`]), counted
    /// for an exact fit only (`usize::MAX` otherwise).
    pub(super) fn county_only(&self) -> usize {
        self.fit
            .as_ref()
            .filter(|f| f.exact())
            .map_or(usize::MAX, |f| f.county_only)
    }
}

/// An address typed twice (`38 EASTLY COURT, 38 EASTLY COURT, …`) gives the house number twice;
/// the matcher reads the first as a unit number, finds no such unit and stops at the building.
/// When every unused number repeats a used one, the building's own point is the answer, as if
/// the number had been typed once.
fn repeated_house_number(index: &Index, search: &Search, c: &Candidate) -> Option<Candidate> {
    let b = c.building?;
    if c.address_point.is_some() || !c.number_unmatched || c.numbers_used == 0 {
        return None;
    }
    let numbers = &search.plan.numbers;
    let used = |i: usize| i < 32 && c.numbers_used & (1 << i) != 0;
    let repeats = (0..numbers.len())
        .filter(|&i| !used(i))
        .all(|i| (0..numbers.len()).any(|j| used(j) && numbers[j].text == numbers[i].text));
    if !repeats {
        return None;
    }
    let r = index.building(b)?;
    let mut plain = (r.ap_start..r.ap_start + u32::from(r.ap_count))
        .filter(|&ap| index.address_point(ap).is_some_and(|a| a.is_plain()));
    let ap = match (plain.next(), plain.next()) {
        (Some(only), None) => only,
        _ => return None,
    };
    let mut fixed = *c;
    fixed.address_point = Some(ap);
    fixed.number_unmatched = false;
    fixed.numbers_used = (0..numbers.len().min(32)).fold(0, |m, i| m | (1 << i));
    Some(fixed)
}

/// A candidate that stops at a building of several points (a shop with a flat over it) while
/// words are left over: the one point whose own names (organisation, department, unit) are
/// among those words is the answer (`CENTRA, 16 NEW HAGGARD ROAD`: CENTRA names one of the
/// building's two points). Two points named as well stay a building.
fn point_named_in_building(index: &Index, search: &Search, c: &Candidate) -> Option<Candidate> {
    let b = c.building?;
    let all = search.plan.all_words();
    if c.address_point.is_some() || c.place.mask & all == all {
        return None;
    }
    let r = index.building(b)?;
    if r.ap_count < 2 {
        return None;
    }
    let left: Vec<&str> = search
        .plan
        .words
        .iter()
        .take(64)
        .enumerate()
        .filter(|(i, _)| c.place.mask & (1u64 << i) == 0)
        .map(|(_, w)| w.text.as_str())
        .collect();
    let mut best: Option<(usize, u32)> = None;
    let mut tied = false;
    let mut terms = Vec::new();
    for ap in r.ap_start..r.ap_start + u32::from(r.ap_count) {
        let Some(p) = index.address_point_parts(ap) else {
            continue;
        };
        terms.clear();
        for part in [&p.department, &p.organisation, &p.sub_building]
            .into_iter()
            .flatten()
        {
            crate::text::index_terms(&part.english, &mut terms);
            if let Some(irish) = &part.irish {
                crate::text::index_terms(irish, &mut terms);
            }
        }
        let named = left
            .iter()
            .filter(|w| terms.iter().any(|t| t == *w))
            .count();
        match best {
            _ if named == 0 => {}
            Some((n, _)) if named < n => {}
            Some((n, _)) if named == n => tied = true,
            _ => {
                best = Some((named, ap));
                tied = false;
            }
        }
    }
    let (_, ap) = best.filter(|_| !tied)?;
    let mut named = *c;
    named.address_point = Some(ap);
    Some(named)
}

/// Words naming the country: people end addresses with them and no ECAD element holds them,
/// so left over they neither make a match partial nor count against it.
pub(super) const COUNTRY_WORDS: [&str; 6] =
    ["ireland", "eire", "\u{e9}ire", "irl", "irland", "roi"];

/// Plan words the candidate leaves unexplained (country words aside). A county the point is not
/// in is not held against a single address point: people write the wrong county or the
/// geographic one (docs/matching.md §1, §7); the answer shows the right one (`isAltered`). A
/// county of Northern Ireland is no such slip: it places the address outside the data.
pub(super) fn unexplained_words(search: &Search, c: &Candidate, reconciled: u64) -> Vec<usize> {
    (0..search.plan.words.len().min(64))
        .filter(|i| (c.place.mask | reconciled) & (1u64 << i) == 0)
        .filter(|&i| {
            let w = &search.plan.words[i];
            let country = COUNTRY_WORDS.contains(&w.text.as_str());
            let wrong_county = c.address_point.is_some()
                && w.kind == TokenKind::County
                && !crate::search::foreign::is_ni_county(w);
            !(country || wrong_county)
        })
        .collect()
}

/// How a candidate's own postal address fits the typed text, element by element (English or
/// Irish names, whichever each element is typed in): the elements whose words the text does not
/// give, and the typed words none of its elements takes. A candidate that fits exactly is the
/// address the text names, word for word; one that needs an untyped name (an estate, a block, a
/// second locality, an organisation) is a different address that merely contains the text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Fit {
    /// Elements (counties aside) whose words are not all typed, as written in the address.
    pub untyped: Vec<String>,
    /// One of those is a unit, house number, estate or street: the text names an address
    /// beside or inside this one, never this one in another town (`3 ST. FRANCIS STREET`,
    /// `10/11 CONVENT HILL`, `10 CONVENT HILL CRESCENT` for `3 FRANCIS STREET`, `10 CONVENT
    /// HILL`).
    pub untyped_street: bool,
    /// Typed words and numbers no element takes (counties, `co`, country words aside).
    pub missing: Vec<String>,
    /// The typed elements need names of both languages: no one language's postal address
    /// holds them all (`GEORGES STREET` typed in English beside `DROICHEAD ÁTHA` in Irish).
    pub mixed: bool,
    /// Within a line, an element is typed before one the address puts ahead of it
    /// (`KILMALLOCK RETAIL PARK` read as the post town KILMALLOCK before the street RETAIL
    /// PARK). Lines themselves may come in any order.
    pub disordered: bool,
    /// An element is typed before one the address puts ahead of it, lines counted too: of a
    /// locality BOOTERSTOWN of post town STILLORGAN and a locality STILLORGAN of BOOTERSTOWN,
    /// `…, BOOTERSTOWN, STILLORGAN` names the first.
    pub crossed: bool,
    /// Typed county words no element of the address takes (read as its county alone): of two
    /// addresses the text names exactly, the one whose own lines take `DUBLIN` (a locality
    /// DUBLIN in `1 BACHELORS WALK, DUBLIN, DUBLIN 2`) is the text more closely.
    pub county_only: usize,
    /// Elements typed otherwise than they are written (an abbreviation expanded or made, a
    /// misspelling, an apostrophe), case aside.
    pub respelt: usize,
    /// The text is its lines as written, punctuation too (case, spacing and commas aside, the
    /// county line optional): of `ST MARGARET'S ROAD` and `ST MARGARETS ROAD` in one town, the
    /// one typed.
    pub verbatim: bool,
}

impl Fit {
    /// Every typed word is one of the address's, every element of the address is typed, and
    /// each line holds its elements in the address's order.
    pub fn exact(&self) -> bool {
        self.untyped.is_empty() && self.missing.is_empty() && !self.disordered
    }

    /// It reads the typed names in order, every name it needs that the text does not give
    /// `other` needs too, and `other` needs more, reads them out of order, or reads more of
    /// them respelt, or as many with the lines in another order than its own.
    pub fn untyped_within(&self, other: &Fit) -> bool {
        !self.disordered
            && (self.untyped.len() < other.untyped.len()
                || other.disordered
                || (self.untyped.len() == other.untyped.len()
                    && (self.respelt, self.crossed) < (other.respelt, other.crossed)))
            && self.untyped.iter().all(|n| other.untyped.contains(n))
    }

    /// [`Fit::exact`] in one language: the text is its postal address in English or in Irish.
    pub fn exact_in_one_language(&self) -> bool {
        self.exact() && !self.mixed
    }
}

/// The languages in which an element's typed name is written: bit 0 English, bit 1 Irish.
const ENGLISH: u8 = 1;
const IRISH: u8 = 2;

/// A typed token as a [`Fit`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Typed {
    /// Its normalised text.
    text: String,
    /// A county, district or word.
    kind: TokenKind,
    /// A county written as one (`Co. Galway`, `Contae na Gaillimhe`): it names the county only,
    /// never the post town or locality of the same name.
    marked_county: bool,
    /// The comma section (line) it is typed in, counted from 0.
    line: usize,
    /// As typed, punctuation kept, in upper case ([`as_written`]).
    raw: String,
}

/// The typed tokens a [`Fit`] reads: every word and number of `text`, postcodes aside.
pub(super) fn typed_tokens(text: &str) -> Vec<Typed> {
    let t = crate::text::tokenise(text);
    let mut out = Vec::new();
    let mut line = 0;
    for (k, s) in t.iter() {
        match k.kind {
            TokenKind::Separator => line += 1,
            TokenKind::Eircode | TokenKind::RoutingKey | TokenKind::UkPostcode => {}
            kind => out.push(Typed {
                text: s.to_string(),
                kind,
                marked_county: kind == TokenKind::County
                    && text.get(k.span.clone()).is_some_and(|raw| {
                        let raw = crate::text::normalise(raw);
                        COUNTY_MARKERS.iter().any(|m| raw.starts_with(m))
                    }),
                line,
                raw: as_written(text, &k.span),
            }),
        }
    }
    out
}

/// The token at byte `span` of `text` as written, in upper case, with the full stop right after
/// it (`ST.` is not `ST`: the data has ST. MOBHI ROAD beside ST MOBHI ROAD).
pub fn as_written(text: &str, span: &std::ops::Range<usize>) -> String {
    let end = if text.as_bytes().get(span.end) == Some(&b'.') {
        span.end + 1
    } else {
        span.end
    };
    text.get(span.start..end).unwrap_or_default().to_uppercase()
}

/// Whether the typed tokens `taken` are the name `value` as written (case aside): `HALE ST`
/// typed is the townland HALE ST as written, and the street HALE STREET respelt.
fn written_as(value: &str, taken: &[usize], typed: &[Typed]) -> bool {
    // Read by the same tokeniser as the text (`ST.DECLAN'S` is two tokens).
    let own = typed_tokens(value);
    own.len() == taken.len() && own.iter().zip(taken).all(|(o, &i)| o.raw == typed[i].raw)
}

/// Whether the `typed` tokens are `address`'s lines as written ([`Fit::verbatim`]).
fn verbatim(typed: &[Typed], address: &Address) -> bool {
    // The county is compared when typed.
    let county = typed.iter().any(|t| t.kind == TokenKind::County);
    let words = |t: &[Typed]| {
        t.iter()
            .filter(|t| county || t.kind != TokenKind::County)
            .map(|t| t.raw.clone())
            .collect::<Vec<_>>()
    };
    words(&typed_tokens(&address.display_name())) == words(typed)
}

/// How a county is marked as one (normalised).
const COUNTY_MARKERS: [&str; 3] = ["co ", "county ", "contae "];

/// The parts of what `target` points at.
pub(super) fn target_parts(index: &Index, target: &Target) -> Option<AddressParts> {
    match *target {
        Target::AddressPoint(ap) => index.address_point_parts(ap),
        Target::Building(b) => index.building_parts(b),
        Target::Element { element, place } => {
            index.place_parts(place, crate::group::level_of(index, element))
        }
        Target::None => None,
    }
}

/// How `target`'s own postal address fits the `typed` tokens ([`typed_tokens`]).
pub(super) fn fit(index: &Index, typed: &[Typed], target: &Target) -> Option<Fit> {
    let parts = target_parts(index, target)?;
    let english = postal_address(&parts, Language::English);
    let irish = postal_address(&parts, Language::Irish);
    let mut used = vec![false; typed.len()];
    let mut out = Fit::default();
    let mut terms = Vec::new();
    let mut languages = ENGLISH | IRISH;
    for (i, e) in english.elements.iter().enumerate() {
        if matches!(e.kind, ElementType::County | ElementType::Eircode) {
            continue;
        }
        let ga = irish
            .elements
            .get(i)
            .filter(|g| g.kind == e.kind && g.id == e.id && g.value != e.value);
        // Each name as typed before either with a misspelling (`AN GARRÁN` is the Irish name
        // typed, not GARRANE misspelt), and of two names typed the one that takes more words
        // (`AN MÓTA` beside MOTA).
        let mut typed_as = false;
        for fuzzy in [false, true] {
            let mut best: Option<(Vec<usize>, u8, bool)> = None;
            let names = [(
                &e.value,
                if ga.is_some() {
                    ENGLISH
                } else {
                    ENGLISH | IRISH
                },
            )]
            .into_iter()
            .chain(ga.map(|g| (&g.value, IRISH)));
            for (value, lang) in names {
                terms.clear();
                crate::text::index_terms(value, &mut terms);
                if let Some(taken) = take_all(&terms, typed, fuzzy, &used) {
                    let written = !fuzzy && written_as(value, &taken, typed);
                    match &mut best {
                        Some((b, l, w)) if taken.len() == b.len() => {
                            *l |= lang;
                            *w |= written;
                        }
                        Some((b, _, _)) if taken.len() < b.len() => {}
                        _ => best = Some((taken, lang, written)),
                    }
                }
            }
            if let Some((taken, lang, written)) = best {
                out.respelt += usize::from(!written);
                // Elements come in address order here, and `used` holds the tokens of those
                // read so far: one typed earlier in the same line as one of theirs is out of
                // order.
                out.disordered |= taken.iter().any(|&i| {
                    (i + 1..typed.len()).any(|j| used[j] && typed[j].line == typed[i].line)
                });
                out.crossed |= taken.iter().any(|&i| (i + 1..typed.len()).any(|j| used[j]));
                for i in taken {
                    used[i] = true;
                }
                languages &= lang;
                typed_as = true;
                break;
            }
        }
        if !typed_as {
            out.untyped_street |= matches!(
                e.kind,
                ElementType::AddressPointName
                    | ElementType::BuildingNumber
                    | ElementType::BuildingGroup
                    | ElementType::Thoroughfare
            );
            out.untyped.push(e.value.clone());
        }
    }
    // A name typed twice (`4 MAIN STREET BALBRIGGAN BALBRIGGAN`) is the line typed twice: its
    // repeat, word for word, in either language, is no word the address lacks.
    for e in english.elements.iter().chain(&irish.elements) {
        if matches!(e.kind, ElementType::County | ElementType::Eircode) {
            continue;
        }
        terms.clear();
        crate::text::index_terms(&e.value, &mut terms);
        if let Some(taken) = take_all(&terms, typed, false, &used).filter(|t| !t.is_empty()) {
            for i in taken {
                used[i] = true;
            }
        }
    }
    // A building none of whose points has the building's own address (flats, a shop and the
    // flat over it) is no address the text names exactly: it needs a unit or a name.
    if let Target::Building(b) = *target {
        let all_named = index.building(b).is_some_and(|r| {
            (r.ap_start..r.ap_start + u32::from(r.ap_count))
                .all(|ap| index.address_point(ap).is_some_and(|a| !a.is_plain()))
        });
        if all_named {
            out.untyped_street = true;
            out.untyped
                .push(format!("a unit of {}", english.display_name()));
        }
    }
    out.mixed = languages == 0;
    out.county_only = typed
        .iter()
        .zip(&used)
        .filter(|(t, used)| !**used && t.kind == TokenKind::County)
        .count();
    out.missing = typed
        .iter()
        .zip(&used)
        .filter(|(t, used)| {
            !**used
                && t.kind != TokenKind::County
                && !COUNTRY_WORDS.contains(&t.text.as_str())
                && !matches!(t.text.as_str(), "co" | "county" | "contae")
        })
        .map(|(t, _)| t.text.clone())
        .collect();
    // Only a text naming every element and nothing else can be one's lines as written.
    out.verbatim = out.untyped.is_empty()
        && out.missing.is_empty()
        && (verbatim(typed, &english) || verbatim(typed, &irish));
    Some(out)
}

/// The typed tokens `terms` take: a run of consecutive tokens not `used` yet, one per term in
/// order (a name is typed as a phrase: `BÓTHAR CASHEL` is not BÓTHAR TIPPERARY, CASHEL), each
/// the term itself or, when `fuzzy`, a word that reads as it ([`reconcile::read_word`]); `None`
/// when there is no such run.
fn take_all(terms: &[String], typed: &[Typed], fuzzy: bool, used: &[bool]) -> Option<Vec<usize>> {
    if terms.is_empty() {
        return Some(Vec::new());
    }
    let fits = |i: usize, t: &String| {
        let w = &typed[i];
        !used[i]
            && !w.marked_county
            && (w.text == *t
                || (fuzzy && reconcile::read_word(&w.text, std::slice::from_ref(t)).is_some()))
    };
    (0..typed.len().saturating_sub(terms.len() - 1))
        .find(|&start| terms.iter().enumerate().all(|(k, t)| fits(start + k, t)))
        .map(|start| (start..start + terms.len()).collect())
}

//! Classification: what a search means, as a Find Address result code, match level, target and
//! option set (`docs/matching.md` §2–3). The rules read top to bottom in [`classify`]; words the
//! matcher left over are weighed against the chosen address in `reconcile`, shared postal
//! addresses (300) are found in `shared`, and `agreement` holds the chosen address to the places
//! the input names and to the street its number was typed with.

mod agreement;
mod explain;
mod foreign;
mod level;
mod nonaddress;
mod reading;
mod reconcile;
mod shared;

pub use explain::explain;
use nonaddress::{looks_like_gibberish, looks_like_non_address, mash_run};
pub use reading::as_written;
use reading::{unexplained_words, Reading, MAX_READ_CANDIDATES};
pub(crate) use shared::own_point;
use shared::{assigned_elements, named_points, shared_points};

use crate::api::{FindResult, MatchLevel, PostcodeNotAvailable};
use crate::index::{AddressPointRow, EircodeHit, ElementKind, Index, NONE};
use crate::limits::MAX_TIED_CANDIDATES;
use crate::search::{Candidate, Search};

/// Margin under which a runner-up counts as tied with the best candidate.
const TIE_MARGIN: f32 = 0.75;
/// Least share of the query's word weight a candidate must explain to be an answer at all.
const MIN_EXPLAINED_SHARE: f32 = 0.4;
/// Unexplained words weighing at most this much (a stray `the`, `ireland`) do not make a
/// match partial.
const NEGLIGIBLE_WEIGHT: f32 = 1.2;

/// What the Eircode of the input (if any) resolved to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EircodeCheck {
    /// No Eircode in the input.
    #[default]
    Absent,
    /// A current Eircode: its address point, and whether look-alikes were corrected.
    Found {
        /// Address point ordinal.
        address_point: u32,
        /// Look-alike characters were corrected (`O`→`0`).
        corrected: bool,
    },
    /// A retired or changed Eircode: its history row.
    History(u32),
    /// A well-formed Eircode that does not exist; address points one edit away.
    Unknown {
        /// Address points of near-miss Eircodes.
        near: Vec<u32>,
    },
}

impl EircodeCheck {
    /// Looks up the plan's Eircode.
    pub fn of(index: &Index, search: &Search) -> EircodeCheck {
        let Some(e) = &search.plan.eircode else {
            return EircodeCheck::Absent;
        };
        match index.eircode(&e.code) {
            Some(EircodeHit::Current(ap)) => EircodeCheck::Found {
                address_point: ap,
                corrected: e.corrections > 0,
            },
            Some(EircodeHit::History(h)) => EircodeCheck::History(h),
            None => EircodeCheck::Unknown {
                near: index.eircodes_near(&e.code),
            },
        }
    }
}

/// What an answer points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Nothing.
    None,
    /// One address point.
    AddressPoint(u32),
    /// One building.
    Building(u32),
    /// An element (group, thoroughfare, locality, post town, county), within a place.
    Element {
        /// Element ordinal.
        element: u32,
        /// A place holding it (for rendering).
        place: u32,
    },
}

/// Which options to list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum OptionSet {
    /// None.
    #[default]
    None,
    /// These address points (NUA, a building's units, near-miss Eircodes).
    AddressPoints(Vec<u32>),
    /// Everything below an element (its places, buildings, address points).
    Below(Target),
    /// Tied candidates, best first.
    Candidates(Vec<Target>),
}

/// The classification of one Find Address.
#[derive(Debug, Clone, PartialEq)]
pub struct Classification {
    /// Result code.
    pub result: FindResult,
    /// Why there is no postcode (result 200 only).
    pub postcode_not_available: Option<PostcodeNotAvailable>,
    /// What the answer points at.
    pub target: Target,
    /// The narrowest level reached.
    pub match_level: MatchLevel,
    /// Exactly one address point fits.
    pub unique: bool,
    /// Options to list.
    pub options: OptionSet,
    /// Plan word indices left unexplained.
    pub unmatched_words: Vec<usize>,
    /// Plan number indices left unused.
    pub unmatched_numbers: Vec<usize>,
    /// A word matched through a typo.
    pub spelling_changed: bool,
}

impl Classification {
    /// A bare answer with `result`: no target, no options, nothing unmatched.
    pub(crate) fn simple(result: FindResult) -> Classification {
        Classification {
            result,
            postcode_not_available: None,
            target: Target::None,
            match_level: MatchLevel::Unknown,
            unique: false,
            options: OptionSet::None,
            unmatched_words: Vec::new(),
            unmatched_numbers: Vec::new(),
            spelling_changed: false,
        }
    }
}

/// Classifies a search of `text` (the original input) against the index, the rules in order.
pub fn classify(
    index: &Index,
    text: &str,
    search: &Search,
    eircode: &EircodeCheck,
) -> Classification {
    let plan = &search.plan;
    // 1. Not an address at all.
    if plan.is_empty() || looks_like_non_address(text) {
        return Classification::simple(FindResult::InvalidAddressEntered);
    }
    // 2. A UK postcode with no Eircode in an Irish search.
    if plan.uk_postcode.is_some() && plan.eircode.is_none() {
        return Classification::simple(FindResult::ForeignAddressDetected);
    }
    let best = best_answer(index, text, search);
    // 2b. Nothing matched, or only words glued into the mash (`jhr#sqnf!!sc%` read as a
    // townland GORT NA SC), and the words are not words: random characters (a code read with
    // look-alikes, `DGWFA34`, is no word, nor random), even with a country's letters among
    // them (`hfj#xwll!!gb%`).
    let mash_only = |a: &Answer| {
        let words = &plan.words[..plan.words.len().min(64)];
        let read = |i: usize| a.candidate.place.mask & (1u64 << i) != 0;
        // Each word read sits in a run of mash holding a word not read (`MAIN_STREET` is a
        // street written with underscores, not mash).
        (0..words.len()).filter(|&i| read(i)).all(|i| {
            mash_run(text, &words[i].span).is_some_and(|run| {
                (0..words.len()).any(|j| !read(j) && run.contains(&words[j].span.start))
            })
        })
    };
    if best.as_ref().map_or(true, mash_only)
        && plan.numbers.is_empty()
        && plan.eircode.is_none()
        && looks_like_gibberish(text)
    {
        return Classification::simple(FindResult::InvalidAddressEntered);
    }
    // 2c. UK places named ([`foreign`]: a UK country, or a county or town no Irish place
    // shares, with nothing Irish beside it), and the Irish reading is not whole.
    if foreign::names_uk_address(index, text, search, best.as_ref()) {
        return Classification::simple(FindResult::ForeignAddressDetected);
    }
    // The chosen answer held to the places the input names and to its number's street.
    let disagreement = best
        .as_ref()
        .and_then(|b| agreement::judge(index, text, search, &b.candidate, b.reconciled));
    // 3. The Eircode decides, checked against the text.
    match eircode {
        EircodeCheck::Found {
            address_point,
            corrected,
        } => {
            let agrees = plan.words.is_empty()
                || (disagreement.is_none()
                    && best
                        .as_ref()
                        .is_some_and(|b| text_agrees_with(index, b, *address_point)));
            let result = match (agrees, corrected) {
                (true, false) => FindResult::PostcodeValidated,
                (true, true) => FindResult::PostcodeAmended,
                (false, false) => FindResult::AddressAmendedToMatchPostcode,
                (false, true) => FindResult::PostcodeAndAddressAmended,
            };
            let mut c = point(index, *address_point, result);
            if let Some(b) = &best {
                if agrees {
                    c.spelling_changed = b.typos;
                }
            }
            return c;
        }
        EircodeCheck::History(h) => {
            let mut c = Classification::simple(FindResult::PostcodeRetired);
            let successor = index
                .history()
                .get(*h as usize)
                .and_then(|row| row.new_ecad_id)
                .and_then(|id| index.entity(id));
            if let Some((crate::index::EntityKind::AddressPoint, ap)) = successor {
                c = point(index, ap, FindResult::PostcodeRetired);
            } else if let Some(Answer {
                target: Target::AddressPoint(ap),
                ..
            }) = best
            {
                c = point(index, ap, FindResult::PostcodeRetired);
            }
            return c;
        }
        EircodeCheck::Unknown { near } => {
            if let Some(b) = &best {
                if let Target::AddressPoint(ap) = b.target {
                    if b.complete && !b.tied && disagreement.is_none() {
                        // The text alone singles out one address: the postcode was wrong.
                        let mut c = point(index, ap, FindResult::PostcodeAmended);
                        c.spelling_changed = b.typos;
                        return c;
                    }
                    // The text's best point is a near miss, and no tied point is one too.
                    let near_ties = b
                        .ties
                        .iter()
                        .filter(|t| matches!(t, Target::AddressPoint(p) if near.contains(p)));
                    if near.contains(&ap) && near_ties.count() <= 1 {
                        return point(index, ap, FindResult::PostcodeAndAddressAmended);
                    }
                }
                // The text and one near-miss code agree on one address point.
                let mut agreeing = near.iter().filter(|&&ap| text_agrees_with(index, b, ap));
                if let (Some(&ap), None) = (agreeing.next(), agreeing.next()) {
                    return point(index, ap, FindResult::PostcodeAndAddressAmended);
                }
            }
            // A code that is nobody's and no text to place it: the person picks among its
            // near misses (500), never given one of them as theirs; 550 when it has none.
            if best.is_none() {
                return near_misses(near);
            }
            // Fall through: the postcode cannot be validated; answer from the text.
        }
        EircodeCheck::Absent => {}
    }
    let Some(best) = best else {
        return Classification::simple(FindResult::NoAddressMatch);
    };
    let mut c = match &disagreement {
        Some(d) => agreement::answer(d, |s| {
            best_answer(index, text, s).map(|b| from_answer(index, s, &b))
        }),
        None => from_answer(index, search, &best),
    };
    // 4. A postcode that could not be checked against a unique address: a whole Eircode, or a
    // routing key alone (a malformed postcode) beside text that stops above one address point.
    let unchecked = if plan.eircode.is_some() {
        !matches!(c.result, FindResult::NoAddressMatch)
    } else {
        plan.routing_key.is_some()
            && matches!(
                c.result,
                FindResult::IncompleteAddressEntered | FindResult::NonUniqueAddress
            )
    };
    if unchecked {
        c.result = FindResult::PostcodeNotValidated;
    }
    c
}

/// The answer to an Eircode that is not in the data, typed without words: its near misses as
/// options (500), or 550 when it has none.
fn near_misses(near: &[u32]) -> Classification {
    if near.is_empty() {
        return Classification::simple(FindResult::NoAddressMatch);
    }
    let mut c = Classification::simple(FindResult::IncompleteAddressEntered);
    c.options = OptionSet::AddressPoints(near.to_vec());
    c
}

/// The best candidate, read as an answer.
#[derive(Debug, Clone, PartialEq)]
struct Answer {
    target: Target,
    candidate: Candidate,
    /// Every word and number explained.
    complete: bool,
    /// Another candidate is as good and points elsewhere.
    tied: bool,
    /// Typos were needed.
    typos: bool,
    /// Tied targets (including this one).
    ties: Vec<Target>,
    /// The best candidate and every runner-up within the tie margin (at most
    /// [`MAX_TIED_CANDIDATES`]), best first.
    tied_candidates: Vec<Candidate>,
    /// Plan words the candidate's own address explains beyond its match ([`reconcile`]).
    reconciled: u64,
}

/// The best candidate read as an answer, or `None` when nothing plausible matched: too little
/// of the query explained, or nothing distinctive ([`reconcile::nothing_distinctive`]).
fn best_answer(index: &Index, text: &str, search: &Search) -> Option<Answer> {
    let first = *search.best()?;
    let Window {
        readings: window,
        chosen,
    } = read_window(index, text, search)?;
    let r = window.get(chosen)?;
    let best = r.candidate;
    if best.place.mask == 0 {
        return None;
    }
    let total: f32 = search.word_weights.iter().sum::<f32>().max(f32::EPSILON);
    let left = unexplained_words(search, &best, r.reconciled);
    if (total - r.unexplained) / total < MIN_EXPLAINED_SHARE {
        return None;
    }
    let leftover = left
        .iter()
        .filter(|&&i| search.word_weights[i] > NEGLIGIBLE_WEIGHT)
        .count();
    let explained = best.place.mask | r.reconciled;
    if reconcile::nothing_distinctive(search, explained, leftover, &r.own) {
        return None;
    }
    let target = target_of(index, search, &best);
    let mut ties = vec![target];
    let mut tied_candidates = vec![best];
    let mut typed = None;
    for (i, c) in search.candidates.iter().enumerate() {
        if i == chosen {
            continue;
        }
        if c.score < first.score - TIE_MARGIN || tied_candidates.len() >= MAX_TIED_CANDIDATES {
            break;
        }
        // A read candidate that is not as good as the chosen one is no tie ([`loses`]); past
        // the window, one pointing elsewhere is read too when the chosen one was chosen by
        // its fit (a long MAIN STREET of one post town, each house in another locality; the
        // MAIN STREETs of a county beside the one of the town typed).
        match window.get(i) {
            Some(o) if loses(r, o).is_some() => continue,
            None if r.fit.is_some() && !same_element(&target_of(index, search, c), &target) => {
                let mut o = Reading::of(index, search, c);
                let typed = typed.get_or_insert_with(|| reading::typed_tokens(text));
                o.fit = reading::fit(index, typed, &target_of(index, search, &o.candidate));
                if loses(r, &o).is_some() {
                    continue;
                }
            }
            _ => {}
        }
        tied_candidates.push(*c);
        let t = target_of(index, search, c);
        if !ties.contains(&t) && !same_element(&t, &target) {
            ties.push(t);
        }
    }
    // Places explaining the same words as the best, further down (a locality named in full
    // behind an estate that only shares its name), may still hold the text's postal address.
    let below = search
        .candidates
        .iter()
        .skip_while(|c| c.score >= first.score - TIE_MARGIN);
    for c in below {
        if tied_candidates.len() >= MAX_TIED_CANDIDATES {
            break;
        }
        if c.place.mask == best.place.mask && c.address_point.is_none() && c.building.is_none() {
            tied_candidates.push(*c);
        }
    }
    Some(Answer {
        target,
        candidate: best,
        complete: r.unexplained <= NEGLIGIBLE_WEIGHT && !best.number_unmatched,
        tied: ties.len() > 1,
        typos: best.place.typos > 0
            || r.misspelt
            || corrected_words(&search.plan) & best.place.mask != 0,
        ties,
        tied_candidates,
        reconciled: r.reconciled,
    })
}

/// The candidates within the tie margin of the best (at most [`MAX_READ_CANDIDATES`]), each read
/// against its own address, and the one chosen as the answer.
struct Window {
    /// `readings[i]` reads `search.candidates[i]`.
    readings: Vec<Reading>,
    /// The index of the chosen one.
    chosen: usize,
}

/// Reads the near-tied candidates and chooses among them: first the one whose own postal address
/// is exactly the text (every typed word one of its words, every element of it typed: a house
/// beats the flat of the same number in a named block, and the street beats the estate on it),
/// then the one that is the text in one language rather than with names of both, then the one
/// whose lines are the text as written (punctuation too), then the one that leaves least over,
/// then the one needing fewest names the text does not give, then the one whose house number is
/// typed exactly, not as one end of a range (`15 MINISTERS RSE, LSK` is MINISTERS RISE, not
/// MINISTERS PARK).
fn read_window(index: &Index, text: &str, search: &Search) -> Option<Window> {
    let first = *search.best()?;
    let mut readings: Vec<Reading> = search
        .candidates
        .iter()
        .take_while(|c| c.score >= first.score - TIE_MARGIN)
        .take(MAX_READ_CANDIDATES)
        .map(|c| Reading::of(index, search, c))
        .collect();
    if readings.len() > 1 {
        let typed = reading::typed_tokens(text);
        for r in &mut readings {
            let target = target_of(index, search, &r.candidate);
            r.fit = reading::fit(index, &typed, &target);
        }
    }
    let chosen = readings
        .iter()
        .enumerate()
        .min_by(|(i, a), (j, b)| {
            b.exact_fit()
                .cmp(&a.exact_fit())
                .then(b.exact_in_one_language().cmp(&a.exact_in_one_language()))
                .then(b.verbatim().cmp(&a.verbatim()))
                .then(a.county_only().cmp(&b.county_only()))
                .then(a.unexplained.total_cmp(&b.unexplained))
                .then(a.untyped_names().cmp(&b.untyped_names()))
                .then(b.exact_number.cmp(&a.exact_number))
                .then(i.cmp(j))
        })
        .map(|(i, _)| i)?;
    Some(Window { readings, chosen })
}

/// Why a near-tied candidate is not as good as the chosen one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Loss {
    /// The chosen address is exactly the text; this one needs a name the text does not give.
    UntypedName,
    /// The chosen address is the text in one language; this one only with names of both
    /// (`5 SRÁID GEORGES, DROICHEAD ÁTHA` read from `5 GEORGE'S STREET, DROICHEAD ÁTHA`).
    MixedLanguages,
    /// The chosen address's lines are the text as written, punctuation too; this one's are
    /// not (`ST MARGARETS ROAD` typed, this one ST MARGARET'S ROAD).
    NotAsWritten,
    /// Both are the text exactly, but this one leaves more typed county words to its county
    /// (`DUBLIN` of `1 BACHELORS WALK, DUBLIN, DUBLIN 2`, the other's locality).
    CountyOnly,
    /// It leaves more of the text unexplained.
    LeavesMore,
    /// This one leaves every typed word over that the chosen one does, needs every name the
    /// text does not give that the chosen one needs, and more, or reads the typed names out of
    /// order, or reads more of them otherwise than written (`HALE ST` typed: the townland HALE
    /// ST, not the street HALE STREET), or as many with the lines in another order than its
    /// own:
    /// `LETTERKENNY` typed as the post town beside a locality LETTERKENNY of BUNDORAN; `1 MAIN
    /// STREET` beside house 1 of an estate on it.
    MoreUntyped,
    /// It reaches the typed house number only as one end of a range.
    RangeNumber,
}

/// Whether (and why) `other` loses to the `chosen` reading, or ties with it.
fn loses(chosen: &Reading, other: &Reading) -> Option<Loss> {
    if chosen.exact_fit() && !other.exact_fit() {
        return Some(Loss::UntypedName);
    }
    if chosen.exact_in_one_language() && !other.exact_in_one_language() {
        return Some(Loss::MixedLanguages);
    }
    if chosen.verbatim() && !other.verbatim() {
        return Some(Loss::NotAsWritten);
    }
    if chosen.county_only() < other.county_only() {
        return Some(Loss::CountyOnly);
    }
    if other.unexplained > chosen.unexplained + f32::EPSILON {
        return Some(Loss::LeavesMore);
    }
    if let (Some(a), Some(b)) = (&chosen.fit, &other.fit) {
        if a.missing.iter().all(|w| b.missing.contains(w)) && a.untyped_within(b) {
            return Some(Loss::MoreUntyped);
        }
    }
    if chosen.exact_number && !other.exact_number {
        return Some(Loss::RangeNumber);
    }
    None
}

/// The plan words whose spelling the tokeniser corrected (`Co. Tipperar`).
fn corrected_words(plan: &crate::search::Plan) -> u64 {
    plan.words
        .iter()
        .take(64)
        .enumerate()
        .filter(|(_, w)| w.corrected)
        .fold(0, |m, (i, _)| m | 1u64 << i)
}

fn same_element(a: &Target, b: &Target) -> bool {
    matches!((a, b), (Target::Element { element: x, .. }, Target::Element { element: y, .. }) if x == y)
}

/// The most specific element the candidate's place matched.
fn deepest_element(index: &Index, search: &Search, c: &Candidate) -> Option<u32> {
    let row = index.place(c.place.place)?;
    let assigned: Vec<u32> = c
        .place
        .assigned()
        .iter()
        .map(|&m| search.matches[m as usize].element)
        .collect();
    // Slots in address order: group, thoroughfares, localities, post town, counties.
    row.elements()
        .into_iter()
        .find(|e| *e != NONE && assigned.contains(e))
}

fn target_of(index: &Index, search: &Search, c: &Candidate) -> Target {
    if let Some(ap) = c.address_point {
        return Target::AddressPoint(ap);
    }
    if let Some(b) = c.building {
        return Target::Building(b);
    }
    match deepest_element(index, search, c) {
        Some(element) => Target::Element {
            element,
            place: c.place.place,
        },
        None => Target::None,
    }
}

/// Whether the text's best reading is consistent with address point `ap`: the same point, or a
/// building or element containing it, with no number or leftover word contradicting it.
fn text_agrees_with(index: &Index, best: &Answer, ap: u32) -> bool {
    let Some(row) = index.address_point(ap) else {
        return false;
    };
    match best.target {
        // Words the point does not explain (another town, another street) contradict it.
        Target::AddressPoint(p) => p == ap && best.complete,
        Target::Building(b) => b == row.building && !best.candidate.number_unmatched,
        Target::Element { .. } => {
            index.place_of_building(row.building) == Some(best.candidate.place.place)
                && !best.candidate.number_unmatched
                && best.candidate.numbers_used == 0
        }
        Target::None => false,
    }
}

/// A unique address point answer with `result` (or 200 when it has no Eircode).
pub fn point(index: &Index, ap: u32, result: FindResult) -> Classification {
    let row = index.address_point(ap);
    let mut c = Classification::simple(result);
    c.target = Target::AddressPoint(ap);
    c.unique = true;
    c.match_level = point_level(index, ap);
    if let Some(row) = row {
        if row.eircode == NONE && matches!(result, FindResult::PostcodeAppended) {
            c.result = FindResult::PostcodeNotAvailable;
            c.postcode_not_available = Some(if row.flags & AddressPointRow::MAIL_DELIVERY == 0 {
                PostcodeNotAvailable::NoMailDelivery
            } else {
                PostcodeNotAvailable::NoRoutingKey
            });
        }
    }
    c
}

fn point_level(index: &Index, ap: u32) -> MatchLevel {
    match index.address_point(ap) {
        Some(r) if r.flags & AddressPointRow::HAS_ORGANISATION != 0 => MatchLevel::Organisation,
        Some(r) if r.sub_building != NONE => MatchLevel::SubAddressPoint,
        _ => MatchLevel::AddressPoint,
    }
}

fn element_level(index: &Index, element: u32) -> MatchLevel {
    match index.element_kind(element) {
        Some(ElementKind::BuildingGroup) => MatchLevel::BuildingGroup,
        Some(ElementKind::Thoroughfare) => MatchLevel::Thoroughfare,
        Some(ElementKind::Locality) => MatchLevel::Locality,
        Some(ElementKind::PostTown) => MatchLevel::PostTown,
        Some(ElementKind::County) => MatchLevel::County,
        Some(ElementKind::BuildingName) => MatchLevel::Building,
        Some(ElementKind::Organisation) => MatchLevel::Organisation,
        None => MatchLevel::Unknown,
    }
}

fn from_answer(index: &Index, search: &Search, best: &Answer) -> Classification {
    let plan = &search.plan;
    let mut c = Classification::simple(FindResult::NoAddressMatch);
    c.unmatched_words = unexplained_words(search, &best.candidate, best.reconciled)
        .into_iter()
        .filter(|&i| search.word_weights[i] > NEGLIGIBLE_WEIGHT)
        .collect();
    c.unmatched_numbers = (0..plan.numbers.len())
        .filter(|&i| best.candidate.numbers_used & (1 << i) == 0)
        .collect();
    c.spelling_changed = best.typos;
    c.target = best.target;
    c.match_level = match best.target {
        Target::AddressPoint(ap) => point_level(index, ap),
        Target::Building(_) => MatchLevel::Building,
        Target::Element { element, .. } => element_level(index, element),
        Target::None => MatchLevel::Unknown,
    };
    // Ties between address points with one postal address: a shared (non-unique) address.
    if best.tied && same_postal_address(index, &best.ties) {
        let aps: Vec<u32> = best
            .ties
            .iter()
            .filter_map(|t| match t {
                Target::AddressPoint(ap) => Some(*ap),
                _ => None,
            })
            .collect();
        c.result = FindResult::NonUniqueAddress;
        c.options = OptionSet::AddressPoints(aps);
        return c;
    }
    // Tied places that render the same postal address, named in full by the text (two
    // localities called NEWTOWN in post town COBH): their unnumbered points share it, with any
    // tied house of that address (THE LODGE in the post town's own locality beside the townland
    // THE LODGE). A tied house with another address (AN GRIANÁN beside the townland of that
    // Irish name, GRENAN) is another answer: then the tie stands.
    let tied_place = best
        .ties
        .iter()
        .find(|t| matches!(t, Target::Element { .. }))
        .copied();
    if let Some(place) = tied_place.filter(|_| best.tied && best.complete) {
        let named = named_points(index, search, &best.tied_candidates, |c| {
            deepest_element(index, search, c)
        });
        if let Some(shared) = with_tied_houses(index, &best.ties, named) {
            // The answer is the shared address, never one house's Eircode.
            c.target = place;
            return shared_answer(index, c, shared);
        }
    }
    // Ties between different addresses: the input lacks what tells them apart.
    if best.tied {
        c.result = if c.unmatched_words.is_empty() {
            FindResult::IncompleteAddressEntered
        } else {
            FindResult::PartialAddressMatch
        };
        c.options = OptionSet::Candidates(best.ties.clone());
        c.target = level::shared_by_ties(index, search, &best.ties);
        c.match_level = match c.target {
            Target::Element { element, .. } => element_level(index, element),
            _ => MatchLevel::Unknown,
        };
        return c;
    }
    // Something left over that no element explains: partial.
    if !best.complete {
        c.result = FindResult::PartialAddressMatch;
        if let Target::AddressPoint(_) = best.target {
            c.unique = true;
        } else {
            c.options = OptionSet::Below(best.target);
        }
        return c;
    }
    match best.target {
        Target::AddressPoint(ap) => {
            let mut p = point(index, ap, FindResult::PostcodeAppended);
            p.spelling_changed = c.spelling_changed;
            p.unmatched_numbers = c.unmatched_numbers;
            p
        }
        Target::Building(_) | Target::Element { .. } => {
            let mut shared = if place_fully_named(index, search, &best.candidate)
                || matches!(best.target, Target::Building(_))
            {
                shared_points(index, &best.target)
            } else {
                Vec::new()
            };
            // The best candidate is a street inside the town the text names: the town's own
            // place holds the points with the town's address. One point is an answer only when
            // no namesake place renders the same address (two localities both AN CNOC in
            // Irish in one post town).
            if shared.len() <= 1 && matches!(best.target, Target::Element { .. }) {
                shared.extend(named_points(index, search, &best.tied_candidates, |c| {
                    deepest_element(index, search, c)
                }));
                shared.sort_unstable();
                shared.dedup();
            }
            if !shared.is_empty() {
                return shared_answer(index, c, shared);
            }
            c.result = FindResult::IncompleteAddressEntered;
            c.options = OptionSet::Below(best.target);
            c
        }
        Target::None => c,
    }
}

/// The answer for points sharing the text's postal address: the point itself when there is
/// one, else 300 NonUniqueAddress listing them.
fn shared_answer(index: &Index, mut c: Classification, shared: Vec<u32>) -> Classification {
    if let [only] = shared[..] {
        let mut p = point(index, only, FindResult::PostcodeAppended);
        p.spelling_changed = c.spelling_changed;
        return p;
    }
    c.result = FindResult::NonUniqueAddress;
    c.match_level = shared
        .first()
        .map_or(MatchLevel::AddressPoint, |&ap| point_level(index, ap));
    c.options = OptionSet::AddressPoints(shared);
    c
}

/// Whether the query names every element of the candidate's place above the counties: the
/// place's own address is then what was typed.
fn place_fully_named(index: &Index, search: &Search, c: &Candidate) -> bool {
    let Some(row) = index.place(c.place.place) else {
        return false;
    };
    let assigned = assigned_elements(search, c);
    [
        row.group,
        row.thoroughfare,
        row.thoroughfare2,
        row.locality,
        row.locality2,
    ]
    .into_iter()
    .all(|e| e == NONE || assigned.contains(&e))
}

/// The tied places' shared points `named` with the tied houses that render the same postal
/// address as one of them, in English or in Irish (the Irish text of a house in the post town's
/// own locality can be a townland's: AN GRIANÁN, DÚRLAS); `None` when there are no such points or
/// a tied house or building has another address.
fn with_tied_houses(index: &Index, ties: &[Target], mut named: Vec<u32>) -> Option<Vec<u32>> {
    if named.is_empty() {
        return None;
    }
    let mut houses = Vec::new();
    for t in ties {
        match *t {
            Target::AddressPoint(ap) => {
                let same_as = |n: &u32| {
                    let pair = [Target::AddressPoint(*n), Target::AddressPoint(ap)];
                    same_postal_address(index, &pair)
                        || same_postal_address_in(
                            index,
                            &pair,
                            crate::ecad::address::Language::Irish,
                        )
                };
                if !named.contains(&ap) && !named.iter().take(MAX_TIED_CANDIDATES).any(same_as) {
                    return None;
                }
                houses.push(ap);
            }
            Target::Building(_) => return None,
            Target::Element { .. } | Target::None => {}
        }
    }
    named.extend(houses);
    named.sort_unstable();
    named.dedup();
    Some(named)
}

/// Whether every tied target is an address point and all render the same postal address.
fn same_postal_address(index: &Index, ties: &[Target]) -> bool {
    same_postal_address_in(index, ties, crate::ecad::address::Language::English)
}

/// [`same_postal_address`] in language `lang`.
fn same_postal_address_in(
    index: &Index,
    ties: &[Target],
    lang: crate::ecad::address::Language,
) -> bool {
    let mut first: Option<Vec<String>> = None;
    for t in ties {
        let Target::AddressPoint(ap) = *t else {
            return false;
        };
        let Some(parts) = index.address_point_parts(ap) else {
            return false;
        };
        let lines = crate::ecad::address::postal_address(&parts, lang);
        let lines = lines.lines_without_eircode().to_vec();
        match &first {
            None => first = Some(lines),
            Some(f) if *f != lines => return false,
            _ => {}
        }
    }
    ties.len() > 1
}

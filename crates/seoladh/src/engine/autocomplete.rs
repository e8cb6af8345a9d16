//! Autocomplete: suggestions for partial input, each with a `next` link that runs Find Address.
//!
//! With `country=ni|gb` the suggestions come from the UK addresses ([`uk_suggest`]). Otherwise
//! an Eircode or Eircode prefix (`A86`, `a86 v`, `A86VC0`) completes through the Eircode fst. Any
//! other text runs the matcher in autocomplete mode (the last word is a prefix, typos allowed)
//! and each ranked candidate becomes one suggestion: an address point when the input singles one
//! out, a building with several units or a whole street, estate or townland as one grouped
//! option that drills down.

use fst::{IntoStreamer, Streamer};

use crate::api::{AddressOption, AutocompleteRequest, AutocompleteResponse, Country, LinkContext};
use crate::classify::Target;
use crate::engine::find::option_with;
use crate::engine::recent::{rendered, Key};
use crate::engine::{uk_suggest, Engine, Scratch};
use crate::group::{self, OptionItem};
use crate::index::{EircodeHit, Index, PartsCache};
use crate::limits::{MAX_SUGGESTIONS, MAX_SUGGESTION_POOL, MAX_TIED_POOL};
use crate::search::{search_with, Candidate, Mode, Search};

/// Answers Autocomplete.
pub(crate) fn autocomplete(
    engine: &Engine,
    req: &AutocompleteRequest,
    links: &LinkContext,
    scratch: &mut Scratch,
) -> AutocompleteResponse {
    let index = engine.index();
    let lang = req.options.language;
    let irish = lang == crate::ecad::address::Language::Irish;
    let key = Key::new(&req.address, irish, req.options.country);
    let cached = engine.remember.then(|| engine.recent.get(&key)).flatten();
    let items = match cached {
        Some(items) => items,
        None => {
            let mut items = match (req.options.country, eircode_prefix(key.text())) {
                (Country::Ni | Country::Gb, _) => {
                    uk_suggest::suggestions(engine, key.text(), req.options.country)
                }
                (_, Some(prefix)) => eircode_suggestions(index, &prefix, lang),
                (_, None) => text_suggestions(index, key.text(), lang, scratch),
            };
            group::make_distinct(&mut items, &group::IndexTiebreak { index, lang });
            if engine.remember {
                engine.recent.put(key, &items);
            }
            items
        }
    };
    let next = links.option_links(&req.options);
    let options: Vec<AddressOption> = items
        .into_iter()
        .map(|item| option_with(&next, item))
        .collect();
    AutocompleteResponse::new(options, req, links)
}

/// The input as an Eircode prefix (upper case, no spaces), when it reads as one: a routing key
/// (`A86`, `D6W`) followed by up to four more characters.
fn eircode_prefix(text: &str) -> Option<String> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    if compact.len() < 3 || compact.len() > 7 || !compact.is_ascii() {
        return None;
    }
    let key = &compact[..3];
    crate::text::eircode::is_routing_key(key).then_some(())?;
    compact[3..]
        .chars()
        .all(|c| c.is_ascii_alphanumeric())
        .then_some(compact)
}

fn eircode_suggestions(
    index: &Index,
    prefix: &str,
    lang: crate::ecad::address::Language,
) -> Vec<OptionItem> {
    let mut out = Vec::new();
    if prefix.len() == 7 {
        if let Some(EircodeHit::Current(ap)) = index.eircode(prefix) {
            out.extend(group::point_item(index, ap, lang));
        }
        return out;
    }
    let automaton = fst::automaton::Str::new(prefix);
    let mut stream = index
        .eircodes()
        .search(fst::Automaton::starts_with(automaton))
        .into_stream();
    while let Some((_, v)) = stream.next() {
        if v >> 32 != 0 {
            continue; // a historical Eircode
        }
        if let Some(item) = group::point_item(index, v as u32, lang) {
            out.push(item);
        }
        if out.len() >= MAX_SUGGESTIONS {
            break;
        }
    }
    out
}

fn text_suggestions(
    index: &Index,
    text: &str,
    lang: crate::ecad::address::Language,
    scratch: &mut Scratch,
) -> Vec<OptionItem> {
    let s = search_with(index, text, Mode::Autocomplete, &mut scratch.search);
    let typed = crate::text::normalise(text);
    let typed: Vec<&str> = typed.split(' ').filter(|w| !w.is_empty()).collect();
    // With two words or more typed, read past the options shown for those that begin with
    // them: the address the user is spelling out ranks below look-alikes that hold the same
    // words elsewhere (`28 Old School` is `28 Old School House Road`, not `Apartment 28, Old
    // School Lodge`). One word begins too many addresses to be worth the extra rendering.
    let pool = if typed.len() >= 2 {
        MAX_SUGGESTION_POOL
    } else {
        MAX_SUGGESTIONS
    };
    let ordering = pool > MAX_SUGGESTIONS;
    // Suggestions often share a street: its parts are read once.
    let mut cache = PartsCache::default();
    let mut seen: Vec<Target> = Vec::new();
    let mut out: Vec<(OptionItem, Target)> = Vec::new();
    let mut begins: Vec<bool> = Vec::new();
    let mut beginning = 0;
    let mut tie: Option<f32> = None;
    // Per option: the run of candidates of one score it comes from, and its name's length.
    let mut tiers: Vec<(usize, usize)> = Vec::new();
    let mut tier = 0;
    for c in &s.candidates {
        // Once as many options begin with the words as are shown, no later one can come
        // before them: the rest of the pool need not be rendered.
        if beginning >= MAX_SUGGESTIONS {
            break;
        }
        // Past the pool, read on through the candidates the matcher cannot tell from the last
        // one read (`Árasán 29, Curragh Hall Lodge` among dozens of apartments 29 in blocks
        // of look-alike buildings): only their rendered names can say which begins with the
        // typed words.
        if out.len() >= pool && !(ordering && out.len() < MAX_TIED_POOL && tie == Some(c.score)) {
            break;
        }
        if tie.is_some_and(|t| t != c.score) {
            tier += 1;
        }
        tie = Some(c.score);
        let target = suggestion_target(index, &s, c);
        // A group of a few addresses is shown as those addresses: each explains the input as
        // well as the group does.
        let targets = match group::small_group(index, &target, MAX_SMALL_GROUP) {
            Some(aps) => aps.into_iter().map(Target::AddressPoint).collect(),
            // The one address of the place's own text follows its group, as Find answers it
            // (`Kilmacullagh, Greystones, Co. Wicklow` is a point among the townland's 96).
            None if matches!(target, Target::Element { .. }) => std::iter::once(target)
                .chain(crate::classify::own_point(index, &s, c).map(Target::AddressPoint))
                .collect(),
            None => vec![target],
        };
        for target in targets {
            let same = |t: &Target| match (t, &target) {
                (Target::Element { element: a, .. }, Target::Element { element: b, .. }) => a == b,
                (a, b) => a == b,
            };
            if target == Target::None || seen.iter().any(same) {
                continue;
            }
            seen.push(target);
            if let Some((item, name)) =
                rendered(index, &target, lang, &mut cache, &mut scratch.rendered)
            {
                if ordering {
                    let b = begins_with_normalised(&name, &typed);
                    beginning += usize::from(b);
                    begins.push(b);
                    tiers.push((tier, name.split(' ').count()));
                }
                out.push((item, target));
            }
        }
    }
    if ordering {
        // Irish words typed for an English answer: the Irish names may be what is spelt out
        // (`44 Cúirt Harbour`), so read those too, only when no English name fits.
        let other = match lang {
            crate::ecad::address::Language::English => crate::ecad::address::Language::Irish,
            _ => crate::ecad::address::Language::English,
        };
        if beginning == 0 && (other == lang || looks_irish(&typed)) {
            let mut cache = PartsCache::default();
            for ((_, target), b) in out.iter().zip(begins.iter_mut()) {
                *b = rendered(index, target, other, &mut cache, &mut scratch.rendered)
                    .is_some_and(|(_, name)| begins_with_normalised(&name, &typed));
            }
        }
        // Stable: within each side the matcher's order stands, and of options it cannot tell
        // apart the shorter comes first (the typed words are more of it: `99 Avondale ` is
        // more likely 99 AVONDALE COURT, CORK than a name twice as long).
        let mut order: Vec<usize> = (0..out.len()).collect();
        order.sort_by_key(|&i| {
            let (tier, len) = tiers.get(i).copied().unwrap_or((usize::MAX, 0));
            (!begins.get(i).copied().unwrap_or(false), tier, len, i)
        });
        let mut items: Vec<Option<OptionItem>> = out.into_iter().map(|(i, _)| Some(i)).collect();
        return order
            .into_iter()
            .filter_map(|i| items.get_mut(i).and_then(Option::take))
            .take(MAX_SUGGESTIONS)
            .collect();
    }
    out.into_iter().map(|(item, _)| item).collect()
}

/// Most addresses a group holds for Autocomplete to list them instead of the group.
const MAX_SMALL_GROUP: usize = 5;

/// Whether a typed word is an Irish word or particle (`cuirt`, `an`, `bothar`).
fn looks_irish(typed: &[&str]) -> bool {
    let lex = crate::text::lexicon::lexicon();
    typed.iter().any(|w| {
        let info = lex.info(w);
        info.is_irish_stem() || info.is_particle()
    })
}

/// Whether `name`, normalised, begins with the `typed` words in order, the last one as a
/// prefix (it may be half typed).
#[cfg(test)]
fn begins_with(name: &str, typed: &[&str]) -> bool {
    begins_with_normalised(&crate::text::normalise(name), typed)
}

/// `begins_with` for a name normalised already.
fn begins_with_normalised(name: &str, typed: &[&str]) -> bool {
    let Some((last, whole)) = typed.split_last() else {
        return false;
    };
    let mut words = name.split(' ');
    // One whole word of five letters or more may be one slip off (`Apartent`); a unit word
    // stands for the name's in either language (`Árasán 29` is `APARTMENT 29`).
    let mut slips = 0;
    whole.iter().all(|w| {
        words.next().is_some_and(|n| {
            n == *w
                || (crate::search::plan::is_unit_like(w) && crate::search::plan::is_unit_like(n))
                || (slips == 0
                    && w.len() >= 5
                    && crate::text::lexicon::one_slip(n.as_bytes(), w.as_bytes())
                    && {
                        slips += 1;
                        true
                    })
        })
    }) && words.next().is_some_and(|w| w.starts_with(last))
}

/// What a candidate suggests: its address point, its building, or its deepest element.
fn suggestion_target(index: &Index, s: &Search, c: &Candidate) -> Target {
    if let Some(ap) = c.address_point {
        return Target::AddressPoint(ap);
    }
    if let Some(b) = c.building {
        return Target::Building(b);
    }
    let Some(row) = index.place(c.place.place) else {
        return Target::None;
    };
    let assigned: Vec<u32> = c
        .place
        .assigned()
        .iter()
        .map(|&m| s.matches[m as usize].element)
        .collect();
    match row
        .elements()
        .into_iter()
        .find(|e| *e != crate::index::NONE && assigned.contains(e))
    {
        // A place with a single address point suggests it directly.
        Some(_) if row.building_count == 1 => index
            .building(row.building_start)
            .filter(|b| b.ap_count == 1)
            .map_or(Target::Building(row.building_start), |b| {
                Target::AddressPoint(b.ap_start)
            }),
        Some(element) => Target::Element {
            element,
            place: c.place.place,
        },
        None => Target::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eircode_prefixes_are_recognised() {
        assert_eq!(eircode_prefix("a86"), Some("A86".into()));
        assert_eq!(eircode_prefix("A86 V"), Some("A86V".into()));
        assert_eq!(eircode_prefix("a86vc0"), Some("A86VC0".into()));
        assert_eq!(eircode_prefix("d6w"), Some("D6W".into()));
        assert_eq!(eircode_prefix("main"), None);
        assert_eq!(eircode_prefix("a86 vc04 x"), None);
        assert_eq!(eircode_prefix("12"), None);
    }

    #[test]
    fn begins_with_reads_the_last_word_as_a_prefix() {
        let name = "1 MELITTA ROAD, BOSTONCOMMON, KILDARE";
        assert!(begins_with(name, &["1", "melitta", "ro"]));
        assert!(begins_with(name, &["1", "melitta", "road"]));
        assert!(!begins_with(name, &["1", "melitta", "park"]));
        assert!(!begins_with(name, &["melitta", "road"]));
        assert!(!begins_with("APARTMENT 1, MELITTA ROAD", &["1", "melitta"]));
        assert!(begins_with(
            "ST. JOSEPH'S PARK, TUAM",
            &["st", "josephs", "p"]
        ));
        assert!(!begins_with(name, &[]));
        // One slip in a whole word of five letters or more, not two, not in a short word.
        assert!(begins_with(name, &["1", "melita", "road"]));
        assert!(!begins_with(name, &["1", "melita", "raod", "b"]));
        assert!(!begins_with("12 MAIN ST", &["12", "mian", "s"]));
        // A unit word in Irish stands for the English one.
        let flat = "APARTMENT 29, CURRAGH HALL LODGE, DUBLIN 13";
        assert!(begins_with(flat, &["arasan", "29", "curragh", "h"]));
        assert!(!begins_with(flat, &["arasan", "29", "hall", "c"]));
    }
}

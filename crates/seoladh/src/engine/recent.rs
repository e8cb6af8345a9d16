//! Recent autocomplete answers, so a keystroke that adds nothing to search for (a space, a comma)
//! costs a lookup instead of a search.
//!
//! Measured with the keystroke replay (README): about one keystroke in six is a space or a
//! comma, and the matcher reads `8 Silver`, `8 Silver ` and `8 Silver,` alike (trailing spaces
//! and commas give it no token), so those keystrokes are answered from here. The cache is small,
//! shared by all callers (a session's previous keystroke is nearly always among the last few
//! entries) and bounded by [`RECENT_SUGGESTIONS`].
//!
//! Each caller's scratch also keeps the suggestions it rendered last ([`rendered`]): typing one more
//! letter mostly suggests the same addresses again, and rendering one (its parts, its lines)
//! costs more than the rest of its share of the request.

use std::collections::VecDeque;
use std::sync::Mutex;

use crate::api::Country;
use crate::classify::Target;
use crate::ecad::address::Language;
use crate::group::OptionItem;
use crate::index::{Index, PartsCache};
use crate::limits::{RECENT_RENDERED, RECENT_SUGGESTIONS};

/// What an answer depends on besides the index: the text with trailing spaces and commas
/// removed, the language of the options and the country searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    text: String,
    irish: bool,
    country: Country,
}

impl Key {
    /// The key of `text` in the given language and country.
    pub(crate) fn new(text: &str, irish: bool, country: Country) -> Key {
        Key {
            text: searchable(text).to_string(),
            irish,
            country,
        }
    }

    /// The text to search for.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }
}

/// `text` without what the matcher ignores at its end.
pub(crate) fn searchable(text: &str) -> &str {
    text.trim_end_matches(|c: char| c.is_whitespace() || c == ',')
}

/// The last [`RECENT_SUGGESTIONS`] answers, oldest first.
#[derive(Debug, Default)]
pub(crate) struct Recent {
    entries: Mutex<VecDeque<(Key, Vec<OptionItem>)>>,
}

impl Recent {
    /// The answer stored for `key`, if any.
    pub(crate) fn get(&self, key: &Key) -> Option<Vec<OptionItem>> {
        // A poisoned lock only means another thread panicked mid-update of a cache: skip it.
        let entries = self.entries.lock().ok()?;
        entries
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// Stores an answer, dropping the oldest beyond the bound.
    pub(crate) fn put(&self, key: Key, items: &[OptionItem]) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        if entries.iter().any(|(k, _)| *k == key) {
            return;
        }
        if entries.len() >= RECENT_SUGGESTIONS {
            entries.pop_front();
        }
        entries.push_back((key, items.to_vec()));
    }
}

/// A suggestion rendered for a target in a language, with its display name normalised.
#[derive(Debug)]
pub(crate) struct Rendered {
    instance: u64,
    target: Target,
    lang: Language,
    item: OptionItem,
    normalised: String,
}

/// The last [`RECENT_RENDERED`] suggestions a caller rendered, oldest first (part of its
/// [`Scratch`](super::Scratch)).
pub(crate) type RenderedCache = VecDeque<Rendered>;

/// The option for `target` in `lang` and its display name normalised (`text::normalise`), from
/// the renderings of `index` kept in `kept`, or rendered now (through `cache`) and kept.
pub(crate) fn rendered(
    index: &Index,
    target: &Target,
    lang: Language,
    cache: &mut PartsCache,
    kept: &mut RenderedCache,
) -> Option<(OptionItem, String)> {
    let instance = index.instance();
    let hit = kept
        .iter()
        .rev()
        .find(|r| r.instance == instance && r.lang == lang && r.target == *target)
        .map(|r| (r.item.clone(), r.normalised.clone()));
    if hit.is_some() {
        return hit;
    }
    let item = crate::group::target_item_cached(index, target, lang, cache)?;
    let normalised = crate::text::normalise(&item.display_name).into_owned();
    if kept.len() >= RECENT_RENDERED {
        kept.pop_front();
    }
    kept.push_back(Rendered {
        instance,
        target: *target,
        lang,
        item: item.clone(),
        normalised: normalised.clone(),
    });
    Some((item, normalised))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::OptionType;

    fn item(id: u64) -> OptionItem {
        OptionItem {
            option_type: OptionType::Standard,
            display_name: format!("{id}"),
            postcode: None,
            address_id: id,
            address_type: 2150,
            drill_text: None,
        }
    }

    #[test]
    fn trailing_spaces_and_commas_share_a_key() {
        let key = |t: &str, irish| Key::new(t, irish, Country::Ie);
        assert_eq!(key("8 Silver, ", false), key("8 Silver", false));
        assert_ne!(key("8 Silver", false), key("8 Silver", true));
        assert_ne!(key("8 Silver B", false), key("8 Silver", false));
        assert_ne!(
            Key::new("BT14", false, Country::Ni),
            Key::new("BT14", false, Country::Gb)
        );
        assert_eq!(searchable(" ,"), "");
    }

    #[test]
    fn keeps_the_most_recent_entries() {
        let recent = Recent::default();
        for i in 0..(RECENT_SUGGESTIONS as u64 + 1) {
            recent.put(Key::new(&i.to_string(), false, Country::Ie), &[item(i)]);
        }
        assert_eq!(recent.get(&Key::new("0", false, Country::Ie)), None);
        let last = RECENT_SUGGESTIONS as u64;
        assert_eq!(
            recent.get(&Key::new(&format!("{last} "), false, Country::Ie)),
            Some(vec![item(last)])
        );
    }

    /// Rendered options are kept per index: two indexes rendering the same target in turn
    /// each get their own option, the one `group` renders.
    #[test]
    fn rendered_options_are_kept_per_index() {
        let frozen = crate::index::frozen_for_tests();
        let fixture = crate::index::fixture_for_tests();
        let mut differ = 0;
        let mut kept_renderings = RenderedCache::new();
        for ap in 0..40 {
            let target = Target::AddressPoint(ap);
            for _ in 0..2 {
                let mut answers = Vec::new();
                for index in [&frozen, &fixture] {
                    for lang in [Language::English, Language::Irish] {
                        let direct = crate::group::target_item_cached(
                            index,
                            &target,
                            lang,
                            &mut PartsCache::default(),
                        );
                        let kept = rendered(
                            index,
                            &target,
                            lang,
                            &mut PartsCache::default(),
                            &mut kept_renderings,
                        );
                        assert_eq!(kept.as_ref().map(|k| &k.0), direct.as_ref());
                        if let (Some((item, name)), Some(d)) = (kept, direct) {
                            assert_eq!(name, crate::text::normalise(&d.display_name));
                            answers.push(item.display_name);
                        }
                    }
                }
                differ += usize::from(answers.first() != answers.get(2));
            }
        }
        assert!(differ > 20, "{differ} targets differ between the indexes");
    }
}

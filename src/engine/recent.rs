//! Recent autocomplete answers, so a keystroke that adds nothing to search for (a space, a comma)
//! costs a lookup instead of a search.
//!
//! Measured with the keystroke replay (README): about one keystroke in six is a space or a
//! comma, and the matcher reads `8 Silver`, `8 Silver ` and `8 Silver,` alike (trailing spaces
//! and commas give it no token), so those keystrokes are answered from here. The cache is small,
//! shared by all callers (a session's previous keystroke is nearly always among the last few
//! entries) and bounded by [`RECENT_SUGGESTIONS`].

use std::collections::VecDeque;
use std::sync::Mutex;

use crate::group::OptionItem;
use crate::limits::RECENT_SUGGESTIONS;

/// What an answer depends on besides the index: the text with trailing spaces and commas
/// removed, and the language of the options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    text: String,
    irish: bool,
}

impl Key {
    /// The key of `text` in the given language.
    pub(crate) fn new(text: &str, irish: bool) -> Key {
        Key {
            text: searchable(text).to_string(),
            irish,
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
        }
    }

    #[test]
    fn trailing_spaces_and_commas_share_a_key() {
        assert_eq!(Key::new("8 Silver, ", false), Key::new("8 Silver", false));
        assert_ne!(Key::new("8 Silver", false), Key::new("8 Silver", true));
        assert_ne!(Key::new("8 Silver B", false), Key::new("8 Silver", false));
        assert_eq!(searchable(" ,"), "");
    }

    #[test]
    fn keeps_the_most_recent_entries() {
        let recent = Recent::default();
        for i in 0..(RECENT_SUGGESTIONS as u64 + 1) {
            recent.put(Key::new(&i.to_string(), false), &[item(i)]);
        }
        assert_eq!(recent.get(&Key::new("0", false)), None);
        let last = RECENT_SUGGESTIONS as u64;
        assert_eq!(
            recent.get(&Key::new(&format!("{last} "), false)),
            Some(vec![item(last)])
        );
    }
}

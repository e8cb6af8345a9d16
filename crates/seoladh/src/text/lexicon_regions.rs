//! Counties and Dublin postal districts: their types, and the lexicon's readings of them in
//! every form (`Co. Cork`, `Contae Chorcaí`, `cocork`, a misspelt `Co. Tipperar`, `D6W`,
//! `Dublin 06`, `BÁC 6W`, a misspelt `Dublio 7`).

use super::{lexicon, one_slip, Lexicon};
use crate::text::mutation::strip_any;
use crate::text::{normalise, typo_budget};

/// One of the 32 counties of Ireland (1–26 the Republic, alphabetical; 27–32 Northern Ireland).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct County(pub(super) u8);

impl County {
    /// The county of an id from the data (`0` is none).
    pub(in crate::raw::text) fn from_id(id: u8) -> Option<County> {
        (id != 0).then_some(County(id))
    }

    /// The id, 1–32.
    pub fn id(self) -> u8 {
        self.0
    }

    /// The English name, lower case (`cork`): the token text of a county.
    pub fn name(self) -> &'static str {
        lexicon()
            .county_names
            .get(self.0 as usize)
            .copied()
            .unwrap_or("")
    }

    /// Whether the county is in Northern Ireland.
    pub fn is_northern_ireland(self) -> bool {
        self.0 > 26
    }
}

/// A Dublin postal district: 1–18, 20, 22, 24 and 6W.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DublinDistrict(pub(super) u8);

/// Token texts of the districts, indexed by the inner number (0 = 6W).
pub(super) const DISTRICT_CODES: [&str; 25] = [
    "d6w", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11", "d12", "d13", "d14",
    "d15", "d16", "d17", "d18", "", "d20", "", "d22", "", "d24",
];

impl DublinDistrict {
    /// Reads the district part: `6w`, `06`, `6`, `24` (lower case, leading zeros allowed).
    pub fn from_code(code: &str) -> Option<DublinDistrict> {
        if code.eq_ignore_ascii_case("6w") || code.eq_ignore_ascii_case("06w") {
            return Some(DublinDistrict(0));
        }
        if code.is_empty() || code.len() > 3 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u8 = code.parse().ok()?;
        let ok = matches!(n, 1..=18 | 20 | 22 | 24);
        ok.then_some(DublinDistrict(n))
    }

    /// The district number (6 for 6W).
    pub fn number(self) -> u8 {
        if self.0 == 0 {
            6
        } else {
            self.0
        }
    }

    /// Whether this is 6W.
    pub fn is_6w(self) -> bool {
        self.0 == 0
    }

    /// The token text (`d6w`, `d8`).
    pub fn code(self) -> &'static str {
        DISTRICT_CODES[self.0 as usize]
    }

    /// The Eircode routing key of the district (`D08`, `D6W`).
    pub fn routing_key(self) -> String {
        if self.0 == 0 {
            "D6W".to_owned()
        } else {
            format!("D{:02}", self.0)
        }
    }

    /// The post town name (`DUBLIN 6W`).
    pub fn name(self) -> String {
        if self.0 == 0 {
            "DUBLIN 6W".to_owned()
        } else {
            format!("DUBLIN {}", self.0)
        }
    }
}

impl Lexicon {
    /// The county named by `words` (normalised text, one or more words, optionally with a marker):
    /// `cork`, `corcaigh`, `co chorcai`, `na mi`, `county meath`, `cocork`.
    pub fn county(&self, words: &str) -> Option<County> {
        let norm = normalise(words);
        let mut ws: Vec<&str> = norm.split(' ').filter(|w| !w.is_empty()).collect();
        if ws.len() > 1 && self.is_county_marker(ws[0]) {
            ws.remove(0);
        } else if ws.len() == 1 {
            if let Some(c) = self.glued_county(ws[0]) {
                return Some(c);
            }
        }
        let mut key = String::new();
        match self.match_county(&ws, &mut key) {
            Some((c, n)) if n == ws.len() => Some(c),
            _ => None,
        }
    }

    /// A county glued to its marker: `cocork`, `countymeath`.
    pub(crate) fn glued_county(&self, word: &str) -> Option<County> {
        for m in ["county", "co"] {
            if let Some(rest) = word.strip_prefix(m) {
                if rest.len() >= 2 {
                    if let Some(c) = self.county_word(rest) {
                        return Some(c);
                    }
                }
            }
        }
        None
    }

    /// [`Lexicon::match_county`] of one word, without building a key: the county one of whose
    /// forms is this single word (`cork`, `chorcai`, `mi`).
    pub(crate) fn county_word(&self, word: &str) -> Option<County> {
        self.roles(word).county()
    }

    /// [`Lexicon::county_word`] by its rule (the roles table is built from this).
    pub(in crate::raw::text) fn county_word_by_rule(&self, word: &str) -> Option<County> {
        if is_article(word) {
            return None;
        }
        // Every one-word key has its word flagged as a county's first word, so the lookup alone
        // answers what `match_county` answers.
        let id = self.county_index.get(strip_any(word).as_ref())?;
        Some(County(id as u8))
    }

    /// Longest county name at the start of `words` (at most 4 words; a leading article allowed).
    /// Returns the county and how many words it used. `key` is scratch space.
    pub(crate) fn match_county(&self, words: &[&str], key: &mut String) -> Option<(County, usize)> {
        let first = words.iter().position(|w| !is_article(w))?;
        if first > 1 || !self.info(strip_any(words[first]).as_ref()).starts_county() {
            return None;
        }
        let max = words.len().min(first + 4);
        for n in (first + 1..=max).rev() {
            county_key(&words[..n], key);
            if let Some(id) = self.county_index.get(key.as_str()) {
                return Some((County(id as u8), n));
            }
        }
        None
    }

    /// The county one of whose one-word forms is within a typo of `word` (one edit for four to
    /// seven letters, two from eight), when exactly one county is nearest: `tipperar`,
    /// `doengal` after a county marker. Short words never match (`co. cork` has no typo room).
    /// Returns the county and the edits.
    pub(crate) fn near_county(&self, word: &str) -> Option<(County, u8)> {
        let chars = word.chars().count();
        let budget = typo_budget(chars) as usize;
        if budget == 0 {
            return None;
        }
        let mut best: Option<(usize, u8)> = None;
        let mut tied = false;
        for (key, id) in &self.county_words {
            if key.chars().count().abs_diff(chars) > budget {
                continue;
            }
            let d = strsim::damerau_levenshtein(word, key);
            if d > budget {
                continue;
            }
            match best {
                Some((b, bid)) if d == b && bid != *id => tied = true,
                Some((b, _)) if d >= b => {}
                _ => {
                    best = Some((d, *id));
                    tied = false;
                }
            }
        }
        let (d, id) = best.filter(|_| !tied)?;
        Some((County::from_id(id)?, d as u8))
    }

    /// The Dublin district named by `text`: `d6w`, `D6W`, `dublin 6w`, `Dublin6W`, `dublin 06`,
    /// `baile atha cliath 6w`, `BÁC 6W`.
    pub fn dublin_district(&self, text: &str) -> Option<DublinDistrict> {
        let norm = normalise(text);
        let ws: Vec<&str> = norm.split(' ').filter(|w| !w.is_empty()).collect();
        match self.match_district(&ws) {
            Some((d, n, _)) if n == ws.len() => Some(d),
            _ => None,
        }
    }

    /// A Dublin district at the start of `words` (normalised words); returns it, the words used
    /// and the edits that corrected a misspelt `dublin` (`dublio 7`).
    pub(crate) fn match_district(&self, words: &[&str]) -> Option<(DublinDistrict, usize, u8)> {
        let w0 = *words.first()?;
        // `d6w`, `d08`
        if let Some(code) = w0.strip_prefix('d') {
            if let Some(d) = DublinDistrict::from_code(code) {
                return Some((d, 1, 0));
            }
        }
        let mut edits = 0;
        let prefix_len = match words {
            ["dublin" | "d" | "bac" | "dub", ..] => 1,
            // `Dubiln 6W`, `Dulin 22`: one slip in `dublin` before a district number.
            [w, ..] if one_slip(w.as_bytes(), b"dublin") => {
                edits = 1;
                1
            }
            ["b", "a", "c", ..] => 3,
            // Any word of the three may come lenited (`Bhaile Átha Chliath`).
            [b, a, c, ..]
                if strip_any(b) == "baile"
                    && strip_any(a) == "atha"
                    && strip_any(c) == "cliath" =>
            {
                3
            }
            _ => return None,
        };
        let code = words.get(prefix_len)?;
        DublinDistrict::from_code(code).map(|d| (d, prefix_len + 1, edits))
    }
}

fn is_article(w: &str) -> bool {
    matches!(w, "an" | "na")
}

/// The county lookup key: articles dropped, every mutation removed, words joined by spaces.
pub(super) fn county_key(words: &[&str], key: &mut String) {
    key.clear();
    for w in words.iter().filter(|w| !is_article(w)) {
        if !key.is_empty() {
            key.push(' ');
        }
        key.push_str(&strip_any(w));
    }
}

//! The lexicon: street types and their abbreviations (English and Irish), qualifiers, unit words,
//! counties (English and Irish, with `Co.`/`County`/`Contae`), Dublin postal districts in every
//! form, English↔Irish equivalences and Irish initial mutations.
//!
//! The data lives in `src/text/data/*.txt` (sources and licences in `data/SOURCES.md`), is compiled
//! in with `include_str!` and loaded once into `fst` maps ([`Lexicon::words_fst`],
//! [`Lexicon::counties_fst`]: sorted, searchable with prefix or Levenshtein automata by the
//! matcher). Exact lookups on the hot path go through a small hash index built from the same
//! entries (an `fst` walk costs ~10× more per short word, measured in `benches/text.rs`). The
//! tokeniser's one lookup per word goes to the roles table (`roles.rs`), which adds to
//! each word's [`WordInfo`] what the county and mutation rules say of it. Counties and Dublin
//! districts, their types and every reading of them, are in `lexicon_regions.rs`.
//!
//! # Irish initial mutations
//! Irish words change their first letters after articles and particles: séimhiú (`bhóthar`),
//! urú (`gcloch`, `mbaile`, `ndún`, `bhfear`, `bpáirc`, `dtobar`, `ngall`, `n-uisce`), h-prothesis
//! (`na habhann`) and t-prothesis (`an tsráid`, `an t-oileán`). The rule that keeps English words
//! safe:
//! - after an Irish article or particle (`an`, `na`, `sa`, `ar`, `i`, `uí` … see
//!   `data/irish_particles.txt`) every mutation is removed;
//! - anywhere else only séimhiú, urú and `ts` are removed, and only when what remains is a known
//!   Irish word (`data/irish_stems.txt` or an Irish street type). h- and t-prothesis before a vowel
//!   are never removed outside that context (`hard`, `tower` stay).
//!
//! So `bhothar`→`bothar` and `gcloch`→`cloch` anywhere, `na habhann`→`abhann`, but `church`,
//! `shore`, `hill`, `harbour`, `tsar`, `nash`, `ndola`, `gcse`, `tower` are never changed.
//!
//! The tokens keep whatever this rule cannot safely undo (`chliath`, `an tinbhear`, and the
//! data's own `Lios Bheigne`). The matcher reads such a word both ways instead
//! ([`Lexicon::strip_mutation`], [`Lexicon::for_each_mutated_form`]): each reading is one more
//! candidate term, so an English word read wrongly costs only a failed lookup.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use fst::{Map, MapBuilder};

use super::mutation::{mutated_forms, mutation, mutation_keeping, Kind, Undo};
use super::roles::Roles;
use super::table::Index;

// Counties and Dublin districts: their types and readings.
#[path = "lexicon_regions.rs"]
mod regions;
use regions::{county_key, DISTRICT_CODES};
pub use regions::{County, DublinDistrict};

const STREET_TYPES_EN: &str = include_str!("data/street_types_en.txt");
const STREET_TYPES_GA: &str = include_str!("data/street_types_ga.txt");
const QUALIFIERS: &str = include_str!("data/qualifiers.txt");
const UNITS: &str = include_str!("data/units.txt");
const EQUIVALENTS: &str = include_str!("data/equivalents.txt");
const COUNTIES: &str = include_str!("data/counties.txt");
const PARTICLES: &str = include_str!("data/irish_particles.txt");
const STOPWORDS: &str = include_str!("data/stopwords.txt");
const IRISH_STEMS: &str = include_str!("data/irish_stems.txt");

/// Words that announce a county.
const COUNTY_MARKERS: [&str; 6] = ["chontae", "cnty", "co", "contae", "county", "cty"];

/// What the lexicon knows of a word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WordInfo(u64);

const CANON_BITS: u64 = 0xFFF;
const CLASS_SHIFT: u32 = 12;
const CLASS_MASK: u64 = 0x7;
const IRISH_STEM: u64 = 1 << 16;
const PARTICLE: u64 = 1 << 17;
const STOPWORD: u64 = 1 << 18;
const MARKER: u64 = 1 << 19;
const COUNTY_FIRST: u64 = 1 << 20;
const EQUIV_SHIFT: u32 = 24;
const EQUIV_MASK: u64 = 0xFFF;

/// The category of a word's canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordClass {
    /// English street or place type (`road`, `rd`).
    StreetType,
    /// Irish street or place type (`bothar`).
    IrishStreetType,
    /// Qualifier (`lower`, `lwr`, `saint`).
    Qualifier,
    /// Unit word (`apartment`, `apt`, `no`).
    Unit,
}

impl WordInfo {
    /// The info of packed bits (the roles table keeps them in its low bits).
    pub(super) fn from_bits(bits: u64) -> WordInfo {
        WordInfo(bits)
    }

    fn class_bits(self) -> u64 {
        (self.0 >> CLASS_SHIFT) & CLASS_MASK
    }

    /// The class of the word's canonical form, if it has one.
    pub fn class(self) -> Option<WordClass> {
        match self.class_bits() {
            1 => Some(WordClass::StreetType),
            2 => Some(WordClass::IrishStreetType),
            3 => Some(WordClass::Qualifier),
            4 => Some(WordClass::Unit),
            _ => None,
        }
    }

    /// Whether the word is a known Irish word (mutations may be removed to reach it).
    pub fn is_irish_stem(self) -> bool {
        self.0 & IRISH_STEM != 0 || self.class_bits() == 2
    }

    /// Whether the word is an Irish article or particle.
    pub fn is_particle(self) -> bool {
        self.0 & PARTICLE != 0
    }

    /// Whether the word is a stopword.
    pub fn is_stopword(self) -> bool {
        self.0 & STOPWORD != 0
    }

    /// Whether the word announces a county (`co`, `county`, `contae`).
    pub fn is_county_marker(self) -> bool {
        self.0 & MARKER != 0
    }

    /// Whether some county name starts with this word (after mutation removal).
    pub fn starts_county(self) -> bool {
        self.0 & COUNTY_FIRST != 0
    }
}

/// The lexicon, built once from the compiled-in data.
pub struct Lexicon {
    words: Map<Vec<u8>>,
    /// The words of `words` with their bits, in the same (byte) order: a prefix's words are a
    /// slice of it (an `fst` stream costs thousands of instructions a word, and autocomplete
    /// reads the words its last word begins at every keystroke).
    sorted: Vec<(String, u64)>,
    counties: Map<Vec<u8>>,
    word_index: Index,
    county_index: Index,
    roles: Index,
    canon: Vec<&'static str>,
    /// The fixed token texts in one string: `,`, `saint`, `street`, `doctor`, `drive`, the
    /// canonical forms, the county names and the district codes. The tokeniser points tokens
    /// into it instead of copying their text (see `Pool`).
    pool: String,
    /// Where each fixed text lies in `pool`.
    pool_at: Pool,
    equiv: Vec<Vec<&'static str>>,
    county_names: Vec<&'static str>,
    /// The one-word county keys of four letters or more, for [`Lexicon::near_county`].
    county_words: Vec<(String, u8)>,
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lexicon")
            .field("words", &self.words.len())
            .field("counties", &self.counties.len())
            .finish()
    }
}

/// Where the fixed token texts lie in [`Lexicon::pool`] (byte ranges).
#[derive(Debug, Default)]
pub(super) struct Pool {
    /// The separator `,`.
    pub(super) comma: (u32, u32),
    /// `saint`, `street`, `doctor`, `drive` (the readings of `st` and `dr`).
    pub(super) st_dr: [(u32, u32); 4],
    /// By canonical form, in the order of [`Lexicon::canonical_of`].
    canon: Vec<(u32, u32)>,
    /// By county id.
    county: Vec<(u32, u32)>,
    /// By district, in the order of `DISTRICT_CODES`.
    district: Vec<(u32, u32)>,
}

impl Pool {
    /// The pool of `canon`, `county_names` and the district codes, and its string.
    fn build(canon: &[&str], county_names: &[&str]) -> (String, Pool) {
        let mut s = String::new();
        let mut add = |t: &str| {
            let start = s.len() as u32;
            s.push_str(t);
            (start, s.len() as u32)
        };
        let pool = Pool {
            comma: add(","),
            st_dr: ["saint", "street", "doctor", "drive"].map(&mut add),
            canon: canon.iter().map(|c| add(c)).collect(),
            county: county_names.iter().map(|c| add(c)).collect(),
            district: DISTRICT_CODES.iter().map(|c| add(c)).collect(),
        };
        (s, pool)
    }
}

/// The lexicon (built on first use, then shared).
pub fn lexicon() -> &'static Lexicon {
    static LEX: OnceLock<Lexicon> = OnceLock::new();
    LEX.get_or_init(Lexicon::build)
}

/// The data lines of a file: comments and blank lines skipped.
fn lines(data: &'static str) -> impl Iterator<Item = &'static str> {
    data.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn build_map(entries: &BTreeMap<String, u64>) -> Map<Vec<u8>> {
    let mut b = MapBuilder::memory();
    for (k, v) in entries {
        // Keys come sorted and unique from the BTreeMap, so insert cannot fail.
        if b.insert(k, *v).is_err() {
            break;
        }
    }
    b.into_inner()
        .ok()
        .and_then(|bytes| Map::new(bytes).ok())
        .unwrap_or_default()
}

impl Lexicon {
    fn build() -> Lexicon {
        let mut words: BTreeMap<String, u64> = BTreeMap::new();
        let mut canon: Vec<&'static str> = Vec::new();
        let mut add_class = |data: &'static str, class: u64, words: &mut BTreeMap<String, u64>| {
            for line in lines(data) {
                let mut forms = line.split('|').map(str::trim);
                let Some(head) = forms.next() else { continue };
                canon.push(head);
                let id = canon.len() as u64;
                for form in std::iter::once(head).chain(forms) {
                    let e = words.entry(form.to_owned()).or_insert(0);
                    if *e & (CLASS_MASK << CLASS_SHIFT) == 0 {
                        *e |= id | (class << CLASS_SHIFT);
                    }
                }
            }
        };
        add_class(STREET_TYPES_EN, 1, &mut words);
        add_class(STREET_TYPES_GA, 2, &mut words);
        add_class(QUALIFIERS, 3, &mut words);
        add_class(UNITS, 4, &mut words);
        let mut flag = |data: &'static str, bit: u64| {
            for w in lines(data) {
                *words.entry(w.to_owned()).or_insert(0) |= bit;
            }
        };
        flag(IRISH_STEMS, IRISH_STEM);
        flag(PARTICLES, PARTICLE);
        flag(STOPWORDS, STOPWORD);
        for m in COUNTY_MARKERS {
            *words.entry(m.to_owned()).or_insert(0) |= MARKER;
        }
        // Equivalences: each word gets the list of the others in its groups.
        let mut groups: BTreeMap<&'static str, Vec<&'static str>> = BTreeMap::new();
        for line in lines(EQUIVALENTS) {
            let members: Vec<&'static str> = line.split('|').map(str::trim).collect();
            for &m in &members {
                let g = groups.entry(m).or_default();
                for &o in &members {
                    if o != m && !g.contains(&o) {
                        g.push(o);
                    }
                }
            }
        }
        let mut equiv = Vec::new();
        for (w, others) in groups {
            equiv.push(others);
            *words.entry(w.to_owned()).or_insert(0) |= (equiv.len() as u64) << EQUIV_SHIFT;
        }
        // Counties: keys in stripped form; first words flagged.
        let mut counties: BTreeMap<String, u64> = BTreeMap::new();
        let mut county_names = vec![""];
        let mut key = String::new();
        for line in lines(COUNTIES) {
            let mut parts = line.split('|').map(str::trim);
            let Some(id) = parts.next().and_then(|i| i.parse::<u64>().ok()) else {
                continue;
            };
            let forms: Vec<&'static str> = parts.collect();
            county_names.push(forms.first().copied().unwrap_or(""));
            for form in forms {
                let ws: Vec<&str> = form.split(' ').collect();
                county_key(&ws, &mut key);
                if key.is_empty() {
                    continue;
                }
                counties.entry(key.clone()).or_insert(id);
                if let Some(first) = key.split(' ').next() {
                    *words.entry(first.to_owned()).or_insert(0) |= COUNTY_FIRST;
                }
            }
        }
        let pool = Pool::build(&canon, &county_names);
        let county_words = counties
            .iter()
            .filter(|(k, _)| !k.contains(' ') && k.chars().count() >= 4)
            .map(|(k, &id)| (k.clone(), id as u8))
            .collect();
        let mut lex = Lexicon {
            words: build_map(&words),
            sorted: words.iter().map(|(w, &v)| (w.clone(), v)).collect(),
            counties: build_map(&counties),
            word_index: Index::new(&words),
            county_index: Index::new(&counties),
            roles: Index::new(&BTreeMap::new()),
            pool: pool.0,
            pool_at: pool.1,
            canon,
            equiv,
            county_names,
            county_words,
        };
        lex.roles = Index::new(&super::roles::entries(&lex, &words, &counties));
        lex
    }

    /// What the roles table knows of `word`, in one lookup (see [`Roles`]).
    pub(crate) fn roles(&self, word: &str) -> Roles {
        self.roles_of(word.as_bytes())
    }

    /// [`Lexicon::roles`] of a word given as bytes.
    #[inline(always)]
    pub(crate) fn roles_of(&self, word: &[u8]) -> Roles {
        // No key starts with a digit (tested): numbers skip the lookup.
        if word.first().is_some_and(u8::is_ascii_digit) {
            return Roles::default();
        }
        Roles::from_bits(self.roles.get_bytes(word).unwrap_or(0))
    }

    /// Everything known about one (normalised) word, in one lookup.
    pub fn info(&self, word: &str) -> WordInfo {
        WordInfo(self.word_index.get(word).unwrap_or(0))
    }

    /// Every lexicon word (folded, lower case) mapped to its packed [`WordInfo`] bits, as an
    /// `fst` map for prefix or typo-tolerant search.
    pub fn words_fst(&self) -> &Map<Vec<u8>> {
        &self.words
    }

    /// What is known of each lexicon word beginning with `prefix`, in byte order.
    pub fn words_beginning<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = WordInfo> + 'a {
        let from = self.sorted.partition_point(|(w, _)| w.as_str() < prefix);
        self.sorted[from..]
            .iter()
            .take_while(move |(w, _)| w.starts_with(prefix))
            .map(|&(_, v)| WordInfo(v))
    }

    /// Every county form (articles dropped, mutations removed: `corcaigh`, `dun gall`, `mi`)
    /// mapped to its county id, as an `fst` map for prefix or typo-tolerant search.
    pub fn counties_fst(&self) -> &Map<Vec<u8>> {
        &self.counties
    }

    /// The canonical form recorded in `info` (see [`Lexicon::canonical`]).
    pub fn canonical_of(&self, info: WordInfo) -> Option<&'static str> {
        let i = (info.0 & CANON_BITS) as usize;
        if i == 0 {
            None
        } else {
            self.canon.get(i - 1).copied()
        }
    }

    /// The fixed token texts in one string (see [`Pool`]).
    pub(super) fn pool(&self) -> &str {
        &self.pool
    }

    /// Where the fixed token texts lie in [`Lexicon::pool`].
    pub(super) fn pool_at(&self) -> &Pool {
        &self.pool_at
    }

    /// The range in [`Lexicon::pool`] of the canonical form recorded in `info` (that of
    /// [`Lexicon::canonical_of`]).
    pub(super) fn canonical_in_pool(&self, info: WordInfo) -> Option<(u32, u32)> {
        let i = ((info.0 & CANON_BITS) as usize).checked_sub(1)?;
        self.pool_at.canon.get(i).copied()
    }

    /// The range in [`Lexicon::pool`] of a county's name.
    pub(super) fn county_in_pool(&self, c: County) -> (u32, u32) {
        self.pool_at
            .county
            .get(usize::from(c.0))
            .copied()
            .unwrap_or_default()
    }

    /// The range in [`Lexicon::pool`] of a district's code.
    pub(super) fn district_in_pool(&self, d: DublinDistrict) -> (u32, u32) {
        self.pool_at
            .district
            .get(usize::from(d.0))
            .copied()
            .unwrap_or_default()
    }

    /// The canonical form of a word with a class (`rd`→`road`, `lwr`→`lower`, `apt`→`apartment`,
    /// `bothar`→`bothar`), with that class.
    pub fn canonical(&self, word: &str) -> Option<(&'static str, WordClass)> {
        let info = self.info(word);
        Some((self.canonical_of(info)?, info.class()?))
    }

    /// The canonical full form of an English or Irish street type (`rd`→`road`, `tce`→`terrace`,
    /// `bothar`→`bothar`). `st` is not here: it is Saint or Street by position (the tokeniser
    /// decides).
    pub fn street_type(&self, word: &str) -> Option<&'static str> {
        match self.canonical(word)? {
            (c, WordClass::StreetType | WordClass::IrishStreetType) => Some(c),
            _ => None,
        }
    }

    /// English↔Irish equivalents of a canonical word: `road`→`["bothar"]`, `bothar`→`["road"]`.
    pub fn equivalents(&self, word: &str) -> &[&'static str] {
        let g = ((self.info(word).0 >> EQUIV_SHIFT) & EQUIV_MASK) as usize;
        if g == 0 {
            &[]
        } else {
            self.equiv.get(g - 1).map(Vec::as_slice).unwrap_or(&[])
        }
    }

    /// Whether the word is a unit word (`apt`, `apartment`, `flat`, `unit`, `no`).
    pub fn is_unit_word(&self, word: &str) -> bool {
        self.info(word).class() == Some(WordClass::Unit)
    }

    /// Whether the word carries little weight (`the`, `of`, `an`, `na`).
    pub fn is_stopword(&self, word: &str) -> bool {
        self.info(word).is_stopword()
    }

    /// Whether the word announces a county (`co`, `county`, `contae`).
    pub fn is_county_marker(&self, word: &str) -> bool {
        self.info(word).is_county_marker()
    }

    /// Whether a word being typed begins a county marker (`c`, `cou`, `cont`).
    pub fn begins_county_marker(&self, prefix: &str) -> bool {
        !prefix.is_empty() && COUNTY_MARKERS.iter().any(|m| m.starts_with(prefix))
    }

    /// Removes an initial mutation where that is safe without context (see the module docs):
    /// `bhothar`→`bothar`, `gcloch`→`cloch`, `tsraid`→`sraid`; `church`, `hill`, `tower` unchanged.
    pub fn demutate<'a>(&self, word: &'a str) -> Cow<'a, str> {
        match mutation(word) {
            Some((m, kind)) if kind.context_free() && self.base_info(word, m).is_irish_stem() => {
                m.apply(word)
            }
            _ => Cow::Borrowed(word),
        }
    }

    /// Removes the initial mutation of a word that follows the Irish article or particle
    /// `particle`: `na habhann`→`abhann`, `an tsraid`→`sraid`, `na ngall`→`gall`,
    /// `an bhothar`→`bothar`, `an toilean`→`oilean`. A word that is itself a known Irish word stays
    /// (`an teach`, `na tra`); t-prothesis follows only `an`/`sa`/`san`/`den`/`don`, and before a
    /// vowel only when the rest is a known Irish word (`na tuinne` stays); h-prothesis never
    /// follows `an`.
    pub fn demutate_after<'a>(&self, particle: &str, word: &'a str) -> Cow<'a, str> {
        let Some((m, kind)) = mutation(word) else {
            return Cow::Borrowed(word);
        };
        if self.info(word).is_irish_stem() {
            return Cow::Borrowed(word);
        }
        let t_article = matches!(particle, "an" | "sa" | "san" | "den" | "don");
        let ok = match kind {
            Kind::TVowel => t_article && self.base_info(word, m).is_irish_stem(),
            Kind::TS => t_article,
            Kind::HVowel => particle != "an",
            Kind::Lenition | Kind::Eclipsis | Kind::NVowel => true,
        };
        if ok {
            m.apply(word)
        } else {
            Cow::Borrowed(word)
        }
    }

    /// What the lexicon knows of `word` with its mutation undone, without allocating.
    fn base_info(&self, word: &str, undo: Undo) -> WordInfo {
        match undo {
            Undo::Prefix(n) => self.info(word.get(n..).unwrap_or("")),
            Undo::SecondH => {
                let b = word.as_bytes();
                let mut buf = [0u8; 32];
                if b.len() < 3 || b.len() - 1 > buf.len() {
                    return WordInfo::default();
                }
                buf[0] = b[0];
                buf[1..b.len() - 1].copy_from_slice(&b[2..]);
                self.info(std::str::from_utf8(&buf[..b.len() - 1]).unwrap_or(""))
            }
        }
    }

    /// The word with its initial mutation removed whatever the context (séimhiú, urú, `ts`, h-,
    /// t- and n-prothesis), without checking what remains, and whether the mutation was a
    /// prothesis before a vowel (`hill`, `tower` have that shape too, so it is the less sure
    /// reading). The matcher tries it as one more term for a query word: a wrong reading costs
    /// only a failed lookup. `None` when the word has no mutation shape.
    pub fn strip_mutation<'a>(&self, word: &'a str) -> Option<(Cow<'a, str>, bool)> {
        let (m, kind) = mutation(word)?;
        let prothesis = matches!(kind, Kind::HVowel | Kind::TVowel | Kind::NVowel);
        Some((m.apply(word), prothesis))
    }

    /// The beginning of a word still being typed with its initial mutation removed, when it has
    /// that shape and at least one letter is left (`gh` → `g`, `bhf` → `f`; `nó` → `ó` after an
    /// article only: a prothesis before a vowel is also the shape of English, `no`, `ha`): the
    /// names in the data are stored without it (`BAILE AN GHÓILÍN` is read as `baile an goilin`).
    pub fn strip_typed_mutation<'a>(
        &self,
        prefix: &'a str,
        after_particle: bool,
    ) -> Option<Cow<'a, str>> {
        let (m, kind) = mutation_keeping(prefix, 1)?;
        let prothesis = matches!(kind, Kind::HVowel | Kind::TVowel | Kind::NVowel);
        (after_particle || !prothesis).then(|| m.apply(prefix))
    }

    /// Calls `f` with each form of `word` that carries an initial mutation: séimhiú (`beigne` →
    /// `bheigne`), urú (`cearr` → `gcearr`, `fear` → `bhfear`), `ts` (`sraid` → `tsraid`) and,
    /// before a vowel, h-, t- and n-prothesis (`iarmhi` → `hiarmhi`). The matcher looks these up
    /// for a word written without the mutation its name keeps in the data. No allocation: the
    /// forms are built in a stack buffer (words over 30 bytes get none).
    pub fn for_each_mutated_form(&self, word: &str, f: impl FnMut(&str)) {
        mutated_forms(word, f);
    }

    /// Whether `word` has the shape of an initially mutated Irish word (`bhothar`, `gcloch`).
    pub fn mutated(&self, word: &str) -> bool {
        mutation(word).is_some()
    }

    /// Whether `word` is an Irish article or particle that mutates the next word.
    pub fn is_particle(&self, word: &str) -> bool {
        self.info(word).is_particle()
    }
}

/// Whether `a` is `b` with exactly one substitution, insertion, deletion or swap of neighbours
/// (without allocating: it runs on the first word of every input, and on typo candidates).
pub fn one_slip(a: &[u8], b: &[u8]) -> bool {
    let common = |x: &[u8], y: &[u8]| x.iter().zip(y).take_while(|(p, q)| p == q).count();
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => {
            let i = common(a, b);
            i < a.len()
                && (a[i + 1..] == b[i + 1..]
                    || (i + 1 < a.len()
                        && a[i] == b[i + 1]
                        && a[i + 1] == b[i]
                        && a[i + 2..] == b[i + 2..]))
        }
        std::cmp::Ordering::Less if a.len() + 1 == b.len() => {
            let i = common(a, b);
            a[i..] == b[i + 1..]
        }
        std::cmp::Ordering::Greater if b.len() + 1 == a.len() => {
            let i = common(a, b);
            a[i + 1..] == b[i..]
        }
        _ => false,
    }
}

/// Whether `a` is within `k` edits of `b` (Damerau–Levenshtein). The letters' counts are compared
/// first: no edit changes them by more than one each way and a swap not at all, so a pair whose
/// counts differ by more than `k` is rejected without the allocating distance (it runs on every
/// word of every rendered option).
pub fn within_edits(a: &str, b: &str, k: usize) -> bool {
    if a.is_ascii() && b.is_ascii() {
        if a.len().abs_diff(b.len()) > k {
            return false;
        }
        let mut counts = [0i16; 128];
        for &c in a.as_bytes() {
            counts[usize::from(c)] += 1;
        }
        for &c in b.as_bytes() {
            counts[usize::from(c)] -= 1;
        }
        let (more, fewer) = counts.iter().fold((0usize, 0usize), |(m, f), &c| match c {
            c if c > 0 => (m + c as usize, f),
            c => (m, f + c.unsigned_abs() as usize),
        });
        if more.max(fewer) > k {
            return false;
        }
    }
    strsim::damerau_levenshtein(a, b) <= k
}

#[cfg(test)]
#[path = "lexicon_tests.rs"]
mod tests;

//! Irish initial mutations as word shapes: recognising one (`bhothar`, `gcloch`, `tsraid`,
//! `na habhann`) and undoing it, or adding one to a base form. Which mutations may be undone
//! where is the lexicon's rule (see `lexicon.rs`); this file only knows the letters.

use std::borrow::Cow;

/// Removes any séimhiú, urú, `ts` or h-prothesis (not t-/n-prothesis before a vowel), without
/// checking the rest: used only for county keys, on both the data and the query side.
pub(crate) fn strip_any(w: &str) -> Cow<'_, str> {
    match mutation(w) {
        Some((m, k)) if !matches!(k, Kind::TVowel | Kind::NVowel) => m.apply(w),
        _ => Cow::Borrowed(w),
    }
}

/// How a mutation is undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Undo {
    /// Drop the first `n` bytes (urú, prothesis).
    Prefix(usize),
    /// Drop the `h` in second position (séimhiú).
    SecondH,
}

impl Undo {
    pub(crate) fn apply(self, w: &str) -> Cow<'_, str> {
        match self {
            Undo::Prefix(n) => Cow::Borrowed(&w[n..]),
            Undo::SecondH => {
                let mut s = String::with_capacity(w.len() - 1);
                s.push_str(&w[..1]);
                s.push_str(&w[2..]);
                Cow::Owned(s)
            }
        }
    }
}

/// The kind of an initial mutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Lenition,
    Eclipsis,
    /// `ts` (t-prothesis before s).
    TS,
    /// `h` before a vowel.
    HVowel,
    /// `t` before a vowel.
    TVowel,
    /// `n` before a vowel (urú of a vowel).
    NVowel,
}

impl Kind {
    pub(crate) fn context_free(self) -> bool {
        matches!(
            self,
            Kind::Lenition | Kind::Eclipsis | Kind::TS | Kind::NVowel
        )
    }
}

pub(crate) fn is_vowel(b: u8) -> bool {
    matches!(b, b'a' | b'e' | b'i' | b'o' | b'u')
}

/// Recognises the shape of an initial mutation (folded lower-case word); the remainder must keep
/// at least two letters.
pub(crate) fn mutation(w: &str) -> Option<(Undo, Kind)> {
    mutation_keeping(w, 2)
}

/// [`mutation`] with a remainder of at least `kept` letters (one for a word still being typed:
/// `Gh` of `Baile an Gh`, `nÓ` of `Tuar na nÓ`).
pub(crate) fn mutation_keeping(w: &str, kept: usize) -> Option<(Undo, Kind)> {
    let b = w.as_bytes();
    if b.len() < 2 {
        return None;
    }
    let r = match (b[0], b[1], b.get(2).copied().unwrap_or(0)) {
        (b'b', b'h', b'f') => (Undo::Prefix(2), Kind::Eclipsis),
        (b'm', b'b', _) | (b'g', b'c', _) | (b'n', b'd', _) | (b'b', b'p', _) | (b'd', b't', _) => {
            (Undo::Prefix(1), Kind::Eclipsis)
        }
        (b'n', b'g', _) => (Undo::Prefix(1), Kind::Eclipsis),
        (b't', b's', _) => (Undo::Prefix(1), Kind::TS),
        (b'h', v, _) if is_vowel(v) => (Undo::Prefix(1), Kind::HVowel),
        (b't', v, _) if is_vowel(v) => (Undo::Prefix(1), Kind::TVowel),
        (b'n', v, _) if is_vowel(v) => (Undo::Prefix(1), Kind::NVowel),
        (b'b' | b'c' | b'd' | b'f' | b'g' | b'm' | b'p' | b's' | b't', b'h', _) => {
            (Undo::SecondH, Kind::Lenition)
        }
        _ => return None,
    };
    if !b.iter().all(u8::is_ascii_lowercase) {
        return None;
    }
    let left = match r.0 {
        Undo::Prefix(n) => b.len().saturating_sub(n),
        Undo::SecondH => b.len() - 1,
    };
    (left >= kept.max(1)).then_some(r)
}

/// Calls `f` with each form of `word` carrying an initial mutation (see
/// [`crate::text::lexicon::Lexicon::for_each_mutated_form`]).
pub(crate) fn mutated_forms(word: &str, mut f: impl FnMut(&str)) {
    let b = word.as_bytes();
    if b.len() < 2 || b.len() > 30 || !b.iter().all(u8::is_ascii_lowercase) {
        return;
    }
    let mut buf = [0u8; 33];
    let mut emit = |prefix: &[u8], skip: usize, insert_h: bool| {
        let mut n = 0;
        buf[..prefix.len()].copy_from_slice(prefix);
        n += prefix.len();
        if insert_h {
            buf[n] = b[0];
            buf[n + 1] = b'h';
            n += 2;
        }
        let rest = &b[skip..];
        buf[n..n + rest.len()].copy_from_slice(rest);
        n += rest.len();
        if let Ok(s) = std::str::from_utf8(&buf[..n]) {
            f(s);
        }
    };
    let (first, second) = (b[0], b[1]);
    if is_vowel(first) {
        for p in [b"h", b"t", b"n"] {
            emit(p, 0, false);
        }
        return;
    }
    // A word already lenited takes no other mutation; `s` mutates only before l, n, r or a
    // vowel (`sraid` → `shraid`, `tsraid`; `sceach` stays).
    let s_ok = first != b's' || matches!(second, b'l' | b'n' | b'r') || is_vowel(second);
    if second == b'h' || !s_ok {
        return;
    }
    if matches!(
        first,
        b'b' | b'c' | b'd' | b'f' | b'g' | b'm' | b'p' | b's' | b't'
    ) {
        emit(b"", 1, true);
    }
    let eclipsis: &[u8] = match first {
        b'b' => b"m",
        b'c' => b"g",
        b'd' | b'g' => b"n",
        b'f' => b"bh",
        b'p' => b"b",
        b't' => b"d",
        b's' => b"t",
        _ => return,
    };
    emit(eclipsis, 0, false);
}

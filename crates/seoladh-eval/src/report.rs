//! Scoring an engine's answers against the known ones, per class, with the `docs/matching.md` §7 bars.
//!
//! Rules, in the order they are applied:
//! 1. A query with an expected id is *right* when the answer's `addressId` is that id – or, for a
//!    query that expects the id among the options (`nua`), when the result is 300 and the id is
//!    among the options. A query without an expected id (`foreign`, `invalid`, `nomatch`) is right
//!    when the result code is one of its expected codes.
//! 2. An answer is *confident-wrong* when its result is 100, 110, 120 or 130 (a confident unique
//!    match) and it is not right. For `nua` queries every confident unique answer is
//!    confident-wrong: it claims a uniqueness the data does not have.
//! 3. A class with a bar passes when its right share reaches the bar; all queries together pass
//!    when the confident-wrong share is at most [`CONFIDENT_WRONG_BAR`].

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{QueryClass, TestQuery, CONFIDENT_WRONG_BAR};

/// What the engine answered to one query.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    /// The result code (100 … 700).
    pub result: u16,
    /// The answer's `addressId`, when it has one.
    pub address_id: Option<u64>,
    /// The `addressId` of every option, in order.
    pub option_ids: Vec<u64>,
}

/// Result codes of a confident unique match.
pub const CONFIDENT_RESULTS: [u16; 4] = [100, 110, 120, 130];

/// Whether `outcome` is the right answer to `query` (rule 1 of the module docs).
pub fn is_right(query: &TestQuery, outcome: &Outcome) -> bool {
    match query.expected_id {
        Some(id) if query.expect_in_options => {
            query.expected_results.contains(&outcome.result) && outcome.option_ids.contains(&id)
        }
        Some(id) => outcome.address_id == Some(id),
        None => query.expected_results.contains(&outcome.result),
    }
}

/// Whether `outcome` is a confident unique match that is wrong (rule 2 of the module docs).
pub fn is_confident_wrong(query: &TestQuery, outcome: &Outcome) -> bool {
    CONFIDENT_RESULTS.contains(&outcome.result)
        && (query.expect_in_options || !is_right(query, outcome))
}

/// The scores of one class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassReport {
    /// The class.
    pub class: QueryClass,
    /// Queries scored.
    pub n: usize,
    /// Right answers (rule 1).
    pub right: usize,
    /// Answers whose result code is one of the query's expected codes.
    pub code_ok: usize,
    /// Confident-wrong answers (rule 2).
    pub confident_wrong: usize,
    /// How many answers carried each result code (the confusion row).
    pub results: BTreeMap<u16, usize>,
    /// `(n, right)` per variant (the middle part of the query id, `abbrev` in
    /// `format-abbrev-00003`), to see which corruption the engine misses.
    pub variants: BTreeMap<String, (usize, usize)>,
}

impl ClassReport {
    fn new(class: QueryClass) -> Self {
        ClassReport {
            class,
            n: 0,
            right: 0,
            code_ok: 0,
            confident_wrong: 0,
            results: BTreeMap::new(),
            variants: BTreeMap::new(),
        }
    }

    /// Share of right answers (0 when the class is empty).
    pub fn accuracy(&self) -> f64 {
        share(self.right, self.n)
    }

    /// `Some(true)` when the class meets its bar, `Some(false)` when not, `None` when it has no
    /// bar or no queries.
    pub fn passes(&self) -> Option<bool> {
        let bar = self.class.bar()?;
        (self.n > 0).then(|| self.accuracy() + 1e-12 >= bar)
    }
}

/// The variant part of a query id (`abbrev` in `format-abbrev-00003`); the whole id when it has
/// no such part.
pub fn variant_of(id: &str) -> String {
    let mut parts = id.split('-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(_), Some(variant), Some(_)) => variant.to_string(),
        _ => id.to_string(),
    }
}

fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The scores of a whole run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccuracyReport {
    /// One row per class that had queries, in [`QueryClass::ALL`] order.
    pub classes: Vec<ClassReport>,
    /// Queries scored.
    pub total: usize,
    /// Confident-wrong answers over all classes.
    pub confident_wrong: usize,
}

impl AccuracyReport {
    /// Scores `(query, outcome)` pairs.
    pub fn compute<'a>(pairs: impl IntoIterator<Item = (&'a TestQuery, &'a Outcome)>) -> Self {
        let mut by_class: BTreeMap<QueryClass, ClassReport> = BTreeMap::new();
        for (q, o) in pairs {
            let row = by_class
                .entry(q.class)
                .or_insert_with(|| ClassReport::new(q.class));
            row.n += 1;
            row.right += usize::from(is_right(q, o));
            row.code_ok += usize::from(q.expected_results.contains(&o.result));
            row.confident_wrong += usize::from(is_confident_wrong(q, o));
            *row.results.entry(o.result).or_insert(0) += 1;
            let variant = row.variants.entry(variant_of(&q.id)).or_insert((0, 0));
            variant.0 += 1;
            variant.1 += usize::from(is_right(q, o));
        }
        let classes: Vec<ClassReport> = by_class.into_values().collect();
        AccuracyReport {
            total: classes.iter().map(|c| c.n).sum(),
            confident_wrong: classes.iter().map(|c| c.confident_wrong).sum(),
            classes,
        }
    }

    /// Share of all answers that were confident-wrong.
    pub fn confident_wrong_rate(&self) -> f64 {
        share(self.confident_wrong, self.total)
    }

    /// Whether every class with a bar meets it and the confident-wrong rate is within its bar.
    pub fn passes(&self) -> bool {
        self.classes.iter().all(|c| c.passes() != Some(false))
            && self.confident_wrong_rate() <= CONFIDENT_WRONG_BAR + 1e-12
    }

    /// The report as Markdown, for the README: the score table with bars and PASS/FAIL, then the
    /// result-code confusion table.
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let pct = |x: f64| format!("{:.2}%", 100.0 * x);
        s.push_str("| class | n | right | bar | status | expected code | confident wrong |\n");
        s.push_str("|---|---:|---:|---:|---|---:|---:|\n");
        for c in &self.classes {
            let (bar, status) = match (c.class.bar(), c.passes()) {
                (Some(b), Some(true)) => (format!("≥ {}", pct(b)), "PASS"),
                (Some(b), _) => (format!("≥ {}", pct(b)), "FAIL"),
                (None, _) => ("—".to_string(), "—"),
            };
            let _ = writeln!(
                s,
                "| {} | {} | {} | {bar} | {status} | {} | {} |",
                c.class,
                c.n,
                pct(c.accuracy()),
                pct(share(c.code_ok, c.n)),
                pct(share(c.confident_wrong, c.n)),
            );
        }
        let status = if self.confident_wrong_rate() <= CONFIDENT_WRONG_BAR + 1e-12 {
            "PASS"
        } else {
            "FAIL"
        };
        let _ = writeln!(
            s,
            "| **all** | {} | {} | confident wrong ≤ {} | {status} | | {} |",
            self.total,
            pct(share(
                self.classes.iter().map(|c| c.right).sum(),
                self.total
            )),
            pct(CONFIDENT_WRONG_BAR),
            pct(self.confident_wrong_rate()),
        );

        let codes: Vec<u16> = {
            let mut codes: Vec<u16> = self
                .classes
                .iter()
                .flat_map(|c| c.results.keys().copied())
                .collect();
            codes.sort_unstable();
            codes.dedup();
            codes
        };
        s.push_str("\nResult codes returned, per class:\n\n| class |");
        for code in &codes {
            let _ = write!(s, " {code} |");
        }
        s.push_str("\n|---|");
        s.push_str(&"---:|".repeat(codes.len()));
        s.push('\n');
        for c in &self.classes {
            let _ = write!(s, "| {} |", c.class);
            for code in &codes {
                let _ = write!(s, " {} |", c.results.get(code).copied().unwrap_or(0));
            }
            s.push('\n');
        }

        s.push_str("\nRight answers per variant:\n\n| class | variant | n | right |\n|---|---|---:|---:|\n");
        for c in &self.classes {
            for (variant, &(n, right)) in &c.variants {
                let _ = writeln!(
                    s,
                    "| {} | {variant} | {n} | {} |",
                    c.class,
                    pct(share(right, n))
                );
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(class: QueryClass, id: Option<u64>) -> TestQuery {
        TestQuery {
            id: format!("{class}-x-00000"),
            class,
            text: String::new(),
            country: "ie".into(),
            expected_id: id,
            expected_results: class.expected_results().to_vec(),
            expect_in_options: class == QueryClass::Nua,
        }
    }

    fn outcome(result: u16, id: Option<u64>, options: &[u64]) -> Outcome {
        Outcome {
            result,
            address_id: id,
            option_ids: options.to_vec(),
        }
    }

    #[test]
    fn right_and_confident_wrong() {
        let clean = query(QueryClass::Clean, Some(7));
        assert!(is_right(&clean, &outcome(100, Some(7), &[])));
        assert!(!is_confident_wrong(&clean, &outcome(100, Some(7), &[])));
        assert!(is_confident_wrong(&clean, &outcome(100, Some(8), &[])));
        assert!(!is_confident_wrong(&clean, &outcome(300, None, &[7, 8])));

        let nua = query(QueryClass::Nua, Some(7));
        assert!(is_right(&nua, &outcome(300, None, &[5, 7])));
        assert!(!is_right(&nua, &outcome(300, None, &[5])));
        assert!(!is_right(&nua, &outcome(500, None, &[7])));
        assert!(is_confident_wrong(&nua, &outcome(100, Some(7), &[])));

        let invalid = query(QueryClass::Invalid, None);
        assert!(is_right(&invalid, &outcome(700, None, &[])));
        assert!(is_confident_wrong(&invalid, &outcome(100, Some(1), &[])));
    }

    #[test]
    fn report_counts_and_bars() {
        let qs: Vec<TestQuery> = (0..200)
            .map(|_| query(QueryClass::Clean, Some(1)))
            .chain((0..10).map(|_| query(QueryClass::Nomatch, None)))
            .collect();
        // One wrong clean answer: 99.5% meets the 99.5% bar exactly.
        let os: Vec<Outcome> = (0..200)
            .map(|i| outcome(100, Some(if i == 0 { 2 } else { 1 }), &[]))
            .chain((0..10).map(|i| outcome(if i < 9 { 550 } else { 400 }, None, &[])))
            .collect();
        let r = AccuracyReport::compute(qs.iter().zip(&os));
        assert_eq!(r.total, 210);
        assert_eq!(r.classes[0].class, QueryClass::Clean);
        assert_eq!(r.classes[0].right, 199);
        assert_eq!(r.classes[0].passes(), Some(true));
        assert_eq!(r.classes[1].passes(), None);
        assert_eq!(r.classes[1].results.get(&400), Some(&1));
        assert_eq!(r.confident_wrong, 1);
        assert!(r.confident_wrong_rate() > CONFIDENT_WRONG_BAR);
        assert!(!r.passes());
        let md = r.to_markdown();
        assert!(
            md.contains("| clean | 200 | 99.50% | ≥ 99.50% | PASS |"),
            "{md}"
        );
        assert!(md.contains("| **all** | 210 |"), "{md}");
        assert!(md.contains("| class | 100 | 400 | 550 |"), "{md}");
        assert!(md.contains("| nomatch | 0 | 1 | 9 |"), "{md}");
        assert!(md.contains("| clean | x | 200 | 99.50% |"), "{md}");
        assert_eq!(variant_of("format-abbrev-00003"), "abbrev");
        assert_eq!(variant_of("odd"), "odd");
    }
}

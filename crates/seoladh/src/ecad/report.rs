//! What the validating reader found: one [`Issue`] per problem row (file, line, reason) and a
//! per-file summary of rows read, kept, repaired and skipped.

use std::collections::BTreeMap;
use std::fmt;

/// The kind of problem found in a row or file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum IssueKind {
    /// The row cannot be parsed: wrong number of fields, a non-numeric id, a bad `Y`/`N`, an
    /// empty required name, invalid UTF-8.
    MalformedRow,
    /// A link points at a row that does not exist (or was itself skipped).
    DanglingReference,
    /// An Eircode that is not 7 characters of the Eircode alphabet with a valid routing key.
    BadEircode,
    /// A valid Eircode written with a space or in lower case; stored in canonical form.
    NonCanonicalEircode,
    /// An id already used by an earlier row of the same table; the first row wins.
    DuplicateId,
    /// An Eircode already used by an earlier address point; the first point wins.
    DuplicateEircode,
    /// A column the layout does not know; it is ignored.
    UnknownColumn,
    /// An optional file is absent; its table is empty.
    MissingFile,
    /// Two links of a row disagree (a building's `POST_COUNTY_ID` is not its post town's
    /// county); the row is kept as it is.
    InconsistentReference,
    /// An optional file's header lacks columns of the layout; the file is ignored (for a
    /// required file this is the error [`Error::BadHeader`](crate::Error::BadHeader)).
    BadHeader,
}

impl IssueKind {
    /// Stable name for reports (`DanglingReference`).
    pub fn name(self) -> &'static str {
        match self {
            IssueKind::MalformedRow => "MalformedRow",
            IssueKind::DanglingReference => "DanglingReference",
            IssueKind::BadEircode => "BadEircode",
            IssueKind::NonCanonicalEircode => "NonCanonicalEircode",
            IssueKind::DuplicateId => "DuplicateId",
            IssueKind::DuplicateEircode => "DuplicateEircode",
            IssueKind::UnknownColumn => "UnknownColumn",
            IssueKind::MissingFile => "MissingFile",
            IssueKind::BadHeader => "BadHeader",
            IssueKind::InconsistentReference => "InconsistentReference",
        }
    }
}

impl fmt::Display for IssueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the reader did about an issue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// The row was left out of the dataset.
    Skipped,
    /// The row was kept with the bad value cleared or corrected (an optional link, an Eircode's
    /// spacing).
    Repaired,
    /// Nothing was dropped (a note about a file or column).
    Noted,
}

/// One problem, with where it is and what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// File name within the directory (`BUILDING.csv`).
    pub file: String,
    /// 1-based line of the row in the file (the header is line 1); 0 for a whole-file note.
    pub line: u64,
    /// Kind of problem.
    pub kind: IssueKind,
    /// What was done about it.
    pub action: Action,
    /// The reason, naming the column and value.
    pub message: String,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let action = match self.action {
            Action::Skipped => "row skipped",
            Action::Repaired => "row kept, value repaired",
            Action::Noted => "note",
        };
        write!(
            f,
            "{}:{}: {}: {} ({action})",
            self.file, self.line, self.kind, self.message
        )
    }
}

/// Row counts of one file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FileReport {
    /// File name (`ADDRESS_POINT.csv`).
    pub file: String,
    /// Whether the file exists.
    pub present: bool,
    /// Data rows read (header excluded).
    pub read: u64,
    /// Rows kept in the dataset (including repaired ones).
    pub kept: u64,
    /// Rows kept with a value repaired.
    pub repaired: u64,
    /// Rows left out.
    pub skipped: u64,
}

/// Everything the reader found. `issues` holds the first
/// [`MAX_LISTED_ISSUES`](crate::limits::MAX_LISTED_ISSUES); the counts cover all of them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadReport {
    /// Issues in file order, then line order.
    pub issues: Vec<Issue>,
    /// Issues counted but not listed because the list reached its cap.
    pub issues_not_listed: u64,
    /// Count of every issue (listed or not) per kind.
    pub counts: BTreeMap<IssueKind, u64>,
    /// One entry per file of the layout, in reading order.
    pub files: Vec<FileReport>,
}

impl ReadReport {
    /// Records an issue (listed while under the cap, always counted).
    pub fn push(&mut self, issue: Issue) {
        *self.counts.entry(issue.kind).or_insert(0) += 1;
        if self.issues.len() < crate::limits::MAX_LISTED_ISSUES {
            self.issues.push(issue);
        } else {
            self.issues_not_listed += 1;
        }
    }

    /// Number of issues of one kind.
    pub fn count(&self, kind: IssueKind) -> u64 {
        self.counts.get(&kind).copied().unwrap_or(0)
    }

    /// Total rows left out across all files.
    pub fn skipped(&self) -> u64 {
        self.files.iter().map(|f| f.skipped).sum()
    }

    /// Whether nothing was skipped or repaired (notes about optional files are allowed).
    pub fn is_clean(&self) -> bool {
        self.files.iter().all(|f| f.skipped == 0 && f.repaired == 0)
            && self.count(IssueKind::UnknownColumn) == 0
            && self.count(IssueKind::BadHeader) == 0
    }

    /// The report entry of a file.
    pub fn file(&self, name: &str) -> Option<&FileReport> {
        self.files.iter().find(|f| f.file == name)
    }
}

impl fmt::Display for ReadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<28} {:>10} {:>10} {:>9} {:>9}",
            "file", "read", "kept", "repaired", "skipped"
        )?;
        for file in &self.files {
            if file.present {
                writeln!(
                    f,
                    "{:<28} {:>10} {:>10} {:>9} {:>9}",
                    file.file, file.read, file.kept, file.repaired, file.skipped
                )?;
            } else {
                writeln!(f, "{:<28} {:>10}", file.file, "absent")?;
            }
        }
        if self.counts.is_empty() {
            return writeln!(f, "no issues");
        }
        let summary: Vec<String> = self
            .counts
            .iter()
            .map(|(kind, n)| format!("{kind} {n}"))
            .collect();
        writeln!(f, "issues: {}", summary.join(", "))?;
        for issue in &self.issues {
            writeln!(f, "  {issue}")?;
        }
        if self.issues_not_listed > 0 {
            writeln!(f, "  ... and {} more not listed", self.issues_not_listed)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(line: u64, kind: IssueKind) -> Issue {
        Issue {
            file: "BUILDING.csv".into(),
            line,
            kind,
            action: Action::Skipped,
            message: "POST_TOWN_ID 1 matches no POST_TOWN row".into(),
        }
    }

    #[test]
    fn list_is_capped_counts_are_not() {
        let mut report = ReadReport::default();
        let n = crate::limits::MAX_LISTED_ISSUES + 5;
        for line in 0..n as u64 {
            report.push(issue(line + 2, IssueKind::DanglingReference));
        }
        assert_eq!(report.issues.len(), crate::limits::MAX_LISTED_ISSUES);
        assert_eq!(report.issues_not_listed, 5);
        assert_eq!(report.count(IssueKind::DanglingReference), n as u64);
        assert!(report.to_string().contains("... and 5 more not listed"));
    }

    #[test]
    fn issue_display_names_file_line_kind_and_action() {
        assert_eq!(
            issue(7, IssueKind::DanglingReference).to_string(),
            "BUILDING.csv:7: DanglingReference: POST_TOWN_ID 1 matches no POST_TOWN row (row skipped)"
        );
    }

    #[test]
    fn clean_means_nothing_skipped_or_repaired() {
        let mut report = ReadReport::default();
        report.files.push(FileReport {
            file: "COUNTY.csv".into(),
            present: true,
            read: 3,
            kept: 3,
            ..FileReport::default()
        });
        assert!(report.is_clean());
        report.files[0].skipped = 1;
        assert!(!report.is_clean());
        assert_eq!(report.skipped(), 1);
    }
}

//! Named profiles read from TOML: `[profile.<name>]` tables, keys documented in
//! `profiles.toml` beside this file (which is also the built-in set).

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::{Abbreviation, Capitalisation, EircodePlacement, IrishLetters, LineRole, Profile};
use crate::error::{Error, Result};
use crate::limits::{
    MAX_PROFILES, MAX_PROFILE_LINES, MAX_PROFILE_LINE_CHARS, MIN_PROFILE_LINE_CHARS,
};

/// The profiles shipped with the crate (`profiles.toml` beside this file).
const BUILTIN: &str = include_str!("profiles.toml");

/// Longest separator a profile may set.
const MAX_SEPARATOR_CHARS: usize = 8;

/// Longest profile name.
const MAX_NAME_CHARS: usize = 64;

/// A set of named profiles, looked up case-insensitively.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileSet {
    /// Sorted by lower-case name.
    profiles: Vec<Profile>,
}

impl Default for ProfileSet {
    /// The built-in set.
    fn default() -> ProfileSet {
        ProfileSet::builtin()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    profile: BTreeMap<Spanned<String>, Spanned<RawProfile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    #[serde(default)]
    description: Option<String>,
    lines: Spanned<i64>,
    #[serde(default)]
    max_chars: Option<Spanned<i64>>,
    #[serde(default)]
    abbreviate: Option<Spanned<String>>,
    #[serde(default)]
    case: Option<Spanned<String>>,
    #[serde(default)]
    irish_letters: Option<Spanned<String>>,
    #[serde(default)]
    county_always: Option<bool>,
    #[serde(default)]
    eircode: Option<Spanned<String>>,
    #[serde(default)]
    separator: Option<Spanned<String>>,
    #[serde(default)]
    share: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    drop: Option<Vec<Spanned<String>>>,
}

/// Turns byte offsets into the structured error.
struct Source<'a> {
    text: &'a str,
    path: &'a Path,
}

impl Source<'_> {
    fn error(&self, offset: Option<usize>, field: Option<String>, message: String) -> Error {
        let (line, column) = match offset {
            Some(at) => {
                let before = self.text.get(..at).unwrap_or(self.text);
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                (line, column)
            }
            None => (0, 0),
        };
        Error::ProfileConfig {
            path: self.path.to_path_buf(),
            line,
            column,
            field,
            message,
        }
    }

    fn at<T>(&self, value: &Spanned<T>, field: String, message: String) -> Error {
        self.error(Some(value.span().start), Some(field), message)
    }
}

impl ProfileSet {
    /// The profiles shipped with the crate: `default`, `5line30`, `label4`, `ascii`, `crm3`.
    pub fn builtin() -> ProfileSet {
        // The embedded file is parsed in a unit test, so this cannot fail in a release; keep a
        // usable set anyway rather than panic.
        ProfileSet::from_toml(BUILTIN, Path::new("<builtin>")).unwrap_or_else(|_| ProfileSet {
            profiles: vec![Profile::new("default")],
        })
    }

    /// Reads a profiles file. It replaces the built-in set: name every profile you need.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the file cannot be read; [`Error::ProfileConfig`] with the line,
    /// column and `profile.key` at fault when it is malformed or breaks a rule.
    pub fn load(path: impl AsRef<Path>) -> Result<ProfileSet> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        ProfileSet::from_toml(&text, path)
    }

    /// Parses profiles from TOML text; `origin` names it in errors.
    ///
    /// # Errors
    ///
    /// [`Error::ProfileConfig`] as for [`ProfileSet::load`].
    pub fn from_toml(text: &str, origin: &Path) -> Result<ProfileSet> {
        let src = Source { text, path: origin };
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let offset = e.span().map(|s| s.start);
            src.error(offset, None, e.message().trim().to_string())
        })?;
        if raw.profile.is_empty() {
            return Err(src.error(
                None,
                None,
                "no profiles: add at least one `[profile.<name>]` table".to_string(),
            ));
        }
        if raw.profile.len() > MAX_PROFILES {
            return Err(src.error(
                None,
                None,
                format!(
                    "{} profiles, at most {MAX_PROFILES} are allowed",
                    raw.profile.len()
                ),
            ));
        }
        let mut profiles: Vec<Profile> = Vec::with_capacity(raw.profile.len());
        for (name, body) in &raw.profile {
            let profile = convert(&src, name, body.get_ref())?;
            let clash = profiles
                .iter()
                .any(|p| p.name.eq_ignore_ascii_case(&profile.name));
            if clash {
                return Err(src.at(
                    name,
                    name.get_ref().clone(),
                    "another profile has this name in a different case (names are case-insensitive)"
                        .to_string(),
                ));
            }
            profiles.push(profile);
        }
        profiles.sort_by(|a, b| {
            a.name
                .to_ascii_lowercase()
                .cmp(&b.name.to_ascii_lowercase())
                .then_with(|| a.name.cmp(&b.name))
        });
        Ok(ProfileSet { profiles })
    }

    /// The profile called `name`, ignoring case.
    pub fn get(&self, name: &str) -> Option<&Profile> {
        let name = name.trim();
        self.profiles
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The profile called `name`, ignoring case.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownProfile`] listing the known names (the wire's 400012
    /// InvalidAddressProfileName).
    pub fn resolve(&self, name: &str) -> Result<&Profile> {
        self.get(name).ok_or_else(|| Error::UnknownProfile {
            name: name.to_string(),
            known: self.names().iter().map(|n| (*n).to_string()).collect(),
        })
    }

    /// The profile names, sorted case-insensitively.
    pub fn names(&self) -> Vec<&str> {
        self.profiles.iter().map(|p| p.name.as_str()).collect()
    }

    /// The profiles, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = &Profile> {
        self.profiles.iter()
    }
}

fn convert(src: &Source<'_>, name: &Spanned<String>, raw: &RawProfile) -> Result<Profile> {
    let n = name.get_ref();
    let field = |key: &str| format!("{n}.{key}");
    let valid_name = !n.is_empty()
        && n.chars().count() <= MAX_NAME_CHARS
        && n.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !valid_name {
        return Err(src.at(
            name,
            n.clone(),
            format!(
                "a profile name is 1 to {MAX_NAME_CHARS} letters, digits, `_` or `-` (it travels in a URL as addressProfileName)"
            ),
        ));
    }
    let mut p = Profile::new(n.clone());
    p.description = raw.description.clone().unwrap_or_default();

    let lines = *raw.lines.get_ref();
    if !(1..=MAX_PROFILE_LINES as i64).contains(&lines) {
        return Err(src.at(
            &raw.lines,
            field("lines"),
            format!("lines is {lines}, it must be 1 to {MAX_PROFILE_LINES}"),
        ));
    }
    p.lines = usize::try_from(lines).unwrap_or(1);

    if let Some(max) = &raw.max_chars {
        let v = *max.get_ref();
        let range = MIN_PROFILE_LINE_CHARS as i64..=MAX_PROFILE_LINE_CHARS as i64;
        if !range.contains(&v) {
            return Err(src.at(
                max,
                field("max_chars"),
                format!(
                    "max_chars is {v}, it must be {MIN_PROFILE_LINE_CHARS} to {MAX_PROFILE_LINE_CHARS} (leave it out for no limit)"
                ),
            ));
        }
        p.max_chars = usize::try_from(v).ok();
    }

    if let Some(v) = &raw.abbreviate {
        p.abbreviation = choose(
            src,
            v,
            field("abbreviate"),
            &[
                ("never", Abbreviation::Never),
                ("always", Abbreviation::Always),
                ("when_needed", Abbreviation::WhenNeeded),
            ],
        )?;
    }
    if let Some(v) = &raw.case {
        p.capitalisation = choose(
            src,
            v,
            field("case"),
            &[
                ("as_is", Capitalisation::AsIs),
                ("upper", Capitalisation::Upper),
                ("lower", Capitalisation::Lower),
                ("proper", Capitalisation::Proper),
            ],
        )?;
    }
    if let Some(v) = &raw.irish_letters {
        p.irish_letters = choose(
            src,
            v,
            field("irish_letters"),
            &[("keep", IrishLetters::Keep), ("plain", IrishLetters::Plain)],
        )?;
    }
    p.county_always = raw.county_always.unwrap_or(false);
    if let Some(v) = &raw.eircode {
        p.eircode = choose(
            src,
            v,
            field("eircode"),
            &[
                ("own_line", EircodePlacement::OwnLine),
                ("last_line", EircodePlacement::LastLine),
                ("omit", EircodePlacement::Omit),
            ],
        )?;
    }
    if let Some(sep) = &raw.separator {
        if sep.get_ref().chars().count() > MAX_SEPARATOR_CHARS {
            return Err(src.at(
                sep,
                field("separator"),
                format!("separator is longer than {MAX_SEPARATOR_CHARS} characters"),
            ));
        }
        p.separator = sep.get_ref().clone();
    }
    if let Some(rules) = &raw.share {
        p.share = Vec::with_capacity(rules.len());
        for rule in rules {
            let text = rule.get_ref();
            let pair = text.split_once('+').and_then(|(a, b)| {
                Some((
                    LineRole::from_config_name(a)?,
                    LineRole::from_config_name(b)?,
                ))
            });
            match pair {
                Some(pair) => p.share.push(pair),
                None => {
                    return Err(src.at(
                        rule,
                        field("share"),
                        format!("`{text}` is not `<role>+<role>`; roles: {}", role_list()),
                    ))
                }
            }
        }
    }
    if let Some(roles) = &raw.drop {
        p.drop = Vec::with_capacity(roles.len());
        for role in roles {
            let text = role.get_ref();
            match LineRole::from_config_name(text) {
                Some(r) if r.is_never_dropped() => {
                    return Err(src.at(
                        role,
                        field("drop"),
                        format!("`{text}` is never dropped: the thoroughfare and the post town place the address"),
                    ))
                }
                Some(r) => p.drop.push(r),
                None => {
                    return Err(src.at(
                        role,
                        field("drop"),
                        format!("`{text}` is not a role; roles: {}", role_list()),
                    ))
                }
            }
        }
    }
    Ok(p)
}

fn role_list() -> String {
    LineRole::config_names().collect::<Vec<_>>().join(", ")
}

/// The option a string value names, or an error listing the accepted values.
fn choose<T: Copy>(
    src: &Source<'_>,
    value: &Spanned<String>,
    field: String,
    options: &[(&str, T)],
) -> Result<T> {
    let wanted = value
        .get_ref()
        .trim()
        .to_ascii_lowercase()
        .replace('-', "_");
    options
        .iter()
        .find(|(name, _)| *name == wanted)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let accepted: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            src.at(
                value,
                field,
                format!(
                    "`{}` is not accepted; use one of: {}",
                    value.get_ref(),
                    accepted.join(", ")
                ),
            )
        })
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;

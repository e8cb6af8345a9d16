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

/// The profile unknown names fall back to, and the one every set has.
pub const DEFAULT_PROFILE: &str = "default";

/// A set of named profiles, looked up by [`name_key`], with a policy for unknown names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileSet {
    /// [`name_key`] of each profile, sorted.
    keys: Vec<String>,
    /// In the order of `keys`.
    profiles: Vec<Profile>,
    unknown: UnknownProfile,
}

/// What a request naming a profile the set does not have gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum UnknownProfile {
    /// The `default` profile, so that an integration sending its own account's profile name
    /// works unchanged (the engine logs a warning once per name).
    #[default]
    UseDefault,
    /// Error 400012 InvalidAddressProfileName, for deployments that want every name configured.
    Refuse,
}

/// How a profile name is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup<'a> {
    /// A profile of that name.
    Found(&'a Profile),
    /// No profile of that name: the `default` profile answers in its stead.
    Fallback(&'a Profile),
    /// No profile of that name, and the policy refuses it.
    Unknown,
}

/// What two profile names must share to be the same name: their letters and digits, lower
/// case (`Wordpress-Gravity Forms`, `wordpress gravity forms` and `WordpressGravityForms` are
/// one name).
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
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
    /// Another profile's name: this one is that profile under another name.
    #[serde(default)]
    alias: Option<Spanned<String>>,
    #[serde(default)]
    lines: Option<Spanned<i64>>,
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
    /// The profiles shipped with the crate: `default`, `5line30`, `label4`, `ascii`, `crm3`;
    /// unknown names answered with `default`.
    pub fn builtin() -> ProfileSet {
        // The embedded file is parsed in a unit test, so this cannot fail in a release; keep a
        // usable set anyway rather than panic.
        parse(BUILTIN, Path::new("<builtin>"), &[])
            .unwrap_or_else(|_| ProfileSet::from_profiles(vec![Profile::new(DEFAULT_PROFILE)]))
    }

    /// Reads a profiles file: its profiles are added to the built-in ones (one with a built-in
    /// name replaces it), and each is a full definition or an alias of another
    /// (`alias = "default"`).
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

    /// Parses a profiles file from TOML text, as [`ProfileSet::load`]; `origin` names it in
    /// errors.
    ///
    /// # Errors
    ///
    /// [`Error::ProfileConfig`] as for [`ProfileSet::load`].
    pub fn from_toml(text: &str, origin: &Path) -> Result<ProfileSet> {
        let builtin = ProfileSet::builtin();
        parse(text, origin, &builtin.profiles)
    }

    /// A set of these profiles (names must differ by [`name_key`]; a later one replaces an
    /// earlier one of the same key). Unknown names are answered with `default` when the set has
    /// one.
    pub fn from_profiles(profiles: Vec<Profile>) -> ProfileSet {
        let mut keyed: BTreeMap<String, Profile> = BTreeMap::new();
        for p in profiles {
            keyed.insert(name_key(&p.name), p);
        }
        let (keys, profiles) = keyed.into_iter().unzip();
        ProfileSet {
            keys,
            profiles,
            unknown: UnknownProfile::default(),
        }
    }

    /// The same profiles with another policy for unknown names.
    pub fn with_unknown(mut self, policy: UnknownProfile) -> ProfileSet {
        self.unknown = policy;
        self
    }

    /// What an unknown name gets.
    pub fn unknown_policy(&self) -> UnknownProfile {
        self.unknown
    }

    /// The profile called `name`, ignoring case, spaces and punctuation (`Wordpress-Gravity
    /// Forms` is `wordpress gravity forms`); unknown names are not answered.
    pub fn get(&self, name: &str) -> Option<&Profile> {
        let key = name_key(name);
        let at = self.keys.binary_search(&key).ok()?;
        self.profiles.get(at)
    }

    /// How a request naming `name` is answered, by the set's [`UnknownProfile`] policy.
    pub fn lookup(&self, name: &str) -> Lookup<'_> {
        if let Some(p) = self.get(name) {
            return Lookup::Found(p);
        }
        match (self.unknown, self.get(DEFAULT_PROFILE)) {
            (UnknownProfile::UseDefault, Some(p)) => Lookup::Fallback(p),
            _ => Lookup::Unknown,
        }
    }

    /// The profile a request naming `name` is answered with ([`ProfileSet::lookup`]).
    ///
    /// # Errors
    ///
    /// [`Error::UnknownProfile`] listing the known names (the wire's 400012
    /// InvalidAddressProfileName) when the name is unknown and the policy refuses it.
    pub fn resolve(&self, name: &str) -> Result<&Profile> {
        match self.lookup(name) {
            Lookup::Found(p) | Lookup::Fallback(p) => Ok(p),
            Lookup::Unknown => Err(Error::UnknownProfile {
                name: name.to_string(),
                known: self.names().iter().map(|n| (*n).to_string()).collect(),
            }),
        }
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

/// Parses a profiles file over `base` (the built-in profiles, or none while reading those).
fn parse(text: &str, origin: &Path, base: &[Profile]) -> Result<ProfileSet> {
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
    // Every name first, so that a clash is reported whatever the order of the tables.
    let mut keys: BTreeMap<String, &Spanned<String>> = BTreeMap::new();
    for name in raw.profile.keys() {
        check_name(&src, name)?;
        if let Some(other) = keys.insert(name_key(name.get_ref()), name) {
            return Err(src.at(
                name,
                name.get_ref().clone(),
                format!(
                    "`{}` and `{}` are one name (names ignore case, spaces and punctuation)",
                    other.get_ref(),
                    name.get_ref()
                ),
            ));
        }
    }
    let mut defined: Vec<Profile> = Vec::with_capacity(raw.profile.len());
    for (name, body) in &raw.profile {
        if body.get_ref().alias.is_none() {
            defined.push(convert(&src, name, body.get_ref())?);
        }
    }
    let mut aliases = Vec::new();
    for (name, body) in &raw.profile {
        if let Some(target) = &body.get_ref().alias {
            aliases.push(alias(
                &src,
                name,
                body.get_ref(),
                target,
                &raw,
                &defined,
                base,
            )?);
        }
    }
    let profiles = base.iter().cloned().chain(defined).chain(aliases).collect();
    Ok(ProfileSet::from_profiles(profiles))
}

/// A name is 1 to [`MAX_NAME_CHARS`] characters with a letter or digit, and no control
/// characters (it travels in a URL as `addressProfileName`).
fn check_name(src: &Source<'_>, name: &Spanned<String>) -> Result<()> {
    let n = name.get_ref();
    let valid = n.chars().count() <= MAX_NAME_CHARS
        && n.chars().any(char::is_alphanumeric)
        && !n.chars().any(char::is_control);
    if valid {
        return Ok(());
    }
    Err(src.at(
        name,
        n.clone(),
        format!(
            "a profile name is 1 to {MAX_NAME_CHARS} characters with at least one letter or digit and no control characters"
        ),
    ))
}

/// The profile `target` names, under the alias `name`: a profile of this file (following
/// aliases of aliases) or of `base`.
fn alias(
    src: &Source<'_>,
    name: &Spanned<String>,
    raw: &RawProfile,
    target: &Spanned<String>,
    file: &RawFile,
    defined: &[Profile],
    base: &[Profile],
) -> Result<Profile> {
    let n = name.get_ref();
    let has_settings = raw.lines.is_some()
        || raw.max_chars.is_some()
        || raw.abbreviate.is_some()
        || raw.case.is_some()
        || raw.irish_letters.is_some()
        || raw.county_always.is_some()
        || raw.eircode.is_some()
        || raw.separator.is_some()
        || raw.share.is_some()
        || raw.drop.is_some();
    if has_settings {
        return Err(src.at(
            target,
            format!("{n}.alias"),
            "an alias takes no other settings: define a profile of its own instead".to_string(),
        ));
    }
    // Follow aliases of aliases in this file, at most once each (a cycle names nothing).
    let mut wanted = target.get_ref().clone();
    for _ in 0..=file.profile.len() {
        let key = name_key(&wanted);
        let found = defined
            .iter()
            .chain(base.iter())
            .find(|p| name_key(&p.name) == key);
        if let Some(found) = found {
            let mut p = found.clone();
            p.name = n.clone();
            p.alias_of = Some(found.name.clone());
            p.description = raw
                .description
                .clone()
                .unwrap_or_else(|| format!("The `{}` profile", found.name));
            return Ok(p);
        }
        let next = file
            .profile
            .iter()
            .find(|(k, _)| name_key(k.get_ref()) == key)
            .and_then(|(_, body)| body.get_ref().alias.as_ref());
        match next {
            Some(next) => wanted = next.get_ref().clone(),
            None => break,
        }
    }
    let known: Vec<&str> = defined
        .iter()
        .chain(base.iter())
        .map(|p| p.name.as_str())
        .collect();
    Err(src.at(
        target,
        format!("{n}.alias"),
        format!(
            "`{}` is not a profile (or its aliases go round in a circle); profiles: {}",
            target.get_ref(),
            known.join(", ")
        ),
    ))
}

fn convert(src: &Source<'_>, name: &Spanned<String>, raw: &RawProfile) -> Result<Profile> {
    let n = name.get_ref();
    let field = |key: &str| format!("{n}.{key}");
    let mut p = Profile::new(n.clone());
    p.description = raw.description.clone().unwrap_or_default();

    let Some(lines_value) = &raw.lines else {
        return Err(src.at(
            name,
            field("lines"),
            "missing `lines` (or `alias = \"<profile>\"` to reuse another profile)".to_string(),
        ));
    };
    let lines = *lines_value.get_ref();
    if !(1..=MAX_PROFILE_LINES as i64).contains(&lines) {
        return Err(src.at(
            lines_value,
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

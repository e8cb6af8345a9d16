//! Unit tests of the profiles file reader.

use super::*;
use std::path::Path;

fn parse(text: &str) -> Result<ProfileSet> {
    ProfileSet::from_toml(text, Path::new("test.toml"))
}

fn config_error(text: &str) -> (usize, Option<String>, String) {
    match parse(text) {
        Err(Error::ProfileConfig {
            line,
            field,
            message,
            ..
        }) => (line, field, message),
        other => panic!("expected a ProfileConfig error, got {other:?}"),
    }
}

#[test]
fn builtin_set_parses_with_the_required_profiles() {
    let set = ProfileSet::from_toml(BUILTIN, Path::new("<builtin>"));
    let set = set.expect("the embedded profiles.toml parses");
    assert_eq!(set, ProfileSet::builtin());
    assert_eq!(
        set.names(),
        vec!["5line30", "ascii", "crm3", "default", "label4"]
    );
    let p = set.get("5line30").expect("5line30");
    assert_eq!(p.lines, 5);
    assert_eq!(p.max_chars, Some(30));
    assert_eq!(p.abbreviation, Abbreviation::WhenNeeded);
    assert_eq!(p.capitalisation, Capitalisation::Upper);
    let crm = set.get("crm3").expect("crm3");
    assert!(crm.county_always);
    assert_eq!(crm.capitalisation, Capitalisation::Proper);
    assert_eq!(crm.max_chars, Some(40));
    let label = set.get("label4").expect("label4");
    assert_eq!(label.eircode, EircodePlacement::LastLine);
    let ascii = set.get("ascii").expect("ascii");
    assert_eq!(ascii.irish_letters, IrishLetters::Plain);
    let default = set.get("default").expect("default");
    assert_eq!(
        default,
        &Profile {
            description: default.description.clone(),
            ..Profile::new("default")
        }
    );
}

#[test]
fn names_are_case_insensitive() {
    let set = ProfileSet::builtin();
    assert_eq!(set.get("LABEL4").map(|p| p.name.as_str()), Some("label4"));
    assert_eq!(set.get(" Crm3 ").map(|p| p.name.as_str()), Some("crm3"));
    assert!(set.get("nope").is_none());
    assert_eq!(
        set.resolve("nope").map(|p| p.name.as_str()).ok(),
        Some("default"),
        "unknown names are answered with `default` unless refused"
    );
    let strict = set.with_unknown(UnknownProfile::Refuse);
    match strict.resolve("nope") {
        Err(Error::UnknownProfile { name, known }) => {
            assert_eq!(name, "nope");
            assert_eq!(known.len(), 5);
        }
        other => panic!("expected UnknownProfile, got {other:?}"),
    }
}

#[test]
fn a_bad_value_names_its_line_and_field() {
    let text = "[profile.a]\nlines = 3\nmax_chars = 4\n";
    let (line, field, message) = config_error(text);
    assert_eq!(line, 3);
    assert_eq!(field.as_deref(), Some("a.max_chars"));
    assert!(message.contains("max_chars is 4"), "{message}");

    let (line, field, _) = config_error("[profile.b]\nlines = 0\n");
    assert_eq!((line, field.as_deref()), (2, Some("b.lines")));

    let (line, field, message) = config_error("[profile.c]\nlines = 2\n\ncase = \"shouting\"\n");
    assert_eq!((line, field.as_deref()), (4, Some("c.case")));
    assert!(message.contains("proper"), "{message}");
}

#[test]
fn share_and_drop_rules_are_checked() {
    let (line, field, message) =
        config_error("[profile.a]\nlines = 2\nshare = [\"locality+post_town\", \"town+county\"]\n");
    assert_eq!((line, field.as_deref()), (3, Some("a.share")));
    assert!(message.contains("town+county"), "{message}");

    let (_, field, message) = config_error("[profile.a]\nlines = 2\ndrop = [\"post_town\"]\n");
    assert_eq!(field.as_deref(), Some("a.drop"));
    assert!(message.contains("never dropped"), "{message}");

    let set = parse("[profile.a]\nlines = 2\nshare = [\"county+eircode\"]\ndrop = []\n");
    let set = set.expect("valid");
    let p = set.get("a").expect("a");
    assert_eq!(p.share, vec![(LineRole::County, LineRole::Eircode)]);
    assert!(p.drop.is_empty());
}

#[test]
fn unknown_keys_and_syntax_errors_have_a_line() {
    let (line, field, message) = config_error("[profile.a]\nlines = 2\nlenght = 3\n");
    assert_eq!(line, 3);
    assert_eq!(field, None);
    assert!(message.contains("lenght"), "{message}");

    let (line, _, _) = config_error("[profile.a]\nlines = = 2\n");
    assert_eq!(line, 2);

    let (line, _, message) = config_error("[profile.a]\nlines = \"two\"\n");
    assert_eq!(line, 2);
    assert!(!message.is_empty());
}

#[test]
fn empty_files_missing_lines_and_clashing_names_are_errors() {
    let (line, _, message) = config_error("# nothing\n");
    assert_eq!(line, 0);
    assert!(message.contains("no profiles"), "{message}");

    let (_, _, message) = config_error("[profile.a]\ncase = \"upper\"\n");
    assert!(message.contains("lines"), "{message}");

    let (line, _, message) =
        config_error("[profile.Label]\nlines = 2\n\n[profile.label]\nlines = 3\n");
    assert!(line == 1 || line == 4, "{line}");
    assert!(message.contains("case"), "{message}");

    let (_, field, _) = config_error("[profile.\"- -\"]\nlines = 2\n");
    assert_eq!(field.as_deref(), Some("- -"));

    let (_, _, message) =
        config_error("[profile.\"a b\"]\nlines = 2\n\n[profile.a-b]\nlines = 3\n");
    assert!(message.contains("one name"), "{message}");
}

#[test]
fn load_reads_a_file_and_reports_io_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("profiles.toml");
    std::fs::write(&path, "[profile.x]\nlines = 2\nmax_chars = 12\n").expect("write");
    let set = ProfileSet::load(&path).expect("loads");
    assert_eq!(
        set.names(),
        vec!["5line30", "ascii", "crm3", "default", "label4", "x"],
        "a file adds to the built-in profiles"
    );
    let missing = ProfileSet::load(dir.path().join("missing.toml"));
    assert!(matches!(missing, Err(Error::Io { .. })));
    let display = parse("[profile.a]\nlines = 99\n")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(display.starts_with("test.toml:2:"), "{display}");
    assert!(display.contains("(a.lines)"), "{display}");
}

#[test]
fn names_ignore_case_spaces_and_punctuation() {
    let set = parse("[profile.\"Wordpress-Gravity Forms\"]\nlines = 4\n").expect("valid");
    for asked in [
        "Wordpress-Gravity Forms",
        "wordpress gravity forms",
        "WORDPRESSGRAVITYFORMS",
        " Wordpress_Gravity.Forms ",
    ] {
        let found = set.get(asked).map(|p| p.name.as_str());
        assert_eq!(found, Some("Wordpress-Gravity Forms"), "{asked}");
    }
    assert_eq!(name_key("Demo5LineV2"), "demo5linev2");
    assert_eq!(name_key("Fáilte Ireland"), "fáilteireland");
}

#[test]
fn aliases_name_a_profile_of_the_file_or_a_built_in_one() {
    let text = "[profile.MagentoDefault]\nalias = \"default\"\n\n\
                [profile.Shop]\nlines = 4\ncase = \"proper\"\n\n\
                [profile.\"Shop Two\"]\nalias = \"shop\"\n\n\
                [profile.ShopThree]\nalias = \"Shop Two\"\n";
    let set = parse(text).expect("valid");
    let magento = set.get("magentodefault").expect("alias");
    assert_eq!(magento.alias_of.as_deref(), Some("default"));
    assert_eq!(magento.lines, 9);
    for name in ["Shop Two", "ShopThree"] {
        let p = set.get(name).expect("alias of an alias");
        assert_eq!(p.alias_of.as_deref(), Some("Shop"), "{name}");
        assert_eq!((p.lines, p.capitalisation), (4, Capitalisation::Proper));
    }
    // A file profile named like a built-in one replaces it, aliases included.
    let set =
        parse("[profile.DEFAULT]\nlines = 3\n\n[profile.x]\nalias = \"default\"\n").expect("valid");
    assert_eq!(set.get("x").map(|p| p.lines), Some(3));
    assert_eq!(set.names().len(), 6);
}

#[test]
fn bad_aliases_are_errors_with_their_line() {
    let (line, field, message) = config_error("[profile.a]\nalias = \"nope\"\n");
    assert_eq!((line, field.as_deref()), (2, Some("a.alias")));
    assert!(
        message.contains("nope") && message.contains("label4"),
        "{message}"
    );

    let (_, _, message) =
        config_error("[profile.a]\nalias = \"b\"\n\n[profile.b]\nalias = \"a\"\n");
    assert!(message.contains("circle"), "{message}");

    let (_, field, message) = config_error("[profile.a]\nalias = \"default\"\nlines = 3\n");
    assert_eq!(field.as_deref(), Some("a.alias"));
    assert!(message.contains("no other settings"), "{message}");

    let (_, field, message) = config_error("[profile.a]\ncase = \"upper\"\n");
    assert_eq!(field.as_deref(), Some("a.lines"));
    assert!(message.contains("alias"), "{message}");
}

#[test]
fn lookup_follows_the_policy_for_unknown_names() {
    let set = ProfileSet::builtin();
    assert!(matches!(set.lookup("Label4"), Lookup::Found(p) if p.name == "label4"));
    assert!(matches!(set.lookup("MagentoDefault"), Lookup::Fallback(p) if p.name == "default"));
    let strict = set.with_unknown(UnknownProfile::Refuse);
    assert_eq!(strict.lookup("MagentoDefault"), Lookup::Unknown);
    assert_eq!(strict.unknown_policy(), UnknownProfile::Refuse);
}

/// The shipped example maps every public integration's profile name.
#[test]
fn the_example_file_maps_the_public_integrations() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/profiles.toml");
    let set = ProfileSet::load(&path).expect("examples/profiles.toml loads");
    for name in [
        "Demo5LineV2",
        "MagentoDefault",
        "DemoApi5Line",
        "Wordpress-Gravity Forms",
        "SalesforceProfile2",
        "Solution Centre Web",
        "Shopify Demo",
        "ArcGisGeneric",
    ] {
        assert!(set.get(name).is_some(), "{name}");
    }
}

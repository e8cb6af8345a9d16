//! The bundled fixture dataset and an engine over its index, built once per test binary.
//! Tests use it as `seoladh_testkit::fixture`.

use std::sync::OnceLock;

use seoladh::ecad::{layout, Dataset};
use seoladh::engine::Engine;
use seoladh::index::{Index, IndexBuilder, NoProgress};
use seoladh::profile::ProfileSet;

/// `fixtures/data`, read once.
pub fn dataset() -> &'static Dataset {
    static DS: OnceLock<Dataset> = OnceLock::new();
    DS.get_or_init(|| {
        let dir = crate::fixtures_dir().join("data");
        layout::read_dir(&dir).expect("fixture dataset readable").0
    })
}

/// The bytes of the fixture's index, built in memory once.
pub fn index_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        IndexBuilder::new()
            .build(dataset(), &NoProgress)
            .expect("fixture builds")
            .to_bytes()
    })
}

/// An engine (built-in profiles) over the fixture's index, built in memory once.
pub fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        Engine::new(
            Index::from_bytes(index_bytes().to_vec()).expect("opens"),
            ProfileSet::builtin(),
        )
    })
}

//! The engine: an opened index plus address profiles, answering the three 2.0 operations.
//!
//! This is the seam between matching and the wire: [`Engine`] implements [`api::Engine`], which
//! the HTTP server, the CLI and batch validation all call.
//!
//! - `find`: Find Address (text search, Eircode and id lookups, classification, options);
//! - `autocomplete`: Autocomplete;
//! - [`ecad_data`], Get ECAD Data (status and data rules of every entity level).

mod autocomplete;
pub mod ecad_data;
mod find;
mod recent;
pub mod uk;

use std::collections::BTreeMap;
use std::path::Path;

use crate::api::{
    self, ApiError, AutocompleteRequest, AutocompleteResponse, FindAddressRequest,
    FindAddressResponse, GetEcadDataRequest, GetEcadDataResponse, LinkContext,
};
use crate::error::Result;
use crate::index::Index;
use crate::profile::ProfileSet;

/// An index and the address profiles, ready to answer requests. Cheap to share behind an `Arc`.
#[derive(Debug)]
pub struct Engine {
    index: Index,
    profiles: ProfileSet,
    /// Recent autocomplete answers (spaces and commas typed are answered from here).
    recent: recent::Recent,
    /// Whether `recent` is used.
    remember: bool,
}

impl Engine {
    /// Opens an index file with the built-in address profiles.
    ///
    /// # Errors
    /// As [`Index::open`].
    pub fn open(path: impl AsRef<Path>) -> Result<Engine> {
        Ok(Engine::new(Index::open(path)?, ProfileSet::builtin()))
    }

    /// Opens an index file read into memory ([`Index::open_resident`]): for long-running
    /// processes (a server, a batch, a benchmark), whose scattered reads are faster on the huge
    /// pages this gets on Linux than through a memory map.
    ///
    /// # Errors
    /// As [`Index::open`].
    pub fn open_resident(path: impl AsRef<Path>) -> Result<Engine> {
        Ok(Engine::new(
            Index::open_resident(path)?,
            ProfileSet::builtin(),
        ))
    }

    /// The server's engine loader: [`Engine::open_resident`] on the file it is given (at start
    /// and on every reload; during a reload both indexes are in memory).
    #[cfg(feature = "server")]
    pub fn loader() -> crate::server::Loader {
        std::sync::Arc::new(|path: &Path| {
            Ok(std::sync::Arc::new(Engine::open_resident(path)?)
                as std::sync::Arc<dyn api::Engine>)
        })
    }

    /// An engine over an opened index with the given profiles.
    pub fn new(index: Index, profiles: ProfileSet) -> Engine {
        // Rank the prefix completions and key the typo table now (a few ms each at full scale),
        // not on the first request (and, on a hot reload, before the new index is swapped in).
        let _ = index.completions(&[]);
        let _ = index.one_edit();
        // The UK place and district lists foreign detection reads (a few ms, once per process).
        let _ = crate::text::uk_places::uk_places();
        let _ = crate::text::postcode::is_district("");
        Engine {
            index,
            profiles,
            recent: recent::Recent::default(),
            remember: true,
        }
    }

    /// Turns the recent-answer cache of Autocomplete on (the default) or off. Off, every
    /// keystroke runs a search: what benchmarks of the search itself want.
    pub fn remember_suggestions(mut self, on: bool) -> Engine {
        self.remember = on;
        self
    }

    /// The index.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The address profiles.
    pub fn profiles(&self) -> &ProfileSet {
        &self.profiles
    }
}

impl api::Engine for Engine {
    fn find_address(
        &self,
        req: &FindAddressRequest,
        links: &LinkContext,
    ) -> Result<FindAddressResponse, ApiError> {
        Ok(find::find_address(self, req, links))
    }

    fn get_ecad_data(
        &self,
        req: &GetEcadDataRequest,
        links: &LinkContext,
    ) -> Result<GetEcadDataResponse, ApiError> {
        Ok(ecad_data::get_ecad_data(self, req, links))
    }

    fn autocomplete(
        &self,
        req: &AutocompleteRequest,
        links: &LinkContext,
    ) -> Result<AutocompleteResponse, ApiError> {
        Ok(autocomplete::autocomplete(self, req, links))
    }

    fn profile_names(&self) -> Vec<String> {
        self.profiles
            .names()
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    fn counts(&self) -> BTreeMap<String, u64> {
        let c = &self.index.meta().counts;
        BTreeMap::from([
            ("addressPoints".to_string(), c.address_points),
            ("buildings".to_string(), c.buildings),
            ("places".to_string(), c.places),
            ("elements".to_string(), c.elements),
            ("ukAddresses".to_string(), c.uk_addresses),
        ])
    }
}

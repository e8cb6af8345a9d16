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
mod options;
mod recent;
pub mod uk;
mod uk_suggest;

pub use options::{EcadDataOptions, QueryOptions};

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Mutex;

use crate::api::{
    self, ApiError, AutocompleteRequest, AutocompleteResponse, FindAddressRequest,
    FindAddressResponse, GetEcadDataRequest, GetEcadDataResponse, LinkContext,
};
use crate::error::Result;
use crate::index::Index;
use crate::profile::{Lookup, Profile, ProfileSet};

/// What one caller's requests keep from one to the next: the search's buffers and caches
/// ([`crate::search::Scratch`]) and the suggestions it rendered lately. Not shared between
/// threads; any scratch serves any engine (what it keeps is tagged with the index it came from).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    search: crate::search::Scratch,
    rendered: recent::RenderedCache,
}

thread_local! {
    // The request methods take no scratch (nor does the `api::Engine` trait the server calls):
    // one per thread, warm from one request to the next, as a per-request one would not be.
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// Runs `f` with this thread's [`Scratch`] (a fresh one on a re-entrant call).
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::default()),
    })
}

/// An index and the address profiles, ready to answer requests. Cheap to share behind an `Arc`.
#[derive(Debug)]
pub struct Engine {
    index: Index,
    profiles: ProfileSet,
    /// Recent autocomplete answers (spaces and commas typed are answered from here).
    recent: recent::Recent,
    /// Whether `recent` is used.
    remember: bool,
    /// Unknown profile names already warned about (so each is logged once).
    warned: Mutex<BTreeSet<String>>,
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
            warned: Mutex::new(BTreeSet::new()),
        }
    }

    /// The same engine answering with these address profiles (and their policy for unknown
    /// names, [`ProfileSet::with_unknown`]).
    pub fn with_profiles(mut self, profiles: ProfileSet) -> Engine {
        self.profiles = profiles;
        self
    }

    /// Turns the recent-answer cache of Autocomplete on (the default) or off. Off, every
    /// keystroke runs a search: what benchmarks of the search itself want.
    pub fn remember_suggestions(mut self, on: bool) -> Engine {
        self.remember = on;
        self
    }

    /// Find Address for free text: an address, an Eircode, or both, typed as people type
    /// them. The answer is the 2.0 response (`result`, `postcode`, `postalAddress`, options
    /// …); its links are relative (the library has no base URL or licence key).
    ///
    /// # Errors
    /// [`Error::UnknownProfile`](crate::Error::UnknownProfile) when the options name an address
    /// profile this engine does not have.
    pub fn find(&self, address: &str, options: &QueryOptions) -> Result<FindAddressResponse> {
        self.check_options_profile(options)?;
        let req = options::find_request(options, address, None);
        Ok(with_scratch(|s| {
            find::find_address(self, &req, &library_links(), s)
        }))
    }

    /// Find Address by id: an address point is the answer; an element (a street, an estate, a
    /// town) or a building lists what lies below it (the `next` of a grouped option).
    ///
    /// # Errors
    /// As [`Engine::find`].
    pub fn find_id(&self, address_id: u64, options: &QueryOptions) -> Result<FindAddressResponse> {
        self.check_options_profile(options)?;
        let req = options::find_request(options, "", Some(address_id));
        Ok(with_scratch(|s| {
            find::find_address(self, &req, &library_links(), s)
        }))
    }

    /// Autocomplete: suggestions for partial text (the last word may be cut short).
    ///
    /// # Errors
    /// As [`Engine::find`].
    pub fn autocomplete(
        &self,
        partial: &str,
        options: &QueryOptions,
    ) -> Result<AutocompleteResponse> {
        self.check_options_profile(options)?;
        let req = options::autocomplete_request(options, partial);
        Ok(with_scratch(|s| {
            autocomplete::autocomplete(self, &req, &library_links(), s)
        }))
    }

    /// Get ECAD Data: everything stored for an ECAD id (status, addresses in both languages,
    /// building, spatial and administrative data). An unknown id is a normal answer (`result`
    /// 200 EcadIdInvalid).
    pub fn ecad_data(&self, ecad_id: u64, options: &EcadDataOptions) -> GetEcadDataResponse {
        ecad_data::get_ecad_data(self, &options.request(ecad_id), &library_links())
    }

    /// Whether the options' address profile can be answered: a known name, or any name when
    /// the profiles answer unknown names with `default` (see [`Engine::profile`]).
    fn check_options_profile(&self, options: &QueryOptions) -> Result<()> {
        match options.address_profile_name.as_deref() {
            Some(name) if self.profile(name).is_none() => self.profiles.resolve(name).map(|_| ()),
            _ => Ok(()),
        }
    }

    /// The index.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// Builds the word list of the UK addresses now (about half a second at full scale) rather
    /// than on the first request that reads it (a UK search, or an Irish one naming a UK town
    /// that Ireland has too): what a server does before it takes traffic.
    pub fn prepare_uk(&self) {
        let _ = self.index.uk_words();
    }

    /// The address profiles.
    pub fn profiles(&self) -> &ProfileSet {
        &self.profiles
    }

    /// The profile a request naming `name` is answered with: the profile of that name, or
    /// `default` in its stead (a warning logged the first time each name is met), or none when
    /// the profiles' policy refuses unknown names.
    pub fn profile(&self, name: &str) -> Option<&Profile> {
        match self.profiles.lookup(name) {
            Lookup::Found(p) => Some(p),
            Lookup::Fallback(p) => {
                self.warn_unknown_profile(name, &p.name);
                Some(p)
            }
            Lookup::Unknown => None,
        }
    }

    /// Logs once per name (up to [`MAX_UNKNOWN_PROFILE_WARNINGS`] names) that an unknown
    /// profile name is answered with `fallback`.
    fn warn_unknown_profile(&self, name: &str, fallback: &str) {
        let key = crate::profile::name_key(name);
        let Ok(mut warned) = self.warned.lock() else {
            return;
        };
        if warned.len() >= MAX_UNKNOWN_PROFILE_WARNINGS || !warned.insert(key) {
            return;
        }
        let name: String = name.chars().take(64).collect();
        tracing::warn!(
            profile = %name,
            answered_with = %fallback,
            "addressProfileName `{name}` is not configured: answered with the `{fallback}` profile (map it in a profiles file, or refuse unknown names)"
        );
    }
}

/// Links of library answers: relative (no base URL), without a licence key.
fn library_links() -> LinkContext {
    LinkContext::new("", "", None)
}

/// Unknown profile names logged, at most (a client sending random names cannot fill the log).
const MAX_UNKNOWN_PROFILE_WARNINGS: usize = 100;

impl api::Engine for Engine {
    fn find_address(
        &self,
        req: &FindAddressRequest,
        links: &LinkContext,
    ) -> Result<FindAddressResponse, ApiError> {
        if let Some(name) = &req.options.address_profile_name {
            api::Engine::check_profile(self, name)?;
        }
        Ok(with_scratch(|s| find::find_address(self, req, links, s)))
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
        Ok(with_scratch(|s| {
            autocomplete::autocomplete(self, req, links, s)
        }))
    }

    fn profile_names(&self) -> Vec<String> {
        self.profiles
            .names()
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    fn check_profile(&self, name: &str) -> Result<(), ApiError> {
        match self.profiles.lookup(name) {
            Lookup::Found(_) | Lookup::Fallback(_) => Ok(()),
            Lookup::Unknown => api::check_profile(Some(name), &self.profile_names()),
        }
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

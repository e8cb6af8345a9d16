//! `seoladh._seoladh`: the Python extension module of the `seoladh` package. The package's
//! `__init__.py` re-exports it; `_seoladh.pyi` documents it for type checkers.
//!
//! Single calls (`find`, `autocomplete`, `ecad_data`) answer as the Rust facade does, as the
//! 2.0 wire JSON turned into Python objects. Batch calls (`find_many`, `find_arrow`) answer
//! every row as `seoladh batch` does (`seoladh::batch::find_row`), on all cores with the GIL
//! released, into flat Arrow columns.

mod columns;
mod errors;

use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use seoladh::raw::index::Index;
use seoladh::raw::profile::UnknownProfile;
use seoladh::{
    AdministrativeRelease, Country, EcadDataOptions, Engine as RustEngine, IndexBuilder, Language,
    ProfileSet, QueryOptions,
};

/// An opened index with its address profiles.
#[pyclass(module = "seoladh", name = "Engine", frozen)]
struct Engine {
    inner: RustEngine,
    path: PathBuf,
}

#[pymethods]
impl Engine {
    /// Opens an index file: memory-mapped, or read into memory with `resident=True`;
    /// `profiles` is a profiles TOML file adding to the built-in address profiles;
    /// `unknown_profile` is what a profile name none has gets: `"default"` (the `default`
    /// profile) or `"error"` (UnknownProfileError, or an error row in a batch).
    #[new]
    #[pyo3(signature = (path, resident = false, profiles = None, unknown_profile = "default"))]
    fn new(
        py: Python<'_>,
        path: PathBuf,
        resident: bool,
        profiles: Option<PathBuf>,
        unknown_profile: &str,
    ) -> PyResult<Engine> {
        let policy = match unknown_profile {
            "default" => UnknownProfile::UseDefault,
            "error" => UnknownProfile::Refuse,
            other => {
                return Err(errors::invalid_option(
                    py,
                    "unknown_profile",
                    format!("unknown_profile `{other}` is not valid: use \"default\" or \"error\""),
                ))
            }
        };
        let opened = py.detach(|| -> seoladh::Result<RustEngine> {
            let index = if resident {
                Index::open_resident(&path)?
            } else {
                Index::open(&path)?
            };
            let profiles = match &profiles {
                Some(p) => ProfileSet::load(p)?,
                None => ProfileSet::builtin(),
            };
            Ok(RustEngine::new(index, profiles.with_unknown(policy)))
        });
        Ok(Engine {
            inner: opened.map_err(|e| errors::to_py(py, e))?,
            path,
        })
    }

    /// The index file's path.
    #[getter]
    fn path(&self) -> PathBuf {
        self.path.clone()
    }

    /// Names of the address profiles (for `address_profile`).
    fn profile_names(&self) -> Vec<String> {
        self.inner
            .profiles()
            .names()
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// Find Address: free text, an Eircode, or both, to the 2.0 response as dicts (`result`,
    /// `postcode`, `addressId`, `postalAddress`, `options` …). Text past 1,000 characters is
    /// not read. Keyword options: see `QUERY_OPTIONS`. Raises InvalidOptionError for a bad
    /// option, UnknownProfileError for an unknown profile.
    #[pyo3(signature = (address, **options))]
    fn find<'py>(
        &self,
        py: Python<'py>,
        address: &str,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let opts = keyword_options(py, "find", options, QUERY_OPTIONS)?;
        let answer = py.detach(|| self.inner.find(address, &opts));
        to_dict(py, &answer.map_err(|e| errors::to_py(py, e))?)
    }

    /// Find Address by id: an address point is the answer; an element (a street, a town) or a
    /// building lists what lies below it (the `next` of a grouped option). Keyword options as
    /// `find`.
    #[pyo3(signature = (address_id, **options))]
    fn find_id<'py>(
        &self,
        py: Python<'py>,
        address_id: u64,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let opts = keyword_options(py, "find_id", options, QUERY_OPTIONS)?;
        let answer = py.detach(|| self.inner.find_id(address_id, &opts));
        to_dict(py, &answer.map_err(|e| errors::to_py(py, e))?)
    }

    /// Autocomplete: suggestions for partial text (the last word may be cut short). Keyword
    /// options as `find`.
    #[pyo3(signature = (partial, **options))]
    fn autocomplete<'py>(
        &self,
        py: Python<'py>,
        partial: &str,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let opts = keyword_options(py, "autocomplete", options, QUERY_OPTIONS)?;
        let answer = py.detach(|| self.inner.autocomplete(partial, &opts));
        to_dict(py, &answer.map_err(|e| errors::to_py(py, e))?)
    }

    /// Get ECAD Data: everything stored for an id (status, addresses in both languages,
    /// building, spatial and administrative data); an unknown id answers EcadIdInvalid.
    #[pyo3(signature = (ecad_id, *, history = false, administrative_release = "2015"))]
    fn ecad_data<'py>(
        &self,
        py: Python<'py>,
        ecad_id: u64,
        history: bool,
        administrative_release: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let release = match administrative_release.trim() {
            "2015" => AdministrativeRelease::Release2015,
            "2017" => AdministrativeRelease::Release2017,
            other => {
                return Err(errors::invalid_option(
                    py,
                    "administrative_release",
                    format!("`{other}` is not a release: use \"2015\" or \"2017\""),
                ))
            }
        };
        let opts = EcadDataOptions::default()
            .history(history)
            .administrative_release(release);
        let answer = py.detach(|| self.inner.ecad_data(ecad_id, &opts));
        to_dict(py, &answer)
    }

    /// Find Address for every string, on all cores without the GIL: a pyarrow.RecordBatch of
    /// ANSWER_COLUMNS, one row per address in order. A None, a non-string or an over-long
    /// address is an error row (error_code, error), not an exception.
    /// Keyword options: those of `find` but the three flags (`BATCH_OPTIONS`).
    #[pyo3(signature = (addresses, **options))]
    fn find_many<'py>(
        &self,
        py: Python<'py>,
        addresses: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let opts = keyword_options(py, "find_many", options, BATCH_OPTIONS)?;
        columns::find_many(py, &self.inner, addresses, opts)
    }

    /// Find Address for Arrow data (an array of addresses, or a record batch or table with an
    /// `address` column and optional per-row `eircode`, `language`, `country`, `limit`), on all
    /// cores without the GIL: a pyarrow.RecordBatch of the input's `keep` columns and
    /// ANSWER_COLUMNS, one row per input row in order; a bad row is an error row.
    /// Keyword options as `find_many`.
    #[pyo3(signature = (data, *, keep = Vec::new(), **options))]
    fn find_arrow<'py>(
        &self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
        keep: Vec<String>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let opts = keyword_options(py, "find_arrow", options, BATCH_OPTIONS)?;
        columns::find_arrow(py, &self.inner, data, opts, &keep)
    }

    fn __repr__(&self) -> String {
        format!("seoladh.Engine({:?})", self.path.display().to_string())
    }
}

/// The keyword options of `find`, `find_id` and `autocomplete`, in the order of the stub's
/// `QueryOptions`: language, country, limit, address_profile, vanity, geographic,
/// address_elements.
const QUERY_OPTIONS: &[&str] = &[
    "language",
    "country",
    "limit",
    "address_profile",
    "vanity",
    "geographic",
    "address_elements",
];

/// The keyword options of `find_many` and `find_arrow` (the stub's `BatchOptions`).
const BATCH_OPTIONS: &[&str] = &["language", "country", "limit", "address_profile"];

/// The keyword options `options` of a call to `method` (any of `allowed`), checked, with the
/// defaults of the stub for those not given: `language="en"`, `country="ie"`, `limit=-1`,
/// `address_profile=None`, the three flags `False`. A keyword not allowed, or a value of the
/// wrong type, raises TypeError as for any Python function.
fn keyword_options(
    py: Python<'_>,
    method: &str,
    options: Option<&Bound<'_, PyDict>>,
    allowed: &[&str],
) -> PyResult<QueryOptions> {
    let mut language = "en".to_string();
    let mut country = "ie".to_string();
    let mut limit = -1i32;
    let mut address_profile: Option<String> = None;
    let mut flags = (false, false, false);
    for (key, value) in options.into_iter().flat_map(|d| d.iter()) {
        let key: String = key.extract()?;
        if !allowed.contains(&key.as_str()) {
            return Err(PyTypeError::new_err(format!(
                "{method}() got an unexpected keyword argument '{key}'"
            )));
        }
        let typed = |e: PyErr| {
            PyTypeError::new_err(format!("{method}() argument '{key}': {}", e.value(py)))
        };
        match key.as_str() {
            "language" => language = value.extract().map_err(typed)?,
            "country" => country = value.extract().map_err(typed)?,
            "limit" => limit = value.extract().map_err(typed)?,
            "address_profile" => address_profile = value.extract().map_err(typed)?,
            "vanity" => flags.0 = value.extract().map_err(typed)?,
            "geographic" => flags.1 = value.extract().map_err(typed)?,
            _ => flags.2 = value.extract().map_err(typed)?,
        }
    }
    query_options(py, &language, &country, limit, address_profile, flags)
}

/// The options of a call, checked.
fn query_options(
    py: Python<'_>,
    language: &str,
    country: &str,
    limit: i32,
    address_profile: Option<String>,
    (vanity, geographic, address_elements): (bool, bool, bool),
) -> PyResult<QueryOptions> {
    let language = match language.trim().to_ascii_lowercase().as_str() {
        "en" => Language::English,
        "ga" => Language::Irish,
        _ => {
            return Err(errors::invalid_option(
                py,
                "language",
                format!("`{language}` is not supported: use \"en\" or \"ga\""),
            ))
        }
    };
    let country = match country.trim().to_ascii_lowercase().as_str() {
        "ie" => Country::Ie,
        "ni" => Country::Ni,
        "gb" => Country::Gb,
        _ => {
            return Err(errors::invalid_option(
                py,
                "country",
                format!("`{country}` is not supported: use \"ie\", \"ni\" or \"gb\""),
            ))
        }
    };
    if limit < -1 {
        return Err(errors::invalid_option(
            py,
            "limit",
            format!("{limit} is not valid: use -1 (no fixed bound) or an integer >= 0"),
        ));
    }
    let mut opts = QueryOptions::default()
        .language(language)
        .country(country)
        .limit(limit)
        .vanity_mode(vanity)
        .geographic_address(geographic)
        .address_elements(address_elements);
    if let Some(p) = address_profile {
        opts = opts.address_profile(p);
    }
    Ok(opts)
}

/// A wire response as Python objects (dicts keep the wire's field order).
fn to_dict<'py>(py: Python<'py>, response: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(response).map_err(|e| {
        errors::to_py(
            py,
            seoladh::Error::InvalidOption {
                option: "response",
                message: format!("cannot serialise the answer: {e}"),
            },
        )
    })?;
    py.import("json")?.getattr("loads")?.call1((json,))
}

/// Builds an index file from an ECAD-layout directory (once per data release).
#[pyfunction]
fn build_index(py: Python<'_>, data_dir: PathBuf, out: PathBuf) -> PyResult<()> {
    py.detach(|| {
        IndexBuilder::new()
            .build_dir(&data_dir)?
            .write_file(&out)
            .map(|_| ())
    })
    .map_err(|e| errors::to_py(py, e))
}

/// The version of seoladh.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _seoladh(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_function(wrap_pyfunction!(build_index, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add("ANSWER_COLUMNS", columns::answer_column_names())?;
    Ok(())
}

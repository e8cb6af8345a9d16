//! The deterministic dataset generator (feature `synth`): a realistic ECAD-layout dataset for
//! Ireland, plus Northern Ireland and Great Britain samples, built from real public reference
//! data (`fixtures/reference/`, see `SOURCES.md` and `LICENCES.md`).
//!
//! # Pipeline
//! 1. Module `reference` — read the reference tables (routing keys, townlands, PPR addresses, streets).
//! 2. Module `world` — the real geography — 26 counties, 139 routing areas with their post towns
//!    (Dublin 1–24 and 6W as post towns), townlands with Irish names and positions, villages.
//! 3. Module `plan` — how many address points go to each town, village and townland.
//! 4. Module `area` — each routing area generated on its own (rayon), with a ChaCha RNG seeded from
//!    (seed, routing key): streets, estates, terraces, apartments, businesses, rural houses.
//! 5. Module `assemble` — ids assigned in routing-key order; info tables, aliases, history.
//! 6. Module `uk` — `UK_ADDRESS.csv`.
//! 7. The ECAD address builder derives POSTAL/GEOGRAPHIC_ADDRESS
//!    ([`seoladh::ecad::address::derive_address_tables`]).
//!
//! # Shape of the population (the choices, written down)
//! - Counties get points in proportion to their occupied households (Census 2016): Dublin ≈27%,
//!   Cork ≈12%, … Leitrim ≈0.7%. A county's *urban share* (Dublin 96%, Leitrim 22%) goes to
//!   its post towns and villages, the rest to its townlands.
//! - Urban weights: Dublin districts by their approximate household counts; the cities (Cork,
//!   Galway, Limerick, Waterford) take 55–62% of their county's urban points; other principal
//!   post towns weigh by the size of their routing area (townland count), secondary towns 30%
//!   of that; villages (the HSE locality list) take 18% of a county's urban points.
//! - A town is built from blocks: numbered houses on streets (40% of blocks; ~10% of them
//!   businesses with an organisation, some with a flat over the shop, some houses split into
//!   `FLAT 1..3`), housing estates (34%, 15–120 houses), terraces (8%), apartment complexes
//!   (15%, 1–3 blocks of `APARTMENT n`) and business parks / industrial estates (3%, `UNIT n`
//!   with an organisation, 12% of organisations with a department). Towns over 2,500 points
//!   get suburbs (localities) from the real place names of their area.
//! - Street, estate, terrace and apartment names are real: mined from the Property Price
//!   Register, the routing area's own names first, then the county's, then the country's
//!   (a townland name + type when all are used). Central Dublin also gets the real OSM streets
//!   with their official Irish names.
//! - Rural: a townland's houses are `[house name] + townland + post town + county`; 15% have a
//!   house name, so most share their postal address: NUA (about a third of all points).
//!   The post town is the nearest of the routing area's towns (the principal town favoured).
//!   A townland's county is its real county, which can differ from the post town's: border
//!   addresses.
//! - Irish: townlands carry their logainm.ie name (verification 4); streets and estates get an
//!   Irish form built from real Irish street types (78% of streets, 55% of estates;
//!   verification 1); real OSM Irish street names are verification 3. Gaeltacht: the townlands
//!   of the electoral divisions listed in `world::facts::GAELTACHT_EDS` (Gaoth Dobhair, Na Rosa,
//!   Corca Dhuibhne, Iorras, Acaill, An Rinn, …) — there the Irish name is the NAME (what people
//!   write), the English name an alias, and ADMINISTRATIVE_INFO.GAELTACHT = Y.
//! - 0.8% of points have no mail delivery and no Eircode (plus buildings under construction,
//!   0.5%); 4.5% of buildings are vacant; holiday homes are 7% of rural houses on the coast.
//! - Aliases: misspellings (6%), alternative formats (15%: `RD`, `ST.`, `BALLY MORE`), other
//!   names (3%, real OSM alternative names, historic names such as KINGSTOWN), and both.
//! - History: about 1 address point in 1,000 has an older id and Eircode (CHANGED, two thirds)
//!   or a retired id and Eircode (RETIRED, one third).
//! - Coordinates: townland positions from OSM (Cork and Galway townlands are scattered around
//!   their routing area's principal town), houses scattered around them, always inside the
//!   county's bounding box ([`county_bounding_boxes`]); ITM and Irish Grid derived with
//!   [`projection`].

pub(crate) mod area;
pub(crate) mod assemble;
pub(crate) mod content;
pub(crate) mod local;
pub(crate) mod names;
pub(crate) mod plan;
pub mod projection;
pub(crate) mod reference;
pub(crate) mod uk;
pub(crate) mod world;

use rayon::prelude::*;
use seoladh::ecad::Dataset;
use seoladh::error::{Error, Result};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Options of [`generate`].
#[derive(Debug, Clone, PartialEq)]
pub struct GenerateOptions {
    /// Irish address points to generate (before the UK rows). Default 2,200,000.
    pub addresses: usize,
    /// RNG seed: the same seed and options give byte-identical output.
    pub seed: u64,
    /// Restrict to these counties (English names, any case); `None` = all 26.
    pub counties: Option<Vec<String>>,
    /// The reference data directory (default: the crate's `fixtures/reference`).
    pub reference: PathBuf,
    /// Northern Irish addresses (default: 2% of `addresses`).
    pub ni_addresses: Option<usize>,
    /// British addresses (default: 2.5% of `addresses`).
    pub gb_addresses: Option<usize>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            addresses: 2_200_000,
            seed: 1,
            counties: None,
            reference: default_reference_dir(),
            ni_addresses: None,
            gb_addresses: None,
        }
    }
}

/// `fixtures/reference` of the source tree this crate was built from.
pub fn default_reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join("reference")
}

/// Receives the generator's progress (the CLI draws a bar; the default does nothing).
pub trait Progress: Sync {
    /// A new phase starts; `total` units of work follow (0 when unknown).
    fn phase(&self, _name: &str, _total: u64) {}
    /// `n` more units of the current phase are done.
    fn advance(&self, _n: u64) {}
}

/// A [`Progress`] that ignores everything.
pub struct NoProgress;
impl Progress for NoProgress {}

/// The most address points one run may ask for (a routing key holds 390,625 Eircodes).
pub const MAX_ADDRESSES: usize = 20_000_000;

/// Generates the dataset described in this module's docs, derived address tables included.
///
/// # Errors
/// [`Error::Reference`] when a reference file is missing or malformed; [`Error::InvalidOption`]
/// for an unknown county or an out-of-range count.
pub fn generate(opts: &GenerateOptions) -> Result<Dataset> {
    generate_with_progress(opts, &NoProgress)
}

/// [`generate`], reporting progress.
///
/// # Errors
/// As [`generate`].
pub fn generate_with_progress(opts: &GenerateOptions, progress: &dyn Progress) -> Result<Dataset> {
    if opts.addresses == 0 || opts.addresses > MAX_ADDRESSES {
        return Err(Error::InvalidOption {
            option: "--addresses",
            message: format!(
                "{} is out of range (give 1 to {MAX_ADDRESSES})",
                opts.addresses
            ),
        });
    }
    progress.phase("reading reference data", 0);
    let reference = reference::Reference::load(&opts.reference)?;
    progress.phase("building the geography", 0);
    let world = world::World::build(&reference, opts.counties.as_deref())?;
    let quotas = plan::allocate(&world, opts.addresses, opts.seed);
    let irish = irish_lookup(&world);

    progress.phase("generating routing areas", world.areas.len() as u64);
    let outs: Vec<local::AreaOut> = world
        .areas
        .par_iter()
        .zip(quotas.par_iter())
        .map(|(a, q)| {
            let out = area::AreaGen::new(&world, a, &irish, opts.seed).run(q);
            progress.advance(1);
            out
        })
        .collect();

    progress.phase("assigning ids", 0);
    let mut ds = assemble::assemble(&world, outs, opts.seed);
    progress.phase("generating UK addresses", 0);
    let ni = opts.ni_addresses.unwrap_or(opts.addresses / 50);
    let gb = opts.gb_addresses.unwrap_or(opts.addresses / 40);
    ds.uk_addresses = uk::generate(&reference, ni, gb, opts.seed);

    progress.phase("deriving address lines", 0);
    seoladh::ecad::address::derive_address_tables(&mut ds);
    Ok(ds)
}

/// Irish names of places by (county, English name), from the townlands (logainm via OSM).
fn irish_lookup(world: &world::World) -> BTreeMap<(usize, String), String> {
    let mut m = BTreeMap::new();
    for t in &world.townlands {
        if let Some(ga) = t.name_ga.as_ref().filter(|_| t.ga_verification == 4) {
            m.entry((t.county, world::join_key(&t.name)))
                .or_insert_with(|| ga.clone());
        }
    }
    m
}

/// The bounding box (lat min, lat max, lon min, lon max) every generated point of a county
/// lies in, by county name (`DUBLIN`), as the generator computes it from the reference data.
///
/// # Errors
/// [`Error::Reference`] when the reference data cannot be read.
pub fn county_bounding_boxes(reference: &std::path::Path) -> Result<Vec<(String, [f64; 4])>> {
    let r = reference::Reference::load(reference)?;
    let w = world::World::build(&r, None)?;
    Ok(w.counties
        .iter()
        .map(|c| (c.name.clone(), c.bbox))
        .collect())
}

//! Property tests of the generator's building blocks.

use proptest::prelude::*;
use seoladh_synth::projection::{
    etrs89_to_irish_grid, etrs89_to_itm, irish_grid_to_etrs89, itm_to_etrs89,
};

proptest! {
    /// Anywhere in Ireland, grid → ETRS89 inverts ETRS89 → grid to well under a millimetre.
    #[test]
    fn projections_round_trip_over_ireland(lat in 51.3f64..55.5, lon in -10.7f64..-5.4) {
        let (e, n) = etrs89_to_itm(lat, lon);
        let (la, lo) = itm_to_etrs89(e, n);
        prop_assert!((la - lat).abs() < 1e-8 && (lo - lon).abs() < 1e-8);
        let (e, n) = etrs89_to_irish_grid(lat, lon);
        let (la, lo) = irish_grid_to_etrs89(e, n);
        prop_assert!((la - lat).abs() < 1e-7 && (lo - lon).abs() < 1e-7);
        // ITM and Irish Grid differ by the grids' false origins (400 km, 500 km) plus the
        // datum shift, a few tens of metres.
        let (ie, in_) = etrs89_to_itm(lat, lon);
        prop_assert!((ie - e - 400_000.0).abs() < 200.0 && (in_ - n - 500_000.0).abs() < 200.0);
    }
}

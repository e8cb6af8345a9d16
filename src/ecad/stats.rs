//! Dataset statistics (`seoladh stats`): placeholder until the full version lands.

use super::Dataset;

/// Numbers describing a dataset.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stats {
    /// Address points.
    pub address_points: usize,
}

/// Computes the statistics of a dataset.
pub fn compute(ds: &Dataset) -> Stats {
    Stats {
        address_points: ds.address_points.len(),
    }
}

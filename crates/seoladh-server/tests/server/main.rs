//! The `server` integration tests, one module per concern.

mod api_wire;
mod demo_page;
mod server_engine;
mod server_faults;
mod server_hostile;
mod server_integrations;
mod server_links;
mod server_wire;

//! The `engine` integration tests, one module per concern.

mod alloc_meter;
mod batch;
mod batch_bytes;
mod bounded_input;
mod codes;
mod deps;
mod ecad_address;
mod ecad_data;
mod ecad_layout;
mod ecad_layout_prop;
mod ecad_mini;
mod handbuilt;
mod homonyms;
mod index;
mod index_damage;
mod index_frozen;
mod look_alikes;
mod namesakes;
mod options_distinct;
mod profiles;
mod queries;
mod shared_words;
mod text;
mod text_alloc;
mod text_props;
mod uk_autocomplete;

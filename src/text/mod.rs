//! The text pipeline: normalisation, lexicon, tokenisation, Eircode and UK postcode parsing.

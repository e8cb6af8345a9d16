//! Every cap the engine applies, named and documented in one place.
//!
//! Loops over candidates, tokens and options stop at these bounds so that no input, however
//! hostile, makes a query slow or large.

/// Longest query text the engine reads, in `char`s. Longer input is cut (and flagged), never
/// rejected with a panic.
pub const MAX_QUERY_CHARS: usize = 1_000;

/// Most tokens a query is split into; the rest are dropped (and flagged).
pub const MAX_QUERY_TOKENS: usize = 64;

/// Most issues a [`ReadReport`](crate::ecad::layout::ReadReport) lists one by one; beyond it
/// they are only counted, so a badly broken export cannot fill memory with messages.
pub const MAX_LISTED_ISSUES: usize = 10_000;

/// Most words of a query the matcher considers: token sets are 64-bit masks.
pub const MAX_PLAN_WORDS: usize = 64;

/// Most terms one query word may expand to through typos or a prefix.
pub const MAX_TERM_EXPANSIONS: usize = 48;

/// Most words of one query read with typos (the rest must match as typed): an address has
/// far fewer, and each costs a walk of the term dictionary.
pub const MAX_TYPO_WORDS: usize = 12;

/// Longest word (in chars) read with typos; no name has a longer word.
pub const MAX_TYPO_WORD_CHARS: usize = 24;

/// Most element postings read to seed one query's candidates. Hits are read rarest first, so
/// common words (`road`, `park`) seed nothing: they only verify the places rare words found.
pub const MAX_SEED_VISITS: usize = 1_000;

/// Most elements a run of adjacent query words may name together to seed autocomplete
/// candidates (see `search::joint`): more, and a longer run is tried.
pub const MAX_JOINT_SEEDS: usize = 128;

/// Most streets and estates named together by the words before Autocomplete's last word that
/// seed, with a number typed, when the words name too many elements for [`MAX_JOINT_SEEDS`]
/// (`58 Old Rectory P`: the estates OLD RECTORY, not the houses).
pub const MAX_JOINT_BEFORE_LAST: usize = 1_024;

/// Most elements of the words just before Autocomplete's last word that are read against the
/// places the last word names (see `search::joint`): a house name shared by a few thousand
/// houses (`BEALTAINE`) is read, a word like `main` only together with the word before it.
pub const MAX_BEFORE_LAST_ELEMENTS: usize = 4_096;

/// Most element postings of the terms Autocomplete's last word begins that are read to find
/// those elements in the places of the words before it, or among the elements the words
/// before it name together: a prefix beginning more (`si`, `cour`) narrows nothing yet.
pub const MAX_LAST_WORD_POSTINGS: usize = 20_000;

/// Most places of one such element looked at for a name the last word begins.
pub const MAX_PLACES_NAMING_LAST: usize = 4;

/// A query word naming more elements than this (`road`, `street`) is not intersected with its
/// neighbours for autocomplete's joint seeds: reading its postings would cost more than it
/// narrows.
pub const MAX_JOINT_WORD_ELEMENTS: usize = 8_000;

/// Most elements the narrowest query word may name for Find Address to try a quick pass seeded
/// from that word alone (see `search::run`).
pub const QUICK_SEED_VISITS: usize = 200;

/// A seed element in more places than this (a county, a city district) does not enumerate
/// them; it is scored when a place found through rarer words contains it.
pub const MAX_PLACES_PER_SEED: usize = 8_000;

/// Most places a quick pass scores (see `search::run`): it scores every place of its word, or
/// none when they are more (raised from 64: scoring a few hundred places costs less than the
/// full pass it spares, and the full pass's cut to the best seed totals can miss the address).
pub const QUICK_MAX_PLACES: usize = 512;

/// Most (place, seed) pairs accumulated to rank candidate places for one query.
pub const MAX_CANDIDATE_PLACES: usize = 12_000;

/// Candidate places scored in full, best seed totals first (places tied with the last one
/// are scored too, up to [`MAX_TIED_PLACES`]).
pub const MAX_SCORED_PLACES: usize = 64;

/// [`MAX_SCORED_PLACES`] for Autocomplete input with a number.
pub const MAX_SCORED_NUMBERED_PLACES: usize = 96;

/// Most places below a cut that falls in a tie scored because their seeds explain other words
/// than the tie's (`search::places::add_complementary`).
pub const MAX_COMPLEMENTARY_PLACES: usize = 16;

/// Most such places scored when the last of those kept ties with more (each is searched for a
/// building name of its own).
pub const MAX_COMPLEMENTARY_TIED_PLACES: usize = 128;

/// Most places below the cut scored because a seed on their street, estate or building name
/// explains a word typed right after a house number (autocomplete; `search::places::add_lined`).
pub const MAX_LINED_PLACES: usize = 32;

/// Most rows of the number line table read for one number and the words typed after it
/// (`search::lines`); a lookup matching more reads none of them.
pub const MAX_NUMBER_LINE_ROWS: usize = 1_024;

/// Most streets, estates and building names a house or unit number and the words typed after
/// it may name to seed Autocomplete (`search::lines`): more, and the words do not tell them
/// apart yet (`1 m`).
pub const MAX_NUMBER_LINE_SEEDS: usize = 64;

/// Most places of one such street, estate or building name scored.
pub const MAX_NUMBER_LINE_PLACES: usize = 8;

/// Most places scored when the seeds cannot tell more of them apart.
pub const MAX_TIED_PLACES: usize = 6_000;

/// Most elements read to find the places of a tie at the cut that a word no seed explains
/// names (`search::places::promote_tied`).
pub const MAX_TIE_PROMOTION_POSTINGS: usize = 2_000;

/// Best-scored places whose buildings are searched for a common building name the query gives
/// (see `search::places::pin_building`).
pub const MAX_PINNED_PLACES: usize = 8;

/// Most places tied with the best few (at or above the score of the
/// [`MAX_PINNED_PLACES`]th) searched for a building name the query gives; a larger tie is not
/// searched beyond the best few.
pub const MAX_PINNED_TIED_PLACES: usize = 128;

/// Places whose buildings are examined after place scoring.
pub const MAX_RESOLVED_PLACES: usize = 24;

/// Most places Autocomplete reads on for a typed number when the first
/// [`MAX_RESOLVED_PLACES`] hold too few addresses with it (`90 Tu`: the places that explain
/// `tu` best need not have a number 90).
pub const MAX_NUMBERED_PLACES: usize = 384;

/// Most buildings Autocomplete scans in those further places.
pub const MAX_NUMBERED_BUILDINGS: usize = 24_000;

/// Most buildings scanned in one place when resolving a number or a name.
pub const MAX_BUILDINGS_SCANNED: usize = 20_000;
/// Longest raw query string (bytes, still percent-encoded) the server reads. A 1,000-char
/// address of 4-byte characters is 12,000 bytes encoded, so this leaves room for the other
/// parameters; longer requests get a 400 error body.
pub const MAX_QUERY_STRING_BYTES: usize = 16_384;

/// Largest request body the server accepts. Every operation is a GET with its data in the
/// query, so anything more than a stray few bytes is refused with a 400 error body.
pub const MAX_REQUEST_BODY_BYTES: u64 = 1_024;

/// Longest JSONP callback name, in bytes (jQuery's are about 40).
pub const MAX_CALLBACK_CHARS: usize = 128;

/// Largest control file the server sends (`--control-assets`); the control's script, styles and
/// images are well under a megabyte.
pub const MAX_CONTROL_ASSET_BYTES: u64 = 16 * 1024 * 1024;

/// Default time the server gives the engine for one request before answering 500000.
pub const DEFAULT_REQUEST_TIMEOUT_MS: u64 = 10_000;

/// How often the server checks the index file's modification time for hot reload.
pub const RELOAD_POLL_MS: u64 = 2_000;

/// Time a connection gets to deliver a whole request head, counted from its opening or from the
/// end of its previous response: a client that sends nothing, or trickles a header line at a
/// time, is closed after it, and so is an idle keep-alive connection.
pub const DEFAULT_HEADER_TIMEOUT_MS: u64 = 10_000;

/// Default most connections the server keeps open at once; more are answered 503 with an error
/// body and closed. Lowered at start to leave descriptors free under the process's open-file
/// limit (see [`RESERVED_DESCRIPTORS`]).
pub const DEFAULT_MAX_CONNECTIONS: usize = 4_096;

/// Descriptors the server keeps out of the connection cap (besides the 503 refusals in flight):
/// the index file and its reload, logs, the listener, the runtime's own.
pub const RESERVED_DESCRIPTORS: usize = 64;

/// Longest record (one CSV row with its quoted line breaks, or one JSON line) the batch, build and
/// stats readers hold in memory; a longer one is reported as an error row and skipped, so a
/// file of one giant line costs no more memory than a normal one.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// Longest single field of a CSV record those readers accept (an ECAD field is a name or a
/// number; an address to look up is at most [`MAX_QUERY_CHARS`] characters).
pub const MAX_FIELD_BYTES: usize = 64 << 10;

/// Longest row id `seoladh batch` echoes; a longer one makes the row an error row (the id is
/// not repeated into the output).
pub const MAX_BATCH_ID_BYTES: usize = 256;
/// Most lines an address profile may ask for: room for a postal address (8 lines) and its
/// Eircode, with margin for systems that spread an address wider.
pub const MAX_PROFILE_LINES: usize = 16;

/// Fewest characters per line a profile may set: an Eircode line (`A86 VC04`, 8 characters) must
/// always fit whole, so it is never truncated.
pub const MIN_PROFILE_LINE_CHARS: usize = 10;

/// Most characters per line a profile may set; wider than any real address line.
pub const MAX_PROFILE_LINE_CHARS: usize = 1_000;

/// Most profiles one profiles file may define (a bound on what a careless file can make us hold).
pub const MAX_PROFILES: usize = 256;

/// Most input lines a profile reformats one by one; the lines after it are joined onto the last
/// of them first (nothing is lost; the joined line may be truncated). Rendered addresses have at
/// most 9 lines, so this only bounds hand-built input.
pub const MAX_REFORMAT_INPUT_LINES: usize = 32;

/// Most options one answer lists (`limit = -1`); `totalOptions` still counts them all.
pub const MAX_OPTIONS: usize = 500;

/// Most places scanned when listing or counting what lies below an element.
pub const MAX_OPTION_PLACES: usize = 2_000;

/// Suggestions one Autocomplete call returns.
pub const MAX_SUGGESTIONS: usize = 10;

/// Most UK records one Autocomplete call reads (`country=ni|gb`): records of a postcode prefix,
/// or of the rarest typed word.
pub const MAX_UK_SCAN: usize = 5_000;

/// Candidates Autocomplete renders when two or more words are typed, to show first those whose
/// address begins with the typed words (`engine::autocomplete`).
pub const MAX_SUGGESTION_POOL: usize = 15;

/// Most candidates Autocomplete renders when the last of its pool ties with the ones after it
/// (same score): a tie says nothing of which begins with the typed words (`engine::autocomplete`).
pub const MAX_TIED_POOL: usize = 30;

/// Autocomplete answers kept for keystrokes that add nothing to search for (a trailing space or
/// comma): the last this many, shared by all sessions (`engine::recent`).
pub const RECENT_SUGGESTIONS: usize = 256;

/// Suggestions each scratch keeps rendered (`engine::recent::rendered`): the next keystroke
/// mostly suggests the same addresses again.
pub const RECENT_RENDERED: usize = 64;

/// Pairs of adjacent words whose common elements each scratch keeps for the next keystrokes
/// (`search::joint`): while the last word is typed, the pairs before it stay the same.
pub const RECENT_JOINT_PAIRS: usize = 8;

/// Most terms a prefix scan reads before keeping the commonest [`MAX_TERM_EXPANSIONS`].
pub const MAX_PREFIX_SCAN: usize = 16_384;
/// Most look-alike characters (`O`→`0`, `I`→`1` …) corrected in one Eircode; with more, the text
/// is not taken for an Eircode at all.
pub const MAX_EIRCODE_CORRECTIONS: u8 = 2;
/// Most places of one element (a long street, a big townland) that Get ECAD Data reads to list
/// the ids above it (`relatedEcadIds`); the lists stop growing there.
pub const MAX_ECAD_DATA_PLACES: usize = 4_096;

/// Rows `seoladh batch` reads, answers in parallel and writes per step: enough to keep every core
/// busy, few enough that memory stays flat whatever the file size.
pub const BATCH_CHUNK_ROWS: usize = 4_096;

/// Most places of one element the classifier reads looking for the element's own place (the
/// one it is the most specific part of: `LOUGHREA, CO. GALWAY` beside its streets), whose
/// unnumbered points share the text's postal address. Own places sort after the streets and
/// estates inside them, so a town with more places than this is answered 500, never wrongly.
pub const MAX_OWN_PLACE_SCAN: usize = 4_096;

/// Most runner-up candidates (within the tie margin of the best) the classifier weighs when
/// deciding whether several places share the text's postal address.
pub const MAX_TIED_CANDIDATES: usize = 64;

/// Most candidates read again when the chosen answer contradicts a place the input names
/// (`classify::agreement`); the rest are dropped.
pub const MAX_REREAD_CANDIDATES: usize = 256;

/// Most elements holding a word looked at to tell whether the word names something in the data
/// other than as a recorded misspelling (`classify::agreement`).
pub const MAX_NAMESAKE_ELEMENTS: usize = 4096;

/// Most elements of one word read as the places it may name (`NEWTOWN` names hundreds of
/// localities; the candidate's own is found through its words).
pub const MAX_NAMED_ELEMENTS: usize = 512;

/// Most places of one locality read to tell the post towns it lies in.
pub const MAX_LOCALITY_TOWN_PLACES: usize = 32;

/// Most places of a named element scanned for one that agrees with the other names.
pub const MAX_NAMED_PLACE_SCAN: usize = 4_096;

/// Most localities of one name whose coordinates are read to decide a neighbouring locality.
pub const MAX_NEAR_ELEMENTS: usize = 32;

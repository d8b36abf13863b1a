// The data folder the server keeps its SQLite files in (the embedded API's store, the sessions).

/** Where the databases live unless NUDGE_REFERENCE_DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = 'data';

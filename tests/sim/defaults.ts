/**
 * The ports `npm run sim` listens on when not told otherwise (--node-port, --data-port, --metrics-port).
 * Fixed, not free ones, so that resources/sim.config.json can name them: `companion serve --config
 * resources/sim.config.json` then works against a sim started with no options (a test checks the two agree).
 */
export const SIM_DEFAULT_PORTS = { node: 9650, data: 9660, metrics: 9661 } as const

/**
 * The data set's seed when none is given. Tests that start a data or metrics service of their own use it
 * too, unless they need another data set: every sim of a run then shares one data set, generated once on a
 * clean clone (each other seed is another generation of several CPU-seconds, for mainnet and for fuji) and
 * read once per test worker (tests/sim/dataset/disk-cache.ts).
 */
export const SIM_DEFAULT_SEED = 1

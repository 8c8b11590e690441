/**
 * The ports `npm run sim` listens on when not told otherwise (--node-port, --data-port, --metrics-port).
 * Fixed, not free ones, so that resources/sim.config.json can name them: `companion serve --config
 * resources/sim.config.json` then works against a sim started with no options (a test checks the two agree).
 */
export const SIM_DEFAULT_PORTS = { node: 9650, data: 9660, metrics: 9661 } as const

import { existsSync } from 'node:fs'

/**
 * The browser the tests drive: Debian's Chromium (`npx playwright install` cannot download here). Its
 * headless shell (package chromium-headless-shell, what Playwright itself runs for headless tests) is
 * preferred: the same Blink and V8, without the full browser's window layer and display compositor, and it
 * took half the CPU of `chromium --headless` for the same end-to-end tests on these two-core machines.
 * Without it, the full browser. E2E_CHROMIUM names another executable.
 */
const SHELL = '/usr/bin/chromium-headless-shell'
const FULL = '/usr/bin/chromium'
export const CHROMIUM_PATH = process.env['E2E_CHROMIUM'] ?? (existsSync(SHELL) ? SHELL : FULL)

/** The switches that keep it from stalling on refused connections when run as root with no network. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: ARGS }

/**
 * The full browser, for what the headless shell does not do as a browser does: its Notification.permission
 * reads "denied" even once notifications are granted (requestPermission() says "granted"). Tests of the
 * browser's own notifications use this (the end-to-end fixture `fullChromiumPage`, launched for the test: a worker
 * option of a file's own would give it workers of its own, run last); so do the benchmarks, whose frame figures
 * time what the full browser draws.
 */
export const FULL_CHROMIUM_LAUNCH = { executablePath: process.env['E2E_CHROMIUM'] ?? FULL, args: ARGS }

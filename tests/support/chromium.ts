/**
 * How tests launch Chromium: Debian's package (`npx playwright install` cannot download here), with the
 * switches that keep it from stalling on refused connections when run as root with no network.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
}

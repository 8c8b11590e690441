/**
 * The menu's icons, one per panel (by its path): what the collapsed menu shows, with the panel's name as the
 * tooltip and the link's accessible name. Line drawings on a 24-unit grid, in the text colour, drawn here as
 * inline SVG (no icon package): each is a list of path data, and the chains' icons carry their letter.
 */
import { h, type VNode } from 'vue'

interface Glyph {
  paths: readonly string[]
  /** A letter drawn in the middle (the P-Chain, the C-Chain). */
  letter?: string
}

const GLYPHS: Readonly<Record<string, Glyph>> = {
  // a shield with a tick
  '/validators': { paths: ['M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z', 'M9 12l2 2 4-4'] },
  // two servers in a rack
  '/fleet': { paths: ['M4 4h16v6H4z', 'M4 14h16v6H4z', 'M8 7h.01', 'M8 17h.01'] },
  // a bell
  '/alerts': { paths: ['M6 16v-5a6 6 0 0 1 12 0v5l2 2H4z', 'M10 21a2 2 0 0 0 4 0'] },
  // two arrows going round
  '/sync': { paths: ['M4 12a8 8 0 0 1 14-5.3L20 9', 'M20 4v5h-5', 'M20 12a8 8 0 0 1-14 5.3L4 15', 'M4 20v-5h5'] },
  // two links of a chain
  '/connections': { paths: ['M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1', 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'] },
  // sliders
  '/control': { paths: ['M4 6h9', 'M17 6h3', 'M4 12h3', 'M11 12h9', 'M4 18h11', 'M19 18h1', 'M15 4v4', 'M9 10v4', 'M17 16v4'] },
  // a block with its chain's letter
  '/pchain': { paths: ['M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z'], letter: 'P' },
  '/cchain': { paths: ['M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z'], letter: 'C' },
  // two coins
  '/utxos': { paths: ['M9 4a5 5 0 1 0 0 10 5 5 0 0 0 0-10z', 'M15 10a5 5 0 1 1 0 10 5 5 0 0 1 0-10'] },
  // a swap between chains
  '/atomic': { paths: ['M4 8h15', 'M15 4l4 4-4 4', 'M20 16H5', 'M9 12l-4 4 4 4'] },
  // a magnifying glass
  '/data': { paths: ['M11 5a6 6 0 1 0 0 12 6 6 0 0 0 0-12z', 'M20 20l-4.8-4.8'] },
  // a pen signing
  '/signatures': { paths: ['M4 20l1-4L16 5l3 3L8 19z', 'M14 7l3 3', 'M13 20h7'] },
  // a bar chart
  '/metrics': { paths: ['M4 20h16', 'M7 16v-5', 'M12 16V6', 'M17 16v-8'] },
  // a database
  '/cache': { paths: ['M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z', 'M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6', 'M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3'] }
}

/** Whether a panel has an icon of its own (every panel of the menu must: a test checks it). */
export const hasNavIcon = (path: string): boolean => path in GLYPHS

/** A panel's icon as an inline SVG in the text colour; a panel without one gets the first letter of its name. */
export function navIcon(path: string, label: string): VNode {
  const glyph = GLYPHS[path] ?? { paths: [], letter: label.slice(0, 1) }
  const svgAttrs = { viewBox: '0 0 24 24', width: '1em', height: '1em', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.8, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true', 'data-icon': path.slice(1) }
  return h('svg', svgAttrs, [
    ...glyph.paths.map((d) => h('path', { d })),
    glyph.letter ? h('text', { x: 12, y: 16.2, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: 'currentColor', stroke: 'none' }, glyph.letter) : null
  ])
}

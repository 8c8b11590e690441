/**
 * A tree of keys and values (config-diff's configTree) with its times readable: a leaf whose key ends in
 * "Timestamp" or "Time" (or is "time"/"timestamp") and holds whole unix seconds, such as the chain config's
 * "graniteTimestamp: 253399622400" or a P-Chain block's "time", shows the local date; the raw seconds and
 * the UTC form go in `hover` (n-tree's render-label puts it in a title: datedLabel). For the C-Chain config and the P-Chain block's JSON tree.
 */
import { h, type VNodeChild } from 'vue'
import type { ConfigTreeNode } from '../../../shared/domain/config-diff'
import { dateTime, unixSecondsToMs, utcText } from '../../../shared/domain/format'

export interface DatedTreeNode {
  key: string
  label: string
  isLeaf: boolean
  children?: DatedTreeNode[]
  /** for a time leaf: "253399622400 (unix seconds) · 9999-12-01 00:00:00 UTC" */
  hover?: string
}

const TIME_LEAF = /^(\w*(?:Timestamp|Time)|time|timestamp): (\d{1,15})$/

export function datedTree(nodes: readonly ConfigTreeNode[]): DatedTreeNode[] {
  return nodes.map((n) => {
    const m = n.isLeaf ? TIME_LEAF.exec(n.label) : null
    const ms = m ? unixSecondsToMs(m[2]) : null
    if (m && ms !== null) return { key: n.key, isLeaf: true, label: `${m[1]}: ${dateTime(ms)}`, hover: `${m[2]} (unix seconds) · ${utcText(ms)}` }
    return { key: n.key, isLeaf: n.isLeaf, label: n.label, ...(n.children ? { children: datedTree(n.children) } : {}) }
  })
}

/** n-tree's render-label for a dated tree: a time leaf in a span with its raw seconds and UTC on hover. */
export function datedLabel(testid: string): (info: { option: { label?: string } }) => VNodeChild {
  return ({ option }) => {
    const hover = (option as DatedTreeNode).hover
    return hover ? h('span', { title: hover, class: 'nowrap', 'data-testid': testid }, option.label) : option.label
  }
}

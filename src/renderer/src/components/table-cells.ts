/**
 * Cells for the big virtual tables (thousands of rows): the same look and test ids as IdLink (with its
 * copy button) and a tiny NTag, drawn as plain elements. A Naive UI component per cell costs its theme
 * and dozens of CSS variables on each row the virtual list brings into view while scrolling (profiled:
 * most of a scroll frame); these cost a few elements. Use IdLink and NTag everywhere else.
 *
 *   const cells = useTableCells()          // in setup
 *   render: (v) => cells.id({ id: v.nodeID, to: { kind: 'node', nodeId: v.nodeID }, label: 'NodeID', testid: 'set-node-id' })
 *   <n-data-table :style="cells.style.value" … />
 */
import { computed, h, type ComputedRef, type VNode } from 'vue'
import { useRouter } from 'vue-router'
import { useThemeVars } from 'naive-ui'
import { useCopy } from '../composables/useCopy'
import { linkTo, type LinkTarget } from '../links'
import { useTheme } from '../theme'
import { idLinkText } from './id-link-text'
import './table-cells.css'

export interface IdCell {
  id: string
  to: LinkTarget
  /** What the copy button's words call it: "NodeID", "tx ID". */
  label: string
  testid: string
  /** Its two ends ("NodeID-6D35cjq…KhUGgp2"), whole in the title and the copy button. */
  short?: boolean
  keep?: number
}

export interface TableCells {
  id(c: IdCell): VNode
  /** A tiny borderless tag, as NTag size="tiny" :bordered="false" of that type. */
  tag(type: 'success' | 'error', text: string): VNode
  /** "—" for a value the source does not give, as NText depth="3". */
  dash(): VNode
  /** The theme's colours for the cells: set on the table (or an element around it). */
  style: ComputedRef<Record<string, string>>
}

/** A plain click (no modifier, main button) navigates in the page, as RouterLink does; others keep the browser's. */
const plainClick = (e: MouseEvent): boolean => !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || e.defaultPrevented || e.button !== 0)

export function useTableCells(): TableCells {
  const router = useRouter()
  const copy = useCopy()
  const vars = useThemeVars()
  const { isDark } = useTheme()

  function id(c: IdCell): VNode {
    const location = linkTo(c.to)
    const { shown, title } = idLinkText(c.id, c)
    return h('span', { class: 'cell-id', 'data-testid': c.testid, 'data-id': c.id }, [
      h(
        'a',
        {
          class: 'mono link',
          href: router.resolve(location).href,
          title,
          'data-testid': `${c.testid}-open`,
          onClick: (e: MouseEvent) => {
            e.stopPropagation()
            if (!plainClick(e)) return
            e.preventDefault()
            void router.push(location)
          }
        },
        shown
      ),
      // The copy button alone: no hidden copy of the ID to select when the clipboard is refused (a hidden
      // element selects nothing); the row's detail shows the whole ID as selectable text. Two elements fewer
      // for each ID the virtual list brings into view while scrolling.
      h(
        'button',
        {
          type: 'button',
          class: 'cell-copy',
          'aria-label': `Copy the ${c.label}`,
          'data-testid': `${c.testid}-copy-copy`,
          onClick: (e: MouseEvent) => {
            e.stopPropagation()
            void copy(c.id, c.label, null)
          }
        },
        'copy'
      )
    ])
  }

  const tag = (type: 'success' | 'error', text: string): VNode => h('div', { class: `cell-tag cell-tag--${type}` }, [h('span', { class: 'cell-tag__content' }, text)])

  const dash = (): VNode => h('span', { class: 'cell-dash' }, '—')

  const style = computed(() => {
    const v = vars.value
    // NTag's fill: the type's colour at 12 % (success) or 10 % (error) in the light theme, 16 % in the dark.
    const fill = (color: string, light: number) => `color-mix(in srgb, ${color} ${isDark.value ? 16 : light}%, transparent)`
    return {
      '--cell-copy-color': v.textColor2,
      '--cell-dash': v.textColor3,
      '--cell-copy-hover': v.primaryColorHover,
      '--cell-copy-pressed': v.primaryColorPressed,
      '--cell-success': v.successColor,
      '--cell-success-fill': fill(v.successColor, 12),
      '--cell-error': v.errorColor,
      '--cell-error-fill': fill(v.errorColor, 10)
    }
  })

  return { id, tag, dash, style }
}

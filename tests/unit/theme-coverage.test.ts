/**
 * The renderer's dark theme (src/renderer/src/theme-dark.ts) lists Naive UI's per-component dark themes one by
 * one instead of importing `darkTheme`, which would bundle every component's dark styles. The cost: a
 * component whose dark theme is not listed renders with its light styles on dark colours. This test
 * scans every .vue/.ts file under src/renderer/src for components imported from 'naive-ui' and fails
 * when the dark theme of one of them is missing from theme-dark.ts. Extra themes there are fine.
 *
 * Adding a component Naive UI themes: add its `xxxDark` to theme-dark.ts (and to THEME_KEYS below if it is not
 * there yet; its key is the name in `useTheme("Key", ...)` in node_modules/naive-ui/es/<component>/src).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { darkTheme, lightTheme } from 'naive-ui'

const root = resolve(import.meta.dirname, '../..')
const rendererSrc = join(root, 'src/renderer/src')

/** Component → the theme keys (GlobalTheme properties) it is styled by. Sub-components use their parent's. */
const THEME_KEYS: Readonly<Record<string, readonly string[]>> = {
  NAlert: ['Alert'],
  NAutoComplete: ['AutoComplete'],
  NAvatar: ['Avatar'],
  NAvatarGroup: ['AvatarGroup'],
  NBadge: ['Badge'],
  NBreadcrumb: ['Breadcrumb'],
  NBreadcrumbItem: ['Breadcrumb'],
  NButton: ['Button'],
  NCard: ['Card'],
  NCheckbox: ['Checkbox'],
  NCheckboxGroup: ['Checkbox'],
  NCode: ['Code'],
  NCollapse: ['Collapse'],
  NCollapseItem: ['Collapse'],
  NCollapseTransition: ['CollapseTransition'],
  NDataTable: ['DataTable'],
  NDatePicker: ['DatePicker'],
  NDescriptions: ['Descriptions'],
  NDescriptionsItem: ['Descriptions'],
  NDialog: ['Dialog'],
  // useDialog() dialogs: an NModal holding an NDialog, each themed on its own.
  NDialogProvider: ['Dialog', 'Modal'],
  NDivider: ['Divider'],
  NDrawer: ['Drawer'],
  NDrawerContent: ['Drawer'],
  NDropdown: ['Dropdown'],
  NDynamicInput: ['DynamicInput'],
  NDynamicTags: ['DynamicTags'],
  NEl: ['Element'],
  NElement: ['Element'],
  NEllipsis: ['Ellipsis'],
  NEmpty: ['Empty'],
  NFlex: ['Flex'],
  NForm: ['Form'],
  NFormItem: ['Form'],
  NFormItemCol: ['Form'],
  NFormItemGi: ['Form'],
  NFormItemGridItem: ['Form'],
  NFormItemRow: ['Form'],
  NIcon: ['Icon'],
  NIconWrapper: ['IconWrapper'],
  NInput: ['Input'],
  NInputGroupLabel: ['Input'],
  NInputNumber: ['InputNumber'],
  NLayout: ['Layout'],
  NLayoutContent: ['Layout'],
  NLayoutFooter: ['Layout'],
  NLayoutHeader: ['Layout'],
  NLayoutSider: ['Layout'],
  NList: ['List'],
  NListItem: ['List'],
  NLoadingBarProvider: ['LoadingBar'],
  NLog: ['Log'],
  NMenu: ['Menu'],
  NMessageProvider: ['Message'],
  NModal: ['Modal'],
  NModalProvider: ['Modal'],
  NNotificationProvider: ['Notification'],
  NPageHeader: ['PageHeader'],
  NPagination: ['Pagination'],
  NPopconfirm: ['Popconfirm'],
  NPopover: ['Popover'],
  NPopselect: ['Popselect'],
  NProgress: ['Progress'],
  NRadio: ['Radio'],
  NRadioButton: ['Radio'],
  NRadioGroup: ['Radio'],
  NResult: ['Result'],
  NScrollbar: ['Scrollbar'],
  NSelect: ['Select'],
  NSkeleton: ['Skeleton'],
  NSlider: ['Slider'],
  NSpace: ['Space'],
  NSpin: ['Spin'],
  NStatistic: ['Statistic'],
  NStep: ['Steps'],
  NSteps: ['Steps'],
  NSwitch: ['Switch'],
  NTab: ['Tabs'],
  NTabPane: ['Tabs'],
  NTable: ['Table'],
  NTabs: ['Tabs'],
  NTag: ['Tag'],
  NThing: ['Thing'],
  NTimePicker: ['TimePicker'],
  NTimeline: ['Timeline'],
  NTimelineItem: ['Timeline'],
  NTooltip: ['Tooltip'],
  NTree: ['Tree'],
  NTreeSelect: ['TreeSelect'],
  NUpload: ['Upload'],
  // Typography: text, headings, paragraphs, links, lists, rules, quotes.
  NA: ['Typography'],
  NBlockquote: ['Typography'],
  NH1: ['Typography'],
  NH2: ['Typography'],
  NH3: ['Typography'],
  NH4: ['Typography'],
  NH5: ['Typography'],
  NH6: ['Typography'],
  NHr: ['Typography'],
  NLi: ['Typography'],
  NOl: ['Typography'],
  NP: ['Typography'],
  NText: ['Typography'],
  NUl: ['Typography']
}

/** Components with no theme of their own: nothing to add to theme-dark.ts for them. */
const NO_THEME: Readonly<Record<string, string>> = {
  NConfigProvider: 'provides the theme; has none itself',
  NGlobalStyle: "reads only the theme's `common` colours (body background and text)",
  NButtonGroup: 'layout only (joins the borders of the buttons inside, which keep the Button theme)',
  NInputGroup: 'layout only (joins the inputs inside, which keep their own themes)',
  NGrid: 'layout only (CSS grid, no colours)',
  NGi: 'layout only (CSS grid item)',
  NGridItem: 'layout only (CSS grid item)',
  NRow: 'layout only (legacy grid)',
  NCol: 'layout only (legacy grid)',
  NCountdown: 'renders plain text in the surrounding style',
  NNumberAnimation: 'renders plain text in the surrounding style',
  NTime: 'renders plain text in the surrounding style',
  NVirtualList: 'scroll container without colours of its own',
  NInfiniteScroll: 'scroll container without colours of its own'
}

/** Every .vue / .ts file under src/renderer/src. */
function rendererFiles(dir = rendererSrc): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return rendererFiles(path)
    return /\.(vue|ts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

interface NaiveImport {
  file: string
  /** Imported names (before `as`), type-only ones left out. */
  names: string[]
  /** Default or namespace import (`import naive from`, `import * as naive from`): defeats tree-shaking. */
  whole: boolean
}

/** The `import ... from 'naive-ui'` statements of one file. */
function naiveImports(file: string): NaiveImport[] {
  const text = readFileSync(file, 'utf8')
  const out: NaiveImport[] = []
  // No quotes or semicolons inside the clause, so one match never spans two import statements.
  for (const m of text.matchAll(/\bimport\s+([^;'"]*?)\s*from\s*['"]naive-ui['"]/g)) {
    const clause = m[1]!.trim()
    if (/^type\s/.test(clause)) continue
    const braces = /\{([^}]*)\}/.exec(clause)
    const names = (braces?.[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !/^type\s/.test(s))
      .map((s) => s.split(/\s+as\s+/)[0]!.trim())
    const rest = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim()
    out.push({ file: relative(root, file), names, whole: rest.length > 0 })
  }
  return out
}

const imports = rendererFiles().flatMap(naiveImports)

/** Component name → files that import it. */
const usedComponents = new Map<string, string[]>()
for (const imp of imports) {
  for (const name of imp.names.filter((n) => /^N[A-Z]\w+$/.test(n))) {
    usedComponents.set(name, [...(usedComponents.get(name) ?? []), imp.file])
  }
}

interface ThemeLike {
  name?: string
  common?: object
  self?: (vars: object) => object
  peers?: Record<string, ThemeLike>
}

/**
 * What a component theme renders with: its variables for its own common colours, and its peers'.
 * Compared by value, not identity: in Node, 'naive-ui' resolves to its CommonJS build while theme-dark.ts's
 * deep import (skeleton) is the ES build, so the same theme can be two different objects here.
 */
function fingerprint(theme: ThemeLike): unknown {
  return {
    name: theme.name,
    self: theme.self?.(theme.common ?? {}),
    peers: Object.fromEntries(Object.entries(theme.peers ?? {}).map(([k, p]) => [k, fingerprint(p)]))
  }
}

const naiveDark = darkTheme as unknown as Record<string, ThemeLike>
const naiveLight = lightTheme as unknown as Record<string, ThemeLike>

let appDark: Record<string, unknown>

beforeAll(async () => {
  // Path in a variable: theme-dark.ts is a DOM file, outside this (Node) project's type-check.
  const themeModule = '../../src/renderer/src/theme-dark.ts'
  const mod = (await import(/* @vite-ignore */ themeModule)) as { naiveDarkTheme: Record<string, unknown> }
  appDark = mod.naiveDarkTheme
})

describe('renderer imports of naive-ui', () => {
  it('finds the components the app uses (the scan works)', () => {
    expect(imports.length).toBeGreaterThan(0)
    expect([...usedComponents.keys()]).toEqual(expect.arrayContaining(['NConfigProvider', 'NButton']))
  })

  it('imports by name only, so unused components are tree-shaken', () => {
    const whole = imports.filter((i) => i.whole).map((i) => i.file)
    expect(whole, 'default / namespace imports of naive-ui bundle every component').toEqual([])
  })

  it('never imports the full darkTheme / lightTheme (every component of Naive UI)', () => {
    const full = imports.filter((i) => i.names.some((n) => n === 'darkTheme' || n === 'lightTheme'))
    expect(full.map((i) => i.file)).toEqual([])
  })

  it('knows every used component: in THEME_KEYS or, with a reason, in NO_THEME', () => {
    const unknown = [...usedComponents.keys()].filter((n) => !(n in THEME_KEYS) && !(n in NO_THEME))
    expect(
      unknown,
      'add these to THEME_KEYS (their useTheme("Key") in node_modules/naive-ui/es/<component>/src) or NO_THEME'
    ).toEqual([])
  })
})

describe('dark theme (src/renderer/src/theme-dark.ts)', () => {
  it('keeps the name "dark" (Naive UI keys its style cache by it) and the dark common colours', () => {
    expect(appDark['name']).toBe('dark')
    expect(appDark['common']).toEqual(darkTheme.common)
  })

  it('has the dark theme of every naive-ui component the renderer uses', () => {
    const missing: string[] = []
    for (const [component, files] of usedComponents) {
      for (const key of THEME_KEYS[component] ?? []) {
        if (appDark[key] === undefined) missing.push(`${key} (for ${component} in ${[...new Set(files)].join(', ')})`)
      }
    }
    expect(missing, 'add these xxxDark themes from naive-ui to naiveDarkTheme in theme-dark.ts').toEqual([])
  })

  it('has only real dark component themes, each under its own key', () => {
    for (const [key, theme] of Object.entries(appDark)) {
      if (key === 'name' || key === 'common') continue
      expect(naiveDark[key], `${key} is not a theme key of Naive UI`).toBeDefined()
      expect(fingerprint(theme as ThemeLike), `${key} is not Naive UI's dark ${key} theme`).toEqual(
        fingerprint(naiveDark[key]!)
      )
    }
  })

  it('tells a dark component theme from a light one (the check above can fail)', () => {
    expect(fingerprint(naiveDark['Button']!)).not.toEqual(fingerprint(naiveLight['Button']!))
  })

  it('maps only to theme keys that exist in Naive UI', () => {
    const bad = Object.entries(THEME_KEYS).flatMap(([c, keys]) => keys.filter((k) => !(k in naiveDark)).map((k) => `${c}: ${k}`))
    expect(bad).toEqual([])
  })
})
